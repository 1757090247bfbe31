"""Public pages of events: the list, an event (standings, crosstable) and tie-break explanations.

The event page serves three things from one URL: the full page, the ``#standings`` fragment
and the ``#crosstable`` fragment (each re-fetches itself on ``ladderChanged`` after an inline
edit); which one is decided by the HTMX target (docs/architecture.md §4).
"""

from __future__ import annotations

from flask import abort, render_template, request, url_for
from flask_babel import gettext as _

from ...extensions import db
from ...queries import event_view
from ...queries.bughouse import hidden_words, team_view
from ...queries.crosstable import crosstable
from ...queries.event_list import (
    event_page,
    event_winners,
    is_rated,
    published_count,
    published_years,
)
from ...queries.events import EventView, explain_inputs, load_event
from ...queries.rating_detail import rating_detail as calculation_of
from ...tiebreaks import TiebreakError, parse_code
from ...tiebreaks.explain import Explanation, explain
from ...vocabulary.tournament import EventKind
from ..support.htmx import page_or_fragment
from ..support.paging import window
from ..support.request_state import club_settings, names_for
from ..support.request_values import MAX_ID, digits
from ..support.visibility import is_organizer, public_route
from . import bp

MAX_CODE = 40


@public_route(bp, "/events")
def events() -> str:
    """Every published event, newest first, with its winner(s), a window at a time;
    ``?year=2026`` shows one year."""
    year = digits(request.args.get("year"), 4)
    win = window(published_count(db.session, year))
    events = event_page(db.session, win.offset, win.size, year)
    winners = event_winners(db.session, events)  # this window's only

    def page_url(number: int) -> str:
        return url_for("public.events", year=year, page=number if number > 1 else None)

    return page_or_fragment("public/events.html", {"events-more": "public/_event_lines.html"},
                            events=events, years=published_years(db.session), year=year,
                            winners=winners, win=win, page_url=page_url)


def _view_or_404(event_id: int) -> EventView:
    event = load_event(db.session, event_id) if event_id <= MAX_ID else None
    if event is None:
        abort(404)  # a draft and a missing event look the same
    return event_view(db.session, event)


@public_route(bp, "/events/<int:event_id>")
def event(event_id: int) -> str:
    """An event: standings with its tie-breaks and rating changes, and the crosstable."""
    view = _view_or_404(event_id)
    names_for(row.member_id for row in view.rows)  # the page names its players only
    # A bughouse team's name is checked against every hidden member's name, not only the
    # players' (docs/privacy.md, "Names"); no other event has team names.
    hidden = () if is_organizer() or view.event.kind != EventKind.BUGHOUSE.value \
        else hidden_words(db.session, club_settings())
    return page_or_fragment(
        "public/event.html", {"standings": "public/_standings.html",
                              "crosstable": "public/_crosstable.html",
                              "teams": "public/_teams.html"},
        view=view, event=view.event, rated=is_rated(view.event), table=crosstable(view),
        teams=team_view(view, hidden))


@public_route(bp, "/events/<int:event_id>/explain/<int:start_no>/<path:code>",
              endpoint="explain")
def explain_tiebreak(event_id: int, start_no: int, code: str) -> str:
    """Why a player has their tie-break value (docs/tiebreaks.md §5): the per-round table, with
    articles.

    Only the event's own tie-break codes are explained; any other code, or an unknown start
    number, is a 404. Computes what the explained value needs (the event's scores and this
    one tie-break), never the event's whole standings.
    """
    found = explain_inputs(db.session, event_id) if event_id <= MAX_ID else None
    if found is None:
        abort(404)  # a draft and a missing event look the same
    known = {c.upper(): c for c in found.codes}
    wanted = known.get(code.strip().upper()) if len(code) <= MAX_CODE else None
    if start_no not in found.member_of_start or wanted is None:
        abort(404)
    event = found.event
    try:
        parse_code(wanted)
        explanation: Explanation = explain(found.tournament, start_no, wanted,
                                           event.tiebreak_edition or "fide-2026",
                                           unrated_rating=event.unrated_rating)
    except TiebreakError:
        abort(404)
    member_of_start = found.member_of_start
    # The page names the player and their opponents only.
    names_for([member_of_start[start_no],
               *(member_of_start.get(r.opponent) for r in explanation.rows if r.opponent)])
    return render_template("public/explain.html", event=event,
                           player_id=member_of_start[start_no],
                           explanation=explanation, member_of_start=member_of_start,
                           title=_("%(code)s explained", code=wanted))


@public_route(bp, "/events/<int:event_id>/rating/<int:member_id>", endpoint="rating_detail")
def rating_detail(event_id: int, member_id: int) -> str:
    """How a member's rating changed in an event (docs/qualities.md §2): K, each counted game's
    expected and actual score, the sums and the change; the games that did not count, with why."""
    if event_id > MAX_ID or member_id > MAX_ID:
        abort(404)
    event = load_event(db.session, event_id)
    if event is None or not any(entry.member_id == member_id for entry in event.entries):
        abort(404)
    calc = calculation_of(db.session, event, member_id, club_settings().rating_floor)
    if calc is None:
        abort(404)
    return render_template("public/rating_detail.html", event=event, member_id=member_id,
                           calc=calc, rated=is_rated(event))
