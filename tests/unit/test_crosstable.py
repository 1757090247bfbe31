"""read_crosstable / parse_crosstable: Swiss-Manager / chess-results rows, checks, rejections."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ladder.formats import FormatError
from ladder.formats.crosstable import parse_crosstable, read_crosstable
from ladder.formats.paste import MAX_CHARS, ParseResult
from ladder.vocabulary.tournament import HALF, Colour, EventKind, Kind, Tournament

# A Swiss-Manager style ranking crosstable as copied from chess-results (tab separated):
# byes of every kind, a forfeit, a withdrawn player, printed points and a tie-break column.
SWISS = """\
Hastings Chess Club Autumn Swiss 2025
Final Ranking crosstable after 5 Rounds

Rk.\tName\tRtg\tFED\t1.Rd\t2.Rd\t3.Rd\t4.Rd\t5.Rd\tPts.\tTB1
1\tFM Hartmann Klaus\t2105\tGER\t5w1\t3b½\t2w1\t-1\t4b1\t4.5\t11.5
2\tOkafor Grace\t1890\tENG\t6b1\t4w1\t1b0\t3w+\t-½\t3.5\t12.0
3\tJean-Luc Picard\t1802\tFRA\t7w1\t1w½\t4b½\t2b-\t5w1\t3\t11
4\tLee Ann\t1750\t\t8b1\t2b0\t3w½\t6w1\t1w0\t2.5\t10.5
5\tChen Bo\t0\t\t1b0\t7b1\t6w½\t8w1\t3b0\t2.5\t9.0
6\tPatel Mira\t1610\tIND\t2w0\t8b1\t5b½\t4b0\t7w1\t2.5\t8
7\tOrtiz Sam\t-\t\t3b0\t5w0\t-0\t-1\t6b0\t1\t7.5
8\tWeiß Jürgen\t1400\tAUT\t4w0\t6w0\t-½\t5b0\t\t0.5\t6
"""


def kinds(t: Tournament, start_no: int) -> list[tuple[Kind, int | None]]:
    return [(r.kind, r.opponent) for r in t.player(start_no).results]


def only_error(text: str) -> FormatError:
    result = parse_crosstable(text)
    assert result.tournament is None
    assert len(result.errors) == 1, [str(e) for e in result.errors]
    return result.errors[0]


def test_realistic_swiss_manager_crosstable() -> None:
    t = read_crosstable(SWISS, "autumn.txt")
    assert t.rounds == 5 and len(t.players) == 8 and t.kind is EventKind.SWISS
    klaus = t.player(1)
    assert (klaus.name, klaus.title, klaus.rating, klaus.federation, klaus.points) == (
        "Hartmann Klaus", "FM", 2105, "GER", Fraction(9, 2))
    assert kinds(t, 1) == [(Kind.WIN, 5), (Kind.DRAW, 3), (Kind.WIN, 2),
                           (Kind.PAIRING_BYE, None), (Kind.WIN, 4)]
    assert [r.colour for r in klaus.results] == [Colour.WHITE, Colour.BLACK, Colour.WHITE, None,
                                                Colour.BLACK]
    assert kinds(t, 2)[3:] == [(Kind.FORFEIT_WIN, 3), (Kind.HALF_BYE, None)]
    assert kinds(t, 3)[3] == (Kind.FORFEIT_LOSS, 2)
    assert kinds(t, 7)[2:4] == [(Kind.ZERO_BYE, None), (Kind.PAIRING_BYE, None)]
    # Unrated written as 0 or "-"; no federation column value.
    assert t.player(5).rating is None and t.player(7).rating is None
    assert t.player(4).federation == "" and t.player(8).name == "Weiß Jürgen"
    # The withdrawn player's empty last cell: a zero bye.
    assert kinds(t, 8)[2:] == [(Kind.HALF_BYE, None), (Kind.LOSS, 5), (Kind.ZERO_BYE, None)]
    # The printed points agree with the cells (default scoring).
    for player in t.players:
        assert player.points == sum(r.points() for r in player.results), player.name


def test_runs_of_spaces_read_like_tabs() -> None:
    spaced = SWISS.replace("\t", "   ")
    assert read_crosstable(spaced) == read_crosstable(SWISS)


def test_single_spaced_rows() -> None:
    t = read_crosstable("1 Smith John 2210 ENG 2w1 3b1 -1 3\n2 Lee Ann 1980 1b0 -1 3w½ 1½\n"
                        "3 Chen Bo -1 1w0 2b½ 1,5\n")
    assert [(p.name, p.rating, p.federation, p.points) for p in t.players] == [
        ("Smith John", 2210, "ENG", 3), ("Lee Ann", 1980, "", 3 * HALF),
        ("Chen Bo", None, "", 3 * HALF)]
    assert t.kind is EventKind.ROUND_ROBIN


def test_second_leading_number_is_ignored_and_first_is_the_player_number() -> None:
    t = read_crosstable("1\t3\tGM Carlsen Magnus\t2830\tNOR\t2w1\n2\t1\tLee Ann\t1500\t\t1b0\n")
    assert [(p.start_no, p.name, p.title) for p in t.players] == [
        (1, "Carlsen Magnus", "GM"), (2, "Lee Ann", "")]


@pytest.mark.parametrize(("white", "black", "kinds_"), [
    ("2w1", "1b0", (Kind.WIN, Kind.LOSS)), ("2W0", "1B1", (Kind.LOSS, Kind.WIN)),
    ("2w½", "1b½", (Kind.DRAW, Kind.DRAW)), ("2w1/2", "1b=", (Kind.DRAW, Kind.DRAW)),
    ("2w0.5", "1s0,5", (Kind.DRAW, Kind.DRAW)),
    ("2w+", "1b-", (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)),
    ("2+", "1-", (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)),
    ("2\u2013", "1+", (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)),
    ("2w-", "1b-", (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)),
])
def test_every_game_cell(white: str, black: str, kinds_: tuple[Kind, Kind]) -> None:
    t = read_crosstable(f"1 Ann Lee {white}\n2 Bo Chen {black}\n")
    assert (kinds(t, 1), kinds(t, 2)) == ([(kinds_[0], 2)], [(kinds_[1], 1)])
    if kinds_[0].played:
        assert t.player(2).results[0].colour is Colour.BLACK


@pytest.mark.parametrize(("cell", "kind"), [
    ("-1", Kind.PAIRING_BYE), ("-½", Kind.HALF_BYE), ("-1/2", Kind.HALF_BYE),
    ("-0", Kind.ZERO_BYE), ("\u22121", Kind.PAIRING_BYE),
])
def test_every_bye_cell(cell: str, kind: Kind) -> None:
    t = read_crosstable(f"1 Ann Lee 2w1 {cell}\n2 Bo Chen 1b0 -0\n")
    assert kinds(t, 1) == [(Kind.WIN, 2), (kind, None)]


def test_round_robin_is_detected() -> None:
    t = read_crosstable("1 Ann 2w1 3b½ 4w0\n2 Bo 1b0 4w1 3b1\n3 Cy 4b1 1w½ 2w0\n"
                        "4 Di 3w0 2b0 1b1\n")
    assert t.kind is EventKind.ROUND_ROBIN


# --- errors ---------------------------------------------------------------------------------

def test_results_disagree_on_the_later_row() -> None:
    err = only_error("1 Ann Lee 2w1\n2 Bo Chen 1b1\n")
    assert (err.line, err.column) == (2, 11)
    assert err.message == "round 1: results disagree: “1” for 2 but “1” for 1 (line 1)"


def test_opponents_disagree() -> None:
    result = parse_crosstable("1 Ann 2w1 3b0\n2 Bo 1b0 -1\n3 Cy -1 2w1\n")
    assert [(e.line, e.message) for e in result.errors] == [
        (1, "round 2: player 1 names opponent 3, but 3's row (line 3) names opponent 2"),
        (3, "round 2: player 3 names opponent 2, but 2's row (line 2) names no opponent")]


def test_colours_disagree() -> None:
    err = only_error("1 Ann Lee 2w1\n2 Bo Chen 1w0\n")
    assert err.line == 2 and "colours disagree" in err.message


def test_missing_opponent_and_self_pairing() -> None:
    result = parse_crosstable("1 Ann Lee 9w1\n2 Bo Chen 2b0\n")
    assert [(e.line, e.column) for e in result.errors] == [(1, 11), (2, 11)]
    assert "opponent 9 does not exist" in result.errors[0].message
    assert "paired with themselves" in result.errors[1].message


def test_duplicate_player_number() -> None:
    err = only_error("1 Ann Lee -1\n1 Bo Chen -1\n")
    assert err.line == 2 and "used twice (first on line 1)" in err.message


@pytest.mark.parametrize(("row", "expected", "column"), [
    ("2 Bo Chen 1500 1b*", "unknown round cell “1b*”", 16),
    ("2 Bo Chen 1500 1b0 3x1", "unexpected “3x1” after the round cells", 20),
    ("2 Bo Chen 1500 1b0 3w2", "unknown round cell “3w2”", 20),
    ("2 Bo Chen 1500", "no round results", 15),
    ("2 1500 1b0", "player has no name", 8),  # 1500 read as a second leading number
    ("0 Bo Chen 1b0", "player's number", 1),
    ("2 <b>Bo</b> 1b0", "not a name", 3),
])
def test_bad_rows(row: str, expected: str, column: int) -> None:
    result = parse_crosstable(f"1 Ann Lee 2w1\n{row}\n")
    assert result.tournament is None
    (error,) = [e for e in result.errors if e.line == 2]
    assert expected in error.message and error.column == column


def test_a_broken_row_does_not_cause_follow_up_errors() -> None:
    result = parse_crosstable("1 Ann Lee 2w1\n2 Bo Chen 1b*\n")
    assert len(result.errors) == 1 and result.errors[0].line == 2


def test_every_error_is_collected_in_line_order() -> None:
    text = "No. Name Rtg 1 2\n1 Ann 2w1 3b½\n2 Bo 1b1 -1\n3 Cy -1 1w0\n4 Di 1500\n"
    result = parse_crosstable(text, "x.txt")
    assert isinstance(result, ParseResult) and not result.ok
    assert [e.line for e in result.errors] == [3, 4, 5]
    with pytest.raises(FormatError) as raised:
        read_crosstable(text, "x.txt")
    assert str(raised.value).startswith("x.txt:3:")


def test_long_name() -> None:
    err = only_error(f"1\t{'A' * 500}\t-1\n")
    assert "500 characters" in err.message


@pytest.mark.parametrize(("text", "expected"), [
    ("", "no player rows"), ("Final crosstable\nRk. Name\n", "no player rows"),
    ("1 Ann Lee -1\x00", "binary"), ("1 Ann -1\n" * (MAX_CHARS // 9 + 1), "too large"),
])
def test_whole_text_rejections(text: str, expected: str) -> None:
    assert expected in only_error(text).message
