"""Creating or upgrading the database schema (Alembic migrations via Flask-Migrate)."""

from __future__ import annotations

from pathlib import Path

from flask_migrate import upgrade
from sqlalchemy import inspect

from ..extensions import db

MIGRATIONS = str(Path(__file__).resolve().parent.parent / "migrations")


def init_database() -> None:
    """Bring the database to the newest schema; a new database is created from scratch.

    Every schema change ships as a migration, so a club upgrading later keeps its data.
    """
    upgrade(directory=MIGRATIONS)
    _ensure_settings()
    _fill_derived()


def _fill_derived() -> None:
    """Events stored before a derived column existed get it now (their winners)."""
    from .derived import fill_missing
    from .uow import unit_of_work
    with unit_of_work(changes_pages=False) as session:
        fill_missing(session)


def _ensure_settings() -> None:
    """The club's settings row exists from the start (every write bumps its generation, and
    every page reads it)."""
    from sqlalchemy import select

    from ..models import ClubSettings
    from .uow import unit_of_work
    with unit_of_work(changes_pages=False) as session:
        if session.scalar(select(ClubSettings.id).limit(1)) is None:
            session.add(ClubSettings())


def is_empty() -> bool:
    """True when no event and no member exists yet (``make run`` then loads the demo)."""
    from sqlalchemy import select

    from ..models import Event, Member
    if not inspect(db.engine).has_table("members"):
        return True
    return (db.session.scalar(select(Member.id).limit(1)) is None
            and db.session.scalar(select(Event.id).limit(1)) is None)
