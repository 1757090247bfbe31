"""The ``ladder`` command line: import, standings, members, check, rebuild, backup, bad input."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from ladder.extensions import db
from ladder.models import Event, Member, RatingRow
from tests.factories import TESTDATA, direct_writes

HELD5 = TESTDATA / "fide-exercises" / "held_swiss_5.trf"
HELD9 = TESTDATA / "fide-exercises" / "held_swiss_9.trf"


def _counts(app) -> tuple[int, int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count(Event.id))),
                db.session.scalar(select(func.count(Member.id))),
                db.session.scalar(select(func.count()).select_from(RatingRow)))


def test_import_as_a_draft_counts_for_nothing_yet(app, runner) -> None:
    result = runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01", "--draft"])
    assert result.exit_code == 0, result.output
    assert "as a draft" in result.output and "16 new members" in result.output
    assert _counts(app) == (1, 16, 0)  # the event and its members, no rating row
    assert json.loads(runner.invoke(args=["standings", "--json"]).output) == []


def test_import_then_standings_json(app, runner) -> None:
    result = runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    assert result.exit_code == 0, result.output
    assert "16 new members" in result.output
    data = json.loads(runner.invoke(args=["standings", "--json"]).output)
    assert len(data) == 16
    assert [row["rank"] for row in data] == sorted(row["rank"] for row in data)
    assert set(data[0]) == {"member_id", "name", "rating", "games", "provisional", "rank"}
    # Provisional exactly while fewer than 5 counted games (docs/club-rating.md §1); byes don't
    # count.
    assert all(row["provisional"] == (row["games"] < 5) for row in data)
    assert {row["provisional"] for row in data} == {True, False}
    established = [row for row in data if not row["provisional"]]
    assert data[:len(established)] == established  # every established member ranks first
    assert isinstance(data[0]["rating"], float)
    members = json.loads(runner.invoke(args=["members", "--json"]).output)
    assert {m["name"] for m in members} >= {"Alyx", "Bruno"}
    assert set(members[0]) == {"id", "name", "junior", "consent"}


def test_importing_an_earlier_event_later_replays_and_checks(app, runner) -> None:
    assert runner.invoke(args=["import", str(HELD9), "--date", "2025-05-01"]).exit_code == 0
    result = runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    assert result.exit_code == 0, result.output
    assert runner.invoke(args=["check"]).exit_code == 0
    out_of_order = runner.invoke(args=["standings", "--json"]).output
    with app.app_context(), direct_writes():
        from ladder.services.corrections import delete_event
        for event_id in db.session.scalars(select(Event.id)).all():
            delete_event(event_id, actor="test")
        db.session.query(Member).delete()
        db.session.commit()
    runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    runner.invoke(args=["import", str(HELD9), "--date", "2025-05-01"])
    in_order = json.loads(runner.invoke(args=["standings", "--json"]).output)
    strip = [{k: v for k, v in row.items() if k != "member_id"} for row in in_order]
    assert strip == [{k: v for k, v in row.items() if k != "member_id"}
                     for row in json.loads(out_of_order)]


def test_check_exits_1_listing_differences(app, runner) -> None:
    runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    with app.app_context(), direct_writes():
        db.session.execute(update(RatingRow).where(RatingRow.member_id == 1)
                           .values(rating_after=999.5))
        db.session.commit()
    result = runner.invoke(args=["check"])
    assert result.exit_code == 1
    assert "rating_after stored 999.5" in result.output
    assert runner.invoke(args=["rebuild"]).exit_code == 0
    assert runner.invoke(args=["check"]).exit_code == 0


@pytest.mark.parametrize("content, expected", [
    (b"001    1 m    Alyx   2200\n001    1 m    Bruno  2100\n", "start number 1"),
    (b"\x00\x01\x02binary\x00", "not a text file"),
    (b"hello world\n", "001"),
])
def test_bad_files_exit_2_with_one_line_and_change_nothing(app, runner, tmp_path: Path,
                                                           content: bytes, expected: str) -> None:
    runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    before = _counts(app)
    bad = tmp_path / "bad.trf"
    bad.write_bytes(content)
    result = runner.invoke(args=["import", str(bad), "--date", "2025-04-01"])
    assert result.exit_code == 2
    message = result.output.strip()
    assert message.count("\n") == 0 and message.startswith("ladder: error:")
    assert expected.lower() in message.lower()
    assert _counts(app) == before


def _ladder(*args: str, instance: Path) -> subprocess.CompletedProcess:
    """Run the real ``ladder`` executable (exercises the one-line usage errors of ``main``)."""
    exe = Path(sys.executable).with_name("ladder")
    env = {"LADDER_INSTANCE_PATH": str(instance), "PATH": "/usr/bin:/bin"}
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_unknown_flag_and_bad_date_are_one_line_exit_2(tmp_path: Path) -> None:
    instance = tmp_path / "inst"
    assert _ladder("init", instance=instance).returncode == 0
    unknown = _ladder("import", str(HELD5), "--colour", "red", instance=instance)
    assert unknown.returncode == 2
    assert unknown.stderr.strip().count("\n") == 0 and "--colour" in unknown.stderr
    bad_date = _ladder("import", str(HELD5), "--date", "2025-02-30", instance=instance)
    assert bad_date.returncode == 2
    assert "not a date" in bad_date.stderr and bad_date.stderr.strip().count("\n") == 0
    connection = sqlite3.connect(instance / "ladder.sqlite3")
    assert connection.execute("SELECT count(*) FROM events").fetchone() == (0,)
    connection.close()


def test_backup_is_a_consistent_sqlite_copy(app, runner, tmp_path: Path) -> None:
    with app.app_context():
        dialect = db.engine.dialect.name
    if dialect != "sqlite":
        # On PostgreSQL the command makes the backup with pg_dump (docs/self-hosting.md §11; it used
        # to refuse and point to pg_dump): a custom-format archive, owner-only, never over a file.
        target = tmp_path / "copy.pgdump"
        result = runner.invoke(args=["backup", str(target)])
        assert result.exit_code == 0, result.output
        assert target.read_bytes()[:5] == b"PGDMP" and (target.stat().st_mode & 0o777) == 0o600
        assert runner.invoke(args=["backup", str(target)]).exit_code == 2
        return
    runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"])
    target = tmp_path / "copy.sqlite3"
    assert runner.invoke(args=["backup", str(target)]).exit_code == 0
    copy = sqlite3.connect(target)
    assert copy.execute("SELECT count(*) FROM rating_rows").fetchone() == (16,)
    copy.close()
    # Restore = put the copy in place of the database file; the app reads it as it is.
    assert runner.invoke(args=["backup", str(target)]).exit_code == 2  # never overwrites
    shutil.copy(target, tmp_path / "restored.sqlite3")


def test_uninitialised_database_gets_one_line_not_a_traceback(tmp_path: Path) -> None:
    result = _ladder("standings", instance=tmp_path / "empty")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0 and "ladder init" in result.stderr
