"""The replay after a result edit (:func:`replay_compact_changed`): it computes only the
events the edit can reach and reuses the other stored rows, and gives, to the last bit,
what replaying every event from the edited one gives; stored rows it cannot rely on make
it give up (the service then replays every event)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ladder.rating import (
    CompactEvent,
    EventInput,
    MemberState,
    RatingOptions,
    RowTuple,
    compact_event,
    replay_compact,
    replay_compact_changed,
)
from tests.unit.rating_strategies import JUNIORS, OPTIONS, STATES, event_lists

SCORES = st.sampled_from([1.0, 0.5, 0.0])


def _by_event(rows: list[RowTuple]) -> dict[int, dict[int, RowTuple]]:
    stored: dict[int, dict[int, RowTuple]] = {}
    for row in rows:
        stored.setdefault(row[0], {})[row[1]] = row
    return stored


def _bits(row: RowTuple) -> tuple[object, ...]:
    """A row with every float's bits (hex) and the rest as it is."""
    return tuple(value.hex() if isinstance(value, float) else value for value in row)


@st.composite
def edits(draw: st.DrawFn) -> tuple[list[CompactEvent], int, list[CompactEvent]]:
    """A history, the index of an edited event, and the history after the edit: the
    edited event keeps its members, its games are drawn again among them."""
    events: list[EventInput] = draw(event_lists())
    history = [compact_event(event) for event in events]
    at = draw(st.integers(min_value=0, max_value=len(history) - 1))
    event_id, members, _games = history[at]
    games: list[tuple[int, int, float]] = []
    if len(members) >= 2:
        pairs = st.tuples(st.sampled_from(members), st.sampled_from(members), SCORES)
        games = [(a, b, s) for a, b, s in draw(st.lists(pairs, max_size=8)) if a != b]
    edited = [*history[:at], (event_id, members, games), *history[at + 1:]]
    return history, at, edited


@given(edits(), STATES, OPTIONS, JUNIORS)
def test_an_edit_replayed_from_the_stored_rows_is_a_replay_of_every_event(
    edit: tuple[list[CompactEvent], int, list[CompactEvent]],
    state: dict[int, MemberState], options: RatingOptions, juniors: frozenset[int],
) -> None:
    history, at, edited = edit
    start = {m: (s.rating, s.games) for m, s in state.items()}
    stored_rows, _final = replay_compact(history, start, options, juniors)
    want_rows, want_final = replay_compact(edited, start, options, juniors)
    since = history[at][0]
    later = {event_id for event_id, _members, _games in history[at:]}
    stored = {event_id: rows for event_id, rows in _by_event(stored_rows).items()
              if event_id in later}
    replayed = replay_compact_changed(edited[at:], stored, {since}, options, juniors)
    assert replayed is not None
    rows, differing, final = replayed
    want = [row for row in want_rows if row[0] in later]
    assert [_bits(row) for row in rows] == [_bits(row) for row in want]
    old = {(row[0], row[1]): row for row in stored_rows}
    assert differing == [row for row in want if old[(row[0], row[1])] != row]
    assert final == {m: want_final[m] for m in final}
    assert set(final) == {row[1] for row in want}


def test_only_events_the_edit_reaches_are_computed_again() -> None:
    # Ann (1) and Bo (2) play in event 1; Cai (3) and Dee (4) in event 2; Bo and Cai in 3.
    history: list[CompactEvent] = [(1, [1, 2], [(1, 2, 1.0)]), (2, [3, 4], [(3, 4, 0.5)]),
                                   (3, [2, 3], [(2, 3, 0.0)])]
    options = RatingOptions()
    stored_rows, _final = replay_compact(history, {}, options)
    stored = _by_event(stored_rows)
    # Event 2 reused as stored: a row object of its own, not an equal new one.
    edited = [(1, [1, 2], [(1, 2, 0.5)]), *history[1:]]
    replayed = replay_compact_changed(edited, stored, {1}, options)
    assert replayed is not None
    rows, differing, _final = replayed
    assert rows[2] is stored[2][3] and rows[3] is stored[2][4]
    assert {(row[0], row[1]) for row in differing} == {(1, 1), (1, 2), (3, 2), (3, 3)}
    # An edit that changes nothing computes its event and finds nothing to write.
    assert replay_compact_changed(history, stored, {1}, options) == (
        stored_rows, [], replay_compact(history, {}, options)[1])


def test_stored_rows_that_do_not_fit_are_not_reused() -> None:
    history: list[CompactEvent] = [(1, [1, 2], [(1, 2, 1.0)]), (2, [1, 3], [(1, 3, 0.5)])]
    options = RatingOptions()
    stored = _by_event(replay_compact(history, {}, options)[0])
    # Event 2's row of Ann does not start where her row of event 1 ended.
    broken = {**stored, 2: {**stored[2], 1: (2, 1, 1234.0, *stored[2][1][3:])}}
    assert replay_compact_changed(history, broken, {1}, options) is None
    # An event whose members are not those of its stored rows.
    assert replay_compact_changed([history[0], (2, [1, 3, 4], [])], stored, {1},
                                  options) is None
    assert replay_compact_changed(history, {1: stored[1]}, {1}, options) is None
