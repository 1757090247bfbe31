"""Rebuild and backup: the organizer's peace of mind."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask_babel import gettext as _

from ..extensions import db
from . import InvalidInput, audit, use_case
from .replay import ReplayReport, replay


@use_case
def rebuild(actor: str) -> ReplayReport:
    """Replay the whole ladder from scratch and commit it, with an audit entry."""
    report = replay(db.session, None)
    audit.record(actor, "ladder.rebuild",
                 f"Rebuilt the ladder: {report.events} events, {report.rows} rows")
    return report


def backup_sqlite(path: str) -> None:
    """Copy the live SQLite database to ``path`` with SQLite's online backup API.

    Consistent even while the app is serving (readers and the writer keep working).
    PostgreSQL: use ``pg_dump`` (README, "Backup and restore").
    """
    engine = db.engine
    if engine.dialect.name != "sqlite":
        raise InvalidInput(_("Backup here copies an SQLite database; for PostgreSQL use pg_dump "
                             "(see the README)."))
    target = Path(path)
    if target.exists():
        raise InvalidInput(_("%(path)s already exists; choose a new file.", path=path))
    target.parent.mkdir(parents=True, exist_ok=True)
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
