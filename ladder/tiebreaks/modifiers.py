"""Cut and median modifiers (C.07 art. 14) with the voluntarily-unplayed-round rule (16.5).

A *term* is a tuple ``(key, contribution, vur, round)``: ``key`` orders the values by
significance (the opponent's score for BH; ``(opponent's score, product)`` for SB, so that
SB/C1 cuts the lowest-scoring opponent and, among several, the lowest product: 14.1.1),
``contribution`` is what the term adds, ``vur`` marks a voluntarily unplayed round of the
participant and ``round`` is 1-based.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Term = tuple[Any, int, bool, int]

LOW = "least significant value (C.07 14.1)"
VUR = "voluntarily unplayed round, cut before the least significant value (C.07 16.5)"
HIGH = "most significant value (C.07 14.3)"


def apply_cuts(terms: Sequence[Term], low: int, high: int,
               vur_rule: bool) -> tuple[int, tuple[tuple[int, str], ...]]:
    """Sum of the terms left after cutting ``low`` least and then ``high`` most significant.

    16.5.1: when the participant has VURs, the lowest VUR contribution is cut instead of the
    least significant value, as long as it is not lower than that value's contribution (so
    for SB the higher of the two goes). 16.5.2: repeated for every further low cut. The high
    cut of a median has no such exception. Returns ``(total, ((term index, reason), ...))``.
    Among equal values the earliest round is cut (it changes the explanation, not the value).
    """
    live = list(range(len(terms)))
    cuts: list[tuple[int, str]] = []
    for _ in range(low):
        if not live:
            break
        lsv = min(live, key=lambda j: (terms[j][0], terms[j][1]))
        pick, reason = lsv, LOW
        if vur_rule:
            vurs = [j for j in live if terms[j][2]]
            if vurs:
                lowest_vur = min(vurs, key=lambda j: (terms[j][1], terms[j][0]))
                if lowest_vur != lsv and terms[lowest_vur][1] >= terms[lsv][1]:
                    pick, reason = lowest_vur, VUR
        live.remove(pick)
        cuts.append((pick, reason))
    for _ in range(high):
        if not live:
            break
        msv = max(live, key=lambda j: (terms[j][0], terms[j][1]))
        live.remove(msv)
        cuts.append((msv, HIGH))
    return sum(terms[j][1] for j in live), tuple(cuts)


def cut_total(terms: Sequence[Term], low: int, high: int, vur_rule: bool) -> int:
    """Just the total of :func:`apply_cuts` (a fast path when nothing is cut)."""
    if not low and not high:
        return sum(t[1] for t in terms)
    return apply_cuts(terms, low, high, vur_rule)[0]
