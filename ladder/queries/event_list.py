"""The events list: every published event, newest first, with its size and rated flag."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..extensions import DbSession
from ..models import Entry, Event
from ..tournament import EventKind


@dataclass(frozen=True)
class EventSummary:
    """One line of the events list."""

    event_id: int
    name: str
    date: dt.date
    kind: str
    rounds: int
    rated: bool  # False for unrated events and for bughouse (never rated, SPEC §2)
    players: int


def published_count(session: DbSession) -> int:
    """How many events are published."""
    return session.scalar(select(func.count(Event.id)).where(Event.status == "published")) or 0


def event_page(session: DbSession, offset: int, limit: int) -> list[EventSummary]:
    """``limit`` published events from position ``offset``, newest first (date, then id); the
    players are counted for those events only."""
    players = (select(func.count(Entry.id)).where(Entry.event_id == Event.id)
               .correlate(Event).scalar_subquery())
    rows = session.execute(
        select(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated, players)
        .where(Event.status == "published")
        .order_by(Event.date.desc(), Event.id.desc()).offset(offset).limit(limit)).all()
    return [EventSummary(event_id, name, date, kind, rounds,
                         bool(rated) and kind != EventKind.BUGHOUSE.value, count)
            for event_id, name, date, kind, rounds, rated, count in rows]


def event_summaries(session: DbSession) -> list[EventSummary]:
    """Published events, newest first (date, then id)."""
    rows = session.execute(
        select(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated,
               func.count(Entry.id))
        .outerjoin(Entry, Entry.event_id == Event.id)
        .where(Event.status == "published")
        .group_by(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated)
        .order_by(Event.date.desc(), Event.id.desc())).all()
    return [EventSummary(event_id, name, date, kind, rounds,
                         bool(rated) and kind != EventKind.BUGHOUSE.value, players)
            for event_id, name, date, kind, rounds, rated, players in rows]


def is_rated(event: Event) -> bool:
    """True when the event's games can change the ladder (rated, and not bughouse)."""
    return bool(event.rated) and event.kind != EventKind.BUGHOUSE.value
