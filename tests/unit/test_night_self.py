"""The players' phones as plain rules (docs/club-night.md §6): the night's code — derived from
the secret, the night and its rotation, in the unambiguous alphabet, read loosely and compared
whole — and what two reports of one board come to under each of the club's rules."""

from __future__ import annotations

import pytest

from ladder.club.night_self import (
    CODE_ALPHABET,
    CODE_LENGTH,
    ReportRule,
    Verdict,
    board_result,
    codes_match,
    derive_code,
    my_result,
    read_code,
    verdict,
)


def test_codes_use_the_unambiguous_alphabet_and_differ_by_night_rotation_and_secret() -> None:
    assert not set("01ILO") & set(CODE_ALPHABET) and len(CODE_ALPHABET) == 31
    codes = {derive_code(b"secret", night, rotation) for night in range(1, 60)
             for rotation in range(5)}
    assert len(codes) == 59 * 5  # no two alike among these
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert derive_code(b"secret", 3, 0) == derive_code(b"secret", 3, 0)
    assert derive_code(b"secret", 3, 0) != derive_code(b"other secret", 3, 0)
    # Every character of the alphabet turns up: the code is spread over all of it.
    assert set("".join(codes)) == set(CODE_ALPHABET)


@pytest.mark.parametrize(("typed", "read"), [
    ("ABC234", "ABC234"), ("abc234", "ABC234"), (" abc-234 ", "ABC234"), ("AB C2 34", "ABC234"),
    ("ＡＢＣ２３４", "ABC234"), ("abc.234", "ABC234"), ("ABC23", None), ("ABC2345", None),
    ("ABC230", None), ("ABCI34", None), ("", None), (None, None), ("A" * 41, None),
    ("<script>", None)])
def test_a_typed_code_is_read_loosely(typed: str | None, read: str | None) -> None:
    assert read_code(typed) == read


def test_codes_match_only_the_current_code() -> None:
    current = derive_code(b"secret", 9, 2)
    assert codes_match(current.lower(), current)
    assert codes_match(" " + current[:3] + "-" + current[3:], current)
    assert not codes_match(derive_code(b"secret", 9, 1), current)  # the old one
    assert not codes_match(current[:5], current)
    assert not codes_match("------", current) and not codes_match(None, current)


@pytest.mark.parametrize(("white", "black", "rule", "expected", "enter"), [
    (None, None, ReportRule.AGREE, Verdict.NONE, None),
    ("1-0", None, ReportRule.AGREE, Verdict.WAITING, None),
    (None, "½-½", ReportRule.AGREE, Verdict.WAITING, None),
    ("1-0", "1-0", ReportRule.AGREE, Verdict.AGREED, "1-0"),
    ("½-½", "½-½", ReportRule.ORGANIZER, Verdict.AGREED, None),
    ("1-0", "0-1", ReportRule.AGREE, Verdict.DISAGREE, None),
    ("1-0", "0-1", ReportRule.ORGANIZER, Verdict.DISAGREE, None)])
def test_what_two_reports_come_to(white: str | None, black: str | None, rule: ReportRule,
                                  expected: Verdict, enter: str | None) -> None:
    reading = verdict(white, black, rule)
    assert (reading.verdict, reading.enter) == (expected, enter)


def test_a_player_s_own_result_and_the_board_s_are_each_other_s() -> None:
    for white in (True, False):
        for mine in ("win", "draw", "loss"):
            assert my_result(board_result(mine, white), white) == mine
    assert board_result("win", False) == "0-1"
    assert my_result("1-0F", True) is None
    with pytest.raises(ValueError):
        board_result("forfeit", True)
