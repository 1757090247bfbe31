"""Rating-based tie-breaks (C.07 art. 10): ARO, TPR, PTP, APRO, APPO.

They count only games played over the board (10.1; in a round-robin too: 15.2 exception).
Art. 10: when unrated players are present they are dropped, unless the event gives those
players a rating (``unrated_rating``) — the engine does that check, not these functions.
All averages are rounded to the nearest whole number, 0.5 up.
"""

from __future__ import annotations

from ladder.tiebreaks import fide_tables
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.modifiers import apply_cuts
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column

_M = fide_tables.MAX_DIFF
_OFF = 4000  # PD for every difference in [-4000, 4000], so the search needs no clamping
_PD_WIDE = tuple(fide_tables.pd(d) for d in range(-_OFF, _OFF + 1))


def round_half_up(num: int, den: int) -> int:
    """num / den rounded to the nearest integer, halves up (den > 0)."""
    return (2 * num + den) // (2 * den)


def _all_rated_games(prep: Prepared) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    ratings = prep.ratings
    out = []
    for opps, otb, half in zip(prep.opp, prep.otb, prep.half):
        out.append(tuple((ratings[j], half[r], r + 1) for r, j in enumerate(opps)
                         if otb[r] and ratings[j] is not None))
    return tuple(out)


def rated_games(prep: Prepared, i: int) -> list[tuple[int, int, int]]:
    """(opponent rating, result in half points, round) of every over-the-board game."""
    return list(prep.shared("rated_games", _all_rated_games)[i])


def kept_games(prep: Prepared, code: Code, i: int) -> list[tuple[int, int, int]]:
    """The rated games left after the code's cuts (ARO/C1 cuts the lowest rating, 14.1.1)."""
    games = rated_games(prep, i)
    if not code.has_cuts:
        return games
    terms = [(g[0], g[0], False, g[2]) for g in games]
    _, cuts = apply_cuts(terms, code.low, code.high, False)
    gone = {c[0] for c in cuts}
    return [g for k, g in enumerate(games) if k not in gone]


def aro_of(games: list[tuple[int, int, int]]) -> int | None:
    """10.1: average rating of the opponents, rounded half up."""
    if not games:
        return None
    return round_half_up(sum(g[0] for g in games), len(games))


def tpr_of(games: list[tuple[int, int, int]]) -> int | None:
    """10.2: ARO + dp(p), p = points / games rounded to two decimals (half up), B.02 8.1.1."""
    aro = aro_of(games)
    if aro is None:
        return None
    halves = sum(g[1] for g in games)
    percent = round_half_up(100 * halves, 2 * len(games))
    return aro + fide_tables.dp(percent)


def ptp_of(games: list[tuple[int, int, int]]) -> int | None:
    """10.3: the lowest whole rating R with sum of PD(R - R_opp) >= the points scored (B.02
    8.1.2 on its full scale); for a zero score, the lowest opponent rating - 800. Reading: the
    points are those scored in the same over-the-board games (as for TPR)."""
    if not games:
        return None
    halves = sum(g[1] for g in games)
    ratings = [g[0] for g in games]
    if halves == 0:
        return min(ratings) - 800
    target = 50 * halves  # points in hundredths
    lo, hi = min(ratings) - 800, max(ratings) + _M  # f(lo) = 0 < target <= f(hi)
    if hi - lo > 2 * _OFF - 1600:  # absurd rating spread: use the clamping lookup
        expected = lambda mid: sum(fide_tables.pd(mid - r) for r in ratings)  # noqa: E731
    else:
        expected = lambda mid: sum([_PD_WIDE[mid - r + _OFF] for r in ratings])  # noqa: E731
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if expected(mid) >= target:
            hi = mid
        else:
            lo = mid
    return hi


def aro(prep: Prepared, code: Code) -> Column:
    """ARO (10.1)."""
    return Column(code, tuple(aro_of(kept_games(prep, code, i)) for i in range(prep.size)), 1)


def tpr(prep: Prepared, code: Code) -> Column:
    """TPR (10.2)."""
    return Column(code, tuple(tpr_of(kept_games(prep, code, i)) for i in range(prep.size)), 1)


def ptp(prep: Prepared, code: Code) -> Column:
    """PTP (10.3)."""
    return Column(code, tuple(ptp_of(kept_games(prep, code, i)) for i in range(prep.size)), 1)


def tprs(prep: Prepared) -> tuple[int | None, ...]:
    """Every player's TPR (10.2) over all rated games, no cuts: the terms of APRO (10.4)."""
    return prep.shared("tprs", lambda p: tuple(tpr_of(rated_games(p, i)) for i in range(p.size)))


def ptps(prep: Prepared) -> tuple[int | None, ...]:
    """Every player's PTP (10.3) over all rated games, no cuts: the terms of APPO (10.5)."""
    return prep.shared("ptps", lambda p: tuple(ptp_of(rated_games(p, i)) for i in range(p.size)))


def _average_of_opponents(prep: Prepared, code: Code, values: tuple[int | None, ...]) -> Column:
    raw: list[int | None] = []
    for i in range(prep.size):
        terms = []
        for r, j in enumerate(prep.opp[i]):
            if prep.otb[i][r] and values[j] is not None:
                terms.append((values[j], values[j], False, r + 1))
        count = len(terms) - code.low - code.high
        if count <= 0:
            raw.append(None)
            continue
        total, _ = apply_cuts(terms, code.low, code.high, False)
        raw.append(round_half_up(total, count))
    return Column(code, tuple(raw), 1)


def apro(prep: Prepared, code: Code) -> Column:
    """APRO (10.4): average of the over-the-board opponents' TPRs, rounded half up."""
    return _average_of_opponents(prep, code, tprs(prep))


def appo(prep: Prepared, code: Code) -> Column:
    """APPO (10.5): average of the over-the-board opponents' PTPs, rounded half up."""
    return _average_of_opponents(prep, code, ptps(prep))
