"""Rebuild and backup: the organizer's peace of mind."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from flask_babel import gettext as _
from sqlalchemy import update

from ..extensions import db
from ..models import Event, utcnow
from . import InvalidInput, audit, use_case
from .replay import ReplayReport, replay


@use_case
def rebuild(actor: str) -> ReplayReport:
    """Replay the whole ladder from scratch and commit it, with an audit entry; every event's
    stored winners are ranked again too (the unit of work fills the cleared ones)."""
    report = replay(db.session, None)
    db.session.execute(update(Event).values(winners=None))
    audit.record(actor, "ladder.rebuild",
                 f"Rebuilt the ladder: {report.events} events, {report.rows} rows")
    return report


def backup_download(actor: str) -> tuple[bytes, str]:
    """A consistent copy of the whole SQLite database as bytes, and a file name; audited.

    SQLite's online backup API copies a consistent state even while an organizer is saving
    (the copy simply shows the database before or after that change, never half of it).
    """
    if db.engine.dialect.name != "sqlite":
        raise InvalidInput(_("This server keeps the club in PostgreSQL: make backups with "
                             "pg_dump on the server (see docs/self-hosting.md)."))
    import tempfile
    with tempfile.TemporaryDirectory(prefix="ladder-backup-") as folder:
        path = Path(folder) / "ladder.sqlite3"
        backup_sqlite(str(path))
        data = path.read_bytes()
    _audit_backup(actor, len(data))
    name = f"club-ladder-{utcnow().strftime('%Y-%m-%d-%H%M')}.sqlite3"
    return data, name


@use_case(changes_pages=False)
def _audit_backup(actor: str, size: int) -> None:
    audit.record(actor, "ladder.backup", f"Downloaded a full backup ({size} bytes)",
                 new={"bytes": size})


def create_private(target: Path) -> None:
    """Create the new, empty file ``target`` readable by its owner only (0600); refuse when
    it exists (a backup never overwrites one)."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise InvalidInput(_("%(path)s already exists; choose a new file.",
                             path=str(target))) from None
    os.close(fd)
    os.chmod(target, 0o600)  # whatever the umask


def backup_sqlite(path: str) -> None:
    """Copy the live SQLite database to ``path`` with SQLite's online backup API.

    Consistent even while the app is serving (readers and the writer keep working).
    PostgreSQL: use ``pg_dump`` (docs/self-hosting.md §11).
    """
    engine = db.engine
    if engine.dialect.name != "sqlite":
        raise InvalidInput(_("Backup here copies an SQLite database; for PostgreSQL use pg_dump "
                             "(see docs/self-hosting.md)."))
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    create_private(target)  # owner-only (0600) from the start: it holds juniors' names
    source_path = engine.url.database or ""
    source = sqlite3.connect(source_path)
    try:
        destination = sqlite3.connect(str(target))
        try:
            source.backup(destination)
        finally:
            destination.close()
    finally:
        source.close()
