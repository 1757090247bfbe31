"""Every organizer page needs a login: a redirect normally, HX-Redirect for HTMX requests."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.factories import seed

GETS = ["/organize/", "/organize/events/new", "/organize/events/{id}",
        "/organize/events/{id}/delete", "/organize/results/1/edit", "/organize/results/1"]
POSTS = ["/organize/rebuild", "/organize/events/new", "/organize/events/new/names",
         "/organize/events/new/publish", "/organize/events/{id}", "/organize/events/{id}/tiebreaks",
         "/organize/events/{id}/delete", "/organize/results/1"]


@pytest.mark.parametrize("path", GETS)
def test_get_redirects_to_login(app: Flask, client: FlaskClient, path: str) -> None:
    event_id = seed(app)
    response = client.get(path.format(id=event_id))
    assert response.status_code == 303
    assert "/auth/login?next=" in response.headers["Location"]


@pytest.mark.parametrize("path", GETS)
def test_htmx_get_answers_hx_redirect(app: Flask, client: FlaskClient, path: str) -> None:
    event_id = seed(app)
    response = client.get(path.format(id=event_id), headers={"HX-Request": "true"})
    assert response.status_code == 204
    assert response.headers["HX-Redirect"].startswith("/auth/login")


@pytest.mark.parametrize("path", POSTS)
def test_post_without_login_changes_nothing(app: Flask, path: str) -> None:
    event_id = seed(app)
    app.config["WTF_CSRF_ENABLED"] = False  # reach the guard itself
    client = app.test_client()
    response = client.post(path.format(id=event_id), data={"kind": "draw", "version": "1"},
                           headers={"HX-Request": "true"})
    assert response.status_code == 204 and "HX-Redirect" in response.headers
    assert client.get(f"/organize/events/{event_id}").status_code == 303


@pytest.mark.parametrize("path", POSTS)
def test_post_without_csrf_token_is_refused(app: Flask, logged_in: FlaskClient,
                                            path: str) -> None:
    event_id = seed(app)
    response = logged_in.post(path.format(id=event_id), data={"kind": "draw", "version": "1"},
                              headers={"HX-Request": "true"})
    # Refused with a sentence that replaces the page (htmx swaps no 4xx answer:
    # docs/architecture.md §4).
    assert response.status_code == 200 and response.headers["HX-Retarget"] == "body"
    assert "did not come from this site" in response.get_data(as_text=True)
