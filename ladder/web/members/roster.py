"""The organizer's roster: full names, junior flag, consent, rating, games; live search."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...queries import organizer_members as reads
from ...services import ServiceError
from ...services import members as service
from ..support.errors import refused
from ..support.htmx import page_or_fragment
from ..support.request_state import actor
from . import bp
from .forms import AddMemberForm, RosterSearchForm


def _search() -> RosterSearchForm:
    """The search box as typed (a query longer than the box allows is refused, not cut)."""
    search = RosterSearchForm(formdata=request.args)
    search.validate()
    return search


@bp.get("/")
def index() -> str:
    """The roster for the organizer: full names, junior flag, consent, rating, games; search."""
    search = _search()
    # A refused search shows its message where the rows would be (the fragment too).
    members = [] if search.q.errors else reads.roster(search.query)
    return page_or_fragment("members/index.html", {"roster-rows": "members/_roster_rows.html"},
                            members=members, search=search,
                            add=AddMemberForm(formdata=None))


@bp.post("/add")
def add() -> Response | tuple[str, int]:
    """Add a member by hand (before their first event, say)."""
    form = AddMemberForm()
    try:
        form.checked()
        member = service.add_member(form.name.data or "", actor(), junior=form.junior.data)
    except ServiceError as error:
        return refused(error, "members/index.html", form, members=reads.roster(""),
                       search=RosterSearchForm(formdata=None), add=form)
    if service.namesakes(member.name, besides=member.id):
        flash(_("%(name)s is also the name of another member; if they are one person, merge "
                "them on the Duplicates page.", name=member.name), "warning")
    flash(_("%(name)s is added to the roster.", name=member.name), "success")
    return redirect(url_for(".detail", member_id=member.id), code=303)
