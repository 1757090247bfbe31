"""Editions: how unplayed rounds count (fide-2026, fide-2024, fide-2012, uscf), by hand."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from ladder.tiebreaks import EDITIONS, CalcRound, TiebreakError, calculate, compute
from ladder.tiebreaks.editions import categories, edition_for_date, get_edition
from ladder.vocabulary.tournament import Colour, Kind
from tests.unit.tiebreak_support import crosstable

# Four players, three rounds:
#   R1: 1-2 1-0, 3-4 ½-½;  R2: 1 wins by forfeit against 3, 2-4 0-1;
#   R3: 1-4 ½-½, 2 PAB, 3 half bye
# Scores: 1: 2½, 2: 1, 3: 1, 4: 2.
SMALL = {1: "2w1 3b+ 4w=", 2: "1b0 4w0 U", 3: "4w= 1w- H", 4: "3b= 2b1 1b="}


def test_edition_names_and_dates() -> None:
    assert set(EDITIONS) == {"fide-2026", "fide-2024", "fide-2012", "uscf"}
    assert edition_for_date(dt.date(2026, 3, 1)).name == "fide-2026"
    assert edition_for_date(dt.date(2026, 2, 28)).name == "fide-2024"
    assert edition_for_date(dt.date(2023, 9, 1)).name == "fide-2024"
    assert edition_for_date(dt.date(2023, 8, 31)).name == "fide-2012"
    assert edition_for_date(None).name == "fide-2026"


def test_unknown_edition_names_it() -> None:
    with pytest.raises(TiebreakError, match="unknown tie-break edition 'fide-1999'"):
        get_edition("fide-1999")


def test_categories_of_unplayed_rounds() -> None:
    k = Kind
    # a half bye followed by a game is 16.2.3; a zero bye followed only by VURs (a forfeit loss
    # and a zero bye) is 16.2.5, like the final zero bye; a forfeit loss stays 16.2.4.
    kinds = [k.HALF_BYE, k.WIN, k.ZERO_BYE, k.FORFEIT_LOSS, k.ZERO_BYE]
    assert categories(kinds) == ("16.2.3", None, "16.2.5", "16.2.4", "16.2.5")
    assert categories([k.PAIRING_BYE, k.FORFEIT_WIN, k.FULL_BYE, k.HALF_BYE]) == (
        "16.2.1", "16.2.2", "16.2.1", "16.2.5")


def test_fide_2024_dummy_and_adjusted_scores() -> None:
    table = compute(crosstable(SMALL), "BH,SB", "fide-2024")
    # Player 1: vs 2, whose PAB counts as awarded (16.2.1): 1; forfeit win -> dummy with his own
    # score 2½ (16.4); vs 4: 2.  BH = 1 + 2½ + 2 = 5½; SB = 1 + 2½ + 2 × ½ = 4½.
    assert table.value(1, "BH") == Fraction(11, 2)
    assert table.value(1, "SB") == Fraction(9, 2)
    # Player 4 met 3, whose last-round half bye counts as a draw (16.2.5: ½, as awarded) and
    # whose forfeit loss stays 0 (16.2.4): 3's adjusted score 1. BH(4) = 1 + 1 + 2½ = 4½.
    assert table.value(4, "BH") == Fraction(9, 2)


def test_fide_2026_caps_the_dummy() -> None:
    table = compute(crosstable(SMALL), "BH", "fide-2026")
    # Player 1's forfeit win: dummy min(2½, scheduled opponent 3's adjusted score 1) = 1
    # (16.4.1): BH = 1 + 1 + 2 = 4.
    assert table.value(1, "BH") == 4
    # Player 2's PAB: dummy min(1, ½ × 3 rounds) = 1 (16.4.2 does not bite): BH = 2½ + 2 + 1.
    assert table.value(2, "BH") == Fraction(11, 2)


def test_fide_2012_virtual_opponent() -> None:
    table = compute(crosstable(SMALL), "BH,SB", "fide-2012")
    # Player 1. R1 vs 2: opponents' unplayed games count as draws, so 2's PAB counts ½:
    #   0 + 0 + ½ = ½.  R2, forfeit win: virtual opponent SPR + (1 - SfPR) + ½ (n - R)
    #   = 1 + (1 - 1) + ½ × 1 = 1½.  R3 vs 4 (all played): 2.  BH = ½ + 1½ + 2 = 4.
    #   SB = ½ × 1 + 1½ × 1 + 2 × ½ = 3.
    assert table.value(1, "BH") == 4
    assert table.value(1, "SB") == 3
    # Player 3. R1 vs 4: 2.  R2, forfeit loss: ½ + (1 - 0) + ½ × 1 = 2.
    #   R3, half bye: ½ + (1 - ½) + ½ × 0 = 1.  BH = 5.
    assert table.value(3, "BH") == 5


def test_fide_2012_double_forfeit_gives_the_virtual_opponent_nothing() -> None:
    # Win, double forfeit, draw (3 rounds). R2: SPR 1 + 0 (nobody scored) + ½ × 1 = 1½;
    # a plain forfeit loss instead: 1 + (1 - 0) + ½ = 2½.
    rows = [CalcRound(Kind.WIN, 2), CalcRound(Kind.DOUBLE_FORFEIT, 1), CalcRound(Kind.DRAW, 2)]
    assert calculate(rows, "BH", "fide-2012")["BH"] == Fraction(11, 2)
    rows[1] = CalcRound(Kind.FORFEIT_LOSS, 1)
    assert calculate(rows, "BH", "fide-2012")["BH"] == Fraction(13, 2)


def test_uscf_adjusted_scores_on_a_crosstable() -> None:
    table = compute(crosstable(SMALL), "SOLK,MM,HARK", "uscf")
    # Adjusted scores (every unplayed round of an opponent counts ½):
    #   1: 1 + ½ (forfeit win) + ½ = 2;  2: 0 + 0 + ½ (PAB) = ½;  3: ½ + ½ + ½ = 1½;  4: 2.
    # Player 1 (2½ of 3, plus score): vs 2 ½, own forfeit win 0, vs 4 2 -> SOLK 2½;
    #   MM drops the lowest (0): 2½.
    assert table.value(1, "SOLK") == Fraction(5, 2)
    assert table.value(1, "MM") == Fraction(5, 2)
    # Player 2 (1 of 3, minus score): vs 1 2, vs 4 2, own PAB 0 -> SOLK 4; MM drops the
    # highest (2): 2; HARK drops highest and lowest: 2.
    assert (table.value(2, "SOLK"), table.value(2, "MM"), table.value(2, "HARK")) == (4, 2, 2)
    # Player 4 (2 of 3, plus): vs 3 1½, vs 2 ½, vs 1 2 -> SOLK 4; MM drops ½: 3½.
    assert table.value(4, "MM") == Fraction(7, 2)


def test_uscf_record_by_hand() -> None:
    # 5 rounds: W (opp adjusted 3, Black), D (2½), L (4, Black), half bye, W (1½, Black): 3 of 5.
    rows = [CalcRound(Kind.WIN, 3, colour=Colour.BLACK),
            CalcRound(Kind.DRAW, Fraction(5, 2)),
            CalcRound(Kind.LOSS, 4, colour=Colour.BLACK),
            CalcRound(Kind.HALF_BYE),
            CalcRound(Kind.WIN, Fraction(3, 2),
                      colour=Colour.BLACK)]
    got = calculate(rows, "MM,SOLK,HARK,CUM,KASH,MB", "uscf")
    # Terms 3, 2½, 4, 0 (own unplayed round), 1½ = 11.  Plus score (3 > 2½): MM drops the
    # lowest (0): 11.  HARK drops 4 and 0: 7.  CUM: running 1, 1½, 1½, 2, 3 = 9 minus the ½
    # received without playing = 8½.  KASH 4 + 2 + 1 + 0 + 4 = 11.  MB: 3 games with Black.
    assert got == {"MM": 11, "SOLK": 11, "HARK": 7, "CUM": Fraction(17, 2), "KASH": 11, "MB": 3}


def test_uscf_even_score_drops_both_and_nine_rounds_drop_two() -> None:
    even = [CalcRound(Kind.WIN, 3), CalcRound(Kind.LOSS, 4), CalcRound(Kind.WIN, 1),
            CalcRound(Kind.LOSS, 2)]
    # 2 of 4 = exactly 50 %: drop 4 and 1 -> 3 + 2 = 5
    assert calculate(even, "MM", "uscf")["MM"] == 5
    nine = [CalcRound(Kind.WIN, s) for s in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    # 9 of 9, plus score, nine rounds: drop the two lowest (1, 2): 45 - 3 = 42
    assert calculate(nine, "MM,HARK", "uscf") == {"MM": 42, "HARK": 45 - 1 - 2 - 8 - 9}


def test_uscf_codes_use_uscf_rules_under_any_edition() -> None:
    t = crosstable(SMALL)
    assert compute(t, "SOLK", "fide-2026").value(1, "SOLK") == Fraction(5, 2)
    assert compute(t, "OPCUM", "uscf").value(4, "OPCUM") == (
        # opponents 3, 2, 1: CUM(3) = ½ + ½ + 1 - ½ (bye) = 1½ (the forfeit loss gave 0);
        # CUM(2) = 0 + 0 + 1 - 1 (PAB) = 0; CUM(1) = 1 + 2 + 2½ - 1 (forfeit win) = 4½
        Fraction(3, 2) + 0 + Fraction(9, 2))
