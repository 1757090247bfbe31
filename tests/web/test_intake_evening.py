"""The new-event desk in the browser's terms (docs/organizer-guide.md §2): the date from the
file and where it came from, names fixed and confirmed in a few actions, the ladder's change
before publishing."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.formats import read_event
from ladder.models import AuditEntry, ClubSettings, Event, Member, RatingRow
from ladder.names.display_form import display_form
from ladder.vocabulary.numbers import signed_text
from ladder.vocabulary.tournament import Kind
from tests.factories import HTMX, TESTDATA, form, member, publish_t, tournament

REAL = TESTDATA / "real-events"
KOSHNITSKY = REAL / "hobsonsbay_koshnitsky_cup_2025_r5.trf"
DATED = ("012 Spring Open\n042 2025/03/02\n"
         "001    1      Davis,Tony J                      1500                             "
         "1.0    1     2 w 1\n"
         "001    2      Hogg,Dean                         1400                             "
         "0.0    2     1 b 0\n")


def _page(response) -> str:  # noqa: ANN001
    """A response's text with quotes unescaped (a message may come escaped or not)."""
    return response.get_data(as_text=True).replace("&#39;", "'").replace("&#34;", '"')


def _count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def _upload(client: FlaskClient, path: str, data: bytes, name: str, **fields: str) -> str:
    posted = form(client, **({"text": "", "name": "", "date": ""} | fields))
    posted["file"] = (io.BytesIO(data), name)
    return _page(client.post(path, data=posted, content_type="multipart/form-data"))


def _select(html: str, field: str) -> str:
    return html.split(f'name="{field}"')[1].split("</select>")[0]


def _selected(html: str) -> dict[str, str]:
    """The form as the browser would post it: hidden fields, selections, text fields."""
    data = {k: unescape(v) for k, v in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html)}
    data["text"] = unescape(re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', html,
                                      re.S).group(1))
    for field in re.findall(r'<select id="(link-\d+)"', html):
        chosen = re.search(r'<option value="([^"]+)" selected', _select(html, field))
        if chosen:
            data[field] = chosen.group(1)
    for field, value in re.findall(r'<input id="(name-\d+)" name="[^"]+" value="([^"]*)"', html):
        data[field] = unescape(value)
    return data


def _arrange_members(app: Flask) -> None:
    """Last month's event, names typed given name first (say, pasted by hand)."""
    t = read_event((REAL / "hobsonsbay_april_rapid_2025.trf").read_text(), "a.trf").require()
    t = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, name=display_form(p.name) or p.name) for p in t.players))
    with app.app_context():
        publish_t(dataclasses.replace(t, name="April Rapid"), dt.date(2025, 4, 10))


# ---------------------------------------------------------------- 1. dates

def test_the_form_has_no_default_date_and_says_what_an_empty_one_means(
        logged_in: FlaskClient) -> None:
    html = _page(logged_in.get("/organize/events/new"))
    assert '<input id="date" name="date" type="date" value=""' in html
    assert "Leave it empty to use the file's own date" in html


def test_uploaded_trf_dates_the_event_and_the_preview_says_so(logged_in: FlaskClient) -> None:
    html = _upload(logged_in, "/organize/events/new", DATED.encode(), "spring.trf")
    assert "Continue: confirm names" in html
    assert ("March 2, 2025 (from the file: its start date (TRF tag 042))" in html
            and "fide-2024" in html)
    names = _upload(logged_in, "/organize/events/new/names", DATED.encode(), "spring.trf")
    assert "from the file: its start date (TRF tag 042)" in names


def test_the_real_undated_file_asks_for_the_date_and_stores_nothing(
        app: Flask, logged_in: FlaskClient) -> None:
    data = KOSHNITSKY.read_bytes()
    for path in ("/organize/events/new", "/organize/events/new/names",
                 "/organize/events/new/publish"):
        html = _upload(logged_in, path, data, KOSHNITSKY.name)
        assert ("The file gives no date; its title names the year 2025. Give the event's "
                "date.") in html
        assert "Continue: confirm names" not in html
    assert _count(app, Event) == 0 and _count(app, Member) == 0
    html = _upload(logged_in, "/organize/events/new", data, KOSHNITSKY.name, date="2026-05-20")
    assert "Continue: confirm names" in html and "fide-2026" in html
    assert "The file's title names the year 2025, but the event is dated May 20, 2026." in html


def test_future_date_is_warned_about_on_the_names_page_too(logged_in: FlaskClient) -> None:
    html = _page(logged_in.post("/organize/events/new/names", data=form(
        logged_in, date="2099-01-05")))
    assert "The event's date January 5, 2099 is after today." in html


# ---------------------------------------------------------------- 2. + 3. names

def test_names_page_lists_decisions_first_and_accepts_suggestions_in_one_action(
        app: Flask, logged_in: FlaskClient) -> None:
    _arrange_members(app)
    html = _upload(logged_in, "/organize/events/new/names", KOSHNITSKY.read_bytes(),
                   KOSHNITSKY.name, date="2025-05-20")
    headings = re.findall(r'<th scope="rowgroup" colspan="5">(.*?)</th>', html)
    assert headings == ["15 names need your decision",
                        "20 names resemble no member: new members"]
    # Krishnan (known, no. 4) comes before Hibberd (new, no. 2).
    assert html.index('name="link-4"') < html.index('name="link-2"')
    hogg = _select(html, "link-1")
    assert 'value="" selected disabled' in hogg  # suggested, not chosen (docs/desk.md §2)
    assert "Might be Dean Hogg" in html and "surname written first, with a comma" in html
    assert "once every name has a choice" in html and 'name="ladder_generation"' not in html

    data = _selected(html) | {"do": "accept", "accept_score": "90"}
    accepted = logged_in.post("/organize/events/new/names", data=data).get_data(as_text=True)
    assert "15 suggestions accepted; check them, then publish." in accepted
    with app.app_context():
        dean = member("Dean Hogg").id
    assert f'value="m{dean}" selected' in _select(accepted, "link-1")
    # Every name has a choice now: the ladder's change is shown for all 35 players.
    assert len(re.findall(r'<tr id="change-\d+">', accepted)) == 35
    assert 'name="ladder_generation"' in accepted

    data = _selected(accepted) | {"do": "display-all"}
    written = logged_in.post("/organize/events/new/names", data=data).get_data(as_text=True)
    assert 'id="name-2" name="name-2" value="Nathan Hibberd"' in written
    data = _selected(written)
    response = logged_in.post("/organize/events/new/publish", data=data)
    assert response.status_code == 303
    with app.app_context():
        assert member("Nathan Hibberd") is not None and member("Hibberd,Nathan") is None
        assert db.session.scalar(select(func.count(Member.id))) == 49 + 20
        event = db.session.scalar(select(Event).where(Event.name.like("%Koshnitsky%")))
        assert event.date == dt.date(2025, 5, 20) and event.tiebreak_edition == "fide-2024"
    public = logged_in.get(f"/events/{event.id}").get_data(as_text=True)
    assert "Nathan Hibberd" in public and "Hibberd,Nathan" not in public


def test_one_row_can_be_written_given_name_first_and_edited(app: Flask,
                                                          logged_in: FlaskClient) -> None:
    html = _upload(logged_in, "/organize/events/new/names", DATED.encode(), "spring.trf")
    assert "Use “Tony J Davis”" in html and 'data-fill="name-1"' in html
    data = _selected(html) | {"do": "display-1"}
    one = logged_in.post("/organize/events/new/names", data=data).get_data(as_text=True)
    assert 'value="Tony J Davis"' in one and 'id="name-2" name="name-2" value="Hogg,Dean"' in one
    data = _selected(one) | {"name-2": "Dean  Hogg-Smith"}
    assert logged_in.post("/organize/events/new/publish", data=data).status_code == 303
    with app.app_context():
        assert member("Tony J Davis") and member("Dean Hogg-Smith")


def test_without_javascript_the_member_choice_is_a_plain_select(app: Flask,
                                                               logged_in: FlaskClient) -> None:
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 1))
    html = logged_in.post("/organize/events/new/names", data=form(logged_in))\
        .get_data(as_text=True)
    assert '<select id="link-3" name="link-3" required data-search' in html
    assert "<script>" not in html.split("</head>")[1]


# ---------------------------------------------------------------- 4. the ladder's change

def _history(app: Flask) -> None:
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                             [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)], name="January"),
                  dt.date(2025, 1, 7))
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.DRAW)], name="March"),
                  dt.date(2025, 3, 4))


def test_names_page_shows_the_ladder_change_and_the_later_events(app: Flask,
                                                                 logged_in: FlaskClient) -> None:
    _history(app)
    with app.app_context():
        generation = db.session.scalar(select(ClubSettings.generation))
        audits = db.session.scalar(select(func.count(AuditEntry.id)))
    html = logged_in.post("/organize/events/new/names", data=form(
        logged_in, date="2025-02-04")).get_data(as_text=True)
    assert "This event is dated before 1 published event whose ratings change too:" in html
    assert ">March</a> (Mar 4, 2025)" in html
    ann = re.search(r'<tr id="change-1">(.*?)</tr>', html, re.S).group(1)
    assert "→" in ann and 'class="num k">40<' in ann
    assert "On the ladder now → after publishing" in html
    with app.app_context():  # nothing stored, no generation, no audit entry
        assert db.session.scalar(select(ClubSettings.generation)) == generation
        assert db.session.scalar(select(func.count(AuditEntry.id))) == audits
        assert db.session.scalar(select(func.count(Event.id))) == 2
    fragment = logged_in.post("/organize/events/new/names",
                              data=_selected(html) | {"do": "refresh"},
                              headers={**HTMX, "HX-Target": "ladder-preview"})
    text = fragment.get_data(as_text=True)
    assert text.lstrip().startswith('<section id="ladder-preview"') and "<html" not in text
    assert 'name="ladder_generation"' in text


def test_publish_gives_the_previewed_numbers_or_refuses_a_changed_ladder(
        app: Flask, logged_in: FlaskClient) -> None:
    _history(app)
    html = logged_in.post("/organize/events/new/names", data=form(
        logged_in, date="2025-02-04")).get_data(as_text=True)
    shown = {int(no): re.sub(r"\s+", " ", re.search(r'rating-change">([^<]*)<', row).group(1))
             for no, row in re.findall(r'<tr id="change-(\d+)">(.*?)</tr>', html, re.S)}
    data = _selected(html)
    with app.app_context():  # someone else publishes meanwhile
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)], name="Meanwhile"),
                  dt.date(2025, 2, 1))
    refused = logged_in.post("/organize/events/new/publish", data=data)
    assert refused.status_code == 409  # a Conflict, to a plain request (docs/development.md §1)
    page = _page(refused)
    assert "The ladder changed since this preview was shown" in page
    assert _count(app, Event) == 3
    fresh = {int(no): re.search(r'rating-change">([^<]*)<', row).group(1)
             for no, row in re.findall(r'<tr id="change-(\d+)">(.*?)</tr>', page, re.S)}
    assert fresh != shown  # "Meanwhile" moved Ann and Bo
    response = logged_in.post("/organize/events/new/publish", data=_selected(page))
    assert response.status_code == 303
    with app.app_context():
        event = db.session.scalar(select(Event).where(Event.name == "Night 1"))
        rows = {e.start_no: db.session.get(RatingRow, (event.id, e.member_id))
                for e in event.entries}
    assert {no: signed_text(r.rating_after - r.rating_before, 1) for no, r in rows.items()} == fresh
