"""Public pages: the ladder (and, later, roster, profiles, events)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..extensions import db
from ..names import name_key
from ..queries import ladder_lines
from .helpers import names, settings, wants_fragment

bp = Blueprint("public", __name__)

MAX_QUERY = 100


@bp.get("/")
def ladder() -> str:
    """The ladder: rank, name, rating, games; provisional members greyed and below (SPEC §6)."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    lines = ladder_lines(db.session, settings())
    book = names()
    if query:
        # Search what the visitor can see: the display name, never a hidden full name.
        needle = name_key(query)
        lines = [line for line in lines if needle in name_key(book(line.member_id))]
    template = "public/_ladder_rows.html" if wants_fragment("ladder-rows") else "public/ladder.html"
    return render_template(template, lines=lines, query=query)
