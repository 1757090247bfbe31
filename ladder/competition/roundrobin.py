"""The slow round-robin: the Berger schedule fixed at the start, played one round (or a few)
per club night, postponed games entered when played (docs/competitions.md §9).

The schedule is FIDE's Berger table (C.05 Annex 1, :func:`ladder.pairing.berger_rounds`) of
the members by pairing number, fixed when the competition starts. On the night of round r the
table's boards whose two players are both there are played; a board with a player away is
**postponed**: pending in the table until it is played on a later night (where it belongs to
that night's event, so the ladder rates it on the night it was played) — each such night may
add one round of postponed games (:func:`catch_up`), every player at most once in it.

Pure: pairing numbers in, pairing numbers out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from ladder.competition.errors import ParamError
from ladder.competition.record import Played, RecordedGame
from ladder.competition.swiss import game_result
from ladder.pairing.berger import berger_rounds
from ladder.vocabulary.tournament import (
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
)

Pair = tuple[int, int]


@dataclass(frozen=True)
class RoundRobinRules:
    """A slow round-robin's settings: one or two cycles, and FIDE's swap of the first
    cycle's last two rounds in a double round-robin."""

    double: bool = False
    swap_last_two: bool = False

    @property
    def cycles(self) -> int:
        """How many times everyone meets everyone."""
        return 2 if self.double else 1


ROUND_ROBIN_DEFAULTS = RoundRobinRules()


def parse_round_robin_rules(data: Mapping[str, Any] | RoundRobinRules | None) -> RoundRobinRules:
    """The settings from a (partial) mapping; a bad key or value raises
    :class:`~ladder.competition.errors.ParamError` naming it."""
    if data is None:
        return ROUND_ROBIN_DEFAULTS
    if isinstance(data, RoundRobinRules):
        return data
    known = {f.name for f in fields(RoundRobinRules)}
    for key, value in data.items():
        if key not in known:
            raise ParamError("keizer.param.unknown", str(key), "unknown setting", value=value)
        if not isinstance(value, bool):
            raise ParamError("keizer.param.flag", key, "expected true or false", value=value)
    return replace(ROUND_ROBIN_DEFAULTS, **dict(data))


def round_robin_rules_as_dict(rules: RoundRobinRules) -> dict[str, Any]:
    """Every setting as plain data."""
    return {f.name: getattr(rules, f.name) for f in fields(RoundRobinRules)}


def schedule(players: int, rules: RoundRobinRules) -> list[list[Pair]]:
    """Every round's boards ``(white, black)`` by pairing number (C.05 Annex 1)."""
    return berger_rounds(players, rules.cycles, rules.swap_last_two and rules.double)


def round_count(players: int, rules: RoundRobinRules) -> int:
    """How many rounds the schedule has (n − 1, or n for an odd n; twice in a double)."""
    if players < 3:
        return 0
    return (players - 1 + players % 2) * rules.cycles


@dataclass(frozen=True)
class Postponed:
    """A scheduled game not played on its night: its round and players (table colours)."""

    round: int
    white: int
    black: int


def scheduled_round(table: list[list[Pair]], white: int, black: int) -> int | None:
    """The round in which ``white`` has White against ``black`` (None: no such game)."""
    for number, boards in enumerate(table, start=1):
        if (white, black) in boards:
            return number
    return None


def played_games(played: Played) -> dict[tuple[int, int, int], RecordedGame]:
    """Every game entered, by (scheduled round, white, black): the round's own boards and
    the postponed games played on later nights."""
    found: dict[tuple[int, int, int], RecordedGame] = {}
    for round_ in played.rounds:
        for game in round_.games:
            found[(round_.number, game.white, game.black)] = game
        for game in round_.catch_up:
            if game.scheduled is not None:
                found[(game.scheduled, game.white, game.black)] = game
    return found


def pending(played: Played, table: list[list[Pair]], upto: int) -> list[Postponed]:
    """The games of rounds ``1..upto`` not entered yet (postponed), in round and board
    order; a game being played (no result yet) is not pending."""
    entered = played_games(played)
    return [Postponed(number, white, black)
            for number, boards in enumerate(table[:upto], start=1)
            for white, black in boards if (number, white, black) not in entered]


def round_pairs(table: list[list[Pair]], round_no: int,
                present: Iterable[int]) -> tuple[list[Pair], list[Pair]]:
    """Round ``round_no``'s boards split: those both of whose players are there (played
    tonight), and those postponed (someone away)."""
    here = set(present)
    boards = table[round_no - 1]
    return ([b for b in boards if b[0] in here and b[1] in here],
            [b for b in boards if not (b[0] in here and b[1] in here)])


def catch_up(waiting: Iterable[Postponed], present: Iterable[int],
             busy: Iterable[int] = ()) -> list[Postponed]:
    """The postponed games to play in one round tonight: those whose two players are there,
    earliest round first, each player at most once (and none of ``busy``)."""
    here = set(present) - set(busy)
    chosen: list[Postponed] = []
    for game in waiting:
        if game.white in here and game.black in here:
            chosen.append(game)
            here -= {game.white, game.black}
    return chosen


def tournament(played: Played, rules: RoundRobinRules, name: str = "",
               upto: int | None = None) -> Tournament:
    """The round-robin as a tournament: each game in the column of the round it was
    scheduled in (a postponed game too, once played); a game not played yet, and the free
    round of an odd number of players, are zero-point rounds without opponent."""
    players = len(played.entrants)
    table = schedule(players, rules)
    last = len(played.rounds) if upto is None else upto
    entered = played_games(played)
    results: dict[int, list[RoundResult]] = {e.number: [] for e in played.entrants}
    for number in range(1, last + 1):
        seated: set[int] = set()
        for white, black in table[number - 1]:
            game = entered.get((number, white, black))
            if game is None or game.result is None:
                continue
            seated |= {white, black}
            results[white].append(game_result(game, white, number))
            results[black].append(game_result(game, black, number))
        for entrant in played.entrants:
            if entrant.number not in seated:
                results[entrant.number].append(RoundResult(number, Kind.ZERO_BYE))
    return Tournament(name=name, players=tuple(
        Player(start_no=e.number, name=e.name or f"#{e.number}", rating=e.rating,
               results=tuple(results[e.number])) for e in played.entrants),
        rounds=max(last, 1), kind=EventKind.ROUND_ROBIN)


def points(played: Played, rules: RoundRobinRules, upto: int | None = None) -> dict[int, Fraction]:
    """Each member's points from the games entered (of rounds ``1..upto``)."""
    t = tournament(played, rules, upto=upto)
    return {p.start_no: sum((r.points() for r in p.results), Fraction(0)) for p in t.players}


__all__ = ["RoundRobinRules", "ROUND_ROBIN_DEFAULTS", "parse_round_robin_rules",
           "round_robin_rules_as_dict", "schedule", "round_count", "Postponed",
           "scheduled_round", "played_games", "pending", "round_pairs", "catch_up",
           "tournament", "points"]
