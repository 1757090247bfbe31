"""read_pgn_tournament: the two shared PGN files, numbering, byes, round-robin and errors."""

from __future__ import annotations

import csv
import datetime as dt
from fractions import Fraction

import pytest

from ladder.formats import FormatError, read_pgn_tournament
from ladder.vocabulary.tournament import Colour, EventKind, Kind, Tournament
from tests.factories import TESTDATA

PGN_DIR = TESTDATA / "pgn"  # tests/data/README.md names the sources


def read_file(name: str) -> Tournament:
    return read_pgn_tournament((PGN_DIR / name).read_text(encoding="utf-8"), name)


def games(t: Tournament) -> int:
    return sum(1 for p in t.players for r in p.results if r.kind.played) // 2


def game(white: str, black: str, result: str, round_: str, **tags: str) -> str:
    extra = "".join(f'[{key} "{value}"]\n' for key, value in tags.items())
    return (f'[Event "Club"]\n[Date "2025.03.04"]\n[Round "{round_}"]\n[White "{white}"]\n'
            f'[Black "{black}"]\n[Result "{result}"]\n{extra}\n1. e4 e5 {result}\n\n')


def test_uzchesscup_round_robin() -> None:
    t = read_file("uzchesscup.pgn")
    assert (len(t.players), t.rounds, games(t)) == (10, 9, 45)
    assert t.kind is EventKind.ROUND_ROBIN
    assert (t.start_date, t.end_date) == (dt.date(2025, 6, 18), dt.date(2025, 6, 27))
    # Numbered by rating, then name: the two 2767s are ordered alphabetically.
    assert [(p.start_no, p.name, p.rating) for p in t.players[:3]] == [
        (1, "Erigaisi Arjun", 2782), (2, "Abdusattorov, Nodirbek", 2767),
        (3, "Praggnanandhaa R", 2767)]
    assert (t.players[0].title, t.players[0].fide_id) == ("GM", "35009192")
    # Points agree with the totals another program published for this event.
    with open(PGN_DIR / "uzchesscup_2025.lichess_tiebreaks.csv", encoding="utf-8") as handle:
        published = {row["name"]: Fraction(row["points"]) for row in csv.DictReader(handle)}
    assert {p.name: sum((r.points() for r in p.results), Fraction(0))
            for p in t.players} == published
    first = t.player(3).result_in(1)  # Aravindh - Praggnanandhaa 1/2-1/2 in round 1.1
    assert (first.kind, first.colour, t.player(first.opponent).name) == (
        Kind.DRAW, Colour.BLACK, "Aravindh, Chithambaram VR.")


def test_fwwrc_swiss_with_round_board_numbers() -> None:
    t = read_file("FWWRC.pgn")
    assert (len(t.players), t.rounds, games(t)) == (110, 11, 605)
    assert t.kind is EventKind.SWISS
    assert t.name == "FIDE Women’s World Rapid Championships 2024"
    assert (t.start_date, t.end_date) == (dt.date(2024, 12, 26), dt.date(2024, 12, 28))
    assert all(not r.kind.is_bye for p in t.players for r in p.results)
    ratings = [p.rating for p in t.players]
    assert ratings == sorted(ratings, reverse=True)


def test_absent_players_get_zero_byes_and_rounds_are_counted() -> None:
    text = (game("Ann", "Bob", "1-0", "1") + game("Cy", "Dee", "0-1", "1")
            + game("Bob", "Cy", "1/2-1/2", "2.1"))
    t = read_pgn_tournament(text)
    assert t.rounds == 2 and t.kind is EventKind.SWISS
    names = {p.name: p for p in t.players}
    assert [r.kind for r in names["Ann"].results] == [Kind.WIN, Kind.ZERO_BYE]
    assert [r.kind for r in names["Dee"].results] == [Kind.WIN, Kind.ZERO_BYE]
    assert names["Bob"].results[1].kind is Kind.DRAW
    assert names["Bob"].results[1].opponent == names["Cy"].start_no


def test_rounds_are_renumbered_in_order() -> None:
    t = read_pgn_tournament(game("Ann", "Bob", "1-0", "5") + game("Bob", "Ann", "0-1", "3"))
    ann = next(p for p in t.players if p.name == "Ann")
    assert t.rounds == 2
    assert [(r.round, r.kind, r.colour) for r in ann.results] == [
        (1, Kind.WIN, Colour.BLACK), (2, Kind.WIN, Colour.WHITE)]


def test_numbering_by_rating_then_name_unrated_last() -> None:
    text = (game("Zed", "Amy", "1-0", "1", WhiteElo="1500", BlackElo="")
            + game("Bea", "Cal", "1/2-1/2", "1", WhiteElo="1500", BlackElo="1900"))
    t = read_pgn_tournament(text)
    assert [(p.start_no, p.name, p.rating) for p in t.players] == [
        (1, "Cal", 1900), (2, "Bea", 1500), (3, "Zed", 1500), (4, "Amy", None)]


def test_three_player_round_robin_with_byes() -> None:
    text = (game("A", "B", "1-0", "1") + game("B", "C", "1-0", "2")
            + game("C", "A", "1/2-1/2", "3"))
    t = read_pgn_tournament(text)
    assert t.kind is EventKind.ROUND_ROBIN
    assert sum(r.kind is Kind.ZERO_BYE for p in t.players for r in p.results) == 3


def test_headers_without_blank_lines_escapes_and_crlf() -> None:
    text = ('\ufeff[Event "Escaped \\"quotes\\""]\r\n[Round "1"]\r\n[White "A"]\r\n'
            '[Black "B"]\r\n[Result "0-1"]\r\n[Round "2"]\r\n[White "B"]\r\n[Black "A"]\r\n'
            '[Result "1-0"]\r\n')
    t = read_pgn_tournament(text)
    assert t.name == 'Escaped "quotes"' and t.rounds == 2
    assert [r.kind for r in t.player(1).results] in ([Kind.LOSS, Kind.LOSS],
                                                    [Kind.WIN, Kind.WIN])


@pytest.mark.parametrize(("text", "line", "words"), [
    (game("A", "B", "1-0", "1") + game("A", "C", "*", "2"), 15, "not finished"),
    (game("A", "B", "1-0", "1") + game("A", "C", "2-0", "2"), 15, "unknown result"),
    (game("A", "B", "1-0", "?"), 3, "round must be a number"),
    (game("A", "B", "1-0", "0"), 3, "round must be a number"),
    (game("A", "B", "1-0", "1") + game("A", "C", "0-1", "1.2"), 12, "plays twice in round 1"),
    (game("A", "A", "1-0", "1"), 5, "against himself"),
    (game("A", "?", "1-0", "1"), 5, "no Black player"),
    ('[Event "x"]\n[Round "1"]\n[Black "B"]\n[Result "1-0"]\n', 1, "no White player"),
])
def test_errors_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(FormatError) as info:
        read_pgn_tournament(text, "games.pgn")
    err = info.value
    assert (err.source, err.line) == ("games.pgn", line)
    assert words in err.message and str(err).startswith(f"games.pgn:{line}: ")


def test_not_a_pgn_and_binary() -> None:
    with pytest.raises(FormatError, match="no game headers") as info:
        read_pgn_tournament("1. e4 e5 2. Nf3\n", "x.pgn")
    assert info.value.line is None
    with pytest.raises(FormatError, match="binary") as info:
        read_pgn_tournament('[Event "x"]\n\x00\x01', "x.pgn")
    assert (info.value.line, info.value.column) == (2, 1)
