"""Seasons (docs/qualities.md §2): the organizer defines them; each change is one audited unit of
work.

A season is a name with its first and last day (both included); seasons may not overlap.
The rules are the pure core's (:func:`ladder.club.seasons.validate_seasons`), applied to every
stored season together with the one being created or changed, so the refusal names the
season it collides with; its message ids are translated here. Nothing is derived or stored
per season (the pages compute from the rating rows), so no change here replays the ladder.
"""

from __future__ import annotations

import datetime as dt

from flask_babel import gettext as _
from sqlalchemy import select

from ..club.seasons import Season, validate_seasons
from ..extensions import db
from ..models import Season as SeasonModel
from . import InvalidInput, NotFound, audit, refuse_control_characters, use_case

MAX_NAME = 200


def _clean(name: str) -> str:
    refuse_control_characters(name, field="name")
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise InvalidInput(_("Season name: at most %(max)d characters.", max=MAX_NAME),
                           field="name")
    return cleaned


#: The form field each of the validator's sentences is about (overlaps: the dates).
_FIELDS = {"A season needs a name.": "name", "Two seasons are named “%(name)s”.": "name",
           "Season “%(name)s” ends (%(last)s) before it starts (%(first)s).": "last"}


def _check(name: str, first: dt.date, last: dt.date, exclude: int | None) -> None:
    """Refuse (InvalidInput, nothing changed) what the pure validator objects to."""
    others = [Season(s.name, s.first, s.last) for s in db.session.scalars(
        select(SeasonModel).order_by(SeasonModel.first, SeasonModel.id)) if s.id != exclude]
    mine = Season(name, first, last)
    # Only the problems that involve this season: the stored ones were valid when saved.
    before = set(validate_seasons(others))
    problems = [m for m in validate_seasons([*others, mine]) if m not in before]
    if problems:
        raise InvalidInput(" ".join(m.render(_) for m in problems),
                           field=_FIELDS.get(problems[0].id, "first"))


def _describe(season: SeasonModel) -> dict[str, str]:
    return {"name": season.name, "first": season.first.isoformat(),
            "last": season.last.isoformat()}


@use_case
def create_season(name: str, first: dt.date, last: dt.date, actor: str) -> SeasonModel:
    """A new season; refused when it has no name, ends before it starts, shares its name
    with another season (ignoring case) or overlaps one."""
    name = _clean(name)
    _check(name, first, last, None)
    season = SeasonModel(name=name, first=first, last=last)
    db.session.add(season)
    db.session.flush()
    audit.record(actor, "season.create",
                 f"Season “{name}” created ({first.isoformat()} to {last.isoformat()})",
                 new=_describe(season))
    return season


def _season(season_id: int) -> SeasonModel:
    season = db.session.get(SeasonModel, season_id)
    if season is None:
        raise NotFound(_("That season does not exist (any more)."))
    return season


@use_case
def update_season(season_id: int, name: str, first: dt.date, last: dt.date,
                  actor: str) -> SeasonModel:
    """Rename or re-date a season under the same rules as :func:`create_season`."""
    season = _season(season_id)
    name = _clean(name)
    _check(name, first, last, season.id)
    old = _describe(season)
    season.name, season.first, season.last = name, first, last
    new = _describe(season)
    if new != old:
        audit.record(actor, "season.update", f"Season “{old['name']}” changed",
                     old=old, new=new)
    return season


@use_case
def delete_season(season_id: int, actor: str) -> None:
    """Delete a season (its events stay: a season is only a date range)."""
    season = _season(season_id)
    old = _describe(season)
    db.session.delete(season)
    audit.record(actor, "season.delete", f"Season “{old['name']}” deleted", old=old)
