"""read_paste / parse_paste: every form of docs/desk.md §4, the round rules, and every rejection."""

from __future__ import annotations

import pytest

from ladder.formats import FormatError
from ladder.formats.paste import MAX_CHARS, MAX_LINES, ParseResult, parse_paste, read_paste
from ladder.vocabulary.tournament import HALF, Colour, EventKind, Kind, Tournament


def game(t: Tournament, start_no: int, round_no: int = 1) -> tuple[Kind, int | None]:
    result = t.player(start_no).results[round_no - 1]
    return result.kind, result.opponent


def only_error(text: str) -> FormatError:
    result = parse_paste(text)
    assert result.tournament is None
    assert len(result.errors) == 1, [str(e) for e in result.errors]
    return result.errors[0]


# --- the forms of docs/desk.md §4 -----------------------------------------------------------------

def test_surname_comma_given_name_form() -> None:
    t = read_paste("Smith, John - Jones, Bob 1-0")
    assert [p.name for p in t.players] == ["Smith, John", "Jones, Bob"]
    white, black = t.players
    assert white.results[0].kind is Kind.WIN and white.results[0].colour is Colour.WHITE
    assert black.results[0].kind is Kind.LOSS and black.results[0].colour is Colour.BLACK
    assert (white.results[0].opponent, black.results[0].opponent) == (2, 1)
    assert t.rounds == 1 and t.kind is EventKind.CASUAL


def test_board_number_rating_and_en_dash_form() -> None:
    t = read_paste("1. John Smith (1500) – Bob Jones 0-1")
    assert [(p.start_no, p.name, p.rating) for p in t.players] == [
        (1, "John Smith", 1500), (2, "Bob Jones", None)]
    assert game(t, 1) == (Kind.LOSS, 2) and game(t, 2) == (Kind.WIN, 1)


@pytest.mark.parametrize("line", ["Ann Lee ½-½ Bo Chen", "Ann Lee 1/2-1/2 Bo Chen",
                                  "Ann Lee = Bo Chen", "3) Ann Lee (1620) ½-½ Bo Chen (1480)"])
def test_result_between_the_names(line: str) -> None:
    t = read_paste(line)
    assert [p.name for p in t.players] == ["Ann Lee", "Bo Chen"]
    assert t.player(1).results[0].colour is Colour.WHITE
    assert game(t, 1) == (Kind.DRAW, 2) and game(t, 2) == (Kind.DRAW, 1)


@pytest.mark.parametrize(("result", "white", "black"), [
    ("1-0", Kind.WIN, Kind.LOSS), ("0-1", Kind.LOSS, Kind.WIN),
    ("1:0", Kind.WIN, Kind.LOSS), ("0:1", Kind.LOSS, Kind.WIN),
    ("1–0", Kind.WIN, Kind.LOSS), ("1 - 0", Kind.WIN, Kind.LOSS),
    ("½-½", Kind.DRAW, Kind.DRAW), ("1/2-1/2", Kind.DRAW, Kind.DRAW),
    ("0.5-0.5", Kind.DRAW, Kind.DRAW), ("0,5-0,5", Kind.DRAW, Kind.DRAW),
    ("=", Kind.DRAW, Kind.DRAW),
    ("+:-", Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), ("-:+", Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    ("1-0F", Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), ("0-1F", Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    ("1F-0F", Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), ("0F-1F", Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    ("1-0f", Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
    ("0-0F", Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
    ("-:-", Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
])
def test_every_result_spelling(result: str, white: Kind, black: Kind) -> None:
    t = read_paste(f"Ann Lee - Bo Chen {result}")
    assert game(t, 1) == (white, 2) and game(t, 2) == (black, 1)
    # A forfeited game never started: only played games carry a colour.
    assert (t.player(1).results[0].colour is Colour.WHITE) is white.played


@pytest.mark.parametrize("separator", [" - ", " \u2212 ", " \u2013 ", " \u2014 ", " vs ",
                                       " v ", "\u2013", "\u2212"])
def test_every_separator(separator: str) -> None:
    t = read_paste(f"Ann Lee{separator}Bo Chen 1-0")
    assert [p.name for p in t.players] == ["Ann Lee", "Bo Chen"]


def test_hyphenated_names_keep_their_hyphen() -> None:
    t = read_paste("Jean-Luc Picard - Ann-Marie Lee-Smith 1-0\nAnn-Marie Lee-Smith ½-½ "
                   "Jean-Luc Picard")
    assert [p.name for p in t.players] == ["Jean-Luc Picard", "Ann-Marie Lee-Smith"]
    assert [r.kind for r in t.player(1).results] == [Kind.WIN, Kind.DRAW]


@pytest.mark.parametrize(("line", "kind"), [
    ("Ann Lee bye", Kind.PAIRING_BYE), ("Ann Lee BYE", Kind.PAIRING_BYE),
    ("Ann Lee - bye", Kind.PAIRING_BYE), ("Ann Lee pairing bye", Kind.PAIRING_BYE),
    ("Ann Lee full bye", Kind.FULL_BYE), ("Ann Lee half bye", Kind.HALF_BYE),
    ("Ann Lee ½ bye", Kind.HALF_BYE), ("Ann Lee 1/2 bye", Kind.HALF_BYE),
    ("Ann Lee 0.5 bye", Kind.HALF_BYE), ("Ann Lee zero bye", Kind.ZERO_BYE),
    ("Ann Lee absent", Kind.ZERO_BYE), ("4. Ann Lee (1620) half bye", Kind.HALF_BYE),
])
def test_every_bye_form(line: str, kind: Kind) -> None:
    t = read_paste(f"Round 1\nBo Chen - Cy Dow 1-0\n{line}")
    ann = t.player(3)
    assert ann.name == "Ann Lee" and ann.results[0].kind is kind
    assert ann.results[0].opponent is None and ann.results[0].colour is None


@pytest.mark.parametrize("header", ["Round 2", "R2", "Round 2:", "round 2", "Rd. 2",
                                    "--- Round 2 ---"])
def test_round_header_forms(header: str) -> None:
    t = read_paste(f"Round 1\nAnn Lee - Bo Chen 1-0\n{header}\nBo Chen - Ann Lee 1-0")
    assert t.rounds == 2 and t.kind is EventKind.SWISS
    assert game(t, 1, 2) == (Kind.LOSS, 2)
    assert t.player(1).results[1].colour is Colour.BLACK


def test_names_are_identified_by_name_key_and_the_first_spelling_is_kept() -> None:
    t = read_paste("R1\nJosé  Ruiz (1700) - Bo Chen 1-0\nR2\nbo chen - JOSÉ RUIZ (1750) 0-1\n"
                   "R3\nＪｏｓé Ruiz - Cy Dow =")  # full-width letters fold under NFKC
    assert [(p.start_no, p.name, p.rating) for p in t.players] == [
        (1, "José Ruiz", 1700), (2, "Bo Chen", None), (3, "Cy Dow", None)]
    assert [r.kind for r in t.player(1).results] == [Kind.WIN, Kind.WIN, Kind.DRAW]


def test_a_round_without_a_line_for_a_player_is_a_zero_bye() -> None:
    t = read_paste("Round 1\nAnn Lee - Bo Chen 1-0\nRound 2\nAnn Lee - Cy Dow 1-0\n"
                   "Bo Chen bye\nRound 3")
    assert t.rounds == 3
    assert [r.kind for r in t.player(3).results] == [Kind.ZERO_BYE, Kind.LOSS, Kind.ZERO_BYE]
    assert [r.kind for r in t.player(2).results] == [Kind.LOSS, Kind.PAIRING_BYE, Kind.ZERO_BYE]


def test_without_headers_rounds_are_assigned_per_player_in_order() -> None:
    t = read_paste("Ann Lee - Bo Chen 1-0\nCy Dow - Di Eng 0-1\nAnn Lee - Cy Dow =\n"
                   "Bo Chen - Ann Lee 0-1\nDi Eng - Bo Chen 1-0")
    # Ann: r1 Bo, r2 Cy, r3 Bo. Bo's game with Di comes after his round 3 game: round 4.
    assert [game(t, 1, r) for r in (1, 2, 3)] == [(Kind.WIN, 2), (Kind.DRAW, 3), (Kind.WIN, 2)]
    assert [r.kind for r in t.player(4).results] == [Kind.WIN, Kind.ZERO_BYE, Kind.ZERO_BYE,
                                                     Kind.WIN]
    assert t.rounds == 4 and t.kind is EventKind.CASUAL
    assert [p.start_no for p in t.players] == [1, 2, 3, 4]


def test_realistic_four_round_club_night() -> None:
    text = """\
Round 1
1. Hartmann, Klaus (1840) - Okafor, Grace (1712) 1-0
2. Jean-Luc Picard (1655) – Ann Lee 1/2-1/2
3. Bo Chen (1500) - Mira Patel (1420) 0-1
Sam Ortiz bye

Round 2:
1. Okafor, Grace - Jean-Luc Picard 1-0
2. Mira Patel ½-½ Hartmann, Klaus
3. Ann Lee − Sam Ortiz +:-
Bo Chen half bye

R3
1. Hartmann, Klaus - Ann Lee 1-0
2. Sam Ortiz - Okafor, Grace 0-1
3. Jean-Luc Picard — Mira Patel 1:0
Bo Chen absent

Round 4
1. Okafor, Grace - Hartmann, Klaus ½-½
2. Mira Patel - Bo Chen 0-0F
3. Ann Lee - Jean-Luc Picard 0-1
"""
    t = read_paste(text, "club-night.txt")
    assert t.rounds == 4 and len(t.players) == 7 and t.kind is EventKind.SWISS
    names = {p.name: p for p in t.players}
    assert names["Hartmann, Klaus"].rating == 1840 and names["Ann Lee"].rating is None
    points = {p.name: sum(r.points() for r in p.results) for p in t.players}
    assert points == {"Hartmann, Klaus": 3, "Okafor, Grace": HALF * 5, "Jean-Luc Picard": HALF * 5,
                      "Ann Lee": HALF * 3, "Bo Chen": HALF, "Mira Patel": HALF * 3,
                      "Sam Ortiz": 1}
    sam = names["Sam Ortiz"]
    assert [r.kind for r in sam.results] == [Kind.PAIRING_BYE, Kind.FORFEIT_LOSS, Kind.LOSS,
                                             Kind.ZERO_BYE]
    assert [r.kind for r in names["Bo Chen"].results] == [
        Kind.LOSS, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.DOUBLE_FORFEIT]
    # Both sides of every game agree.
    for player in t.players:
        for result in player.results:
            if result.opponent is not None:
                assert t.player(result.opponent).results[result.round - 1].opponent == \
                    player.start_no


def test_round_robin_is_detected() -> None:
    t = read_paste("R1\nAnn - Bo 1-0\nCy - Di =\nR2\nAnn - Cy 0-1\nBo - Di 1-0\n"
                   "R3\nDi - Ann =\nCy - Bo 1-0")
    assert t.kind is EventKind.ROUND_ROBIN


def test_crlf_and_bom_are_accepted() -> None:
    t = read_paste("\ufeffRound 1\r\nAnn Lee - Bo Chen 1-0\r\n")
    assert t.rounds == 1 and t.players[0].name == "Ann Lee"


# --- errors ---------------------------------------------------------------------------------

def test_every_error_is_collected_with_its_line() -> None:
    text = "Round 1\nAnn Lee - Bo Chen 1-0\nCy Dow Di Eng\nEd Fox - Gil Ho *\n" \
           "Ivy Jo - Kim Lu 1-0 0-1\nMo No - Ol Pe 1-0"
    result = parse_paste(text, "night.txt")
    assert isinstance(result, ParseResult) and result.tournament is None and not result.ok
    assert [e.line for e in result.errors] == [3, 4, 5]
    assert "no result found" in result.errors[0].message
    assert "not finished" in result.errors[1].message
    assert "two results" in result.errors[2].message
    assert str(result.errors[0]).startswith("night.txt:3: ")
    with pytest.raises(FormatError) as raised:
        read_paste(text, "night.txt")
    assert raised.value.line == 3


def test_no_result_message_shows_an_example() -> None:
    err = only_error("Round 1\nAnn Lee - Bo Chen 1-0\nR2\nCy Dow - Di Eng")
    assert err.line == 4
    assert err.message == "no result found; expected a game like “Ann Lee - Bo Chen 1-0”"


def test_two_results_on_a_line() -> None:
    err = only_error("Ann Lee - Bo Chen 1-0 ½-½")
    assert "two results" in err.message and err.column == 23


@pytest.mark.parametrize(("line", "readings"), [
    ("Smith-Jones 1-0", ["“Smith” vs “Jones”", "one player “Smith-Jones”"]),
    ("Jean-Luc Picard-Ann Lee 1-0", ["“Jean” vs “Luc Picard-Ann Lee”",
                                     "“Jean-Luc Picard” vs “Ann Lee”"]),
])
def test_hyphen_without_spaces_is_ambiguous(line: str, readings: list[str]) -> None:
    err = only_error(line)
    assert "cannot tell the two players apart" in err.message
    assert all(reading in err.message for reading in readings)
    assert "spaces" in err.message


def test_two_separators_are_ambiguous() -> None:
    err = only_error("Ann Lee - Bo - Chen 1-0")
    assert "more than one separator" in err.message
    assert "“Ann Lee” vs “Bo - Chen”" in err.message


def test_only_one_player() -> None:
    assert "only one player" in only_error("Ann Lee 1-0").message


def test_player_paired_twice_in_a_round() -> None:
    err = only_error("Round 1\nAnn Lee - Bo Chen 1-0\nCy Dow - ann lee 0-1")
    assert err.line == 3 and err.column == 10
    assert "“Ann Lee” is paired twice in round 1 (also on line 2)" in err.message


def test_bye_and_game_in_the_same_round() -> None:
    err = only_error("Round 1\nAnn Lee - Bo Chen 1-0\nAnn Lee bye")
    assert err.line == 3 and "paired twice" in err.message


def test_player_against_themselves() -> None:
    err = only_error("Ann Lee - ANN  LEE 1-0")
    assert "cannot play against themselves" in err.message


@pytest.mark.parametrize(("line", "expected"), [
    ("Ann Lee - Bo Chen *", "not finished"),
    ("Ann Lee - Bo Chen 0-0", "0-0F"),
    ("Ann Lee - Bo Chen 2-0", "unknown result “2-0”"),
    ("1-0 Ann Lee - Bo Chen", "result comes before the names"),
    ("Ann Lee - Bo Chen 1-0 (time)", "unexpected text after the result"),
])
def test_bad_results(line: str, expected: str) -> None:
    assert expected in only_error(line).message


@pytest.mark.parametrize(("line", "expected", "column"), [
    (" - Bo Chen 1-0", "empty name for White", 1),
    ("Ann Lee -  1-0", "empty name for Black", 12),
    ("Ann Lee (1500) - (1400) 1-0", "empty name for Black", 18),
    ("%%% - Bo Chen 1-0", "not a name", 1),
    ("<script>alert(1)</script> - Bo Chen 1-0", "plain text", 1),
    ("Ann Lee 1500 - Bo Chen 1-0", "rating in parentheses", 1),
])
def test_bad_names(line: str, expected: str, column: int) -> None:
    err = only_error(line)
    assert expected in err.message and err.column == column


def test_name_longer_than_200_characters() -> None:
    err = only_error(f"Ann Lee - {'B' * 500} 1-0")
    assert "500 characters" in err.message and "200" in err.message and err.column == 11
    assert read_paste(f"Ann Lee - {'B' * 200} 1-0").players[1].name == "B" * 200


@pytest.mark.parametrize("text", ["", "   \n\n", "Round 1\n"])
def test_empty_paste(text: str) -> None:
    err = only_error(text)
    assert err.line is None and "no games found" in err.message


def test_game_before_the_first_header_and_a_missing_round() -> None:
    result = parse_paste("Ann Lee - Bo Chen 1-0\nRound 1\nCy Dow - Di Eng 1-0\nRound 3\n"
                         "Ann Lee - Cy Dow 1-0")
    assert [(e.line, e.message.split(":")[0]) for e in result.errors] == [
        (None, "round 2 is missing"), (1, "game before the first round header; put “Round 1” "
                                          "above it")]


def test_header_with_text_on_the_same_line() -> None:
    assert "own" in only_error("Round 1: Ann Lee - Bo Chen 1-0").message


def test_round_zero() -> None:
    assert "round 0" in only_error("Round 0\nAnn Lee - Bo Chen 1-0").message


def test_too_many_lines() -> None:
    err = only_error("Ann Lee - Bo Chen 1-0\n" * MAX_LINES + "Ann Lee - Bo Chen 1-0")
    assert err.line is None and "lines" in err.message and "10,000" in err.message


def test_ten_megabyte_paste_is_refused() -> None:
    text = "Ann Lee - Bo Chen 1-0\n" * (10 * 1024 * 1024 // 22)
    assert len(text) > MAX_CHARS
    err = only_error(text)
    assert err.line is None and "too large" in err.message


def test_binary_data_is_refused() -> None:
    err = only_error("Ann Lee - Bo Chen 1-0\nPK\x03\x04\x00\x00garbage")
    assert err.line == 2 and "binary" in err.message


def test_garbage_gives_one_error_per_line() -> None:
    result = parse_paste("lorem ipsum\n$$$ ### @@@\n12345")
    assert [e.line for e in result.errors] == [1, 2, 3]
    assert all("no result found" in e.message for e in result.errors)


# ------------------------------------------------------------------ headers in the club's language

@pytest.mark.parametrize(("first", "second"), [
    ("1라운드", "2라운드"), ("라운드 1", "라운드 2"), ("제1라운드", "제2라운드"),
    ("1회전", "2회전"), ("제 1 회전", "제 2 회전"), ("第1轮", "第2轮"), ("第一轮", "第二轮"),
    ("第 1 轮", "第 2 轮"), ("第1輪", "第二輪"), ("第1回合", "第2回合"), ("Babak 1", "Babak 2"),
    ("Ronde 1", "Ronde 2"), ("Putaran 1", "Putaran 2"), ("Runde 1", "Runde 2"),
    ("— 第一轮 —", "【第二轮】"),
])
def test_round_headers_in_the_clubs_language(first: str, second: str) -> None:
    t = read_paste(f"{first}\nAnn Lee - Bo Chen 1-0\n{second}\nBo Chen - Ann Lee 1-0")
    assert t.rounds == 2 and game(t, 1, 2) == (Kind.LOSS, 2)


@pytest.mark.parametrize(("header", "number"), [("第十轮", 10), ("第十二轮", 12), ("第二十轮", 20)])
def test_chinese_numerals_count_rounds(header: str, number: int) -> None:
    result = parse_paste(f"第一轮\nAnn Lee - Bo Chen 1-0\n{header}\nBo Chen - Ann Lee 1-0")
    # Rounds 2 … number-1 are missing: the header was read as round ``number``.
    assert result.errors[0].message.startswith(
        f"round 2 is missing: the round headers go up to {number}")


@pytest.mark.parametrize("line", ["第1轮 张三 - 李四 1-0", "第一轮张三 - 李四 1-0",
                                  "1라운드 김민준 - 이서준 1-0", "Babak 1: Budi - Andi 1-0"])
def test_a_header_in_any_language_must_stand_alone(line: str) -> None:
    assert "own" in only_error(line).message


def test_a_chinese_numeral_that_is_no_number_is_named() -> None:
    err = only_error("第一一轮\nAnn Lee - Bo Chen 1-0")
    assert err.line == 1 and "一一" in err.message and "round number" in err.message


def test_names_like_header_words_are_still_names() -> None:
    t = read_paste("Babak Rahimi - Ronde Jansen 1-0\nRunde Kim - Babak Rahimi 0-1")
    assert t.rounds == 2
