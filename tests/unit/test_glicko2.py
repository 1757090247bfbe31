"""Glicko-2 lens: the paper's worked example, the Illinois iteration, the history, properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.rating.glicko2 import (
    SCALE,
    Glicko2Rating,
    Glicko2Settings,
    RatingPeriod,
    expected_score,
    g,
    idle,
    new_volatility,
    rate_history,
    update,
    update_expected,
    update_working,
)

PLAYER = Glicko2Rating(1500.0, 200.0, 0.06)
PAPER_RESULTS = [
    (Glicko2Rating(1400.0, 30.0, 0.06), 1),
    (Glicko2Rating(1550.0, 100.0, 0.06), 0),
    (Glicko2Rating(1700.0, 300.0, 0.06), 0),
]
PAPER = Glicko2Settings(tau=0.5)


# --- Glickman, "Example of the Glicko-2 system" (2013), the worked example -----------------

def test_paper_example_scale_and_step_3() -> None:
    # Step 2: μ and φ of the player and the opponents, as printed in the paper.
    assert PLAYER.mu == 0.0
    assert round(PLAYER.phi, 4) == 1.1513
    assert [round(o.mu, 4) for o, _ in PAPER_RESULTS] == [-0.5756, 0.2878, 1.1513]
    assert [round(o.phi, 4) for o, _ in PAPER_RESULTS] == [0.1727, 0.5756, 1.7269]
    # Step 3 table: g(φj) and E(μ, μj, φj).
    assert [round(g(o.phi), 4) for o, _ in PAPER_RESULTS] == [0.9955, 0.9531, 0.7242]
    assert [round(update_expected(0.0, o.mu, o.phi), 3) for o, _ in PAPER_RESULTS] == [
        0.639, 0.432, 0.303]


def test_paper_example_result() -> None:
    w = update_working(PLAYER, PAPER_RESULTS, PAPER)
    # The paper rounds every intermediate value (its v = 1.7785 comes from g and E rounded to
    # 4 and 3 places); unrounded arithmetic agrees to the paper's third decimal.
    assert w.v == pytest.approx(1.7785, abs=0.001)
    assert w.delta == pytest.approx(-0.4834, abs=0.001)
    assert w.volatility == pytest.approx(0.05999, abs=0.00001)  # 0.059996
    assert w.phi_star == pytest.approx(1.152862, abs=0.00001)
    assert round(w.phi, 4) == 0.8722
    assert round(w.mu, 4) == -0.2069
    # Step 8: the paper's r′ = 173.7178 × (−0.2069) + 1500 = 1464.06, RD′ = 151.52.
    assert round(SCALE * round(w.mu, 4) + 1500, 2) == 1464.06
    after = update(PLAYER, PAPER_RESULTS, PAPER)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.rd, 2) == 151.52
    assert after.volatility == w.volatility


def test_paper_example_through_the_history() -> None:
    """The same example as one period of a history, the four players' states given."""
    start = {1: PLAYER, **{i: o for i, (o, _) in enumerate(PAPER_RESULTS, start=2)}}
    history = rate_history([RatingPeriod(7, ((1, 2, 1), (3, 1, 1), (1, 4, 0)))], PAPER, start)
    first = history.periods[0]
    assert first.event_id == 7
    assert first.before == start
    assert first.after[1] == update(PLAYER, PAPER_RESULTS, PAPER)
    assert round(first.after[1].rd, 2) == 151.52
    # The opponents are rated too, each against player 1's pre-period state.
    assert first.after[2] == update(PAPER_RESULTS[0][0], [(PLAYER, 0)], PAPER)
    assert first.after[4] == update(PAPER_RESULTS[2][0], [(PLAYER, 1)], PAPER)


# --- the volatility iteration against an independent root finder ---------------------------

def _f(x: float, phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    a = math.log(sigma * sigma)
    ex = math.exp(x)
    return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
            - (x - a) / tau ** 2)


@given(phi=st.floats(0.1, 2.1), sigma=st.floats(0.01, 0.2), delta=st.floats(-6, 6),
       v=st.floats(0.2, 40), tau=st.floats(0.2, 1.2))
def test_illinois_finds_a_root_of_step_5(phi: float, sigma: float, delta: float, v: float,
                                         tau: float) -> None:
    """The Illinois result solves f(x) = 0 (f changes sign at it), recomputed with the
    paper's f written out independently; usually f has a single root, but with large τ and
    Δ it can have several (next test), so the check is "a root", not "the root"."""
    got = new_volatility(phi, sigma, delta, v, tau, 1e-9)
    x = math.log(got * got)
    step = 1e-6 * max(1.0, abs(x))
    f_lo = _f(x - step, phi, sigma, delta, v, tau)
    f_hi = _f(x + step, phi, sigma, delta, v, tau)
    assert f_lo * f_hi <= 0 or abs(_f(x, phi, sigma, delta, v, tau)) < 1e-9
    # The root lies between ln σ² and the paper's second bracket end (Δ² > φ² + v) or
    # below ln σ² (otherwise).
    a = math.log(sigma * sigma)
    if delta * delta > phi * phi + v:
        lo, hi = sorted((a, math.log(delta * delta - phi * phi - v)))
        assert lo - 1e-6 <= x <= hi + 1e-6
    else:
        assert x <= a + 1e-6


def test_several_roots_the_illinois_bracket_decides() -> None:
    """A case where f has three roots: the result is the root the paper's iteration reaches
    from its bracket [ln σ², ln(Δ² − φ² − v)], as in every implementation of the paper."""
    phi, sigma, delta, v, tau = 1.125, 0.1875, 6.0, 0.25, 1.125
    got = new_volatility(phi, sigma, delta, v, tau, 1e-9)
    assert abs(_f(math.log(got * got), phi, sigma, delta, v, tau)) < 1e-9
    assert got == pytest.approx(0.24305, abs=1e-5)


def test_volatility_rises_on_a_surprise() -> None:
    """A strong, settled player who loses 20 times to a weak one: σ must rise (and more so
    with a larger τ), while a result as expected lowers it slightly."""
    strong = Glicko2Rating(2000.0, 50.0, 0.06)
    weak = Glicko2Rating(1200.0, 50.0, 0.06)
    after = update(strong, [(weak, 0)] * 20)
    assert after.volatility > 0.065
    assert update(strong, [(weak, 0)] * 20, Glicko2Settings(tau=1.2)).volatility > after.volatility
    assert after.rating < 2000
    assert update(strong, [(weak, 1)] * 20).volatility < 0.06


# --- history, inactivity, prediction -------------------------------------------------------

def test_idle_player_only_gains_rd() -> None:
    periods = [RatingPeriod(1, ((1, 2, 1),)), RatingPeriod(2, ((2, 3, 0.5),)),
               RatingPeriod(3, ((2, 3, 1),)), RatingPeriod(4, ((1, 3, 0),))]
    history = rate_history(periods)
    after_1 = history.periods[0].after[1]
    before_4 = history.periods[3].before[1]
    # Two periods missed: the rating and σ unchanged, φ² grew by 2σ² (step 6 twice).
    assert before_4.rating == after_1.rating
    assert before_4.volatility == after_1.volatility
    assert before_4.phi ** 2 == pytest.approx(after_1.phi ** 2 + 2 * after_1.volatility ** 2)
    # One at a time gives the same as two at once.
    assert idle(idle(after_1)).rd == pytest.approx(idle(after_1, 2).rd)
    # Final state: player 2 missed the last period.
    assert history.final[2].rd > history.periods[2].after[2].rd
    assert history.final[1] == history.periods[3].after[1]
    assert history.last_played == {1: 3, 2: 2, 3: 3}


def test_new_player_starts_at_the_initial_state_even_late() -> None:
    history = rate_history([RatingPeriod(1, ((1, 2, 1),)), RatingPeriod(2, ((1, 9, 1),))],
                           Glicko2Settings(initial_rating=1200.0))
    assert history.periods[1].before[9] == Glicko2Rating(1200.0, 350.0, 0.06)


def test_translation_invariance_of_the_start_rating() -> None:
    games = [RatingPeriod(1, ((1, 2, 1), (2, 3, 0.5))), RatingPeriod(2, ((3, 1, 1),))]
    a = rate_history(games, Glicko2Settings(initial_rating=1500.0)).final
    b = rate_history(games, Glicko2Settings(initial_rating=1200.0)).final
    for m in a:
        assert b[m].rating == pytest.approx(a[m].rating - 300.0)
        assert b[m].rd == pytest.approx(a[m].rd)


def test_self_games_are_ignored() -> None:
    history = rate_history([RatingPeriod(1, ((1, 1, 1),))])
    assert history.periods[0].before == {} and history.final == {}


def test_expected_score_uses_the_combined_deviation() -> None:
    a = Glicko2Rating(1700.0, 50.0, 0.06)
    b = Glicko2Rating(1500.0, 120.0, 0.06)
    phi = math.sqrt(a.phi ** 2 + b.phi ** 2)
    by_hand = 1 / (1 + math.exp(-(1 / math.sqrt(1 + 3 * phi ** 2 / math.pi ** 2))
                                * (a.rating - b.rating) / SCALE))
    assert expected_score(a, b) == pytest.approx(by_hand)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)
    # More uncertainty pulls the prediction towards ½.
    assert 0.5 < expected_score(a, Glicko2Rating(1500.0, 350.0, 0.06)) < expected_score(a, b)


def test_games_without_information_count_as_none() -> None:
    player = Glicko2Rating(1500.0, 100.0, 0.06)
    hopeless = Glicko2Rating(9000.0, 30.0, 0.06)
    assert update(player, [(hopeless, 0)]) == idle(player)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        Glicko2Settings(tau=0)
    with pytest.raises(ValueError):
        Glicko2Settings(rd_floor=400)


# --- properties ----------------------------------------------------------------------------

STATES = st.builds(Glicko2Rating, st.floats(800, 2600), st.floats(30, 350),
                   st.floats(0.03, 0.09))
SCORES = st.sampled_from([0, 0.5, 1])


@given(player=STATES, results=st.lists(st.tuples(STATES, SCORES), min_size=1, max_size=12),
       floor=st.sampled_from([0.0, 30.0, 60.0]))
def test_rd_stays_between_floor_and_cap(player: Glicko2Rating,
                                        results: list[tuple[Glicko2Rating, float]],
                                        floor: float) -> None:
    s = Glicko2Settings(rd_floor=floor)
    after = update(player, results, s)
    assert floor - 1e-9 <= after.rd <= 350.0 + 1e-9
    # Games never add uncertainty: φ′ ≤ φ* (step 7), unless the floor lifts it.
    w = update_working(player, results, s)
    assert w.phi <= max(w.phi_star, floor / SCALE) + 1e-12
    assert w.phi_star <= 350.0 / SCALE + 1e-12


@given(player=STATES, results=st.lists(st.tuples(STATES, SCORES), min_size=1, max_size=12))
def test_all_wins_never_lower_and_all_losses_never_raise(
        player: Glicko2Rating, results: list[tuple[Glicko2Rating, float]]) -> None:
    wins = update(player, [(o, 1) for o, _ in results])
    losses = update(player, [(o, 0) for o, _ in results])
    assert wins.rating > player.rating > losses.rating


@given(player=STATES, periods=st.integers(0, 50))
def test_idle_only_gains_rd_up_to_the_cap(player: Glicko2Rating, periods: int) -> None:
    after = idle(player, periods)
    assert after.rating == player.rating and after.volatility == player.volatility
    assert player.rd <= after.rd <= max(350.0, player.rd)


@settings(max_examples=60)
@given(st.lists(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), SCORES), max_size=6),
                max_size=8))
def test_history_properties(raw: list[list[tuple[int, int, float]]]) -> None:
    periods = [RatingPeriod(i, tuple(games)) for i, games in enumerate(raw)]
    history = rate_history(periods)
    for index, (period, result) in enumerate(zip(periods, history.periods, strict=True)):
        players = {m for a, b, _ in period.games if a != b for m in (a, b)}
        assert set(result.before) == players == set(result.after)
        for m in players:
            assert 30.0 - 1e-9 <= result.after[m].rd <= 350.0 + 1e-9
            # Before = after of the member's previous period, grown by the periods missed.
            earlier = [j for j in range(index) if m in history.periods[j].after]
            if earlier:
                j = earlier[-1]
                assert result.before[m].rd == pytest.approx(
                    idle(history.periods[j].after[m], index - 1 - j).rd)
            else:
                assert result.before[m] == Glicko2Rating(1500.0, 350.0, 0.06)
    # The history does not depend on the order of games inside a period (batching).
    shuffled = rate_history([RatingPeriod(p.event_id, tuple(reversed(p.games))) for p in periods])
    for m, s in history.final.items():
        assert shuffled.final[m].rating == pytest.approx(s.rating)
        assert shuffled.final[m].rd == pytest.approx(s.rd)
