"""A login lasts at most ``SESSION_MAX_DAYS`` (30 days by default; docs/self-hosting.md §10),
however active.

Sliding re-issue keeps an active organizer's cookie fresh; the absolute lifetime counts from
the login itself, so after it the organizer logs in again (the login page, for plain and htmx
requests alike).
"""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from ladder.config import DEFAULT_SESSION_MAX_DAYS, session_max_days
from ladder.extensions import db
from ladder.models import LoginSession, utcnow
from tests.factories import direct_writes


def _age_logins(app: Flask, days: float) -> None:
    """Every login started ``days`` ago."""
    with app.app_context(), direct_writes():
        db.session.execute(update(LoginSession).values(
            created_at=utcnow() - dt.timedelta(days=days)))
        db.session.commit()


def test_a_login_ends_after_thirty_days(app: Flask, logged_in: FlaskClient) -> None:
    assert app.config["SESSION_MAX_DAYS"] == DEFAULT_SESSION_MAX_DAYS == 30
    _age_logins(app, 29.9)
    assert logged_in.get("/organize/").status_code == 200
    _age_logins(app, 30.1)
    plain = logged_in.get("/organize/")
    assert plain.status_code == 303 and "/auth/login" in plain.headers["Location"]
    htmx = logged_in.get("/organize/", headers={"HX-Request": "true"})
    assert htmx.status_code == 204 and htmx.headers["HX-Redirect"].startswith("/auth/login")
    # The public pages treat the organizer as a visitor again (initials, no edit controls).
    assert logged_in.get("/").status_code == 200


def test_the_lifetime_is_a_setting(app: Flask, logged_in: FlaskClient) -> None:
    app.config["SESSION_MAX_DAYS"] = 0.5
    _age_logins(app, 0.4)
    assert logged_in.get("/organize/").status_code == 200
    _age_logins(app, 0.6)
    assert logged_in.get("/organize/").status_code == 303


@pytest.mark.parametrize(("value", "days"), [("", 30), ("7", 7), ("1.5", 1.5), ("-3", 30),
                                             ("soon", 30), ("0", 30)])
def test_the_setting_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str,
                                          days: float) -> None:
    monkeypatch.setenv("SESSION_MAX_DAYS", value)
    assert session_max_days() == days
