"""The pool-health read model (docs/qualities.md §2): inflation, activity, calibration, the Glicko-2
lens.

Everything comes from the stored history (:mod:`.history`), never from a replay of the
ladder: the pool over time from the stored rows, the ladder's predictions from the frozen
pre-event ratings in the rows, and the same games rated once more with Glicko-2 (a rating
period per published event, the club's τ, starting at the club's start rating), whose
predictions are made from each event's pre-event states — out of sample, like the ladder's.
Both systems are measured on exactly the same games, per season and overall.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..club.health import (
    GLICKO2,
    LADDER,
    LensLine,
    MonthCount,
    PoolPoint,
    PredictionVerdict,
    SeasonCalibration,
    calibration_by_season,
    compare,
    games_per_month,
    glicko_history,
    glicko_lens,
    glicko_predictions,
    ladder_predictions,
    pool_series,
)
from ..club.history import ladder_as_of, ladder_games
from ..extensions import DbSession
from ..models import ClubSettings
from ..rating.glicko2 import DEFAULT_SETTINGS, Glicko2Settings
from .history import history_games, stored_rows
from .seasons import all_seasons, as_season


@dataclass(frozen=True)
class SystemsLine:
    """One line of the comparison: a season (None: every game) with both calibrations."""

    ladder: SeasonCalibration
    glicko: SeasonCalibration
    verdict: PredictionVerdict


@dataclass(frozen=True)
class HealthReport:
    """What the pool-health page shows."""

    start_rating: float
    provisional_games: int
    tau: float
    events: int
    games: int
    series: tuple[PoolPoint, ...]
    months: tuple[MonthCount, ...]
    lines: tuple[SystemsLine, ...]  # one per season (calendar order), then the overall one
    lens: tuple[LensLine, ...]  # the current ladder with each member's Glicko-2 state

    @property
    def overall(self) -> SystemsLine:
        """The line of every game."""
        return self.lines[-1]


def glicko_settings(settings: ClubSettings) -> Glicko2Settings:
    """The lens's settings: the paper's, with the club's τ and start rating."""
    return replace(DEFAULT_SETTINGS, tau=float(settings.glicko_tau),
                   initial_rating=float(settings.start_rating))


def health_report(session: DbSession, settings: ClubSettings) -> HealthReport:
    """The pool's health from the stored history (see the module docstring)."""
    rows = stored_rows(session)
    events = history_games(session)
    history = glicko_history(events, glicko_settings(settings))
    seasons = [as_season(model) for model in all_seasons(session)]
    ladder = calibration_by_season(ladder_predictions(ladder_games(events, rows)), seasons)
    glicko = calibration_by_season(glicko_predictions(events, history), seasons)
    lines = tuple(SystemsLine(lad, gli, compare(lad.calibration, gli.calibration))
                  for lad, gli in zip(ladder, glicko, strict=False))
    start = float(settings.start_rating)
    return HealthReport(
        start_rating=start, provisional_games=int(settings.provisional_games),
        tau=float(settings.glicko_tau), events=len(events),
        games=sum(1 for e in events for a, b, _s in e.games if a != b),
        series=pool_series(rows, start, settings.provisional_games),
        months=games_per_month(events), lines=lines,
        lens=glicko_lens(ladder_as_of(rows, None, settings.provisional_games), history))


__all__ = ["GLICKO2", "LADDER", "HealthReport", "SystemsLine", "glicko_settings",
           "health_report"]
