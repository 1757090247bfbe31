"""Organizer sessions: one row per login, ended at logout (docs/qualities.md §1 sessions).

The session cookie is signed but kept by the browser; on its own it would stay valid after
logout for anyone who copied it. So the cookie carries only the random token of a
:class:`~ladder.models.LoginSession`, and every request loads the organizer through it:

* logging out ends that login (a copied cookie stops working at once);
* "log out everywhere" and a password change bump the organizer's ``session_version``;
  logins made with an older version no longer load;
* a login has an absolute lifetime (``SESSION_MAX_DAYS``, 30 days by default): however
  active the organizer, after it the login no longer loads and they log in again
  (tests/web/test_session_lifetime.py).
"""

from __future__ import annotations

import datetime as dt
import secrets

from sqlalchemy import select, update

from ..extensions import db
from ..models import LoginSession, User, utcnow
from .uow import use_case


@use_case(changes_pages=False)
def start(user_id: int) -> str:
    """A new login of organizer ``user_id``; returns the token for the session cookie."""
    user = db.session.get(User, user_id)
    if user is None:
        raise LookupError(user_id)
    token = secrets.token_urlsafe(32)
    db.session.add(LoginSession(token=token, user_id=user.id, version=user.session_version))
    return token


def load(token: str, max_age: dt.timedelta | None = None) -> User | None:
    """The organizer of a live login (None when ended, superseded, unknown, or started more
    than ``max_age`` ago)."""
    if not token or len(token) > 64:
        return None
    statement = (select(LoginSession, User).join(User, User.id == LoginSession.user_id)
                 .where(LoginSession.token == token, LoginSession.ended_at.is_(None)))
    if max_age is not None:
        statement = statement.where(LoginSession.created_at > utcnow() - max_age)
    row = db.session.execute(statement).first()
    if row is None:
        return None
    login, user = row
    if login.version != user.session_version:
        return None
    user.login_token = token
    return user


@use_case(changes_pages=False)
def end(token: str) -> None:
    """End one login (logout)."""
    db.session.execute(update(LoginSession).where(LoginSession.token == token,
                                                  LoginSession.ended_at.is_(None))
                       .values(ended_at=utcnow()))


@use_case(changes_pages=False)
def end_all(user_id: int) -> None:
    """End every login of organizer ``user_id`` ("log out everywhere")."""
    db.session.execute(update(User).where(User.id == user_id)
                       .values(session_version=User.session_version + 1))
    db.session.execute(update(LoginSession).where(LoginSession.user_id == user_id,
                                                  LoginSession.ended_at.is_(None))
                       .values(ended_at=utcnow()))
