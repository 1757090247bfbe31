"""What one HTMX result save computes (docs/club-rating.md §2): the event's whole view (standings
rows, rating changes, cells) once, for the answer, and the changed standings once; the order before
the save comes from the ranking the event page already computed."""

from __future__ import annotations

from unittest import mock

from flask import Flask
from flask.testing import FlaskClient

from ladder.queries import events as event_queries
from tests.factories import HTMX, csrf_token, seed


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
