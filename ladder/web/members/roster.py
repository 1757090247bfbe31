"""The organizer's roster: full names, junior flag, consent, rating, games; live search."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...queries import organizer_members as reads
from ...services import ServiceError
from ...services import members as service
from ..errors import refused
from ..htmx import page_or_fragment
from ..request_state import actor
from . import bp

MAX_QUERY = 100


@bp.get("/")
def index() -> str:
    """The roster for the organizer: full names, junior flag, consent, rating, games; search."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    members = reads.roster(query)
    return page_or_fragment("members/index.html", {"roster-rows": "members/_roster_rows.html"},
                            members=members, query=query, add_error=None, add_value="")


@bp.post("/add")
def add() -> Response | tuple[str, int]:
    """Add a member by hand (before their first event, say)."""
    typed = request.form.get("name", "")  # the service refuses a name too long
    try:
        member = service.add_member(typed, actor(), junior=request.form.get("junior") == "on")
    except ServiceError as error:
        return refused(error, lambda message: render_template(
            "members/index.html", members=reads.roster(""), query="", add_error=message,
            add_value=typed))
    if service.namesakes(member.name, besides=member.id):
        flash(_("%(name)s is also the name of another member; if they are one person, merge "
                "them on the Duplicates page.", name=member.name), "warning")
    flash(_("%(name)s is added to the roster.", name=member.name), "success")
    return redirect(url_for(".detail", member_id=member.id), code=303)
