"""The US Chess rating (docs/elo-tools.md, optional): Glickman & Doan, *The US Chess Rating System*.

Every vector is worked by hand in the comments; N* = 50 / √(0.662 + 0.00000739 (2569 − R0)²).
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from ladder.elo import EloError, uscf_rating_change
from ladder.elo.command import elo_group
from ladder.elo.uscf import effective_games, pwe, rating_change, special_rating


def test_effective_games() -> None:
    # R0 = 1700: (2569 − 1700)² = 869² = 755161; × 0.00000739 = 5.58064; + 0.662 = 6.24264;
    # √ = 2.49853; N* = 50 / 2.49853 = 20.0118. N = 30 → N′ = 20.0118; N = 6 → N′ = 6.
    cap, n = effective_games(1700, 30)
    assert cap == pytest.approx(20.0118, abs=1e-4) and n == cap
    assert effective_games(1700, 6)[1] == 6
    # From 2355 on N* = 50: (2569 − 2355)² × 0.00000739 + 0.662 = 1.0004 → N* ≈ 49.99 just below.
    assert effective_games(2355, 100)[0] == pytest.approx(49.99, abs=0.01)
    assert effective_games(2356, 100) == (50.0, 50.0)


def test_pwe_is_linear_within_400_points() -> None:
    assert pwe(1500, 1500) == 0.5
    assert pwe(1700, 1500) == 0.75  # ½ + 200/800
    assert pwe(1100, 1500) == 0.0 and pwe(1000, 1500) == 0.0
    assert pwe(1900, 1500) == 1.0 and pwe(2500, 1500) == 1.0


def test_standard_formula_with_bonus() -> None:
    # R0 = 1700 on N = 30 games, 4 wins against four 1700s.
    # N′ = 20.0118 (above); K = 800 / (20.0118 + 4) = 33.3170; E = 4 × 0.5 = 2;
    # K(S − E) = 33.3170 × 2 = 66.634; bonus = max(0, 66.634 − 10 × √max(4, 4)) = 46.634;
    # R′ = 1700 + 66.634 + 46.634 = 1813.27 → 1813.
    r = rating_change(1700, 30, [1700] * 4, F(4))
    assert r.kind == "standard"
    assert r.k == pytest.approx(33.3170, abs=1e-4)
    assert r.expected == 2.0
    assert r.base_change == pytest.approx(66.634, abs=1e-3)
    assert r.bonus == pytest.approx(46.634, abs=1e-3)
    assert r.new_rating == 1813 and r.change == 113
    assert "K = 800 / (N′ + m) = 800 / (20.01 + 4) = 33.32" in r.formula
    assert "bonus = max(0, 66.63 − 10 × √4) = 46.63" in r.formula
    assert r.formula.endswith("= 1813.27 → 1813")


def test_standard_formula_under_the_bonus_threshold() -> None:
    # Same player, 2½ of 4: K(S − E) = 33.3170 × 0.5 = 16.658 < 10 × √4 = 20 → no bonus;
    # R′ = 1700 + 16.658 = 1716.66 → 1717.
    r = rating_change(1700, 30, [1700] * 4, F(5, 2))
    assert r.bonus == 0 and r.new_rating == 1717
    # 5 games: the threshold is 10 × √5 = 22.36 (m above 4 counts).
    # K = 800 / 25.0118 = 31.985; 4½ of 5 vs 1700s: K(S − E) = 31.985 × 2 = 63.97;
    # bonus = 63.97 − 22.36 = 41.61; R′ = 1700 + 63.97 + 41.61 = 1805.58 → 1806.
    r = rating_change(1700, 30, [1700] * 5, F(9, 2))
    assert r.bonus == pytest.approx(41.61, abs=0.01) and r.new_rating == 1806
    # Fewer than 3 games: never a bonus. 2 of 2 vs 1700s: K = 800 / 22.0118 = 36.344;
    # K(S − E) = 36.344 × 1 = 36.34 (a bonus would have been 16.34); R′ = 1736.34 → 1736.
    r = rating_change(1700, 30, [1700, 1700], F(2))
    assert r.bonus == 0 and r.new_rating == 1736 and "no bonus" in r.formula


def test_special_formula_approximation_example() -> None:
    # "Approximating Formulas for the US Chess Rating System": 1500 on 6 games; W vs 1400,
    # L vs 1550, D vs 1650. N* (1500) = 50 / √(0.662 + 0.00000739 × 1069²) = 16.57 → N′ = 6;
    # R0′ = 1500, S′ = S + N′/2 = 1.5 + 3 = 4.5;
    # M = (6 × 1500 + 4600 + 400 × (2 × 4.5 − 6 − 3)) / (6 + 3) = 13600 / 9 = 1511.11;
    # every opponent and R0′ lie within 400 of M, so f(M) = 0 and M stands → 1511.
    r = rating_change(1500, 6, [1400, 1550, 1650], F(3, 2))
    assert r.kind == "special" and r.k is None and r.bonus == 0
    assert r.raw == pytest.approx(13600 / 9) and r.new_rating == 1511
    assert "(6 × 1500 + 4600 + 400 × (0)) / (6 + 3) = 1511.11" in r.formula
    assert "iterated" not in r.formula


def test_special_formula_new_player() -> None:
    # Unrated (N = 0, N′ = 0): 3 of 4 vs 1400, 1600, 1500, 1500.
    # M = (0 + 6000 + 400 × (2 × 3 − 0 − 4)) / 4 = 6800 / 4 = 1700;
    # ΣPWe(1700) = 0.875 + 0.625 + 0.75 + 0.75 = 3 = S′ → 1700.
    r = rating_change(0, 0, [1400, 1600, 1500, 1500], F(3))
    assert r.kind == "special" and r.effective_games == 0 and r.new_rating == 1700


def test_special_formula_iterates_past_a_far_opponent() -> None:
    # 1500 on N = 4: W and L vs 1500s, L vs 2500 (S = 1); N′ = 4, S′ = 1 + 2 = 3.
    # Step 1: M = (4 × 1500 + 5500 + 400 × (6 − 4 − 3)) / 7 = 11100 / 7 = 1585.71 (the old
    # formula: losing to the 2500 would gain 86 points).
    # f(1585.71) = 6 × (½ + 85.71/800) + 0 − 3 = +0.643 > ε → Step 2: knot below za = 1100,
    # f(1100) = −3; secant M* = 1585.71 − 0.643 × 485.71 / 3.643 = 1500.00, f(1500) = 0.
    # Step 4: opponents within 400 → stop. 1500: the loss to 2500 costs and earns nothing.
    r = rating_change(1500, 4, [1500, 1500, 2500], F(1))
    assert r.special_steps[0] == pytest.approx(11100 / 7)
    assert r.raw == pytest.approx(1500) and r.new_rating == 1500 and r.change == 0
    assert "iterated" in r.formula


def test_special_formula_after_all_wins_and_all_losses() -> None:
    # 1600 on N = 3 all wins, wins vs 1500: N′ = 3; R0′ = 1600 − 400 = 1200, S′ = 1 + 3 = 4.
    # f(R) = 3 PWe(R, 1200) + PWe(R, 1500) − 4 = 0 needs both at 1: R ≥ 1900.
    # Step 1: M = (3600 + 1500 + 400 × (8 − 3 − 1)) / 4 = 1675, f = 3 + 0.71875 − 4 = −0.281;
    # Step 3: knot above zb = 1900, f(1900) = 0, secant → 1900; 1500 within 400 → stop.
    r = rating_change(1600, 3, [1500], F(1), previous="all-wins")
    assert r.special_steps == pytest.approx((1675, 1900)) and r.new_rating == 1900
    # 1000 on N = 5 all losses, beats a 1000: R0′ = 1400, S′ = 1;
    # M = (5 × 1400 + 1000 + 400 × (2 − 5 − 1)) / 6 = 6400 / 6 = 1066.67;
    # f = 5 × (½ − 333.33/800) + (½ + 66.67/800) − 1 = 0.4167 + 0.5833 − 1 = 0 → 1067.
    r = rating_change(1000, 5, [1000], F(1), previous="all-losses")
    assert r.new_rating == 1067
    # More than 8 games but all earlier games won: still the special formula.
    assert rating_change(1600, 12, [1500], F(1), previous="all-wins").kind == "special"
    assert rating_change(1600, 12, [1500], F(1)).kind == "standard"


def test_special_rating_at_most_2700() -> None:
    # 2600 on 5 games, 3 of 3 vs 2700s: M = (5 × 2600 + 8100 + 400 × (11 − 5 − 3)) / 8 = 2787.5
    # → at most 2700.
    r = rating_change(2600, 5, [2700] * 3, F(3))
    assert r.new_rating == 2700 and "at most 2700" in r.formula
    assert special_rating(2600, 5, [2700] * 3, F(3)) == 2700


def test_absolute_floor_100() -> None:
    # 120 on 30 games, 0 of 4 vs 120s: N* = 50 / √(0.662 + 0.00000739 × 2449²) = 7.4549;
    # K = 800 / 11.4549 = 69.839; K(S − E) = 69.839 × (0 − 2) = −139.68;
    # R′ = 120 − 139.68 = −19.68 → floor 100.
    r = rating_change(120, 30, [120] * 4, F(0))
    assert r.raw == pytest.approx(-19.68, abs=0.01)
    assert r.floored and r.floor.value == 100 and r.new_rating == 100 and r.change == -20
    assert "(floor 100)" in r.formula


def test_peak_floor() -> None:
    # 1750 on 40 games, peak 1941 → floor (1941 − 200) rounded down = 1700.
    # N* = 50 / √(0.662 + 0.00000739 × 819²) = 21.0932; K = 800 / 25.0932 = 31.881;
    # We(1750, 1800) = 1 / (1 + 10^(50/400)) = 0.428537, E = 1.71415;
    # K(S − E) = 31.881 × −1.71415 = −54.65 → 1695.35 < 1700 → 1700.
    r = rating_change(1750, 40, [1800] * 4, F(0), peak=1941)
    assert r.raw == pytest.approx(1695.35, abs=0.01)
    assert r.floor.kind == "peak" and r.new_rating == 1700 and "peak 1941" in r.formula
    # No peak given: only the absolute floor → 1695.
    assert rating_change(1750, 40, [1800] * 4, F(0)).new_rating == 1695
    # Floors are 1200 … 2100: a peak of 2500 gives 2100, a peak of 1350 none (100).
    assert rating_change(2400, 40, [2400], F(0), peak=2500).floor.value == 2100
    assert rating_change(1300, 40, [1300], F(0), peak=1350).floor.value == 100


@pytest.mark.parametrize("args, kwargs, field", [
    ((-1, 5, [1500], F(1)), {}, "rating"),
    ((1500, -1, [1500], F(1)), {}, "games"),
    ((1500, 5, [], F(0)), {}, "opponents"),
    ((1500, 5, [1500], F(2)), {}, "score"),
    ((1500, 5, [1500], F(1)), {"peak": 1400}, "peak"),
    ((1500, 5, [1500], F(1)), {"previous": "some"}, "previous"),
])
def test_bad_input(args, kwargs, field) -> None:
    with pytest.raises(EloError) as caught:
        uscf_rating_change(*args, **kwargs)
    assert caught.value.field == field


def run(*args: str):
    return CliRunner().invoke(elo_group, ["uscf", *args])


def test_cli_json() -> None:
    result = run("--rating", "1700", "--games", "30", "--opponents", "1700,1700,1700,1700",
                 "--score", "4", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out == {"new_rating": 1813, "change": 113, "k": 33.317, "expected": 2.0,
                   "effective_games": 20.0118, "bonus": 46.6339, "formula": "standard"}
    out = json.loads(run("--rating", "1500", "--games", "6", "--opponents", "1400,1550,1650",
                         "--score", "1½", "--json").output)
    assert out["new_rating"] == 1511 and out["formula"] == "special" and out["k"] is None
    out = json.loads(run("--rating", "1750", "--games", "40", "--opponents", "1800,1800,1800,1800",
                         "--score", "0", "--peak", "1941", "--json").output)
    assert out["new_rating"] == 1700
    out = json.loads(run("--rating", "1600", "--games", "3", "--opponents", "1500", "--score",
                         "1", "--all-wins", "--json").output)
    assert out["new_rating"] == 1900


def test_cli_text_is_the_formula() -> None:
    result = run("--rating", "1700", "--games", "30", "--opponents", "1700,1700,1700,1700",
                 "--score", "2.5")
    assert result.exit_code == 0 and "K = 800 / (N′ + m)" in result.output
    assert result.output.strip().endswith("→ 1717")


@pytest.mark.parametrize("args, word", [
    (("--rating", "1500", "--games", "6", "--opponents", "1500,1600", "--score", "3"),
     "more than"),
    (("--rating", "1500", "--games", "x", "--opponents", "1500", "--score", "1"), "--games"),
    (("--rating", "-5", "--games", "6", "--opponents", "1500", "--score", "1"), "negative"),
    (("--rating", "1500", "--games", "30", "--opponents", "1500", "--score", "1",
      "--peak", "1400"), "--peak"),
    (("--rating", "1500", "--games", "3", "--opponents", "1500", "--score", "1",
      "--all-wins", "--all-losses"), "all wins and all losses"),
])
def test_cli_bad_input_one_line_exit_2(args: tuple[str, ...], word: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and word in lines[0]


def test_cli_registered_in_the_ladder_group(runner) -> None:
    result = runner.invoke(args=["elo", "uscf", "--rating", "1500", "--games", "6",
                                 "--opponents", "1400,1550,1650", "--score", "1.5", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["new_rating"] == 1511
