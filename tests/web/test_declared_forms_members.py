"""The members, settings, login and audit forms, declared (docs/development.md §1): a value longer
than its field allows is refused with a message naming the field — never cut short — and nothing
changes; a number that is none is refused naming its field; the message stands beside the field, in
the reader's language."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings, Member
from tests.factories import csrf_token, snapshot
from tests.web.members_support import HTMX, ids, seed, token

SETTINGS = {"club_name": "Riverside", "visibility": "public", "start_rating": "1200",
            "k_new": "40", "k_threshold": "20", "k_established": "20",
            "provisional_games": "5", "junior_k": "", "rating_floor": ""}


def _audit_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(AuditEntry.id))) or 0


def _field_error(html: str, field_id: str) -> str:
    """The message shown beside the field ``field_id`` (empty when there is none)."""
    found = re.search(rf'<span class="field-error" id="{field_id}-error">([^<]*)</span>', html)
    return unescape(found.group(1)) if found else ""


def _settings(app: Flask) -> tuple[str, float]:
    with app.app_context():
        row = db.session.scalars(select(ClubSettings)).one()
        return row.club_name, row.k_new


# --- too long: refused, naming the field, nothing changes ---------------------------------------

def test_a_too_long_consent_note_is_refused_naming_the_field(app, logged_in) -> None:
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    audits = _audit_count(app)
    data = {"given": "yes", "who": "own", "own_consent": "1", "date": "2025-02-01",
            "recorded_by": "Coach Park", "note": "n" * 501, "csrf_token": token(logged_in)}
    for headers in ({}, HTMX):
        response = logged_in.post(f"/organize/members/{kim}/consent", data=data,
                                  headers=headers)
        assert response.status_code == (200 if headers else 422)
        html = response.get_data(as_text=True)
        assert _field_error(html, "consent-note") == \
            "Note (optional): at most 500 characters; this one has 501."
        assert 'aria-describedby="consent-note-error"' in html
        assert "n" * 501 in html  # what was typed comes back whole, to be shortened
    with app.app_context():
        kim_now = db.session.get(Member, kim)
        assert kim_now.consent_given is False and kim_now.consent_note is None
    assert _audit_count(app) == audits


def test_a_too_long_name_is_refused_when_adding_a_member(app, logged_in) -> None:
    seed(app)
    with app.app_context():
        before = snapshot()
    response = logged_in.post("/organize/members/add",
                              data={"name": "Ann " + "b" * 197, "csrf_token": token(logged_in)})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert _field_error(html, "add-name") == "Full name: at most 200 characters; this one has 201."
    assert 'aria-invalid="true"' in html and "<details class=\"add-member\" open>" in html
    with app.app_context():
        assert snapshot() == before


def test_a_too_long_club_name_is_refused_and_nothing_is_saved(app, logged_in) -> None:
    audits = _audit_count(app)
    response = logged_in.post("/organize/settings/", data={
        **SETTINGS, "club_name": "C" * 201, "k_new": "32",
        "csrf_token": csrf_token(logged_in, "/organize/settings/")})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert _field_error(html, "club_name") == "Club name: at most 200 characters; this one has 201."
    assert 'class="flash error"' in html  # the summary above the form says it too
    assert _settings(app) == ("Chess Club", 40.0)  # the valid k_new was not saved either
    assert _audit_count(app) == audits


def test_a_too_long_search_is_ignored_with_a_message(app, logged_in) -> None:
    seed(app)
    message = "Find a member: at most 100 characters; this one has 101. That search was ignored."
    html = logged_in.get("/organize/members/?q=" + "j" * 101).get_data(as_text=True)
    assert _field_error(html, "roster-search") == message
    assert 'value="' + "j" * 101 + '"' in html  # shown whole, not cut to 100
    fragment = logged_in.get("/organize/members/?q=" + "j" * 101,
                             headers={**HTMX, "HX-Target": "roster-rows"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<tbody id="roster-rows">') and message in fragment
    assert "John Smith" not in fragment


def test_a_too_long_audit_filter_is_ignored_with_a_message(app, logged_in) -> None:
    seed(app)
    html = logged_in.get("/organize/audit/?member_name=" + "z" * 101).get_data(as_text=True)
    assert _field_error(html, "audit-member-name") == (
        "Member: at most 100 characters; this one has 101. That filter was ignored.")
    assert "Nothing recorded yet." not in html  # the log shows, unfiltered


def test_an_over_long_login_name_fails_the_login_and_is_not_cut(app, client: FlaskClient,
                                                                organizer) -> None:
    # Cut to 200 characters and stripped, this was the organizer's name: it logged in.
    name = organizer[0] + " " * 250 + "x"
    response = client.post("/auth/login", data={
        "csrf_token": csrf_token(client, "/auth/login"), "username": name,
        "password": organizer[1]})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Wrong login name or password." in html
    assert _field_error(html, "username").startswith("Login name: at most 80 characters")
    assert client.get("/organize/").status_code == 303


# --- numbers ------------------------------------------------------------------------------------

def test_a_bad_number_is_refused_naming_the_field(app, logged_in) -> None:
    audits = _audit_count(app)
    for typed, shown in (("abc", "abc"), ("1e309", "1e309"), ("nan", "nan"),
                         ("9" * 40, None)):
        response = logged_in.post("/organize/settings/", data={
            **SETTINGS, "k_new": typed,
            "csrf_token": csrf_token(logged_in, "/organize/settings/")})
        assert response.status_code == 422, typed
        html = response.get_data(as_text=True)
        message = _field_error(html, "k_new")
        if shown is None:
            assert message == "K for new players: at most 32 characters; this one has 40."
        else:
            assert message == f"K for new players: “{shown}” is not a number.", typed
        assert 'aria-describedby="k_new-error"' in html
    assert _settings(app) == ("Chess Club", 40.0)
    assert _audit_count(app) == audits


def test_a_decimal_comma_is_read_as_a_point(app, logged_in) -> None:
    # Refused for another field, the number comes back as a number input can show it.
    refused = logged_in.post("/organize/settings/", data={
        **SETTINGS, "k_new": "32,5", "timezone": "Seoul",
        "csrf_token": csrf_token(logged_in, "/organize/settings/")})
    assert refused.status_code == 422
    assert 'name="k_new" type="number" step="any" value="32.5"' in refused.get_data(as_text=True)
    response = logged_in.post("/organize/settings/", data={
        **SETTINGS, "k_new": "32,5", "csrf_token": csrf_token(logged_in, "/organize/settings/")})
    assert response.status_code == 303
    assert _settings(app) == ("Riverside", 32.5)


# --- in the reader's language ---------------------------------------------------------------

def test_a_field_message_in_korean_and_chinese(app, logged_in) -> None:
    response = logged_in.post("/organize/settings/?lang=ko", data={
        **SETTINGS, "k_new": "abc", "csrf_token": csrf_token(logged_in, "/organize/settings/")})
    assert response.status_code == 422
    assert _field_error(response.get_data(as_text=True), "k_new") == \
        "신규 선수 K: “abc” 값은 숫자가 아닙니다."
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    response = logged_in.post(f"/organize/members/{kim}/consent?lang=zh_Hans", data={
        "given": "yes", "who": "guardian", "guardian_consent": "1", "child_agreement": "1",
        "recorded_by": "r" * 201,
        "csrf_token": token(logged_in)})
    assert response.status_code == 422
    message = _field_error(response.get_data(as_text=True), "consent-by")
    assert message.endswith("：最多 200 个字符，当前为 201 个。") and "Recorded" not in message
    with app.app_context():
        assert db.session.get(Member, kim).consent_given is False


def test_a_tick_box_posted_as_0_or_off_means_no(app, logged_in) -> None:
    # A declared tick box reads "0", "off" and "false" as not ticked (WTForms alone would
    # read any non-empty value as ticked and set the flag).
    seed(app)
    ann = ids(app, "Ann Lee")[0]
    for value in ("1", "0", "on", "off", "false"):
        response = logged_in.post(f"/organize/members/{ann}/junior",
                                  data={"junior": value, "csrf_token": token(logged_in)})
        assert response.status_code == 303
        with app.app_context():
            assert db.session.get(Member, ann).junior is (value in ("1", "on")), value
