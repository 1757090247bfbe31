"""The competitions chapter's worked examples, every number computed now by the product's own
engines: the Keizer core (:mod:`ladder.competition.keizer`: pairings, passes, the table and
why each player has his points), the slow Swiss through the Dutch engine (the round posed as a
TRF with the absent members' byes) and the slow round-robin's Berger schedule with a postponed
game. Invented players only; nothing here is typed by hand but the results of the games."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...competition import keizer
from ...competition.keizer_params import parse_params
from ...competition.keizer_table import Pass
from ...competition.record import CompetitionEntrant, Played, RecordedGame, RecordedRound
from ...competition.roundrobin import (
    ROUND_ROBIN_DEFAULTS,
    catch_up,
    pending,
    round_pairs,
    schedule,
)
from ...competition.roundrobin import points as round_robin_points
from ...competition.swiss import SwissRules
from ...competition.swiss import pair as swiss_pair
from ...competition.words import board_messages, bye_message, exact_text, line_message
from ...pairing import Refusal, pair_trf_detailed
from ...vocabulary.messages import Message, msg

#: Invented players, strongest first (the same names as the pairing chapter's).
NAMES = ("Ana Reyes", "Bao Tran", "Citra Dewi", "Dong Wei", "Eun Ji", "Fajar Putra")
RATINGS = (2000, 1900, 1800, 1700, 1600, 1500)
IDS = ("A", "B", "C", "D", "E", "F")
NAME_OF = dict(zip(IDS, NAMES, strict=True))

#: The Keizer example: five players, a first value of 10 (so the sums are easy to follow),
#: every other setting at its default. In round 2 Citra is away with notice.
KEIZER_PARAMS = {"value_mode": "fixed", "top_value": 10}
RESULTS = {1: ("0-1", "1/2-1/2"), 2: ("1/2-1/2", "1-0"), 3: ("0-1", "1-0")}
ATTENDANCE = {1: {}, 2: {"C": "excused"}, 3: {}}


@dataclass(frozen=True)
class KeizerShownBoard:
    """One board of an example round, by name, with its reasons."""

    white: str
    black: str
    result: str
    reasons: tuple[Message, ...]


@dataclass(frozen=True)
class KeizerShownRound:
    """One round of the Keizer example: the ranking it was paired on with the values, the
    boards, the bye and why, who was away, and the passes of the recalculation after it."""

    number: int
    ranking: tuple[tuple[str, int], ...]
    boards: tuple[KeizerShownBoard, ...]
    bye: str | None
    bye_reason: Message | None
    away: tuple[str, ...]
    passes: tuple[tuple[tuple[str, int, str], ...], ...]  # per pass: (name, value, points)
    how: str
    table: tuple[tuple[int, str, str, int], ...]  # place, name, points, value

    @property
    def ranked(self) -> tuple[Message, ...]:
        """The ranking as a list's items, each player with the value in one message (a
        Korean bracket follows the name with no space, a Chinese one is full-width)."""
        # TRANSLATORS: a player and the value number in a list ("Ana Reyes (10)").
        return tuple(msg("%(name)s (%(value)d)", name=name, value=value)
                     for name, value in self.ranking)


@dataclass(frozen=True)
class KeizerExample:
    """The Keizer season of the chapter, round by round, and the final table's reasons."""

    rounds: tuple[KeizerShownRound, ...]
    lines: tuple[tuple[str, tuple[tuple[int, Message], ...]], ...]  # name, (round, why)
    values: tuple[tuple[int, tuple[int, ...]], ...]  # field size, the ratio values


def _name(member: str) -> str:
    return NAME_OF[member]


def _text(points: Fraction) -> str:
    return exact_text(points)


def _pass_rows(one: Pass) -> tuple[tuple[str, int, str], ...]:
    value = dict(zip(one.ranking, one.values, strict=True))
    return tuple((_name(p), value[p], _text(one.points[p])) for p in one.result)


def keizer_example() -> KeizerExample:
    """Three rounds of five players, paired and scored by the Keizer core."""
    params = parse_params(KEIZER_PARAMS)
    season: dict[str, Any] = {"members": [{"id": i, "rating": r} for i, r in
                                          zip(IDS[:5], RATINGS[:5], strict=True)],
                              "rounds": []}
    shown: list[KeizerShownRound] = []
    for number in (1, 2, 3):
        attendance = {i: ATTENDANCE[number].get(i, "present") for i in IDS[:5]}
        season["rounds"].append({"round": number, "attendance": attendance})
        pairing = keizer.pair(season, number, params)
        games = [{"white": b.white, "black": b.black, "result": result}
                 for b, result in zip(pairing.boards, RESULTS[number], strict=True)]
        season["rounds"][-1].update(bye=pairing.bye, games=games)
        table = keizer.compute(season, params).after(number)
        values = keizer.value_numbers(len(pairing.ranking), params)
        shown.append(KeizerShownRound(
            number, tuple((_name(p), v) for p, v in zip(pairing.ranking, values, strict=True)),
            tuple(KeizerShownBoard(_name(b.white), _name(b.black), r.replace("1/2", "½"),
                             board_messages(b, pairing.ranking, _name))
                  for b, r in zip(pairing.boards, RESULTS[number], strict=True)),
            _name(pairing.bye) if pairing.bye else None, bye_message(pairing, _name),
            tuple(_name(p) for p, s in attendance.items() if s != "present"),
            tuple(_pass_rows(p) for p in table.passes), table.how,
            tuple((s.place, _name(s.member_id), _text(s.points), s.value)
                  for s in table.standings)))
    final = keizer.compute(season, params).final
    assert final is not None
    lines = tuple((_name(s.member_id), tuple((ln.round_no, line_message(ln, _name))
                                             for ln in s.lines)) for s in final.standings)
    ratio = parse_params({})
    return KeizerExample(tuple(shown), lines,
                         tuple((n, keizer.value_numbers(n, ratio)) for n in (6, 10, 20)))


@dataclass(frozen=True)
class SwissExample:
    """Round 2 of a slow Swiss of six: one member away with notice, one without."""

    boards: tuple[tuple[str, str], ...]
    pab: str | None
    excused: str
    absent: str
    refused: bool = False


def swiss_example() -> SwissExample:
    """Round 2 paired by the Dutch engine from round 1, with a member away with notice (a
    half-point bye) and one away without (a zero-point bye)."""
    entrants = tuple(CompetitionEntrant(i + 1, RATINGS[i], 1, NAMES[i]) for i in range(6))
    rules = SwissRules(rounds=5)
    first = Played(entrants, (RecordedRound(1, {n: "present" for n in range(1, 7)}),))
    answer = swiss_pair(first, 1, rules, pair_trf_detailed)
    assert not isinstance(answer, Refusal)
    results = ("1-0", "1/2-1/2", "0-1")
    games = tuple(RecordedGame(w, b, r) for (w, b), r in zip(answer.pairs(), results, strict=True))
    attendance = {n: "present" for n in range(1, 7)} | {2: "excused", 5: "absent"}
    second = Played(entrants, (RecordedRound(1, first.rounds[0].attendance, games),
                               RecordedRound(2, attendance)))
    paired = swiss_pair(second, 2, rules, pair_trf_detailed)
    if isinstance(paired, Refusal):  # pragma: no cover - six players always pair
        return SwissExample((), None, NAMES[1], NAMES[4], refused=True)
    return SwissExample(tuple((NAMES[w - 1], NAMES[b - 1]) for w, b in paired.pairs()),
                        NAMES[paired.pab - 1] if paired.pab else None, NAMES[1], NAMES[4])


@dataclass(frozen=True)
class RoundRobinExample:
    """A round-robin of four: the schedule, round 2 with a player away (a game postponed),
    that game played on round 3's night, and the table meanwhile."""

    table: tuple[tuple[tuple[str, str], ...], ...]
    away: str
    postponed: tuple[tuple[str, str], ...]
    caught_up: tuple[tuple[str, str], ...]
    points_after_two: tuple[tuple[str, Fraction], ...]  # name, points after round 2


def round_robin_example() -> RoundRobinExample:
    """Four players; in round 2 the fourth is away, so his game waits for round 3's night."""
    rules = ROUND_ROBIN_DEFAULTS
    table = schedule(4, rules)
    entrants = tuple(CompetitionEntrant(i + 1, RATINGS[i], 1, NAMES[i]) for i in range(4))
    one = RecordedRound(1, {n: "present" for n in range(1, 5)},
                tuple(RecordedGame(w, b, "1-0") for w, b in table[0]))
    here = [1, 2, 3]
    tonight, later = round_pairs(table, 2, here)
    two = RecordedRound(2, {1: "present", 2: "present", 3: "present", 4: "excused"},
                tuple(RecordedGame(w, b, "1/2-1/2") for w, b in tonight))
    played = Played(entrants, (one, two))
    waiting = pending(played, table, 2)
    chosen = catch_up(waiting, [1, 2, 3, 4])
    points = round_robin_points(played, rules)
    return RoundRobinExample(
        tuple(tuple((NAMES[w - 1], NAMES[b - 1]) for w, b in boards) for boards in table),
        NAMES[3], tuple((NAMES[w - 1], NAMES[b - 1]) for w, b in later),
        tuple((NAMES[g.white - 1], NAMES[g.black - 1]) for g in chosen),
        tuple((NAMES[n - 1], points[n]) for n in range(1, 5)))


@dataclass(frozen=True)
class CompetitionExamples:
    """Every example of the chapter."""

    keizer: KeizerExample
    swiss: SwissExample
    round_robin: RoundRobinExample


def competition_examples() -> CompetitionExamples:
    """The chapter's examples, computed now."""
    return CompetitionExamples(keizer_example(), swiss_example(), round_robin_example())


__all__ = ["competition_examples", "CompetitionExamples", "keizer_example", "swiss_example",
           "round_robin_example", "NAMES"]
