"""FIDE rating calculations (B.02 Rating Regulations, art. 8; docs/elo-tools.md).

* :func:`k_factor` — 8.3.3: K = 40 for a new player until 30 games, 40 for a player under 18
  while rated below 2300, 20 below 2400, 10 once 2400 was reached; then K × n ≤ 700.
* :func:`rating_change` — 8.3: ΔR = K × Σ(score − PD), PD from table 8.1.2 (exact integers, in
  hundredths), a difference above 400 points counted as 400 (8.3.1) except for players rated
  2650 or more since 2025-10-01; the change rounded half away from zero.
* :func:`performance` — 8.1.1: Rp = Ra + dp(p).
* :func:`initial_rating` — 7.1: an unrated player's first rating, with two hypothetical draws
  against players rated 1800, capped at 2200; below the floor 1400 nothing is published.

Everything is exact (``Fraction``/integers); each result carries its formula with the numbers
filled in (math only — the templates word the rest).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ladder.elo.errors import EloError
from ladder.elo.exact import check_record, formula_number, round_half_away, round_half_up, signed
from ladder.tiebreaks import fide_tables
from ladder.vocabulary.messages import msg

K_CAP_PRODUCT = 700  # 8.3.3: K × n must not exceed 700
RULE_400 = 400  # 8.3.1
TOP_RATING = 2650  # 400-point rule not applied from this rating (since 2025-10-01)
FLOOR = 1400  # 7.1: lowest published rating
INITIAL_MAX = 2200  # 7.1: highest initial rating
HYPOTHETICAL = 1800  # 7.1: two hypothetical draws against players rated 1800
MIN_INITIAL_GAMES = 5  # 7.1: games against rated opponents needed for a first rating


@dataclass(frozen=True)
class KFactor:
    """The K used, and why: ``reason`` is ``given``, ``new``, ``junior``, ``standard`` or
    ``top``; ``capped`` when K × n ≤ 700 lowered ``base`` to ``k``."""

    k: int
    base: int
    reason: str
    games: int
    capped: bool


def k_factor(rating: int, *, games_before: int | None = None, under_18: bool = False,
             reached_2400: bool = False, games: int = 1, given: int | None = None) -> KFactor:
    """K per B.02 8.3.3 (``given`` overrides the schedule), then capped so K × n ≤ 700."""
    if games < 1:
        raise EloError("opponents", msg("at least one game is needed"))
    if given is not None:
        if not 1 <= given <= 100:
            raise EloError("k", msg("K must be between 1 and 100 (%(value)s)", value=given))
        base, reason = given, "given"
    elif games_before is not None and games_before < 0:
        raise EloError("games", msg("a number of games cannot be negative (%(value)d)",
                                     value=games_before))
    elif games_before is not None and games_before < 30:
        base, reason = 40, "new"
    elif under_18 and rating < 2300:
        base, reason = 40, "junior"
    elif reached_2400 or rating >= 2400:
        base, reason = 10, "top"
    else:
        base, reason = 20, "standard"
    k = base
    if base * games > K_CAP_PRODUCT:
        k = K_CAP_PRODUCT // games  # the largest whole K with K × n ≤ 700
    return KFactor(k, base, reason, games, k != base)


@dataclass(frozen=True)
class GameTerm:
    """One game of a rating change: the difference as played and as used, and PD."""

    opponent: int
    diff: int  # own rating − opponent's rating
    used_diff: int  # after the 400-point rule
    pd: int  # expected score in hundredths (table 8.1.2)

    @property
    def capped(self) -> bool:
        """True when the 400-point rule changed the difference used (B.02 8.3.1)."""
        return self.diff != self.used_diff


@dataclass(frozen=True)
class FideChange:
    """A FIDE rating change with its working."""

    rating: int
    score: Fraction
    k: KFactor
    terms: tuple[GameTerm, ...]
    expected: Fraction  # Σ PD
    change_exact: Fraction
    change: int
    new_rating: int
    rule_400: bool  # whether the 400-point rule applies to this player
    formula: str


def rating_change(rating: int, opponents: Sequence[int], score: Fraction, *,
                  k: int | None = None, games_before: int | None = None,
                  under_18: bool = False, reached_2400: bool = False,
                  top_exception: bool = True) -> FideChange:
    """The FIDE rating change of a player rated ``rating`` scoring ``score`` against
    ``opponents``; ``top_exception`` (rules from 2025-10-01): no 400-point rule at 2650+."""
    check_record(rating, opponents, score)
    kf = k_factor(rating, games_before=games_before, under_18=under_18,
                  reached_2400=reached_2400, games=len(opponents), given=k)
    rule_400 = not (top_exception and rating >= TOP_RATING)
    terms = []
    for opp in opponents:
        diff = rating - opp
        used = max(-RULE_400, min(RULE_400, diff)) if rule_400 else diff
        terms.append(GameTerm(opp, diff, used, fide_tables.pd(used)))
    expected = Fraction(sum(t.pd for t in terms), 100)
    exact = kf.k * (score - expected)
    change = round_half_away(exact)
    formula = (f"ΔR = K × (W − ΣPD) = {kf.k} × ({formula_number(score)} − "
               f"{formula_number(expected)}) = "
               f"{signed(exact)} → {signed(change)}; "
               f"R′ = {rating} {'+' if change >= 0 else '−'} {abs(change)} = {rating + change}")
    return FideChange(rating, score, kf, tuple(terms), expected, exact, change,
                      rating + change, rule_400, formula)


@dataclass(frozen=True)
class Performance:
    """A performance rating Rp = Ra + dp (B.02 8.1.1)."""

    opponents: tuple[int, ...]
    score: Fraction
    average: int  # Ra, rounded half up
    percent: int  # p in hundredths, rounded half up
    dp: int
    performance: int
    formula: str


def performance(opponents: Sequence[int], score: Fraction) -> Performance:
    """Performance rating: the average rating of the opponents (rounded half up) plus dp for
    the fractional score p rounded to two decimals (table 8.1.1)."""
    check_record(0, opponents, score)
    n = len(opponents)
    ra = round_half_up(Fraction(sum(opponents), n))
    pct = round_half_up(100 * score / n)
    d = fide_tables.dp(pct)
    formula = (f"Ra = {sum(opponents)} / {n} = {ra}; p = {formula_number(score)} / {n} = "
               f"{pct / 100:.2f}; dp({pct / 100:.2f}) = {d}; Rp = Ra + dp = {ra} "
               f"{'+' if d >= 0 else '−'} {abs(d)} = {ra + d}")
    return Performance(tuple(opponents), score, ra, pct, d, ra + d, formula)


@dataclass(frozen=True)
class Initial:
    """An unrated player's first FIDE rating (B.02 7.1)."""

    opponents: tuple[int, ...]
    score: Fraction
    average: int  # Ra with the two hypothetical 1800 opponents
    percent: int
    dp: int
    raw: int  # Ra + dp before the maximum
    rating: int | None  # None: below the floor, nothing published
    capped: bool  # the 2200 maximum applied
    enough_games: bool  # at least 5 games against rated opponents
    formula: str


def initial_rating(opponents: Sequence[int], score: Fraction) -> Initial:
    """Ru = Ra + dp over the games against rated opponents plus two hypothetical draws
    against players rated 1800; at most 2200; below 1400 no rating is published."""
    check_record(0, opponents, score)
    n = len(opponents) + 2
    total = sum(opponents) + 2 * HYPOTHETICAL
    points = score + 1
    ra = round_half_up(Fraction(total, n))
    pct = round_half_up(100 * points / n)
    d = fide_tables.dp(pct)
    raw = ra + d
    rating = min(raw, INITIAL_MAX) if raw >= FLOOR else None
    formula = (f"Ra = ({' + '.join(map(str, opponents))} + 1800 + 1800) / {n} = {ra}; "
               f"p = ({formula_number(score)} + 1) / {n} = {pct / 100:.2f}; dp = {d}; "
               f"Ru = {ra} {'+' if d >= 0 else '−'} {abs(d)} = {raw}")
    if raw > INITIAL_MAX:
        formula += f" → {INITIAL_MAX} (maximum)"
    elif raw < FLOOR:
        formula += f" < {FLOOR} (floor)"
    return Initial(tuple(opponents), score, ra, pct, d, raw, rating, raw > INITIAL_MAX,
                   len(opponents) >= MIN_INITIAL_GAMES, formula)
