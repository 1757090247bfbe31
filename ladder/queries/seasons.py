"""Read models of the seasons (docs/qualities.md §2): the list, and a season's page from the stored
rows.

A season's page is computed, never stored: the ladder at the season's end and the season
table come from the stored rating rows (:func:`ladder.club.seasons.season_report`), the per-game
figures (games played, performance, the biggest upset) from the season events' rated games
joined with the same rows (:func:`ladder.club.history.ladder_games`). Names are not resolved
here: templates and the CLI use the display-name function (docs/privacy.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from ..club.history import ladder_games
from ..club.seasons import AwardRules, Season, SeasonReport, season_awards, season_table
from ..extensions import DbSession
from ..models import ClubSettings, Event, EventStatus
from ..models import Season as SeasonModel
from .event_list import EventSummary, event_summaries
from .history import history_games, ladder_at, stored_rows


@dataclass(frozen=True)
class SeasonSummary:
    """One line of the seasons list."""

    season_id: int
    season: Season
    events: int  # published events dated inside the season


def as_season(model: SeasonModel) -> Season:
    """A stored season as the pure core's :class:`~ladder.club.seasons.Season`."""
    return Season(model.name, model.first, model.last)


def all_seasons(session: DbSession) -> list[SeasonModel]:
    """Every stored season, in calendar order (first day, then id)."""
    return list(session.scalars(select(SeasonModel).order_by(SeasonModel.first,
                                                             SeasonModel.id)))


def season_summaries(session: DbSession) -> list[SeasonSummary]:
    """Every season, newest first, with the number of its published events."""
    out = []
    for model in reversed(all_seasons(session)):
        count = session.scalar(select(func.count()).select_from(Event).where(
            Event.status == EventStatus.PUBLISHED, Event.date >= model.first,
            Event.date <= model.last)) or 0
        out.append(SeasonSummary(model.id, as_season(model), int(count)))
    return out


def find_season(session: DbSession, name: str) -> SeasonModel | None:
    """The season called ``name`` (ignoring case and surrounding spaces, as names are unique
    that way: :func:`ladder.club.seasons.validate_seasons`)."""
    wanted = name.strip().casefold()
    return next((s for s in all_seasons(session) if s.name.strip().casefold() == wanted), None)


def award_rules(settings: ClubSettings) -> AwardRules:
    """The club's award settings: one minimum of counted games for both rating awards."""
    minimum = int(settings.award_min_games)
    return AwardRules(improved_min_games=minimum, performance_min_games=minimum)


@dataclass(frozen=True)
class SeasonPage:
    """Everything a season's page shows: the report and the season's events (newest first)."""

    season_id: int
    report: SeasonReport
    rules: AwardRules
    events: tuple[EventSummary, ...]

    @property
    def season(self) -> Season:
        """The season itself."""
        return self.report.season

    def event_name(self, event_id: int | None) -> str:
        """The name of one of the season's events ("" when unknown)."""
        return next((e.name for e in self.events if e.event_id == event_id), "")


def season_page(session: DbSession, settings: ClubSettings, model: SeasonModel) -> SeasonPage:
    """The season's report from the stored rows (see the module docstring).

    Only the season's own rows and games are read; the ladder at its end comes from
    :func:`.history.ladder_at` (equal to :func:`ladder.club.seasons.season_report` over the
    whole history: a test compares them).
    """
    season = as_season(model)
    # Only the season's own rows and games; the ladder at its end straight from the rows
    # (what season_report computes from the whole history, read without reading it all).
    rows = stored_rows(session, season.first, season.last)
    games = ladder_games(history_games(session, season.first, season.last), rows)
    rules = award_rules(settings)
    table = season_table(season, rows, games, settings.provisional_games)
    report = SeasonReport(season, ladder_at(session, settings, season.last), table,
                          season_awards(season, table, games, rules))
    events = tuple(e for e in event_summaries(session) if season.contains(e.date))
    return SeasonPage(model.id, report, rules, events)
