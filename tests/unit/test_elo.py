"""The Elo tools' pure functions (docs/elo-tools.md, with FIDE's own examples)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ladder.elo import (
    EloError,
    classic_table,
    expected_score,
    initial_rating,
    k_factor,
    parse_ratings,
    parse_score,
    performance,
    rating_change,
)
from ladder.elo.exact import round_half_away


def test_fide_vector_1922_three_games() -> None:
    r = rating_change(1922, [1798, 1801, 1897], F(2), k=40)
    assert [t.pd for t in r.terms] == [67, 66, 53]
    assert r.expected == F(186, 100)
    assert r.change_exact == F(28, 5) and r.change == 6 and r.new_rating == 1928
    assert "40 × (2 − 1.86)" in r.formula and "1928" in r.formula


def test_fide_vector_1794_seven_games() -> None:
    r = rating_change(1794, [2073, 1938, 1847, 1986, 2115, 1902, 1831], F(5, 2), k=40)
    assert r.new_rating == 1811


def test_fide_vector_400_point_rule() -> None:
    r = rating_change(1787, [2813, 1626, 1675, 1579, 1742], F(2), k=40)
    assert r.terms[0].diff == -1026 and r.terms[0].used_diff == -400 and r.terms[0].capped
    assert r.new_rating == 1756 and r.change == -31


def test_400_point_rule_not_applied_from_2650_since_2025_10() -> None:
    now = rating_change(2700, [2200], F(1), k=10)
    assert not now.rule_400 and now.terms[0].used_diff == 500 and now.terms[0].pd == 96
    before = rating_change(2700, [2200], F(1), k=10, top_exception=False)
    assert before.rule_400 and before.terms[0].used_diff == 400 and before.terms[0].pd == 92
    assert rating_change(2649, [2200], F(1), k=10).rule_400


def test_k_times_n_at_most_700() -> None:
    k = k_factor(2000, games=18, given=40)
    assert (k.k, k.base, k.capped) == (38, 40, True)
    assert k_factor(2000, games=17, given=40).k == 41 - 1  # 17 × 40 = 680 ≤ 700
    r = rating_change(2000, [2000] * 18, F(9), k=40)
    assert r.k.k == 38


@pytest.mark.parametrize("rating, kwargs, k, reason", [
    (1500, {"games_before": 10}, 40, "new"),
    (2200, {"games_before": 40, "under_18": True}, 40, "junior"),
    (2300, {"games_before": 40, "under_18": True}, 20, "standard"),
    (2399, {"games_before": 40}, 20, "standard"),
    (2400, {"games_before": 40}, 10, "top"),
    (2350, {"games_before": 40, "reached_2400": True}, 10, "top"),
])
def test_k_per_fide(rating: int, kwargs: dict, k: int, reason: str) -> None:
    got = k_factor(rating, **kwargs)
    assert (got.k, got.reason) == (k, reason)


def test_rounding_half_away_from_zero() -> None:
    assert round_half_away(F(5, 2)) == 3 and round_half_away(F(-5, 2)) == -3
    assert round_half_away(F(-24, 10)) == -2 and round_half_away(F(0)) == 0
    # Exact halves: K 10, PD 0.55 / 0.45 (difference 35): ±0.5 → ±1, never towards zero.
    down = rating_change(2035, [2000], F(1, 2), k=10)
    assert down.change_exact == F(-1, 2) and down.change == -1
    up = rating_change(2000, [2035], F(1, 2), k=10)
    assert up.change_exact == F(1, 2) and up.change == 1
    r = rating_change(2003, [2000], F(1, 2), k=10)  # diff 3 → PD 0.50; 10 × 0 = 0
    assert r.change == 0
    r = rating_change(2004, [2000], F(1, 2), k=10)  # diff 4 → PD 0.51; 10 × −0.01 = −0.1
    assert r.change == 0
    r = rating_change(2011, [2000], F(1, 2), k=50)  # PD .52: 50 × −0.02 = −1
    assert r.change == -1


def test_performance_table_8_1_1() -> None:
    p = performance([1798, 1801, 1897], F(2))
    assert (p.average, p.percent, p.dp, p.performance) == (1832, 67, 125, 1957)
    assert performance([2000] * 4, F(4)).performance == 2800
    assert performance([2000] * 4, F(0)).performance == 1200
    assert performance([2000, 2001], F(1)).performance == 2001  # Ra 2000.5 rounds up
    assert "Rp = Ra + dp" in p.formula


def test_initial_rating_with_two_1800_draws() -> None:
    i = initial_rating([1900, 2000, 1700, 1800, 1850], F(3))
    assert (i.average, i.percent, i.dp, i.rating) == (1836, 57, 50, 1886)
    assert i.enough_games and not i.capped
    top = initial_rating([2500, 2600, 2400, 2500, 2450], F(5))
    assert top.raw > 2200 and top.rating == 2200 and top.capped
    low = initial_rating([1400] * 5, F(0))
    assert low.rating is None and low.raw < 1400
    assert not initial_rating([1900, 1900], F(1)).enough_games


def test_expected_score_and_classic_table() -> None:
    assert [r.higher_percent for r in classic_table()] == [50, 57, 64, 70, 76, 81, 85, 88, 91,
                                                          93, 95]
    e = expected_score(1400, 1500)
    assert round(e.expected, 4) == 0.3599 and e.diff == -100
    assert "0.3599" in e.formula


@pytest.mark.parametrize("call, field", [
    (lambda: rating_change(1500, [1500, 1600], F(3)), "score"),
    (lambda: rating_change(-1, [1500], F(1)), "rating"),
    (lambda: parse_ratings("1500, abc"), "opponents"),
    (lambda: parse_ratings("1500, -3"), "opponents"),
    (lambda: parse_score("x"), "score"),
    (lambda: parse_score("1.25"), "score"),
    (lambda: k_factor(1500, given=0), "k"),
    (lambda: performance([], F(0)), "opponents"),
])
def test_bad_input_names_the_field(call, field: str) -> None:
    with pytest.raises(EloError) as info:
        call()
    assert info.value.field == field and "\n" not in str(info.value)


def test_scores_accept_half_signs_and_commas() -> None:
    assert parse_score("2½") == F(5, 2) == parse_score("2,5") == parse_score("2.5")
    assert parse_score("½") == F(1, 2)
    assert parse_ratings("1798, 1801;1897 2000") == (1798, 1801, 1897, 2000)
