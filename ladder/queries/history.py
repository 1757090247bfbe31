"""The stored history as the pure core's plain data: dated rating rows, rated games, "as of".

Reads only (docs/qualities.md §2): the season, pool-health and Glicko-2 pages and the ladder "as of"
a past date are computed from the stored rating rows and the results tables — never by a
replay. Every read goes through Core on the session's connection (no ORM objects), like the
replay's own reads.

:func:`event_inputs` reads published events as the rating engine's :class:`EventInput`, the
same shape ``services.replay.load_inputs`` builds (queries may not import services, so the
small read lives here too: each game once, from the side with the smaller entry id; byes
carry nothing a rating needs and are not read). :func:`history_games` turns them into
:class:`~ladder.club.history.EventGames` with :func:`ladder.club.history.event_games`, which
leaves out exactly what the engine leaves out.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from ..club.history import DatedRow, EventGames, LadderEntry, event_games, rank_lines
from ..extensions import DbSession
from ..models import ClubSettings, Entry, Event, EventStatus, RatingRow, Result
from ..rating.types import EventInput, Pairing
from ..vocabulary.tournament import EventKind, Kind


def _published(first: dt.date | None, last: dt.date | None):  # noqa: ANN202 - SQL condition
    condition = Event.status == EventStatus.PUBLISHED
    if first is not None:
        condition = condition & (Event.date >= first)
    if last is not None:
        condition = condition & (Event.date <= last)
    return condition


def event_dates(session: DbSession, first: dt.date | None = None,
                last: dt.date | None = None) -> dict[int, dt.date]:
    """Event id → date of the published events dated from ``first`` to ``last`` (included)."""
    return {event_id: date for event_id, date in session.connection().execute(
        select(Event.id, Event.date).where(_published(first, last)))}


def stored_rows(session: DbSession, first: dt.date | None = None,
                last: dt.date | None = None) -> list[DatedRow]:
    """The stored rating rows of the published events dated ``first`` … ``last`` (None: open),
    with their events' dates, in replay order (event date, event id, member id)."""
    rows = session.connection().execute(
        select(RatingRow.event_id, RatingRow.member_id, RatingRow.rating_before,
               RatingRow.rating_after, RatingRow.games_before, RatingRow.games_counted,
               RatingRow.expected, RatingRow.score, RatingRow.provisional_before, Event.date)
        .join(Event, Event.id == RatingRow.event_id)
        .where(_published(first, last))).all()
    return sorted((DatedRow(r.event_id, r.date, r.member_id, float(r.rating_before),
                            float(r.rating_after), int(r.games_before), int(r.games_counted),
                            float(r.expected), float(r.score), bool(r.provisional_before))
                   for r in rows), key=lambda r: (r.date, r.event_id, r.member_id))


def event_inputs(session: DbSession, first: dt.date | None = None,
                 last: dt.date | None = None) -> list[tuple[EventInput, dt.date]]:
    """The published events dated ``first`` … ``last`` as the engine's inputs with their dates,
    in replay order (see the module docstring)."""
    connection = session.connection()
    events = connection.execute(
        select(Event.id, Event.rated, Event.kind, Event.date).where(_published(first, last))
        .order_by(Event.date, Event.id)).all()
    if not events:
        return []
    ids = [row.id for row in events]
    participants: dict[int, set[int]] = {event_id: set() for event_id in ids}
    for event_id, member_id in connection.execute(
            select(Entry.event_id, Entry.member_id)
            .where(Entry.event_id.in_(ids), Entry.member_id.is_not(None))):
        if member_id is not None:  # (the query already leaves unlinked entries out)
            participants[event_id].add(member_id)
    pairings: dict[int, list[Pairing]] = {event_id: [] for event_id in ids}
    mine, theirs = aliased(Entry), aliased(Entry)
    kinds = {kind.value: kind for kind in Kind}
    for event_id, a, b, kind, halves in connection.execute(
            select(mine.event_id, mine.member_id, theirs.member_id, Result.kind,
                   Result.outcome_halves)
            .join(mine, mine.id == Result.entry_id)
            .join(theirs, theirs.id == Result.opponent_entry_id)
            .where(mine.event_id.in_(ids), Result.entry_id < Result.opponent_entry_id,
                   mine.member_id.is_not(None), theirs.member_id.is_not(None))
            .order_by(Result.entry_id, Result.round)):
        if a is None or b is None:  # (the query already leaves unlinked entries out)
            continue
        pairings[event_id].append(Pairing(a, b, kinds[str(kind)],
                                          Fraction(halves, 2) if halves is not None else None))
    return [(EventInput(event_id=row.id, rated=bool(row.rated), kind=EventKind(row.kind),
                        participants=tuple(sorted(participants[row.id])),
                        pairings=tuple(pairings[row.id])), row.date) for row in events]


def history_games(session: DbSession, first: dt.date | None = None,
                  last: dt.date | None = None) -> list[EventGames]:
    """Every published event dated ``first`` … ``last`` with its rated games, in replay order
    (events without a rated game included, with no games: each is one Glicko-2 period)."""
    return [event_games(event, date) for event, date in event_inputs(session, first, last)]


def ladder_at(session: DbSession, settings: ClubSettings,
              day: dt.date | None) -> tuple[LadderEntry, ...]:
    """The ladder as it stood after the last event on or before ``day`` (None: today's),
    read from the stored rating rows, never replayed.

    The same as :func:`ladder.club.history.ladder_as_of` over every stored row (a test checks
    it), but the database picks each member's last row on or before the day (a window
    function), so a long history is not read whole: one row per member comes back.
    """
    order = func.row_number().over(partition_by=RatingRow.member_id,
                                   order_by=(Event.date.desc(), Event.id.desc()))
    latest = (select(RatingRow.member_id, RatingRow.rating_before, RatingRow.rating_after,
                     RatingRow.games_before, RatingRow.games_counted, RatingRow.event_id,
                     Event.date, order.label("recency"))
              .join(Event, Event.id == RatingRow.event_id)
              .where(_published(None, day)).subquery())
    rows = session.connection().execute(select(latest).where(latest.c.recency == 1)).all()
    return rank_lines(((r.member_id, float(r.rating_after), int(r.games_before)
                        + int(r.games_counted), float(r.rating_after) - float(r.rating_before),
                        r.event_id, r.date) for r in rows), settings.provisional_games)


__all__ = ["event_dates", "event_inputs", "history_games", "ladder_at",
           "stored_rows"]
