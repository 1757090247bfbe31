"""The replay: derive every rating row and the members' current state from the results.

docs/club-rating.md §2: any change that can affect ratings replays the ladder *in the same
transaction*, in (event date, event id) order. A replay may start at the earliest affected event,
taking each member's pre-event state from the stored rows; ``check`` proves it equals a replay from
scratch.

How a partial replay from event X finds its starting state, without reading the whole history:
a member who appears in an event at or after X had, before X, exactly the state stored as
``rating_before``/``games_before`` in their *first* row at or after X; every other member is
untouched by the replay and keeps the state in the members table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Connection,
    Date,
    Integer,
    Table,
    and_,
    bindparam,
    delete,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session, aliased, scoped_session

from ..extensions import db
from ..models import ClubSettings, Entry, Event, EventStatus, Member, RatingRow, Result
from ..queries.club import ClubNotInitialised
from ..queries.prepared import Query
from ..rating import (
    GAME_SCORES,
    ROW_FIELDS,
    CompactEvent,
    CompactGame,
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RowTuple,
    cyclic_gc_paused,
    event_counts,
    replay_compact,
    replay_compact_changed,
)
from ..vocabulary.tournament import EventKind, Kind
from .bulk import delete_keys, fetch_tuples, insert_rows, update_members
from .uow import note_replay

EventKey = tuple[dt.date, int]
State = dict[int, tuple[float, int]]  # member id -> (rating, counted games)


@dataclass(frozen=True)
class ReplayReport:
    """What a replay did: from which event, how many events it replayed and how many rating
    rows those events have now (a partial replay writes only the ones that changed)."""

    since: EventKey | None
    events: int
    rows: int


def _session(session: Session | scoped_session[Any] | None) -> Session:
    """``session``, or the app's scoped session (which stands in for a Session)."""
    return cast(Session, session if session is not None else db.session)


#: Each rating option (docs/club-rating.md §1 club options) and the settings column it is
#: stored in: the one mapping both readers below use.
_OPTION_COLUMNS = {
    "start_rating": ClubSettings.start_rating, "k_new": ClubSettings.k_new,
    "k_established": ClubSettings.k_established, "k_threshold": ClubSettings.k_threshold,
    "provisional_games": ClubSettings.provisional_games, "junior_k": ClubSettings.junior_k,
    "floor": ClubSettings.rating_floor,
}


def rating_options(settings: ClubSettings) -> RatingOptions:
    """The club's rating options as the pure engine takes them (docs/club-rating.md §1)."""
    return RatingOptions(**{option: getattr(settings, column.key)
                            for option, column in _OPTION_COLUMNS.items()})


# The rating options alone (the ORM's whole settings object costs a correction more than
# reading these seven values).
_OPTIONS = Query(select(*_OPTION_COLUMNS.values()).order_by(ClubSettings.id).limit(1))


def _rating_options(connection: Connection) -> RatingOptions:
    """The club's rating options as stored (what :func:`rating_options` gives for the
    settings row), read on ``connection``."""
    rows = _OPTIONS.fetch(connection)
    if not rows:
        raise ClubNotInitialised("the club's settings are missing: run “ladder init”")
    return RatingOptions(**dict(zip(_OPTION_COLUMNS, rows[0], strict=True)))


def event_key(event: Event) -> EventKey:
    """The replay order of an event: (date, id)."""
    return (event.date, event.id)


def _at_or_after(key: EventKey | None) -> ColumnElement[bool]:
    """Published events at or after ``key`` in replay order (all of them for None)."""
    if key is None:
        return Event.status == EventStatus.PUBLISHED
    date, event_id = key
    return and_(Event.status == EventStatus.PUBLISHED,
                or_(Event.date > date, and_(Event.date == date, Event.id >= event_id)))


def _before(key: EventKey) -> ColumnElement[bool]:
    """Events before ``key`` in replay order (the complement of :func:`_at_or_after`'s order)."""
    date, event_id = key
    return or_(Event.date < date, and_(Event.date == date, Event.id < event_id))


def _ordered_events(session: Session, since: EventKey | None) -> list[tuple[int, bool, str]]:
    """(id, rated, kind) of the published events at or after ``since``, in replay order."""
    return [(event_id, rated, kind) for event_id, rated, kind in session.connection().execute(
        select(Event.id, Event.rated, Event.kind).where(_at_or_after(since))
        .order_by(Event.date, Event.id))]


def _in_events(column: Any, since: EventKey | None, ids: list[int]) -> ColumnElement[bool]:
    """``column`` restricted to the replayed events: all published ones, or the listed ids.

    Filtering a partial replay by explicit ids lets the database use the event-id indexes
    instead of scanning every result of the history (a correction must stay well under 100 ms).
    """
    if since is None:
        return column.in_(select(Event.id).where(Event.status == EventStatus.PUBLISHED))
    return column.in_(ids)


# The result kinds the rating reads at all (docs/club-rating.md §1: every other kind is never
# rated).
_SCORED = {kind.value: score for kind, score in GAME_SCORES.items()}

# The partial replay's start, as bound parameters (one compiled statement for every call).
_SINCE_DATE = bindparam("since_date", type_=Date)
_SINCE_ID = bindparam("since_id", type_=Integer)
_PUBLISHED = Event.status == EventStatus.PUBLISHED
# _at_or_after(since) with bound parameters. The redundant ``date >= since_date`` lets the
# database walk the (date, id) index from ``since`` instead of testing every event.
_SINCE = and_(_PUBLISHED, Event.date >= _SINCE_DATE,
              or_(Event.date > _SINCE_DATE, and_(Event.date == _SINCE_DATE,
                                                 Event.id >= _SINCE_ID)))


# Each game once (the side with the smaller entry id), and only if it can count.
_GAMES = select(Result.entry_id, Result.opponent_entry_id, Result.kind).where(
    Result.entry_id < Result.opponent_entry_id,
    or_(*(Result.kind == kind for kind in _SCORED)))  # not IN: see Query
_GAMES_OF_ENTRIES = Query(_GAMES.where(Result.entry_id.between(
    bindparam("low", type_=Integer), bindparam("high", type_=Integer))))


def _reads(where: ColumnElement[bool]) -> tuple[Query, Query, Query]:
    """The replay's three reads of the events selected by ``where`` (prepared once)."""
    entries = select(Entry.id, Entry.event_id, Entry.member_id).where(
        Entry.member_id.is_not(None))
    games = _GAMES
    if where is _PUBLISHED:
        # A full replay: results without joins (entries of drafts are not in the map).
        entries = entries.where(Entry.event_id.in_(select(Event.id).where(where)))
    else:
        # A partial replay: only the replayed events, through the event-id indexes.
        # (The games' entries as an IN subquery: joined, SQLite scans every result.)
        entries = entries.join(Event, Event.id == Entry.event_id).where(where)
        games = games.where(Result.entry_id.in_(
            select(Entry.id).join(Event, Event.id == Entry.event_id).where(where)))
    events = select(Event.id, Event.rated, Event.kind).where(where).order_by(Event.date, Event.id)
    return Query(events), Query(entries), Query(games)


_FULL_READS = _reads(_PUBLISHED)
_PARTIAL_GAMES = _reads(_SINCE)[2]
# A partial replay reads its events and their entries in one statement (a round trip less
# for every correction): each event once at least, with NULLs when no entry is linked.
_EVENTS_AND_ENTRIES = Query(
    select(Event.id, Event.rated, Event.kind, Entry.id, Entry.member_id)
    .outerjoin(Entry, and_(Entry.event_id == Event.id, Entry.member_id.is_not(None)))
    .where(_SINCE).order_by(Event.date, Event.id))
# The pre-state: rows of the events at or after since, latest event first (see _pre_state).
_PRE_STATE = Query(
    select(RatingRow.member_id, RatingRow.rating_before, RatingRow.games_before)
    .join(Event, Event.id == RatingRow.event_id).where(_SINCE)
    .order_by(Event.date.desc(), Event.id.desc()))


def _since_params(since: EventKey) -> dict[str, object]:
    return {"since_date": since[0], "since_id": since[1]}


def _read_events(connection: Connection, since: EventKey | None,
                 ) -> tuple[list[int], list[CompactEvent]]:
    """The published events at or after ``since``: their ids, and as the engine's compact
    events (every member with an entry; the games that count), both in replay order.

    The hot path of every replay, so it reads plain tuples and builds no object per game:
    a full replay reads entries and results without joins (a join costs the database more
    than the dictionary look-ups that replace it here); a partial one reads only the events
    replayed, through the date and event-id indexes (a correction must stay well under
    100 ms). Each game is read once (the side with the smaller entry id) and only if it can
    count; a game belongs to an event when both of its entries do (as in :func:`load_inputs`).
    """
    # ``where``: entry id -> (event id, member id) of every linked entry of the events;
    # ``members``: event id -> its members, one per entry (an event in it once read).
    events: list[tuple[Any, ...]] = []
    where: dict[int, tuple[int, int]] = {}
    members: dict[int, list[int]] = {}
    if since is None:
        params: dict[str, object] = {}
        event_query, entry_query, game_query = _FULL_READS
        events = event_query.fetch(connection)
        members = {event_id: [] for event_id, _rated, _kind in events}
        if events:
            where = {entry_id: (event_id, member_id) for entry_id, event_id, member_id
                     in entry_query.fetch(connection)}
            for event_id, member_id in where.values():
                members[event_id].append(member_id)
    else:
        params = _since_params(since)
        game_query = _PARTIAL_GAMES
        for event_id, rated, kind, entry_id, member_id in _EVENTS_AND_ENTRIES.fetch(
                connection, **params):
            listed = members.get(event_id)
            if listed is None:  # the event's first row (its rows come together)
                listed = members[event_id] = []
                events.append((event_id, rated, kind))
            if entry_id is not None:
                where[entry_id] = (event_id, member_id)
                listed.append(member_id)
    ids = [event_id for event_id, _rated, _kind in events]
    if not ids:
        return ids, []
    low = min(where, default=0)
    high = max(where, default=-1)
    if since is not None and high - low < 2 * len(where):
        # The replayed entries' ids are dense (the usual case: late events were entered
        # late): one index range over results beats a look-up per entry (a third less on
        # SQLite, half on PostgreSQL). Results of other entries in the range are dropped
        # below, as they are not in ``where``.
        games = _GAMES_OF_ENTRIES.fetch(connection, low=low, high=high)
    else:
        games = game_query.fetch(connection, **params)
    played: dict[int, list[CompactGame]] = {event_id: [] for event_id in ids}
    scored = _SCORED
    found = where.get
    for entry_a, entry_b, kind in games:
        a = found(entry_a)
        b = found(entry_b)
        # Both entries linked, in one replayed event, two different members
        # (docs/club-rating.md §1).
        if a is not None and b is not None and a[0] == b[0] and a[1] != b[1]:
            played[a[0]].append((a[1], b[1], scored[kind]))
    return ids, [
        (event_id, sorted(set(members[event_id])),
         played[event_id] if event_counts(rated, kind) else ())
        for event_id, rated, kind in events
    ]


def load_inputs(session: Session, since: EventKey | None,
                events: list[tuple[int, bool, str]] | None = None) -> list[EventInput]:
    """Read the published events at or after ``since`` as the engine's plain inputs, in order.

    The readable twin of the replay's own read (:func:`_read_events`, compact and faster):
    ``ladder check`` uses this one, so a mistake in either read shows up as a difference.
    Reads go through Core on the session's connection (no ORM objects). Each game is read
    once (the side with the smaller entry id) and belongs to an event when both of its
    entries do; byes carry nothing the rating needs (docs/club-rating.md §1: never rated), so only
    paired rounds are read.
    """
    connection = session.connection()
    if events is None:
        events = _ordered_events(session, since)
    if not events:
        return []
    ids = [row[0] for row in events]
    participants: dict[int, list[int]] = {event_id: [] for event_id in ids}
    for event_id, member_id in fetch_tuples(connection, (
            select(Entry.event_id, Entry.member_id)
            .where(_in_events(Entry.event_id, since, ids), Entry.member_id.is_not(None)))):
        participants[event_id].append(member_id)
    pairings: dict[int, list[Pairing]] = {event_id: [] for event_id in ids}
    mine, theirs = aliased(Entry), aliased(Entry)
    games = fetch_tuples(connection, (
        select(mine.event_id, mine.member_id, theirs.member_id, Result.kind,
               Result.outcome_halves)
        .join(mine, mine.id == Result.entry_id)
        .join(theirs, theirs.id == Result.opponent_entry_id)
        .where(_in_events(mine.event_id, since, ids), theirs.event_id == mine.event_id,
               Result.entry_id < Result.opponent_entry_id,
               mine.member_id.is_not(None), theirs.member_id.is_not(None))))
    kinds = {kind.value: kind for kind in Kind}
    for event_id, a, b, kind, halves in games:
        pairings[event_id].append(
            Pairing(a, b, kinds[kind], Fraction(halves, 2) if halves is not None else None))
    return [
        EventInput(event_id=event_id, rated=rated, kind=EventKind(kind),
                   participants=tuple(sorted(set(participants[event_id]))),
                   pairings=tuple(pairings[event_id]))
        for event_id, rated, kind in events
    ]


def _pre_state(session: Session, since: EventKey | None) -> dict[int, MemberState]:
    """Each member's state just before ``since``, for members with rows at or after it.

    One read: the rows of the events at or after ``since``, latest event first, so the last
    assignment per member is their first row at or after ``since``.
    """
    if since is None:
        return {}
    first = {member_id: (rating, games) for member_id, rating, games
             in _PRE_STATE.fetch(session.connection(), **_since_params(since))}
    return {member_id: MemberState(rating, games) for member_id, (rating, games) in first.items()}


def _untouched_state(session: Session, since: EventKey, members: set[int],
                     options: RatingOptions) -> State:
    """The state before ``since`` of ``members``, none of whom has a row at or after it.

    A member with a row before ``since`` has not played since then, so the members table
    (which every replay maintains) holds exactly their state before ``since``. A member with
    no row at all has never been rated: they start from the club's options (docs/club-rating.md §1),
    never from the members table, whose value for them is only the model's default or what the
    last full replay wrote (bug A: start 1500, yet newcomers started at 1200).
    """
    earlier_row = (
        select(RatingRow.event_id).join(Event, Event.id == RatingRow.event_id)
        .where(RatingRow.member_id == Member.id, _before(since)).exists())
    fresh = (float(options.start_rating), 0)
    return {
        member_id: (rating, games) if rated_before else fresh
        for member_id, rating, games, rated_before in session.connection().execute(
            select(Member.id, Member.rating, Member.games, earlier_row)
            .where(Member.id.in_(members)))
    }


def _juniors(session: Session) -> frozenset[int]:
    return frozenset(session.scalars(select(Member.id).where(Member.junior.is_(True))))


def capture(session: Session, since: EventKey | None) -> dict[int, MemberState]:
    """The pre-change state a replay from ``since`` needs; call it *before* changing anything."""
    return _pre_state(session, since)


def replay(session: Session | scoped_session[Any] | None = None, since: EventKey | None = None,
           pre_state: dict[int, MemberState] | None = None, *,
           changed: Collection[int] | None = None) -> ReplayReport:
    """Recompute rating rows from ``since`` (None: from scratch) and the members' current state.

    Runs inside the caller's transaction (the caller commits the change and this together).
    ``pre_state`` is what :func:`capture` returned before the change; when omitted it is read now
    (fine when the change cannot remove rows at or after ``since``, nor move an event).

    A replay from scratch rewrites every row. A partial one compares what it computed with
    the rows stored for the replayed events and writes only the differences (a late
    correction typically changes a few dozen of thousands of rows); either way the stored
    rows end up exactly the computed ones.

    ``changed`` names the events whose games the change touched, when it touched nothing
    else the rating reads (no rating row, no event's date, members or flags; a result edit):
    then only the events the change can reach are computed again, the stored rows of the
    others are reused as they are (:func:`~ladder.rating.event_rating.replay_compact_changed`),
    and if the stored rows do not allow that, every event from ``since`` is replayed.
    """
    session = _session(session)
    session.flush()
    connection = session.connection()
    options = _rating_options(connection)
    # No reference cycles are made from here on: the cyclic collector would only rescan the
    # growing lists of inputs and rows again and again (see cyclic_gc_paused).
    with cyclic_gc_paused():
        stored: list[tuple[Any, ...]] = []
        if since is not None:
            stored = _STORED_ROWS.fetch(connection, **_since_params(since))
        ids, events = _read_events(connection, since)
        # Junior flags matter only with the junior K option on (docs/club-rating.md §1): skip the
        # read.
        juniors = _juniors(session) if options.junior_k is not None else frozenset()
        if since is not None and changed is not None:
            report = _replay_changed(session, connection, since, stored, ids, events,
                                     set(changed), options, juniors)
            if report is not None:
                _forget_member_state(session)
                note_replay(session)
                return report
        if since is not None and pre_state is None:
            # Latest event first: the last assignment per member is their first row.
            first = {row[1]: (row[2], row[5]) for row in stored}
            pre_state = {m: MemberState(r, g) for m, (r, g) in first.items()}
        elif pre_state is None:
            pre_state = {}
        state: State = {m: (s.rating, s.games) for m, s in pre_state.items()}
        if since is not None:
            newcomers = {m for _e, members, _g in events for m in members} - state.keys()
            if newcomers:
                state.update(_untouched_state(session, since, newcomers, options))
        rows, final = replay_compact(events, state, options, juniors)

        touched: set[int] | None = None
        if since is None:
            session.execute(delete(RatingRow))
            insert_rows(connection, _ROWS, ROW_COLUMNS, rows)
        else:
            touched = _write_differences(session, connection, since, ids, stored, rows)
        _store_member_state(connection, since, options, set(pre_state), final, rows, touched)
    _forget_member_state(session)
    note_replay(session)
    return ReplayReport(since=since, events=len(events), rows=len(rows))


def _forget_member_state(session: Session) -> None:
    """The members' rating, games and last change were written by Core statements: members
    the session already holds would keep the values read before for the rest of the unit of
    work (a competition created after a publish in the same unit of work ranked its members
    by their old ratings, depending on which objects the session still held). Expire those
    attributes so the next read sees the replay."""
    for instance in list(session.identity_map.values()):
        if isinstance(instance, Member):
            session.expire(instance, ["rating", "games", "last_change"])


def _replay_changed(session: Session, connection: Connection, since: EventKey,
                    stored: list[tuple[Any, ...]], ids: list[int], events: list[CompactEvent],
                    changed: set[int], options: RatingOptions,
                    juniors: frozenset[int]) -> ReplayReport | None:
    """The replay after a change confined to the games of the events ``changed`` (``ids``,
    ``events``: every event from ``since``; ``stored``: their rows): only the events the
    change can reach are computed, the differing rows written (None: the stored rows cannot
    be reused, replay them all). See :func:`replay`."""
    by_event = {event_id: {row[1]: row for row in rows}
                for event_id, rows in groupby(stored, itemgetter(0))}
    replayed = replay_compact_changed(events, by_event, changed, options, juniors)
    if replayed is None:
        return None
    rows, differing, final = replayed
    if len(rows) != len(stored):
        # Stored rows of an event no longer replayed from ``since`` (none after a result
        # edit, whose events stay where they are): the full path deletes them.
        return None
    # The events keep their members, so a differing row replaces the stored one of its key.
    touched = _write_rows(session, connection, since, ids, rows, differing,
                          [(row[0], row[1]) for row in differing])
    _store_member_state(connection, since, options, set(), final, rows, touched)
    return ReplayReport(since=since, events=len(events), rows=len(rows))


# The rating_rows columns, in the order of the engine's row tuples.
#: The rating rows' table, typed as the Table it is (mypy sees a FromClause).
_ROWS = cast(Table, RatingRow.__table__)
ROW_COLUMNS = ROW_FIELDS
_KEY = ("event_id", "member_id")
# The stored rows of the events at or after since, latest event first (a partial replay
# compares them with its result, and takes its pre-state from them when none is given).
_STORED_ROWS = Query(
    select(*(_ROWS.c[name] for name in ROW_COLUMNS))
    .join(Event, Event.id == RatingRow.event_id).where(_SINCE)
    .order_by(Event.date.desc(), Event.id.desc()))


def _write_differences(session: Session, connection: Connection, since: EventKey,
                       ids: list[int], stored: list[tuple[Any, ...]],
                       rows: list[RowTuple]) -> set[int] | None:
    """Make the stored rows of the replayed events (``stored``) exactly ``rows``.

    Only rows that differ in any value (compared exactly: floats bit for bit) are deleted and
    written again; rows of the replayed events that the replay no longer gives are deleted.
    When most rows changed anyway, the events' rows are replaced wholesale, which is cheaper
    than deleting them one key at a time. Returns the members whose rows were written or
    deleted (None: wholesale, possibly everyone's).
    """
    old = {(row[0], row[1]): row for row in stored}
    fresh: list[RowTuple] = []
    stale: list[tuple[int, int]] = []
    for row in rows:
        key = (row[0], row[1])
        have = old.pop(key, None)
        if have is None:
            fresh.append(row)
        elif have != row:  # SQLite's 0/1 equals False/True; no float is -0.0 or NaN here
            fresh.append(row)
            stale.append(key)
    stale.extend(old)  # rows the replay no longer gives
    return _write_rows(session, connection, since, ids, rows, fresh, stale)


def _write_rows(session: Session, connection: Connection, since: EventKey, ids: list[int],
                rows: list[RowTuple], fresh: list[RowTuple], stale: list[tuple[int, int]],
                ) -> set[int] | None:
    """Delete the ``stale`` keys and insert the ``fresh`` rows, or, when most of ``rows``
    (all rows of the replayed events ``ids``) are fresh, replace them all. Returns the
    members whose rows were written or deleted (None: wholesale, possibly everyone's)."""
    if 2 * len(fresh) > len(rows):
        if ids:
            # (A subquery, not the ids: an early correction replays more events than old
            # SQLite versions allow parameters in one statement.)
            session.execute(delete(RatingRow).where(RatingRow.event_id.in_(
                select(Event.id).where(_at_or_after(since)))))
        insert_rows(connection, _ROWS, ROW_COLUMNS, rows)
        return None
    delete_keys(connection, _ROWS, _KEY, stale)
    insert_rows(connection, _ROWS, ROW_COLUMNS, fresh)
    return {row[1] for row in fresh} | {member_id for _event_id, member_id in stale}


def _store_member_state(connection: Connection, since: EventKey | None,
                        options: RatingOptions, affected: set[int], final: State,
                        rows: list[RowTuple], touched: set[int] | None = None) -> None:
    """Write the replayed members' (rating, games, last change) in one statement.

    ``affected`` are the members of the pre-state (they had rows at or after ``since``);
    ``final`` holds them and everyone the replay met. Called after the rows are written.
    ``touched`` (a partial replay's members whose rows were written or deleted; None: all)
    limits the write: a member whose rows all stayed as stored keeps the state the replay
    that wrote those rows stored with them (their last row is the same). A late correction
    replays hundreds of members and moves a handful; sending all of them cost a few
    milliseconds on PostgreSQL, which dumps the parameter arrays in Python.
    """
    # Rows come in replay order: the last one per member wins.
    last_change = {row[1]: row[3] - row[2] for row in rows}
    gone: list[int] = []
    if since is not None:
        # A member whose only rows at or after ``since`` vanished has no row left to find a
        # last change in: look it up in their latest remaining row (None: no row at all).
        gone = [m for m in affected if m not in last_change]
        if gone:
            last_change.update(connection.execute(
                select(RatingRow.member_id, RatingRow.rating_after - RatingRow.rating_before)
                .join(Event, Event.id == RatingRow.event_id)
                .where(RatingRow.member_id.in_(gone))
                .order_by(Event.date, Event.id)).all())
    members = final.keys() if touched is None else (touched | set(gone)) & final.keys()
    # (update_members also skips members whose stored values are already these.)
    update_members(connection, [(member_id, *final[member_id], last_change.get(member_id))
                                for member_id in members])
    if since is None:
        # From scratch: a member without any row (never played, or every event of theirs
        # deleted) is back at the start. The replay met exactly the members with rows.
        start = float(options.start_rating)
        connection.execute(
            update(Member).where(~select(RatingRow.member_id)
                                 .where(RatingRow.member_id == Member.id).exists(),
                                 or_(Member.rating != start, Member.games != 0,
                                     Member.last_change.is_not(None)))
            .values(rating=start, games=0, last_change=None))


def replay_change(since: EventKey | None, change: Callable[[], None],
                  session: Session | scoped_session[Any] | None = None) -> ReplayReport:
    """Capture the pre-state at ``since``, apply ``change``, replay — all in one transaction."""
    session = _session(session)
    pre = capture(session, since)
    change()
    return replay(session, since, pre)


def earliest(*keys: EventKey | None) -> EventKey | None:
    """The earliest of several event keys (ignoring None); None when none is given."""
    present = [key for key in keys if key is not None]
    return min(present) if present else None
