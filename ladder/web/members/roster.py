"""The organizer's roster: full names, junior flag, consent, rating, games; live search."""

from __future__ import annotations

from flask import request

from ...queries import organizer_members as reads
from ..htmx import page_or_fragment
from . import bp

MAX_QUERY = 100


@bp.get("/")
def index() -> str:
    """The roster for the organizer: full names, junior flag, consent, rating, games; search."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    members = reads.roster(query)
    return page_or_fragment("members/index.html", {"roster-rows": "members/_roster_rows.html"},
                            members=members, query=query)
