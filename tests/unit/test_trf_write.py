"""write_trf: exact columns, every result kind, and read → write → read round trips."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from ladder.formats import read_trf, write_trf
from ladder.vocabulary.tournament import (
    HALF,
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)
from tests.factories import TESTDATA  # tests/data; tests/data/README.md names the sources

ROUND_TRIP_FILES = sorted(
    path for folder in ("fide-exercises", "real-events", "formats")
    for path in (TESTDATA / folder).iterdir() if path.suffix in (".trf", ".trfx")
)


@pytest.mark.parametrize("path", ROUND_TRIP_FILES, ids=lambda p: p.name)
def test_round_trip_gives_an_equal_tournament(path: Path) -> None:
    with open(path, encoding="utf-8", newline="") as handle:
        original = read_trf(handle.read(), path.name)
    written = write_trf(original)
    again = read_trf(written, "written.trf")
    assert again == original
    assert write_trf(again) == written  # the writer is deterministic


def test_round_trip_covers_the_fide_exercises_and_real_events() -> None:
    folders = {path.parent.name for path in ROUND_TRIP_FILES}
    assert {"fide-exercises", "real-events"} <= folders
    assert len(ROUND_TRIP_FILES) == 14


def every_kind_event() -> Tournament:
    """Four rounds holding every result kind (Cy has no printed points)."""
    r = RoundResult
    ann = Player(1, "Ann Lee", 1812, (
        r(1, Kind.WIN, 2, Colour.WHITE), r(2, Kind.UNRATED_PLAYED, 3, Colour.BLACK, HALF),
        r(3, Kind.FORFEIT_WIN, 4, Colour.WHITE), r(4, Kind.HALF_BYE)),
        sex="w", title="WFM", federation="AUS", fide_id="3201234", birth_year=2009,
        points=Fraction(3), rank=1)
    bob = Player(2, "Bob Jones", None, (
        r(1, Kind.LOSS, 1, Colour.BLACK), r(2, Kind.DOUBLE_FORFEIT, 4, None),
        r(3, Kind.PAIRING_BYE), r(4, Kind.DRAW, 3, Colour.WHITE)), points=Fraction(3, 2))
    cy = Player(3, "Cy", 1500, (
        r(1, Kind.FULL_BYE), r(2, Kind.UNRATED_PLAYED, 1, Colour.WHITE, HALF),
        r(3, Kind.ZERO_BYE), r(4, Kind.DRAW, 2, Colour.BLACK)))
    dee = Player(4, "Dee", None, (
        r(1, Kind.ZERO_BYE), r(2, Kind.DOUBLE_FORFEIT, 2, None),
        r(3, Kind.FORFEIT_LOSS, 1, Colour.BLACK), r(4, Kind.ZERO_BYE)), points=Fraction(0))
    return Tournament("Club night", (ann, bob, cy, dee), 4, dt.date(2025, 3, 1),
                      dt.date(2025, 3, 22), EventKind.ROUND_ROBIN,
                      Scoring(win=Fraction(3), draw=Fraction(1), half_bye=Fraction(1, 2)),
                      ("BH:C1", "SB"), (dt.date(2025, 3, 1), None, dt.date(2025, 3, 15),
                                        dt.date(2025, 3, 22)))


def test_exact_columns_and_codes() -> None:
    text = write_trf(every_kind_event())
    lines = text.splitlines()
    assert text.endswith("\n") and all(line == line.rstrip() for line in lines)
    assert lines[:5] == ["012 Club night", "042 2025/03/01", "052 2025/03/22", "062 4",
                         "092 Individual: Round Robin"]
    assert lines[5] == "132".ljust(91) + "25/03/01".ljust(20) + "25/03/15  25/03/22"
    assert lines[6:10] == ["202 BH:C1,SB", "162  W 3.0    D 1.0    L 0.0",
                           "XXS W=3.0 D=1.0 L=0.0 HPB=0.5", "XXR 4"]
    ann = lines[10]
    assert ann[:4] == "001 " and ann[4:8] == "   1" and ann[9] == "w" and ann[10:13] == "WFM"
    assert ann[14:47].rstrip() == "Ann Lee" and ann[48:52] == "1812" and ann[53:56] == "AUS"
    assert ann[57:68] == "    3201234" and ann[69:79] == "2009      "
    assert ann[80:84] == " 3.0" and ann[85:89] == "   1"
    assert ann[91:] == "   2 w 1     3 b D     4 w +  0000 - H"
    assert lines[11][91:] == "   1 b 0     4 - -  0000 - U     3 w ="
    assert lines[11][48:52] == "    " and lines[11][85:89] == "    "
    # Cy has no printed points: the writer computes them with the event's scoring (3/1/0).
    assert lines[12][80:84] == " 5.0"
    assert lines[12][91:] == "0000 - F     1 w D  0000 - Z     2 b ="
    assert lines[13][91:] == "0000 - Z     2 - -     1 b -  0000 - Z"


def test_every_kind_round_trips() -> None:
    event = every_kind_event()
    again = read_trf(write_trf(event))
    cy = event.players[2]
    assert again.players[2] == Player(cy.start_no, cy.name, cy.rating, cy.results,
                                      points=Fraction(5))
    assert again.players[:2] == event.players[:2] and again.players[3] == event.players[3]
    assert (again.kind, again.scoring, again.tiebreak_codes, again.rounds_dates) == (
        event.kind, event.scoring, event.tiebreak_codes, event.rounds_dates)


def test_players_are_written_in_start_number_order() -> None:
    event = every_kind_event()
    shuffled = Tournament(event.name, tuple(reversed(event.players)), event.rounds)
    numbers = [line[4:8].strip() for line in write_trf(shuffled).splitlines()
               if line.startswith("001")]
    assert numbers == ["1", "2", "3", "4"]


def test_values_a_trf_cannot_hold_raise() -> None:
    with pytest.raises(ValueError, match="start number"):
        write_trf(Tournament("x", (Player(10000, "Big"),), 0))
    with pytest.raises(ValueError, match="rating"):
        write_trf(Tournament("x", (Player(1, "Strong", 12000),), 0))
    bad = Player(1, "A", results=(RoundResult(1, Kind.UNRATED_PLAYED, 2, Colour.WHITE),))
    with pytest.raises(ValueError, match="outcome"):
        write_trf(Tournament("x", (bad, Player(2, "B")), 1))


def test_with_records_appends_only_what_is_given_in_the_file_s_own_line_ends() -> None:
    from ladder.formats.trf_write import with_records
    from ladder.vocabulary.tournament import Colour

    text = "012 Night\r\n001    1      Ann\r\n"
    assert with_records(text) == text
    assert with_records(text, initial_colour=Colour.BLACK, rounds=5) == (
        "012 Night\r\n001    1      Ann\r\nXXC black1\r\nXXR 5\r\n")
    assert with_records("012 Night\n", initial_colour=Colour.WHITE) == "012 Night\nXXC white1\n"
    assert with_records("012 Night", rounds=3) == "012 Night\nXXR 3\n"
