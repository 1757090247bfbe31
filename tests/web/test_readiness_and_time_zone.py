"""A database that cannot serve answers 503 in the reader's language with what to run, never a
bare 500; ``/healthz`` for monitors; ``/favicon.ico``; and every time shown in the club's
time zone with its abbreviation (docs/self-hosting.md §8)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, text

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings
from tests.factories import make_app

_CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


def _korean(message: str) -> str:
    """The Korean catalogue's translation of ``message`` (read, not written here)."""
    from babel.messages.pofile import read_po

    from ladder.config import TRANSLATIONS
    with (TRANSLATIONS / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        found = read_po(handle, locale="ko").get(message)
    assert found is not None and found.string
    return str(found.string)


@pytest.fixture
def uninitialised(tmp_path: Path) -> Flask:
    """An app started before ``ladder init``: the database file exists, holds nothing."""
    return make_app(tmp_path)


def test_before_init_every_page_is_a_503_saying_what_to_run(uninitialised: Flask) -> None:
    client = uninitialised.test_client()
    for path in ("/", "/members", "/events/1", "/organize/", "/robots.txt"):
        response = client.get(path)
        assert response.status_code == 503, path
        assert response.headers["Cache-Control"] == "no-store"
        assert "Run “ladder init” on the server." in response.get_data(as_text=True)
    korean = client.get("/?lang=ko").get_data(as_text=True)
    assert '<html lang="ko">' in korean
    assert _korean("The database is not set up yet. Run “ladder init” on the server.") in korean
    style = client.get("/static/app.css")
    assert style.status_code == 200  # the 503 page keeps its style
    style.close()
    health = client.get("/healthz")
    assert (health.status_code, health.get_data(as_text=True)) == (503, "unavailable\n")


def test_after_init_the_same_server_serves(uninitialised: Flask) -> None:
    client = uninitialised.test_client()
    assert client.get("/").status_code == 503
    with uninitialised.app_context():
        from ladder.services.setup import init_database
        init_database()
    assert client.get("/").status_code == 200  # no restart needed
    health = client.get("/healthz")
    assert (health.status_code, health.get_data(as_text=True)) == (200, "ok\n")
    assert health.headers["Cache-Control"] == "no-store"


def test_a_database_older_than_the_code_asks_for_ladder_init(app: Flask) -> None:
    with app.app_context():
        from flask_migrate import downgrade

        from ladder.services.setup import MIGRATIONS
        downgrade(directory=MIGRATIONS, revision="-1")
    client = app.test_client()
    response = client.get("/")
    assert response.status_code == 503
    assert "older schema" in response.get_data(as_text=True)


def test_a_database_upgraded_under_a_running_server_is_a_503_not_a_500(
        app: Flask, client: FlaskClient) -> None:
    assert client.get("/").status_code == 200  # the worker saw the database ready
    with app.app_context():
        # What a newer version's `ladder init` does under the old workers: a revision this
        # code does not know, and a table it no longer finds where it was.
        db.session.execute(text("UPDATE alembic_version SET version_num = 'f00dcafe0000'"))
        db.session.execute(text("ALTER TABLE club_settings RENAME TO club_settings_moved"))
        db.session.commit()
    response = client.get("/members")
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "newer version of Club Ladder" in page and "f00dcafe0000" in page
    assert client.get("/healthz").status_code == 503


def test_favicon_ico_leads_to_the_svg(client: FlaskClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert urlsplit(response.headers["Location"]).path.endswith("/static/favicon.svg")
    icon = client.get(response.headers["Location"])
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    icon.close()


# ---- the club's time zone -----------------------------------------------------------------


def _set_zone(app: Flask, zone: str) -> None:
    with app.app_context():
        from dataclasses import replace

        from ladder.services.club_settings import current_form, update_settings
        update_settings(replace(current_form(), timezone=zone), actor="test")


def _stored_times(app: Flask) -> list[dt.datetime]:
    with app.app_context():
        return list(db.session.scalars(select(AuditEntry.at).order_by(AuditEntry.id.desc())))


def test_the_audit_log_and_its_export_are_in_the_clubs_zone(app: Flask,
                                                            logged_in: FlaskClient) -> None:
    _set_zone(app, "Asia/Seoul")
    newest = _stored_times(app)[0]
    seoul = newest.replace(tzinfo=dt.UTC).astimezone(ZoneInfo("Asia/Seoul"))
    page = logged_in.get("/organize/audit/").get_data(as_text=True)
    # The day and the clock each on one unbroken line (formatting.time_lines).
    assert (f'<span class="nowrap">{seoul:%Y-%m-%d}</span> '
            f'<span class="nowrap">{seoul:%H:%M:%S} KST</span>') in page
    assert "When (Asia/Seoul)" in page
    export = logged_in.get("/organize/audit/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(export.lstrip("\ufeff"))))
    assert rows[0][0] == "When (Asia/Seoul)"
    assert rows[1][0] == f"{seoul:%Y-%m-%d %H:%M:%S} KST"


def test_print_header_and_dashboard_times_are_in_the_clubs_zone(app: Flask,
                                                                 logged_in: FlaskClient) -> None:
    _set_zone(app, "Asia/Jakarta")
    dashboard = logged_in.get("/organize/").get_data(as_text=True)
    assert re.search(r"as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} WIB", dashboard)
    assert re.search(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} WIB", dashboard)
    # A page from the shared cache has its print header filled in per answer, in the zone too.
    visitor = app.test_client()
    visitor.get("/")
    cached = visitor.get("/").get_data(as_text=True)
    assert re.search(r"as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} WIB", cached)


def test_the_settings_page_changes_the_zone_and_refuses_an_unknown_one(
        app: Flask, logged_in: FlaskClient) -> None:
    page = logged_in.get("/organize/settings/").get_data(as_text=True)
    assert 'name="timezone" value="UTC"' in page
    token = _CSRF.search(page).group(1)  # type: ignore[union-attr]
    refused = logged_in.post("/organize/settings/", data={"csrf_token": token,
                                                          "timezone": "Seoul"})
    assert refused.status_code == 422
    assert "Time zone: a name from the time zone database" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(ClubSettings.timezone)) == "UTC"
    saved = logged_in.post("/organize/settings/", data={"csrf_token": token,
                                                        "timezone": "Europe/London"})
    assert saved.status_code in (302, 303)
    with app.app_context():
        assert db.session.scalar(select(ClubSettings.timezone)) == "Europe/London"


def test_event_dates_are_days_and_do_not_move_with_the_zone(app: Flask) -> None:
    from tests.factories import seed
    seed(app)
    client = app.test_client()
    before = client.get("/events/1").get_data(as_text=True)
    day = re.search(r'<time datetime="(\d{4}-\d{2}-\d{2})">', before).group(1)  # type: ignore[union-attr]
    _set_zone(app, "Pacific/Kiritimati")  # UTC+14: a moment there is often another day
    after = client.get("/events/1").get_data(as_text=True)
    assert f'<time datetime="{day}">' in after
