"""Pool health: calibration recomputed by hand, the Glicko-2 comparison, inflation, activity."""

from __future__ import annotations

import datetime as dt
import math
import statistics
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.club.health import (
    DEFAULT_BANDS,
    EPSILON,
    GLICKO2,
    LADDER,
    Calibration,
    Prediction,
    brier_score,
    calibration,
    calibration_by_season,
    compare,
    games_per_month,
    glicko_history,
    glicko_lens,
    glicko_predictions,
    ladder_predictions,
    log_loss,
    pool_series,
)
from ladder.club.history import EventGames, ladder_as_of, ladder_games
from ladder.club.seasons import Season
from ladder.rating import replay
from ladder.rating.glicko2 import Glicko2Rating, expected_score

from .history_data import make_history

D = dt.date


def _p(ra: float, rb: float, score: float, expected: float | None = None,
       day: D = dt.date(2025, 3, 1)) -> Prediction:
    e = 1 / (1 + 10 ** ((rb - ra) / 400)) if expected is None else expected
    return Prediction(1, day, 1, 2, ra, rb, e, score)


# --- calibration, by hand ------------------------------------------------------------------

def test_brier_and_log_loss_by_hand() -> None:
    games = [_p(0, 0, 1, 0.8), _p(0, 0, 0, 0.3), _p(0, 0, 0.5, 0.5), _p(0, 0, 0.5, 0.9)]
    assert brier_score(games) == pytest.approx((0.04 + 0.09 + 0 + 0.16) / 4)
    want = (-math.log(0.8) - math.log(0.7) + math.log(2)
            - 0.5 * (math.log(0.9) + math.log(0.1))) / 4
    assert log_loss(games) == pytest.approx(want)
    # A draw predicted at ½ costs ln 2, the least a draw can cost.
    assert log_loss([_p(0, 0, 0.5, 0.5)]) == pytest.approx(math.log(2))
    # Clipping: a certain, wrong prediction costs −ln ε, not infinity.
    assert log_loss([_p(0, 0, 0, 1.0)]) == pytest.approx(-math.log(EPSILON))
    assert brier_score([]) is None and log_loss([]) is None


def test_bands_fold_to_the_favourite() -> None:
    games = [_p(1500, 1450, 1),  # gap 50: second band (lower bound included)
             _p(1450, 1500, 1),  # the favourite (b) lost: folded, actual 0
             _p(1600, 1599, 0.5),  # first band
             _p(1000, 1500, 0),  # 500: last band, favourite b won
             _p(1200, 1200, 0)]  # equal: no favourite, counts ½ and ½ (docs/organizer-guide.md §4)
    cal = calibration(games)
    assert [(b.low, b.high, b.count) for b in cal.bands] == [
        (0, 50, 2), (50, 100, 2), (100, 200, 0), (200, 400, 0), (400, None, 1)]
    e50 = 1 / (1 + 10 ** (-50 / 400))
    second = cal.bands[1]
    assert second.mean_expected == pytest.approx(e50)
    assert second.mean_actual == pytest.approx(0.5)  # one win, one loss of the favourite
    assert cal.bands[4].mean_actual == 1.0
    assert cal.bands[4].mean_expected == pytest.approx(1 / (1 + 10 ** (-500 / 400)))
    assert cal.bands[2].mean_expected is None and cal.bands[2].brier is None
    assert cal.bands[0].mean_actual == pytest.approx((0.5 + 0.5) / 2)
    assert cal.count == 5 and cal.brier == brier_score(games)
    with pytest.raises(ValueError):
        calibration(games, bands=(10, 50))


def test_equal_ratings_have_no_favourite() -> None:
    """The same first club night, typed in either order, gives the same favourites' means
    (everyone starts at 1200; before: 1.0 in one club, 0.0 in the other)."""
    night = [(1200.0, 1200.0, 1.0), (1200.0, 1200.0, 1.0), (1200.0, 1200.0, 0.5)]
    typed = calibration([_p(ra, rb, s) for ra, rb, s in night])
    swapped = calibration([_p(rb, ra, 1 - s) for ra, rb, s in night])
    for one in (typed, swapped):
        assert one.mean_expected == 0.5 and one.mean_actual == 0.5
        assert one.bands[0].mean_actual == 0.5
    assert typed == swapped


@given(st.lists(st.tuples(st.floats(800, 2400), st.floats(800, 2400),
                          st.sampled_from([0.0, 0.5, 1.0])), max_size=60))
def test_calibration_recomputed(raw: list[tuple[float, float, float]]) -> None:
    games = [_p(ra, rb, s) for ra, rb, s in raw]
    cal = calibration(games)
    for band in cal.bands:
        inside = [(ra, rb, s) for ra, rb, s in raw
                  if band.low <= abs(ra - rb) and (band.high is None or abs(ra - rb) < band.high)]
        assert band.count == len(inside)
        if not inside:
            continue
        # The favourite's expected score, from the logistic with the positive gap.
        fav_e = [1 / (1 + 10 ** (-abs(ra - rb) / 400)) for ra, rb, _ in inside]
        fav_s = [0.5 if ra == rb else s if ra > rb else 1 - s for ra, rb, s in inside]
        assert band.mean_expected == pytest.approx(sum(fav_e) / len(fav_e))
        assert band.mean_actual == pytest.approx(sum(fav_s) / len(fav_s))
        # Brier and log-loss score the game as played (either side gives the same).
        own = [(1 / (1 + 10 ** ((rb - ra) / 400)), s) for ra, rb, s in inside]
        assert band.brier == pytest.approx(sum((e - s) ** 2 for e, s in own) / len(inside))
        assert band.log_loss == pytest.approx(
            -sum(s * math.log(e) + (1 - s) * math.log(1 - e) for e, s in own) / len(inside))
    assert sum(b.count for b in cal.bands) == len(raw)


def test_calibration_by_season() -> None:
    spring = Season("Spring", D(2025, 1, 1), D(2025, 3, 31))
    summer = Season("Summer", D(2025, 4, 1), D(2025, 6, 30))
    games = [_p(1500, 1400, 1, day=D(2025, 2, 1)), _p(1500, 1400, 0, day=D(2025, 5, 1)),
             _p(1400, 1400, 0.5, day=D(2025, 5, 2)), _p(1300, 1400, 1, day=D(2025, 9, 1))]
    lines = calibration_by_season(games, [spring, summer])
    assert [(x.season, x.calibration.count) for x in lines] == [
        (spring, 1), (summer, 2), (None, 4)]
    assert lines[1].calibration.brier == brier_score(games[1:3])
    assert lines[2].calibration == calibration(games)


def test_compare_needs_both_measures_to_agree() -> None:
    def cal(brier: float, loss: float, n: int = 10) -> Calibration:
        return Calibration(n, brier, loss, 0.6, 0.6, ())
    assert compare(cal(0.20, 0.60), cal(0.21, 0.62)).better == LADDER
    assert compare(cal(0.22, 0.60), cal(0.21, 0.59)).better == GLICKO2
    assert compare(cal(0.20, 0.62), cal(0.21, 0.60)).better == "mixed"
    assert compare(cal(0.20, 0.60), cal(0.20, 0.60)).better == "equal"
    assert compare(cal(0.20, 0.60, 0), cal(0.20, 0.60, 0)).better is None
    assert compare(cal(0.20, 0.60, 9), cal(0.20, 0.60, 10)).better is None


# --- the ladder's and Glicko-2's predictions on a history ----------------------------------

def test_ladder_predictions_use_the_frozen_pre_event_ratings() -> None:
    h = make_history(4)
    predictions = ladder_predictions(ladder_games(h.games, h.rows))
    before = {(r.event_id, r.member_id): r.rating_before for r in h.rows}
    assert len(predictions) == sum(len(e.games) for e in h.games)
    for p in predictions:
        ra, rb = before[(p.event_id, p.a)], before[(p.event_id, p.b)]
        assert (p.rating_a, p.rating_b) == (ra, rb)
        assert p.expected == pytest.approx(1 / (1 + 10 ** ((rb - ra) / 400)))


def test_glicko_predictions_are_out_of_sample() -> None:
    h = make_history(6)
    history = glicko_history(h.games)
    predictions = glicko_predictions(list(h.games), history)
    assert len(predictions) == sum(len(e.games) for e in h.games)
    # Independent: walk the history; each game predicted from the states *before* its event.
    latest: dict[int, Glicko2Rating] = {}
    by_event: dict[int, list[Prediction]] = {}
    for p in predictions:
        by_event.setdefault(p.event_id, []).append(p)
    for event, period in zip(h.games, history.periods, strict=False):
        for p in by_event.get(event.event_id, []):
            for m, rating in ((p.a, p.rating_a), (p.b, p.rating_b)):
                assert rating == (latest[m].rating if m in latest else 1200.0)
            assert p.expected == expected_score(period.before[p.a], period.before[p.b])
        latest.update(period.after)
    first = by_event[h.games[0].event_id]
    assert all(p.expected == 0.5 for p in first)  # everybody new and equal
    with pytest.raises(ValueError):
        glicko_predictions(list(h.games[1:]), history)


def test_the_two_systems_are_compared_on_the_same_games() -> None:
    h = make_history(8, n_events=40)
    ladder = calibration(ladder_predictions(ladder_games(h.games, h.rows)))
    glicko = calibration(glicko_predictions(list(h.games), glicko_history(h.games)))
    verdict = compare(ladder, glicko)
    assert ladder.count == glicko.count > 0
    assert verdict.better in (LADDER, GLICKO2, "mixed", "equal")


# --- inflation and activity ----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_pool_series_after_each_event_date(seed: int) -> None:
    h = make_history(seed)
    series = pool_series(h.dated)
    assert [x.date for x in series] == sorted(set(h.dates.values()))
    for point in series:
        # Independent: replay the events up to the date.
        _, state = replay([e for e in h.events if h.dates[e.event_id] <= point.date], None,
                          h.options)
        est = [s.rating for s in state.values() if s.games >= 5]
        assert point.members == len(state)
        assert point.established == len(est)
        assert point.provisional_share == pytest.approx((len(state) - len(est)) / len(state))
        if est:
            assert point.mean == pytest.approx(statistics.fmean(est))
            assert point.median == statistics.median(est)
            assert point.drift == pytest.approx(statistics.fmean(est) - 1200.0)
        else:
            assert point.mean is None and point.median is None and point.drift is None


def test_pool_series_monthly_and_active_members() -> None:
    h = make_history(2, n_events=30)
    monthly = pool_series(h.dated, monthly=True)
    first, last = min(h.dates.values()), max(h.dates.values())
    assert monthly[0].date == D(first.year, first.month, 31)
    assert monthly[-1].date.month == last.month and (monthly[-1].date + dt.timedelta(1)).day == 1
    for point in monthly:
        lines = ladder_as_of(h.dated, point.date)
        assert point.members == len(lines)
        assert point.established == sum(1 for x in lines if not x.provisional)
    active = pool_series(h.dated, active_days=30)
    for point in active:
        lines = ladder_as_of(h.dated, point.date)
        recent = [x for x in lines if (point.date - x.last_date).days <= 30]
        assert point.members == len(recent)
    assert pool_series([]) == ()


def test_games_per_month() -> None:
    h = make_history(9)
    months = games_per_month(h.games)
    games = Counter()  # type: Counter[D]
    events = Counter()  # type: Counter[D]
    for e in h.games:
        games[e.date.replace(day=1)] += len(e.games)
        events[e.date.replace(day=1)] += 1
    assert {m.month: m.games for m in months if m.games} == {k: v for k, v in games.items() if v}
    assert sum(m.events for m in months) == len(h.games)
    steps = [(b.month.year * 12 + b.month.month) - (a.month.year * 12 + a.month.month)
             for a, b in zip(months, months[1:], strict=False)]
    assert set(steps) <= {1}  # no month left out
    gap = games_per_month([EventGames(1, D(2025, 11, 5), ((1, 2, 1.0),)),
                           EventGames(2, D(2026, 2, 5), ((1, 2, 0.0), (2, 3, 0.5)))])
    assert [(m.month, m.games, m.events) for m in gap] == [
        (D(2025, 11, 1), 1, 1), (D(2025, 12, 1), 0, 0), (D(2026, 1, 1), 0, 0),
        (D(2026, 2, 1), 2, 1)]
    assert DEFAULT_BANDS == (0, 50, 100, 200, 400)


def test_glicko_lens_keeps_the_ladder_order() -> None:
    h = make_history(7)
    ladder = ladder_as_of(h.dated, None)
    history = glicko_history(h.games)
    lens = glicko_lens(ladder, history)
    assert [x.ladder for x in lens] == list(ladder)
    for line in lens:
        state = history.final.get(line.ladder.member_id)
        assert line.glicko == state
        if state is not None:
            assert line.band == (state.rating - 2 * state.rd, state.rating + 2 * state.rd)
            assert line.glicko_rank == 1 + sum(
                1 for s in history.final.values() if s.rating > state.rating)
        else:
            assert line.band is None and line.glicko_rank is None
