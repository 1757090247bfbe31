"""Pure builders of the demo's tournaments: simulated games, Swiss, round-robin and others.

No database here: everything returns a :class:`~ladder.vocabulary.tournament.Tournament` in which
every game appears on both players' lines (opposite kinds and colours) and byes have no opponent.
All randomness comes from the ``random.Random`` passed in, so a season is deterministic.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..vocabulary.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament

WHITE_EDGE = 35.0  # the first move is worth about 35 rating points at club level

OPPOSITE = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
            Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
            Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT}
POINTS = {Kind.WIN: 1.0, Kind.DRAW: 0.5, Kind.LOSS: 0.0, Kind.FORFEIT_WIN: 1.0,
          Kind.FORFEIT_LOSS: 0.0, Kind.DOUBLE_FORFEIT: 0.0, Kind.PAIRING_BYE: 1.0,
          Kind.HALF_BYE: 0.5, Kind.ZERO_BYE: 0.0, Kind.FULL_BYE: 1.0}


@dataclass(frozen=True)
class DemoEntrant:
    """A participant as the builders see them: the name typed and a hidden strength."""

    name: str
    strength: float


@dataclass(frozen=True)
class Incidents:
    """What happens besides ordinary games: byes (by name) and forfeits (by round and board).

    ``boards`` count from 1 in pairing order; a forfeit means Black did not show up.
    """

    half_byes: tuple[tuple[int, str], ...] = ()
    zero_byes: tuple[tuple[int, str], ...] = ()
    forfeits: tuple[tuple[int, int], ...] = ()
    double_forfeits: tuple[tuple[int, int], ...] = ()

    def names(self) -> set[str]:
        """Every name an incident mentions (they must take part)."""
        return {name for _, name in self.half_byes + self.zero_byes}

    def absent(self, round_no: int) -> dict[str, Kind]:
        """Who sits out ``round_no``, with the bye they get."""
        out = {name: Kind.ZERO_BYE for r, name in self.zero_byes if r == round_no}
        out.update({name: Kind.HALF_BYE for r, name in self.half_byes if r == round_no})
        return out

    def board_kind(self, round_no: int, board: int) -> Kind | None:
        """White's result forced by an incident on this board, or None for a real game."""
        if (round_no, board) in self.double_forfeits:
            return Kind.DOUBLE_FORFEIT
        if (round_no, board) in self.forfeits:
            return Kind.FORFEIT_WIN
        return None


def game_kind(rng: random.Random, white: float, black: float) -> Kind:
    """White's result of one simulated game between two hidden strengths."""
    expected = 1.0 / (1.0 + 10.0 ** ((black - white - WHITE_EDGE) / 400.0))
    draw = 0.08 + 0.24 * (1.0 - abs(2.0 * expected - 1.0))
    win = max(0.0, expected - draw / 2.0)
    roll = rng.random()
    if roll < win:
        return Kind.WIN
    return Kind.DRAW if roll < win + draw else Kind.LOSS


class DemoSheet:
    """The results of one event by start number (1-based index into ``entrants``)."""

    def __init__(self, entrants: Sequence[DemoEntrant]) -> None:
        self.entrants = list(entrants)
        self.lines: dict[int, list[RoundResult]] = {n: [] for n in range(1, len(entrants) + 1)}
        self.colours: dict[int, list[Colour]] = {n: [] for n in self.lines}

    def score(self, no: int) -> float:
        """Points of start number ``no`` so far."""
        return sum(POINTS[result.kind] for result in self.lines[no])

    def game(self, round_no: int, white: int, black: int, white_kind: Kind) -> None:
        """Record a game (or forfeit) on both players' lines."""
        self.lines[white].append(RoundResult(round_no, white_kind, black, Colour.WHITE))
        self.lines[black].append(RoundResult(round_no, OPPOSITE[white_kind], white, Colour.BLACK))
        self.colours[white].append(Colour.WHITE)
        self.colours[black].append(Colour.BLACK)

    def play(self, rng: random.Random, round_no: int, white: int, black: int,
             forced: Kind | None = None) -> None:
        """Simulate the game white–black (unless an incident forces its result) and record it."""
        kind = forced or game_kind(rng, self.entrants[white - 1].strength,
                                   self.entrants[black - 1].strength)
        self.game(round_no, white, black, kind)

    def bye(self, round_no: int, no: int, kind: Kind) -> None:
        """Record a bye (no opponent, no colour)."""
        self.lines[no].append(RoundResult(round_no, kind))

    def tournament(self, name: str, kind: EventKind, rounds: int, date: dt.date) -> Tournament:
        """The finished event as pure data."""
        players = tuple(
            Player(start_no=no, name=self.entrants[no - 1].name,
                   results=tuple(sorted(self.lines[no], key=lambda r: r.round)))
            for no in self.lines)
        return Tournament(name=name, players=players, rounds=rounds, start_date=date,
                          end_date=date, kind=kind)


def _pairs(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    """Pair ``order`` top-down without rematches (backtracking); None when impossible."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pairs(rest[:index] + rest[index + 1:], met)
        if tail is not None:
            return [(first, other)] + tail
    return None


def _colours(sheet: DemoSheet, a: int, b: int, round_no: int) -> tuple[int, int]:
    """(white, black) for a pairing: balance colours, then alternate, then by round parity."""
    balance = {n: sum(1 if c is Colour.WHITE else -1 for c in sheet.colours[n]) for n in (a, b)}
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    last_a = sheet.colours[a][-1] if sheet.colours[a] else None
    if last_a is not None:
        return (b, a) if last_a is Colour.WHITE else (a, b)
    return (a, b) if round_no % 2 else (b, a)


def _met(sheet: DemoSheet) -> dict[int, set[int]]:
    return {no: {r.opponent for r in line if r.opponent is not None}
            for no, line in sheet.lines.items()}


def _pairing_bye(sheet: DemoSheet, present: list[int]) -> tuple[int | None, list[tuple[int, int]]]:
    """Give the pairing bye to the lowest player without one whose absence leaves a pairing."""
    met = _met(sheet)
    if len(present) % 2 == 0:
        return None, _pairs(present, met) or _pairs_allowing_rematch(present)
    had = {no for no, line in sheet.lines.items() if any(r.kind is Kind.PAIRING_BYE for r in line)}
    for candidate in reversed(present):
        if candidate in had:
            continue
        rest = [no for no in present if no != candidate]
        pairs = _pairs(rest, met)
        if pairs is not None:
            return candidate, pairs
    candidate = present[-1]
    return candidate, _pairs_allowing_rematch([no for no in present if no != candidate])


def _pairs_allowing_rematch(order: list[int]) -> list[tuple[int, int]]:
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def swiss(rng: random.Random, entrants: Sequence[DemoEntrant], rounds: int,
          incidents: Incidents = Incidents()) -> DemoSheet:
    """A Swiss: score groups paired top-down, no rematches, a pairing bye for odd numbers."""
    sheet = DemoSheet(entrants)
    index = {entrant.name: no for no, entrant in enumerate(entrants, start=1)}
    for round_no in range(1, rounds + 1):
        absent = {index[name]: kind for name, kind in incidents.absent(round_no).items()}
        for no, kind in absent.items():
            sheet.bye(round_no, no, kind)
        present = sorted((no for no in sheet.lines if no not in absent),
                         key=lambda no: (-sheet.score(no), no))
        bye, pairs = _pairing_bye(sheet, present)
        if bye is not None:
            sheet.bye(round_no, bye, Kind.PAIRING_BYE)
        for board, (a, b) in enumerate(pairs, start=1):
            white, black = _colours(sheet, a, b, round_no)
            sheet.play(rng, round_no, white, black, incidents.board_kind(round_no, board))
    return sheet


def round_robin(rng: random.Random, entrants: Sequence[DemoEntrant],
                incidents: Incidents = Incidents()) -> DemoSheet:
    """A single round-robin by the circle method (Berger-like); needs an even number."""
    if len(entrants) % 2:
        raise ValueError("the demo's round-robins have an even number of players")
    sheet = DemoSheet(entrants)
    n = len(entrants)
    ring = list(range(2, n + 1))
    for round_no in range(1, n):
        table = [1] + ring
        for board in range(1, n // 2 + 1):
            a, b = table[board - 1], table[n - board]
            white, black = (a, b) if (round_no + board) % 2 else (b, a)
            sheet.play(rng, round_no, white, black, incidents.board_kind(round_no, board))
        ring = ring[-1:] + ring[:-1]
    return sheet


def match(rng: random.Random, first: DemoEntrant, second: DemoEntrant, games: int) -> DemoSheet:
    """A match of ``games`` games, colours alternating, ``first`` White in game 1."""
    sheet = DemoSheet([first, second])
    for game in range(1, games + 1):
        white, black = (1, 2) if game % 2 else (2, 1)
        sheet.play(rng, game, white, black)
    return sheet


def casual(rng: random.Random, entrants: Sequence[DemoEntrant], slots: int) -> DemoSheet:
    """A casual night: everyone plays someone new in each slot, without regard to score."""
    if len(entrants) % 2:
        raise ValueError("the demo's casual nights have an even number of players")
    sheet = DemoSheet(entrants)
    for slot in range(1, slots + 1):
        order = list(sheet.lines)
        rng.shuffle(order)
        pairs = _pairs(order, _met(sheet)) or _pairs_allowing_rematch(order)
        for a, b in pairs:
            sheet.play(rng, slot, a, b)
    return sheet


def bughouse(rng: random.Random, entrants: Sequence[DemoEntrant], rounds: int) -> DemoSheet:
    """Bughouse with new partners every round; both boards of a team get the team's result."""
    if len(entrants) % 4:
        raise ValueError("bughouse needs teams of two facing teams of two")
    sheet = DemoSheet(entrants)
    for round_no in range(1, rounds + 1):
        order = list(sheet.lines)
        rng.shuffle(order)
        for table in range(0, len(order), 4):
            a1, a2, b1, b2 = order[table:table + 4]
            team_a = (entrants[a1 - 1].strength + entrants[a2 - 1].strength) / 2
            team_b = (entrants[b1 - 1].strength + entrants[b2 - 1].strength) / 2
            kind = game_kind(rng, team_a, team_b)
            sheet.game(round_no, a1, b1, kind)  # partners sit with opposite colours
            sheet.game(round_no, b2, a2, OPPOSITE[kind])
    return sheet


def team_bughouse(rng: random.Random,
                  teams: Sequence[tuple[DemoEntrant, DemoEntrant]]) -> DemoSheet:
    """Bughouse between fixed teams of two, every team meeting every other once (circle
    method). Start numbers go team by team (1 and 2 are the first team); both boards of a
    team get the team's result, the partners sitting with opposite colours."""
    if len(teams) % 2:
        raise ValueError("the demo's team bughouse has an even number of teams")
    entrants = [player for team in teams for player in team]
    sheet = DemoSheet(entrants)
    n = len(teams)
    ring = list(range(1, n))
    for round_no in range(1, n):
        order = [0] + ring
        for table in range(n // 2):
            a, b = order[table], order[n - 1 - table]
            a1, a2, b1, b2 = 2 * a + 1, 2 * a + 2, 2 * b + 1, 2 * b + 2
            strength_a = (teams[a][0].strength + teams[a][1].strength) / 2
            strength_b = (teams[b][0].strength + teams[b][1].strength) / 2
            kind = game_kind(rng, strength_a, strength_b)
            sheet.game(round_no, a1, b1, kind)
            sheet.game(round_no, b2, a2, OPPOSITE[kind])
        ring = ring[-1:] + ring[:-1]
    return sheet
