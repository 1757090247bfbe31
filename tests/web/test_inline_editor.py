"""The inline result editor's markup (docs/organizer-guide.md §2): it floats over its cell keeping
the cell's text (the column keeps its width), finds its cell again after a refresh, says "saved",
and says so when the standings re-sort; the plain page without JavaScript is unchanged."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.factories import HTMX, csrf_token, seed


def _save(client: FlaskClient, kind: str, **extra: str) -> str:
    response = client.post("/organize/results/1", data={"kind": kind, "version": "1", **extra},
                           headers={**HTMX, "X-CSRFToken": csrf_token(client, "/organize/")})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_editor_floats_over_its_cell_with_the_cells_text(app: Flask,
                                                            logged_in: FlaskClient) -> None:
    seed(app)
    fragment = logged_in.get("/organize/results/1/edit?ui=desk", headers=HTMX)\
        .get_data(as_text=True)
    assert fragment.lstrip().startswith(
        '<td class="result result-editor editing popover" data-result="1">')
    assert '<span class="placeholder" aria-hidden="true">1</span>' in fragment  # Ann won
    page = logged_in.get("/organize/results/1/edit").get_data(as_text=True)
    assert 'class="result result-editor editing" data-result="1"' in page  # no popover
    assert "placeholder" not in page.split('class="result result-editor')[1][:200]


def test_cells_carry_their_result_id_and_a_saved_note(app: Flask,
                                                      logged_in: FlaskClient) -> None:
    event_id = seed(app)
    grid = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert 'id="result-1" data-result="1">' in grid and 'id="edit-status"' in grid
    assert "data-saved" not in grid
    public = logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'data-result="1"' in public and 'id="edit-status"' in public
    cell = _save(logged_in, "draw", ui="desk")
    assert 'data-result="1"' in cell and 'data-saved="' in cell


def test_the_saved_note_says_when_the_standings_changed_order(app: Flask,
                                                             logged_in: FlaskClient) -> None:
    seed(app)  # Ann beat Bo in round 1 and leads with Cai; a loss drops her below Bo
    assert 'data-saved="Saved; the standings changed order."' in _save(logged_in, "loss")


def test_the_saved_note_is_plain_when_the_order_stays(app: Flask,
                                                      logged_in: FlaskClient) -> None:
    seed(app)
    assert 'data-saved="The result is saved and the ladder is updated."' in \
        _save(logged_in, "forfeit_win")  # still a win's point


def test_anonymous_pages_carry_no_editor_marks(app: Flask, client: FlaskClient) -> None:
    event_id = seed(app)
    html = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "data-result" not in html and "edit-status" not in html
