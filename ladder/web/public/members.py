"""Public pages of members: the roster and a member's profile (SPEC §6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import abort, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user
from markupsafe import Markup

from ...charts import ChartPoint, rating_chart
from ...extensions import db
from ...names import name_key
from ...queries.members import Profile, member_profile, roster_details, roster_members
from ..formatting import rating_text
from ..cache import by_generation
from ..helpers import MAX_ID, names, settings
from ..htmx import page_or_fragment, wants_fragment
from ..paging import profile_size, window
from ..visibility import public_route
from . import bp


@public_route(bp, "/members")
def roster() -> str:
    """Every member who has played, by display name, with rating and status; a window at a
    time (the counts are read for the rows shown only)."""
    book = names()
    full = bool(getattr(current_user, "is_authenticated", False))
    members: Sequence[tuple[int, float, int]] = by_generation(("roster", full), lambda: tuple(
        sorted(roster_members(db.session), key=lambda m: (name_key(book(m[0])), m[0]))))
    win = window(len(members))

    def page_url(number: int) -> str:
        return url_for("public.roster", page=number if number > 1 else None)

    return page_or_fragment("public/roster.html", {"roster-more": "public/_roster_lines.html"},
                            lines=roster_details(db.session, settings(), win.rows(members)),
                            win=win, page_url=page_url)


@public_route(bp, "/members/<int:member_id>")
def member(member_id: int) -> str:
    """A member's profile; a merged (hidden) member answers 404 exactly like an unknown id."""
    profile = member_profile(db.session, settings(), member_id) if member_id <= MAX_ID else None
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
    return render_template("public/member.html", chart=_chart(profile), **context)


def _chart(profile: Profile) -> Markup:
    """The rating-history chart of ``profile`` as inline SVG (one point per rating row)."""
    name = names()(profile.member_id)
    points = [ChartPoint(point.date, point.rating_after, _(
        "%(event)s, %(date)s: %(before)s → %(after)s", event=point.event_name,
        date=point.date.isoformat(), before=rating_text(point.rating_before),
        after=rating_text(point.rating_after))) for point in profile.history]
    months = tuple(_(m) for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
                                  "Sep", "Oct", "Nov", "Dec"))
    svg = rating_chart(
        points, title=_("Rating history of %(name)s", name=name),
        description=_("Club rating after each of %(n)d events; the table below lists the same "
                      "values.", n=len(points)), month_names=months)
    return Markup(svg)  # noqa: S704 - every text inside was escaped by rating_chart
