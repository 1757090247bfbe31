"""Creating or upgrading the database schema (Alembic migrations via Flask-Migrate)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_migrate import upgrade
from sqlalchemy import inspect

from ..config import MIGRATIONS as MIGRATIONS_FOLDER
from ..extensions import db

MIGRATIONS = str(MIGRATIONS_FOLDER)


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


class SchemaState(enum.Enum):
    """Whether the database can serve this version of the code (:func:`schema_state`)."""

    READY = "ready"
    UNREACHABLE = "unreachable"  # no connection (a wrong DATABASE_URL, a server down)
    UNINITIALISED = "uninitialised"  # no schema yet: ``ladder init`` was never run
    BEHIND = "behind"  # an older schema: ``ladder init`` upgrades it, keeping the data
    NEWER = "newer"  # a revision this code does not know: a newer Club Ladder wrote it


@dataclass(frozen=True)
class Readiness:
    """The database's state and, when it cannot serve, what to tell the reader."""

    state: SchemaState
    detail: str = ""  # the driver's reason, or the unknown revision

    @property
    def ready(self) -> bool:
        """True when the pages can be served."""
        return self.state is SchemaState.READY

    def message(self) -> str:
        """What is wrong and what to run, in the current language (CLI, log, 503 page)."""
        if self.state is SchemaState.UNREACHABLE:
            return _("The database cannot be reached (%(reason)s). Check DATABASE_URL, then "
                     "run “ladder init” on the server.", reason=self.detail)
        if self.state is SchemaState.UNINITIALISED:
            return _("The database is not set up yet. Run “ladder init” on the server.")
        if self.state is SchemaState.BEHIND:
            return _("The database has an older schema than this version of Club Ladder. "
                     "Run “ladder init” on the server to upgrade it (the data is kept).")
        if self.state is SchemaState.NEWER:
            return _("The database was upgraded by a newer version of Club Ladder (schema "
                     "%(revision)s, unknown to this one). Install that version again, then "
                     "run “ladder init”.", revision=self.detail)
        return ""


def _scripts() -> Any:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    config = Config(str(MIGRATIONS_FOLDER / "alembic.ini"))
    config.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(config)


def schema_state() -> Readiness:
    """Compare the database's Alembic revision with the code's (no writes, no migration).

    Run at start-up (the server's log, the CLI) and by the web's readiness gate until the
    database is ready, so a missing, empty, old or newer database gets a clear message
    instead of a stack trace.
    """
    from alembic.runtime.migration import MigrationContext
    from alembic.util import CommandError
    from sqlalchemy.exc import DBAPIError
    try:
        with db.engine.connect() as connection:
            current = set(MigrationContext.configure(connection).get_current_heads())
    except DBAPIError as error:
        reason = str(error.orig).splitlines()[0] if error.orig else type(error).__name__
        return Readiness(SchemaState.UNREACHABLE, reason)
    if not current:
        return Readiness(SchemaState.UNINITIALISED)
    scripts = _scripts()
    for revision in sorted(current):
        try:
            known = scripts.get_revision(revision)
        except CommandError:
            known = None
        if known is None:
            return Readiness(SchemaState.NEWER, revision)
    if current != set(scripts.get_heads()):
        return Readiness(SchemaState.BEHIND)
    return Readiness(SchemaState.READY)
