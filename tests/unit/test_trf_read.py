"""read_trf: every shared test file, exact spot checks, accepted quirks and every rejection."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from ladder.formats import FormatError, read_trf
from ladder.formats.trf import parse_date, parse_scoring
from ladder.vocabulary.tournament import HALF, Colour, EventKind, Kind, Scoring, Tournament
from tests.factories import TESTDATA  # tests/data; tests/data/README.md names the sources

TRF_FILES = sorted(
    path for folder in ("formats", "real-events", "fide-exercises")
    for path in (TESTDATA / folder).iterdir() if path.suffix in (".trf", ".trfx")
)


def read_file(name: str) -> Tournament:
    """Read a shared test file, keeping its line ends exactly as stored."""
    (path,) = [p for p in TRF_FILES if p.name == name]
    with open(path, encoding="utf-8", newline="") as handle:
        return read_trf(handle.read(), path.name)


def p001(no: int | str, name: str, *cells: str, rating: str = "", points: str = "",
         birth: str = "", title: str = "", sex: str = "") -> str:
    """A 001 line with every field at its TRF-16 column; ``cells`` are 'OOOO C R' strings."""
    head = (f"001 {str(no):>4} {sex:1}{title:>3} {name:<33} {rating:>4} {'':3} {'':>11} "
            f"{birth:<10} {points:>4} {'':>4}")
    assert len(head) == 89
    return (head.ljust(91) + "".join(f"{cell:<10}" for cell in cells)).rstrip()


def col(round_no: int) -> int:
    """1-based column where round ``round_no`` starts (opponent; colour +5, result +7)."""
    return 92 + 10 * (round_no - 1)


def kinds(t: Tournament, start_no: int) -> list[tuple[Kind, int | None]]:
    return [(r.kind, r.opponent) for r in t.player(start_no).results]


# --- every shared file ----------------------------------------------------------------------

def test_the_shared_folders_hold_the_expected_files() -> None:
    assert len(TRF_FILES) == 14


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_every_shared_trf_is_read_and_consistent(path: Path) -> None:
    t = read_file(path.name)
    assert t.players and t.rounds > 0
    numbers = {p.start_no for p in t.players}
    assert [p.start_no for p in t.players] == sorted(numbers)
    complement = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
                  Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
                  Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT,
                  Kind.UNRATED_PLAYED: Kind.UNRATED_PLAYED}
    for player in t.players:
        assert [r.round for r in player.results] == list(range(1, t.rounds + 1))
        for result in player.results:
            if result.kind.is_bye:
                assert result.opponent is None and result.colour is None
                continue
            other = t.player(result.opponent).result_in(result.round)
            assert other is not None and other.opponent == player.start_no
            assert other.kind is complement[result.kind]
            if result.colour and other.colour:
                assert result.colour != other.colour


# --- spot checks on real files --------------------------------------------------------------

def test_held_swiss_5_byes_forfeits_and_withdrawal() -> None:
    t = read_file("held_swiss_5.trf")
    assert (t.name, t.rounds, len(t.players)) == ("FIDE C.07 2023 Tie-Break Exercises", 5, 16)
    assert t.start_date == dt.date(2024, 8, 1) and t.kind is EventKind.SWISS
    assert t.player(4).result_in(2).kind is Kind.HALF_BYE
    assert kinds(t, 12) == [(Kind.LOSS, 4), (Kind.PAIRING_BYE, None), (Kind.FORFEIT_WIN, 14),
                            (Kind.ZERO_BYE, None), (Kind.ZERO_BYE, None)]
    r3 = t.player(14).result_in(3)
    assert (r3.kind, r3.opponent, r3.colour) == (Kind.FORFEIT_LOSS, 12, Colour.BLACK)
    assert t.player(14).result_in(4).kind is Kind.ZERO_BYE
    assert kinds(t, 9)[2:] == [(Kind.HALF_BYE, None), (Kind.FORFEIT_LOSS, 11),
                               (Kind.PAIRING_BYE, None)]
    alyx = t.player(1)
    assert (alyx.name, alyx.rating, alyx.sex, alyx.federation, alyx.birth_year) == (
        "Alyx", 2200, "m", "NOR", 1990)
    assert (alyx.points, alyx.rank, alyx.fide_id) == (Fraction(7, 2), 1, "")
    assert alyx.result_in(1) == alyx.results[0]
    assert (alyx.results[0].opponent, alyx.results[0].colour) == (9, Colour.WHITE)


def test_held_round_robin_is_detected_without_tag_092() -> None:
    t = read_file("held_round_robin.trf")
    assert t.kind is EventKind.ROUND_ROBIN
    assert t.player(5).result_in(4).kind is Kind.FORFEIT_LOSS
    assert t.player(6).result_in(4).kind is Kind.FORFEIT_WIN


def test_held_swiss_9_has_nine_rounds() -> None:
    t = read_file("held_swiss_9.trf")
    assert t.rounds == 9 and t.player(3).points == Fraction(13, 2)


def test_lichess_byes_and_absences() -> None:
    t = read_file("lichess_swiss_FaLp5fSD_2020.trf")
    assert (t.rounds, len(t.players)) == (10, 13)
    assert (t.start_date, t.end_date) == (dt.date(2020, 5, 29), dt.date(2020, 5, 29))
    assert kinds(t, 5)[:3] == [(Kind.HALF_BYE, None), (Kind.ZERO_BYE, None), (Kind.WIN, 10)]
    assert kinds(t, 8)[:6] == [(Kind.HALF_BYE, None)] + [(Kind.ZERO_BYE, None)] * 4 + [
        (Kind.WIN, 11)]
    assert kinds(t, 13)[3:] == [(Kind.ZERO_BYE, None)] * 7
    assert t.player(6).result_in(2).kind is Kind.PAIRING_BYE
    first = t.player(1)
    assert (first.rating, first.rank, first.points, first.title) == (None, None, 8, "")
    assert t.extra["XXC"] == "white1"
    q = read_file("lichess_swiss_QLMFFLBq_2020.trf")
    assert q.start_date == dt.date(2020, 6, 26)
    assert q.player(1).result_in(9).kind is Kind.PAIRING_BYE


def test_karl_mala_old_fide_example() -> None:
    t = read_file("fide_example1_karl_mala_2005.trf")
    assert (t.rounds, len(t.players)) == (7, 284)
    assert (t.start_date, t.end_date) == (dt.date(2005, 7, 28), dt.date(2005, 7, 31))
    assert kinds(t, 13) == [(Kind.FORFEIT_LOSS, 153)] + [(Kind.ZERO_BYE, None)] * 6
    assert t.player(13).results[0].colour is None  # written "153 - -"
    assert t.player(153).result_in(1).kind is Kind.FORFEIT_WIN
    assert t.player(282).result_in(5).kind is Kind.PAIRING_BYE  # old "0000 - +"
    assert kinds(t, 284) == [(Kind.ZERO_BYE, None)] * 7
    vasquez = t.player(1)
    assert (vasquez.title, vasquez.federation, vasquez.fide_id, vasquez.birth_year) == (
        "g", "CHI", "3400042", 1969)
    assert t.player(13).rank is None  # rank 0: not ranked


def test_trf2026_team_file_individual_lines() -> None:
    t = read_file("fide_tec_grandmommyscup_team_trf26.trf")
    assert (t.rounds, len(t.players)) == (14, 249)
    assert t.tiebreak_codes == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    assert len(t.rounds_dates) == 14
    assert (t.rounds_dates[0], t.rounds_dates[-1]) == (dt.date(2024, 12, 1), dt.date(2024, 12, 14))
    assert (t.start_date, t.end_date) == (dt.date(2024, 12, 1), dt.date(2024, 12, 14))
    first = t.player(1)
    assert (first.fide_id, first.birth_year, first.federation) == ("70123454321", 1987, "IND")
    assert t.player(3).result_in(1).kind is Kind.ZERO_BYE
    assert t.player(3).result_in(7).kind is Kind.PAIRING_BYE
    assert t.scoring == Scoring()  # 162 says W 1.0 D 0.5 L 0.0


def test_javafo_trfx() -> None:
    t = read_file("javafo_TRFXSample2_open_gros_2010.trfx")
    assert (t.rounds, len(t.players)) == (9, 52)  # XXR 9, only 4-5 rounds written
    assert (t.start_date, t.end_date) == (dt.date(2010, 9, 24), dt.date(2010, 10, 2))
    assert (t.player(1).birth_year, t.player(1).title) == (1978, "g")
    assert t.player(34).birth_year is None
    assert t.player(14).result_in(3).kind is Kind.HALF_BYE
    assert kinds(t, 28) == [(Kind.ZERO_BYE, None)] * 9
    assert t.player(48).result_in(4).kind is Kind.PAIRING_BYE
    assert kinds(t, 13)[0] == (Kind.FORFEIT_WIN, 39) and kinds(t, 39)[0] == (Kind.FORFEIT_LOSS, 13)
    assert kinds(t, 1)[4:] == [(Kind.ZERO_BYE, None)] * 5
    assert t.player(6).rating is None  # rating written 0


def test_bbp_trailing_xxr() -> None:
    t = read_file("bbp_dutch_2025_C5.trf")
    assert t.rounds == 3
    assert t.player(4).result_in(3).kind is Kind.ZERO_BYE
    assert t.player(1).result_in(3).kind is Kind.ZERO_BYE


def test_dojo_double_forfeits() -> None:
    t = read_file("dojo_classical_2022_grp3.trf")
    for round_no in (3, 4, 6):
        assert t.player(17).result_in(round_no).kind is Kind.DOUBLE_FORFEIT
        assert t.player(26).result_in(round_no).opponent == 17
    assert kinds(t, 11)[4] == (Kind.DOUBLE_FORFEIT, 26)
    assert t.player(2).result_in(1).kind is Kind.PAIRING_BYE


def test_hobsonsbay_forfeits_and_withdrawal_marks() -> None:
    t = read_file("hobsonsbay_koshnitsky_cup_2025_r5.trf")
    assert kinds(t, 20)[1] == (Kind.FORFEIT_LOSS, 26) and kinds(t, 26)[1] == (Kind.FORFEIT_WIN, 20)
    assert t.player(3).title == "CM"
    bitw = read_file("hobsonsbay_best_in_the_west_2025.trf")
    assert bitw.player(89).name == "Gowda,Likhil"  # "(W)" marker stripped
    assert bitw.player(21).name == "Kumar,Viney"
    assert bitw.extra["withdrawn"] == "89,94,99"
    rapid = read_file("hobsonsbay_april_rapid_2025.trf")
    assert rapid.player(21).name == "Saha,Avinandan (Arjun)"  # real parentheses are kept


# --- accepted deviations (synthetic) --------------------------------------------------------

PAIR = [p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "   1 b 0")]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_ends_bom_and_trailing_blanks(newline: str) -> None:
    text = "\ufeff" + newline.join(["012 Club night   ", PAIR[0] + "   ", PAIR[1], ""])
    t = read_trf(text)
    assert t.name == "Club night"
    assert kinds(t, 1) == [(Kind.WIN, 2)] and kinds(t, 2) == [(Kind.LOSS, 1)]


def test_short_line_and_missing_rounds_are_zero_byes() -> None:
    t = read_trf("\n".join(["XXR 3", *PAIR, "001    3      Cy"]))
    assert t.rounds == 3
    assert kinds(t, 3) == [(Kind.ZERO_BYE, None)] * 3
    assert kinds(t, 1)[1:] == [(Kind.ZERO_BYE, None)] * 2


def test_rounds_from_columns_when_no_xxr() -> None:
    t = read_trf("\n".join([p001(1, "Ann", "0000 - H", "   2 w ="),
                            p001(2, "Bob", "   0 - U", "   1 b =")]))
    assert t.rounds == 2
    assert kinds(t, 1) == [(Kind.HALF_BYE, None), (Kind.DRAW, 2)]
    assert kinds(t, 2) == [(Kind.PAIRING_BYE, None), (Kind.DRAW, 1)]


@pytest.mark.parametrize(("cell", "kind"), [
    ("0000 - H", Kind.HALF_BYE), ("   0 - F", Kind.FULL_BYE), ("     - U", Kind.PAIRING_BYE),
    ("0000 - Z", Kind.ZERO_BYE), ("       Z", Kind.ZERO_BYE), ("       -", Kind.ZERO_BYE),
    ("0000 - -", Kind.ZERO_BYE), ("0000 - +", Kind.PAIRING_BYE), ("0000 -  ", Kind.ZERO_BYE),
    ("       h", Kind.HALF_BYE),
])
def test_bye_spellings(cell: str, kind: Kind) -> None:
    t = read_trf("\n".join([*PAIR, p001(3, "Cy", cell)]))
    assert t.player(3).results[0].kind is kind and t.player(3).results[0].opponent is None


@pytest.mark.parametrize(("one", "two", "kind_one", "kind_two"), [
    ("   2 w +", "   1 b -", Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
    ("   2 - -", "   1 - -", Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
    ("   2 w -", "   1 b -", Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
    ("   2 w -", "   1 - +", Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    ("   2 B =", "   1 W =", Kind.DRAW, Kind.DRAW),
])
def test_forfeits_and_colour_spellings(one: str, two: str, kind_one: Kind, kind_two: Kind) -> None:
    t = read_trf("\n".join([p001(1, "Ann", one), p001(2, "Bob", two)]))
    assert kinds(t, 1) == [(kind_one, 2)] and kinds(t, 2) == [(kind_two, 1)]


def test_unrated_games_keep_their_outcome() -> None:
    t = read_trf("\n".join([p001(1, "Ann", "   2 w W", "   2 b D"),
                            p001(2, "Bob", "   1 b L", "   1 w D")]))
    first = t.player(1).results
    assert [(r.kind, r.outcome) for r in first] == [(Kind.UNRATED_PLAYED, 1),
                                                    (Kind.UNRATED_PLAYED, HALF)]
    assert t.player(2).results[0].outcome == 0


def test_player_fields_birth_year_only_and_points_not_checked() -> None:
    t = read_trf("\n".join([p001(1, "Ann", "   2 w 1", rating="1500", points="9.5",
                                 birth="2011.04.05", title="f", sex="w"),
                            p001(2, "Bob", "   1 b 0", birth="05.04.1969", points="0,5")]))
    ann = t.player(1)
    assert (ann.rating, ann.points, ann.birth_year, ann.title, ann.sex) == (
        1500, Fraction(19, 2), 2011, "f", "w")
    assert (t.player(2).birth_year, t.player(2).points, t.player(2).rating) == (
        1969, HALF, None)


def test_header_tags() -> None:
    text = "\n".join([
        "012 Spring Cup", "042 2025/03/01", "052 02.03.2025", "092 Individual: Round-Robin",
        "202 BH:C1 SB", "XXS WW=3 BW=3 WD=1 BD=1 PAB=1 HPB=1", "### a comment", "250 ignored",
        "013 Team 1 2", *PAIR])
    t = read_trf(text)
    assert (t.start_date, t.end_date) == (dt.date(2025, 3, 1), dt.date(2025, 3, 2))
    assert t.kind is EventKind.ROUND_ROBIN and t.tiebreak_codes == ("BH:C1", "SB")
    assert t.scoring == Scoring(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(1))
    assert t.extra["250"] == "ignored" and "###" not in t.extra


@pytest.mark.parametrize(("text", "expected"), [
    ("2024-08-01", dt.date(2024, 8, 1)), ("2024/12/01", dt.date(2024, 12, 1)),
    ("28. 07. 2005", dt.date(2005, 7, 28)), ("28.07.2005", dt.date(2005, 7, 28)),
    ("24/09/2010", dt.date(2010, 9, 24)), ("09/24/2010", dt.date(2010, 9, 24)),
    ("Jun 26, 2020", dt.date(2020, 6, 26)), ("26 June 2020", dt.date(2020, 6, 26)),
    ("24/12/01", dt.date(2024, 12, 1)), ("1987/00/00", None), ("soon", None), ("", None),
    ("Foo 3, 2020", None),
])
def test_parse_date(text: str, expected: dt.date | None) -> None:
    assert parse_date(text) == expected


def test_parse_scoring_normalises_defaults() -> None:
    assert parse_scoring(" W 1.0    D 0.5    L 0.0") == Scoring()
    assert parse_scoring("PAB=1 HPB=0.5 FPB=1") == Scoring()
    assert parse_scoring("") == Scoring()
    assert parse_scoring("W 2 D 1 HPB 0") == Scoring(win=Fraction(2), draw=Fraction(1),
                                                     half_bye=Fraction(0))


def test_round_dates_tag_132_by_column() -> None:
    line = "132".ljust(91) + "25/03/01".ljust(10) + "".ljust(10) + "25/03/15"
    t = read_trf("\n".join(["XXR 4", line, *PAIR]))
    assert t.rounds_dates == (dt.date(2025, 3, 1), None, dt.date(2025, 3, 15), None)


# --- rejections -----------------------------------------------------------------------------

def reject(lines: list[str], source: str = "t.trf") -> FormatError:
    with pytest.raises(FormatError) as info:
        read_trf("\n".join(lines), source)
    return info.value


@pytest.mark.parametrize(("lines", "line", "column", "words"), [
    # start number not a number
    ([PAIR[0], PAIR[1], p001("x3", "Cy")], 3, 5, "start number"),
    ([PAIR[0], p001(0, "Zero")], 2, 5, "start number"),
    ([PAIR[0], p001("²", "Two")], 2, 5, "start number"),  # a digit int() cannot read
    # duplicate start number
    ([*PAIR, p001(2, "Bob again")], 3, 5, "used twice (first on line 2)"),
    # opponent that does not exist
    ([p001(1, "Ann", "   9 w 1"), p001(2, "Bob")], 1, col(1), "opponent 9 does not exist"),
    # unknown result code
    ([p001(1, "Ann", "   2 w X"), p001(2, "Bob", "   1 b 0")], 1, col(1) + 7,
     "unknown result code 'X'"),
    # results disagree (reported on the later line)
    ([p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "   1 b 1")], 2, col(1) + 7,
     "results disagree"),
    ([p001(1, "Ann", "0000 - H", "   2 w ="), p001(2, "Bob", "0000 - H", "   1 b 0")], 2,
     col(2) + 7, "round 2: results disagree"),
    ([p001(1, "Ann", "   2 w +"), p001(2, "Bob", "   1 b +")], 2, col(1) + 7, "disagree"),
    # colours disagree
    ([p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "   1 w 0")], 2, col(1) + 5,
     "colours disagree"),
    ([p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "   1 - 0")], 2, col(1) + 5,
     "colours disagree"),
    # A names B, B names someone else (or nobody)
    ([p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "   3 b 0"), p001(3, "Cy", "   2 w 1")], 1,
     col(1), "but 2's line (2) names 3"),
    ([p001(1, "Ann", "   2 w 1"), p001(2, "Bob", "0000 - U")], 1, col(1), "names no opponent"),
    # paired with himself
    ([p001(1, "Ann", "   1 w 1"), p001(2, "Bob")], 1, col(1), "paired with himself"),
    # played result without opponent, opponent with a bye or no result
    ([*PAIR, p001(3, "Cy", "0000 - 1")], 3, col(1) + 7, "needs an opponent"),
    ([p001(1, "Ann", "   2 - H"), p001(2, "Bob", "   1 - H")], 1, col(1), "(a bye)"),
    ([p001(1, "Ann", "   2 w"), p001(2, "Bob", "   1 b 0")], 1, col(1), "blank result"),
    # malformed fields
    ([p001(1, "Ann", "   2 x 1"), p001(2, "Bob", "   1 b 0")], 1, col(1) + 5, "unknown colour"),
    ([p001(1, "Ann", "  2 w 1"), p001(2, "Bob", "   1 b 0")], 1, col(1) + 4, "fixed columns"),
    ([p001(1, "Ann", "  a2 w 1"), p001(2, "Bob")], 1, col(1), "opponent must be"),
    ([p001(1, "")], 1, 15, "no name"),
    ([p001(1, "Ann", rating="15x0")], 1, 49, "rating"),
    (["001    1      Ann\t" + " " * 70 + "   2 w 1"], 1, 18, "tab"),
])
def test_rejections_name_line_and_column(lines: list[str], line: int, column: int,
                                         words: str) -> None:
    err = reject(lines)
    assert (err.source, err.line, err.column) == ("t.trf", line, column)
    assert words in err.message
    assert str(err).startswith(f"t.trf:{line}:{column}: ") and "\n" not in str(err)
    assert isinstance(err, ValueError)


def test_not_a_trf_at_all() -> None:
    err = reject(["Dear organizer,", "here are the results", "Ann 1-0 Bob"], "mail.txt")
    assert (err.line, err.column) == (None, None)
    assert str(err) == "mail.txt: not a TRF file: no player (001) lines found"
    assert reject([]).line is None


def test_binary_data_is_rejected_at_the_nul_byte() -> None:
    err = reject(["012 x", "001 \x00\x01\x02"])
    assert (err.line, err.column) == (2, 5) and "binary" in err.message
    with pytest.raises(FormatError) as info:
        read_trf("012 x\r012 y\r\x00")  # CR-only line ends count as lines too
    assert (info.value.line, info.value.column) == (3, 1)


def test_format_error_string_omits_missing_parts() -> None:
    assert str(FormatError("a.trf", 3, None, "bad")) == "a.trf:3: bad"
    assert str(FormatError("a.trf", 3, 7, "two\nlines")) == "a.trf:3:7: two lines"
    assert str(FormatError("a.trf", None, 7, "bad")) == "a.trf: bad"
