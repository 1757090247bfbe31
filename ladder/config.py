"""Configuration: defaults, the database URL, the secret key kept in the instance folder."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any


def database_url(instance_path: str) -> str:
    """``DATABASE_URL`` from the environment, else an SQLite file in the instance folder.

    ``postgres://`` and ``postgresql://`` are mapped to the psycopg 3 driver, so the same URL a
    hosting panel hands out works as it is.
    """
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return "sqlite:///" + str(Path(instance_path) / "ladder.sqlite3")
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def secret_key(instance_path: str) -> str:
    """``SECRET_KEY`` from the environment, else one generated once and kept in the instance folder.

    Never a constant in the code: a key in the source would let anyone forge sessions.
    """
    from_env = os.environ.get("SECRET_KEY", "").strip()
    if from_env:
        return from_env
    path = Path(instance_path) / "secret_key"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    key = secrets.token_hex(32)
    # Create with owner-only permissions; O_EXCL so two workers starting at once agree.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key)
    return key


def defaults(instance_path: str, secret: str | None = None) -> dict[str, Any]:
    """The configuration a fresh install runs with (``secret``: a key given by the caller,
    so none is generated into the instance folder)."""
    return {
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SECRET_KEY": secret or secret_key(instance_path),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": os.environ.get("SESSION_COOKIE_SECURE", "0") == "1",
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "WTF_CSRF_TIME_LIMIT": None,  # valid for the session: an evening's work never expires
        "WTF_CSRF_HEADERS": ["X-CSRFToken"],
        "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,
        "BABEL_DEFAULT_LOCALE": "en",
        "PROXY_FIX": os.environ.get("PROXY_FIX", "0") == "1",
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    }
