"""The settings page (/organize/settings): organizers only, visibility, token, initials policy,
rating options (replay + audit), bad input re-rendered with nothing saved, CSRF."""

from __future__ import annotations

import datetime as dt

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings, Member
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, direct_writes, publish_t, tournament

FORM = {"club_name": "Riverside", "visibility": "public", "start_rating": "1200", "k_new": "40",
        "k_threshold": "20", "k_established": "20", "provisional_games": "5", "junior_k": "",
        "rating_floor": ""}


def _seed(app: Flask) -> None:
    t = tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)])
    with app.app_context():
        publish_t(t, dt.date(2025, 1, 7))


def _token(client: FlaskClient) -> str:
    return csrf_token(client, "/organize/settings/")


def _settings(app: Flask) -> ClubSettings:
    with app.app_context():
        row = db.session.scalars(select(ClubSettings)).first()
        db.session.expunge(row)
        return row


def test_settings_are_for_organizers_only(app, client) -> None:
    for url in ("/organize/settings/", "/organize/settings/export/startlist.csv",
                "/organize/settings/export/events/1.trf"):
        response = client.get(url)
        assert response.status_code in (303, 404), url
        assert "Ann" not in response.get_data(as_text=True)
    assert client.post("/organize/settings/", data=FORM).status_code in (303, 400, 404)


def test_save_requires_csrf(app, logged_in) -> None:
    response = logged_in.post("/organize/settings/", data=FORM)
    assert response.status_code == 403
    assert _settings(app).club_name != "Riverside"


def test_switch_to_unlisted_makes_a_token_and_shows_the_link(app, logged_in) -> None:
    response = logged_in.post("/organize/settings/",
                              data={**FORM, "visibility": "unlisted",
                                    "csrf_token": _token(logged_in)})
    assert response.status_code == 303
    settings = _settings(app)
    assert settings.visibility == "unlisted" and len(settings.unlisted_token) >= 22
    html = logged_in.get("/organize/settings/").get_data(as_text=True)
    assert f"/c/{settings.unlisted_token}/" in html
    old = settings.unlisted_token
    # A new link kills every shared one: without the confirmation nothing happens (docs/privacy.md).
    refused = logged_in.post("/organize/settings/token", data={"csrf_token": _token(logged_in)})
    assert refused.status_code == 422 and "Tick the box" in refused.get_data(as_text=True)
    assert _settings(app).unlisted_token == old
    logged_in.post("/organize/settings/token",
                   data={"csrf_token": _token(logged_in), "confirm": "yes"})
    assert _settings(app).unlisted_token != old
    with app.app_context():
        actions = db.session.scalars(select(AuditEntry.action)).all()
        assert "settings.update" in actions and "settings.token" in actions
        # The audit log never stores the secret itself.
        values = " ".join(filter(None, db.session.scalars(select(AuditEntry.new_value)).all()))
        assert old not in values


def test_rating_options_replay_the_ladder(app, logged_in) -> None:
    _seed(app)
    with app.app_context():
        before = db.session.scalar(select(Member.rating).where(Member.name == "Ann Lee"))
    response = logged_in.post("/organize/settings/",
                              data={**FORM, "k_new": "32", "csrf_token": _token(logged_in)})
    assert response.status_code == 303
    assert "replayed" in logged_in.get("/organize/settings/").get_data(as_text=True)
    with app.app_context():
        after = db.session.scalar(select(Member.rating).where(Member.name == "Ann Lee"))
        assert abs((after - 1200) - (before - 1200) * 32 / 40) < 1e-9
        from ladder.services.ladder_check import check
        assert not check()


def test_bad_numbers_are_refused_and_nothing_saved(app, logged_in) -> None:
    token = _token(logged_in)
    for field, value in (("k_new", "abc"), ("k_new", "0"), ("start_rating", "nan"),
                         ("provisional_games", "-3"), ("visibility", "secret"),
                         ("club_name", " "), ("rating_floor", "1e309")):
        response = logged_in.post("/organize/settings/",
                                  data={**FORM, field: value, "csrf_token": token})
        assert response.status_code == 422, field
        assert 'class="flash error"' in response.get_data(as_text=True), field
    assert _settings(app).club_name != "Riverside"


def test_initials_for_all(app, client, logged_in) -> None:
    _seed(app)
    logged_in.post("/organize/settings/",
                   data={**FORM, "initials_for_all": "on", "csrf_token": _token(logged_in)})
    html = client.get("/").get_data(as_text=True)
    assert "Ann Lee" not in html and "A. L." in html
    assert "Ann Lee" in logged_in.get("/").get_data(as_text=True)


def test_tools_pages_of_a_hidden_club_link_no_club_page(app, client) -> None:
    """A visitor of the public tools of an unlisted or private club is not sent to 404s."""
    from ladder.queries.club import club_settings
    for visibility in ("unlisted", "private"):
        with app.app_context(), direct_writes():
            club_settings().visibility = visibility
            db.session.commit()
        html = client.get("/tools/elo").get_data(as_text=True)
        assert 'href="/"' not in html and 'href="/events"' not in html
        assert 'href="/tools/tiebreaks"' in html


def test_a_refused_save_keeps_what_was_typed(app, logged_in) -> None:
    response = logged_in.post("/organize/settings/", data={
        **FORM, "club_name": "Typed Club Name", "k_new": "0", "csrf_token": _token(logged_in)})
    html = response.get_data(as_text=True)
    assert 'class="flash error"' in html
    assert 'value="Typed Club Name"' in html  # not replaced by the stored name
    assert _settings(app).club_name != "Typed Club Name"


def test_one_rule_for_who_sees_the_club(app, client, logged_in) -> None:
    """can_see_club() (web/support/visibility.py): the site's name and the menu link the club's
    pages for a visitor of the unlisted link; the prize helper, which lives outside /c/<token>,
    reads no event of an unlisted club, so its link is not offered there; an organizer gets
    both."""
    from ladder.models import Event
    from tests.web.crawler import set_visibility
    _seed(app)
    with app.app_context():
        event_id = db.session.scalar(select(Event.id))
    token = set_visibility(app, "unlisted")
    html = client.get(f"/c/{token}/events/{event_id}").get_data(as_text=True)
    assert f'class="brand" href="/c/{token}/"' in html and f'href="/c/{token}/members"' in html
    assert "/tools/prizes?event=" not in html
    helper = client.get(f"/tools/prizes?event={event_id}").get_data(as_text=True)
    assert "no published event" in helper
    assert '<span class="brand">' in helper and 'href="/members"' not in helper
    organizer = logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"/tools/prizes?event={event_id}" in organizer and 'class="brand" href="/"' in organizer
