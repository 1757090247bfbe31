"""Helpers shared by the tie-break tests: the shared test data and a compact crosstable builder.

``crosstable({1: "2w1 3b= H", 2: "1b0 U 3w1", ...})`` builds a Tournament from one string per
player, one token per round: ``<opp><w|b><result>`` with result ``1 = 0`` (played), ``+ -``
(forfeit), ``X`` (double forfeit), ``W D L`` (played, unrated); or a bye ``U F H Z``.
"""

from __future__ import annotations

from fractions import Fraction

from ladder.vocabulary.tournament import (
    Colour,
    Kind,
)
from tests.unit.tiebreak_support import (
    EXERCISES,
    crosstable,
    read_csv,
)


def test_crosstable_builder_reads_every_token() -> None:
    t = crosstable({1: "2w1 U 3bX", 2: "1b0 3wD H", 3: "F 2bD 1wX"})
    p1, p2 = t.player(1), t.player(2)
    assert [r.kind for r in p1.results] == [Kind.WIN, Kind.PAIRING_BYE, Kind.DOUBLE_FORFEIT]
    assert p2.results[1].outcome == Fraction(1, 2) and p2.results[1].colour is Colour.WHITE
    assert t.rounds == 3


def test_shared_test_data_is_present() -> None:
    assert (EXERCISES / "held_swiss_5.trf").is_file()
    assert len(read_csv(EXERCISES / "held_swiss_5.expected_2023rules.csv")) == 16
