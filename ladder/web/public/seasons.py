"""Public pages of the seasons (docs/qualities.md §2): the list, and a season with its table and
awards.

Computed from the stored rating rows on every request (never stored, never replayed); names
only through ``display_name`` in the templates (docs/privacy.md).
"""

from __future__ import annotations

from functools import partial

from flask import abort, render_template

from ...extensions import db
from ...queries import rows
from ...queries.competitions import season_competitions
from ...queries.seasons import season_page, season_summaries
from ..support.request_state import club_settings
from ..support.visibility import public_route
from . import bp


@public_route(bp, "/seasons")
def seasons() -> str:
    """Every season, newest first."""
    return render_template("public/seasons.html", seasons=season_summaries(db.session))


@public_route(bp, "/seasons/<int:season_id>")
def season(season_id: int) -> str:
    """A season: the awards with their rules, the season table, the ladder at its end."""
    model = rows.season(db.session, season_id)
    if model is None:
        abort(404)
    return render_template("public/season.html", page=season_page(db.session, club_settings(),
                                                                  model),
                           season_id=model.id,
                           season_competitions=partial(season_competitions, db.session))

