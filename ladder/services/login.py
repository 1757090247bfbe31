"""Checking an organizer's login name and password (the hash is scrypt, see accounts)."""

from __future__ import annotations

from sqlalchemy import select
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..models import User
from .accounts import password_method

# Compared against when the login name is unknown, so that a wrong name takes as long to
# answer as a wrong password (no way to probe which names exist): one per hashing method.
_DUMMY_HASHES: dict[str, str] = {}


def _dummy_hash() -> str:
    method = password_method()
    if method not in _DUMMY_HASHES:
        _DUMMY_HASHES[method] = generate_password_hash("not anyone's password", method=method)
    return _DUMMY_HASHES[method]


def authenticate(username: str, password: str) -> User | None:
    """The organizer with this login name and password, or None."""
    user = db.session.scalar(select(User).where(User.username == username.strip()))
    if user is None:
        check_password_hash(_dummy_hash(), password)
        return None
    return user if check_password_hash(user.password_hash, password) else None
