"""The ladder "as of" a date and the per-game records, checked against independent replays."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.club.history import DatedRow, EventGames, ladder_as_of, ladder_games, rank_lines
from ladder.rating import replay

from .history_data import make_history


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), offset=st.integers(-5, 400))
def test_as_of_equals_the_ladder_after_the_last_event_on_or_before_the_date(
        seed: int, offset: int) -> None:
    h = make_history(seed)
    day = dt.date(2025, 1, 10) + dt.timedelta(days=offset)
    # Independent: replay from scratch only the events dated on or before the day.
    prefix = [e for e in h.events if h.dates[e.event_id] <= day]
    _, state = replay(prefix, None, h.options)
    expected = sorted(state.items(), key=lambda kv: (kv[1].games < 5, -kv[1].rating, kv[0]))
    lines = ladder_as_of(h.dated, day)
    assert [(x.member_id, x.rating, x.games) for x in lines] == [
        (m, s.rating, s.games) for m, s in expected]
    for line in lines:
        assert line.provisional == (line.games < 5)
        assert line.last_date <= day


def test_as_of_none_is_the_current_ladder_and_ranks_are_shared() -> None:
    h = make_history(3)
    _, state = replay(h.events, None, h.options)
    lines = ladder_as_of(h.dated, None)
    assert {x.member_id: x.rating for x in lines} == {m: s.rating for m, s in state.items()}
    assert ladder_as_of(h.dated, dt.date(2024, 1, 1)) == ()
    day = dt.date(2025, 1, 1)
    ranked = rank_lines([(1, 1300.0, 9, 0.0, 1, day), (2, 1300.0, 9, 0.0, 1, day),
                         (3, 1250.0, 9, 0.0, 1, day), (4, 1400.0, 2, 0.0, 1, day)], 5)
    assert [(x.member_id, x.rank) for x in ranked] == [(1, 1), (2, 1), (3, 3), (4, 4)]


def test_as_of_takes_the_last_event_of_a_day_by_event_id() -> None:
    day = dt.date(2025, 3, 1)
    rows = [DatedRow(9, day, 1, 1200.0, 1210.0, 0, 1, 0.5, 1.0, True),
            DatedRow(4, day, 1, 1190.0, 1200.0, 0, 1, 0.5, 1.0, True)]
    (line,) = ladder_as_of(rows, day)
    assert (line.rating, line.last_event_id, line.last_change) == (1210.0, 9, 10.0)


@pytest.mark.parametrize("seed", range(8))
def test_ladder_games_reproduce_the_stored_sums(seed: int) -> None:
    """Per (event, member): the games counted for the member, their expected and actual score
    recomputed from the per-game records equal what the engine stored."""
    h = make_history(seed)
    games = ladder_games(h.games, h.rows)
    sums: dict[tuple[int, int], list[float]] = {}
    for g in games:
        for member, counted, e, s in ((g.a, g.counted_a, g.expected_a, g.score_a),
                                      (g.b, g.counted_b, 1 - g.expected_a, g.score_b)):
            if counted:
                acc = sums.setdefault((g.event_id, member), [0, 0.0, 0.0])
                acc[0] += 1
                acc[1] += e
                acc[2] += s
    for row in h.rows:
        n, e, s = sums.get((row.event_id, row.member_id), [0, 0.0, 0.0])
        assert n == row.games_counted
        assert math.isclose(e, row.expected, abs_tol=1e-9)
        assert s == row.score
        # The engine's update: rating_after − rating_before = K × (S − E).
        assert math.isclose(row.rating_after - row.rating_before, row.k * (s - e),
                            abs_tol=1e-9)


def test_ladder_games_need_the_rows_of_the_event() -> None:
    with pytest.raises(ValueError):
        ladder_games([EventGames(1, dt.date(2025, 1, 1), ((1, 2, 1.0),))], [])


def test_unrated_event_has_no_games() -> None:
    h = make_history(1)
    unrated = [e for e in h.events if not e.rated]
    assert unrated
    by_id = {g.event_id: g for g in h.games}
    assert all(by_id[e.event_id].games == () for e in unrated)
