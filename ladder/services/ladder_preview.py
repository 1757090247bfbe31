"""What publishing an event would do to the ladder, shown before it is published (the
organizer's guide, docs/organizer-guide.md §2).

The real :func:`~ladder.services.events.publish` runs — the same event, links, replay and
all — inside a :func:`~ladder.services.uow.rehearsal`: the write lock is taken, so it reads
exactly the state a publish made now would read, and everything is rolled back at the end.
Nothing is stored, the generation does not move, no audit entry is left, and publishing the
same preview afterwards gives exactly these numbers (unless another change is saved first:
the preview carries the generation it saw, and publishing checks it).
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError, OperationalError

from ..extensions import db
from ..models import Event, EventStatus, Member, RatingRow
from ..queries.club import club_settings
from ..queries.common import RatingChangeMixin
from .events import PublishRequest, publish
from .uow import ATTEMPTS, is_transient, rehearsal


@dataclass(frozen=True)
class RowPreview(RatingChangeMixin):
    """One player's ladder rating around the event, as publishing would store it.

    ``member_id`` is None for a new member. ``rating_before``/``rating_after``/``k`` are the
    event's rating row (None when the member has none: an unrated event); ``ladder_now`` and
    ``ladder_after`` are the member's ladder rating today and after publishing, which differ
    from the event's row when later events exist (the event is dated in the past).
    """

    start_no: int
    typed: str
    member_id: int | None
    name: str
    rating_before: float | None
    rating_after: float | None
    k: float | None
    games_before: int
    games_counted: int
    becomes_established: bool
    ladder_now: float | None
    ladder_after: float | None


@dataclass(frozen=True)
class LaterEvent:
    """A published event after this one whose rating rows publishing would change."""

    id: int
    name: str
    date: dt.date


@dataclass(frozen=True)
class LadderPreview:
    """Every player's change, the later events it changes, and the generation it was read at."""

    rows: tuple[RowPreview, ...]
    later_events: tuple[LaterEvent, ...]
    generation: int


_ROW = (RatingRow.event_id, RatingRow.member_id, RatingRow.rating_before,
        RatingRow.rating_after, RatingRow.k, RatingRow.games_before, RatingRow.games_counted)


def _later_rows(date: dt.date) -> dict[tuple[int, int], tuple]:
    """The rating rows of every published event after ``date`` (a new event on ``date`` gets
    the highest id, so events on the same day come before it)."""
    query = (select(*_ROW).join(Event, Event.id == RatingRow.event_id)
             .where(Event.status == EventStatus.PUBLISHED, Event.date > date))
    return {(row[0], row[1]): tuple(row[2:]) for row in db.session.execute(query)}


def preview_ladder(request: PublishRequest) -> LadderPreview:
    """Publish ``request`` in a rehearsal and report what it did; nothing is kept.

    Raises what :func:`publish` raises (a refused request), after rolling back. A transient
    database conflict (another writer holding the lock too long) is retried like a use case.
    """
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return _rehearse(request)
        except (OperationalError, DBAPIError) as error:
            if attempt == ATTEMPTS or not is_transient(error):
                raise
            time.sleep(0.05 * attempt)
    raise AssertionError("unreachable")  # pragma: no cover


def _rehearse(request: PublishRequest) -> LadderPreview:
    with rehearsal() as session:
        settings = club_settings(session)
        generation, threshold = settings.generation, settings.provisional_games
        linked = [m for m in request.links.values() if m is not None]
        now = dict(session.execute(select(Member.id, Member.rating)
                                   .where(Member.id.in_(linked))).all())
        later_before = _later_rows(request.date)
        event = publish(request, actor="preview")
        # Every entry has its member once published (a new member was flushed with an id).
        entries: dict[int, int] = {entry.start_no: int(entry.member_id or 0)
                                   for entry in event.entries}
        rows = {row[1]: row for row in session.execute(
            select(*_ROW).where(RatingRow.event_id == event.id))}
        members = dict(session.execute(select(Member.id, Member.name)
                                       .where(Member.id.in_(entries.values()))).all())
        after = dict(session.execute(select(Member.id, Member.rating)
                                     .where(Member.id.in_(entries.values()))).all())
        later_after = _later_rows(request.date)
        changed = {event_id for (event_id, member_id), values in later_after.items()
                   if later_before.get((event_id, member_id)) != values}
        changed |= {key[0] for key in later_before if key not in later_after}
        later = tuple(LaterEvent(e.id, e.name, e.date) for e in session.scalars(
            select(Event).where(Event.id.in_(changed)).order_by(Event.date, Event.id)))
        out = []
        for player in request.tournament.players:
            member_id = entries[player.start_no]
            row = rows.get(member_id)
            new = request.links.get(player.start_no) is None
            games_before = row[5] if row else 0
            counted = row[6] if row else 0
            out.append(RowPreview(
                start_no=player.start_no, typed=player.name,
                member_id=None if new else member_id, name=members.get(member_id, ""),
                rating_before=row[2] if row else None, rating_after=row[3] if row else None,
                k=row[4] if row else None, games_before=games_before, games_counted=counted,
                becomes_established=games_before < threshold <= games_before + counted,
                ladder_now=None if new else now.get(member_id),
                ladder_after=after.get(member_id)))
    return LadderPreview(tuple(out), later, generation)


__all__ = ["RowPreview", "LaterEvent", "LadderPreview", "preview_ladder"]
