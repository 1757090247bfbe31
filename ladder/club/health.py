"""The health of the pool: calibration, inflation, activity; the Glicko-2 lens beside it.

Pure: plain data in (:mod:`ladder.club.history` records), plain data out (docs/qualities.md §2).
:func:`ladder_predictions` and :func:`glicko_predictions` predict exactly the same games from
the ratings held before each event; :func:`calibration` folds them into rating-gap bands with
the Brier score and log-loss (:func:`calibration_by_season` per season); :func:`glicko_lens`
puts each member's Glicko-2 rating beside the ladder; :func:`pool_series` and
:func:`games_per_month` measure inflation and activity. The definitions (bands, the favourite's
side, equal ratings, the clipping of log-loss): docs/club-rating.md §4.
"""

from __future__ import annotations

import datetime as dt
import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ladder.club.history import DatedRow, EventGames, LadderEntry, LadderGame
from ladder.club.seasons import Season
from ladder.rating.glicko2 import (
    DEFAULT_SETTINGS,
    Glicko2History,
    Glicko2Rating,
    Glicko2Settings,
    expected_score,
    rate_history,
)

#: Lower bounds of the rating-gap bands (|gap|, folded to the favourite's side).
DEFAULT_BANDS: tuple[float, ...] = (0.0, 50.0, 100.0, 200.0, 400.0)
#: Probabilities are clipped to [EPSILON, 1 − EPSILON] for the log-loss.
EPSILON = 1e-6

LADDER = "ladder"
GLICKO2 = "glicko2"


@dataclass(frozen=True)
class Prediction:
    """One rated game as a system predicted it: ``expected`` is ``a``'s expected score from
    the ratings ``rating_a``/``rating_b`` held before the event, ``score`` ``a``'s result."""

    event_id: int
    date: dt.date
    a: int
    b: int
    rating_a: float
    rating_b: float
    expected: float
    score: float

    @property
    def gap(self) -> float:
        """|Ra − Rb|."""
        return abs(self.rating_a - self.rating_b)

    def favourite_side(self) -> tuple[float, float]:
        """(expected, actual) of the favourite (the higher rated); (½, ½) between equal
        ratings, which have no favourite: the mean of both sides, whatever the order."""
        if self.rating_a == self.rating_b:
            return (0.5, 0.5)
        if self.rating_a > self.rating_b:
            return (self.expected, self.score)
        return (1.0 - self.expected, 1.0 - self.score)


def ladder_predictions(games: Iterable[LadderGame]) -> list[Prediction]:
    """The ladder's prediction of every rated game, from the frozen pre-event ratings."""
    return [Prediction(g.event_id, g.date, g.a, g.b, g.rating_a, g.rating_b, g.expected_a,
                       g.score_a) for g in games]


def glicko_history(events: Iterable[EventGames], settings: Glicko2Settings | None = None,
                   start_rating: float = 1200.0) -> Glicko2History:
    """The history rated with Glicko-2, one rating period per event (replay order).

    Without ``settings``, the paper's defaults with the lens starting at the club's
    ``start_rating``, so that the two systems stand on the same scale beside each other
    (Glicko-2 depends only on rating differences: the start only shifts every rating).
    """
    if settings is None:
        settings = replace(DEFAULT_SETTINGS, initial_rating=float(start_rating))
    return rate_history(events, settings)


def glicko_predictions(events: Sequence[EventGames], history: Glicko2History) -> list[Prediction]:
    """Glicko-2's out-of-sample prediction of every game of ``events``: each from the
    pre-event states of ``history`` (which must be ``glicko_history(events)``)."""
    if len(events) != len(history.periods):
        raise ValueError("the history does not belong to these events")
    out = []
    for event, period in zip(events, history.periods, strict=False):
        if event.event_id != period.event_id:
            raise ValueError("the history does not belong to these events")
        for a, b, score in event.games:
            if a == b:
                continue
            sa, sb = period.before[a], period.before[b]
            out.append(Prediction(event.event_id, event.date, a, b, sa.rating, sb.rating,
                                  expected_score(sa, sb), float(score)))
    return out


def brier_score(predictions: Sequence[Prediction]) -> float | None:
    """Mean of (E − S)²; None without games."""
    if not predictions:
        return None
    return math.fsum((p.expected - p.score) ** 2 for p in predictions) / len(predictions)


def log_loss(predictions: Sequence[Prediction], epsilon: float = EPSILON) -> float | None:
    """Mean cross-entropy −[S ln p + (1 − S) ln(1 − p)], p clipped to [ε, 1 − ε]; a draw is
    the target ½. None without games."""
    if not predictions:
        return None
    total = []
    for p in predictions:
        q = min(max(p.expected, epsilon), 1.0 - epsilon)
        total.append(-(p.score * math.log(q) + (1.0 - p.score) * math.log(1.0 - q)))
    return math.fsum(total) / len(predictions)


@dataclass(frozen=True)
class Band:
    """One rating-gap band: ``low`` ≤ |gap| < ``high`` (None: open), its games, the
    favourite's mean expected and mean actual score, and the band's Brier score and
    log-loss (None when the band has no game)."""

    low: float
    high: float | None
    count: int
    mean_expected: float | None
    mean_actual: float | None
    brier: float | None
    log_loss: float | None


@dataclass(frozen=True)
class Calibration:
    """How well one system's expected scores predicted a set of games."""

    count: int
    brier: float | None
    log_loss: float | None
    mean_expected: float | None  # the favourites' mean expected score
    mean_actual: float | None  # the favourites' mean actual score
    bands: tuple[Band, ...]


def _check_bands(bands: Sequence[float]) -> None:
    if not bands or bands[0] != 0 or any(not lo < hi
                                         for lo, hi in zip(bands, bands[1:], strict=False)):
        raise ValueError("bands must start at 0 and increase")


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def calibration(predictions: Iterable[Prediction], bands: Sequence[float] = DEFAULT_BANDS,
                epsilon: float = EPSILON) -> Calibration:
    """Calibration of ``predictions`` overall and per rating-gap band (module docstring)."""
    _check_bands(bands)
    games = list(predictions)
    grouped: list[list[Prediction]] = [[] for _ in bands]
    for p in games:
        gap = p.gap
        index = len(bands) - 1
        while bands[index] > gap:
            index -= 1
        grouped[index].append(p)
    highs: list[float | None] = [*bands[1:], None]
    out = []
    for low, high, group in zip(bands, highs, grouped, strict=False):
        sides = [p.favourite_side() for p in group]
        out.append(Band(low, high, len(group), _mean([e for e, _ in sides]),
                        _mean([s for _, s in sides]), brier_score(group),
                        log_loss(group, epsilon)))
    sides = [p.favourite_side() for p in games]
    return Calibration(len(games), brier_score(games), log_loss(games, epsilon),
                       _mean([e for e, _ in sides]), _mean([s for _, s in sides]), tuple(out))


@dataclass(frozen=True)
class SeasonCalibration:
    """The calibration of one season's games (``season`` None: all games)."""

    season: Season | None
    calibration: Calibration


def calibration_by_season(predictions: Iterable[Prediction], seasons: Sequence[Season],
                          bands: Sequence[float] = DEFAULT_BANDS,
                          epsilon: float = EPSILON) -> tuple[SeasonCalibration, ...]:
    """One line per season (in the given order), then the overall line (``season`` None,
    every game, those outside any season included)."""
    games = list(predictions)
    lines = [SeasonCalibration(s, calibration([p for p in games if s.contains(p.date)],
                                              bands, epsilon)) for s in seasons]
    lines.append(SeasonCalibration(None, calibration(games, bands, epsilon)))
    return tuple(lines)


@dataclass(frozen=True)
class PredictionVerdict:
    """Which system predicted the same games better: ``better`` is :data:`LADDER`,
    :data:`GLICKO2`, ``"mixed"`` (Brier score and log-loss disagree), ``"equal"`` or None
    (no games)."""

    better: str | None
    ladder: Calibration
    glicko2: Calibration


def compare(ladder: Calibration, glicko2: Calibration) -> PredictionVerdict:
    """Compare the two systems' calibrations of the same games (lower is better for both
    the Brier score and the log-loss; the verdict needs both to agree)."""
    if (ladder.count == 0 or ladder.count != glicko2.count or ladder.brier is None
            or glicko2.brier is None or ladder.log_loss is None or glicko2.log_loss is None):
        return PredictionVerdict(None, ladder, glicko2)
    brier = (ladder.brier > glicko2.brier) - (ladder.brier < glicko2.brier)
    loss = (ladder.log_loss > glicko2.log_loss) - (ladder.log_loss < glicko2.log_loss)
    if brier == loss == 0:
        better = "equal"
    elif brier >= 0 and loss >= 0:
        better = GLICKO2
    elif brier <= 0 and loss <= 0:
        better = LADDER
    else:
        better = "mixed"
    return PredictionVerdict(better, ladder, glicko2)


@dataclass(frozen=True)
class PoolPoint:
    """The pool after the events of ``date`` (or at a month's end).

    ``members``: members with at least one rating row so far (within ``active_days`` of the
    date when that option is set); ``mean`` / ``median``: of the established members'
    ratings (None when there is none); ``drift``: ``mean − start_rating`` (inflation when
    positive, deflation when negative).
    """

    date: dt.date
    members: int
    established: int
    provisional: int
    mean: float | None
    median: float | None
    start_rating: float

    @property
    def provisional_share(self) -> float:
        """Provisional members / members (0 when there is nobody)."""
        return self.provisional / self.members if self.members else 0.0

    @property
    def drift(self) -> float | None:
        """Mean established rating − start rating."""
        return None if self.mean is None else self.mean - self.start_rating


def _month_end(day: dt.date) -> dt.date:
    nxt = dt.date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


def pool_series(rows: Iterable[DatedRow], start_rating: float = 1200.0,
                provisional_games: int = 5, monthly: bool = False,
                active_days: int | None = None) -> tuple[PoolPoint, ...]:
    """The pool over time, from the stored rows (no replay).

    One point after each event date, or (``monthly``) one at the end of each month from the
    first event's month to the last one's, months without events included. Each member
    counts with their latest row so far; ``active_days`` (optional) keeps only members whose
    latest row is at most that many days before the point.
    """
    ordered = sorted(rows, key=lambda r: (r.date, r.event_id, r.member_id))
    if not ordered:
        return ()
    if monthly:
        points_at: list[dt.date] = []
        day = _month_end(ordered[0].date)
        while day <= _month_end(ordered[-1].date):
            points_at.append(day)
            day = _month_end(day + dt.timedelta(days=1))
    else:
        points_at = sorted({r.date for r in ordered})
    state: dict[int, tuple[float, int, dt.date]] = {}
    out = []
    i = 0
    for at in points_at:
        while i < len(ordered) and ordered[i].date <= at:
            row = ordered[i]
            state[row.member_id] = (row.rating_after, row.games_after, row.date)
            i += 1
        current = [(r, g) for r, g, last in state.values()
                   if active_days is None or (at - last).days <= active_days]
        established = [r for r, g in current if g >= provisional_games]
        out.append(PoolPoint(at, len(current), len(established),
                             len(current) - len(established),
                             _mean(established),
                             statistics.median(established) if established else None,
                             float(start_rating)))
    return tuple(out)


@dataclass(frozen=True)
class MonthCount:
    """Games and events of one month (``month``: its first day)."""

    month: dt.date
    games: int
    events: int


def games_per_month(events: Iterable[EventGames]) -> tuple[MonthCount, ...]:
    """Rated games and events per month, from the first event's month to the last one's
    (months without events included, with zeros)."""
    counts: dict[dt.date, list[int]] = {}
    for event in events:
        key = event.date.replace(day=1)
        acc = counts.setdefault(key, [0, 0])
        acc[0] += sum(1 for a, b, _ in event.games if a != b)
        acc[1] += 1
    if not counts:
        return ()
    out = []
    month, last = min(counts), max(counts)
    while month <= last:
        games, n_events = counts.get(month, [0, 0])
        out.append(MonthCount(month, games, n_events))
        month = dt.date(month.year + (month.month == 12), month.month % 12 + 1, 1)
    return tuple(out)


@dataclass(frozen=True)
class LensLine:
    """A ladder line with the member's Glicko-2 state beside it (None: no rated game yet).

    ``glicko_rank`` orders members by Glicko-2 rating (best first, ties by member id; a
    shared rank for equal ratings), among the lines given.
    """

    ladder: LadderEntry
    glicko: Glicko2Rating | None
    glicko_rank: int | None

    @property
    def band(self) -> tuple[float, float] | None:
        """The uncertainty band rating ± 2 RD (≈ 95 %)."""
        return None if self.glicko is None else self.glicko.interval(2.0)


def glicko_lens(ladder: Sequence[LadderEntry], history: Glicko2History) -> tuple[LensLine, ...]:
    """``ladder`` (its order kept) with each member's final Glicko-2 state of ``history``."""
    rated = sorted((line.member_id for line in ladder if line.member_id in history.final),
                   key=lambda m: (-history.final[m].rating, m))
    ranks: dict[int, int] = {}
    previous: float | None = None
    rank = 0
    for position, member in enumerate(rated, start=1):
        rating = history.final[member].rating
        if rating != previous:
            rank, previous = position, rating
        ranks[member] = rank
    return tuple(LensLine(line, history.final.get(line.member_id), ranks.get(line.member_id))
                 for line in ladder)
