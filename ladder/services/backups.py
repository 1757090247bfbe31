"""Backups and restores from the command line: SQLite's online backup or ``pg_dump``.

``ladder backup PATH`` writes one new file; ``ladder backup FOLDER --keep N`` writes a dated
file into FOLDER and deletes the oldest of its own files there beyond N (the systemd timer in
``deploy/`` runs it nightly). Every backup is created owner-only (0600): it holds juniors'
full names. ``ladder restore FILE`` puts a backup into an EMPTY database (a new SQLite file,
a new PostgreSQL database) and never over a club's data.

SQLite backups are SQLite files (SQLite's online backup API: consistent while the server
writes); PostgreSQL backups are ``pg_dump --format=custom`` archives (``pg_restore`` reads
them). The file's first bytes tell the two apart on restore.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

from flask_babel import gettext as _
from sqlalchemy import inspect
from sqlalchemy.engine import URL

from ..extensions import db
from . import InvalidInput
from .maintenance import backup_sqlite, create_private

#: The names ``--keep`` writes and is allowed to delete (nothing else in the folder is).
_NAME = re.compile(r"^ladder-(\d{8}T\d{6}Z)(?:-(\d+))?\.(?:sqlite3|pgdump)$")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_PGDUMP_MAGIC = b"PGDMP"


def _dialect() -> str:
    return db.engine.dialect.name


def _libpq(url: URL) -> tuple[str, dict[str, str]]:
    """The libpq URL of the database (no password in it) and the environment carrying it."""
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise InvalidInput(_("%(tool)s was not found: install the PostgreSQL client "
                             "(Debian: apt install postgresql-client).", tool=name))
    return found


def _run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise InvalidInput(_("%(tool)s failed: %(reason)s", tool=Path(command[0]).name,
                             reason=reason[-1] if reason else done.returncode))


def backup(path: str) -> str:
    """Back up the database to the new file ``path`` (never over an existing file)."""
    if _dialect() == "sqlite":
        backup_sqlite(path)
        return path
    if _dialect() != "postgresql":
        raise InvalidInput(_("Backups are made for SQLite and PostgreSQL databases only."))
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    create_private(target)  # owner-only from the first byte; refuses an existing file
    url, env = _libpq(db.engine.url)
    try:
        _run([_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={target}",
              f"--dbname={url}"], env)
    except Exception:
        target.unlink(missing_ok=True)
        raise
    return path


def backup_into(folder: str, keep: int) -> tuple[str, list[str]]:
    """A new dated backup in ``folder``; then only the newest ``keep`` of the backups named
    as this function names them are kept. Returns (the new file, the files deleted)."""
    place = Path(folder)
    place.mkdir(parents=True, exist_ok=True, mode=0o700)
    suffix = "sqlite3" if _dialect() == "sqlite" else "pgdump"
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")  # sorts by name, DST-proof
    target = place / f"ladder-{stamp}.{suffix}"
    number = 1
    while target.exists():
        number += 1
        target = place / f"ladder-{stamp}-{number}.{suffix}"
    written = backup(str(target))
    ours = sorted((p for p in place.iterdir() if p.is_file() and _NAME.match(p.name)),
                  key=_age)
    removed = []
    for old in ours[:-keep]:
        old.unlink()
        removed.append(str(old))
    return written, removed


def _age(path: Path) -> tuple[str, int]:
    """Oldest first: the time in the name, then the number added within one second."""
    found = _NAME.match(path.name)
    assert found is not None
    return found.group(1), int(found.group(2) or 1)


def restore(path: str) -> None:
    """Restore the backup ``path`` into the configured database, which must be empty."""
    with open(path, "rb") as handle:
        head = handle.read(16)
    if _dialect() == "sqlite":
        if not head.startswith(_SQLITE_MAGIC):
            raise InvalidInput(_("%(path)s is not an SQLite backup; this server keeps the "
                                 "club in SQLite.", path=path))
        _restore_sqlite(Path(path))
    elif _dialect() == "postgresql":
        if not head.startswith(_PGDUMP_MAGIC):
            raise InvalidInput(_("%(path)s is not a pg_dump backup; this server keeps the "
                                 "club in PostgreSQL.", path=path))
        _refuse_unless_empty()
        url, env = _libpq(db.engine.url)
        db.engine.dispose()
        _run([_tool("pg_restore"), "--no-owner", "--exit-on-error", f"--dbname={url}",
              path], env)
    else:
        raise InvalidInput(_("Backups are made for SQLite and PostgreSQL databases only."))
    # Written without a session: every worker is told here (services/changes.py).
    from .changes import announce
    announce(db.engine)


def _refuse_unless_empty() -> None:
    if inspect(db.engine).get_table_names():
        raise InvalidInput(_("The database is not empty: a backup is restored only into a new, "
                             "empty database (a new file or a new PostgreSQL database); "
                             "nothing was changed."))


def _restore_sqlite(source: Path) -> None:
    target = Path(db.engine.url.database or "")
    _refuse_unless_empty()
    db.engine.dispose()
    for leftover in (target.with_name(target.name + "-wal"),
                     target.with_name(target.name + "-shm")):
        leftover.unlink(missing_ok=True)
    if not target.exists():
        create_private(target)
    os.chmod(target, 0o600)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        writer = sqlite3.connect(str(target))
        try:
            reader.backup(writer)
        finally:
            writer.close()
    finally:
        reader.close()
