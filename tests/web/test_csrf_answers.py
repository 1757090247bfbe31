"""A POST without a CSRF token says what the visitor needs, never a bare 400
(docs/architecture.md §4).

Every POST route of the organizer blueprints (read from the URL map, so a new route is
covered too): an anonymous visitor goes to the login page, by a 303 for a plain request and by
``HX-Redirect`` for htmx, exactly as with a token; a logged-in organizer whose token is
missing, and anyone posting the login form without one, gets 403 with a sentence in the
reader's language (for htmx, the sentence replaces the page). Nothing changes.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.factories import seed, snapshot

ORGANIZER_BLUEPRINTS = ("organize", "members", "audit", "settings", "exports")
SENTENCE = {"en": "did not come from this site", "ko": "이 사이트", "zh_Hans": "本站",
            "id": "situs ini"}


def _post_urls(app: Flask) -> list[str]:
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.endpoint.split(".")[0] \
                not in ORGANIZER_BLUEPRINTS:
            continue
        urls.append(re.sub(r"<(?:\w+:)?\w+>", "1", rule.rule))
    return sorted(set(urls))


def test_anonymous_posts_without_a_token_go_to_the_login_page(app: Flask,
                                                               client: FlaskClient) -> None:
    seed(app)
    with app.app_context():
        before = snapshot()
    urls = _post_urls(app)
    assert len(urls) >= 20
    for url in urls:
        plain = client.post(url, data={"kind": "draw", "version": "1"})
        assert plain.status_code == 303, (url, plain.status_code)
        assert "/auth/login" in plain.headers["Location"], url
        htmx = client.post(url, data={"kind": "draw"}, headers={"HX-Request": "true"})
        assert htmx.status_code == 204, (url, htmx.status_code)
        assert htmx.headers["HX-Redirect"].startswith("/auth/login"), url
    with app.app_context():
        assert snapshot() == before


@pytest.mark.parametrize("lang", sorted(SENTENCE))
def test_an_organizer_without_a_token_gets_a_sentence(app: Flask, logged_in: FlaskClient,
                                                     lang: str) -> None:
    seed(app)
    with app.app_context():
        before = snapshot()
    logged_in.get(f"/?lang={lang}")
    for url in _post_urls(app):
        plain = logged_in.post(url, data={"kind": "draw", "version": "1"})
        assert plain.status_code == 403, (url, plain.status_code)
        assert SENTENCE[lang] in plain.get_data(as_text=True), url
        htmx = logged_in.post(url, data={"kind": "draw"}, headers={"HX-Request": "true"})
        assert htmx.status_code == 200 and htmx.headers["HX-Retarget"] == "body", url
        assert SENTENCE[lang] in htmx.get_data(as_text=True), url
    with app.app_context():
        assert snapshot() == before


def test_the_login_form_without_a_token_says_why(client: FlaskClient) -> None:
    response = client.post("/auth/login", data={"username": "x", "password": "y"})
    assert response.status_code == 403
    assert SENTENCE["en"] in response.get_data(as_text=True)
