"""Configuration: defaults, the database URL, the secret key kept in the instance folder;
where the app's files are; the instance folder's private modes.

**Where the files are.**Where the app's files are: inside the installed package, else in the
checkout.

A wheel (and ``pip install .``) carries ``templates/``, ``static/`` and the compiled
catalogues under ``ladder/`` (the build hook ``hatch_build.py`` puts them there); a checkout,
and an editable install of it, keeps them at the top of the repository beside ``ladder/``.
Every user of these folders (``create_app``, Flask-Babel, the page cache's fingerprint, the
catalogue compiler) asks here, so the two layouts never drift apart. The migrations live
inside the package in both.

**Private files.**The club's files are private: the instance folder 0700; the database, its WAL
files and the secret key 0600 (backups: ``services/maintenance.create_private``).

The database holds juniors' full names, so nobody but the server's own user may read it.
``create_app`` calls :func:`secure_instance` at every start: it creates what is missing
owner-only and tightens what exists with wider permissions (a database copied in with 0644,
a folder made by hand with 0755), saying so in the log. It only ever removes permission
bits, and only on files this user owns. The entry points (``ladder``, ``ladder serve``,
``wsgi.py``) also set the umask to 077, so every file written later is owner-only too;
SQLite gives its ``-wal``/``-shm`` files the database file's own mode.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url


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


#: Days a login lasts at most when ``SESSION_MAX_DAYS`` is not set.
DEFAULT_SESSION_MAX_DAYS = 30


def session_max_days() -> float:
    """``SESSION_MAX_DAYS`` from the environment (days, fractions allowed), else 30; a value
    that is not a positive number is ignored (the default applies)."""
    text = os.environ.get("SESSION_MAX_DAYS", "").strip()
    try:
        value = float(text) if text else DEFAULT_SESSION_MAX_DAYS
    except ValueError:
        return DEFAULT_SESSION_MAX_DAYS
    return value if value > 0 else DEFAULT_SESSION_MAX_DAYS


def _number(name: str, default: float) -> float:
    """A non-negative number from the environment variable ``name``, else ``default``."""
    try:
        value = float(os.environ.get(name, "").strip() or default)
    except ValueError:
        return default
    return value if value >= 0 else default


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
        # An organizer's login lasts at most this many days, however active
        # (test_session_lifetime.py).
        "SESSION_MAX_DAYS": session_max_days(),
        # Each client's CPU budget for the tools (ladder/web/tools/budget.py; 0: off).
        "TOOL_BUDGET": os.environ.get("TOOL_BUDGET", "1"),
        "TOOL_BUDGET_RATE": _number("TOOL_BUDGET_RATE", 0.02),
        "TOOL_BUDGET_BURST": _number("TOOL_BUDGET_BURST", 1.0),
        # Tool answers computing at once on the whole server (ladder/web/tools/budget.py;
        # unset: half the CPU cores, at least one; 0: no limit), and how long a tool
        # request waits for a free one.
        **({"TOOL_CONCURRENCY": int(_number("TOOL_CONCURRENCY", 1))}
           if os.environ.get("TOOL_CONCURRENCY", "").strip() else {}),
        "TOOL_QUEUE_SECONDS": _number("TOOL_QUEUE_SECONDS", 1.0),
        # The niceness a tool computes at in a sync worker (0: the request's own).
        "TOOL_NICE": int(_number("TOOL_NICE", 10)),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        # A club night's round of more players than this is paired in the background
        # (services/night_pairing.py); the request waits this many seconds for it first.
        "NIGHT_PAIRING_INLINE_PLAYERS": int(_number("NIGHT_PAIRING_INLINE_PLAYERS", 60)),
        "NIGHT_PAIRING_WAIT_SECONDS": _number("NIGHT_PAIRING_WAIT_SECONDS", 2.0),
        # A job says it is alive this often, and has expired (its worker stopped) after
        # this many seconds without a sign of life.
        "NIGHT_PAIRING_HEARTBEAT_SECONDS": _number("NIGHT_PAIRING_HEARTBEAT_SECONDS", 2.0),
        "NIGHT_PAIRING_STALE_SECONDS": _number("NIGHT_PAIRING_STALE_SECONDS", 20.0),
        # Seconds a worker trusts the club's state without a write announced
        # (ladder/web/support/request_state.py): the bound on seeing a change made outside the app.
        "CLUB_STATE_RECHECK": _number("CLUB_STATE_RECHECK", 1.0),
    }


# ---- Where the app's files are ----------------------------------------------------------

#: The ``ladder`` package folder.
PACKAGE = Path(__file__).resolve().parent


def _installed_or_checkout(name: str) -> Path:
    """``ladder/<name>`` in an installed wheel, else ``<checkout>/<name>``."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name


#: Jinja templates.
TEMPLATES = _installed_or_checkout("templates")
#: CSS, JavaScript, the favicon.
STATIC = _installed_or_checkout("static")
#: The catalogues: ``<locale>/LC_MESSAGES/messages.mo`` (and ``.po`` in a checkout).
TRANSLATIONS = _installed_or_checkout("translations")
#: Alembic's folder (``alembic.ini``, ``env.py``, ``script.py.mako``, ``versions/``).
MIGRATIONS = PACKAGE / "migrations"


# ---- Private files -------------------------------------------------------------------------

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def tighten(path: Path, mode: int, log: logging.Logger | None = None) -> None:
    """Remove from ``path`` every permission bit outside ``mode`` (0644 → 0600)."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return
    current = status.st_mode & 0o777
    if current & ~mode and status.st_uid == os.geteuid():
        os.chmod(path, current & mode)
        if log is not None:
            log.warning("Made %s private (mode %o, was %o)", path, current & mode, current)


def sqlite_file(database_uri: str) -> Path | None:
    """The SQLite database file of ``database_uri``; None for another database or memory."""
    try:
        url = make_url(database_uri)
    except Exception:  # an unparsable URL fails clearly later, where it is used
        return None
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if url.database.startswith("file:"):  # a URI filename: SQLite's own to interpret
        return None
    return Path(url.database)


def database_files(database: Path) -> tuple[Path, Path, Path]:
    """The database file and its WAL companions."""
    return (database, database.with_name(database.name + "-wal"),
            database.with_name(database.name + "-shm"))


def secure_instance(instance_path: str, database_uri: str,
                    log: logging.Logger | None = None) -> None:
    """Create the instance folder (0700) and an SQLite database file (0600) when missing;
    tighten them, the WAL files and the secret key when they are wider."""
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    tighten(folder, FOLDER_MODE, log)
    tighten(folder / "secret_key", FILE_MODE, log)
    database = sqlite_file(database_uri)
    if database is None:
        return
    if not database.exists():
        database.parent.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
        # Created empty and owner-only before SQLite opens it: its WAL files take its mode.
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT, FILE_MODE))
    for path in database_files(database):
        tighten(path, FILE_MODE, log)
