"""Organizer login and logout (Flask-Login), with throttling and safe ``next`` redirects."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user, logout_user
from werkzeug.wrappers import Response
from wtforms import PasswordField

from ..models import User
from ..services import sessions, throttle
from ..services.login import authenticate
from .support.forms import ClubForm, Limit, text_field

bp = Blueprint("auth", __name__, url_prefix="/auth")

#: The longest password the form reads (hashing a longer one would only cost time).
MAX_PASSWORD = 1000


class LoginForm(ClubForm):
    """The login form. A value longer than the form allows is no organizer's: the login fails
    as with a wrong password (and the field says why); nothing is ever cut short."""

    username = text_field(_l("Login name"), User.username)
    password = PasswordField(_l("Password"), validators=[Limit(MAX_PASSWORD)])


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
    next_url = safe_next(request.values.get("next"))  # the query string's, or the form's
    if request.method == "GET":
        if current_user.is_authenticated:
            return redirect(next_url or url_for("organize.dashboard"), code=303)
        return render_template("auth/login.html", next_url=next_url,
                               form=LoginForm(formdata=None), error=None)
    form = LoginForm()
    username = form.username.data or ""
    # Counted before the password is checked, atomically, so parallel guesses cannot all
    # slip under the limit (a success forgets the account's count again).
    if not throttle.reserve_attempt(username, _address()):
        return render_template("auth/login.html", next_url=next_url, form=form,
                               error=_("Too many attempts; wait a minute and try again.")), 429
    readable = form.validate() and bool(username)
    user = authenticate(username, form.password.data or "") if readable else None
    if user is None:
        return render_template("auth/login.html", next_url=next_url, form=form,
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
