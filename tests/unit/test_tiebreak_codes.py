"""Parsing tie-break codes and lists: modifiers, spellings, and clear errors naming the code."""

from __future__ import annotations

import pytest

from ladder.tiebreaks import Code, TiebreakError, parse_code, parse_order


@pytest.mark.parametrize(("text", "name", "low", "high", "limit"), [
    ("BH", "BH", 0, 0, 0), ("BH/C1", "BH", 1, 0, 0), ("bh/c2", "BH", 2, 0, 0),
    ("BH-C1", "BH", 1, 0, 0), ("SB/M1", "SB", 1, 1, 0), ("BH/M2", "BH", 2, 2, 0),
    ("KS/L+1", "KS", 0, 0, 1), ("KS/L-2", "KS", 0, 0, -2), ("KS-L-1", "KS", 0, 0, -1),
    ("GE", "REP", 0, 0, 0), ("PS/C1", "PS", 1, 0, 0), ("ARO/C1", "ARO", 1, 0, 0),
])
def test_codes_parse(text: str, name: str, low: int, high: int, limit: int) -> None:
    code = parse_code(text)
    assert (code.text, code.name, code.low, code.high, code.limit) == (text, name, low, high, limit)


def test_de_with_forfeits_played() -> None:
    assert parse_code("DE/P") == Code("DE/P", "DE", forfeits_played=True)


def test_order_keeps_the_spelling() -> None:
    assert [c.text for c in parse_order("BH/C1, BH ,SB")] == ["BH/C1", "BH", "SB"]


@pytest.mark.parametrize(("text", "message"), [
    ("XYZ", "unknown tie-break code 'XYZ' in 'XYZ'"),
    ("BH/Q1", "unknown modifier '/Q1' in tie-break code 'BH/Q1'"),
    ("WIN/C1", "modifier '/C1' does not apply to WIN"),
    ("BH/L+1", "only applies to KS"),
    ("BH/C1/M1", "more than one cut modifier"),
    ("BH:MP", "team events"),
    ("", "empty tie-break code"),
])
def test_bad_codes_name_the_code(text: str, message: str) -> None:
    with pytest.raises(TiebreakError, match=message.replace("(", r"\(").replace("+", r"\+")):
        parse_code(text)


def test_listing_a_code_twice_is_an_error() -> None:
    with pytest.raises(TiebreakError, match="listed twice"):
        parse_order("BH,SB,BH")
