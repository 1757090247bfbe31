"""The TRF writer's points go through ladder.vocabulary.numbers and print exactly as before."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ladder.formats.trf_write import _number


def _before(value: Fraction) -> str:
    """The writer's own formatting before it used ladder.vocabulary.numbers (kept as the oracle)."""
    if (value * 2).denominator == 1:
        return f"{float(value):.1f}"
    return f"{float(value):.2f}".rstrip("0")


def test_points_as_trf_prints_them() -> None:
    assert [_number(Fraction(n, d)) for n, d in [(3, 1), (7, 2), (0, 1), (1, 4), (1, 3),
                                                 (2, 3), (101, 1000), (-1, 2), (21, 2)]] == [
        "3.0", "3.5", "0.0", "0.25", "0.33", "0.67", "0.1", "-0.5", "10.5"]


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=2000))
def test_identical_to_the_old_formatting(value: Fraction) -> None:
    assert _number(value) == _before(value)
