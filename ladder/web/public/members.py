"""Public pages of members: the roster and a member's profile (SPEC §6)."""

from __future__ import annotations

from flask import abort, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ...charts import ChartPoint, chart_links, rating_chart, start_point
from ...extensions import db
from ...names import name_key
from ...queries.members import Profile, RosterLine, member_profile, roster_lines
from ..formatting import date_text, month_names, month_year, rating_text
from ..helpers import MAX_ID, names, settings
from ..visibility import public_route
from . import bp
from .ladder import MAX_QUERY, search

#: Sortable roster columns and their natural direction.
ROSTER_SORTS = {"name": "asc", "rating": "desc", "games": "desc", "events": "desc",
                "last": "desc"}


def roster_order(lines: list[RosterLine], sort: str, direction: str) -> list[RosterLine]:
    """The roster in the asked order; equal values keep the name order (stable sort)."""
    book = names()
    by_name = sorted(lines, key=lambda line: (name_key(book(line.member_id)), line.member_id))
    if sort == "name":
        return by_name[::-1] if direction == "desc" else by_name
    keys = {"rating": lambda line: line.rating, "games": lambda line: line.games,
            "events": lambda line: line.events,
            "last": lambda line: line.last_played.toordinal() if line.last_played else 0}
    key = keys[sort]
    return sorted(by_name, key=key, reverse=direction == "desc")


@public_route(bp, "/members")
def roster() -> str:
    """Every member who has played, by display name, with rating and status; searchable
    (case and accents ignored) and sortable by any column."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    sort = request.args.get("sort", "name")
    sort = sort if sort in ROSTER_SORTS else "name"
    direction = request.args.get("dir", ROSTER_SORTS[sort])
    direction = direction if direction in ("asc", "desc") else ROSTER_SORTS[sort]
    book = names()
    lines = roster_order(roster_lines(db.session, settings()), sort, direction)
    if query:
        lines = search(lines, query, lambda line: book(line.member_id))
    return render_template("public/roster.html", lines=lines, query=query, sort=sort,
                           direction=direction, default_dirs=ROSTER_SORTS)


@public_route(bp, "/members/<int:member_id>")
def member(member_id: int) -> str:
    """A member's profile; a merged (hidden) member answers 404 exactly like an unknown id."""
    profile = member_profile(db.session, settings(), member_id) if member_id <= MAX_ID else None
    if profile is None:
        abort(404)
    chart, links = _chart(profile)
    return render_template("public/member.html", profile=profile, chart=chart,
                           chart_links=links)


def _chart(profile: Profile) -> tuple[Markup, Markup]:
    """The rating-history chart of ``profile`` as inline SVG (one point per rating row,
    the line starting at the start rating) and the overlay of its points' links."""
    name = names()(profile.member_id)
    points = [ChartPoint(point.date, point.rating_after, _(
        "%(event)s, %(date)s: %(before)s → %(after)s", event=point.event_name,
        date=date_text(point.date), before=rating_text(point.rating_before),
        after=rating_text(point.rating_after)), href=f"#event-{point.event_id}",
        value=rating_text(point.rating_after)) for point in profile.history]
    if not points:
        return Markup(""), Markup("")
    first = profile.history[0]
    start = start_point(points, first.rating_before, _(
        "Start rating: %(rating)s", rating=rating_text(first.rating_before)))
    months = month_names()
    svg = rating_chart(
        points, title=_("Rating history of %(name)s", name=name),
        description=ngettext("Club rating from the start rating of %(start)s and after the event; "
                             "the table below lists the same values.",
                             "Club rating from the start rating of %(start)s and after each of "
                             "%(num)d events; the table below lists the same values.",
                             len(points), start=rating_text(first.rating_before)),
        month_names=months, start=start, month_label=month_year)
    links = chart_links(points, start=start, label=_("Points of the rating history"))
    # Every text inside was escaped by the chart functions.
    return Markup(svg), Markup(links)  # noqa: S704
