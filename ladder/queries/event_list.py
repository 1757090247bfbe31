"""The events list: every published event, newest first, with its size and rated flag."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, tuple_

from ..extensions import DbSession
from ..models import Entry, Event, EventStatus
from ..vocabulary.tournament import EventKind
from .events import first_places, stored_rankings


@dataclass(frozen=True)
class EventSummary:
    """One line of the events list."""

    event_id: int
    name: str
    date: dt.date
    kind: str
    rounds: int
    rated: bool  # False for unrated events and for bughouse (never rated, docs/club-rating.md §1)
    players: int
    winners: str | None = None  # stored start numbers ranked first (services/derived.py)


def _published(year: int | None) -> list[Any]:
    """The conditions of the published events (of ``year`` when given)."""
    conditions: list[Any] = [Event.status == EventStatus.PUBLISHED]
    if year is not None:
        conditions += [Event.date >= dt.date(year, 1, 1), Event.date <= dt.date(year, 12, 31)]
    return conditions


def published_count(session: DbSession, year: int | None = None) -> int:
    """How many events are published (in ``year`` when given)."""
    return session.scalar(select(func.count(Event.id)).where(*_published(year))) or 0


def published_years(session: DbSession) -> list[int]:
    """The years with a published event, newest first."""
    return sorted({day.year for day in session.scalars(
        select(Event.date).where(Event.status == EventStatus.PUBLISHED).distinct())}, reverse=True)


def event_page(session: DbSession, offset: int, limit: int,
               year: int | None = None) -> list[EventSummary]:
    """``limit`` published events (of ``year`` when given) from position ``offset``, newest
    first (date, then id); the players are counted for those events only."""
    players = (select(func.count(Entry.id)).where(Entry.event_id == Event.id)
               .correlate(Event).scalar_subquery())
    rows = session.execute(
        select(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated, players,
               Event.winners)
        .where(*_published(year))
        .order_by(Event.date.desc(), Event.id.desc()).offset(offset).limit(limit)).all()
    return [EventSummary(event_id, name, date, kind, rounds,
                         bool(rated) and kind != EventKind.BUGHOUSE.value, count, winners)
            for event_id, name, date, kind, rounds, rated, count, winners in rows]


def event_summaries(session: DbSession) -> list[EventSummary]:
    """Published events, newest first (date, then id)."""
    rows = session.execute(
        select(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated,
               func.count(Entry.id))
        .outerjoin(Entry, Entry.event_id == Event.id)
        .where(Event.status == EventStatus.PUBLISHED)
        .group_by(Event.id, Event.name, Event.date, Event.kind, Event.rounds, Event.rated)
        .order_by(Event.date.desc(), Event.id.desc())).all()
    return [EventSummary(event_id, name, date, kind, rounds,
                         bool(rated) and kind != EventKind.BUGHOUSE.value, players)
            for event_id, name, date, kind, rounds, rated, players in rows]


def event_winners(session: DbSession, events: list[EventSummary]
                  ) -> dict[int, tuple[int, ...]]:
    """The member ids ranked first (after the event's tie-breaks) of each of ``events``.

    Several when the tie-breaks leave a shared first place. The start numbers come from
    ``events.winners``, stored with every change of the event by the same ranking as the event
    page (:func:`ladder.queries.events.event_ranking`), so the list and the page never
    disagree; their members are read now (a merge or re-link changes them, not the ranking).
    An event whose winners are not stored yet is ranked here.
    """
    starts: dict[int, Sequence[int]] = {e.event_id: [int(n) for n in e.winners.split(",") if n]
                                        for e in events if e.winners is not None}
    missing = [e.event_id for e in events if e.winners is None]
    if missing:  # ranked now, from plain rows, exactly as they would be stored
        starts.update((event_id, first_places(ranking)) for event_id, ranking
                      in stored_rankings(session, missing).items())
    wanted = {(event_id, no) for event_id, numbers in starts.items() for no in numbers}
    member_of: dict[tuple[int, int], int | None] = {}
    if wanted:
        member_of = {(event_id, no): member_id for event_id, no, member_id in session.execute(
            select(Entry.event_id, Entry.start_no, Entry.member_id)
            .where(tuple_(Entry.event_id, Entry.start_no).in_(sorted(wanted))))}
    winners = {event_id: tuple(m for m in (member_of.get((event_id, no)) for no in numbers)
                               if m is not None)
               for event_id, numbers in starts.items()}
    return winners


def is_rated(event: Event) -> bool:
    """True when the event's games can change the ladder (rated, and not bughouse)."""
    return bool(event.rated) and event.kind != EventKind.BUGHOUSE.value
