"""Organizer login and logout: passwords, throttling, safe ``next``, CSRF across login."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import LoginAttempt
from ladder.web.auth import safe_next
from tests.factories import csrf_token


def _login(client: FlaskClient, username: str, password: str, **extra: str):
    token = csrf_token(client, "/auth/login")
    return client.post("/auth/login", data={"csrf_token": token, "username": username,
                                            "password": password, **extra})


def test_login_page_has_labelled_fields(client: FlaskClient) -> None:
    html = client.get("/auth/login").get_data(as_text=True)
    assert 'for="username"' in html and 'for="password"' in html
    assert 'type="password"' in html


def test_correct_login_goes_to_the_desk_with_303(client: FlaskClient, organizer) -> None:
    response = _login(client, *organizer)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/organize/")
    assert client.get("/organize/").status_code == 200


def test_wrong_password_is_refused_and_counted(app: Flask, client: FlaskClient,
                                               organizer) -> None:
    response = _login(client, organizer[0], "wrong password!")
    assert response.status_code == 200
    assert "Wrong login name or password." in response.get_data(as_text=True)
    assert client.get("/organize/").status_code == 303
    with app.app_context():
        assert db.session.scalar(select(func.count(LoginAttempt.id))) == 1


def test_unknown_user_gets_the_same_message(client: FlaskClient, organizer) -> None:
    response = _login(client, "nobody", "whatever password")
    assert "Wrong login name or password." in response.get_data(as_text=True)


def test_next_is_followed_only_to_local_paths(client: FlaskClient, organizer) -> None:
    response = _login(client, *organizer, next="/organize/events/new")
    assert response.headers["Location"].endswith("/organize/events/new")
    other = client.application.test_client()
    response = _login(other, *organizer, next="https://evil.example/")
    assert response.headers["Location"].endswith("/organize/")


def test_safe_next_refuses_other_sites() -> None:
    assert safe_next("/organize/?x=1") == "/organize/?x=1"
    for bad in ("//evil.example", "https://evil.example", "/\\evil.example", "javascript:x",
                "", None, "organize", "/\x00"):
        assert safe_next(bad) is None


def test_throttle_after_five_failures_per_account(app: Flask, client: FlaskClient,
                                                  organizer) -> None:
    for _ in range(5):
        assert _login(client, organizer[0], "wrong password!").status_code == 200
    # The sixth attempt is refused even with the right password.
    response = _login(client, *organizer)
    assert response.status_code == 429
    assert "Too many attempts; wait a minute" in response.get_data(as_text=True)
    assert client.get("/organize/").status_code == 303


def test_throttle_per_address(app: Flask, client: FlaskClient, organizer) -> None:
    for n in range(20):
        _login(client, f"someone{n}", "wrong password!")
    response = _login(client, *organizer)
    assert response.status_code == 429


def test_throttle_is_stored_so_other_workers_see_it(app: Flask, organizer) -> None:
    first, second = app.test_client(), app.test_client()
    for _ in range(5):
        _login(first, organizer[0], "wrong password!")
    assert _login(second, *organizer).status_code == 429


def test_success_clears_the_account_failures(app: Flask, client: FlaskClient,
                                             organizer) -> None:
    for _ in range(4):
        _login(client, organizer[0], "wrong password!")
    assert _login(client, *organizer).status_code == 303
    with app.app_context():
        assert db.session.scalar(select(func.count(LoginAttempt.id))) == 0


def test_login_without_csrf_token_is_refused(client: FlaskClient, organizer) -> None:
    response = client.post("/auth/login", data={"username": organizer[0],
                                                "password": organizer[1]})
    assert response.status_code == 403  # with a sentence (guards.csrf_refused)


def test_login_rotates_the_session_and_the_csrf_token(client: FlaskClient, organizer) -> None:
    # Issue 10.8: a token issued before login (which an attacker could have planted or read)
    # is refused after it; the pages after login carry a fresh one.
    token = csrf_token(client, "/auth/login")
    client.post("/auth/login", data={"csrf_token": token, "username": organizer[0],
                                     "password": organizer[1]})
    assert client.post("/auth/logout", data={"csrf_token": token}).status_code == 403
    fresh = csrf_token(client, "/organize/")
    assert fresh != token
    assert client.post("/auth/logout", data={"csrf_token": fresh}).status_code == 303


def _session_cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_copied_session_cookie_dies_at_logout(app: Flask, organizer) -> None:
    browser, thief = app.test_client(), app.test_client()
    _login(browser, *organizer)
    thief.set_cookie("session", _session_cookie(browser))
    assert thief.get("/organize/").status_code == 200  # the copy works while logged in
    browser.post("/auth/logout", data={"csrf_token": csrf_token(browser, "/organize/")})
    assert thief.get("/organize/").status_code == 303  # and not after logout


def test_a_password_change_and_logout_everywhere_end_other_sessions(app: Flask,
                                                                     organizer) -> None:
    from ladder.services.accounts import set_organizer
    laptop, phone = app.test_client(), app.test_client()
    _login(laptop, *organizer)
    _login(phone, *organizer)
    assert phone.get("/organize/").status_code == 200
    with app.app_context():
        set_organizer(organizer[0], "another long password", actor="test")
    assert phone.get("/organize/").status_code == 303
    assert laptop.get("/organize/").status_code == 303
    _login(laptop, organizer[0], "another long password")
    _login(phone, organizer[0], "another long password")
    laptop.post("/auth/logout-everywhere",
                data={"csrf_token": csrf_token(laptop, "/organize/")})
    assert laptop.get("/organize/").status_code == 303
    assert phone.get("/organize/").status_code == 303


def test_logout_is_a_post_and_ends_the_session(logged_in: FlaskClient) -> None:
    assert logged_in.get("/auth/logout").status_code == 405
    token = csrf_token(logged_in, "/organize/")
    response = logged_in.post("/auth/logout", data={"csrf_token": token})
    assert response.status_code == 303
    assert logged_in.get("/organize/").status_code == 303


def test_logged_in_nav_shows_logout_form(logged_in: FlaskClient) -> None:
    html = logged_in.get("/").get_data(as_text=True)
    assert re.search(r'<form method="post" action="/auth/logout">', html)


def test_session_cookie_flags(client: FlaskClient, organizer) -> None:
    response = _login(client, *organizer)
    cookie = response.headers.get("Set-Cookie", "")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
