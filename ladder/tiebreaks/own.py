"""Tie-breaks from the participant's own record: PTS (5), WIN, WON, BPG, BWG, PS, REP, STD (7).

Each has one term per round (what that round adds); the value is their sum.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import accumulate

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.terms import Tally, Terms, terms_of
from ladder.tiebreaks.wording import N_, label
from ladder.vocabulary.tournament import Kind


def round_terms(prep: Prepared, per_round: Callable[[int], Iterable[int]],
                keys: tuple[int, ...] | None = None) -> tuple[Terms, ...]:
    """One term in every round for every player: ``per_round(i)`` gives player ``i``'s
    contributions; the key is the contribution unless ``keys`` gives the same keys to all."""
    every = tuple(range(1, prep.rounds + 1))
    no_vur = (False,) * prep.rounds
    none = (None,) * prep.rounds
    out = []
    for i in range(prep.size):
        values = tuple(per_round(i))
        out.append(terms_of((every, values, values if keys is None else keys, no_vur, none)))
    return tuple(out)


def _own_tally(prep: Prepared, name: str, per_round: Callable[[int], Iterable[int]],
               scale: int = 1) -> Tally:
    terms = prep.shared(("own", name), lambda p: round_terms(p, per_round))
    return Tally(prep, terms, scale)


def pts_tally(prep: Prepared, code: Code) -> Tally:
    """PTS (5): the points of each round."""
    return _own_tally(prep, "PTS", lambda i: prep.pts[i], prep.unit)


_WON_KINDS = frozenset({k for k in Kind if k.played} | {Kind.FORFEIT_WIN})
_DOUBLE_FORFEIT = Kind.DOUBLE_FORFEIT


def won_flags(prep: Prepared, i: int) -> tuple[bool, ...]:
    """Rounds won as a game (7.2): over the board, or a round-robin forfeit win (15.2)."""
    win = prep.win
    return tuple([g and p == win and k in _WON_KINDS
                  for g, p, k in zip(prep.own_game[i], prep.pts[i], prep.kind[i], strict=False)])


def win_tally(prep: Prepared, code: Code) -> Tally:
    """WIN (7.1): 1 for each round with a win's points, with or without playing (forfeit
    wins, PAB and full-point byes worth a win count)."""
    win = prep.win
    return _own_tally(prep, "WIN", lambda i: [int(p == win) for p in prep.pts[i]])


def won_tally(prep: Prepared, code: Code) -> Tally:
    """WON (7.2): 1 for each game won over the board."""
    return _own_tally(prep, "WON", lambda i: [int(w) for w in won_flags(prep, i)])


def bpg_tally(prep: Prepared, code: Code) -> Tally:
    """BPG (7.3): 1 for each game played with Black."""
    return _own_tally(prep, "BPG", lambda i: [int(g and b) for g, b in
                                             zip(prep.own_game[i], prep.black[i], strict=False)])


def bwg_tally(prep: Prepared, code: Code) -> Tally:
    """BWG (7.4): 1 for each game won with Black."""
    return _own_tally(prep, "BWG", lambda i: [int(w and b) for w, b in
                                             zip(won_flags(prep, i), prep.black[i], strict=False)])


#: PS/Cn: the running scores of the first n rounds go (14.1.1).
FIRST_ROUNDS_CUT = label(N_("first round(s) cut (C.07 14.1.1)"))


def ps_tally(prep: Prepared, code: Code) -> Tally:
    """PS (7.5): the running score after each round. PS/Cn cuts the first n rounds (14.1.1):
    the key is the round, so the least significant value is the earliest. Reading: art. 16
    does not name PS, so no VUR exception."""
    terms = prep.shared("ps_terms", lambda p: round_terms(
        p, lambda i: accumulate(p.pts[i]), tuple(range(p.rounds))))
    return Tally(prep, terms, prep.unit, low=code.low, high=code.high,
                 low_reason=FIRST_ROUNDS_CUT)


_NOT_ELECTED = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)


def rep_tally(prep: Prepared, code: Code) -> Tally:
    """REP (7.6): 1 for each round except half-point byes, zero-point byes and forfeit
    losses (the rounds after a withdrawal are zero-point byes, 16.1.1; a double forfeit is a
    forfeit loss)."""
    return _own_tally(prep, "REP", lambda i: [
        int(not (k in _NOT_ELECTED and not g))
        for k, g in zip(prep.kind[i], prep.own_game[i], strict=False)])


def std_round(prep: Prepared, i: int, r: int) -> int:
    """STD (7.7) for one round, in half units: 2 for scoring more than the scheduled opponent
    or more than a draw without playing, 1 for the same / exactly a draw, else 0.
    Reading: a double forfeit is no encounter (neither scored), so it gives 0, not ½."""
    kind = prep.kind[i][r]
    own = prep.pts[i][r]
    j = prep.opp[i][r]
    if kind is _DOUBLE_FORFEIT:
        return 0
    if j >= 0:
        other = prep.pts[j][r]
        return 2 if own > other else 1 if own == other else 0
    return 2 if own > prep.draw else 1 if own == prep.draw else 0


def std_tally(prep: Prepared, code: Code) -> Tally:
    """STD (7.7): each round's standard points, in half units."""
    return _own_tally(prep, "STD", lambda i: [std_round(prep, i, r) for r in range(prep.rounds)],
                      2)
