"""The worked examples of docs/tiebreaks.md §6, through the calculator (one record, round by
round)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ladder.tiebreaks import CalcRound, TiebreakError, calculate
from ladder.vocabulary.tournament import Colour, Kind

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def wins_against(*scores: str | int) -> list[CalcRound]:
    return [CalcRound(W, Fraction(s)) for s in scores]


@pytest.mark.parametrize("edition", ["fide-2024", "fide-2026"])
@pytest.mark.parametrize(("scores", "bh", "cut1", "median1"), [
    (("4", "3", "3", "2", "1"), "13", "12", "8"),  # Ana
    (("4", "3", "5/2", "2", "2"), "27/2", "23/2", "15/2"),  # Bo
    (("3", "3", "3", "5/2", "1"), "25/2", "23/2", "17/2"),  # Cai
])
def test_three_tiebreaks_three_winners(edition: str, scores: tuple[str, ...], bh: str,
                                       cut1: str, median1: str) -> None:
    got = calculate(wins_against(*scores), "BH,BH/C1,BH/M1", edition)
    assert got == {"BH": Fraction(bh), "BH/C1": Fraction(cut1), "BH/M1": Fraction(median1)}


def test_the_three_winners_differ() -> None:
    players = {"Ana": ("4", "3", "3", "2", "1"), "Bo": ("4", "3", "5/2", "2", "2"),
               "Cai": ("3", "3", "3", "5/2", "1")}
    values = {n: calculate(wins_against(*s), "BH,BH/C1,BH/M1") for n, s in players.items()}
    best = {code: max(values, key=lambda n: values[n][code]) for code in ("BH", "BH/M1")}
    assert best == {"BH": "Bo", "BH/M1": "Cai"}
    assert values["Ana"]["BH/C1"] == 12 > values["Bo"]["BH/C1"] == values["Cai"]["BH/C1"]


def test_round_robin_sonneborn_berger() -> None:
    # Ana (½×3)+(1×2½)+(½×1½)+(1×0) = 4.75; Bo (½×3)+(½×2½)+(1×1½)+(1×0) = 4.25
    ana = [CalcRound(D, 3), CalcRound(W, Fraction(5, 2)), CalcRound(D, Fraction(3, 2)),
           CalcRound(W, 0)]
    bo = [CalcRound(D, 3), CalcRound(D, Fraction(5, 2)), CalcRound(W, Fraction(3, 2)),
          CalcRound(W, 0)]
    assert calculate(ana, "SB", round_robin=True)["SB"] == Fraction(19, 4)
    assert calculate(bo, "SB", round_robin=True)["SB"] == Fraction(17, 4)


def test_progressive_score() -> None:
    # W W W L W: 1 + 2 + 3 + 3 + 4 = 13; L W W W W: 0 + 1 + 2 + 3 + 4 = 10
    first = [CalcRound(k, 2) for k in (W, W, W, L, W)]
    second = [CalcRound(k, 2) for k in (L, W, W, W, W)]
    assert calculate(first, "PS")["PS"] == 13
    assert calculate(second, "PS")["PS"] == 10
    assert calculate(first, "PS/C1")["PS/C1"] == 12  # the running score after round 1 cut


def test_bye_cap_of_2026() -> None:
    # 5 rounds, four wins and a half-point bye in round 3 (4½), opponents 3½, 3, 2½, 2:
    # dummy min(4½, 2½) = 2½ (16.4.2), BH 13½, BH/C1 = 11: the bye (a VUR) is cut, not the 2.
    rows = [CalcRound(W, Fraction(7, 2)), CalcRound(W, 3), CalcRound(Kind.HALF_BYE),
            CalcRound(W, Fraction(5, 2)), CalcRound(W, 2)]
    assert calculate(rows, "PTS,BH,BH/C1", "fide-2026") == {
        "PTS": Fraction(9, 2), "BH": Fraction(27, 2), "BH/C1": 11}
    # Without the cap (fide-2024) the dummy is the own score 4½: BH 15½, BH/C1 still cuts it.
    assert calculate(rows, "BH,BH/C1", "fide-2024") == {"BH": Fraction(31, 2), "BH/C1": 11}


def test_forfeit_cap_uses_the_scheduled_opponents_adjusted_score() -> None:
    # 16.4.1: a forfeit win against a player whose adjusted score is 1½: dummy min(3, 1½).
    rows = [CalcRound(W, 2), CalcRound(Kind.FORFEIT_WIN, Fraction(3, 2)), CalcRound(W, 1)]
    assert calculate(rows, "BH", "fide-2026")["BH"] == Fraction(9, 2)
    assert calculate(rows, "BH", "fide-2024")["BH"] == 6


def test_calculator_rating_based_and_colours() -> None:
    rows = [CalcRound(W, 2, Colour.BLACK, 1800), CalcRound(D, 2, Colour.WHITE, 1900),
            CalcRound(Kind.FORFEIT_WIN, 1)]
    got = calculate(rows, "ARO,TPR,BPG,BWG,WIN,WON", rating=1850)
    # ARO (1800 + 1900) / 2 = 1850; p = 1.5 / 2 = .75 -> dp 193 (B.02 8.1.1)
    assert got == {"ARO": 1850, "TPR": 2043, "BPG": 1, "BWG": 1, "WIN": 2, "WON": 1}


def test_calculator_refuses_what_needs_the_whole_tournament() -> None:
    with pytest.raises(TiebreakError, match="AOB needs the opponents' own records"):
        calculate(wins_against(1, 2), "AOB")
