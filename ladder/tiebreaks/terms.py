"""Per-round terms: the one source of every tie-break value and of its explanation.

A definition turns the prepared view into a :class:`Tally`: for every player, the terms of
the rounds that have one (:class:`Terms`), the cuts the code asks for (art. 14, with 16.5)
and how the kept contributions combine (a sum, an average, ...). :func:`evaluate` applies the
cuts and the combination for one player and :func:`tally_column` for all of them; the
explanation (:mod:`ladder.tiebreaks.explain`) reads the very same tally and the same cuts,
so an explanation cannot disagree with its number.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from operator import sub
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ladder.tiebreaks import fide_tables
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.modifiers import NO_CUTS, Amount, Cuts, cut, kept_total
from ladder.tiebreaks.table import Column, Raw
from ladder.vocabulary.messages import Message

if TYPE_CHECKING:  # pragma: no cover
    from ladder.tiebreaks.prepared import Prepared

#: How the kept contributions make the value.
SUM = "sum"  # added up (BH, SB, KS, PS, WIN, ...)
MEAN = "mean"  # their exact average (AOB, 8.2)
MEAN_HALF_UP = "mean-half-up"  # their average rounded half up (ARO 10.1, APRO 10.4, APPO 10.5)
TPR = "tpr"  # 10.2: the ARO of the kept games + dp(p), p their score fraction
PTP = "ptp"  # 10.3: the perfect performance over the kept games

Shown = int | None


class Terms(NamedTuple):
    """One player's terms of one tie-break: one entry per round that has a term, as parallel
    tuples in round order.

    ``rounds`` are 1-based. ``contributions`` are what each term adds (scaled by
    :attr:`Tally.scale`). ``keys`` order the terms by significance for the cuts (14.1; ties
    broken by the contribution, see :mod:`ladder.tiebreaks.modifiers`); the same tuple as the
    contributions when the value is its own key. ``vur`` marks the
    participant's voluntarily unplayed rounds (16.5). ``shown`` is the opponent's score or
    rating the term used (scaled by :attr:`Tally.shown_scale`), or None.
    """

    rounds: tuple[int, ...]
    contributions: tuple[Amount, ...]
    keys: tuple[Any, ...]
    vur: tuple[bool, ...]
    shown: tuple[Shown, ...]


#: ``terms_of((rounds, contributions, keys, vur, shown))``: a :class:`Terms` built without
#: the Python-level ``__new__`` of a NamedTuple (the per-player loops build thousands).
terms_of = cast(Callable[[tuple[Any, Any, Any, Any, Any]], Terms], partial(tuple.__new__, Terms))

EMPTY = Terms((), (), (), (), ())


def same_terms(rounds: tuple[int, ...], values: tuple[int, ...],
               vur: tuple[bool, ...] | None = None) -> Terms:
    """Terms whose contribution, key and shown value are all the same number (BH, ARO, ...)."""
    return terms_of((rounds, values, values,
                     vur if vur is not None else (False,) * len(values), values))


@dataclass(frozen=True, eq=False)
class Tally:
    """Everything a tie-break's value comes from, for every player of ``view``.

    ``view`` is the prepared view the terms were read from (Fore Buchholz and the US Chess
    codes use a derived one). ``low``/``high`` are the code's cuts; ``cuts`` overrides them
    per player (the US Chess medians decide by score). ``vur_rule`` applies 16.5.
    ``low_reason`` replaces the generic reason of a low cut (PS/C1 drops the first rounds).
    """

    view: Prepared
    terms: tuple[Terms, ...]
    scale: int = 1
    shown_scale: int = 1
    combine: str = SUM
    low: int = 0
    high: int = 0
    vur_rule: bool = False
    cuts: tuple[tuple[int, int], ...] | None = None
    low_reason: Message | None = None

    def cuts_of(self, i: int) -> tuple[int, int]:
        """(low, high) for player ``i``."""
        return self.cuts[i] if self.cuts is not None else (self.low, self.high)

    @property
    def column_scale(self) -> int:
        """The scale of the column's raw values (sums keep the terms' scale; averages are
        scaled once more, by the lcm of the counts, in :func:`tally_column`)."""
        return self.scale if self.combine == SUM else 1


def round_half_up(num: int, den: int) -> int:
    """num / den rounded to the nearest integer, halves up (den > 0)."""
    return (2 * num + den) // (2 * den)


def cuts_for(tally: Tally, i: int) -> Cuts:
    """The cuts of player ``i``'s terms, each with its reason."""
    low, high = tally.cuts_of(i)
    if not (low or high):
        return NO_CUTS
    t = tally.terms[i]
    done = cut(t.keys, t.contributions, t.vur, low, high, tally.vur_rule)
    if tally.low_reason is not None:
        done = tuple((k, tally.low_reason if k_low < low else reason)
                     for k_low, (k, reason) in enumerate(done))
    return done


def combine(tally: Tally, i: int, cuts: Cuts) -> Raw:
    """Player ``i``'s raw value (on :attr:`Tally.column_scale`) from the terms ``cuts`` left."""
    t = tally.terms[i]
    how = tally.combine
    if how == SUM:
        return kept_total(t.contributions, cuts)
    count = len(t.contributions) - len(cuts)
    if count <= 0:
        return None
    if how == MEAN:
        return Fraction(kept_total(t.contributions, cuts), count * tally.scale)
    if how == MEAN_HALF_UP:
        return round_half_up(int(kept_total(t.contributions, cuts)), count * tally.scale)
    gone = {k for k, _ in cuts}
    ratings = [int(c) for k, c in enumerate(t.contributions) if k not in gone]
    half = tally.view.half[i]
    halves = sum(half[r - 1] for k, r in enumerate(t.rounds) if k not in gone)
    if how == TPR:
        return tpr_value(ratings, halves)
    if how == PTP:
        return ptp_value(ratings, halves)
    raise ValueError(f"unknown combination {how!r}")  # pragma: no cover


def evaluate(tally: Tally, i: int) -> tuple[Raw, Cuts]:
    """Player ``i``'s raw value and the cuts that led to it."""
    cuts = cuts_for(tally, i)
    return combine(tally, i, cuts), cuts


def _uncut_raw(tally: Tally) -> list[Raw]:
    """Every player's raw value when nothing is cut: :func:`combine` with no cuts, written
    out per combination (the same arithmetic, without a call per player)."""
    how = tally.combine
    contributions = [t.contributions for t in tally.terms]
    if how == SUM:
        return [sum(c) for c in contributions]
    scale = tally.scale
    if how == MEAN:
        return [Fraction(sum(c), len(c) * scale) if c else None for c in contributions]
    if how == MEAN_HALF_UP:
        return [(2 * int(sum(c)) + len(c) * scale) // (2 * len(c) * scale) if c else None
                for c in contributions]
    value_of = tpr_value if how == TPR else ptp_value if how == PTP else None
    if value_of is None:  # pragma: no cover - every combination is handled above
        return [combine(tally, i, NO_CUTS) for i in range(len(contributions))]
    rounds = tally.view.rounds
    out: list[Raw] = []
    for t, half in zip(tally.terms, tally.view.half, strict=False):
        # The score of the rated games kept: every round's, or those of the terms.
        halves = sum(half) if len(t.rounds) == rounds else sum([half[r - 1] for r in t.rounds])
        out.append(value_of(list(t.contributions), halves))  # type: ignore[arg-type]
    return out


def _cut_sums(tally: Tally) -> list[Raw] | None:
    """Sums with the same cut for everybody (None for any other tally): :func:`cut` and
    :func:`kept_total` per player, with the common case written out -- when the key is the
    contribution itself (BH, FB) and 16.5 has nothing to decide, a low cut removes the
    smallest contribution and a high cut the largest, exactly as :func:`cut` picks them."""
    low, high = tally.low, tally.high
    if tally.combine != SUM or tally.cuts is not None:
        return None
    vur_rule = tally.vur_rule
    terms = tally.terms
    contributions = [t.contributions for t in terms]
    if (low + high == 1 or (low, high) == (1, 1)) and all(contributions) and all(
            t.keys is t.contributions for t in terms):
        # Written out over all players at once, then the players with a 16.5 question (or
        # a single term for a median) go through cut() like everybody else would.
        totals = list(map(sum, contributions))
        if low:
            totals = list(map(sub, totals, map(min, contributions)))
        if high:
            totals = list(map(sub, totals, map(max, contributions)))
        again = [i for i, t in enumerate(terms) if True in t.vur] if vur_rule else []
        if low and high:
            again += [i for i, c in enumerate(contributions) if len(c) == 1]
        for i in again:
            t = terms[i]
            totals[i] = kept_total(t.contributions,
                                   cut(t.keys, t.contributions, t.vur, low, high, vur_rule))
        return totals  # type: ignore[return-value]
    return [kept_total(t.contributions, cut(t.keys, t.contributions, t.vur, low, high, vur_rule))
            for t in terms]


def _mean_column(code: Code, tally: Tally) -> Column:
    """AOB-like averages as whole numbers: each kept total times lcm(counts) / count, on the
    scale ``tally.scale`` x lcm(counts) -- exact, and compared as integers when ranking."""
    uncut = tally.cuts is None and not (tally.low or tally.high)
    kept: list[tuple[Amount, int] | None] = []
    counts = set()
    for i, t in enumerate(tally.terms):
        c = t.contributions
        cuts = NO_CUTS if uncut else cuts_for(tally, i)
        count = len(c) - len(cuts)
        if count <= 0:
            kept.append(None)
            continue
        kept.append((kept_total(c, cuts), count))
        counts.add(count)
    shares = math.lcm(*counts) if counts else 1
    raw = tuple(None if k is None else k[0] * (shares // k[1]) for k in kept)
    return Column(code, raw, tally.scale * shares)


def tally_column(code: Code, tally: Tally) -> Column:
    """The column of ``code``: :func:`evaluate` for every player (with the common cases
    written out; the property tests hold them to the explanations)."""
    if tally.combine == MEAN:
        return _mean_column(code, tally)
    if tally.cuts is None and not (tally.low or tally.high):
        raw = _uncut_raw(tally)
    else:
        raw = _cut_sums(tally) or [evaluate(tally, i)[0] for i in range(len(tally.terms))]
    return Column(code, tuple(raw), tally.column_scale)


# --- C.07 10.2 / 10.3 on a list of kept games -------------------------------------------

_OFF = 4000  # PD for every difference in [-4000, 4000], so the search needs no clamping


# The two tables below are built on first use (a tenth of a second), not at import: most
# processes that import the tie-breaks never compute a TPR or a PTP.
@cache
def _pd_wide() -> tuple[int, ...]:
    return tuple(fide_tables.pd(d) for d in range(-_OFF, _OFF + 1))


def percent(halves: int, games: int) -> int:
    """The score fraction p in hundredths, rounded half up (B.02 8.1.1, C.07 10.2)."""
    return round_half_up(100 * halves, 2 * games)


def tpr_value(ratings: list[int], halves: int) -> int | None:
    """10.2: ARO + dp(p), p = points / games rounded to two decimals (half up), B.02 8.1.1."""
    if not ratings:
        return None
    aro = round_half_up(sum(ratings), len(ratings))
    return aro + fide_tables.dp(percent(halves, len(ratings)))


def _lowest_difference(percent: int) -> int:
    """The smallest rating difference D with PD(D) >= ``percent`` hundredths (B.02 8.1.2)."""
    for d in range(-fide_tables.MAX_DIFF - 1, fide_tables.MAX_DIFF + 1):
        if fide_tables.pd(d) >= percent:
            return d
    return fide_tables.MAX_DIFF  # pragma: no cover - PD(MAX_DIFF) is 100


@cache
def _d_at_least() -> tuple[int, ...]:
    """:func:`_lowest_difference` for 0 .. 100 hundredths."""
    return tuple(_lowest_difference(p) for p in range(101))


def ptp_value(ratings: list[int], halves: int) -> int | None:
    """10.3: the lowest whole rating R with sum of PD(R - R_opp) >= the points scored (B.02
    8.1.2 on its full scale); for a zero score, the lowest opponent rating - 800. Reading: the
    points are those scored in the same over-the-board games (as for TPR).

    The search is bracketed: with D the smallest difference whose PD reaches the average
    points per game (rounded up to a hundredth), every R below lowest rating + D falls short
    and highest rating + D is enough, since PD never decreases. Only integers are compared.
    """
    if not ratings:
        return None
    lowest = min(ratings)
    if halves == 0:
        return lowest - 800
    target = 50 * halves  # points in hundredths
    games = len(ratings)
    d = _d_at_least()[-(-target // games)]
    lo, hi = lowest + d - 1, max(ratings) + d  # f(lo) < target <= f(hi)
    if hi - lo == 1:
        return hi  # every opponent rated the same
    if hi - lo + fide_tables.MAX_DIFF >= _OFF:  # absurd rating spread: the clamping lookup
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if sum(fide_tables.pd(mid - r) for r in ratings) >= target:
                hi = mid
            else:
                lo = mid
        return hi
    table = _pd_wide()
    shifted = [_OFF - r for r in ratings]
    # The answer is mostly within a few points of ARO + D (inside the bracket): probe there
    # first, then 4 points further, then bisect what is left; f(lo) < target <= f(hi).
    mid = (2 * sum(ratings) + games) // (2 * games) + d
    if sum([table[mid + s] for s in shifted]) >= target:
        hi = mid
        mid -= 4
    else:
        lo = mid
        mid += 4
    while hi - lo > 1:
        if not lo < mid < hi:
            mid = (lo + hi) // 2
        if sum([table[mid + s] for s in shifted]) >= target:
            hi = mid
        else:
            lo = mid
        mid = (lo + hi) // 2
    return hi
