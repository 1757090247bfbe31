"""The Keizer settings: defaults, partial settings, refusals with a message id and the key, and
the value numbers' formulas."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.competition.errors import CompetitionError, ParamError
from ladder.competition.keizer import compute, standings, value_numbers
from ladder.competition.keizer_params import (
    DEFAULTS,
    PARAM_NAMES,
    KeizerParams,
    params_as_case,
    parse_params,
)
from tests.unit.competition.keizer_letter import DEFAULTS as LETTER_DEFAULTS
from tests.unit.competition.keizer_letter import value_list
from tests.unit.competition.keizer_support import load_case, season_of


def test_every_setting_of_the_hand_cases_is_known_and_read_back_unchanged() -> None:
    params = load_case("hand-1.json")["params"]
    assert set(params) == set(PARAM_NAMES)
    assert params_as_case(parse_params(params)) == params


def test_the_defaults_are_the_documented_ones() -> None:
    # the by-the-letter reading lists the specification's defaults on its own
    assert params_as_case(DEFAULTS) == {
        key: (str(Fraction(value)) if key.endswith("_fraction") or key == "ratio" else value)
        for key, value in LETTER_DEFAULTS.items()}
    assert parse_params({}) == DEFAULTS == parse_params(None)


def test_a_partial_setting_takes_the_defaults_for_the_rest() -> None:
    case = load_case("hand-1.json")
    full = case["params"]
    partial = {key: value for key, value in full.items()
               if params_as_case(DEFAULTS)[key] != value}
    assert partial and len(partial) < len(full)
    assert standings(season_of(case), partial) == standings(season_of(case), full)


def test_parsed_settings_pass_through() -> None:
    params = parse_params({"bye_fraction": "1/2"})
    assert parse_params(params) is params


@pytest.mark.parametrize(("key", "value", "message_id"), [
    ("bye_fracton", "2/3", "keizer.param.unknown"),
    ("value_mode", "scaled", "keizer.param.choice"),
    ("ratio", "1", "keizer.param.greater_than"),
    ("ratio", "x", "keizer.param.fraction"),
    ("win_fraction", "-1/2", "keizer.param.negative"),
    ("draw_fraction", True, "keizer.param.fraction"),
    ("draw_fraction", [1, 2], "keizer.param.fraction"),
    ("draw_fraction", "1/0", "keizer.param.fraction"),
    ("top_value", 0, "keizer.param.at_least"),
    ("top_value", 7.5, "keizer.param.whole"),
    ("top_value", float("inf"), "keizer.param.whole"),
    ("value_step", "two", "keizer.param.whole"),
    ("excused_cap", -1, "keizer.param.at_least"),
    ("max_meetings", 0, "keizer.param.at_least"),
    ("max_iterations", 0, "keizer.param.at_least"),
    ("rematch_gap", None, "keizer.param.whole"),
    ("count_start_value", "yes", "keizer.param.flag"),
    ("avoid_three", 1, "keizer.param.flag"),
    ("recalc", "once", "keizer.param.choice"),
    ("cycle_rule", "first", "keizer.param.choice"),
    ("tie_break", "random", "keizer.param.choice"),
    ("bye_rule", "highest", "keizer.param.choice"),
    ("colour_rule", "swiss", "keizer.param.choice"),
    ("forfeit_win", "own_value", "keizer.param.choice"),
])
def test_a_bad_setting_is_refused_naming_the_key(key: str, value: Any, message_id: str) -> None:
    with pytest.raises(ParamError) as caught:
        parse_params({key: value})
    err = caught.value
    assert isinstance(err, ValueError) and isinstance(err, CompetitionError)
    assert (err.message_id, err.key) == (message_id, key)
    assert key in str(err)
    # the public calls refuse the same way, before reading the season
    with pytest.raises(ParamError):
        standings(season_of(load_case("hand-1.json")), {key: value})


def test_settings_must_be_a_mapping() -> None:
    with pytest.raises(ParamError) as caught:
        parse_params(["value_mode"])  # type: ignore[arg-type]
    assert caught.value.message_id == "keizer.param.not_a_mapping"


@pytest.mark.parametrize(("value", "expected"), [
    ("2/3", Fraction(2, 3)), (Fraction(1, 3), Fraction(1, 3)), (1, Fraction(1)),
    (0.35, Fraction(7, 20)), ("0.35", Fraction(7, 20)), (" 1/2 ", Fraction(1, 2))])
def test_fractions_are_read_exactly(value: Any, expected: Fraction) -> None:
    assert parse_params({"excused_fraction": value}).excused_fraction == expected


def test_whole_numbers_may_be_written_as_text_and_limits_as_null() -> None:
    params = parse_params({"top_value": "40", "excused_cap": None, "max_meetings": 2})
    assert (params.top_value, params.excused_cap, params.max_meetings) == (40, None, 2)


def test_the_error_survives_pickling() -> None:
    import pickle

    with pytest.raises(ParamError) as caught:
        parse_params({"recalc": "once"})
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is ParamError
    assert (again.message_id, again.key, str(again)) == (
        caught.value.message_id, caught.value.key, str(caught.value))


# -------------------------------------------------------------------------- value numbers

@pytest.mark.parametrize(("n", "top", "bottom"), [(6, 7, 2), (20, 28, 9), (40, 58, 19)])
def test_ratio_three_gives_the_documented_value_lists(n: int, top: int, bottom: int) -> None:
    values = value_numbers(n, DEFAULTS)
    assert values == tuple(range(top, bottom - 1, -1))


@given(n=st.integers(1, 120), step=st.integers(1, 4),
       ratio=st.fractions(min_value=Fraction(11, 10), max_value=10, max_denominator=10))
def test_ratio_values_follow_the_formula(n: int, step: int, ratio: Fraction) -> None:
    params = KeizerParams(value_step=step, ratio=ratio)
    values = value_numbers(n, params)
    exact = Fraction((n - 1) * step) / (ratio - 1)
    bottom = max(1, math.floor(exact))
    assert values[-1] == bottom and values[0] == bottom + (n - 1) * step
    assert all(a - b == step for a, b in zip(values, values[1:], strict=False))
    assert list(values) == value_list(n, {"value_mode": "ratio", "ratio": ratio,
                                          "value_step": step})
    if exact >= 1:  # the top is ratio times the bottom, less than one bottom-step more
        assert ratio * bottom <= values[0] < ratio * (bottom + 1)


@given(n=st.integers(1, 120), top=st.integers(1, 100), step=st.integers(1, 4))
def test_fixed_values_count_down_from_the_top_and_are_not_clamped(n: int, top: int,
                                                                  step: int) -> None:
    values = value_numbers(n, KeizerParams(value_mode="fixed", top_value=top, value_step=step))
    assert values == tuple(top - i * step for i in range(n))


def test_a_fixed_top_below_the_field_size_reaches_zero_and_below() -> None:
    case = load_case("hand-1.json")
    params = dict(case["params"], top_value=3)
    final = compute(season_of(case), params).final
    assert final is not None
    assert [s.value for s in final.standings] == [3, 2, 1, 0, -1]
