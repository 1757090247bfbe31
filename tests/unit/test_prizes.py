"""The prize helper's pure logic (docs/tiebreaks.md §4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ladder.club.prizes import (
    FinalStanding,
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
                        (FinalStanding("A", F(3), 1), FinalStanding("B", F(3), 2),
                         FinalStanding("C", F(3), 3)))
    assert [a.cents for a in awards] == [3334, 3333, 3333]
    assert all(a.exact_share == F(10000, 3) for a in awards)


def test_indivisible_prize_undecided_when_still_tied_after_tiebreaks() -> None:
    players = (FinalStanding("A", F(4), 1), FinalStanding("B", F(4), 1),
               FinalStanding("C", F(3), 3))
    awards = distribute(parse_prizes("100 + Title\n50"), players)
    assert awards[0].items == () and awards[0].undecided == ("Title",)
    assert awards[1].undecided == ("Title",)
    assert [a.cents for a in awards] == [7500, 7500, 0]


def test_prizes_beyond_the_field_and_empty_places() -> None:
    awards = distribute(parse_prizes("100\n-\n20 + Book"), (FinalStanding("A", F(1), 1),))
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


# ---------------------------------------------------------------- amounts as the reader writes them

@pytest.mark.parametrize(("text", "decimal", "cents"), [
    ("Rp 500.000", ".", 50_000_000), ("Rp500.000,00", ".", 50_000_000),  # rupiah: always Indonesian
    ("Rp 1.250.000", ",", 125_000_000), ("500.000 rupiah", ".", 50_000_000),
    ("IDR 75.000", ".", 7_500_000),
    ("500.000", ",", 50_000_000),  # an Indonesian reader: a dot between thousands
    ("1.234,56", ",", 123_456), ("12,50", ",", 1250), ("12.50", ",", 1250),  # two digits: decimals
    ("1.5", ".", 150), ("1.5", ",", 150), ("1,5", ",", 150),  # one digit: decimals, any language
    # an English reader: a comma between thousands
    ("1,500", ".", 150_000), ("1,234.56", ".", 123_456),
    ("₩500,000", ".", 50_000_000), ("500,000원", ".", 50_000_000), ("500元", ".", 50_000),
    ("５００", ".", 50_000), ("1 500", ".", 150_000),
])
def test_amounts_as_the_reader_writes_them(text: str, decimal: str, cents: int) -> None:
    assert parse_amount(text, decimal) == cents


@pytest.mark.parametrize(("text", "decimal"), [
    ("1.500", "."),  # an English reader: three decimals, not an amount (never 1.50 nor 1500)
    ("1,500", ","),  # an Indonesian reader: the same the other way round
    ("1.234.56", ","), ("1,234,5", "."), ("Rp 5.00.0", "."), ("1e3", "."), ("-5", "."),
])
def test_ambiguous_amounts_are_refused_not_guessed(text: str, decimal: str) -> None:
    assert parse_amount(text, decimal) is None


def test_rupiah_are_money_not_an_item_and_refusals_name_the_line() -> None:
    prizes = parse_prizes("Rp 500.000 + Piala\nRp 300.000\n500.000\nRp 100.000 + Kualifikasi", ",")
    assert [(p.cents, p.items) for p in prizes] == [
        (50_000_000, ("Piala",)), (30_000_000, ()), (50_000_000, ()),
        (10_000_000, ("Kualifikasi",))]
    assert parse_prizes("Rp 500.000", ".")[0].cents == 50_000_000  # whoever reads it
    with pytest.raises(PrizeError) as refused:
        parse_prizes("100\n500.000", ".")  # English reader: refused, never 500 nor an item
    assert refused.value.line == 2 and refused.value.text == "500.000"
    with pytest.raises(PrizeError) as refused:
        parse_prizes("Rp 500.000\nRp 5.00.0 + Piala", ",")
    assert refused.value.line == 2
