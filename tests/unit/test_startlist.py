"""The starting list (pure): ladder order, CSV with a header, TRF 001 lines that read back."""

from __future__ import annotations

import csv
import io

from ladder.formats.startlist import StartEntry, ordered, startlist_csv, startlist_trf
from ladder.formats.trf import read_trf

ENTRIES = [StartEntry(1, "Ann Lee", 1412.6, 30, False), StartEntry(2, "Bo Chen", 1500.2, 3, True),
           StartEntry(3, "Cai Wu", 1530.0, 12, False), StartEntry(4, "=cmd()", 1200.0, 0, True),
           StartEntry(5, "김민준", 1412.6, 9, False)]


def test_order_is_the_ladders() -> None:
    assert [e.member_id for e in ordered(ENTRIES)] == [3, 1, 5, 2, 4]


def test_csv() -> None:
    rows = list(csv.DictReader(io.StringIO(startlist_csv(ENTRIES))))
    assert [r["start_no"] for r in rows] == ["1", "2", "3", "4", "5"]
    assert rows[0] == {"start_no": "1", "member_id": "3", "name": "Cai Wu", "rating": "1530",
                       "games": "12", "provisional": "no"}
    assert rows[4]["name"] == "'=cmd()"  # no spreadsheet formula
    assert rows[2]["name"] == "김민준"


def test_trf_lines_read_back() -> None:
    text = startlist_trf(ENTRIES, "Club starting list")
    assert text.startswith("012 Club starting list")
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(lines) == 5
    assert lines[0][4:8] == "   1" and lines[0][48:52] == "1530"
    t = read_trf(text)
    assert [(p.start_no, p.name, p.rating) for p in t.players][:3] == [
        (1, "Cai Wu", 1530), (2, "Ann Lee", 1413), (3, "김민준", 1413)]


def test_empty_list() -> None:
    assert startlist_csv([]).count("\n") == 1
    assert "001" not in startlist_trf([])
