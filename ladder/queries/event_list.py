"""The events list: every published event, newest first, with its size and rated flag."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from ..extensions import DbSession
from ..models import Entry, Event
from ..tiebreaks import TiebreakError, parse_order
from ..tiebreaks.engine import prepare
from ..tiebreaks.ranking import rank_prepared
from ..tournament import EventKind
from .events import tournament_of


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


def event_winners(session: DbSession, event_ids: list[int]) -> dict[int, tuple[int, ...]]:
    """The member ids ranked first (after the event's tie-breaks) of each event in ``event_ids``.

    Several when the tie-breaks leave a shared first place; the same ranking as the event page
    (:func:`ladder.queries.events.event_view`), so the list and the page never disagree.
    """
    if not event_ids:
        return {}
    events = session.scalars(
        select(Event).where(Event.id.in_(event_ids))
        .options(selectinload(Event.entries).selectinload(Entry.results))).all()
    winners: dict[int, tuple[int, ...]] = {}
    for event in events:
        t = tournament_of(event)
        member_of = {entry.start_no: entry.member_id for entry in event.entries}
        codes = [c for c in event.tiebreak_order.split(",") if c.strip()]
        try:
            standings, _table = rank_prepared(prepare(t, event.tiebreak_edition or "fide-2026"),
                                              list(parse_order(",".join(codes))) if codes else [])
        except TiebreakError:  # the event page falls back to points the same way
            standings, _table = rank_prepared(prepare(t, "fide-2026"), [])
        firsts = (member_of.get(s.start_no) for s in standings if s.rank == 1)
        winners[event.id] = tuple(m for m in firsts if m is not None)
    return winners


def is_rated(event: Event) -> bool:
    """True when the event's games can change the ladder (rated, and not bughouse)."""
    return bool(event.rated) and event.kind != EventKind.BUGHOUSE.value
