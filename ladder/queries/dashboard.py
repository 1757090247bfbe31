"""The organizer's dashboard: every event with its number of players, newest first."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..extensions import DbSession
from ..models import Entry, Event


def event_lines(session: DbSession, offset: int = 0, limit: int | None = None) -> list[Any]:
    """(Event, players) rows, newest first (the template reads ``row.Event``/``row.players``);
    ``limit`` rows from position ``offset`` (every row by default)."""
    players = (select(func.count(Entry.id)).where(Entry.event_id == Event.id)
               .correlate(Event).scalar_subquery())
    query = (select(Event, players.label("players"))
             .order_by(Event.date.desc(), Event.id.desc()).offset(offset))
    if limit is not None:
        query = query.limit(limit)
    return list(session.execute(query).all())


def event_count(session: DbSession) -> int:
    """How many events exist (drafts included, as the dashboard lists them)."""
    return session.scalar(select(func.count(Event.id))) or 0
