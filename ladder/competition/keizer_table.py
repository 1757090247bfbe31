"""The Keizer table after every round: rankings, recalculation, and why each player has his points.

docs/competitions.md §1 gives the rules this follows:

* the ranking a round is paired on (§1.2): the table after the round before, each entrant of the
  round placed where his rating puts him (:func:`ranking_for_round`);
* recalculation ``fixpoint`` (§1.5): rounds 1..r are rescored with the values of one ranking, the
  players ranked by those points give the next ranking, until a ranking repeats (``converged``
  when it is the one just used, ``cycle`` when an earlier one) or ``max_iterations`` passes
  (``cap``); ``max_iterations=1`` is the one-pass-per-round scheme;
* recalculation ``frozen``: each round scored once with the values it was paired on.

Points are a linear function of the values (each round a share of one value), so a pass is a sum
of ``share x value`` per player; the lines that explain a player's points are built only for the
pass the table keeps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ladder.competition.errors import SeasonError
from ladder.competition.keizer_params import KeizerParams, parse_params
from ladder.competition.keizer_score import (
    ABSENT_ROUND,
    BYE,
    CLUB_ROUND,
    DOUBLE,
    DRAWN,
    EXCUSED_OVER_CAP,
    EXCUSED_ROUND,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    OPPONENT,
    PRE_ENTRY,
    UNPAIRED,
    WIN,
    Line,
    Outcome,
    Reason,
    line,
    outcomes,
    start_line,
    term,
    value_numbers,
)
from ladder.competition.season import PlayedSeason, SeasonMember, parse_season

CONVERGED, CYCLE, CAP, FROZEN = "converged", "cycle", "cap", "frozen"


@dataclass(frozen=True)
class Record:
    """A player's season so far, counted: games over the board, forfeits, rounds without a
    game. ``excused_left`` is how many excused absences still score (None: no cap)."""

    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0
    excused: int = 0
    excused_scored: int = 0
    excused_left: int | None = None
    club: int = 0
    absent: int = 0
    unpaired: int = 0
    pre_entry: int = 0


@dataclass(frozen=True)
class KeizerStanding:
    """One line of the table after a round: place (1 first), points, the value of the place,
    and the lines that make up the points (the start value first, as round 0)."""

    place: int
    member_id: str
    points: Fraction
    value: int
    lines: tuple[Line, ...]
    record: Record


@dataclass(frozen=True)
class Pass:
    """One scoring pass: the ranking whose values scored it, those values (by place), each
    player's points, and the ranking those points give."""

    number: int
    ranking: tuple[str, ...]
    values: tuple[int, ...]
    points: Mapping[str, Fraction]
    result: tuple[str, ...]


@dataclass(frozen=True)
class RoundTable:
    """The table after one round and how it was reached.

    ``how`` is ``converged``, ``cycle``, ``cap`` or ``frozen``; ``iterations`` the passes made;
    ``cycle`` the numbers of the passes that repeat (averaged when ``cycle_rule`` is
    ``average``), empty unless ``how`` is ``cycle``.
    """

    round_no: int
    pairing_ranking: tuple[str, ...]
    standings: tuple[KeizerStanding, ...]
    passes: tuple[Pass, ...]
    how: str
    iterations: int
    cycle: tuple[int, ...] = ()
    averaged: bool = False

    @property
    def ranking(self) -> tuple[str, ...]:
        """The member ids in table order."""
        return tuple(s.member_id for s in self.standings)

    def standing(self, member_id: str) -> KeizerStanding:
        """The line of ``member_id``."""
        for standing in self.standings:
            if standing.member_id == member_id:
                return standing
        raise KeyError(member_id)


@dataclass(frozen=True)
class KeizerTable:
    """Every round's table (``rounds[0]`` after round 1), with the settings and the season."""

    params: KeizerParams
    season: PlayedSeason
    rounds: tuple[RoundTable, ...] = field(default=())

    @property
    def final(self) -> RoundTable | None:
        """The table after the last scored round (None before round 1 is played)."""
        return self.rounds[-1] if self.rounds else None

    def after(self, round_no: int) -> RoundTable:
        """The table after round ``round_no`` (1-based)."""
        return self.rounds[round_no - 1]


def rating_key(member: SeasonMember) -> tuple[float, int]:
    """Higher rating first; same rating: earlier in the members list."""
    return (-member.rating, member.order)


def ranking_for_round(season: PlayedSeason, previous: Sequence[str],
                      round_no: int) -> tuple[str, ...]:
    """The ranking round ``round_no`` is paired on: ``previous`` (the table after the round
    before; empty before round 1) with each member entering in this round inserted at place
    1 + (players in the list rated higher; same rating: earlier in the members list), the
    entrants taken highest-rated first (docs/competitions.md §1.2).

    Every member entered by the round appears once: one missing from ``previous`` (entered
    earlier, in a season whose table is not yet scored) is placed the same way.
    """
    ranking = list(previous)
    present = set(ranking)
    members = {m.id: m for m in season.members}
    entrants = sorted((m for m in season.field(round_no) if m.id not in present), key=rating_key)
    for entrant in entrants:
        own = rating_key(entrant)
        above = sum(1 for other in ranking if rating_key(members[other]) < own)
        ranking.insert(above, entrant.id)
    return tuple(ranking)


def _ranker(season: PlayedSeason, params: KeizerParams,
            paired_on: Sequence[str]) -> Callable[[Mapping[str, Fraction | int]],
                                                  tuple[str, ...]]:
    """Ranks players by points, equal points by ``tie_break`` (docs/competitions.md §1.6)."""
    members = {m.id: m for m in season.members}
    previous = {member_id: place for place, member_id in enumerate(paired_on)}

    def key(member_id: str) -> tuple[Any, ...]:
        if params.tie_break == "previous":
            return (previous.get(member_id, len(previous)), *rating_key(members[member_id]))
        return rating_key(members[member_id])

    def rank(points: Mapping[str, Fraction | int]) -> tuple[str, ...]:
        return tuple(sorted(points, key=lambda p: (-points[p], key(p))))
    return rank


def _coefficients(member: SeasonMember, rounds: Iterable[Outcome],
                  params: KeizerParams) -> dict[str, Fraction]:
    """Points as a linear form in the values: per member id whose value counts, the share."""
    form: dict[str, Fraction] = {}
    if params.count_start_value:
        form[member.id] = Fraction(1)
    for outcome in rounds:
        share, whose = term(outcome.kind, params)
        if not share:
            continue
        who = outcome.opponent if whose == OPPONENT and outcome.opponent else member.id
        form[who] = form.get(who, Fraction(0)) + share
    return form


def _values_of(ranking: Sequence[str], params: KeizerParams) -> dict[str, int]:
    return dict(zip(ranking, value_numbers(len(ranking), params), strict=True))


def _record(outs: Sequence[Outcome], params: KeizerParams) -> Record:
    counts: dict[str, int] = {}
    for outcome in outs:
        counts[outcome.kind] = counts.get(outcome.kind, 0) + 1
    excused = counts.get(EXCUSED_ROUND, 0) + counts.get(EXCUSED_OVER_CAP, 0)
    cap = params.excused_cap
    return Record(
        played=counts.get(WIN, 0) + counts.get(DRAWN, 0) + counts.get(LOSS, 0),
        wins=counts.get(WIN, 0), draws=counts.get(DRAWN, 0), losses=counts.get(LOSS, 0),
        forfeit_wins=counts.get(FORFEIT_WIN, 0),
        forfeit_losses=counts.get(FORFEIT_LOSS, 0) + counts.get(DOUBLE, 0),
        byes=counts.get(BYE, 0), excused=excused,
        excused_scored=counts.get(EXCUSED_ROUND, 0),
        excused_left=None if cap is None else max(0, cap - excused),
        club=counts.get(CLUB_ROUND, 0), absent=counts.get(ABSENT_ROUND, 0),
        unpaired=counts.get(UNPAIRED, 0), pre_entry=counts.get(PRE_ENTRY, 0))


def _priced(member: SeasonMember, outs: Sequence[Outcome], values: Mapping[str, int],
            params: KeizerParams) -> list[Line]:
    own = values[member.id]
    lines = [start_line(own)] if params.count_start_value else []
    lines.extend(line(outcome, own, values, params) for outcome in outs)
    return lines


def _averaged(per_pass: Sequence[Sequence[Line]]) -> tuple[Line, ...]:
    """Each line averaged over the passes of a cycle, keeping every pass's reason."""
    count = len(per_pass)
    averaged = []
    for lines in zip(*per_pass, strict=True):
        points = sum((ln.points for ln in lines), Fraction(0)) / count
        averaged.append(Line(lines[0].round_no, lines[0].kind, points, Reason(
            "keizer.averaged", {"kind": lines[0].kind, "passes": count, "points": points,
                                "reasons": tuple(ln.reason for ln in lines)})))
    return tuple(averaged)


class _Scorer:
    """Scores one season's rounds under one set of settings."""

    def __init__(self, season: PlayedSeason, params: KeizerParams, last_round: int,
                 explain: bool = True) -> None:
        self.season = season
        self.params = params
        self.explain = explain
        self.members = {m.id: m for m in season.members}
        # What happened to each member in every scored round does not depend on the values.
        self.outcomes = {m.id: outcomes(season, m, last_round, params)
                         for m in season.field(last_round)}
        # frozen: the lines credited so far (they never change once credited).
        self.frozen_lines: dict[str, list[Line]] = {}

    def standings(self, ranking: Sequence[str], points: Mapping[str, Fraction],
                  lines: Mapping[str, Sequence[Line]], round_no: int) -> tuple[KeizerStanding, ...]:
        values = value_numbers(len(ranking), self.params)
        return tuple(
            KeizerStanding(place + 1, member_id, points[member_id], values[place],
                     tuple(lines[member_id]),
                     _record(self.outcomes[member_id][:round_no], self.params))
            for place, member_id in enumerate(ranking))

    def fixpoint(self, round_no: int, paired_on: tuple[str, ...]) -> RoundTable:
        """Rescore rounds 1..round_no until the ranking repeats or ``max_iterations``."""
        params = self.params
        rank = _ranker(self.season, params, paired_on)
        forms = {p: _coefficients(self.members[p], self.outcomes[p][:round_no], params)
                 for p in paired_on}
        # Exact and fast: every share times one common denominator is a whole number, so a
        # pass adds integers and ranks them (equal scaled points are equal points).
        scale = math.lcm(1, *(share.denominator for form in forms.values()
                              for share in form.values()))
        scaled_forms = {p: tuple((who, share.numerator * (scale // share.denominator))
                                 for who, share in form.items()) for p, form in forms.items()}
        rankings = [paired_on]
        passes: list[Pass] = []
        how, cycle_from = CAP, -1
        while True:
            used = rankings[-1]
            values = _values_of(used, params)
            scaled = {p: sum(c * values[who] for who, c in form)
                      for p, form in scaled_forms.items()}
            result = rank(scaled)
            points = {p: Fraction(v, scale) for p, v in scaled.items()}
            passes.append(Pass(len(passes) + 1, used, tuple(values[p] for p in used), points,
                               result))
            if result == used:
                how = CONVERGED
                break
            if result in rankings:
                how, cycle_from = CYCLE, rankings.index(result)
                break
            if len(passes) >= params.max_iterations:
                break
            rankings.append(result)
        cycle = tuple(p.number for p in passes[cycle_from:]) if how == CYCLE else ()
        if how == CYCLE and params.cycle_rule == "average":
            kept = passes[cycle_from:]
            points = {p: sum((k.points[p] for k in kept), Fraction(0)) / len(kept)
                      for p in paired_on}
            kept_values = [_values_of(k.ranking, params) for k in kept]
            per_pass = {p: [self._lines(p, v, round_no) for v in kept_values] for p in paired_on}
            lines = {p: _averaged(per_pass[p]) for p in paired_on}
            table = self.standings(rank(points), points, lines, round_no)
            return RoundTable(round_no, paired_on, table, tuple(passes), how, len(passes),
                              cycle, averaged=True)
        last = passes[-1]
        last_values = _values_of(last.ranking, params)
        lines = {p: tuple(self._lines(p, last_values, round_no)) for p in paired_on}
        table = self.standings(last.result, last.points, lines, round_no)
        return RoundTable(round_no, paired_on, table, tuple(passes), how, len(passes), cycle)

    def _lines(self, member_id: str, values: Mapping[str, int], round_no: int) -> list[Line]:
        if not self.explain:
            return []
        return _priced(self.members[member_id], self.outcomes[member_id][:round_no], values,
                       self.params)

    def frozen(self, round_no: int, paired_on: tuple[str, ...]) -> RoundTable:
        """Score round ``round_no`` once with the values it was paired on; an entrant's start
        value and pre-entry rounds are credited now, with his value now."""
        params = self.params
        values = _values_of(paired_on, params)
        for member_id in paired_on:
            outs = self.outcomes[member_id]
            credited = self.frozen_lines.get(member_id)
            if credited is None:  # he enters now: start value and the rounds before his entry
                credited = _priced(self.members[member_id], outs[:round_no - 1], values, params)
                self.frozen_lines[member_id] = credited
            credited.append(line(outs[round_no - 1], values[member_id], values, params))
        points = {p: sum((ln.points for ln in self.frozen_lines[p]), Fraction(0))
                  for p in paired_on}
        result = _ranker(self.season, params, paired_on)(points)
        passes = (Pass(1, paired_on, tuple(values[p] for p in paired_on), points, result),)
        lines = {p: tuple(self.frozen_lines[p]) for p in paired_on}
        return RoundTable(round_no, paired_on, self.standings(result, points, lines, round_no),
                          passes, FROZEN, 1)


def scored_rounds(season: PlayedSeason) -> int:
    """How many rounds from the first are played: every game has its result, and the last
    round is paired (attendance alone, with players present, is a round still to pair)."""
    count = 0
    for round_ in season.rounds:
        if not round_.complete:
            break
        count += 1
    if count == len(season.rounds) and season.rounds and not season.rounds[-1].paired:
        count -= 1
    return count


def compute(season: Mapping[str, Any] | PlayedSeason,
            params: Mapping[str, Any] | KeizerParams | None,
            rounds: int | None = None, explain: bool | str = True) -> KeizerTable:
    """The table after each of the first ``rounds`` rounds (default: every round).

    With ``explain="last"`` only the last round's table carries its lines (what a season page
    shows: the table after the last round and why); the points and rankings are the same.
    With ``explain=False`` a fixpoint table's standings carry no lines (``lines == ()``; the
    points and ranking are the same): for a caller that needs only the ranking, the pairing.

    Raises :class:`~ladder.competition.errors.SeasonError` when one of them has a game without
    its result, :class:`~ladder.competition.errors.ParamError` on bad settings.
    """
    parsed_params = parse_params(params)
    parsed = parse_season(season)
    last = len(parsed.rounds) if rounds is None else rounds
    if not 0 <= last <= len(parsed.rounds):
        raise SeasonError("competition.season.no_round", "rounds",
                          "the season has no such round", value=rounds)
    for index, round_ in enumerate(parsed.rounds[:last]):
        if not round_.complete:
            raise SeasonError("competition.season.result_missing", f"rounds[{index}].games",
                              "a game of this round has no result yet", round=round_.number)
    scorer = _Scorer(parsed, parsed_params, last, explain is True)
    tables: list[RoundTable] = []
    previous: tuple[str, ...] = ()
    for round_no in range(1, last + 1):
        if explain == "last":
            scorer.explain = round_no == last
        paired_on = ranking_for_round(parsed, previous, round_no)
        if parsed_params.recalc == "frozen":
            table = scorer.frozen(round_no, paired_on)
        else:
            table = scorer.fixpoint(round_no, paired_on)
        tables.append(table)
        previous = table.ranking
    return KeizerTable(parsed_params, parsed, tuple(tables))
