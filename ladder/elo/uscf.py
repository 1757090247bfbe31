"""The US Chess rating formulas (docs/elo-tools.md, optional tool).

From M. E. Glickman and T. Doan, *The US Chess Rating System* (revised September 2020), and
its *Approximating Formulas*: the effective number of games (§3), the special rating for
eight games or fewer (§4.1, solved by the document's iteration), the standard rating with its
bonus (§4.2) and the floors (§5, simplified), in floating point as US Chess computes them.
Each formula, and what is not modelled: docs/elo-tools.md, "The US Chess formulas".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ladder.elo.errors import EloError
from ladder.elo.exact import check_record, formula_number
from ladder.elo.expected import logistic
from ladder.vocabulary.messages import msg

SPECIAL_MAX_GAMES = 8  # §4.1: the special formula up to 8 games
EFFECTIVE_TOP = 2355  # §3: from this rating N* = 50
BONUS_THRESHOLD = 10  # §4.2: B (14 in the 2020 text, 10 since 2025)
BONUS_MIN_GAMES = 3  # §4.2: no bonus in an event of fewer than 3 games
ABSOLUTE_FLOOR = 100
PEAK_FLOOR_LOW = 1200  # floors exist at 1200, 1300, … 2100
PEAK_FLOOR_HIGH = 2100
SPECIAL_CAP = 2700  # §4.1: a special rating is at most 2700
EPSILON = 1e-7  # §4.1: tolerance of the special-rating iteration
MAX_STEPS = 1000  # safety net: the iteration ends after a few knots

PREVIOUS = ("mixed", "all-wins", "all-losses")


def effective_games(rating: int, games: int) -> tuple[float, float]:
    """``(N*, N′)``: the cap from the rating and the effective number of games (§3)."""
    if rating <= EFFECTIVE_TOP:
        cap = 50 / math.sqrt(0.662 + 0.00000739 * (2569 - rating) ** 2)
    else:
        cap = 50.0
    return cap, min(float(games), cap)


def pwe(rating: float, opponent: float) -> float:
    """Provisional winning expectancy (§4.1): linear within 400 points, else 0 or 1."""
    if rating <= opponent - 400:
        return 0.0
    if rating >= opponent + 400:
        return 1.0
    return 0.5 + (rating - opponent) / 800


@dataclass(frozen=True)
class Floor:
    """The rating floor applied: ``kind`` is ``absolute`` or ``peak``."""

    value: int
    kind: str
    peak: int | None


@dataclass(frozen=True)
class UscfChange:
    """A US Chess rating update with its working.

    ``kind`` is ``"standard"`` or ``"special"``; for the special formula ``k`` is None and
    ``bonus`` 0. ``expected`` is always Σ We at the pre-event rating (logistic), for
    comparison; ``special_steps`` lists the iteration's estimates M (first: the linear one).
    """

    rating: int
    games: int
    opponents: tuple[int, ...]
    score: Fraction
    previous: str
    kind: str
    effective_cap: float  # N*
    effective_games: float  # N′
    expected: float  # Σ We(R0, Ri)
    k: float | None
    base_change: float  # K(S − E) (standard) or M − R0 (special)
    bonus: float
    raw: float  # the rating before floors, unrounded
    floor: Floor
    floored: bool
    new_rating: int
    change: int
    special_steps: tuple[float, ...]
    formula: str


def rating_change(rating: int, games: int, opponents: Sequence[int], score: Fraction, *,
                  previous: str = "mixed", peak: int | None = None,
                  bonus_threshold: float = BONUS_THRESHOLD) -> UscfChange:
    """The US Chess rating after an event: ``rating`` based on ``games`` earlier games,
    ``score`` against ``opponents``; ``previous`` says whether all earlier games were wins
    (``all-wins``) or losses (``all-losses``); ``peak`` (the highest rating ever) sets the
    peak floor."""
    _check(rating, games, opponents, score, previous, peak)
    m = len(opponents)
    cap, n_eff = effective_games(rating, games)
    expected = sum(logistic(rating - r) for r in opponents)
    effective_text = _effective_text(rating, games, cap, n_eff)
    extreme = previous != "mixed" and games > 0
    if games <= SPECIAL_MAX_GAMES or extreme:
        kind = "special"
        raw, steps, text = _special(rating, n_eff, opponents, score,
                                    previous if extreme else "mixed")
        k, base, bonus = None, raw - rating, 0.0
        formula = f"{effective_text}; {text}"
    else:
        kind, steps = "standard", ()
        k = 800 / (n_eff + m)
        base = k * (float(score) - expected)
        bonus = 0.0
        m_bonus = max(m, 4)
        bonus_text = f"no bonus (fewer than {BONUS_MIN_GAMES} games)"
        if m >= BONUS_MIN_GAMES:
            bonus = max(0.0, base - bonus_threshold * math.sqrt(m_bonus))
            bonus_text = (f"bonus = max(0, {_num(base)} − {formula_number(bonus_threshold)} "
                          f"× √{m_bonus}) = {bonus:.2f}")
        raw = rating + base + bonus
        formula = (f"{effective_text}; K = 800 / (N′ + m) = 800 / ({n_eff:.2f} + {m}) = "
                   f"{k:.2f}; E = ΣWe = {expected:.2f}; K(S − E) = {k:.2f} × "
                   f"({formula_number(score)} − {expected:.2f}) = {_signed(base)}; {bonus_text}; "
                   f"R′ = {rating} "
                   f"{_signed_sum(base)}{' + ' + format(bonus, '.2f') if bonus else ''} = "
                   f"{_dec(raw)}")
    floor = _floor(peak)
    floored = raw < floor.value
    final = max(raw, floor.value)
    new_rating = math.floor(final + 0.5)
    formula += f" → {new_rating}"
    if floored:
        formula += (f" (floor {floor.value}" + (f": peak {peak} − 200, rounded down"
                                                 if floor.kind == "peak" else "") + ")")
    return UscfChange(rating, games, tuple(opponents), score, previous, kind, cap, n_eff,
                      expected, k, base, bonus, raw, floor, floored, new_rating,
                      new_rating - rating, steps, formula)


#: The name exported from :mod:`ladder.elo` (``rating_change`` there is FIDE's).
uscf_rating_change = rating_change


def special_rating(rating: int, n_eff: float, opponents: Sequence[int], score: Fraction,
                   previous: str = "mixed") -> float:
    """The special rating M with ``f(M) = 0`` (§4.1), unrounded and capped at 2700."""
    return _special(rating, n_eff, opponents, score, previous)[0]


def _special(rating: int, n_eff: float, opponents: Sequence[int], score: Fraction,
             previous: str) -> tuple[float, tuple[float, ...], str]:
    m = len(opponents)
    s = float(score)
    r0, s_adj, adj_text = _adjusted(rating, n_eff, s, previous)

    def f(r: float) -> float:
        return n_eff * pwe(r, r0) + sum(pwe(r, ri) for ri in opponents) - s_adj

    knots = sorted({float(ri + d) for ri in opponents for d in (-400, 400)}
                   | ({float(r0 - 400), float(r0 + 400)} if n_eff > 0 else set()))
    # Step 1: the rating at which the linear parts balance (the old provisional formula).
    first = (n_eff * r0 + sum(opponents) + 400 * (2 * s_adj - n_eff - m)) / (n_eff + m)
    estimate, value = first, f(first)
    steps = [first]
    for _ in range(MAX_STEPS):
        if value > EPSILON:  # Step 2: too high, step down towards the knot below
            below = [z for z in knots if z < estimate]
            za = below[-1]
            fa = f(za)
            if abs(value - fa) < EPSILON:
                estimate, value = za, fa
                steps.append(estimate)
                continue
            secant = estimate - value * (estimate - za) / (value - fa)
            if secant < za:
                estimate, value = za, fa
            elif secant < estimate:
                estimate, value = secant, f(secant)
            else:
                break
            steps.append(estimate)
        elif value < -EPSILON:  # Step 3: too low, step up towards the knot above
            above = [z for z in knots if z > estimate]
            zb = above[0]
            fb = f(zb)
            if abs(fb - value) < EPSILON:
                estimate, value = zb, fb
                steps.append(estimate)
                continue
            secant = estimate - value * (zb - estimate) / (fb - value)
            if secant > zb:
                estimate, value = zb, fb
            elif secant > estimate:
                estimate, value = secant, f(secant)
            else:
                break
            steps.append(estimate)
        else:
            break
    # Step 4: on a flat stretch with nobody within 400 points, the point closest to R0.
    near = sum(1 for ri in opponents if abs(estimate - ri) <= 400)
    near += 1 if n_eff > 0 and abs(estimate - r0) <= 400 else 0
    if abs(value) <= EPSILON and near == 0:
        below = [z for z in knots if z < estimate]
        above = [z for z in knots if z > estimate]
        za = below[-1] if below else -math.inf
        zb = above[0] if above else math.inf
        estimate = float(min(max(rating, za), zb))
        steps.append(estimate)
    capped = estimate > SPECIAL_CAP
    result = min(estimate, float(SPECIAL_CAP))
    text = (f"special formula: {adj_text} = {_num(s_adj)}; f(R) = N′·PWe(R, R0′) + ΣPWe(R, Ri) "
            f"− S′ = 0; M = (N′R0′ + ΣRi + 400(2S′ − N′ − m)) / (N′ + m) = ({_num(n_eff)} × {r0} "
            f"+ {sum(opponents)} + 400 × ({_num(2 * s_adj - n_eff - m)})) / ({_num(n_eff)} + {m}) "
            f"= {_dec(first)}")
    if abs(estimate - first) > 0.005:
        text += (f"; f(M) = {_signed(f(first))} ≠ 0, iterated over the knots Ri ± 400 to "
                 f"{_dec(estimate)}")
    if capped:
        text += f"; at most {SPECIAL_CAP}"
    return result, tuple(steps), text


def _adjusted(rating: int, n_eff: float, s: float, previous: str) -> tuple[int, float, str]:
    """``(R0′, S′, working)`` of §4.1 after all previous wins, all losses or a mix of both."""
    if previous == "all-wins":
        r0, s_adj = rating - 400, s + n_eff
        adj_text = f"R0′ = R0 − 400 = {r0}, S′ = S + N′"
    elif previous == "all-losses":
        r0, s_adj = rating + 400, s
        adj_text = f"R0′ = R0 + 400 = {r0}, S′ = S"
    else:
        r0, s_adj, adj_text = rating, s + n_eff / 2, f"R0′ = R0 = {rating}, S′ = S + N′/2"
    return r0, s_adj, adj_text


def _floor(peak: int | None) -> Floor:
    if peak is not None:
        value = min(PEAK_FLOOR_HIGH, (peak - 200) // 100 * 100)
        if value >= PEAK_FLOOR_LOW:
            return Floor(value, "peak", peak)
    return Floor(ABSOLUTE_FLOOR, "absolute", peak)


def _effective_text(rating: int, games: int, cap: float, n_eff: float) -> str:
    if rating > EFFECTIVE_TOP:
        return f"N′ = min(N, 50) = min({games}, 50) = {_num(n_eff)}"
    return (f"N′ = min(N, 50 / √(0.662 + 0.00000739 × (2569 − {rating})²)) = "
            f"min({games}, {cap:.2f}) = {_num(n_eff)}")


def _num(value: float) -> str:
    """2, 2.5, 26.79: whole and half values exactly, else two decimals (real minus sign)."""
    if float(value).is_integer():
        text = str(int(value))
    elif float(2 * value).is_integer():
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}"
    return text.replace("-", "−")


def _dec(value: float) -> str:
    return f"{value:.2f}".replace("-", "−")


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def _signed_sum(value: float) -> str:
    return f"{'+' if value >= 0 else '−'} {abs(value):.2f}"


def parse_games(text: str | int, field: str = "games") -> int:
    """A number of earlier rated games: a whole number, 0 or more."""
    raw = str(text).strip()
    if not raw.isdecimal() or len(raw) > 7:
        raise EloError(field, msg("%(value)s is not a whole number of games, 0 or more",
                                  value=repr(raw)))
    return int(raw)


def _check(rating: int, games: int, opponents: Sequence[int], score: Fraction, previous: str,
           peak: int | None) -> None:
    check_record(rating, opponents, score)
    if games < 0:
        raise EloError("games", f"a number of games cannot be negative ({games})")
    if previous not in PREVIOUS:
        raise EloError("previous", f"unknown earlier results {previous!r}")
    if peak is not None and peak < rating:
        raise EloError("peak", f"the peak rating {peak} is below the rating {rating}")
