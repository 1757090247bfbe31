"""Rating one event, and replaying the ladder over many (docs/club-rating.md §1, §2).

One implementation of the rules, :func:`_run`, works on plain tuples, dicts, lists and floats
and creates no object per game. Two front doors lead to it:

* :func:`rate_event` and :func:`replay` take and return the frozen dataclasses of
  :mod:`ladder.rating.types` (the readable API, used by tests and ``ladder check``);
* :func:`replay_compact` takes *compact events* and returns rows as plain tuples in
  :data:`ROW_FIELDS` order — what the replay service reads from and writes to the database,
  so a full replay builds no ``Pairing`` or ``RatingRow`` object at all.

A compact event is ``(event_id, members, games)``: ``members`` every member id of the event,
sorted and without repeats (each gets a row); ``games`` the games that count at all, as
``(a, b, score_a)`` with ``a != b`` both in ``members`` and ``score_a`` 1.0, 0.5 or 0.0
(:func:`compact_event` builds one from an :class:`EventInput`; an uncounted event has none).

Exactness: every member's change in an event is ``K × fsum(S − E terms)``. ``math.fsum`` is
correctly rounded, so the result does not depend on the order the games are listed, nor on
which side a game is listed from (both expected scores are computed directly). Scores are
sums of 0, ½ and 1, exact in floating point. Hence replaying from any stored pre-event state
gives bit-for-bit what a replay from scratch gives (docs/club-rating.md §2).
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from math import fsum
from typing import Any

from ladder.rating.types import EventInput, MemberState, RatingOptions, RatingRow
from ladder.vocabulary.tournament import EventKind, Kind

State = dict[int, tuple[float, int]]  # member id -> (rating, counted games)
CompactGame = tuple[int, int, float]  # (a, b, a's score): a game over the board that counts
CompactEvent = tuple[int, Sequence[int], Sequence[CompactGame]]  # (event id, members, games)
# One rating row as a plain tuple, in ROW_FIELDS order.
RowTuple = tuple[int, int, float, float, float, int, int, float, float, bool]

# The fields of a rating row, in the order of RatingRow (and of every RowTuple).
ROW_FIELDS: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(RatingRow))

# docs/club-rating.md §1: only wins, draws and losses over the board are rated; a's score in each.
GAME_SCORES: Mapping[Kind, float] = {Kind.WIN: 1.0, Kind.DRAW: 0.5, Kind.LOSS: 0.0}

_new_object = object.__new__
_set_attr = object.__setattr__


def _row(row: RowTuple) -> RatingRow:
    """Build a :class:`RatingRow` from a row tuple, about twice as fast as its ``__init__``.

    That ``__init__`` sets each of the ten fields through ``object.__setattr__``; here the
    instance dict is set in one go. The result is an ordinary row (equal, hashable, frozen).
    Relies on ``RatingRow`` having a ``__dict__`` (no ``slots=True``); a test checks it.
    """
    instance = _new_object(RatingRow)
    _set_attr(instance, "__dict__", dict(zip(ROW_FIELDS, row, strict=False)))
    return instance


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause CPython's cyclic garbage collector while a replay allocates its rows.

    A replay creates hundreds of thousands of small objects and no reference cycles, so the
    cyclic collector only rescans the growing lists of rows and inputs again and again (about
    40 % of the run time for 200,000 rows). Reference counting still frees everything as
    usual; the previous setting is restored afterwards, so pauses may nest.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def event_counts(rated: bool, kind: EventKind | str) -> bool:
    """False for events whose games are never rated: unrated events and bughouse
    (docs/club-rating.md §1)."""
    return bool(rated) and kind != EventKind.BUGHOUSE


def _event_counts(event: EventInput) -> bool:
    return event_counts(event.rated, event.kind)


def rated_games(event: EventInput) -> list[tuple[int, int, Fraction]]:
    """The games of ``event`` that count at all, as ``(a, b, score_a)``, in listed order.

    docs/club-rating.md §1 "Never rated": byes, forfeits, double forfeits, ``unrated_played`` games,
    every game of a bughouse event or of an unrated event, and self-pairings are left out. Only
    wins, draws and losses played over the board between two members remain. The
    protection rule (who a game counts *for*) is applied later, by :func:`rate_event`.
    """
    return [(a, b, Fraction(score)) for a, b, score in compact_event(event)[2]]


def compact_event(event: EventInput) -> CompactEvent:
    """``event`` as a compact event: every member named (sorted), the games that count.

    Members named only in a pairing (or a bye) get a row like the listed participants.
    """
    members = set(event.participants)
    games: list[CompactGame] = []
    counts = _event_counts(event)
    for p in event.pairings:
        members.add(p.a)
        if p.b is None:
            continue  # a bye: never rated (docs/club-rating.md §1)
        members.add(p.b)
        if counts and p.a != p.b:
            score = GAME_SCORES.get(p.kind)
            if score is not None:  # forfeits, double forfeits, unrated_played: never rated
                games.append((p.a, p.b, score))
    return (event.event_id, sorted(members), games)


def _run(events: Iterable[CompactEvent], state: State, options: RatingOptions,
         juniors: frozenset[int] | set[int], emit: Callable[[RowTuple], object]) -> None:
    """Rate ``events`` in order, updating ``state`` in place and emitting each row.

    Per member of an event, a record ``[rating_before, provisional_before, E terms,
    S − E terms, score, games_before]``; ratings and statuses are frozen before the event
    (docs/club-rating.md §1 event batching): every record is made before any state is written. The K
    and provisional rules are inlined for speed; they are the same as
    :func:`ladder.rating.club_elo.k_factor` and
    :func:`~ladder.rating.club_elo.is_provisional` (tested).
    """
    # A member unseen so far starts at the start rating with 0 games (docs/club-rating.md §1).
    fresh = (float(options.start_rating), 0)
    min_games = options.provisional_games
    floor = None if options.floor is None else float(options.floor)
    k_new = float(options.k_new)
    k_est = float(options.k_established)
    k_threshold = options.k_threshold
    junior_k = None if options.junior_k is None else float(options.junior_k)
    ceiling = options.junior_k_ceiling
    get = state.get
    for event_id, members, games in events:
        # [rating_before, provisional_before, E terms, S − E terms, score, games_before]
        recs: dict[int, list[Any]] = {}
        for member in members:
            r, g = get(member, fresh)
            # Provisional status is taken before the event (docs/club-rating.md §1).
            recs[member] = [r, g < min_games, [], [], 0.0, g]
        for a, b, s_a in games:
            rec_a = recs[a]
            rec_b = recs[b]
            r_a, p_a = rec_a[0], rec_a[1]
            r_b, p_b = rec_b[0], rec_b[1]
            # Protection rule (docs/club-rating.md §1): established vs provisional counts only for
            # the provisional player, against the established player's frozen rating; else both.
            if p_a or not p_b:
                # docs/club-rating.md §1 expected score
                e_a = 1.0 / (1.0 + 10.0 ** ((r_b - r_a) / 400.0))
                rec_a[2].append(e_a)
                rec_a[3].append(s_a - e_a)
                rec_a[4] += s_a
            if p_b or not p_a:
                s_b = 1.0 - s_a
                e_b = 1.0 / (1.0 + 10.0 ** ((r_a - r_b) / 400.0))
                rec_b[2].append(e_b)
                rec_b[3].append(s_b - e_b)
                rec_b[4] += s_b
        for member in members:
            r, prov, es, ds, score, g = recs[member]
            # K fixed for the whole event from the pre-event state (docs/club-rating.md §1); as
            # k_factor.
            if junior_k is not None and r < ceiling and member in juniors:
                k = junior_k
            else:
                k = k_new if g < k_threshold else k_est
            n = len(es)
            if n:
                # All changes applied together at the end (docs/club-rating.md §1 event batching).
                after = r + k * fsum(ds)
                if floor is not None and after < floor:
                    # rating floor, applied after the event (docs/club-rating.md §1 option)
                    after = floor
                expected = fsum(es)
            else:
                after = r  # no counted game: the rating does not move (not even to the floor)
                expected = 0.0
            emit((event_id, member, r, after, k, g, n, expected, score, prov))
            state[member] = (after, g + n)


def replay_compact(
    events: Iterable[CompactEvent],
    state: Mapping[int, tuple[float, int]] | None,
    options: RatingOptions,
    juniors: frozenset[int] | set[int] = frozenset(),
) -> tuple[list[RowTuple], State]:
    """Replay compact events, already in (event date, event id) order (docs/club-rating.md §2).

    The fast path of the replay service: ``state`` maps member ids to ``(rating, games)``
    before the first event (None: from scratch); returns the rows as tuples in
    :data:`ROW_FIELDS` order, event after event (members by id within an event), and the
    final ``(rating, games)`` of every member seen, those of ``state`` included. Gives exactly
    what :func:`replay` gives for the same events.
    """
    current: State = dict(state) if state else {}
    rows: list[RowTuple] = []
    with cyclic_gc_paused():
        _run(events, current, options, juniors, rows.append)
    return rows, current


_NO_ROWS: Mapping[int, RowTuple] = {}


def replay_compact_changed(
    events: Sequence[CompactEvent],
    stored: Mapping[int, Mapping[int, RowTuple]],
    changed: Container[int],
    options: RatingOptions,
    juniors: frozenset[int] | set[int] = frozenset(),
) -> tuple[list[RowTuple], list[RowTuple], State] | None:
    """Replay compact events after a change confined to the games of the events ``changed``,
    computing only the events the change can reach and reusing the stored rows of the others
    (docs/club-rating.md §2, after a result edit).

    ``events`` are every event from the first changed one on, in replay order, as they are
    now; ``stored`` holds their rows as the last replay stored them (event id → member id →
    row). An event is computed again when it changed or when a member plays in it whose
    state (rating, games) now differs from the stored one; every member of it starts from
    their state now, which for a member the change has not reached is their stored
    ``rating_before``/``games_before``. Any other event has the very inputs its stored rows
    were computed from, so those rows are what a replay would give: they are reused. A member
    whose state comes out equal to the stored one is not followed any further.

    Returns every row (exactly what :func:`replay_compact` gives from the stored state before
    the first event), the rows among them that differ from the stored ones, and each member's
    state after their last row. None when the stored rows cannot be relied on this way (an
    event's members differ from its stored rows', or a reused row does not start where the
    member's previous row ended): the caller then replays every event.
    """
    rows: list[RowTuple] = []
    differing: list[RowTuple] = []
    current: State = {}  # each member's state after their latest row so far
    dirty: set[int] = set()  # members whose current state differs from the stored one
    computed: list[RowTuple] = []
    for event in events:
        event_id, members, _games = event
        old = stored.get(event_id, _NO_ROWS)  # an event without members has no rows
        if len(old) != len(members):
            return None
        if event_id not in changed and dirty.isdisjoint(members):
            for member in members:
                row = old.get(member)
                if row is None:
                    return None
                known = current.get(member)
                if known is not None and (row[2], row[5]) != known:
                    return None  # the stored rows do not follow on: replay them all
                current[member] = (row[3], row[5] + row[6])
                rows.append(row)
            continue
        state: State = {}
        for member in members:
            row = old.get(member)
            if row is None:
                return None
            known = current.get(member)
            if known is None:
                state[member] = (row[2], row[5])
            elif member in dirty or (row[2], row[5]) == known:
                state[member] = known
            else:
                return None
        computed.clear()
        _run((event,), state, options, juniors, computed.append)
        for row in computed:
            member = row[1]
            have = old[member]
            if row != have:  # SQLite's 0/1 equals False/True; no float is -0.0 or NaN here
                differing.append(row)
            now = current[member] = state[member]
            if now == (have[3], have[5] + have[6]):
                dirty.discard(member)
            else:
                dirty.add(member)
        rows.extend(computed)
    return rows, differing, current


def rate_event(
    event: EventInput,
    state: Mapping[int, MemberState],
    options: RatingOptions,
    juniors: frozenset[int] = frozenset(),
) -> tuple[list[RatingRow], dict[int, MemberState]]:
    """Rate one event: its rows (sorted by member id) and the participants' new states.

    ``state`` holds the members' states before the event; a member missing from it starts at
    ``options.start_rating`` with 0 games. ``juniors`` are the member ids flagged junior (used
    only by the junior K option). Members of the event without a counted game get a row with
    an unchanged rating.
    """
    compact = compact_event(event)
    needed: State = {}
    for member in compact[1]:
        st = state.get(member)
        if st is not None:
            needed[member] = (float(st.rating), int(st.games))
    new = dict(needed)  # only the event's members: their states come back
    rows: list[RowTuple] = []
    _run([compact], new, options, juniors, rows.append)
    return [_row(row) for row in rows], {m: MemberState(r, g) for m, (r, g) in new.items()}


def replay(
    events: Iterable[EventInput],
    state: Mapping[int, MemberState] | None,
    options: RatingOptions,
    juniors: frozenset[int] = frozenset(),
) -> tuple[list[RatingRow], dict[int, MemberState]]:
    """Replay the ladder over ``events``, already in (event date, event id) order
    (docs/club-rating.md §2).

    ``state`` is every member's state before the first event (None: from scratch). Returns
    all rows, event after event, and the final state of every member seen (those in
    ``state`` included). Starting from a stored mid-point state gives exactly the rows and
    state a replay from scratch gives for the same events.
    """
    current: State = {}
    if state is not None:
        current = {m: (float(s.rating), int(s.games)) for m, s in state.items()}
    rows: list[RatingRow] = []
    with cyclic_gc_paused():
        _run((compact_event(event) for event in events), current, options, juniors,
             lambda row: rows.append(_row(row)))
    return rows, {m: MemberState(r, g) for m, (r, g) in current.items()}
