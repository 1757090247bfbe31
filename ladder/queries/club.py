"""The few settings every request needs before it knows whether to render anything.

The visibility gate, the language choice and the page cache read the club's visibility,
unlisted token, default language, time zone and the ladder generation on every request, including
the requests answered from the page cache or with ``304 Not Modified``. Reading the whole ORM
settings object for them costs more than the rest of a cached answer, so :func:`club_state`
reads just these columns with one statement: on a pooled DBAPI connection when the request
has not opened its ORM session yet (a cached answer then never opens it), else inside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..extensions import DbSession, db
from ..models import ClubSettings

#: The one statement (``club_settings`` has one row; the lowest id is the club's).
_SQL = ("SELECT generation, visibility, unlisted_token, default_language, timezone "
        "FROM club_settings ORDER BY id LIMIT 1")


@dataclass(frozen=True)
class ClubState:
    """What the gate, the language choice and the page cache need of the settings."""

    generation: int
    visibility: str
    unlisted_token: str | None
    default_language: str
    #: The club's IANA time zone: the print header's time is written per response, so even
    #: an answer from the page cache needs it.
    timezone: str = "UTC"


def club_state(engine: Engine, session: Session | None = None) -> ClubState | None:
    """The committed state of the club's settings row, or None before the row exists.

    When ``session`` already has a transaction open, the row is read inside it (the same
    snapshot as everything else the request read, and never a second connection fighting
    over a single shared one); otherwise on a pooled DBAPI connection of its own.
    """
    if session is not None and session.in_transaction():
        row = session.connection().exec_driver_sql(_SQL).first()
    else:
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(_SQL)
                row = cursor.fetchone()
            finally:
                cursor.close()
        finally:
            connection.close()  # back to the pool, which ends the transaction it opened
    if row is None:
        return None
    generation, visibility, token, language, zone = row
    return ClubState(int(generation or 0), str(visibility), token, language or "",
                     zone or "UTC")


def committed_generation(session: DbSession) -> int:
    """The ladder generation as ``session`` sees it (0 before the first write): the one
    reading of it, for the page cache's per-generation memo and the stored ladder check."""
    value = session.scalar(select(ClubSettings.generation).order_by(ClubSettings.id).limit(1))
    return int(value or 0)


class ClubNotInitialised(RuntimeError):
    """The club's settings row is missing: the database was never initialised."""


def club_settings(session: DbSession | None = None) -> ClubSettings:
    """The club's settings row (a read: ``ladder init`` creates it, services/setup.py).

    Raises :class:`ClubNotInitialised` when it is missing, so no request ever writes it as a
    side effect of reading.
    """
    session = session or db.session
    settings = session.scalars(select(ClubSettings).order_by(ClubSettings.id).limit(1)).first()
    if settings is None:
        raise ClubNotInitialised("the club's settings are missing: run “ladder init”")
    return settings
