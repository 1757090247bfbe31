"""Glicko-2 (Glickman), a lens beside the ladder: never the ladder itself (docs/qualities.md §2).

Pure: plain data in, plain data out. The algorithm is Mark E. Glickman's "Example of the
Glicko-2 system" (2013 revision), steps 1–8, with the Illinois algorithm for the new
volatility (step 5.4), one rating period per event. The choices the paper leaves to an
application (start values, τ, the RD cap and floor, inactivity, the convergence tolerance) are
the settings of :class:`Glicko2Settings`, and :func:`expected_score` predicts with the combined
deviation of both players: docs/club-rating.md §3 gives each one and why.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

#: Glicko-2 scale factor: μ = (r − 1500) / 173.7178, φ = RD / 173.7178 (step 2).
SCALE = 173.7178

Score = float | Fraction | int


@dataclass(frozen=True)
class Glicko2Settings:
    """The lens's settings; changing any of them means re-rating the history."""

    tau: float = 0.5  # the system constant τ (constrains the change of volatility)
    initial_rating: float = 1500.0
    initial_rd: float = 350.0  # also the RD cap
    initial_volatility: float = 0.06
    rd_floor: float = 30.0  # smallest RD after a period (0: no floor)
    epsilon: float = 0.000001  # convergence tolerance of the Illinois iteration (step 5.4)

    def __post_init__(self) -> None:
        if not self.tau > 0:
            raise ValueError("tau must be positive")
        if not self.initial_rd > 0 or not 0 <= self.rd_floor <= self.initial_rd:
            raise ValueError("need 0 <= rd_floor <= initial_rd and initial_rd > 0")
        if not self.initial_volatility > 0 or not self.epsilon > 0:
            raise ValueError("initial_volatility and epsilon must be positive")


DEFAULT_SETTINGS = Glicko2Settings()


@dataclass(frozen=True)
class Glicko2Rating:
    """A Glicko-2 state on the Glicko scale: rating, rating deviation RD, volatility σ."""

    rating: float
    rd: float
    volatility: float

    @property
    def mu(self) -> float:
        """μ on the Glicko-2 scale (relative to 1500)."""
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        """φ on the Glicko-2 scale."""
        return self.rd / SCALE

    def interval(self, width: float = 2.0) -> tuple[float, float]:
        """The uncertainty band rating ± ``width`` × RD (≈ 95 % for the default 2)."""
        return (self.rating - width * self.rd, self.rating + width * self.rd)


def initial(settings: Glicko2Settings = DEFAULT_SETTINGS) -> Glicko2Rating:
    """The state of a member before their first game."""
    return Glicko2Rating(settings.initial_rating, settings.initial_rd,
                         settings.initial_volatility)


def _from_scale(mu: float, phi: float, sigma: float) -> Glicko2Rating:
    # Step 8: back to the Glicko scale.
    return Glicko2Rating(SCALE * mu + 1500.0, SCALE * phi, sigma)


def g(phi: float) -> float:
    """g(φ) = 1 / √(1 + 3φ² / π²) (step 3)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def update_expected(mu: float, mu_j: float, phi_j: float) -> float:
    """E(μ, μj, φj) = 1 / (1 + exp(−g(φj)(μ − μj))), the update's expectation (step 3)."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def expected_score(a: Glicko2Rating, b: Glicko2Rating) -> float:
    """Predicted score of ``a`` against ``b``: E with the combined deviation √(φa² + φb²).

    See the module docstring for why the combined deviation is used.
    """
    return 1.0 / (1.0 + math.exp(-g(math.hypot(a.phi, b.phi)) * (a.mu - b.mu)))


def new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float,
                   epsilon: float = 0.000001) -> float:
    """σ′ by the Illinois algorithm (step 5 of the 2013 paper)."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    tau2 = tau * tau
    delta2 = delta * delta

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    # Step 5.2: the initial bracket.
    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    # Step 5.3 and 5.4: the Illinois iteration.
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    # Step 5.5.
    return math.exp(big_a / 2.0)


@dataclass(frozen=True)
class PeriodWorking:
    """The intermediate values of one player's update (steps 3–7), for tests and the guide."""

    v: float
    delta: float
    volatility: float  # σ′
    phi_star: float  # pre-period φ* after the cap
    phi: float  # φ′ after the floor
    mu: float  # μ′


def update_working(player: Glicko2Rating,
                   results: Sequence[tuple[Glicko2Rating, Score]],
                   settings: Glicko2Settings = DEFAULT_SETTINGS) -> PeriodWorking:
    """Steps 3–7 for ``player`` with ``results`` = (opponent's pre-period state, score)."""
    if not results:
        raise ValueError("a player without games only gains RD: use idle()")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    cap = settings.initial_rd / SCALE
    floor = settings.rd_floor / SCALE
    inv_v = 0.0
    total = 0.0
    for opponent, score in results:
        g_j = g(opponent.phi)
        e = update_expected(mu, opponent.mu, opponent.phi)
        inv_v += g_j * g_j * e * (1.0 - e)  # step 3
        total += g_j * (float(score) - e)  # step 4 (before the factor v)
    v = 1.0 / inv_v
    delta = v * total
    sigma_new = new_volatility(phi, sigma, delta, v, settings.tau, settings.epsilon)
    phi_star = min(math.sqrt(phi * phi + sigma_new * sigma_new), cap)  # step 6, capped
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * total
    return PeriodWorking(v, delta, sigma_new, phi_star, max(phi_new, floor), mu_new)


def update(player: Glicko2Rating, results: Sequence[tuple[Glicko2Rating, Score]],
           settings: Glicko2Settings = DEFAULT_SETTINGS) -> Glicko2Rating:
    """``player``'s state after one rating period with ``results``; no games: :func:`idle`."""
    if not results:
        return idle(player, 1, settings)
    try:
        w = update_working(player, results, settings)
    except ZeroDivisionError:
        # Every expectation was exactly 0 or 1 in floating point (gaps of some 6,400
        # points): the games carry no information, as if none were played.
        return idle(player, 1, settings)
    return _from_scale(w.mu, w.phi, w.volatility)


def idle(player: Glicko2Rating, periods: int = 1,
         settings: Glicko2Settings = DEFAULT_SETTINGS) -> Glicko2Rating:
    """``player`` after ``periods`` rating periods without games: only the RD grows.

    φ′ = √(φ² + kσ²) (step 6 k times, σ unchanged), capped at the initial RD.
    """
    if periods <= 0:
        return player
    phi = player.phi
    sigma = player.volatility
    grown = min(math.sqrt(phi * phi + periods * sigma * sigma), settings.initial_rd / SCALE)
    # max(): a state handed in above the cap keeps its RD (inactivity never lowers an RD).
    return Glicko2Rating(player.rating, max(SCALE * grown, player.rd), sigma)


class Period(Protocol):
    """One rating period (an event): its id and its games as (a, b, score of a).

    Any object with these two attributes will do (``ladder.club.history.EventGames`` has them).
    """

    @property
    def event_id(self) -> int: ...

    @property
    def games(self) -> Sequence[tuple[int, int, Score]]: ...


@dataclass(frozen=True)
class RatingPeriod:
    """A plain :class:`Period`: an event's id and its rated games (a, b, score of a)."""

    event_id: int
    games: tuple[tuple[int, int, Score], ...]


@dataclass(frozen=True)
class PeriodResult:
    """One event of the history: every participant's state before and after it.

    ``before`` is what predicts the event's games out of sample: the state at the start of
    the period (inactivity growth from missed periods included), or the initial state for a
    member's first event.
    """

    event_id: int
    before: dict[int, Glicko2Rating]
    after: dict[int, Glicko2Rating]


@dataclass(frozen=True)
class Glicko2History:
    """A whole history rated with Glicko-2.

    ``final`` holds every member who has played (and every member of the starting state),
    as of after the last event (RD growth for
    the events they missed after their last game included); ``last_played`` the index in
    ``periods`` of each member's last event with a game.
    """

    periods: tuple[PeriodResult, ...]
    final: dict[int, Glicko2Rating]
    last_played: dict[int, int]


def rate_history(periods: Iterable[Period],
                 settings: Glicko2Settings = DEFAULT_SETTINGS,
                 state: Mapping[int, Glicko2Rating] | None = None) -> Glicko2History:
    """Rate ``periods`` (events in replay order, (event date, event id)) one after another.

    Each period's games are rated against the states everybody held before it (step 1: the
    opponents' pre-period μ and φ). A game of a member against themselves is ignored. Pass
    the games that count at all, e.g. ``ladder.rating.event_rating.rated_games(event)``: the
    ladder's protection rule does not apply here (Glicko-2 weighs uncertainty itself).

    ``state`` (optional) holds members already rated before the first period, as if updated
    just before it; everybody else starts at :func:`initial`.
    """
    current: dict[int, Glicko2Rating] = dict(state or {})
    # member -> index of the period after which ``current`` holds (-1: before the first)
    seen_at: dict[int, int] = {m: -1 for m in current}
    last_played: dict[int, int] = {}
    results: list[PeriodResult] = []
    start = initial(settings)
    index = -1
    for index, period in enumerate(periods):
        games: dict[int, list[tuple[int, float]]] = {}
        for a, b, score in period.games:
            if a == b:
                continue
            s = float(score)
            games.setdefault(a, []).append((b, s))
            games.setdefault(b, []).append((a, 1.0 - s))
        before: dict[int, Glicko2Rating] = {}
        for member in games:
            if member in current:
                # Periods missed since the member's last update: RD growth only (step 6).
                before[member] = idle(current[member], index - 1 - seen_at[member], settings)
            else:
                before[member] = start
        after: dict[int, Glicko2Rating] = {}
        for member, played in games.items():
            after[member] = update(before[member],
                                   [(before[opp], s) for opp, s in played], settings)
        for member, new in after.items():
            current[member] = new
            seen_at[member] = index
            last_played[member] = index
        results.append(PeriodResult(period.event_id, before, after))
    final = {m: idle(s, index - seen_at[m], settings) for m, s in current.items()}
    return Glicko2History(tuple(results), final, last_played)
