"""The event's kind decides whether C.07 15.2 (round-robin) or Art. 16 (Swiss) applies.

Regression: ``is_round_robin`` once existed twice with different rules, and the tie-break
engine recognised a round-robin from the pairings even when the file said Swiss. The lichess
Swiss below (TRF tag 092 "Swiss") happens to pair every two players once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ladder.formats import read_trf
from ladder.tiebreaks import compute
from ladder.vocabulary.tournament import EventKind, looks_like_round_robin
from tests.unit.tiebreak_support import TESTDATA, crosstable

LICHESS = TESTDATA / "formats" / "lichess_swiss_QLMFFLBq_2020.trf"


def _lichess():
    return read_trf(LICHESS.read_text(encoding="utf-8"), LICHESS.name)


def test_tag_092_swiss_keeps_the_swiss_rules_although_every_pair_met() -> None:
    tournament = _lichess()
    assert tournament.kind is EventKind.SWISS
    assert looks_like_round_robin(tournament.players)  # the pairings alone would say RR
    for edition, bh, sb in (("fide-2024", 45, Fraction("35.25")),
                            ("fide-2026", 42, Fraction("32.25"))):
        table = compute(tournament, ["BH", "SB"], edition)
        assert table.value(1, "BH") == bh, edition
        assert table.value(1, "SB") == sb, edition


def test_the_same_pairings_stored_as_a_round_robin_use_15_2() -> None:
    tournament = replace(_lichess(), kind=EventKind.ROUND_ROBIN)
    swiss = compute(_lichess(), ["BH"], "fide-2024").value(1, "BH")
    assert compute(tournament, ["BH"], "fide-2024").value(1, "BH") != swiss


def test_detection_needs_three_players_and_equal_meetings() -> None:
    two = crosstable({1: "2w1", 2: "1b0"})
    assert not looks_like_round_robin(two.players)
    three = crosstable({1: "2w1 3b=", 2: "1b0 3w1", 3: "2b0 1w="})
    assert looks_like_round_robin(three.players)
    double = crosstable({1: "2w1 3b= 2b1 3w1", 2: "1b0 3w1 1w0 3b0",
                         3: "2b0 1w= 2w1 1b0"})
    assert looks_like_round_robin(double.players)
    uneven = crosstable({1: "2w1 3b= 2b1", 2: "1b0 3w1 1w0", 3: "2b0 1w= Z"})
    assert not looks_like_round_robin(uneven.players)
