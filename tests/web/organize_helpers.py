"""Shared bits of the organizer web tests."""

from __future__ import annotations

import datetime as dt

from flask import Flask
from flask.testing import FlaskClient

from ladder.tournament import Kind
from tests.conftest import csrf_token
from tests.factories import tournament
from tests.services.helpers import publish_t

PASTE = ("Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"
         "Round 2\nAnn Lee - Cai Wu 0-1\nBo Chen - Dee Park 1-0\n")


def seed(app: Flask) -> int:
    """One published event of four members; returns its id."""
    t = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.LOSS),
                    (2, 2, 4, Kind.WIN)], name="Club night")
    with app.app_context():
        return publish_t(t, dt.date(2025, 1, 7)).id


def form(client: FlaskClient, **fields: str) -> dict[str, str]:
    """A new-event form with a CSRF token."""
    data = {"csrf_token": csrf_token(client, "/organize/events/new"), "name": "Night 1",
            "date": "2025-02-01", "rated": "on", "text": PASTE}
    data.update(fields)
    return data


HTMX = {"HX-Request": "true"}
