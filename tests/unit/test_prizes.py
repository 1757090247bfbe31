"""The prize helper's pure logic (docs/tiebreaks.md §4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ladder.club.prizes import (
    Player,
    Prize,
    PrizeError,
    distribute,
    money,
    parse_amount,
    parse_prizes,
    parse_standings,
)


def test_cash_pools_by_points_and_splits_equally() -> None:
    prizes = parse_prizes("500 + Trophy\n300\n200\n100")
    players = parse_standings("Ana; 5; 1\nBo; 5; 2\nCai; 4.5; 3\nDee; 4½; 4\nEve; 4,5; 5\nFay; 3")
    awards = distribute(prizes, players)
    assert [a.cents for a in awards] == [40000, 40000, 10000, 10000, 10000, 0]
    assert awards[0].pooled_places == (1, 2) and awards[2].pooled_places == (3, 4, 5)
    assert awards[0].items == ("Trophy",) and awards[1].items == ()  # tie-break decides
    assert sum(a.cents for a in awards) == 110000


def test_leftover_cents_go_to_the_best_placed() -> None:
    awards = distribute((Prize(1, 10000),),
                        (Player("A", F(3), 1), Player("B", F(3), 2), Player("C", F(3), 3)))
    assert [a.cents for a in awards] == [3334, 3333, 3333]
    assert all(a.exact_share == F(10000, 3) for a in awards)


def test_indivisible_prize_undecided_when_still_tied_after_tiebreaks() -> None:
    players = (Player("A", F(4), 1), Player("B", F(4), 1), Player("C", F(3), 3))
    awards = distribute(parse_prizes("100 + Title\n50"), players)
    assert awards[0].items == () and awards[0].undecided == ("Title",)
    assert awards[1].undecided == ("Title",)
    assert [a.cents for a in awards] == [7500, 7500, 0]


def test_prizes_beyond_the_field_and_empty_places() -> None:
    awards = distribute(parse_prizes("100\n-\n20 + Book"), (Player("A", F(1), 1),))
    assert awards[0].cents == 10000
    assert parse_prizes("-\nTrophy")[0] == Prize(1, 0, ())


def test_amounts() -> None:
    assert parse_amount("12.5") == 1250 and parse_amount("€40") == 4000
    assert parse_amount("12,05") == 1205 and parse_amount("1e3") is None
    assert money(1250) == "12.50" and money(50000) == "500"


@pytest.mark.parametrize("text", ["12.345", "-5"])
def test_bad_prize_line(text: str) -> None:
    with pytest.raises(PrizeError) as info:
        parse_prizes("100\n" + text)
    assert info.value.line == 2


@pytest.mark.parametrize("text", ["Ana", "Ana; x", "Ana; 3; 0", "Ana; 2\nBo; 3", "Ana; 1.25"])
def test_bad_standings(text: str) -> None:
    with pytest.raises(PrizeError):
        parse_standings(text)
