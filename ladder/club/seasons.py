"""Seasons: their definition, table and awards, computed from the stored history
(docs/qualities.md §2).

Pure: plain data in (:class:`~ladder.club.history.DatedRow` rating rows, per-game
:class:`~ladder.club.history.LadderGame` records), plain data out; every sentence is a message id
(:func:`ladder.vocabulary.messages.msg`), translated at the web edge. A season is a named date
range, first and last day included; seasons may not overlap. Each column of the season table
and each award with its tie-break (each award carries its rule, :attr:`SeasonAward.rule`):
docs/club-rating.md §5.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from ladder.club.history import (
    DEFAULT_PROVISIONAL_GAMES,
    DatedRow,
    LadderEntry,
    LadderGame,
    ladder_as_of,
    points,
)
from ladder.elo.fide import performance as fide_performance
from ladder.names import name_key
from ladder.vocabulary.messages import N_, Message, msg


@dataclass(frozen=True)
class Season:
    """A season: its name and its first and last day (both included)."""

    name: str
    first: dt.date
    last: dt.date

    def contains(self, day: dt.date) -> bool:
        """Whether ``day`` lies in the season."""
        return self.first <= day <= self.last


class ClubSeasonError(ValueError):
    """Seasons that cannot be saved; ``messages`` says why (message ids with values)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = tuple(messages)


def validate_seasons(seasons: Sequence[Season]) -> tuple[Message, ...]:
    """Everything wrong with ``seasons`` (empty: they can be saved).

    A season needs a name, unique (ignoring case and surrounding spaces), and must not end
    before it starts; no two seasons may share a day.
    """
    problems: list[Message] = []
    names: set[str] = set()
    for season in seasons:
        name = season.name.strip()
        if not name:
            problems.append(msg("A season needs a name."))
        elif name_key(name) in names:  # the one comparison key (docs/desk.md §2)
            problems.append(msg("Two seasons are named “%(name)s”.", name=name))
        names.add(name_key(name))
        if season.first > season.last:
            problems.append(msg("Season “%(name)s” ends (%(last)s) before it starts "
                                "(%(first)s).", name=name, first=season.first.isoformat(),
                                last=season.last.isoformat()))
    valid = sorted((s for s in seasons if s.first <= s.last), key=lambda s: (s.first, s.last))
    for i, one in enumerate(valid):
        for other in valid[i + 1:]:
            if other.first > one.last:
                break
            problems.append(msg(
                "Seasons “%(first)s” and “%(second)s” overlap (%(start)s to %(end)s).",
                first=one.name.strip(), second=other.name.strip(),
                start=other.first.isoformat(), end=min(one.last, other.last).isoformat()))
    return tuple(problems)


def check_seasons(seasons: Sequence[Season]) -> None:
    """Raise :class:`ClubSeasonError` when :func:`validate_seasons` finds anything."""
    problems = validate_seasons(seasons)
    if problems:
        raise ClubSeasonError(problems)


def season_of(day: dt.date, seasons: Iterable[Season]) -> Season | None:
    """The season ``day`` lies in, if any."""
    for season in seasons:
        if season.contains(day):
            return season
    return None


@dataclass(frozen=True)
class SeasonLine:
    """One member's line of the season table (see the module docstring)."""

    member_id: int
    events: int  # season events with a row for the member
    games: int  # counted games
    score: Fraction  # points in the counted games
    expected: float  # expected score of the counted games
    played: int  # rated games played over the board, counted or not
    rating_start: float
    rating_end: float
    games_end: int  # counted games in the whole career at the season's end
    provisional_end: bool
    performance: int | None  # FIDE-style, over the counted games (None: no counted game)

    @property
    def change(self) -> float:
        """``rating_end − rating_start``."""
        return self.rating_end - self.rating_start


def _performance(opponents: Sequence[float], score: Fraction) -> int | None:
    if not opponents:
        return None
    # Whole-number ratings as the ladder shows them (ratings are never negative in practice;
    # clamped at 0 so B.02's check never refuses one).
    whole = [max(0, int(Fraction(r) + Fraction(1, 2))) for r in opponents]
    return fide_performance(whole, score).performance


def season_table(season: Season, rows: Iterable[DatedRow], games: Iterable[LadderGame],
                 provisional_games: int = DEFAULT_PROVISIONAL_GAMES) -> tuple[SeasonLine, ...]:
    """The season table, in the order of the ladder at the season's end (established
    members by end rating, then provisional ones; ties by member id).

    ``rows`` and ``games`` may hold the whole history: only those of the season's events
    (dated inside the season) are used.
    """
    per_member: dict[int, list[DatedRow]] = {}
    for row in rows:
        if season.contains(row.date):
            per_member.setdefault(row.member_id, []).append(row)
    played: dict[int, int] = {}
    opponents: dict[int, list[float]] = {}
    scores: dict[int, list[float]] = {}
    for game in games:
        if not season.contains(game.date):
            continue
        for member in (game.a, game.b):
            _opponent, _own, opp_rating, own_score, counted = game.side(member)
            played[member] = played.get(member, 0) + 1
            if counted:
                opponents.setdefault(member, []).append(opp_rating)
                scores.setdefault(member, []).append(own_score)
    lines = []
    for member, member_rows in per_member.items():
        member_rows.sort(key=lambda r: r.key)
        first, last = member_rows[0], member_rows[-1]
        score = points([r.score for r in member_rows])
        lines.append(SeasonLine(
            member_id=member, events=len({r.event_id for r in member_rows}),
            games=sum(r.games_counted for r in member_rows), score=score,
            expected=sum(r.expected for r in member_rows), played=played.get(member, 0),
            rating_start=first.rating_before, rating_end=last.rating_after,
            games_end=last.games_after, provisional_end=last.games_after < provisional_games,
            performance=_performance(opponents.get(member, []),
                                     points(scores.get(member, [])))))
    lines.sort(key=lambda line: (line.provisional_end, -line.rating_end, line.member_id))
    return tuple(lines)


@dataclass(frozen=True)
class AwardRules:
    """The award settings: the counted games needed for the two rating-based awards."""

    improved_min_games: int = 10
    performance_min_games: int = 10


@dataclass(frozen=True)
class AwardWinner:
    """A winner of an award and what won it.

    ``value``: the rise (most improved), games played (most active), rating gap (biggest
    upset) or performance rating (best performance). ``games``: the counted games behind it
    (played games for most active). For the upset, ``opponent_id``, ``event_id`` and
    ``date`` name the game.
    """

    member_id: int
    value: float
    games: int
    opponent_id: int | None = None
    event_id: int | None = None
    date: dt.date | None = None


@dataclass(frozen=True)
class SeasonAward:
    """One award: ``key`` (stable, for templates and CSS), its title and rule as messages,
    and its winners (none: nobody qualifies; several: shared after the tie-breaks)."""

    key: str
    title: Message
    rule: Message
    winners: tuple[AwardWinner, ...]


MOST_IMPROVED = "most_improved"
MOST_ACTIVE = "most_active"
BIGGEST_UPSET = "biggest_upset"
BEST_PERFORMANCE = "best_performance"

AWARD_TITLES: dict[str, str] = {
    MOST_IMPROVED: N_("Most improved"),
    MOST_ACTIVE: N_("Most active"),
    BIGGEST_UPSET: N_("Biggest upset"),
    BEST_PERFORMANCE: N_("Best performance"),
}

_T = TypeVar("_T")


def _best(candidates: Iterable[_T], key: Callable[[_T], tuple[Any, ...]],
          member: Callable[[_T], int]) -> list[_T]:
    """The candidates with the largest ``key`` (ties after the key: all of them, by member)."""
    pool = list(candidates)
    if not pool:
        return []
    top = max(key(c) for c in pool)
    return sorted((c for c in pool if key(c) == top), key=member)


def season_awards(season: Season, table: Sequence[SeasonLine], games: Iterable[LadderGame],
                  rules: AwardRules = AwardRules()) -> tuple[SeasonAward, ...]:
    """The four awards of the season, from its table and its games (see the module
    docstring for the rules and tie-breaks); ``games`` may hold the whole history."""
    improved = _best((line for line in table
                      if line.games >= rules.improved_min_games and line.change > 0),
                     key=lambda line: (line.change, line.games),
                     member=lambda line: line.member_id)
    active = _best((line for line in table if line.played > 0),
                   key=lambda line: (line.played, line.games),
                   member=lambda line: line.member_id)
    best_perf = _best((line for line in table
                       if line.performance is not None
                       and line.games >= rules.performance_min_games),
                      key=lambda line: (line.performance, line.games),
                      member=lambda line: line.member_id)
    upsets: dict[int, AwardWinner] = {}
    for game in games:
        if not season.contains(game.date) or game.score_a == 0.5:
            continue
        winner = game.a if game.score_a == 1.0 else game.b
        opponent, own, opp_rating, _score, counted = game.side(winner)
        gap = opp_rating - own
        if not counted or gap <= 0:
            continue
        seen = upsets.get(winner)
        # A member's largest upset; on an equal gap, their earlier game.
        if seen is None or (gap, _earlier(game)) > (seen.value, _earlier_of(seen)):
            upsets[winner] = AwardWinner(winner, gap, 1, opponent, game.event_id, game.date)
    upset = _best(upsets.values(), key=lambda w: (w.value, _earlier_of(w)),
                  member=lambda w: w.member_id)
    games_by_member = {line.member_id: line.games for line in table}
    return (
        SeasonAward(MOST_IMPROVED, msg(AWARD_TITLES[MOST_IMPROVED]), msg(
            "The largest rise in ladder rating over the season, among members with at least "
            "%(games)d counted games in the season; on a tie, more counted games.",
            games=rules.improved_min_games),
            tuple(AwardWinner(line.member_id, line.change, line.games) for line in improved)),
        SeasonAward(MOST_ACTIVE, msg(AWARD_TITLES[MOST_ACTIVE]), msg(
            "The most rated games played over the board in the season; on a tie, more "
            "counted games."),
            tuple(AwardWinner(line.member_id, line.played, line.played) for line in active)),
        SeasonAward(BIGGEST_UPSET, msg(AWARD_TITLES[BIGGEST_UPSET]), msg(
            "The largest rating gap overcome by a win that counted for the winner (the "
            "opponent's ladder rating before the event minus the winner's); draws do not "
            "count; on a tie, the earlier game."),
            tuple(AwardWinner(w.member_id, w.value, games_by_member.get(w.member_id, 0),
                              w.opponent_id, w.event_id, w.date) for w in upset)),
        SeasonAward(BEST_PERFORMANCE, msg(AWARD_TITLES[BEST_PERFORMANCE]), msg(
            "The highest performance rating (average opponent rating plus the FIDE table "
            "8.1.1 difference for the percentage scored) over the counted games, among "
            "members with at least %(games)d counted games in the season; on a tie, more "
            "counted games.", games=rules.performance_min_games),
            tuple(AwardWinner(line.member_id, float(line.performance or 0), line.games)
                  for line in best_perf)),
    )


def _earlier(game: LadderGame) -> tuple[int, int]:
    """A key that is larger for earlier games (date, then event id)."""
    return (-game.date.toordinal(), -game.event_id)


def _earlier_of(winner: AwardWinner) -> tuple[int, int]:
    assert winner.date is not None and winner.event_id is not None
    return (-winner.date.toordinal(), -winner.event_id)


@dataclass(frozen=True)
class SeasonReport:
    """Everything the season page shows."""

    season: Season
    ladder: tuple[LadderEntry, ...]  # the ladder as it stood at the season's end
    table: tuple[SeasonLine, ...]
    awards: tuple[SeasonAward, ...]


def season_report(season: Season, rows: Sequence[DatedRow], games: Sequence[LadderGame],
                  provisional_games: int = DEFAULT_PROVISIONAL_GAMES,
                  rules: AwardRules = AwardRules()) -> SeasonReport:
    """The season page's data from the whole history's rows and games."""
    table = season_table(season, rows, games, provisional_games)
    return SeasonReport(season, ladder_as_of(rows, season.last, provisional_games), table,
                        season_awards(season, table, games, rules))
