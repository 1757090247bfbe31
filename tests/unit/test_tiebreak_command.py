"""``ladder tiebreaks FILE``: output, defaults and bad input (one line on stderr, exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ladder.tiebreaks.command import tiebreaks_command
from tests.unit.tiebreak_support import EXERCISES, TESTDATA

SWISS5 = str(EXERCISES / "held_swiss_5.trf")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(tiebreaks_command, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("edition", "bh4", "bh11"), [("fide-2024", 15, 13.5),
                                                      ("fide-2026", 14, 12.5)])
def test_json_reproduces_the_official_answers(edition: str, bh4: float, bh11: float) -> None:
    code, out, _ = run(SWISS5, "--rules", edition, "--order", "BH/C1,BH,SB", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["rules"] == edition and doc["order"] == ["BH/C1", "BH", "SB"]
    rows = {s["start_no"]: s for s in doc["standings"]}
    assert rows[4]["tiebreaks"]["BH"] == bh4 and rows[11]["tiebreaks"]["BH"] == bh11
    assert rows[2] == {"start_no": 2, "name": "Bruno", "points": 4, "rank": 1,
                       "tiebreaks": {"BH/C1": 12, "BH": 13, "SB": 9.5}}
    assert isinstance(rows[1]["points"], float) and rows[1]["points"] == 3.5


def test_defaults_follow_the_file() -> None:
    code, out, _ = run(SWISS5, "--json")
    doc = json.loads(out)
    # 042 2024-08-01 -> fide-2024; no tag 202 -> the documented Swiss default
    assert (code, doc["rules"], doc["order"]) == (0, "fide-2024", ["BH/C1", "BH", "SB", "WIN"])
    code, out, err = run(str(EXERCISES / "held_round_robin.trf"), "--json")
    assert json.loads(out)["order"] == ["DE", "SB", "WIN", "KS"] and err == ""


def test_human_table_is_aligned() -> None:
    code, out, _ = run(SWISS5, "--order", "BH,SB")
    lines = out.splitlines()
    assert code == 0 and lines[1].split() == ["Rank", "No", "Name", "Pts", "BH", "SB"]
    assert len({len(line) for line in lines[1:]}) <= 2  # right-aligned numbers
    assert lines[2].split() == ["1", "2", "Bruno", "4", "13", "9.5"]


def test_explain_prints_the_rounds() -> None:
    code, out, _ = run(SWISS5, "--rules", "fide-2026", "--order", "BH/C1", "--explain", "4")
    assert code == 0
    assert "16.2.3 requested bye" in out and "(C.07 16.5)" in out and "16.4.2" in out


def test_pgn_by_extension() -> None:
    code, out, _ = run(str(TESTDATA / "pgn" / "uzchesscup.pgn"), "--order", "SB", "--json")
    assert code == 0 and len(json.loads(out)["standings"]) == 10


@pytest.mark.parametrize(("args", "needle"), [
    (("--order", "BH,XYZ"), "unknown tie-break code 'XYZ'"),
    (("--order", "BH/Q1"), "unknown modifier '/Q1'"),
    (("--rules", "fide-1999"), "unknown tie-break edition 'fide-1999'"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], needle: str) -> None:
    code, out, err = run(SWISS5, *args)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_unreadable_trf_names_file_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    text = (EXERCISES / "held_swiss_5.trf").read_text().replace(" 9 w 1", "99 w 1", 1)
    bad.write_text(text)
    code, _, err = run(str(bad))
    assert code == 2 and len(err.strip().splitlines()) == 1
    # Alyx (line 6) now meets a player 99 in round 1, whose field starts at column 92.
    assert f"{bad}:6:92:" in err and "opponent 99" in err


def test_missing_file(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "none.trf"))
    assert code == 2 and "no such file" in err


def test_edition_from_the_year_in_the_name_when_the_file_has_no_date(tmp_path: Path) -> None:
    """Real files without tag 042: the round dates, else the name's year, pick the edition."""
    import datetime as dt

    from ladder.tiebreaks.command import event_date
    from ladder.vocabulary.tournament import Tournament
    assert event_date(Tournament("2022 January Dojo Classical", (), 6)) == dt.date(2022, 1, 1)
    assert event_date(Tournament("Club Cup", (), 6, rounds_dates=(dt.date(2025, 4, 3), None))) \
        == dt.date(2025, 4, 3)
    assert event_date(Tournament("Club Cup 12345", (), 6)) is None
    real = TESTDATA / "real-events"
    for name, rules in (("dojo_classical_2022_grp3.trf", "fide-2012"),
                        ("hobsonsbay_april_rapid_2025.trf", "fide-2024")):
        result = CliRunner().invoke(tiebreaks_command, [str(real / name), "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["rules"] == rules
