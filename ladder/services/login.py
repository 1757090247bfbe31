"""Checking an organizer's login name and password (the hash is scrypt, see accounts)."""

from __future__ import annotations

from sqlalchemy import select
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..models import User

# Compared against when the login name is unknown, so that a wrong name takes as long to
# answer as a wrong password (no way to probe which names exist).
_DUMMY_HASH = generate_password_hash("not anyone's password", method="scrypt")


def authenticate(username: str, password: str) -> User | None:
    """The organizer with this login name and password, or None."""
    user = db.session.scalar(select(User).where(User.username == username.strip()))
    if user is None:
        check_password_hash(_DUMMY_HASH, password)
        return None
    return user if check_password_hash(user.password_hash, password) else None
