"""The two conversion tables of the FIDE Rating Regulations (B.02, art. 8.1), as integers.

* 8.1.1: fractional score p (in hundredths) -> rating difference dp (used by TPR, C.07 10.2).
* 8.1.2: rating difference D -> expected score PD (in hundredths) (used by PTP, C.07 10.3).

Kept here as exact integers so that no float ever enters a tie-break.
"""

from __future__ import annotations

# B.02 8.1.1, p = 0.50 .. 1.00 -> dp; the lower half is symmetric (dp(1 - p) = -dp(p)).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)
assert len(_DP_UPPER) == 51

#: dp for p = 0.00 .. 1.00, indexed by round(100 p).
DP_BY_PERCENT: tuple[int, ...] = tuple(-d for d in reversed(_DP_UPPER[1:])) + _DP_UPPER

# B.02 8.1.2: upper bound of the rating difference D for each PD of the higher-rated player,
# PD = 0.50, 0.51, ... 0.99; above 735 PD = 1.00.
_D_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)
assert len(_D_UPPER) == 50

MAX_DIFF = 736  # from here on PD is 1.00 (the full scale, no 400-point cut: C.07 10.3)


def _build_pd() -> tuple[int, ...]:
    table = []
    pd = 50
    for diff in range(MAX_DIFF + 1):
        while pd < 100 and diff > _D_UPPER[pd - 50]:
            pd += 1
        table.append(pd)
    return tuple(table)


#: PD in hundredths for D = 0 .. 736 (the higher-rated side); the lower side is 100 - PD.
PD_BY_DIFF: tuple[int, ...] = _build_pd()


def dp(percent: int) -> int:
    """Rating difference for a fractional score of ``percent`` hundredths (B.02 8.1.1)."""
    return DP_BY_PERCENT[percent]


def pd(diff: int) -> int:
    """Expected score, in hundredths, of a player rated ``diff`` points above the opponent
    (negative: below), per B.02 8.1.2 on its full scale."""
    if diff >= 0:
        return PD_BY_DIFF[min(diff, MAX_DIFF)]
    return 100 - PD_BY_DIFF[min(-diff, MAX_DIFF)]
