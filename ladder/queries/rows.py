"""One row by its id, for the pages that name it in their address or form.

Views read rows through these (the read layer is the one place that knows the tables); each
answers None when no such row exists, and the view answers 404. An id beyond the databases'
32-bit integer keys names no row: it is answered None without asking the database (where
PostgreSQL would refuse to compare it and SQLite could overflow).
"""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy import inspect

from ..extensions import DbSession
from ..models import Competition, Entry, Member, NightBoard, Result, Season

T = TypeVar("T")

#: Largest id a row can have (the databases' 32-bit integer keys).
MAX_ID = 2**31 - 1


def row_by_id(session: DbSession, model: type[T], row_id: int | None) -> T | None:
    """The ``model`` row with ``row_id``, or None (no such row, or no such id)."""
    if row_id is None or not 0 < row_id <= MAX_ID:
        return None
    return session.get(model, row_id)


def still_stored(session: DbSession, row: T) -> T | None:
    """``row`` — returned by a use case, so expired by its commit — read again, or None when
    another change deleted it between that commit and this read (reading one of its
    attributes would fail instead). Its id is taken from the session's identity map, without
    asking the database."""
    identity = inspect(row).identity
    if not identity:
        return None
    return row_by_id(session, type(row), identity[0])


def member(session: DbSession, member_id: int | None) -> Member | None:
    """The member (merged ones included), or None."""
    return row_by_id(session, Member, member_id)


def entry(session: DbSession, entry_id: int | None) -> Entry | None:
    """An event's entry (a player's line in its standings), or None."""
    return row_by_id(session, Entry, entry_id)


def result(session: DbSession, result_id: int | None) -> Result | None:
    """One stored result of an event, or None."""
    return row_by_id(session, Result, result_id)


def season(session: DbSession, season_id: int | None) -> Season | None:
    """The season, or None."""
    return row_by_id(session, Season, season_id)


def competition(session: DbSession, competition_id: int | None) -> Competition | None:
    """The competition, or None."""
    return row_by_id(session, Competition, competition_id)


def night_board(session: DbSession, board_id: int | None) -> NightBoard | None:
    """One board of a club night's round, or None."""
    return row_by_id(session, NightBoard, board_id)
