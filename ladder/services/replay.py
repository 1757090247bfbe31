"""The replay: derive every rating row and the members' current state from the results.

SPEC §3: any change that can affect ratings replays the ladder *in the same transaction*, in
(event date, event id) order. A replay may start at the earliest affected event, taking each
member's pre-event state from the stored rows; ``check`` proves it equals a replay from scratch.

How a partial replay from event X finds its starting state, without reading the whole history:
a member who appears in an event at or after X had, before X, exactly the state stored as
``rating_before``/``games_before`` in their *first* row at or after X; every other member is
untouched by the replay and keeps the state in the members table.
"""

from __future__ import annotations

import datetime as dt
from operator import attrgetter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.orm import Session, aliased

from ..extensions import db
from .bulk import fetch_tuples, insert_rows, update_members
from ..models import ClubSettings, Entry, Event, Member, RatingRow, Result, utcnow
from ..rating import EventInput, MemberState, Pairing, RatingOptions, replay as replay_events
from ..tournament import EventKind, Kind

EventKey = tuple[dt.date, int]


@dataclass(frozen=True)
class ReplayReport:
    """What a replay did: from which event, how many events and rows it wrote."""

    since: EventKey | None
    events: int
    rows: int


def club_settings(session: Session | None = None) -> ClubSettings:
    """The club's settings row, created with defaults on first use."""
    session = session or db.session
    settings = session.scalars(select(ClubSettings).order_by(ClubSettings.id)).first()
    if settings is None:
        settings = ClubSettings()
        session.add(settings)
        session.flush()
    return settings


def rating_options(settings: ClubSettings) -> RatingOptions:
    """The club's rating options as the pure engine takes them (SPEC §2 club options)."""
    return RatingOptions(
        start_rating=settings.start_rating, k_new=settings.k_new,
        k_established=settings.k_established, k_threshold=settings.k_threshold,
        provisional_games=settings.provisional_games, junior_k=settings.junior_k,
        floor=settings.rating_floor)


def event_key(event: Event) -> EventKey:
    """The replay order of an event: (date, id)."""
    return (event.date, event.id)


def _at_or_after(key: EventKey | None):  # noqa: ANN202 - an SQL condition
    if key is None:
        return Event.status == "published"
    date, event_id = key
    return and_(Event.status == "published",
                or_(Event.date > date, and_(Event.date == date, Event.id >= event_id)))


def _ordered_events(session: Session, since: EventKey | None) -> list[tuple[int, bool, str]]:
    """(id, rated, kind) of the published events at or after ``since``, in replay order."""
    return [tuple(row) for row in session.connection().execute(
        select(Event.id, Event.rated, Event.kind).where(_at_or_after(since))
        .order_by(Event.date, Event.id)).fetchall()]


def _in_events(column, since: EventKey | None, ids: list[int]):  # noqa: ANN001,ANN202
    """``column`` restricted to the replayed events: all published ones, or the listed ids.

    Filtering a partial replay by explicit ids lets the database use the event-id indexes
    instead of scanning every result of the history (a correction must stay well under 100 ms).
    """
    if since is None:
        return column.in_(select(Event.id).where(Event.status == "published"))
    return column.in_(ids)


def load_inputs(session: Session, since: EventKey | None,
                events: list[tuple[int, bool, str]] | None = None) -> list[EventInput]:
    """Read the published events at or after ``since`` as the engine's plain inputs, in order.

    Reads go through Core on the session's connection (no ORM objects): this is the hot path
    of every replay. Each game is read once (the side with the smaller entry id); byes carry
    nothing the rating needs (SPEC §2: never rated), so only paired rounds are read.
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
        .where(_in_events(mine.event_id, since, ids),
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
    """Each member's state just before ``since``, for members with rows at or after it."""
    if since is None:
        return {}
    position = {row[0]: i for i, row in enumerate(_ordered_events(session, since))}
    if not position:
        return {}
    rows = session.connection().execute(
        select(RatingRow.event_id, RatingRow.member_id, RatingRow.rating_before,
               RatingRow.games_before)
        .where(RatingRow.event_id.in_(list(position)))).fetchall()
    # Latest event first, so the last assignment per member is their first row at/after since.
    rows.sort(key=lambda row: position[row[0]], reverse=True)
    return {member_id: MemberState(rating, games) for _e, member_id, rating, games in rows}


def _untouched_state(session: Session, since: EventKey, members: set[int],
                     options: RatingOptions) -> dict[int, MemberState]:
    """The state before ``since`` of ``members``, none of whom has a row at or after it.

    A member with a row before ``since`` has not played since then, so the members table
    (which every replay maintains) holds exactly their state before ``since``. A member with
    no row at all has never been rated: they start from the club's options (SPEC §2), never
    from the members table, whose value for them is only the model's default or what the
    last full replay wrote (bug A: start 1500, yet newcomers started at 1200).
    """
    date, event_id = since
    earlier_row = (
        select(RatingRow.event_id).join(Event, Event.id == RatingRow.event_id)
        .where(RatingRow.member_id == Member.id,
               or_(Event.date < date, and_(Event.date == date, Event.id < event_id)))
        .exists())
    fresh = MemberState(float(options.start_rating), 0)
    return {
        member_id: MemberState(rating, games) if rated_before else fresh
        for member_id, rating, games, rated_before in session.execute(
            select(Member.id, Member.rating, Member.games, earlier_row)
            .where(Member.id.in_(members)))
    }


def _juniors(session: Session) -> frozenset[int]:
    return frozenset(session.scalars(select(Member.id).where(Member.junior.is_(True))))


def capture(session: Session, since: EventKey | None) -> dict[int, MemberState]:
    """The pre-change state a replay from ``since`` needs; call it *before* changing anything."""
    return _pre_state(session, since)


def replay(session: Session | None = None, since: EventKey | None = None,
           pre_state: dict[int, MemberState] | None = None) -> ReplayReport:
    """Recompute rating rows from ``since`` (None: from scratch) and the members' current state.

    Runs inside the caller's transaction (the caller commits the change and this together).
    ``pre_state`` is what :func:`capture` returned before the change; when omitted it is read now
    (fine when the change cannot remove rows at or after ``since``).
    """
    session = session or db.session
    session.flush()
    settings = club_settings(session)
    options = rating_options(settings)
    if pre_state is None:
        pre_state = _pre_state(session, since)
    events = _ordered_events(session, since)
    inputs = load_inputs(session, since, events)
    affected = set(pre_state)
    state: dict[int, MemberState] = dict(pre_state)
    if since is not None:
        newcomers = {m for event in inputs for m in event.participants} - affected
        if newcomers:
            state.update(_untouched_state(session, since, newcomers, options))
    rows, final = replay_events(inputs, state, options, _juniors(session))

    if since is None:
        session.execute(delete(RatingRow))
    elif events:
        session.execute(delete(RatingRow).where(
            RatingRow.event_id.in_([row[0] for row in events])))
    insert_rows(session.connection(), RatingRow.__tablename__, ROW_COLUMNS,
                [_row_tuple(row) for row in rows])
    _store_member_state(session, since, options, affected | set(final), final, rows)
    settings.last_replay_at = utcnow()
    return ReplayReport(since=since, events=len(inputs), rows=len(rows))


ROW_COLUMNS = ("event_id", "member_id", "rating_before", "rating_after", "k", "games_before",
               "games_counted", "expected", "score", "provisional_before")


# One C-level call per row, in ROW_COLUMNS order (the hot path of a full replay).
_row_tuple = attrgetter(*ROW_COLUMNS)


def _store_member_state(session: Session, since: EventKey | None, options: RatingOptions,
                        affected: set[int], final: dict[int, MemberState],
                        rows: Iterable) -> None:
    last_change: dict[int, float] = {}
    for row in rows:  # rows come in replay order: the last one per member wins
        last_change[row.member_id] = row.rating_after - row.rating_before
    if since is None:
        # From scratch: everyone starts over; members without any row are back at the start.
        session.execute(update(Member).values(rating=options.start_rating, games=0,
                                              last_change=None))
        affected = set(final)
    states = []
    for member_id in affected:
        state = final.get(member_id)
        if state is not None:
            states.append((member_id, state.rating, state.games, last_change.get(member_id)))
    update_members(session.connection(), states)
    if since is not None:
        # A member whose only rows at or after ``since`` vanished has no row left to find a
        # last change in; look it up in their latest remaining row.
        gone = [m for m in affected if m not in last_change]
        for member_id in gone:
            latest = session.execute(
                select(RatingRow.rating_after - RatingRow.rating_before)
                .join(Event, Event.id == RatingRow.event_id)
                .where(RatingRow.member_id == member_id)
                .order_by(Event.date.desc(), Event.id.desc()).limit(1)).scalar()
            session.execute(update(Member).where(Member.id == member_id)
                            .values(last_change=latest))


def replay_change(since: EventKey | None, change: Callable[[], None],
                  session: Session | None = None) -> ReplayReport:
    """Capture the pre-state at ``since``, apply ``change``, replay — all in one transaction."""
    session = session or db.session
    pre = capture(session, since)
    change()
    return replay(session, since, pre)


def earliest(*keys: EventKey | None) -> EventKey | None:
    """The earliest of several event keys (ignoring None); None when none is given."""
    present = [key for key in keys if key is not None]
    return min(present) if present else None
