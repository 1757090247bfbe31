"""Organizer login and logout (Flask-Login), with throttling and safe ``next`` redirects."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response
from flask_babel import gettext as _
from flask_login import current_user, login_user, logout_user

from ..services import throttle
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
    if throttle.is_throttled(username, _address()):
        return render_template("auth/login.html", next_url=next_url, username=username,
                               error=_("Too many attempts; wait a minute and try again.")), 429
    user = authenticate(username, password) if username.strip() else None
    if user is None:
        throttle.record_failure(username, _address())
        return render_template("auth/login.html", next_url=next_url, username=username,
                               error=_("Wrong login name or password.")), 200
    throttle.clear(username)
    # Flask-Login keeps the rest of the session, so the CSRF token stays valid across login.
    login_user(user)
    flash(_("Welcome, %(name)s.", name=user.username), "info")
    return redirect(next_url or url_for("organize.dashboard"), code=303)


@bp.post("/logout")
def logout() -> Response:
    """Log out (a POST, so a link or an image cannot log anyone out)."""
    logout_user()
    flash(_("You are logged out."), "info")
    return redirect(url_for("public.ladder"), code=303)
