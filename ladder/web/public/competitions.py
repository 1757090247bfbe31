"""The public pages of the competitions (docs/competitions.md §7): the list, and a competition's
season page — the table with "why this many points" per line, every round with its pairings,
who was away and why, the rules in words, the season it belongs to — with its files.

Public under the club's visibility (``public_route``). Names only through the one
display-name function (``names()``: juniors without consent by initials), in the page, its
fragments (``#competition-table``, ``#competition-rounds``) and its files.
"""

from __future__ import annotations

from flask import abort, render_template
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Competition
from ...queries import rows
from ...queries.competitions import competition_view, list_competitions, load_competition
from ..support.competition_exports import json_download, trf_download
from ..support.competition_words import HOW_WORDS, STATUS_WORDS, SYSTEM_NAMES, shown_points, word
from ..support.htmx import page_or_fragment
from ..support.request_state import names
from ..support.request_values import MAX_ID
from ..support.visibility import public_route
from . import bp


def _competition(competition_id: int) -> Competition:
    found = load_competition(db.session, competition_id) if competition_id <= MAX_ID else None
    if found is None:
        abort(404)
    return found


def public_name(member_id: int) -> str:
    """A member's name under the club's policy (initials for a junior without consent)."""
    return names()(member_id)


@public_route(bp, "/competitions")
def competitions() -> str:
    """Every competition, newest first."""
    return render_template("public/competitions.html",
                           competitions=list_competitions(db.session),
                           system_names=SYSTEM_NAMES, word=word)


@public_route(bp, "/competitions/<int:competition_id>")
def competition(competition_id: int) -> str:
    """The season page of a competition (its table and rounds are also fragments)."""
    found = _competition(competition_id)
    view = competition_view(db.session, found, public_name, public=True)
    season = rows.season(db.session, found.season_id)
    return page_or_fragment(
        "public/competition.html",
        {"competition-table": "public/_competition_table.html",
         "competition-rounds": "public/_competition_rounds.html"},
        view=view, competition=found, season=season, name=public_name,
        system_names=SYSTEM_NAMES, status_words=STATUS_WORDS, how_words=HOW_WORDS,
        word=word, shown_points=shown_points)


@public_route(bp, "/competitions/<int:competition_id>.trf")
def competition_trf(competition_id: int) -> Response:
    """The competition as a TRF, names as the public pages show them."""
    return trf_download(_competition(competition_id), public_name)


@public_route(bp, "/competitions/<int:competition_id>.json")
def competition_json(competition_id: int) -> Response:
    """A Keizer competition as the exchange JSON (pairing numbers, no names)."""
    return json_download(_competition(competition_id))
