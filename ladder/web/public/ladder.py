"""The ladder page (SPEC §6) and robots.txt."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

from flask import request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...names import name_key, parse
from ...queries import LadderLine, ladder_lines
from ...queries.history import ladder_at
from ..helpers import names, settings
from ..htmx import page_or_fragment
from ..visibility import public_route, robots_txt
from . import bp

MAX_QUERY = 100
#: Sortable ladder columns and their natural direction.
SORTS = {"rating": "desc", "name": "asc", "games": "desc", "change": "desc"}

T = TypeVar("T")


def _search_forms(text: str) -> tuple[str, str]:
    """(spaced, unspaced) search forms of a name: the names package's folded words (case,
    accents and punctuation gone: ``González`` → ``gonzalez``), decomposed (NFD) so that a
    Hangul syllable still being typed (``김미``) matches the name it begins (``김민준``)."""
    parsed = parse(text)
    return (unicodedata.normalize("NFD", parsed.plain),
            unicodedata.normalize("NFD", parsed.compact))


def search(items: Iterable[T], query: str, name_of: Callable[[T], str]) -> list[T]:
    """The items whose name contains ``query``, ignoring case and accents both ways
    (``jose`` finds José, ``José`` finds Jose) and spaces between CJK syllables
    (``김민준`` finds 김 민준). An empty query (or one of punctuation only) keeps every item."""
    spaced, compact = _search_forms(query)
    if not compact:
        return list(items)
    found = []
    for item in items:
        hay_spaced, hay_compact = _search_forms(name_of(item))
        if spaced in hay_spaced or compact in hay_compact:
            found.append(item)
    return found


def ladder_order(lines: list[LadderLine], sort: str, direction: str) -> list[LadderLine]:
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


def as_of_arg() -> tuple[dt.date | None, str | None]:
    """``?as_of=YYYY-MM-DD`` (SPEC §12): the date, or the message naming the bad value."""
    text = request.args.get("as_of", "").strip()[:40]
    if not text:
        return None, None
    try:
        return dt.date.fromisoformat(text), None
    except ValueError:
        return None, _("“As of”: “%(value)s” is not a date (YYYY-MM-DD); this is today's "
                       "ladder.", value=text)


def lines_as_of(day: dt.date) -> list[LadderLine]:
    """The ladder after the last event on or before ``day``, from the stored rating rows."""
    return [LadderLine(e.member_id, e.rating, e.games, e.provisional, e.rank, e.last_change)
            for e in ladder_at(db.session, settings(), day)]


@public_route(bp, "/")
def ladder() -> str:
    """The ladder: rank, name, rating, games, last change; sortable, searchable (SPEC §6);
    ``?as_of=`` shows it as it stood on a past date (SPEC §12)."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    sort, direction = sort_args()
    as_of, as_of_error = as_of_arg()
    lines = lines_as_of(as_of) if as_of else ladder_lines(db.session, settings())
    book = names()
    if query:
        # Search what the visitor can see: the display name, never a hidden full name.
        lines = search(lines, query, lambda line: book(line.member_id))
    if (sort, direction) != ("rating", "desc"):
        lines = ladder_order(lines, sort, direction)
    return page_or_fragment("public/ladder.html", {"ladder-rows": "public/_ladder_rows.html"},
                            lines=lines, query=query, sort=sort, direction=direction,
                            default_dirs=SORTS, as_of=as_of, as_of_error=as_of_error)


@bp.get("/robots.txt")
def robots() -> Response:
    """robots.txt (SPEC §5): ``/c/`` is never indexed; private and unlisted clubs show only tools."""
    return Response(robots_txt(), mimetype="text/plain")
