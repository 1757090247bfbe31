"""A hidden page and a page that does not exist answer byte for byte the same (docs/privacy.md).

In private mode (and for an unlisted club's plain URLs) a visitor must not be able to tell an
existing event, member or explanation from a missing one: status, headers and body agree.
"""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask

from ladder.extensions import db
from ladder.models import Event, Member, Visibility
from ladder.queries.club import club_settings
from ladder.services.uow import unit_of_work
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.web.bodies import comparable

#: (hidden page, missing page of the same shape)
PAIRS = [("/", "/no-such-page"), ("/events", "/eventz"), ("/events/1", "/events/999"),
         ("/members", "/memberz"), ("/members/1", "/members/999"),
         ("/events/1/explain/1/BH", "/events/999/explain/1/BH"),
         ("/events/1/explain/1/BH", "/events/1/explain/77/BH"),
         ("/c/wrong-token/", "/c/other-token/events/999"), ("/members/1", "/members/abc")]


def _set_visibility(app: Flask, mode: Visibility) -> None:
    with app.app_context():
        with unit_of_work():
            settings = club_settings()
            settings.visibility = mode
            settings.unlisted_token = "t" * 32


def _comparable(response) -> tuple:
    headers = sorted((k, v) for k, v in response.headers.items()
                     if k not in ("Date", "Set-Cookie", "Content-Length"))
    return response.status_code, headers, comparable(response.get_data())


@pytest.mark.parametrize("mode", [Visibility.PRIVATE, Visibility.UNLISTED])
def test_hidden_and_missing_pages_are_identical(app: Flask, mode: Visibility) -> None:
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]),
                  dt.date(2025, 1, 7))
        assert db.session.get(Event, 1) is not None and db.session.get(Member, 1) is not None
    _set_visibility(app, mode)
    client = app.test_client()
    client.get("/tools/elo")  # one session (and CSRF token) for every request below
    for hidden, missing in PAIRS:
        first, second = client.get(hidden), client.get(missing)
        assert first.status_code == 404, hidden
        assert _comparable(first) == _comparable(second), (hidden, missing)
        assert first.headers.get("X-Robots-Tag") == "noindex"
