"""Tie-breaks from the participant's own record: PTS (5), WIN, WON, BPG, BWG, PS, REP, STD (7)."""

from __future__ import annotations

from ladder.tournament import Kind
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column


def points(prep: Prepared, code: Code) -> Column:
    """PTS: the score."""
    return Column(code, prep.points, prep.unit)


def won_flags(prep: Prepared, i: int) -> tuple[bool, ...]:
    """Rounds won as a game (7.2): over the board, or a round-robin forfeit win (15.2)."""
    return tuple(g and p == prep.win and (k.played or k is Kind.FORFEIT_WIN)
                 for g, p, k in zip(prep.own_game[i], prep.pts[i], prep.kind[i]))


def wins(prep: Prepared, code: Code) -> Column:
    """WIN (7.1): rounds with a win's points, with or without playing (forfeit wins, PAB and
    full-point byes worth a win count)."""
    raw = tuple(sum(1 for p in row if p == prep.win) for row in prep.pts)
    return Column(code, raw, 1)


def won(prep: Prepared, code: Code) -> Column:
    """WON (7.2): games won over the board."""
    return Column(code, tuple(sum(won_flags(prep, i)) for i in range(prep.size)), 1)


def black_games(prep: Prepared, code: Code) -> Column:
    """BPG (7.3): games played with Black over the board."""
    raw = tuple(sum(1 for g, b in zip(prep.own_game[i], prep.black[i]) if g and b)
                for i in range(prep.size))
    return Column(code, raw, 1)


def black_wins(prep: Prepared, code: Code) -> Column:
    """BWG (7.4): games won with Black over the board."""
    raw = tuple(sum(1 for w, b in zip(won_flags(prep, i), prep.black[i]) if w and b)
                for i in range(prep.size))
    return Column(code, raw, 1)


def running_scores(prep: Prepared, i: int) -> list[int]:
    """Player ``i``'s score after each round, in scaled points (the terms of PS, 7.5)."""
    out, total = [], 0
    for p in prep.pts[i]:
        total += p
        out.append(total)
    return out


def progressive(prep: Prepared, code: Code) -> Column:
    """PS (7.5): sum of the running scores after each round. PS/Cn drops the running scores of
    the first n rounds (14.1.1). Reading: art. 16 does not name PS, so no VUR exception."""
    raw = tuple(sum(running_scores(prep, i)[code.low:]) for i in range(prep.size))
    return Column(code, raw, prep.unit)


_NOT_ELECTED = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


def rounds_elected(prep: Prepared, code: Code) -> Column:
    """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses (the rounds
    after a withdrawal are zero-point byes, 16.1.1; a double forfeit is a forfeit loss)."""
    raw = tuple(prep.rounds - sum(1 for k, g in zip(prep.kind[i], prep.own_game[i])
                                  if k in _NOT_ELECTED and not g)
                for i in range(prep.size))
    return Column(code, raw, 1)


def std_round(prep: Prepared, i: int, r: int) -> int:
    """STD (7.7) for one round, in half units: 2 for scoring more than the scheduled opponent
    or more than a draw without playing, 1 for the same / exactly a draw, else 0.
    Reading: a double forfeit is no encounter (neither scored), so it gives 0, not ½."""
    kind = prep.kind[i][r]
    own = prep.pts[i][r]
    j = prep.opp[i][r]
    if kind is Kind.DOUBLE_FORFEIT:
        return 0
    if j >= 0:
        other = prep.pts[j][r]
        return 2 if own > other else 1 if own == other else 0
    return 2 if own > prep.draw else 1 if own == prep.draw else 0


def standard_points(prep: Prepared, code: Code) -> Column:
    """STD (7.7): wins and draws counted as 1 and ½ whatever the event's scoring."""
    raw = tuple(sum(std_round(prep, i, r) for r in range(prep.rounds)) for i in range(prep.size))
    return Column(code, raw, 2)
