"""``ladder import`` dates the event from the file (TRF 042, else 132; PGN EventDate, else
Date); ``--date`` is optional and overrides; a file without a readable date is refused with
one clear line and nothing is written (docs/organizer-guide.md §2)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import Event, Member
from tests.factories import TESTDATA

LINES = ("001    1      Lee,Ann                           1500                             "
         "1.0    1     2 w 1\n"
         "001    2      Chen,Bo                           1400                             "
         "0.0    2     1 b 0\n")


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _event(app) -> Event | None:
    with app.app_context():
        return db.session.scalar(select(Event))


def test_trf_without_042_is_dated_by_its_first_round(app, runner, tmp_path: Path) -> None:
    path = _file(tmp_path, "spring.trf", "012 Spring\n132" + " " * 88 + "25/03/08\n" + LINES)
    result = runner.invoke(args=["import", path])
    assert result.exit_code == 0, result.output
    assert "(2025-03-08)" in result.output
    assert "date: from the file: the first round's date (TRF tag 132)" in result.output
    event = _event(app)
    assert event.date == dt.date(2025, 3, 8) and event.tiebreak_edition == "fide-2024"


def test_date_option_overrides_the_file_and_far_dates_are_warned(app, runner,
                                                                 tmp_path: Path) -> None:
    path = _file(tmp_path, "spring.trf", "012 Spring\n042 2025/03/02\n" + LINES)
    result = runner.invoke(args=["import", path, "--date", "2026-03-02"])
    assert result.exit_code == 0, result.output
    assert "warning: The event's date March 2, 2026 is 365 days from the file's own date " \
        "March 2, 2025." in result.output
    assert _event(app).date == dt.date(2026, 3, 2)


def test_pgn_event_date(app, runner, tmp_path: Path) -> None:
    path = _file(tmp_path, "cup.pgn", '[Event "Cup"]\n[EventDate "2025.01.04"]\n'
                 '[Date "2025.01.05"]\n[Round "1"]\n[White "Ann Lee"]\n[Black "Bo Chen"]\n'
                 '[Result "1-0"]\n\n1-0\n')
    assert runner.invoke(args=["import", path]).exit_code == 0
    assert _event(app).date == dt.date(2025, 1, 4)


def test_undated_or_unreadable_file_is_refused_and_nothing_is_written(app, runner,
                                                                      tmp_path: Path) -> None:
    real = TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf"
    result = runner.invoke(args=["import", str(real)])
    assert result.exit_code == 2
    assert ("The file gives no date; its title names the year 2025. Give the date with "
            "--date YYYY-MM-DD.") in result.output
    bad = _file(tmp_path, "bad.trf", "012 Spring\n042 2025-13-45\n" + LINES)
    result = runner.invoke(args=["import", bad])
    assert result.exit_code == 2
    assert "The file's date “2025-13-45” (TRF 042) cannot be read." in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Event.id))) == 0
        assert db.session.scalar(select(func.count(Member.id))) == 0
