"""Public pages of members: the roster and a member's profile (SPEC §6)."""

from __future__ import annotations

from flask import abort, render_template
from flask_babel import gettext as _
from markupsafe import Markup

from ...charts import ChartPoint, rating_chart
from ...extensions import db
from ...names import name_key
from ...queries.members import Profile, member_profile, roster_lines
from ..formatting import date_text, month_names, rating_text
from ..helpers import MAX_ID, names, settings
from ..visibility import public_route
from . import bp


@public_route(bp, "/members")
def roster() -> str:
    """Every member who has played, by display name, with rating and status."""
    book = names()
    lines = sorted(roster_lines(db.session, settings()),
                   key=lambda line: (name_key(book(line.member_id)), line.member_id))
    return render_template("public/roster.html", lines=lines)


@public_route(bp, "/members/<int:member_id>")
def member(member_id: int) -> str:
    """A member's profile; a merged (hidden) member answers 404 exactly like an unknown id."""
    profile = member_profile(db.session, settings(), member_id) if member_id <= MAX_ID else None
    if profile is None:
        abort(404)
    return render_template("public/member.html", profile=profile, chart=_chart(profile))


def _chart(profile: Profile) -> Markup:
    """The rating-history chart of ``profile`` as inline SVG (one point per rating row)."""
    name = names()(profile.member_id)
    points = [ChartPoint(point.date, point.rating_after, _(
        "%(event)s, %(date)s: %(before)s → %(after)s", event=point.event_name,
        date=date_text(point.date), before=rating_text(point.rating_before),
        after=rating_text(point.rating_after))) for point in profile.history]
    months = month_names()
    svg = rating_chart(
        points, title=_("Rating history of %(name)s", name=name),
        description=_("Club rating after each of %(n)d events; the table below lists the same "
                      "values.", n=len(points)), month_names=months)
    return Markup(svg)  # noqa: S704 - every text inside was escaped by rating_chart
