"""Organizer accounts."""

from __future__ import annotations

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import select
from werkzeug.security import generate_password_hash

from ..extensions import db
from ..models import User
from . import InvalidInput, audit, use_case

MIN_PASSWORD = 10


def hash_password(password: str) -> str:
    """A slow, salted hash of an organizer password: scrypt, unless the configuration says
    otherwise (``PASSWORD_HASH``: the tests use a cheap one; never set it in production)."""
    return generate_password_hash(password, method=password_method())


def password_method() -> str:
    """The hashing method of new passwords (werkzeug's method string)."""
    return str(current_app.config.get("PASSWORD_HASH") or "scrypt")


@use_case
def set_organizer(username: str, password: str, actor: str) -> bool:
    """Create organizer ``username`` or reset its password; returns True when created."""
    username = username.strip()
    if not username or len(username) > 80:
        raise InvalidInput(_("The login name must have 1 to 80 characters."))
    if len(password) < MIN_PASSWORD:
        raise InvalidInput(_("The password must have at least %(n)d characters.", n=MIN_PASSWORD))
    user = db.session.scalar(select(User).where(User.username == username))
    created = user is None
    if user is None:
        user = User(username=username, password_hash=hash_password(password))
        db.session.add(user)
    else:
        user.password_hash = hash_password(password)
        # A new password ends every session made with the old one (docs/qualities.md §1 sessions).
        user.session_version += 1
    audit.record(actor, "organizer.create" if created else "organizer.password",
                 f"Organizer {username}")
    return created
