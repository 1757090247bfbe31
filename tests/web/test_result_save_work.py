"""What one HTMX result save computes (docs/club-rating.md §2): the event's whole view (standings
rows, rating changes, cells) once, for the answer, and the changed standings once; the order before
the save comes from the ranking the event page already computed."""

from __future__ import annotations

from unittest import mock

from flask import Flask
from flask.testing import FlaskClient

from ladder.queries import events as event_queries
from tests.factories import HTMX, csrf_token, latest_audit_actions, seed


def test_an_htmx_save_builds_one_event_view_and_ranks_the_new_standings_once(
        app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    token = csrf_token(logged_in, "/organize/")
    event_queries._ranking.cache_clear()  # no standings kept from other tests
    # The page the editor is opened from ranks the standings as they are.
    assert logged_in.get(f"/events/{event_id}").status_code == 200
    # Every event view builds its tournament from the loaded event (tournament_of); every
    # ranking not kept from before runs the tie-break engine (rank_prepared).
    with mock.patch.object(event_queries, "tournament_of",
                           wraps=event_queries.tournament_of) as views, \
            mock.patch.object(event_queries, "rank_prepared",
                              wraps=event_queries.rank_prepared) as rankings:
        response = logged_in.post("/organize/results/1", data={"kind": "loss", "version": "1"},
                                  headers={**HTMX, "X-CSRFToken": token})
    assert response.status_code == 200
    # Ann's loss drops her below Bo: the order before the save was read, and compared.
    assert 'data-saved="Saved; the standings changed order."' in response.get_data(as_text=True)
    assert views.call_count == 1  # the answer's cell and row
    assert rankings.call_count == 1  # the new standings: stored winners and answer share them


def _save_then_delete_the_event(event_id: int):  # noqa: ANN202
    """``edit_result`` as another organizer's delete lands right after it: the save is
    committed, then the event is gone before the answer is made."""
    from ladder.services import corrections

    def save(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        saved = corrections.edit_result(*args, **kwargs)
        corrections.delete_event(event_id, "other organizer")
        return saved
    return save


def test_a_save_whose_event_another_organizer_deletes_at_once_says_so_not_not_found(
        app: Flask, logged_in: FlaskClient) -> None:
    """The soak found it: the save was committed and audited, then the answer looked the event
    up again, found it deleted and said 404 — a saved change reported as "page not found"."""
    from sqlalchemy import func, select

    from ladder.extensions import db
    from ladder.models import Entry, Result
    from ladder.web.organize import results as view

    for headers in ({}, HTMX):
        event_id = seed(app)
        token = csrf_token(logged_in, "/organize/")
        with app.app_context():
            result_id = db.session.scalar(
                select(func.min(Result.id)).join(Entry, Entry.id == Result.entry_id)
                .where(Entry.event_id == event_id, Result.opponent_entry_id.is_not(None)))
        with mock.patch.object(view, "edit_result", _save_then_delete_the_event(event_id)):
            response = logged_in.post(f"/organize/results/{result_id}",
                                      data={"kind": "draw", "version": "1"},
                                      headers={**headers, "X-CSRFToken": token})
        if headers:  # htmx: a full page load of the desk, not a swap
            assert response.status_code == 204
            assert response.headers["HX-Redirect"].endswith("/organize/")
        else:
            assert response.status_code == 303
            assert response.headers["Location"].endswith("/organize/")
        desk = logged_in.get("/organize/").get_data(as_text=True)
        assert "another organizer has since deleted its event" in desk
        # The save stood, then the delete.
        assert latest_audit_actions(app, 2) == ["event.delete", "result.edit"]


def test_a_result_of_a_draft_saved_without_javascript_goes_back_to_the_organizers_page(
        app: Flask, logged_in: FlaskClient) -> None:
    """A draft has no public page (it answers 404 like a missing event), and publishing
    nothing, it changes no rating: the plain form goes back to the organizer's event page,
    which says so; the inline editor says the same."""
    from ladder.services.corrections import set_published

    event_id = seed(app)
    with app.app_context():
        set_published(event_id, "org", version=1, published=False)
    token = csrf_token(logged_in, "/organize/")
    response = logged_in.post("/organize/results/1", data={"kind": "loss", "version": "1"},
                              headers={"X-CSRFToken": token})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/organize/events/{event_id}")
    page = logged_in.get(response.headers["Location"])
    assert page.status_code == 200  # it was the public page: 404 for a draft
    draft_saved = "The result is saved. The event is a draft, so the ladder stays as it is."
    assert draft_saved in page.get_data(as_text=True)
    inline = logged_in.post("/organize/results/1", data={"kind": "win", "version": "2"},
                            headers={**HTMX, "X-CSRFToken": token})
    assert inline.status_code == 200
    said = inline.get_data(as_text=True)
    assert 'data-saved="' in said and "the ladder is updated" not in said
