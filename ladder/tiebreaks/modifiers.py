"""Cut and median modifiers (C.07 art. 14) with the voluntarily-unplayed-round rule (16.5).

The cuts work on one player's terms held as parallel tuples (see
:class:`ladder.tiebreaks.terms.Terms`): ``keys`` order the values by significance, then the
``contributions`` (what the terms add): the opponent's score for BH and for SB, so that SB/C1
cuts the lowest-scoring opponent and, among several, the lowest product (14.1.1). ``vur``
marks the participant's voluntarily unplayed rounds. Between terms equal in both, the
earlier round is cut (that changes the explanation, never the value).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import compress
from typing import Any

from ladder.tiebreaks.wording import N_, label
from ladder.vocabulary.messages import Message

Amount = int | Fraction

#: Why a term was cut (message ids; ``str()`` is the English).
LOW: Message = label(N_("least significant value (C.07 14.1)"))
VUR: Message = label(N_("voluntarily unplayed round, cut before the least significant value "
                        "(C.07 16.5)"))
HIGH: Message = label(N_("most significant value (C.07 14.3)"))

Cuts = tuple[tuple[int, Message], ...]
NO_CUTS: Cuts = ()


def cut(keys: Sequence[Any], contributions: Sequence[Amount], vur: Sequence[bool], low: int,
        high: int, vur_rule: bool) -> Cuts:
    """Which terms ``low`` least and then ``high`` most significant cuts remove, with why.

    16.5.1: when the participant has VURs, the lowest VUR contribution is cut instead of the
    least significant value, as long as it is not lower than that value's contribution (so
    for SB the higher of the two goes). 16.5.2: repeated for every further low cut. The high
    cut of a median has no such exception. Returns ``((term index, reason), ...)`` in the
    order of cutting; cutting stops when no term is left.
    """
    n = len(keys)
    if not (low or high) or not n:
        return NO_CUTS
    if n == 1 or (low + high) == 1:
        return _one_cut(keys, contributions, vur, low, vur_rule)
    if keys is contributions:  # the key is the value itself (BH, ARO, ...)
        key_of: Any = keys.__getitem__
    else:
        def key_of(j: int) -> tuple[Any, Amount]:
            return keys[j], contributions[j]
    live = list(range(n))
    cuts: list[tuple[int, Message]] = []
    for _ in range(low):
        if not live:
            break
        lsv = min(live, key=key_of)
        pick, reason = lsv, LOW
        if vur_rule:
            vurs = [j for j in live if vur[j]]
            if vurs:
                lowest_vur = min(vurs, key=lambda j: (contributions[j], keys[j]))
                if lowest_vur != lsv and contributions[lowest_vur] >= contributions[lsv]:
                    pick, reason = lowest_vur, VUR
        live.remove(pick)
        cuts.append((pick, reason))
    for _ in range(high):
        if not live:
            break
        msv = max(live, key=key_of)
        live.remove(msv)
        cuts.append((msv, HIGH))
    return tuple(cuts)


def _one_cut(keys: Sequence[Any], contributions: Sequence[Amount], vur: Sequence[bool], low: int,
             vur_rule: bool) -> Cuts:
    """The single cut of :func:`cut` when only one is made (one term, or low + high == 1)."""
    n = len(keys)
    # One cut: the least (or most) significant term, the earliest among equals --
    # (key, contribution, round) for the lowest, (key, contribution, -round) for the
    # highest, compared as tuples -- or, for a low cut, the lowest VUR (16.5.1).
    if not low:
        return ((-max(zip(keys, contributions, range(0, -n, -1), strict=False))[2], HIGH),)
    if keys is contributions:
        lsv = min(range(n), key=keys.__getitem__)
    else:
        lsv = min(zip(keys, contributions, range(n), strict=False))[2]
    if vur_rule and n > 1 and True in vur:
        vurs = list(compress(range(n), vur))
        if keys is contributions:
            lowest_vur = min(vurs, key=contributions.__getitem__)
        else:
            lowest_vur = min(vurs, key=lambda j: (contributions[j], keys[j]))
        if lowest_vur != lsv and contributions[lowest_vur] >= contributions[lsv]:
            return ((lowest_vur, VUR),)
    return ((lsv, LOW),)


def kept_total(contributions: Sequence[Amount], cuts: Cuts) -> Amount:
    """The sum of the contributions that ``cuts`` left."""
    total: Amount = sum(contributions)
    for k, _ in cuts:
        total -= contributions[k]
    return total
