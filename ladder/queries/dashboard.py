"""The organizer's dashboard: every event with its number of players, newest first."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..extensions import DbSession
from ..models import Entry, Event


def event_lines(session: DbSession) -> list[Any]:
    """(Event, players) rows, newest first (the template reads ``row.Event``/``row.players``)."""
    players = (select(func.count(Entry.id)).where(Entry.event_id == Event.id)
               .correlate(Event).scalar_subquery())
    return list(session.execute(select(Event, players.label("players"))
                                .order_by(Event.date.desc(), Event.id.desc())).all())
