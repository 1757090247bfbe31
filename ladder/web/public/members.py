"""Public pages of members: the roster and a member's profile (docs/desk.md §3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user
from markupsafe import Markup

from ...club.charts import ChartPoint, chart_links, rating_chart, start_point
from ...extensions import db
from ...names import name_key
from ...queries.members import (
    Profile,
    member_profile,
    roster_counts,
    roster_details,
    roster_members,
)
from ..support.formatting import date_text, day_label, month_names, month_year, rating_text
from ..support.htmx import page_or_fragment, wants_fragment
from ..support.paging import profile_size, window
from ..support.request_state import by_generation, club_settings, names
from ..support.request_values import MAX_ID
from ..support.visibility import public_route
from . import bp
from .ladder import search, search_query

#: Sortable roster columns and their natural direction.
ROSTER_SORTS = {"name": "asc", "rating": "desc", "games": "desc", "events": "desc",
                "last": "desc"}


#: What the roster orders: (member id, rating, rated games), by display name.
RosterMember = tuple[int, float, int]


def roster_order(members: Sequence[RosterMember], sort: str,
                 direction: str) -> list[RosterMember]:
    """The roster (given in name order) in the asked order; equal values keep the name order
    (stable sort). Events and last played need everyone's counts: one grouped statement,
    once per generation."""
    if sort == "name":
        return list(members)[::-1] if direction == "desc" else list(members)
    keys: dict[str, Callable[[RosterMember], float]] = {
        "rating": lambda m: m[1], "games": lambda m: m[2]}
    if sort in ("events", "last"):
        counts = by_generation(("roster-counts",), lambda: roster_counts(db.session))

        def last(member: RosterMember) -> float:
            day = counts.get(member[0], (0, None))[1]
            return day.toordinal() if day else 0

        keys.update(events=lambda m: counts.get(m[0], (0, None))[0], last=last)
    key = keys[sort]
    return sorted(members, key=key, reverse=direction == "desc")


@public_route(bp, "/members")
def roster() -> str:
    """Every member who has played, by display name, with rating and status; searchable
    (case and accents ignored) and sortable by any column; a window at a time (the counts
    are read for the rows shown only, unless the order needs everyone's)."""
    query, query_error = search_query()
    sort = request.args.get("sort", "name")
    sort = sort if sort in ROSTER_SORTS else "name"
    direction = request.args.get("dir", ROSTER_SORTS[sort])
    direction = direction if direction in ("asc", "desc") else ROSTER_SORTS[sort]
    book = names()
    full = bool(getattr(current_user, "is_authenticated", False))
    members: Sequence[RosterMember] = by_generation(("roster", full), lambda: tuple(
        sorted(roster_members(db.session), key=lambda m: (name_key(book(m[0])), m[0]))))
    if query_error:
        members = ()
    elif query:
        members = search(members, query, lambda m: book(m[0]))
    members = roster_order(members, sort, direction)
    win = window(len(members))
    state: dict[str, Any] = {"q": query or None}
    if (sort, direction) != ("name", "asc"):
        state.update(sort=sort, dir=direction)

    def page_url(number: int) -> str:
        return url_for("public.roster", **state, page=number if number > 1 else None)

    return page_or_fragment("public/roster.html", {"roster-more": "public/_roster_lines.html"},
                            lines=roster_details(db.session, club_settings(), win.rows(members)),
                            win=win, page_url=page_url, query=query, query_error=query_error,
                            sort=sort, direction=direction, default_dirs=ROSTER_SORTS)


@public_route(bp, "/members/<int:member_id>")
def member(member_id: int) -> str:
    """A member's profile; a merged (hidden) member answers 404 exactly like an unknown id."""
    profile = (member_profile(db.session, club_settings(), member_id) if member_id <= MAX_ID
               else None)
    if profile is None:
        abort(404)
    events_win = window(len(profile.events), profile_size(), "events_page")
    h2h_win = window(len(profile.head_to_head), profile_size(), "h2h_page")
    fragments = {"member-events-more": "public/_member_events.html",
                 "h2h-more": "public/_member_h2h.html"}

    def page_url(**number: int) -> str:
        # Each list has its own page number; the other list's stays where it is.
        pages = {"events_page": events_win.number, "h2h_page": h2h_win.number, **number}
        values: dict[str, Any] = {arg: n for arg, n in pages.items() if n > 1}
        return url_for("public.member", member_id=member_id, **values)

    context = {"profile": profile, "events": events_win.rows(profile.events),
               "head_to_head": h2h_win.rows(profile.head_to_head), "events_win": events_win,
               "h2h_win": h2h_win, "page_url": page_url}
    if any(wants_fragment(target) for target in fragments):
        return page_or_fragment("public/member.html", fragments, **context)

    def event_href(event_id: int) -> str:
        # A chart point leads to its event's row, on the page of the events list that has it.
        position = next((i for i, line in enumerate(profile.events)
                         if line.event_id == event_id), 0)
        number = position // events_win.size + 1
        here = "" if number == events_win.number else page_url(events_page=number)
        return f"{here}#event-{event_id}"

    chart, links = _chart(profile, event_href)
    return render_template("public/member.html", chart=chart, chart_links=links, **context)


def _chart(profile: Profile,
           event_href: Callable[[int], str] | None = None) -> tuple[Markup, Markup]:
    """The rating-history chart of ``profile`` as inline SVG (one point per rating row,
    the line starting at the start rating) and the overlay of its points' links
    (``event_href`` gives a point's link to its event's row; ``#event-<id>`` by default)."""
    name = names()(profile.member_id)
    points = [ChartPoint(point.date, point.rating_after, _(
        "%(event)s, %(date)s: %(before)s → %(after)s", event=point.event_name,
        date=date_text(point.date), before=rating_text(point.rating_before),
        after=rating_text(point.rating_after)),
        href=event_href(point.event_id) if event_href else f"#event-{point.event_id}",
        value=rating_text(point.rating_after)) for point in profile.history]
    if not points:
        return Markup(""), Markup("")
    first = profile.history[0]
    start = start_point(points, first.rating_before, _(
        "Start rating: %(rating)s", rating=rating_text(first.rating_before)))
    months = month_names()
    svg = rating_chart(
        points, title=_("Rating history of %(name)s", name=name),
        # The singular names the count too: the one form of ko, zh and id carries it, and
        # pybabel checks that form against the singular.
        description=ngettext("Club rating from the start rating of %(start)s and after "
                             "%(num)d event; the table below lists the same values.",
                             "Club rating from the start rating of %(start)s and after each of "
                             "%(num)d events; the table below lists the same values.",
                             len(points), start=rating_text(first.rating_before)),
        month_names=months, start=start, month_label=month_year,
        day_label=day_label)
    links = chart_links(points, start=start, label=_("Points of the rating history"))
    # Every text inside was escaped by the chart functions.
    return Markup(svg), Markup(links)  # noqa: S704
