"""Organizer login and logout (Flask-Login), with throttling and safe ``next`` redirects."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_user, logout_user
from werkzeug.wrappers import Response

from ..services import sessions, throttle
from ..services.login import authenticate

bp = Blueprint("auth", __name__, url_prefix="/auth")

MAX_FIELD = 200


def safe_next(target: str | None) -> str | None:
    """``target`` when it is a path on this site, else None (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or "\\" in target or any(ord(c) < 32 for c in target):
        return None
    # request.full_path ends with "?" when there is no query string (the guard uses it).
    return target[:-1] if target.endswith("?") else target


def _address() -> str:
    return request.remote_addr or "unknown"


@bp.route("/login", methods=["GET", "POST"])
def login() -> str | Response | tuple[str, int]:
    """The login form; on success back to ``next`` (a local path) or the organizer's desk."""
    next_url = safe_next(request.values.get("next"))
    if request.method == "GET":
        if current_user.is_authenticated:
            return redirect(next_url or url_for("organize.dashboard"), code=303)
        return render_template("auth/login.html", next_url=next_url, username="", error=None)
    username = request.form.get("username", "")[:MAX_FIELD]
    password = request.form.get("password", "")[:MAX_FIELD * 5]
    # Counted before the password is checked, atomically, so parallel guesses cannot all
    # slip under the limit (a success forgets the account's count again).
    if not throttle.reserve_attempt(username, _address()):
        return render_template("auth/login.html", next_url=next_url, username=username,
                               error=_("Too many attempts; wait a minute and try again.")), 429
    user = authenticate(username, password) if username.strip() else None
    if user is None:
        return render_template("auth/login.html", next_url=next_url, username=username,
                               error=_("Wrong login name or password.")), 200
    throttle.clear(username)
    # A fresh session at login: nothing issued before (the CSRF secret included) carries
    # over, and the cookie names this one login (services/sessions.py).
    user.login_token = sessions.start(user.id)
    session.clear()
    login_user(user)
    flash(_("Welcome, %(name)s.", name=user.username), "info")
    return redirect(next_url or url_for("organize.dashboard"), code=303)


@bp.post("/logout")
def logout() -> Response:
    """Log out (a POST, so a link or an image cannot log anyone out); the login ends, so a
    copy of the session cookie stops working too."""
    token = current_user.get_id() if current_user.is_authenticated else None
    if token:
        sessions.end(token)
    logout_user()
    session.clear()
    flash(_("You are logged out."), "info")
    return redirect(url_for("public.ladder"), code=303)


@bp.post("/logout-everywhere")
def logout_everywhere() -> Response:
    """End every login of this organizer, on every device (after a lost phone, say)."""
    if current_user.is_authenticated:
        sessions.end_all(current_user.id)
    logout_user()
    session.clear()
    flash(_("You are logged out on every device."), "info")
    return redirect(url_for("auth.login"), code=303)
