"""Small builders of pure tournaments for tests (no file needed)."""

from __future__ import annotations

from fractions import Fraction

from ladder.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament

_OPPOSITE = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
             Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
             Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT, Kind.UNRATED_PLAYED: Kind.UNRATED_PLAYED}


def tournament(names: list[str], games: list[tuple], *, name: str = "Club night",
               kind: EventKind = EventKind.SWISS, byes: list[tuple] = ()) -> Tournament:
    """Build a tournament from ``games`` = [(round, white_index, black_index, Kind for white)].

    Indexes are 1-based start numbers into ``names``; ``byes`` = [(round, index, Kind)].
    """
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, len(names) + 1)}
    for round_no, white, black, kind_white in games:
        outcome = None
        results[white].append(RoundResult(round_no, kind_white, black, Colour.WHITE, outcome))
        results[black].append(RoundResult(round_no, _OPPOSITE[kind_white], white, Colour.BLACK,
                                          outcome))
    for round_no, who, bye_kind in byes:
        results[who].append(RoundResult(round_no, bye_kind))
    rounds = max([g[0] for g in games] + [b[0] for b in byes] + [1])
    players = tuple(Player(start_no=i, name=n,
                           results=tuple(sorted(results[i], key=lambda r: r.round)))
                    for i, n in enumerate(names, start=1))
    return Tournament(name=name, players=players, rounds=rounds, kind=kind)


HALF = Fraction(1, 2)
