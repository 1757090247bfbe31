"""The TRF-2026 in-tournament exchange: 142/XXR, 152/XXC (rank), XXP/260, 240, 162/BBx; read,
written with CR LF, and read back equal."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ladder.formats import (
    Exchange,
    ForbiddenPairs,
    FormatError,
    PointValues,
    RoundByes,
    read_exchange,
    read_trf,
    write_exchange,
)
from ladder.formats.trf_write import pose_coming_byes
from ladder.vocabulary.tournament import HALF, Colour, Kind, Player, RoundResult, Tournament
from tests.factories import TESTDATA

R = RoundResult


def small_event() -> Tournament:
    """Six players after two rounds: 3 had the pairing-allocated bye in round 1, 6 was absent,
    3 won round 2 by forfeit against 4, 6 took a half-point bye."""
    w, b = Colour.WHITE, Colour.BLACK
    players = (
        Player(1, "Ann Lee", 1900, (R(1, Kind.WIN, 4, w), R(2, Kind.DRAW, 2, b))),
        Player(2, "Bob Jones", 1850, (R(1, Kind.WIN, 5, b), R(2, Kind.DRAW, 1, w))),
        Player(3, "Cy Park", 1800, (R(1, Kind.PAIRING_BYE), R(2, Kind.FORFEIT_WIN, 4))),
        Player(4, "Dee Tan", 1750, (R(1, Kind.LOSS, 1, b), R(2, Kind.FORFEIT_LOSS, 3))),
        Player(5, "Eve Ng", 1700, (R(1, Kind.LOSS, 2, w), R(2, Kind.ZERO_BYE))),
        Player(6, "Fay Wu", None, (R(1, Kind.ZERO_BYE), R(2, Kind.HALF_BYE))),
    )
    return Tournament("Club night", players, 2)


FULL = Exchange(
    rounds=5, initial_colour=Colour.BLACK, pairing_order=(2, 1, 3, 4, 5, 6),
    forbidden=(ForbiddenPairs((1, 5)), ForbiddenPairs((2, 3, 4), 3, 4)),
    byes=(RoundByes(Kind.HALF_BYE, 3, (4, 6)), RoundByes(Kind.ZERO_BYE, 3, (5,)),
          RoundByes(Kind.FULL_BYE, 4, (2,))),
    points=PointValues(pairing_bye=HALF))


def test_written_exchange_reads_back_equal() -> None:
    text = write_exchange(small_event(), FULL)
    assert read_exchange(text) == FULL
    again = write_exchange(small_event(), read_exchange(text))
    assert again == text


def test_lines_end_with_cr_lf_and_cr_alone_on_request() -> None:
    text = write_exchange(small_event(), FULL)
    assert text.endswith("\r\n")
    assert text.count("\r\n") == text.count("\n") == len(text.splitlines())
    cr_only = write_exchange(small_event(), FULL, line_end="\r")
    assert "\n" not in cr_only and cr_only.endswith("\r")
    assert read_exchange(cr_only) == FULL


def test_both_spellings_are_written() -> None:
    lines = write_exchange(small_event(), FULL).splitlines()
    assert {"142 5", "XXR 5", "152 B", "XXC black1 rank"} <= set(lines)
    assert "162  P 0.5" in lines and "BBU  0.5" in lines
    assert "XXP    1    5" in lines
    assert "260 003 004    2    3    4" in lines
    assert "240 H 003    4    6" in lines and "240 F 004    2" in lines
    # TRF-2026 columns: the code of 162 at column 6, its value in columns 7-10.
    line = next(line for line in lines if line.startswith("162"))
    assert (line[5], line[6:10]) == ("P", " 0.5")
    line = next(line for line in lines if line.startswith("240 H"))
    assert (line[4], line[6:9], line[10:14], line[15:19]) == ("H", "003", "   4", "   6")


def test_pairing_order_is_the_order_of_the_player_lines() -> None:
    lines = [line for line in write_exchange(small_event(), FULL).splitlines()
             if line.startswith("001")]
    assert [int(line[4:8]) for line in lines] == [2, 1, 3, 4, 5, 6]


def test_coming_round_byes_are_posed_in_the_round_column_with_their_points() -> None:
    text = write_exchange(small_event(), FULL)
    t = read_trf(text)
    cells = {int(line[4:8]): line[91 + 20:91 + 28] for line in text.splitlines()
             if line.startswith("001")}
    assert cells == {1: "", 2: "", 3: "", 4: "0000 - H", 5: "0000 - Z", 6: "0000 - H"}
    assert t.player(4).result_in(3).kind is Kind.HALF_BYE
    # Scores include the coming round's bye; the round-1 PAB is worth the exchange's 0.5.
    assert [t.player(n).points for n in range(1, 7)] == [
        Fraction(3, 2), Fraction(3, 2), Fraction(3, 2), HALF, Fraction(0), Fraction(1)]
    # Round 4's requested bye is only a 240 record, not a column.
    line = next(line for line in text.splitlines() if line[4:8] == "   2")
    assert len(line.rstrip()) < 92 + 20


def test_defaults_write_no_point_records() -> None:
    text = write_exchange(small_event(), Exchange(rounds=5))
    assert not [line for line in text.splitlines() if line[:3] in ("162", "BBU", "BBW")]
    assert read_exchange(text) == Exchange(rounds=5)


def test_bbp_engine_file_reads() -> None:
    text = (TESTDATA / "formats" / "bbp_dutch_2025_C5.trf").read_text(encoding="utf-8")
    assert read_exchange(text) == Exchange(rounds=3)


def test_trf2026_example_byes_read() -> None:
    text = (TESTDATA / "formats" / "fide_tec_grandmommyscup_team_trf26.trf").read_text(
        encoding="utf-8")
    exchange = read_exchange(text)
    assert exchange.rounds == 14
    assert exchange.initial_colour is Colour.BLACK
    assert RoundByes(Kind.HALF_BYE, 2, (7, 39)) in exchange.byes
    assert exchange.byes_of(12) == {15: Kind.HALF_BYE, 31: Kind.HALF_BYE}
    assert exchange.points == PointValues(win=Fraction(1), draw=HALF, loss=Fraction(0))


def test_bbx_and_162_spellings_agree_or_are_refused() -> None:
    base = "001    1      Ann                               1900\n"
    assert read_exchange(base + "BBU 0.5\n162  P 0.5\n").points == PointValues(pairing_bye=HALF)
    assert read_exchange(base + "162  W 3.0    D 1.0    Z 0.0\n").points == PointValues(
        win=Fraction(3), draw=Fraction(1), absence=Fraction(0))
    with pytest.raises(FormatError, match="another value"):
        read_exchange(base + "BBU 0.5\n162  P 1.0\n")


@pytest.mark.parametrize(("record", "expected"), [
    ("XXR 7\n142 9", "142 gives 9 rounds but XXR gives 7"),
    ("XXR seven", "one number of rounds"),
    ("152 W\nXXC black1", "different initial colours"),
    ("152 G", "W or B"),
    ("XXC white1 black1", "both white1 and black1"),
    ("XXC blue", "unknown setting 'blue'"),
    ("XXP 1", "fewer than two players"),
    ("XXP 1 x", "'x' is not a start number"),
    ("XXP 1 9", "player 9 is named but has no player"),
    ("260 002 001 1 2", r"last round \(1\) is before the first \(2\)"),
    ("260 001 1", "at least two players"),
    ("240 Q 001 1", "F, H or Z"),
    ("240 H 000 1", "'000' is not a round number"),
    ("240 H 001", "at least one player"),
    ("240 H 001 1\n240 Z 001 1", "round 1: player 1 has two byes"),
    ("BBU half", "is not a number of points"),
])
def test_bad_records_are_refused_with_their_line(record: str, expected: str) -> None:
    text = "012 Test\n001    1      Ann                               1900\n" \
           "001    2      Bob                               1800\n" + record + "\n"
    with pytest.raises(FormatError, match=expected) as caught:
        read_exchange(text, "club.trf")
    assert caught.value.line is not None and caught.value.line >= 4
    assert str(caught.value).startswith("club.trf:")


def test_coming_round_240_byes_are_posed_into_the_column() -> None:
    # The exchange file without its column entries: only the 240 records say who sits out.
    full = write_exchange(small_event(), FULL)
    column = 91 + 20
    stripped = []
    for line in full.split("\r\n"):
        if line.startswith("001") and line[column:column + 8].startswith("0000"):
            line = line[:column].rstrip()
            points = {"   4": " 0.0", "   5": " 0.0", "   6": " 0.5"}[line[4:8]]
            line = line[:80] + points + line[84:]
        stripped.append(line)
    text = "\r\n".join(stripped)
    assert read_trf(text).player(4).points == 0
    posed = pose_coming_byes(text)
    assert posed == full  # the byes, their points, the file's own line ends
    assert pose_coming_byes(full) == full  # nothing to add: unchanged
    no_records = "\n".join(line for line in full.split("\r\n") if not line.startswith("240"))
    assert pose_coming_byes(no_records) == no_records


DRIVEN = json.loads((TESTDATA / "pairings" / "driven-manifest.json").read_text(
    encoding="utf-8"))["tournaments"]


@pytest.mark.parametrize("entry", DRIVEN, ids=lambda entry: entry["file"])
def test_club_files_read_as_their_manifest_says_and_round_trip(entry: dict) -> None:
    text = (TESTDATA / "pairings" / entry["file"]).read_text(encoding="utf-8")
    exchange = read_exchange(text, entry["file"])
    assert exchange.rounds == entry["rounds"]  # planned, or as far as a refusal let it go
    assert exchange.initial_colour is {"w": Colour.WHITE, "b": Colour.BLACK}[
        entry["initial_colour"]]
    assert (exchange.pairing_order is not None) == entry["rerank_late_entries"]
    assert sorted(list(group.players) for group in exchange.forbidden) == sorted(
        entry["forbidden"])
    pab = Fraction(str(entry["pab_points"]))
    assert exchange.points.scoring().points(Kind.PAIRING_BYE) == pab
    t = read_trf(text, entry["file"])
    written = write_exchange(t, exchange)
    assert read_exchange(written) == exchange
    again = read_trf(written)
    assert again.players == tuple(
        replace(p, points=q.points) for p, q in zip(t.players, again.players, strict=True))
    # Scores are recomputed from the results with the exchange's PAB value: as printed.
    assert [p.points for p in again.players] == [p.points for p in t.players]


EXCHANGE_CODES = st.sampled_from(["142", "XXR", "152", "XXC", "XXP", "260", "240", "162", "BBU",
                                  "BBW", "BBZ", "001"])
EXCHANGE_WORDS = st.sampled_from(["0", "1", "2", "3", "07", "999", "9" * 60, "٣", "W", "B",
                                  "H", "Z", "F", "Q", "white1", "black1", "rank", "0.5", "1,5",
                                  "P", "A", "x", "", "-1", "\t"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(EXCHANGE_CODES, st.lists(EXCHANGE_WORDS, max_size=6),
                          st.sampled_from([" ", "  ", "    "])), max_size=8))
def test_any_exchange_records_read_or_are_refused_with_a_format_error(
        records: list[tuple[str, list[str], str]]) -> None:
    base = ["001    1      Ann                               1900",
            "001    2      Bob                               1800"]
    text = "\n".join(base + [code + gap + gap.join(words) for code, words, gap in records])
    try:
        exchange = read_exchange(text)
    except FormatError as error:
        assert error.line is not None or error.column is None
        return
    assert exchange.rounds is None or 0 < exchange.rounds <= 99
    assert all(1 <= entry.round <= 99 for entry in exchange.byes)
