"""The engine's two front doors against a plain transcription of docs/club-rating.md §1.

The replay service uses the compact path (:func:`replay_compact`: tuples in, tuples out),
``ladder check`` and the tests the dataclass path (:func:`replay`). Both must give, to the
last bit, what the rules say; here the rules are written out the slow, obvious way with the
public K / provisional / expected-score functions, and compared exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from math import fsum

from hypothesis import given

from ladder.rating import (
    ROW_FIELDS,
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
    compact_event,
    event_counts,
    expected_score,
    is_provisional,
    k_factor,
    rated_games,
    replay,
    replay_compact,
)
from ladder.vocabulary.tournament import EventKind, Kind
from tests.unit.rating_strategies import JUNIORS, OPTIONS, STATES, event_lists


def reference(events: Iterable[EventInput], state: Mapping[int, MemberState] | None,
              options: RatingOptions, juniors: frozenset[int]) -> tuple[list[RatingRow],
                                                                         dict[int, MemberState]]:
    """docs/club-rating.md §1 written out plainly: batching, K and provisional status from the
    pre-event state, the protection rule, fsum of the S − E terms, the floor after the event."""
    current = dict(state or {})
    rows: list[RatingRow] = []
    for event in events:
        members = sorted(set(event.participants) | {p.a for p in event.pairings}
                         | {p.b for p in event.pairings if p.b is not None})
        before = {m: current.get(m, MemberState(float(options.start_rating), 0))
                  for m in members}
        provisional = {m: is_provisional(before[m].games, options) for m in members}
        expected: dict[int, list[float]] = {m: [] for m in members}
        terms: dict[int, list[float]] = {m: [] for m in members}
        score = dict.fromkeys(members, 0.0)
        for a, b, s_a in rated_games(event):
            for me, opponent, s in ((a, b, float(s_a)), (b, a, 1.0 - float(s_a))):
                # Established vs provisional: counts only for the provisional player.
                if provisional[me] or not provisional[opponent]:
                    e = expected_score(before[me].rating, before[opponent].rating)
                    expected[me].append(e)
                    terms[me].append(s - e)
                    score[me] += s
        for m in members:
            r, g = before[m].rating, before[m].games
            k = k_factor(r, g, options, m in juniors)
            n = len(terms[m])
            after = r + k * fsum(terms[m]) if n else r
            if n and options.floor is not None and after < options.floor:
                after = options.floor
            rows.append(RatingRow(event.event_id, m, r, after, k, g, n,
                                  fsum(expected[m]) if n else 0.0, score[m], provisional[m]))
            current[m] = MemberState(after, g + n)
    return rows, current


def _bits(row: RatingRow | tuple) -> tuple:
    """A row with every number exactly (a float's hex shows every bit; an int K is exact)."""
    r = row if isinstance(row, RatingRow) else RatingRow(*row)
    return (r.event_id, r.member_id, float(r.rating_before).hex(), float(r.rating_after).hex(),
            float(r.k).hex(), r.games_before, r.games_counted, float(r.expected).hex(),
            float(r.score).hex(), r.provisional_before)


@given(event_lists(), STATES, OPTIONS, JUNIORS)
def test_replay_is_the_rules_to_the_last_bit(
    events: list[EventInput], state: dict[int, MemberState], options: RatingOptions,
    juniors: frozenset[int],
) -> None:
    rows, final = replay(events, state, options, juniors)
    want_rows, want_final = reference(events, state, options, juniors)
    assert [_bits(r) for r in rows] == [_bits(r) for r in want_rows]
    assert final == want_final


@given(event_lists(), STATES, OPTIONS, JUNIORS)
def test_the_compact_path_gives_exactly_what_the_dataclass_path_gives(
    events: list[EventInput], state: dict[int, MemberState], options: RatingOptions,
    juniors: frozenset[int],
) -> None:
    rows, final = replay(events, state, options, juniors)
    given_state = {m: (s.rating, s.games) for m, s in state.items()}
    copy = dict(given_state)
    tuples, compact_final = replay_compact([compact_event(e) for e in events], given_state,
                                           options, juniors)
    assert [_bits(r) for r in tuples] == [_bits(r) for r in rows]
    assert {m: MemberState(r, g) for m, (r, g) in compact_final.items()} == final
    assert given_state == copy  # the caller's state is not changed in place


def test_row_fields_are_the_rating_row_fields_in_order() -> None:
    assert ROW_FIELDS == tuple(f.name for f in dataclasses.fields(RatingRow))


def test_compact_event_keeps_only_games_that_count_and_names_every_member() -> None:
    ev = EventInput(7, True, EventKind.SWISS, (5,), (
        Pairing(1, 2, Kind.WIN), Pairing(3, None, Kind.PAIRING_BYE),
        Pairing(2, 4, Kind.FORFEIT_WIN), Pairing(4, 4, Kind.DRAW),
        Pairing(1, 4, Kind.UNRATED_PLAYED), Pairing(2, 1, Kind.DRAW), Pairing(4, 1, Kind.LOSS)))
    assert compact_event(ev) == (7, [1, 2, 3, 4, 5], [(1, 2, 1.0), (2, 1, 0.5), (4, 1, 0.0)])
    for rated, kind in ((False, EventKind.SWISS), (True, EventKind.BUGHOUSE)):
        unrated = dataclasses.replace(ev, rated=rated, kind=kind)
        assert not event_counts(rated, kind)
        assert compact_event(unrated) == (7, [1, 2, 3, 4, 5], [])


def test_a_night_where_a_plain_sum_would_differ_in_the_last_bit() -> None:
    """Both paths use correctly rounded sums: here a plain float sum of E is one bit off."""
    opponents = [1100.0, 1650.0, 1333.0, 1333.0, 1400.0, 1650.0, 1650.0, 1100.0]
    kinds = [Kind.LOSS, Kind.DRAW, Kind.DRAW, Kind.LOSS, Kind.WIN, Kind.LOSS, Kind.WIN,
             Kind.DRAW]
    state = {1: MemberState(1234.5, 0)}
    state.update({i: MemberState(r, 0) for i, r in enumerate(opponents, start=2)})
    ev = EventInput(1, True, EventKind.CASUAL, tuple(state),
                    tuple(Pairing(1, i, k) for i, k in enumerate(kinds, start=2)))
    terms = [expected_score(1234.5, r) for r in opponents]
    assert sum(terms) != fsum(terms)  # the example does discriminate
    rows, _ = replay([ev], state, RatingOptions())
    tuples, _ = replay_compact([compact_event(ev)], {m: (s.rating, s.games)
                                                     for m, s in state.items()}, RatingOptions())
    want, _ = reference([ev], state, RatingOptions(), frozenset())
    assert rows[0].expected == tuples[0][7] == want[0].expected == fsum(terms)
    assert [_bits(r) for r in rows] == [_bits(r) for r in tuples] == [_bits(r) for r in want]
