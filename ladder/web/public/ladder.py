"""The ladder page (SPEC §6) and robots.txt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from ...extensions import db
from ...names import name_key
from ...queries import LadderLine, ladder_lines
from ..helpers import names, settings
from ..cache import by_generation
from ..htmx import page_or_fragment
from ..paging import everything, window
from ..visibility import public_route, robots_txt
from . import bp

MAX_QUERY = 100
#: Sortable ladder columns and their natural direction.
SORTS = {"rating": "desc", "name": "asc", "games": "desc", "change": "desc"}


def ladder_order(lines: Sequence[LadderLine], sort: str, direction: str) -> list[LadderLine]:
    """Sort within each group; provisional members always stay below (SPEC §2)."""
    book = names()
    keys = {
        "rating": lambda line: line.rating,
        "name": lambda line: name_key(book(line.member_id)),
        "games": lambda line: line.games,
        "change": lambda line: line.last_change if line.last_change is not None else float("-inf"),
    }
    key = keys[sort]
    established = [line for line in lines if not line.provisional]
    provisional = [line for line in lines if line.provisional]
    reverse = direction == "desc"
    return (sorted(established, key=key, reverse=reverse)
            + sorted(provisional, key=key, reverse=reverse))


def sort_args() -> tuple[str, str]:
    """The requested sort column and direction; anything unknown falls back to the default."""
    sort = request.args.get("sort", "rating")
    if sort not in SORTS:
        sort = "rating"
    direction = request.args.get("dir", SORTS[sort])
    if direction not in ("asc", "desc"):
        direction = SORTS[sort]
    return sort, direction


def _search_keys(lines: Sequence[LadderLine]) -> dict[int, str]:
    """The searchable form of every display name on the ladder, once per generation."""
    book = names()
    full = bool(getattr(current_user, "is_authenticated", False))
    return by_generation(("ladder-search", full), lambda: {
        line.member_id: name_key(book(line.member_id)) for line in lines})


@public_route(bp, "/")
def ladder() -> str:
    """The ladder: rank, name, rating, games, last change; sortable, searchable (SPEC §6)."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    sort, direction = sort_args()
    lines: Sequence[LadderLine] = by_generation(
        ("ladder",), lambda: tuple(ladder_lines(db.session, settings())))
    if query:
        # Search what the visitor can see: the display name, never a hidden full name; and
        # search all of it, not only the window shown.
        needle = name_key(query)
        keys = _search_keys(lines)
        lines = [line for line in lines if needle in keys[line.member_id]]
    if (sort, direction) != ("rating", "desc"):
        lines = ladder_order(lines, sort, direction)
    # One window at a time; ?all=1 is the whole ladder on one page, for printing.
    win = everything(len(lines)) if request.args.get("all") == "1" else window(len(lines))
    state: dict[str, Any] = {"q": query or None}
    if (sort, direction) != ("rating", "desc"):
        state.update(sort=sort, dir=direction)

    def page_url(number: int | None, **extra: Any) -> str:
        values = {**state, "page": number if number and number > 1 else None, **extra}
        return url_for("public.ladder", **values)

    return page_or_fragment("public/ladder.html", {"ladder-rows": "public/_ladder_rows.html",
                                                   "ladder-more": "public/_ladder_lines.html"},
                            lines=win.rows(lines), win=win, page_url=page_url, query=query,
                            sort=sort, direction=direction, default_dirs=SORTS)


@bp.get("/robots.txt")
def robots() -> Response:
    """robots.txt (SPEC §5): ``/c/`` is never indexed; private and unlisted clubs show only tools."""
    return Response(robots_txt(), mimetype="text/plain")
