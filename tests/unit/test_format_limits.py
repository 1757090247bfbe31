"""The limits of ladder.formats.limits, refused with the limit named, the line and the column.

Each targeted input is tiny and used to cost memory or time in proportion to a number written
in it (a 15-byte paste grew a worker to 24 GB). No timing is asserted: each test checks the
*size* of what the reader produced — one error, or a tournament within the limits.
"""

from __future__ import annotations

import pytest

from ladder.formats import FormatError, ReadResult, decode_text, read_event, read_trf
from ladder.formats.limits import (
    MAX_BYTES,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_PASTE_LINES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    bounded_int,
    line_count,
    quote,
)


def trf_player(start_no: int, name: str, cells: str = "", rating: str = "") -> str:
    """A ``001`` line at the TRF-16 columns; ``cells`` starts at column 92."""
    return f"001 {start_no:>4}      {name:<33} {rating:>4}".ljust(91) + cells


def only_error(result: ReadResult) -> FormatError:
    assert result.tournament is None
    assert len(result.errors) == 1, [str(e) for e in result.errors]
    return result.errors[0]


@pytest.mark.parametrize(("text", "file_format", "expected"), [
    # The inputs, each given where its format is detected.
    ("Round 99999999", "paste", "<t>:1:7: round 99,999,999 is above the limit of 99 rounds"),
    ("Round 1000000\nAnn Lee - Bo Chen 1-0", "paste",
     "<t>:1:7: round 1,000,000 is above the limit of 99 rounds"),
    ("R1000000\nAnn Lee - Bo Chen 1-0", "paste",
     "<t>:1:2: round 1,000,000 is above the limit of 99 rounds"),
    ("-- Round 100 --", "paste", "<t>:1:10: round 100 is above the limit of 99 rounds"),
    # Too long for int() is refused by the line limit in a paste, by the number itself here:
    ("Round " + "9" * 1900, "paste",
     "<t>:1:7: round " + quote("9" * 1900) + " is above the limit of 99 rounds"),
    ("XXR 100000\n" + trf_player(1, "Lee, Ann"), "trf",
     "<t>:1:5: XXR gives 100,000 rounds; the limit is 99 rounds"),
    ("142 100\n" + trf_player(1, "Lee, Ann"), "trf",
     "<t>:1:5: 142 gives 100 rounds; the limit is 99 rounds"),
    ("XXR " + "9" * 5000 + "\n" + trf_player(1, "Lee, Ann"), "trf",
     "<t>:1:5: XXR gives " + quote("9" * 5000) + " rounds; the limit is 99 rounds"),
    (trf_player(1, "Lee, Ann", " " * 100_000 + "   2 w 1"), "trf",
     "<t>:1:100095: column 100,095 is in the field of round 10,001; the limit is 99 rounds, "
     "so nothing may follow column 1,081"),
    ("132".ljust(91) + " " * 990 + "24/01/01\n" + trf_player(1, "Lee, Ann"), "trf",
     "<t>:1:1082: column 1,082 is in the field of round 100; the limit is 99 rounds, so "
     "nothing may follow column 1,081"),
    ("XXS W=" + "1" * 5000 + "\n" + trf_player(1, "Lee, Ann"), "trf",
     "<t>:1:7: the scoring value “" + quote("1" * 5000) + "” is not a number of points"),
    ("1 Ann Lee 999999w1\n", "crosstable",
     "<t>:1:11: player number 999,999 is above the limit of 9,999"),
    ("99999999 Ann Lee 2w1\n", "crosstable",
     "<t>:1:1: player number 99,999,999 is above the limit of 9,999"),
    ("9" * 1900 + " Ann Lee 2w1\n", "crosstable",
     "<t>:1:1: player number " + quote("9" * 1900) + " is above the limit of 9,999"),
    ("1 Ann Lee " + "9" * 1900 + "w1\n", "crosstable",
     "<t>:1:11: player number " + quote("9" * 1900) + " is above the limit of 9,999"),
    ("1 Ann Lee 2w1 " + "9" * 1900 + "\n", "crosstable",
     "<t>:1:15: “" + quote("9" * 1900) + "” is not a number of points"),
    ('[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n[Round "99999999"]\n', "pgn",
     "<t>:4: round 99,999,999 is above the limit of 99 rounds"),
    ('[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n[Round "' + "9" * 5000 + '.1"]\n', "pgn",
     "<t>:4: round " + quote("9" * 5000) + " is above the limit of 99 rounds"),
    ('[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n[Round "1"]\n[WhiteElo "'
     + "9" * 5000 + '"]\n', "pgn",
     "<t>:5: rating " + quote("9" * 5000) + " is above the limit of 9,999"),
    ('[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n[Round "1"]\n[BlackElo "12000"]\n', "pgn",
     "<t>:5: rating 12000 is above the limit of 9,999"),
    ('[White "' + "A" * 201 + '"]\n[Black "Bo"]\n[Result "1-0"]\n[Round "1"]\n', "pgn",
     "<t>:1: the White player's name is 201 characters long; the limit is 200"),
])
def test_tiny_inputs_with_a_large_number_are_refused(text: str, file_format: str,
                                                     expected: str) -> None:
    result = read_event(text, "<t>")
    assert result.file_format == file_format
    err = only_error(result)
    assert str(err) == expected
    assert "limit" in err.message or "not a number" in err.message


def test_one_players_hundredth_game_without_headers_is_refused() -> None:
    # Without headers each game of a player is their next round: 100 games = round 100.
    text = "".join(f"Ann Lee - Opponent {chr(65 + i // 26)}{chr(65 + i % 26)} 1-0\n"
                   for i in range(MAX_ROUNDS + 1))
    err = only_error(read_event(text, "<t>"))
    assert (err.line, err.column) == (MAX_ROUNDS + 1, None)
    assert err.message == ("“Ann Lee” has more than 99 games; without round headers each game "
                           "of a player is their next round, and the limit is 99 rounds")
    ninety_nine = read_event(text.rsplit("Ann Lee", 1)[0], "<t>")
    assert ninety_nine.ok and ninety_nine.tournament.rounds == MAX_ROUNDS


def test_a_crosstable_row_with_a_hundred_cells_is_refused() -> None:
    err = only_error(read_event("1 Ann Lee " + "-1 " * (MAX_ROUNDS + 1), "<t>", "crosstable"))
    assert (err.line, err.column) == (1, 11 + 3 * MAX_ROUNDS)
    assert err.message == "round cell 100 “-1”: the limit is 99 rounds"
    t = read_event("1 Ann Lee " + "-1 " * MAX_ROUNDS, "<t>", "crosstable").tournament
    assert t is not None and t.rounds == MAX_ROUNDS


def test_ninety_nine_rounds_still_read_in_a_trf() -> None:
    cells = "0000 - H  " * MAX_ROUNDS
    t = read_trf(f"XXR {MAX_ROUNDS}\n" + trf_player(1, "Lee, Ann", cells.rstrip()))
    assert t.rounds == MAX_ROUNDS and len(t.player(1).results) == MAX_ROUNDS


@pytest.mark.parametrize("file_format", ["paste", "trf", "crosstable", "pgn"])
def test_more_players_than_the_limit_are_refused_once(file_format: str) -> None:
    n = MAX_PLAYERS + 1
    name = [f"Player {chr(65 + i // 676)}{chr(65 + i // 26 % 26)}{chr(65 + i % 26)}"
            for i in range(n + 1)]
    if file_format == "paste":
        text = "".join(f"{name[i]} - {name[i + 1]} 1-0\n" for i in range(0, n, 2))
        where = ((n + 1) // 2, 1)  # the 2,001st player is White on the last line
    elif file_format == "trf":
        text = "".join(trf_player(i, name[i]) + "\n" for i in range(1, n + 1))
        where = (n, 1)
    elif file_format == "crosstable":
        text = "".join(f"{i} {name[i]} -1\n" for i in range(1, n + 1))
        where = (n, None)
    else:
        text = "".join(f'[White "{name[i]}"]\n[Black "{name[i + 1]}"]\n[Result "1-0"]\n'
                       f'[Round "1"]\n\n' for i in range(0, n, 2))
        where = ((n - 1) // 2 * 5 + 1, None)  # the White tag of the 1,001st game
    result = read_event(text, "<t>", file_format)
    err = only_error(result)
    assert "limit is 2,000 player" in err.message
    assert (err.line, err.column) == where


def test_whole_text_limits() -> None:
    big = read_event("Ann Lee - Bo Chen 1-0\n" * (MAX_BYTES // 22 + 1), "<t>")
    assert str(only_error(big)) == ("<t>: the text is too large: the limit is 2,097,152 bytes "
                                    "(2 MB) for one event; give one event at a time")
    # Counted in UTF-8 bytes: 700,000 characters of three bytes each are too large (a lone
    # surrogate, possible in a str, counts as three bytes and does not raise).
    assert "too large" in only_error(read_event("€" * 700_000, "<t>")).message
    assert "too large" in only_error(read_event("\ud800" * 700_000, "<t>")).message
    assert "too large" not in only_error(read_event("½" * 700_000, "<t>")).message
    lines = only_error(read_event("\n" * MAX_PASTE_LINES + "x", "<t>", "paste"))
    assert lines.message == ("the text has 10,001 lines; the limit is 10,000: give one event "
                             "at a time")
    files = only_error(read_event("012 x\n" * MAX_LINES + "001", "<t>", "trf"))
    assert files.message.startswith("the text has 100,001 lines; the limit is 100,000")
    long_line = only_error(read_event("Ann Lee - Bo Chen 1-0 " + " " * MAX_LINE_CHARS, "<t>"))
    assert (long_line.line, long_line.column) == (1, MAX_LINE_CHARS + 1)
    assert long_line.message == "the line is 2,022 characters long; the limit is 2,000"


def test_decode_refuses_a_file_above_the_limit_before_decoding() -> None:
    with pytest.raises(FormatError) as raised:
        decode_text(b"x" * (MAX_BYTES + 1), "big.trf")
    assert str(raised.value) == ("big.trf: the file is too large (2,097,153 bytes; the limit "
                                 "is 2,097,152 bytes, 2 MB, for one event)")
    assert decode_text(b"x" * MAX_BYTES, "ok.trf") == "x" * MAX_BYTES


def test_pathological_lines_are_answered() -> None:
    # Each of these took seconds to minutes with the old patterns, which backtracked over a
    # run of blanks once per position in it. (No timing is asserted: a regression shows as
    # a test run that does not finish.)
    blanks = " " * (MAX_LINE_CHARS - 20)
    for line in (f"Ann ({blanks}x", f"Ann{blanks}byex", f"Ann{blanks}Bo 1-0", f"R1{blanks}x",
                 "Ann" + "-" * (MAX_LINE_CHARS - 20) + " 1-0", "a - " * 400 + "1-0"):
        result = read_event(f"{line}\n" * 500, "<t>", "paste")
        assert len(result.errors) == 500
        assert all(len(e.message) < 1500 for e in result.errors)
    assert read_event("162 " + "a" * 1_000_000 + "\n" + trf_player(1, "Lee, Ann")).ok
    assert read_event("\n" * 90_000 + "x").file_format == "paste"


def test_helpers() -> None:
    assert [line_count(t) for t in ("", "a", "a\n", "a\r\nb", "a\rb\r", "\n\n")] == [
        0, 1, 1, 2, 2, 2]
    assert bounded_int("0" * 5000 + "42") == 42 and bounded_int("1" * 10) == 10 ** 9
    assert quote("x" * 80) == "x" * 80 and quote("x" * 81) == "x" * 79 + "…"
