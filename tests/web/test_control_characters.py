"""A control character (NUL, ESC …) typed where a name goes is refused with a message naming
the field, and changes nothing — on SQLite and on PostgreSQL, which refuses NUL outright (the
database tests run again against PostgreSQL with ``TEST_DATABASE_URL``): the night's name, a
check-in name, the member search of the check-in, a new member, and the public searches."""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import Member, Night, NightPlayer
from ladder.services import InvalidInput
from ladder.services.night import Arrival, NightSettings, check_in, create_night
from tests.factories import csrf_token


def _count(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)))


def _night(app: Flask) -> int:
    with app.app_context():
        night = create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4)), "org")
        return night.id


@pytest.mark.parametrize("typed", ["Ann\x00Lee", "Ann Lee\x1b", "\x7fAnn"])
def test_a_control_character_in_a_night_name_is_refused(app: Flask, logged_in: FlaskClient,
                                                        typed: str) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post("/organize/nights", data={
        "csrf_token": token, "name": typed, "date": "2025-02-04", "kind": "swiss",
        "rounds": "3", "pab": "full", "rated": "on"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422, html[:300]
    code = f"U+{ord(next(c for c in typed if c < ' ' or c == chr(127))):04X}"
    assert f"Name: remove the control character {code}" in html
    assert _count(app, Night) == 0


def test_a_control_character_in_a_check_in_name_or_the_search_is_refused(
        app: Flask, logged_in: FlaskClient) -> None:
    night_id = _night(app)
    page = f"/organize/nights/{night_id}"
    token = csrf_token(logged_in, page)
    with app.app_context():
        version = str(db.session.get(Night, night_id).version)
    answer = logged_in.post(page + "/checkin", data={"csrf_token": token, "version": version,
                                                     "name": "Bo\x00 Chen"})
    assert answer.status_code == 422
    assert "New player&#39;s name: remove the control character U+0000" in answer.get_data(
        as_text=True)
    assert _count(app, NightPlayer) == 0 and _count(app, Member) == 0
    search = logged_in.get(page, query_string={"q": "Bo\x00"})
    assert search.status_code == 422
    assert "Search members: remove the control character U+0000" in search.get_data(
        as_text=True)


def test_a_control_character_in_a_new_member_or_the_public_searches(
        app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/")
    answer = logged_in.post("/organize/members/add", data={"csrf_token": token,
                                                           "name": "Cy\x00 Park"})
    assert answer.status_code == 422
    assert "remove the control character U+0000" in answer.get_data(as_text=True)
    assert _count(app, Member) == 0
    public = app.test_client()
    for path in ("/", "/members"):
        shown = public.get(path, query_string={"q": "Cy\x00\x01"})
        assert shown.status_code == 200
        assert "remove the control characters U+0000, U+0001" in shown.get_data(as_text=True)


def test_every_service_that_takes_a_name_refuses_one(app: Flask) -> None:
    from ladder.services.members import checked_name
    from ladder.services.seasons import create_season
    with app.app_context():
        night_id = _night(app)
        version = db.session.get(Night, night_id).version
        for call in (lambda: check_in(night_id, Arrival(name="Di\x00 Lu"), version, "org"),
                     lambda: create_night(NightSettings(name="\x00", date=dt.date(2025, 2, 4)),
                                          "org"),
                     lambda: checked_name("Di\x1f Lu"),
                     lambda: create_season("S\x00", dt.date(2025, 1, 1),
                                           dt.date(2025, 6, 30), "org")):
            with pytest.raises(InvalidInput, match="control character") as refused:
                call()
            assert refused.value.field == "name"
        db.session.rollback()
    assert _count(app, NightPlayer) == 0 and _count(app, Night) == 1
