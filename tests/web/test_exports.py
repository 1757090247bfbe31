"""Exports: the starting list (CSV, TRF 001 lines) and an event as TRF — organizer-only, full
names (decision: they are working files for a pairing program; no public export of names) —
and the backup restore (copy over the database file, the app reads it, ``ladder check`` passes).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import shutil
from pathlib import Path

from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.formats.trf import read_trf
from ladder.models import AuditEntry, Event, Member
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, make_app, member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def _seed(app: Flask) -> int:
    names = ["Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park"]
    games = [(r, 1, 2, W) for r in range(1, 4)] + [(r, 3, 4, W) for r in range(1, 4)] \
        + [(4, 1, 3, D), (4, 2, 4, L), (5, 1, 4, W), (5, 2, 3, D)]
    with app.app_context(), direct_writes():
        event = publish_t(tournament(names, games, name="Winter Swiss"), dt.date(2025, 1, 7))
        member("Minjun Kim").junior = True
        db.session.commit()
        return event.id


def test_exports_are_organizer_only(app, client) -> None:
    event_id = _seed(app)
    for url in ("/organize/settings/export/startlist.csv",
                "/organize/settings/export/startlist.trf",
                f"/organize/settings/export/events/{event_id}.trf"):
        response = client.get(url)
        assert response.status_code in (303, 404), url
        assert "Minjun" not in response.get_data(as_text=True)


def test_startlist_csv_is_sorted_by_ladder_rating(app, logged_in) -> None:
    _seed(app)
    response = logged_in.get("/organize/settings/export/startlist.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    # The export starts with a byte-order mark: read it as spreadsheets do.
    rows = list(csv.DictReader(io.StringIO(response.get_data().decode("utf-8-sig"))))
    with app.app_context():
        ratings = {m.name: m.rating for m in db.session.scalars(select(Member))}
    assert [int(r["start_no"]) for r in rows] == [1, 2, 3, 4]
    provisional = [r["provisional"] == "yes" for r in rows]
    assert provisional == sorted(provisional)  # established first
    group = [r for r in rows if r["provisional"] == rows[0]["provisional"]]
    assert [ratings[r["name"]] for r in group] == sorted((ratings[r["name"]] for r in group),
                                                        reverse=True)
    assert "Minjun Kim" in {r["name"] for r in rows}  # organizer's file: full names


def test_startlist_trf_has_001_lines_in_ladder_order(app, logged_in) -> None:
    _seed(app)
    csv_rows = list(csv.DictReader(io.StringIO(
        logged_in.get("/organize/settings/export/startlist.csv").get_data(as_text=True))))
    text = logged_in.get("/organize/settings/export/startlist.trf").get_data(as_text=True)
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(lines) == 4
    t = read_trf(text)
    assert [p.name for p in t.players] == [r["name"] for r in csv_rows]
    assert [p.rating for p in t.players] == [int(r["rating"]) for r in csv_rows]


def test_event_as_trf_reads_back(app, logged_in) -> None:
    event_id = _seed(app)
    response = logged_in.get(f"/organize/settings/export/events/{event_id}.trf")
    assert response.status_code == 200
    t = read_trf(response.get_data(as_text=True))
    assert t.rounds == 5 and len(t.players) == 4
    assert {p.name for p in t.players} == {"Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park"}
    assert logged_in.get("/organize/settings/export/events/999.trf").status_code == 404


def test_event_page_links_the_trf_for_organizers_only(app, client, logged_in) -> None:
    event_id = _seed(app)
    url = f"/organize/settings/export/events/{event_id}.trf"
    assert url in logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert url not in client.get(f"/events/{event_id}").get_data(as_text=True)


def test_backup_restores(app, runner, tmp_path: Path) -> None:
    with app.app_context():
        dialect = db.engine.dialect.name
    if dialect != "sqlite":
        # PostgreSQL: the command makes the backup with pg_dump (docs/self-hosting.md §11; it used
        # to refuse and point to pg_dump); its restore into a new database is the wheel test's
        # (tests/install/test_wheel.py, PostgreSQL pass).
        backup = tmp_path / "backup.pgdump"
        result = runner.invoke(args=["backup", str(backup)])
        assert result.exit_code == 0, result.output
        assert backup.read_bytes()[:5] == b"PGDMP" and (backup.stat().st_mode & 0o777) == 0o600
        return
    event_id = _seed(app)
    backup = tmp_path / "backup.sqlite3"
    assert runner.invoke(args=["backup", str(backup)]).exit_code == 0
    # Restore: the backup file becomes the database of a fresh app instance.
    restored_db = tmp_path / "restored" / "ladder.sqlite3"
    restored_db.parent.mkdir()
    shutil.copy(backup, restored_db)
    restored = make_app(tmp_path / "restored", f"sqlite:///{restored_db}")
    result = restored.test_cli_runner().invoke(args=["check"])
    assert result.exit_code == 0, result.output
    with restored.app_context():
        assert db.session.get(Event, event_id).name == "Winter Swiss"
        ratings = sorted(m.rating for m in db.session.scalars(select(Member)))
        db.engine.dispose()
    with app.app_context():
        assert ratings == sorted(m.rating for m in db.session.scalars(select(Member)))
    html = restored.test_client().get(f"/events/{event_id}").get_data(as_text=True)
    assert "Winter Swiss" in html and "Ann Lee" in html and "Minjun" not in html
    with restored.app_context():
        db.engine.dispose()


def test_a_full_backup_downloads_from_settings_and_is_a_working_database(app, logged_in,
                                                                          tmp_path) -> None:
    _seed(app)
    from tests.factories import csrf_token
    if "sqlite" not in app.config["SQLALCHEMY_DATABASE_URI"]:
        # PostgreSQL: the page explains pg_dump instead (and changes nothing).
        response = logged_in.post("/organize/settings/backup",
                                  data={"csrf_token": csrf_token(logged_in, "/organize/settings/")})
        assert response.status_code == 422 and "pg_dump" in response.get_data(as_text=True)
        return
    response = logged_in.post("/organize/settings/backup",
                              data={"csrf_token": csrf_token(logged_in, "/organize/settings/")})
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    copy = tmp_path / "downloaded" / "ladder.sqlite3"
    copy.parent.mkdir()
    copy.write_bytes(response.get_data())
    restored = make_app(tmp_path / "downloaded", f"sqlite:///{copy}")
    assert restored.test_cli_runner().invoke(args=["check"]).exit_code == 0
    with app.app_context():
        assert db.session.scalar(select(AuditEntry.action).where(
            AuditEntry.action == "ladder.backup")) == "ladder.backup"
    with restored.app_context():
        db.engine.dispose()
    visitor = app.test_client()
    assert visitor.post("/organize/settings/backup").status_code in (303, 400)
