"""Unit tests of the ladder rating (docs/club-rating.md §1): worked examples, never-rated games,
options."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from ladder.rating import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
    expected_score,
    is_provisional,
    k_factor,
    rate_event,
    rated_games,
    replay,
)
from ladder.vocabulary.tournament import EventKind, Kind

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
DEFAULT = RatingOptions()
K32 = RatingOptions(k_new=32, k_established=32)


def event(
    pairings: list[Pairing] | tuple[Pairing, ...],
    participants: tuple[int, ...] | None = None,
    *,
    event_id: int = 1,
    rated: bool = True,
    kind: EventKind = EventKind.SWISS,
) -> EventInput:
    """An event; participants default to every member named in the pairings."""
    if participants is None:
        named = {p.a for p in pairings} | {p.b for p in pairings if p.b is not None}
        participants = tuple(sorted(named))
    return EventInput(event_id, rated, kind, participants, tuple(pairings))


def one_against_many(
    rating: float, games: int, opponents: list[tuple[float, Kind]]
) -> tuple[EventInput, dict[int, MemberState]]:
    """Member 1 (``rating``, ``games``) plays established opponents 2, 3, ... in one event."""
    state = {1: MemberState(rating, games)}
    pairings = []
    for i, (opp_rating, kind) in enumerate(opponents, start=2):
        state[i] = MemberState(opp_rating, 30)
        pairings.append(Pairing(1, i, kind))
    return event(pairings), state


def row_of(rows: list[RatingRow], member: int) -> RatingRow:
    """The row of ``member``."""
    (row,) = [r for r in rows if r.member_id == member]
    return row


# --- docs/club-rating.md §1 worked examples -------------------------------------------------------


def test_example_1_ann_k20_leaves_with_1413_76() -> None:
    ev, state = one_against_many(1400, 30, [(1500, L), (1300, W), (1600, D), (1350, W)])
    rows, new = rate_event(ev, state, DEFAULT)
    ann = row_of(rows, 1)
    terms = [expected_score(1400, r) for r in (1500, 1300, 1600, 1350)]
    assert [round(t, 4) for t in terms] == [0.3599, 0.6401, 0.2403, 0.5715]
    assert ann.k == 20.0
    assert ann.games_before == 30 and ann.games_counted == 4
    assert ann.score == 2.5
    assert ann.expected == pytest.approx(1.8118, abs=5e-4)
    # docs/club-rating.md §1: +13.76 (from the rounded terms); unrounded 13.7657; the seed shows
    # 1413.8.
    assert ann.rating_after - ann.rating_before == pytest.approx(13.76, abs=0.01)
    assert ann.rating_after == pytest.approx(1413.76, abs=0.01)
    assert round(ann.rating_after, 1) == 1413.8
    assert new[1] == MemberState(ann.rating_after, 34)


def test_example_2_player_1613_k32_falls_to_1601() -> None:
    ev, state = one_against_many(1613, 30, [(1609, L), (1477, D), (1388, W), (1586, W), (1720, L)])
    rows, _ = rate_event(ev, state, K32)
    row = row_of(rows, 1)
    assert row.k == 32.0 and row.score == 2.5
    # The seed's 2.88 comes from rounded (table) terms; the logistic curve gives 2.867.
    assert row.expected == pytest.approx(2.88, abs=0.02)
    assert round(row.rating_after) == 1601


def test_example_2_with_a_score_of_3_rises_to_1617() -> None:
    ev, state = one_against_many(1613, 30, [(1609, L), (1477, W), (1388, W), (1586, W), (1720, L)])
    rows, _ = rate_event(ev, state, K32)
    row = row_of(rows, 1)
    assert row.score == 3.0
    assert round(row.rating_after) == 1617


def test_example_3_first_night_four_newcomers_every_game_counts_for_both() -> None:
    games = [Pairing(1, 2, W), Pairing(3, 4, D), Pairing(1, 3, L), Pairing(2, 4, W),
             Pairing(1, 4, W), Pairing(2, 3, D)]
    rows, new = rate_event(event(games), {}, DEFAULT)
    assert [r.member_id for r in rows] == [1, 2, 3, 4]
    for row in rows:
        assert row.rating_before == 1200.0
        assert row.provisional_before is True
        assert row.k == 40.0
        assert row.games_counted == 3
        assert row.expected == pytest.approx(1.5)  # everyone at 1200: E = 0.5 per game
        assert new[row.member_id].games == 3
    assert [r.score for r in rows] == [2.0, 1.5, 2.0, 0.5]
    assert [r.rating_after for r in rows] == [1220.0, 1200.0, 1220.0, 1160.0]
    assert sum(r.rating_after for r in rows) == pytest.approx(4 * 1200.0)


def test_example_4_established_beats_provisional_only_the_provisional_moves() -> None:
    state = {1: MemberState(1500.0, 30), 2: MemberState(1200.0, 0)}
    rows, new = rate_event(event([Pairing(1, 2, W)]), state, DEFAULT)
    established, provisional = row_of(rows, 1), row_of(rows, 2)
    assert established.rating_after == 1500.0
    assert established.games_counted == 0
    assert established.expected == 0.0 and established.score == 0.0
    assert new[1] == MemberState(1500.0, 30)
    drop = provisional.rating_before - provisional.rating_after
    assert expected_score(1200, 1500) == pytest.approx(0.151, abs=5e-4)
    assert drop == pytest.approx(40 * expected_score(1200, 1500))
    assert drop == pytest.approx(6.04, abs=0.005)
    assert provisional.games_counted == 1
    assert new[2].games == 1


def test_protection_rule_listed_from_the_provisional_side() -> None:
    state = {1: MemberState(1500.0, 30), 2: MemberState(1200.0, 3)}
    rows, new = rate_event(event([Pairing(2, 1, L)]), state, DEFAULT)
    assert row_of(rows, 1).rating_after == 1500.0 and new[1].games == 30
    assert row_of(rows, 2).rating_after == pytest.approx(1200 - 40 * expected_score(1200, 1500))


def test_two_established_players_both_count() -> None:
    state = {1: MemberState(1500.0, 10), 2: MemberState(1400.0, 6)}
    rows, new = rate_event(event([Pairing(1, 2, D)]), state, DEFAULT)
    assert row_of(rows, 1).games_counted == 1 and row_of(rows, 2).games_counted == 1
    assert row_of(rows, 1).rating_after == pytest.approx(
        1500 + 40 * (0.5 - expected_score(1500, 1400)))
    assert row_of(rows, 2).rating_after == pytest.approx(
        1400 + 40 * (0.5 - expected_score(1400, 1500)))
    assert new == {1: MemberState(row_of(rows, 1).rating_after, 11),
                   2: MemberState(row_of(rows, 2).rating_after, 7)}


def test_event_batching_uses_ratings_frozen_before_the_event() -> None:
    # 1 beats 2 and then plays 3: the second game still uses 1's pre-event rating.
    state = {1: MemberState(1600.0, 30), 2: MemberState(1600.0, 30), 3: MemberState(1500.0, 30)}
    rows, _ = rate_event(event([Pairing(1, 2, W), Pairing(1, 3, D)]), state, DEFAULT)
    expected_change = 20 * ((1 - 0.5) + (0.5 - expected_score(1600, 1500)))
    assert row_of(rows, 1).rating_after == pytest.approx(1600 + expected_change)
    assert row_of(rows, 3).rating_after == pytest.approx(
        1500 + 20 * (0.5 - expected_score(1500, 1600)))


# --- never rated (docs/club-rating.md §1) ---------------------------------------------------------

NEVER_RATED_PAIRINGS = [
    Pairing(1, None, Kind.PAIRING_BYE),
    Pairing(1, None, Kind.FULL_BYE),
    Pairing(1, None, Kind.HALF_BYE),
    Pairing(1, None, Kind.ZERO_BYE),
    Pairing(1, 2, Kind.FORFEIT_WIN),
    Pairing(1, 2, Kind.FORFEIT_LOSS),
    Pairing(1, 2, Kind.DOUBLE_FORFEIT),
    Pairing(1, 2, Kind.UNRATED_PLAYED, Fraction(1)),
    Pairing(1, 2, Kind.UNRATED_PLAYED, Fraction(1, 2)),
    Pairing(1, 1, Kind.WIN),  # a self-pairing
]


@pytest.mark.parametrize("pairing", NEVER_RATED_PAIRINGS, ids=lambda p: f"{p.kind}-{p.b}")
def test_never_rated_pairings_leave_ratings_alone_but_give_rows(pairing: Pairing) -> None:
    state = {1: MemberState(1450.0, 12), 2: MemberState(1300.0, 2)}
    ev = event([pairing], participants=(1, 2))
    assert rated_games(ev) == []
    rows, new = rate_event(ev, state, DEFAULT)
    assert [r.member_id for r in rows] == [1, 2]
    for row in rows:
        assert row.games_counted == 0
        assert row.rating_after == row.rating_before
        assert row.expected == 0.0 and row.score == 0.0
    assert new == state


@pytest.mark.parametrize(
    ("rated", "kind"),
    [(False, EventKind.SWISS), (True, EventKind.BUGHOUSE), (False, EventKind.BUGHOUSE)],
)
def test_unrated_and_bughouse_events_rate_nothing(rated: bool, kind: EventKind) -> None:
    ev = event([Pairing(1, 2, W), Pairing(3, 4, D)], rated=rated, kind=kind)
    assert rated_games(ev) == []
    rows, new = rate_event(ev, {}, DEFAULT)
    assert [r.member_id for r in rows] == [1, 2, 3, 4]
    assert all(r.games_counted == 0 and r.rating_after == 1200.0 for r in rows)
    assert new == {m: MemberState(1200.0, 0) for m in (1, 2, 3, 4)}


def test_casual_events_are_rated_and_batched_like_any_other() -> None:
    ev = event([Pairing(1, 2, W), Pairing(2, 1, W)], kind=EventKind.CASUAL)
    rows, _ = rate_event(ev, {}, DEFAULT)
    assert [r.games_counted for r in rows] == [2, 2]
    assert [r.rating_after for r in rows] == [1200.0, 1200.0]  # 1-1 at equal frozen ratings


def test_rated_games_keeps_only_played_games_with_exact_scores() -> None:
    ev = event([Pairing(1, 2, W), Pairing(3, 4, D), Pairing(5, 6, L),
                Pairing(7, None, Kind.FULL_BYE), Pairing(1, 3, Kind.FORFEIT_WIN),
                Pairing(2, 4, Kind.UNRATED_PLAYED, Fraction(0))])
    assert rated_games(ev) == [(1, 2, Fraction(1)), (3, 4, Fraction(1, 2)), (5, 6, Fraction(0))]


def test_participant_without_any_pairing_gets_an_unchanged_row() -> None:
    ev = event([Pairing(1, 2, W)], participants=(1, 2, 9))
    rows, new = rate_event(ev, {9: MemberState(1333.5, 7)}, DEFAULT)
    nine = row_of(rows, 9)
    assert (nine.rating_before, nine.rating_after, nine.games_before, nine.games_counted) == (
        1333.5, 1333.5, 7, 0)
    assert nine.provisional_before is False and nine.k == 40.0
    assert new[9] == MemberState(1333.5, 7)


def test_member_named_in_a_pairing_but_not_listed_still_gets_a_row() -> None:
    ev = event([Pairing(1, 2, W), Pairing(3, None, Kind.PAIRING_BYE)], participants=(1,))
    rows, new = rate_event(ev, {}, DEFAULT)
    assert [r.member_id for r in rows] == [1, 2, 3]
    assert set(new) == {1, 2, 3}


def test_rate_event_returns_states_of_participants_only() -> None:
    state = {1: MemberState(1300.0, 8), 2: MemberState(1250.0, 8), 99: MemberState(1800.0, 50)}
    rows, new = rate_event(event([Pairing(1, 2, D)]), state, DEFAULT)
    assert set(new) == {1, 2}
    assert [r.event_id for r in rows] == [1, 1]


# --- K, provisional status, options --------------------------------------------------------


def test_k_switches_from_40_to_20_at_20_counted_games() -> None:
    assert k_factor(1500, 19, DEFAULT) == 40.0
    assert k_factor(1500, 20, DEFAULT) == 20.0
    # In a replay, one game per event against an established opponent.
    events = [event([Pairing(1, 2, D)], event_id=i) for i in range(1, 23)]
    rows, final = replay(events, {1: MemberState(1200.0, 17), 2: MemberState(1200.0, 100)}, DEFAULT)
    ks = [(r.games_before, r.k) for r in rows if r.member_id == 1]
    assert ks[:4] == [(17, 40.0), (18, 40.0), (19, 40.0), (20, 20.0)]
    assert all(k == 20.0 for g, k in ks if g >= 20)
    assert final[1].games == 17 + 22


def test_k_is_fixed_from_the_pre_event_count_for_the_whole_event() -> None:
    # 19 games before, 3 games tonight: K stays 40 for all three.
    state = {1: MemberState(1500.0, 19), 2: MemberState(1500.0, 40), 3: MemberState(1500.0, 40)}
    ev = event([Pairing(1, 2, W), Pairing(1, 3, W), Pairing(2, 1, L)])
    rows, new = rate_event(ev, state, DEFAULT)
    assert row_of(rows, 1).k == 40.0
    assert row_of(rows, 1).rating_after == pytest.approx(1500 + 40 * 1.5)
    assert new[1].games == 22


def test_provisional_while_fewer_than_five_counted_games() -> None:
    assert is_provisional(0, DEFAULT) and is_provisional(4, DEFAULT)
    assert not is_provisional(5, DEFAULT)
    assert is_provisional(9, RatingOptions(provisional_games=10))
    rows, _ = rate_event(event([Pairing(1, 2, W)]), {1: MemberState(1300.0, 4),
                                                      2: MemberState(1300.0, 5)}, DEFAULT)
    assert row_of(rows, 1).provisional_before is True
    assert row_of(rows, 2).provisional_before is False
    assert row_of(rows, 2).rating_after == 1300.0  # protected against the provisional player


def test_unseen_member_starts_at_the_start_rating_with_no_games() -> None:
    options = RatingOptions(start_rating=1000.0)
    rows, new = rate_event(event([Pairing(1, 2, W)]), {}, options)
    assert [r.rating_before for r in rows] == [1000.0, 1000.0]
    assert [r.games_before for r in rows] == [0, 0]
    assert new == {1: MemberState(1020.0, 1), 2: MemberState(980.0, 1)}


def test_custom_k_schedule_and_thresholds() -> None:
    options = RatingOptions(k_new=30, k_established=10, k_threshold=5, provisional_games=2)
    assert k_factor(1500, 4, options) == 30 and k_factor(1500, 5, options) == 10
    state = {1: MemberState(1500.0, 5), 2: MemberState(1500.0, 2)}
    rows, _ = rate_event(event([Pairing(1, 2, W)]), state, options)
    assert row_of(rows, 1).rating_after == 1505.0  # K 10, both established
    assert row_of(rows, 2).rating_after == 1485.0  # K 30


def test_junior_k_applies_to_flagged_juniors_below_the_ceiling() -> None:
    options = RatingOptions(junior_k=40.0)
    assert k_factor(2000, 50, options, junior=True) == 40.0
    assert k_factor(2300, 50, options, junior=True) == 20.0
    assert k_factor(2000, 50, options, junior=False) == 20.0
    assert k_factor(2000, 50, DEFAULT, junior=True) == 20.0  # option off
    state = {1: MemberState(2000.0, 50), 2: MemberState(2000.0, 50), 3: MemberState(2350.0, 50),
             4: MemberState(2350.0, 50)}
    ev = event([Pairing(1, 2, W), Pairing(3, 4, W)])
    rows, _ = rate_event(ev, state, options, juniors=frozenset({1, 3}))
    assert [r.k for r in rows] == [40.0, 20.0, 20.0, 20.0]
    assert row_of(rows, 1).rating_after == 2020.0
    assert row_of(rows, 2).rating_after == 1990.0
    assert row_of(rows, 3).rating_after == 2360.0  # at or above 2300: ordinary K
    rows_off, _ = rate_event(ev, state, DEFAULT, juniors=frozenset({1, 3}))
    assert [r.k for r in rows_off] == [20.0, 20.0, 20.0, 20.0]


def test_floor_is_applied_after_the_event() -> None:
    options = RatingOptions(floor=1190.0)
    losses = [Pairing(1, i, L) for i in (2, 3, 4)]
    rows, new = rate_event(event(losses), {}, options)
    assert row_of(rows, 1).rating_after == 1190.0  # 1200 − 3 × 20 = 1140, floored
    assert new[1] == MemberState(1190.0, 3)
    assert row_of(rows, 2).rating_after == 1220.0
    # Only the end-of-event total is floored, not each game: a loss and a win stay above it.
    rows, _ = rate_event(event([Pairing(1, 2, L), Pairing(1, 3, W)]), {}, options)
    assert row_of(rows, 1).rating_after == 1200.0


def test_floor_never_moves_a_member_without_a_counted_game() -> None:
    options = RatingOptions(start_rating=1000.0, floor=1100.0)
    rows, new = rate_event(event([Pairing(1, None, Kind.FULL_BYE)]), {}, options)
    assert rows[0].rating_after == 1000.0 and new[1] == MemberState(1000.0, 0)


# --- replay, formulas, rows ----------------------------------------------------------------


def test_replay_chains_events_and_keeps_members_of_the_initial_state() -> None:
    events = [event([Pairing(1, 2, W)], event_id=1), event([Pairing(2, 3, D)], event_id=2)]
    rows, final = replay(events, {7: MemberState(1555.0, 40)}, DEFAULT)
    assert [(r.event_id, r.member_id) for r in rows] == [(1, 1), (1, 2), (2, 2), (2, 3)]
    assert rows[2].rating_before == rows[1].rating_after == 1180.0
    assert final[7] == MemberState(1555.0, 40)
    assert final[2].games == 2 and final[3].games == 1
    assert replay([], None, DEFAULT) == ([], {})


def test_replay_from_a_stored_state_equals_replay_from_scratch() -> None:
    events = [event([Pairing(1, 2, W), Pairing(3, 4, D), Pairing(1, 3, L)], event_id=i)
              for i in range(1, 8)]
    all_rows, all_final = replay(events, None, DEFAULT)
    head_rows, mid_state = replay(events[:3], None, DEFAULT)
    tail_rows, tail_final = replay(events[3:], mid_state, DEFAULT)
    assert head_rows + tail_rows == all_rows
    assert tail_final == all_final


def test_expected_score_is_the_logistic_curve() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1600, 1200) == pytest.approx(1 / (1 + 10 ** -1))
    assert expected_score(1400, 1800) + expected_score(1800, 1400) == pytest.approx(1.0)


def test_rows_are_ordinary_frozen_dataclasses() -> None:
    rows, _ = rate_event(event([Pairing(1, 2, W)]), {}, DEFAULT)
    row = rows[0]
    same = RatingRow(event_id=1, member_id=1, rating_before=1200.0, rating_after=1220.0, k=40.0,
                     games_before=0, games_counted=1, expected=0.5, score=1.0,
                     provisional_before=True)
    assert row == same and hash(row) == hash(same) and repr(row) == repr(same)
    assert dataclasses.asdict(row) == dataclasses.asdict(same)
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.rating_after = 0.0  # type: ignore[misc]
