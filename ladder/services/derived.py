"""Data derived from an event, kept with it and refreshed in the unit of work that changes it.

The events list names each event's winners; ranking a hundred events (every result loaded,
every tie-break computed) on each view of that list took over half a second on a long
history. So an event's winners are stored in ``events.winners`` and refreshed here, inside
the same transaction as the change, just before the unit of work commits (docs/architecture.md §3:
standings computed once per change, not per view).

What counts as a change of the ranking's inputs is watched on the session by the unit of
work (:class:`ladder.services.uow.RankedInputs`), not listed per service, so a new use case
cannot forget it: a new event, a new or changed result, an entry added, or an event whose
rounds, kind, scoring or tie-break settings (edition, order, the rating of unrated players)
changed. A write that bypasses the ORM (a bulk ``UPDATE``) sets ``winners``
to NULL instead; every refresh also fills the events whose winners are NULL, and so does
:func:`fill_missing` after a schema upgrade.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, bindparam, inspect, or_, select, update
from sqlalchemy.orm import Session

from ..models import Entry, Event, Result
from ..queries.events import RANKING_COLUMNS, first_places, rankings_of_rows

#: Events ranked per statement when many are filled at once (bounded memory).
BATCH = 50
#: The Event attributes the ranking reads (besides its entries and results).
RANKING_INPUTS = ("rounds", "kind", "tiebreak_edition", "tiebreak_order", "unrated_rating",
                  "scoring")
#: The Result and Entry attributes the ranking reads.
RESULT_INPUTS = ("kind", "outcome_halves", "opponent_entry_id", "colour", "round")
ENTRY_INPUTS = ("start_no", "raw_name", "typed_rating")


@dataclass
class RankedInputs:
    """What one transaction changed of the rankings' inputs, recorded as it flushes."""

    events: set[Event] = field(default_factory=set)  # a new one has no id before its flush
    event_ids: set[int] = field(default_factory=set)
    entry_ids: set[int] = field(default_factory=set)  # entries whose results changed

    def record(self, new: Any, dirty: Any) -> None:
        """Note the session's new and changed objects that feed an event's ranking."""
        for obj in new:
            if isinstance(obj, Event):
                self.events.add(obj)
            elif isinstance(obj, Entry):
                if obj.event is not None:
                    self.events.add(obj.event)
                elif obj.event_id is not None:
                    self.event_ids.add(obj.event_id)
            elif isinstance(obj, Result) and obj.entry_id is not None:
                self._entry(obj.entry_id, inspect(obj).dict.get("entry"))
        for obj in dirty:
            if isinstance(obj, Event) and _changed(obj, RANKING_INPUTS):
                self.events.add(obj)
            elif isinstance(obj, Result) and obj.entry_id is not None and _changed(
                    obj, RESULT_INPUTS):
                self._entry(obj.entry_id, inspect(obj).dict.get("entry"))
            elif isinstance(obj, Entry) and _changed(obj, ENTRY_INPUTS):
                self._entry(obj.id, obj)

    def _entry(self, entry_id: int, entry: Entry | None) -> None:
        """Note the event of a changed entry: taken from the entry when it is loaded (a
        result edit loads it), else looked up at refresh by the entry's id."""
        event_id = None
        if entry is not None:
            loaded = inspect(entry).dict
            if loaded.get("id") == entry_id:
                event_id = loaded.get("event_id")
        if event_id is None:
            self.entry_ids.add(entry_id)
        else:
            self.event_ids.add(event_id)


def _changed(obj: Any, names: tuple[str, ...]) -> bool:
    state = inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in names)


def winners_text(ranking: Any) -> str:
    """The start numbers ranked first, as stored ("3" or "3,7")."""
    return ",".join(str(no) for no in first_places(ranking))


def ranked_winners(session: Session, events: Sequence[Any]) -> dict[int, str]:
    """Each event's winners as stored, ranked from its rows now; ``events`` are rows read
    with :data:`~ladder.queries.events.RANKING_COLUMNS` (more columns may follow).

    Results the engine cannot score (an unrated game stored without its outcome, which no
    reader produces) name no winner rather than fail the change that touched the event.
    """
    winners: dict[int, str] = {}
    for start in range(0, len(events), BATCH):
        batch = events[start:start + BATCH]
        try:
            rankings = rankings_of_rows(session, batch)
        except ValueError:
            rankings = {}
            for row in batch:  # find the one that cannot be ranked
                try:
                    rankings.update(rankings_of_rows(session, [row]))
                except ValueError:
                    winners[row.id] = ""
        winners.update((event_id, winners_text(ranking))
                       for event_id, ranking in rankings.items())
    return winners


def _rank_and_store(session: Session, wanted: ColumnElement[bool]) -> int:
    """Rank the events ``wanted`` selects and store the winners that differ from the stored
    ones; returns how many events were ranked. The events' ranking inputs and their stored
    winners come in one statement."""
    events = session.execute(select(*RANKING_COLUMNS, Event.winners).where(wanted)
                             .order_by(Event.id)).all()
    stored = {row.id: row.winners for row in events}
    changed = [{"event_id": event_id, "winners": text}
               for event_id, text in ranked_winners(session, events).items()
               if stored.get(event_id) != text]
    if changed:
        # Core statements: a derived column, no ranking input, nothing for the watch to see.
        table = cast(Table, Event.__table__)
        session.connection().execute(
            update(table).where(table.c.id == bindparam("event_id"))
            .values(winners=bindparam("winners")), changed)
    return len(events)


def refresh(session: Session, changed: RankedInputs) -> None:
    """Store the winners of every event whose ranking inputs changed (``changed``, recorded
    by the unit of work as the session flushed), and of every event without any.

    Called by the unit of work just before it commits (after the use case's last flush).
    Only those events are ranked: a result edit ranks its own event, never the others.
    """
    ids = {e.id for e in changed.events if e.id is not None and inspect(e).persistent}
    ids |= changed.event_ids
    if changed.entry_ids:
        ids |= set(session.scalars(select(Entry.event_id)
                                   .where(Entry.id.in_(sorted(changed.entry_ids)))))
    missing = Event.winners.is_(None)
    _rank_and_store(session, or_(Event.id.in_(sorted(ids)), missing) if ids else missing)


def fill_missing(session: Session) -> int:
    """Compute the winners of every event that has none yet (after an upgrade or a bulk
    load); returns how many were filled. The caller commits."""
    return _rank_and_store(session, Event.winners.is_(None))
