"""The organizer's declared forms (docs/development.md §1): a value longer than its column is
refused with a message naming the field, beside it, and nothing changes (never cut short); a
date that is none is refused like its siblings; the messages are in the reader's language; htmx
still gets 200 with the fragment, a plain request 422/409; the page a browser posts carries each
field once."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from ladder.extensions import db
from ladder.models import Event, EventStatus, Member, Night, NightPlayer, Season
from ladder.services import night_rounds as rounds
from tests.factories import HTMX, csrf_token, form, seed
from tests.services.night_support import simple_engine

LONG = "x" * 201  # one more than the 200-character name columns


def _count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def _field_error(html: str, field_id: str) -> str:
    """The message shown beside the input ``field_id`` (tied to it by aria-describedby)."""
    tag = re.search(rf'<(?:input|select|textarea)[^>]*\bid="{field_id}"[^>]*>', html)
    assert tag, f"no field {field_id}"
    assert 'aria-invalid="true"' in tag.group(0)
    assert f'{field_id}-error' in tag.group(0)
    found = re.search(rf'<span class="field-error" id="{field_id}-error">([^<]*)</span>', html)
    assert found, f"no message beside {field_id}"
    return unescape(found.group(1))


def _night_fields(token: str, **fields: str) -> dict[str, str]:
    return {"csrf_token": token, "name": "Tuesday", "date": "2025-02-04", "kind": "swiss",
            "rounds": "3", **fields}


def _night(app: Flask, client: FlaskClient) -> int:
    token = csrf_token(client, "/organize/nights")
    assert client.post("/organize/nights", data=_night_fields(token)).status_code == 303
    with app.app_context():
        return db.session.scalar(select(Night.id))


def _version(app: Flask, night_id: int) -> str:
    with app.app_context():
        return str(db.session.get(Night, night_id).version)


# ------------------------------------------------------------------ too long: refused, named


def test_a_night_name_too_long_is_refused_naming_it(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post("/organize/nights", data=_night_fields(token, name=LONG))
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert _field_error(html, "night-name") == "Name: at most 200 characters; this one has 201."
    assert f'value="{LONG}"' in html  # what was typed stays, whole
    assert _count(app, Night) == 0
    order = logged_in.post("/organize/nights", data=_night_fields(token, tiebreak_order=LONG))
    assert order.status_code == 422 and _count(app, Night) == 0
    assert _field_error(order.get_data(as_text=True), "night-order").startswith(
        "Tie-break order: at most 200 characters")


def test_a_check_in_name_too_long_changes_nothing(app: Flask, logged_in: FlaskClient) -> None:
    night_id = _night(app, logged_in)
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post(f"/organize/nights/{night_id}/checkin", data={
        "csrf_token": token, "version": _version(app, night_id), "name": LONG, "junior": "on"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert _field_error(html, "new-name") == \
        "New player's name: at most 200 characters; this one has 201."
    assert 'name="junior" checked' in html  # the ticks stay too
    assert 'id="night-message"' not in html  # the message is beside its field, once
    assert _count(app, NightPlayer) == 0 and _count(app, Member) == 0


def test_a_member_search_too_long_is_refused(app: Flask, logged_in: FlaskClient) -> None:
    night_id = _night(app, logged_in)
    answer = logged_in.get(f"/organize/nights/{night_id}", query_string={"q": LONG})
    assert answer.status_code == 422
    assert _field_error(answer.get_data(as_text=True), "member-search").startswith(
        "Find a member: at most 200 characters")


def test_a_season_name_too_long_is_refused(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/seasons")
    answer = logged_in.post("/organize/seasons", data={
        "csrf_token": token, "name": LONG, "first": "2025-06-01", "last": "2025-08-31"})
    assert answer.status_code == 422
    assert _field_error(answer.get_data(as_text=True), "season-name") == \
        "Name: at most 200 characters; this one has 201."
    assert _count(app, Season) == 0


def test_a_new_members_name_too_long_is_refused_on_publish(app: Flask,
                                                          logged_in: FlaskClient) -> None:
    seed(app)
    data = form(logged_in, name="Night 2", **{"link-1": "m1", "link-2": "m2", "link-3": "m3",
                                              "link-4": "new", "name-4": "D" * 250})
    answer = logged_in.post("/organize/events/new/publish", data=data)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200  # the names page again, as for any row to decide
    assert "Name of a new member: at most 200 characters; this one has 250." in html
    assert 'value="' + "D" * 250 + '"' in html  # shown whole, not cut
    assert _count(app, Event) == 1  # only the seeded one


def test_a_pasted_names_text_too_long_and_too_many_bands_are_refused(
        app: Flask, logged_in: FlaskClient) -> None:
    answer = logged_in.get("/organize/sections", query_string={
        "names": "Ann Lee\n" * 3000, "count": "2", "split": "1"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "The split cannot be made" in html
    assert _field_error(html, "names") == \
        "Pasted names: at most 20000 characters; this one has 24000."
    bands = ",".join(str(1000 + 50 * n) for n in range(13))
    answer = logged_in.get("/organize/sections", query_string={
        "all": "1", "mode": "bands", "bands": bands, "split": "1"})
    assert answer.status_code == 422
    assert _field_error(answer.get_data(as_text=True), "bands") == \
        "Rating bands: at most 12 bounds."
    assert logged_in.get("/organize/sections.csv", query_string={
        "all": "1", "mode": "bands", "bands": bands, "split": "1"}).status_code == 404


# ------------------------------------------------------------------ dates


def test_a_night_date_that_is_none_is_refused(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post("/organize/nights", data=_night_fields(token, date="2025-02-30"))
    assert answer.status_code == 422
    assert _field_error(answer.get_data(as_text=True), "night-date") == \
        "“2025-02-30” is not a date (YYYY-MM-DD)."
    empty = logged_in.post("/organize/nights", data=_night_fields(token, date=""))
    assert empty.status_code == 422
    assert _field_error(empty.get_data(as_text=True), "night-date") == "Date: fill this in."
    assert _count(app, Night) == 0


def test_season_dates_that_are_none_are_refused(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/seasons")
    answer = logged_in.post("/organize/seasons", data={
        "csrf_token": token, "name": "Summer", "first": "2025-06-01", "last": "31.08.2025"})
    assert answer.status_code == 422
    assert _field_error(answer.get_data(as_text=True), "season-last") == \
        "“31.08.2025” is not a date (YYYY-MM-DD)."
    assert _count(app, Season) == 0


# ------------------------------------------------------------------ the reader's language


def test_the_field_messages_are_in_korean(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post("/organize/nights?lang=ko",
                            data=_night_fields(token, name=LONG, date="2025-13-01"))
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert _field_error(html, "night-name") == ("이름: 최대 200자까지 가능합니다. "
                                                "지금은 201자입니다.")
    assert _field_error(html, "night-date") == "“2025-13-01” 값은 날짜가 아닙니다(YYYY-MM-DD)."
    assert _count(app, Night) == 0


# ------------------------------------------------------------------ htmx, conflicts, one value


def test_a_stale_tap_answers_the_board_to_htmx_and_409_otherwise(
        app: Flask, logged_in: FlaskClient, monkeypatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)
    night_id = _night(app, logged_in)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ("Ann Lee", "Bo Chen"):
        logged_in.post(page + "/checkin", data={"csrf_token": token, "name": name,
                                                "version": _version(app, night_id)})
    for action in ("pair", "publish"):
        logged_in.post(page + "/rounds/1", data={"csrf_token": token, "action": action,
                                                 "version": _version(app, night_id)})
    with app.app_context():
        from ladder.models import NightBoard
        board = db.session.scalar(select(NightBoard.id))
    tap = f"/organize/nights/boards/{board}"
    assert logged_in.post(tap, data={"csrf_token": token, "version": "1",
                                     "result": "1-0"}).status_code == 303
    stale = logged_in.post(tap, headers={**HTMX, "HX-Target": f"board-{board}",
                                         "X-CSRFToken": token},
                           data={"version": "1", "result": "0-1"})
    fragment = stale.get_data(as_text=True)
    assert stale.status_code == 200 and fragment.lstrip().startswith('<li class="night-board')
    assert "meanwhile" in fragment and 'name="version" value="2"' in fragment
    plain = logged_in.post(tap, data={"csrf_token": token, "version": "1", "result": "0-1"})
    assert plain.status_code == 409 and 'id="night-message"' in plain.get_data(as_text=True)


def test_a_stale_check_in_shows_the_night_as_it_is_now(app: Flask,
                                                      logged_in: FlaskClient) -> None:
    night_id = _night(app, logged_in)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    logged_in.post(page + "/checkin", data={"csrf_token": token, "name": "Ann Lee",
                                            "version": "1"})
    stale = logged_in.post(page + "/checkin", data={"csrf_token": token, "name": "Bo Chen",
                                                    "version": "1"})
    html = stale.get_data(as_text=True)
    assert stale.status_code == 409 and 'id="night-message"' in html
    checkin = html.split('id="new-player"')[1].split("</form>")[0]
    assert f'name="version" value="{_version(app, night_id)}"' in checkin


def _posted_as_a_browser(html: str, action: str) -> MultiDict[str, str]:
    """Every hidden input of the form posting to ``action``, as a browser sends them."""
    body = html.split(f'action="{action}"', 1)[1].split("</form>", 1)[0]
    return MultiDict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))


def test_the_status_button_posts_what_it_says(app: Flask, logged_in: FlaskClient) -> None:
    """Each field once: "Take back to draft" then "Publish" from the page itself."""
    event_id = seed(app)
    action = f"/organize/events/{event_id}/status"
    for expected in (EventStatus.DRAFT, EventStatus.PUBLISHED):
        sent = _posted_as_a_browser(logged_in.get(f"/organize/events/{event_id}")
                                    .get_data(as_text=True), action)
        assert len(sent.getlist("publish")) == 1 and len(sent.getlist("version")) == 1
        assert logged_in.post(action, data=sent).status_code == 303
        with app.app_context():
            assert db.session.get(Event, event_id).status is expected


def test_a_stale_details_form_shows_the_event_as_it_is_now(app: Flask,
                                                          logged_in: FlaskClient) -> None:
    event_id = seed(app)
    token = csrf_token(logged_in, "/organize/")
    fields = {"csrf_token": token, "version": "1", "date": "2025-01-08"}
    assert logged_in.post(f"/organize/events/{event_id}",
                          data={**fields, "name": "Renamed"}).status_code == 303
    stale = logged_in.post(f"/organize/events/{event_id}", data={**fields, "name": "Again"})
    html = stale.get_data(as_text=True)
    assert stale.status_code == 409 and "Someone else changed this event" in html
    details = html.split(f'action="/organize/events/{event_id}"', 1)[1].split("</form>")[0]
    assert 'name="version" value="2"' in details and 'value="Renamed"' in details
