"""Inline result editing, event details, tie-breaks, delete, dashboard check and rebuild."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings, Event, Member, Result
from tests.factories import HTMX, csrf_token, direct_writes, seed
from tests.web.bodies import comparable


def _token(client: FlaskClient) -> str:
    return csrf_token(client, "/organize/")


def _ann_round1(app: Flask) -> Result:
    with app.app_context():
        return db.session.scalar(select(Result).order_by(Result.id))  # Ann Lee, round 1, win


def test_event_page_shows_the_editable_grid(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    html = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert 'id="standings"' in html and 'hx-trigger="ladderChanged from:body"' in html
    assert "/organize/results/1/edit" in html and "Ann Lee" in html


def test_standings_fragment_for_htmx(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    html = logged_in.get(f"/organize/events/{event_id}",
                         headers={**HTMX, "HX-Target": "standings"}).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="standings"') and "<html" not in html


def test_result_form_fragment_vs_full_page(app: Flask, logged_in: FlaskClient) -> None:
    seed(app)
    fragment = logged_in.get("/organize/results/1/edit", headers=HTMX).get_data(as_text=True)
    assert fragment.lstrip().startswith("<td") and "<html" not in fragment
    assert 'name="version" value="1"' in fragment and "forfeit_win" in fragment
    assert "pairing_bye" not in fragment  # a paired round cannot become a bye
    page = logged_in.get("/organize/results/1/edit").get_data(as_text=True)
    assert "<html" in page and "Edit a result" in page


def test_htmx_save_returns_the_cell_and_triggers_refresh(app: Flask,
                                                         logged_in: FlaskClient) -> None:
    seed(app)
    response = logged_in.post("/organize/results/1", data={"kind": "draw", "version": "1"},
                              headers={**HTMX, "X-CSRFToken": _token(logged_in)})
    assert response.status_code == 200
    assert response.headers["HX-Trigger"] == "ladderChanged"
    assert "<html" not in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Result, 1).kind == "draw"
        assert db.session.get(Result, 3).kind == "draw"  # the mirror on Bo's side
        assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "result.edit"))


def test_stale_edit_is_refused_showing_the_current_value(app: Flask,
                                                         logged_in: FlaskClient) -> None:
    seed(app)
    token = _token(logged_in)
    logged_in.post("/organize/results/1", data={"kind": "draw", "version": "1"},
                   headers={**HTMX, "X-CSRFToken": token})
    response = logged_in.post("/organize/results/1", data={"kind": "loss", "version": "1"},
                              headers={**HTMX, "X-CSRFToken": token})
    html = response.get_data(as_text=True)
    assert response.status_code == 200  # htmx 2 swaps only 2xx: the form with the message
    assert "Someone else changed this result meanwhile" in html and "“draw”" in html
    assert 'name="version" value="2"' in html
    with app.app_context():
        assert db.session.get(Result, 1).kind == "draw"
    # Without JavaScript: the editor page with the same message, at 409.
    response = logged_in.post("/organize/results/1", data={"kind": "loss", "version": "1",
                                                           "csrf_token": token})
    assert response.status_code == 409 and "“draw”" in response.get_data(as_text=True)


def test_invalid_kind_is_refused_in_the_form(app: Flask, logged_in: FlaskClient) -> None:
    seed(app)
    response = logged_in.post("/organize/results/1", data={"kind": "half_bye", "version": "1"},
                              headers={**HTMX, "X-CSRFToken": _token(logged_in)})
    assert response.status_code == 200
    assert "cannot become a bye" in response.get_data(as_text=True)
    response = logged_in.post("/organize/results/1", data={"kind": "nonsense", "version": "1"},
                              headers={**HTMX, "X-CSRFToken": _token(logged_in)})
    assert "is not a result kind" in response.get_data(as_text=True)


def test_plain_form_save_answers_303(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    response = logged_in.post("/organize/results/1", data={
        "kind": "loss", "version": "1", "csrf_token": _token(logged_in)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/events/{event_id}")


def test_cancel_returns_the_display_cell(app: Flask, logged_in: FlaskClient) -> None:
    seed(app)
    html = logged_in.get("/organize/results/1?ui=desk", headers=HTMX).get_data(as_text=True)
    assert html.lstrip().startswith("<td") and "/organize/results/1/edit" in html


def test_save_without_csrf_header_is_refused(app: Flask, logged_in: FlaskClient) -> None:
    seed(app)
    response = logged_in.post("/organize/results/1", data={"kind": "draw", "version": "1"},
                              headers=HTMX)
    assert response.headers.get("HX-Retarget") == "body"  # the refusal's sentence
    with app.app_context():
        assert db.session.get(Result, 1).kind == "win"


def test_unknown_result_is_404(app: Flask, logged_in: FlaskClient) -> None:
    assert logged_in.get("/organize/results/999/edit").status_code == 404


def test_update_details_303_and_stale_version_refused(app: Flask,
                                                      logged_in: FlaskClient) -> None:
    event_id = seed(app)
    token = _token(logged_in)
    response = logged_in.post(f"/organize/events/{event_id}", data={
        "csrf_token": token, "version": "1", "name": "Renamed", "date": "2025-01-08"})
    assert response.status_code == 303
    with app.app_context():
        event = db.session.get(Event, event_id)
        assert event.name == "Renamed" and not event.rated
        assert db.session.scalar(select(Member).where(Member.name == "Ann Lee")).games == 0
    response = logged_in.post(f"/organize/events/{event_id}", data={
        "csrf_token": token, "version": "1", "name": "Again", "date": "2025-01-08",
        "rated": "on"})
    assert response.status_code == 409
    assert "Someone else changed this event" in response.get_data(as_text=True)


def test_tiebreak_change_warns_and_is_logged(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    response = logged_in.post(f"/organize/events/{event_id}/tiebreaks", data={
        "csrf_token": _token(logged_in), "version": "1", "edition": "fide-2024",
        "order_preset": "BH/C1,BH,SB,WIN", "order_custom": "SB, WIN"})
    assert response.status_code == 303
    html = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert "FIDE C.07 Art. 4.1: the order should be fixed before round 1" in html
    with app.app_context():
        event = db.session.get(Event, event_id)
        assert (event.tiebreak_edition, event.tiebreak_order) == ("fide-2024", "SB,WIN")
        assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "event.tiebreaks"))


def test_bad_tiebreak_code_names_it(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    response = logged_in.post(f"/organize/events/{event_id}/tiebreaks", data={
        "csrf_token": _token(logged_in), "version": "1", "edition": "fide-2026",
        "order_custom": "BH,QQQ"})
    assert response.status_code == 422 and "QQQ" in response.get_data(as_text=True)


def test_delete_asks_then_deletes_with_303(app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    page = logged_in.get(f"/organize/events/{event_id}/delete").get_data(as_text=True)
    assert "Delete “Club night”?" in page
    response = logged_in.post(f"/organize/events/{event_id}/delete",
                              data={"csrf_token": _token(logged_in)})
    assert response.status_code == 303 and response.headers["Location"].endswith("/organize/")
    with app.app_context():
        assert db.session.get(Event, event_id) is None
        assert db.session.scalar(select(Member).where(Member.name == "Ann Lee")).games == 0


def test_dashboard_shows_verified_then_differences_then_rebuild(app: Flask,
                                                               logged_in: FlaskClient) -> None:
    seed(app)
    html = logged_in.get("/organize/").get_data(as_text=True)
    assert "Ladder verified" in html and "Club night" in html and "New event" in html
    with app.app_context(), direct_writes():
        ann = db.session.scalar(select(Member).where(Member.name == "Ann Lee"))
        ann.rating = 1999.0
        db.session.commit()
    html = logged_in.get("/organize/").get_data(as_text=True)
    assert "Ladder verified" not in html and "rating stored 1999.0" in html
    response = logged_in.post("/organize/rebuild", data={"csrf_token": _token(logged_in)})
    assert response.status_code == 303
    html = logged_in.get("/organize/").get_data(as_text=True)
    assert "Ladder verified" in html and "The ladder was rebuilt" in html
    with app.app_context():
        assert db.session.scalar(select(ClubSettings.last_replay_at)) is not None


def test_a_rating_for_unrated_players_brings_back_the_rating_based_tiebreaks(
        app, logged_in) -> None:
    # C.07 Art. 10: dropped while unrated players take part, unless the event gives them one.
    from ladder.models import Event
    event_id = seed(app)
    token = csrf_token(logged_in, f"/organize/events/{event_id}")
    data = {"csrf_token": token, "version": "1", "edition": "fide-2024",
            "order_custom": "ARO,BH"}
    assert logged_in.post(f"/organize/events/{event_id}/tiebreaks",
                          data=data).status_code == 303
    html = logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert "dropped" in html
    bad = logged_in.post(f"/organize/events/{event_id}/tiebreaks",
                         data={**data, "version": "2", "unrated_rating": "12x"})
    assert bad.status_code == 422 and "whole number" in bad.get_data(as_text=True)
    assert logged_in.post(f"/organize/events/{event_id}/tiebreaks",
                          data={**data, "version": "2", "unrated_rating": "1000"}
                          ).status_code == 303
    with app.app_context():
        assert db.session.get(Event, event_id).unrated_rating == 1000
    html = logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert "dropped" not in html and ">1000<" in html  # every ARO is the given rating


def _replay_time_masked(html: str) -> str:
    """``html`` with its times of day ("15:36 UTC") masked."""
    return re.sub(r"\d{2}:\d{2} UTC", "hh:mm UTC", html)


def test_back_to_draft_hides_the_event_and_publishing_again_brings_it_back(
        app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    page = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert "Take back to draft" in page and 'name="publish" value="0"' in page
    public_before = app.test_client().get(f"/events/{event_id}").get_data(as_text=True)
    response = logged_in.post(f"/organize/events/{event_id}/status",
                              data={"csrf_token": _token(logged_in), "version": "1",
                                    "publish": "0"})
    assert response.status_code == 303
    page = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert "is a draft now" in page and 'id="draft-note"' in page and ">Publish</button>" in page
    assert f'href="/events/{event_id}"' not in page  # no link to a public page that is gone
    dashboard = logged_in.get("/organize/").get_data(as_text=True)
    assert '<span class="tag draft">draft</span>' in dashboard
    visitor = app.test_client()
    assert comparable(visitor.get(f"/events/{event_id}").get_data()) == \
        comparable(visitor.get("/events/4242").get_data())
    assert "Club night" not in visitor.get("/events").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(Member).where(Member.name == "Ann Lee")).games == 0
    # A stale form (the version from before) is refused with the event's own message.
    stale = logged_in.post(f"/organize/events/{event_id}/status",
                           data={"csrf_token": _token(logged_in), "version": "1",
                                 "publish": "1"})
    assert stale.status_code == 409 and "Someone else changed this event" in stale.get_data(
        as_text=True)
    response = logged_in.post(f"/organize/events/{event_id}/status",
                              data={"csrf_token": _token(logged_in), "version": "2",
                                    "publish": "1"})
    assert response.status_code == 303
    # The same page as before, but for the time of the replay publishing again made (its
    # minute can have turned in between).
    assert _replay_time_masked(app.test_client().get(f"/events/{event_id}").get_data(
        as_text=True)) == _replay_time_masked(public_before)
    audit = logged_in.get("/organize/audit/").get_data(as_text=True)
    assert "Took “Club night” of January 7, 2025 back to draft" in audit
    assert "Published the draft “Club night” of January 7, 2025." in audit
