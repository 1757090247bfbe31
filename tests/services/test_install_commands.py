"""The commands a server's administrator runs (docs/self-hosting.md §3): ``ladder init`` with the
club's name, language and time zone, ``create-organizer --password-stdin``, ``backup --keep``,
``restore``, ``demo --remove``, the guarded ``ladder run``; the catalogues compiled by ``ladder
init``; and the private modes of the instance folder, the database and the backups."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings, Event, Member, User
from tests.factories import TESTDATA, make_app

HELD5 = TESTDATA / "fide-exercises" / "held_swiss_5.trf"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _settings(app: Flask) -> ClubSettings:
    with app.app_context():
        settings = db.session.scalar(select(ClubSettings).order_by(ClubSettings.id))
        db.session.expunge(settings)
        return settings


def test_init_names_the_club_its_language_and_time_zone(app: Flask,
                                                        runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["init", "--club-name", "Seoul Knights", "--language", "ko",
                                 "--timezone", "Asia/Seoul"])
    assert result.exit_code == 0, result.output
    settings = _settings(app)
    assert (settings.club_name, settings.default_language, settings.timezone) == (
        "Seoul Knights", "ko", "Asia/Seoul")
    # A Korean club asks a guardian's consent under 14 (PIPA Art. 22-2; docs/privacy.md).
    assert settings.consent_age == 14
    with app.app_context():  # an empty club: no demo, no login
        assert db.session.scalar(select(func.count(Member.id))) == 0
        assert db.session.scalar(select(func.count(User.id))) == 0


def test_init_refuses_an_unknown_time_zone_and_changes_nothing(app: Flask,
                                                               runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["init", "--club-name", "Renamed", "--timezone", "Asia/Seol"])
    assert result.exit_code == 2
    assert "--timezone: Asia/Seol is not a time zone name" in result.output
    settings = _settings(app)
    assert settings.club_name != "Renamed" and settings.timezone == "UTC"


def test_create_organizer_reads_the_password_from_stdin(app: Flask,
                                                        runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["create-organizer", "alice", "--password-stdin"],
                           input="correct horse battery staple\nignored second line\n")
    assert result.exit_code == 0, result.output
    assert "correct horse" not in result.output  # never echoed
    with app.app_context():
        from ladder.services.login import authenticate
        assert authenticate("alice", "correct horse battery staple") is not None
    empty = runner.invoke(args=["create-organizer", "bob", "--password-stdin"], input="")
    assert empty.exit_code == 2 and "standard input held no password" in empty.output
    with app.app_context():
        assert db.session.scalar(select(User.id).where(User.username == "bob")) is None


def test_backup_keep_rotates_only_its_own_files(app: Flask, runner: FlaskCliRunner,
                                                tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    unrelated = folder / "notes.txt"
    unrelated.write_text("the organizer's own file")
    written = []
    for _ in range(3):
        result = runner.invoke(args=["backup", "--keep", "2", str(folder)])
        assert result.exit_code == 0, result.output
        written.append(result.output.strip().splitlines()[-1].split(" to ", 1)[1].rstrip("."))
    kept = [p for p in folder.iterdir() if p.name.startswith("ladder-")]
    # The newest two, the oldest deleted. Compared as sets: three backups within one second
    # are told apart by "-2", "-3" after the stamp, which a plain name sort puts first.
    assert {str(p) for p in kept} == set(written[1:])
    assert not Path(written[0]).exists()
    assert unrelated.exists()
    assert all(_mode(p) == 0o600 for p in kept)
    with app.app_context():
        sqlite = db.engine.dialect.name == "sqlite"
    magic = b"SQLite format 3\x00" if sqlite else b"PGDMP"
    assert all(p.read_bytes().startswith(magic) for p in kept)


def test_restore_refuses_a_database_that_is_not_empty(app: Flask, runner: FlaskCliRunner,
                                                      tmp_path: Path) -> None:
    assert runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"]).exit_code == 0
    target = tmp_path / "one.backup"
    assert runner.invoke(args=["backup", str(target)]).exit_code == 0
    result = runner.invoke(args=["restore", str(target)])
    assert result.exit_code == 2 and "not empty" in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Event.id))) == 1


def test_restore_into_a_new_sqlite_database_then_check(tmp_path: Path) -> None:
    source = make_app(tmp_path / "a")
    with source.app_context():
        from ladder.services.setup import init_database
        init_database()
    runner = source.test_cli_runner()
    assert runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"]).exit_code == 0
    backup = tmp_path / "b.sqlite3"
    assert runner.invoke(args=["backup", str(backup)]).exit_code == 0
    wrong = tmp_path / "not-a-backup.txt"
    wrong.write_text("hello")
    fresh = make_app(tmp_path / "fresh").test_cli_runner()
    refused = fresh.invoke(args=["restore", str(wrong)])
    assert refused.exit_code == 2 and "is not an SQLite backup" in refused.output
    assert fresh.invoke(args=["restore", str(backup)]).exit_code == 0
    assert fresh.invoke(args=["init"]).exit_code == 0
    checked = fresh.invoke(args=["check"])
    assert checked.exit_code == 0 and "Ladder verified" in checked.output
    assert _mode(tmp_path / "fresh" / "ladder.sqlite3") == 0o600
    assert fresh.invoke(args=["standings", "--json"]).output == runner.invoke(
        args=["standings", "--json"]).output


def test_demo_remove_leaves_an_empty_club_and_never_touches_a_clubs_data(
        app: Flask, runner: FlaskCliRunner) -> None:
    assert runner.invoke(args=["demo"]).exit_code == 0
    login_file = Path(app.instance_path) / "demo_login.json"
    assert login_file.exists()
    with app.app_context():
        from ladder.demo.load import database_kind
        assert database_kind() == "demo"
        before = db.session.scalar(select(ClubSettings.generation))
    removed = runner.invoke(args=["demo", "--remove"])
    assert removed.exit_code == 0, removed.output
    assert not login_file.exists()
    settings = _settings(app)
    assert settings.club_name == "Chess Club" and str(settings.visibility) == "public"
    assert settings.generation > before  # no page cached from the demo is served again
    with app.app_context():
        assert database_kind() == "empty"
        assert db.session.scalar(select(func.count(User.id))) == 0
        assert db.session.scalar(select(func.count(AuditEntry.id))) == 1  # the removal
    # A club's own data: refused, nothing removed.
    assert runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"]).exit_code == 0
    refused = runner.invoke(args=["demo", "--remove"])
    assert refused.exit_code == 2 and "nothing was removed" in refused.output
    with app.app_context():
        assert database_kind() == "club"
        assert db.session.scalar(select(func.count(Event.id))) == 1


def test_the_development_server_refuses_a_clubs_data(app: Flask,
                                                    runner: FlaskCliRunner) -> None:
    assert runner.invoke(args=["import", str(HELD5), "--date", "2025-03-01"]).exit_code == 0
    from ladder.cli.group import cli
    result = runner.invoke(cli, ["run", "--port", "1"])  # refused before binding anything
    assert result.exit_code == 1
    assert "ladder serve" in result.output and "--allow-club-data" in result.output


def test_a_database_that_cannot_serve_stops_every_command_with_one_line(
        app: Flask, runner: FlaskCliRunner) -> None:
    with app.app_context():
        from sqlalchemy import text
        db.session.execute(text("UPDATE alembic_version SET version_num = 'f00dcafe0000'"))
        db.session.commit()
    result = runner.invoke(args=["standings"])
    assert result.exit_code == 1
    assert "newer version of Club Ladder" in result.output and "f00dcafe0000" in result.output
    assert "Traceback" not in result.output


def test_init_compiles_missing_or_older_catalogues(tmp_path: Path) -> None:
    from ladder.cli.catalogues import compile_stale
    from ladder.config import TRANSLATIONS
    folder = tmp_path / "translations"
    po = folder / "ko" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    shutil.copy(TRANSLATIONS / "ko" / "LC_MESSAGES" / "messages.po", po)
    assert compile_stale(folder) == ["ko"]
    mo = po.with_suffix(".mo")
    assert mo.stat().st_size > 10_000
    assert compile_stale(folder) == []  # up to date: nothing to do
    later = mo.stat().st_mtime_ns + 1_000_000_000
    os.utime(po, ns=(later, later))
    assert compile_stale(folder) == ["ko"]
    from babel.messages.mofile import read_mo
    with mo.open("rb") as handle:
        assert read_mo(handle).get("Ladder").string


def test_instance_folder_and_database_are_private_and_wider_ones_are_tightened(
        tmp_path: Path) -> None:
    fresh = tmp_path / "fresh"
    make_app(fresh)
    assert _mode(fresh / "instance") == 0o700
    assert _mode(fresh / "ladder.sqlite3") == 0o600
    # Files made by hand with the usual 0644/0755 are tightened at the next start.
    loose = tmp_path / "loose"
    (loose / "instance").mkdir(parents=True)
    os.chmod(loose / "instance", 0o755)
    for name in ("ladder.sqlite3", "ladder.sqlite3-wal", "ladder.sqlite3-shm"):
        (loose / name).write_bytes(b"")
        os.chmod(loose / name, 0o644)
    (loose / "instance" / "secret_key").write_text("k" * 64)
    os.chmod(loose / "instance" / "secret_key", 0o644)
    make_app(loose)
    assert _mode(loose / "instance") == 0o700
    assert {name: _mode(loose / name) for name in
            ("ladder.sqlite3", "ladder.sqlite3-wal", "ladder.sqlite3-shm")} == {
        "ladder.sqlite3": 0o600, "ladder.sqlite3-wal": 0o600, "ladder.sqlite3-shm": 0o600}
    assert _mode(loose / "instance" / "secret_key") == 0o600
