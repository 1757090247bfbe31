"""Property tests of the ladder rating (docs/club-rating.md §1 batching and protection,
docs/club-rating.md §2 replay)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ladder.rating import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
    is_provisional,
    k_factor,
    rate_event,
    rated_games,
    replay,
)
from ladder.vocabulary.tournament import EventKind, Kind
from tests.unit.rating_strategies import (
    JUNIORS,
    OPTIONS,
    PLAYED,
    RATINGS,
    STATES,
    event_lists,
    events,
)


def flip(p: Pairing) -> Pairing:
    """The same game listed from the other side."""
    if p.b is None:
        return p
    mirror = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
              Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}
    outcome = None if p.outcome is None else 1 - p.outcome
    return Pairing(p.b, p.a, mirror.get(p.kind, p.kind), outcome)


@given(events(), STATES, OPTIONS, JUNIORS, st.randoms(use_true_random=False))
def test_event_result_does_not_depend_on_listing_order_or_side(
    ev: EventInput, state: dict[int, MemberState], options: RatingOptions,
    juniors: frozenset[int], rnd: random.Random,
) -> None:
    shuffled = list(ev.pairings)
    rnd.shuffle(shuffled)
    shuffled = [flip(p) if rnd.random() < 0.5 else p for p in shuffled]
    participants = list(ev.participants)
    rnd.shuffle(participants)
    other = EventInput(ev.event_id, ev.rated, ev.kind, tuple(participants), tuple(shuffled))
    assert rate_event(other, state, options, juniors) == rate_event(ev, state, options, juniors)


@given(event_lists(), STATES, OPTIONS, JUNIORS, st.data())
def test_replay_from_a_stored_mid_point_equals_replay_from_scratch(
    evs: list[EventInput], state: dict[int, MemberState], options: RatingOptions,
    juniors: frozenset[int], data: st.DataObject,
) -> None:
    all_rows, all_final = replay(evs, state, options, juniors)
    cut = data.draw(st.integers(min_value=0, max_value=len(evs)))
    head_rows, mid_state = replay(evs[:cut], state, options, juniors)
    # The service restores the state from stored rows: the last row of each member wins.
    stored = dict(state)
    for row in head_rows:
        stored[row.member_id] = MemberState(row.rating_after, row.games_before + row.games_counted)
    assert stored == mid_state
    tail_rows, tail_final = replay(evs[cut:], stored, options, juniors)
    assert head_rows + tail_rows == all_rows  # exact, to the last bit
    assert tail_final == all_final


@given(RATINGS, RATINGS, st.integers(20, 200), st.integers(20, 200), PLAYED, st.booleans())
def test_a_game_between_established_players_with_the_same_k_is_zero_sum(
    r1: float, r2: float, g1: int, g2: int, kind: Kind, twice: bool,
) -> None:
    state = {1: MemberState(r1, g1), 2: MemberState(r2, g2)}
    games = (Pairing(1, 2, kind),) + ((Pairing(2, 1, kind),) if twice else ())
    rows, _ = rate_event(EventInput(1, True, EventKind.SWISS, (1, 2), games), state,
                         RatingOptions())
    assert all(r.k == 20.0 for r in rows)
    assert abs(sum(r.rating_after - r.rating_before for r in rows)) < 1e-9


@given(events(), STATES, OPTIONS, JUNIORS)
def test_established_rating_never_moves_from_games_against_provisional_players(
    ev: EventInput, state: dict[int, MemberState], options: RatingOptions, juniors: frozenset[int],
) -> None:
    rows, new = rate_event(ev, state, options, juniors)
    provisional = {r.member_id for r in rows if r.provisional_before}
    for row in rows:
        if row.provisional_before:
            continue
        opponents = [b if a == row.member_id else a for a, b, _ in rated_games(ev)
                     if row.member_id in (a, b) and a != b]
        if all(o in provisional for o in opponents):
            assert row.rating_after == row.rating_before
            assert row.games_counted == 0
            assert new[row.member_id] == MemberState(row.rating_before, row.games_before)


@given(events(), STATES, OPTIONS, JUNIORS)
def test_rows_agree_with_the_rules_and_with_rated_games(
    ev: EventInput, state: dict[int, MemberState], options: RatingOptions, juniors: frozenset[int],
) -> None:
    rows, new = rate_event(ev, state, options, juniors)
    named = set(ev.participants) | {p.a for p in ev.pairings} | {
        p.b for p in ev.pairings if p.b is not None}
    assert [r.member_id for r in rows] == sorted(named)
    assert set(new) == named
    prov = {r.member_id: r.provisional_before for r in rows}
    counted: dict[int, int] = dict.fromkeys(named, 0)
    for a, b, _ in rated_games(ev):
        if prov[a] == prov[b]:
            counted[a] += 1
            counted[b] += 1
        else:  # protection rule: only the provisional side counts
            counted[a if prov[a] else b] += 1
    for row in rows:
        before = state.get(row.member_id, MemberState(options.start_rating, 0))
        assert isinstance(row, RatingRow)
        assert (row.rating_before, row.games_before) == (before.rating, before.games)
        assert row.provisional_before == is_provisional(before.games, options)
        assert row.k == k_factor(before.rating, before.games, options, row.member_id in juniors)
        assert row.games_counted == counted[row.member_id]
        assert new[row.member_id].games == row.games_before + row.games_counted
        assert 0.0 <= row.score <= row.games_counted
        if row.games_counted == 0:
            assert row.rating_after == row.rating_before
        elif options.floor is not None:
            assert row.rating_after >= options.floor


@given(events(), STATES, OPTIONS)
def test_events_that_are_never_rated_change_nothing(
    ev: EventInput, state: dict[int, MemberState], options: RatingOptions,
) -> None:
    unrated = EventInput(ev.event_id, False, ev.kind, ev.participants, ev.pairings)
    bughouse = EventInput(ev.event_id, True, EventKind.BUGHOUSE, ev.participants, ev.pairings)
    for e in (unrated, bughouse):
        assert rated_games(e) == []
        rows, _ = rate_event(e, state, options)
        assert all(r.rating_after == r.rating_before and r.games_counted == 0 for r in rows)


@given(st.lists(st.tuples(RATINGS, PLAYED), min_size=2, max_size=40),
       st.randoms(use_true_random=False))
def test_a_long_night_sums_to_the_same_last_bit_in_any_order(
    opponents: list[tuple[float, Kind]], rnd: random.Random,
) -> None:
    # One provisional member against many provisional opponents: every S − E term counts for
    # member 1, and a plain float sum would depend on the order (docs/club-rating.md §1: it must
    # not).
    state = {1: MemberState(1234.5, 0)}
    state.update({i: MemberState(r, 0) for i, (r, _) in enumerate(opponents, start=2)})
    games = [Pairing(1, i, kind) for i, (_, kind) in enumerate(opponents, start=2)]
    ev = EventInput(1, True, EventKind.CASUAL, tuple(state), tuple(games))
    rows, _ = rate_event(ev, state, RatingOptions())
    for _ in range(5):
        rnd.shuffle(games)
        again, _ = rate_event(EventInput(1, True, EventKind.CASUAL, tuple(state), tuple(games)),
                              state, RatingOptions())
        assert again[0] == rows[0]
