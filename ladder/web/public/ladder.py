"""The ladder page (docs/desk.md §3) and robots.txt."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user
from werkzeug.wrappers import Response

from ...extensions import db
from ...names import code_points, control_characters, name_key, parse
from ...names.privacy import NameBook
from ...queries import LadderLine, ladder_lines
from ...queries.history import ladder_at
from ...queries.ladder import ladder_size, ladder_window
from ...vocabulary.numbers import signed_text
from ..support.formatting import localiser
from ..support.forms import quoted
from ..support.htmx import page_or_fragment
from ..support.paging import Window, everything, window
from ..support.request_state import by_generation, club_settings, names, names_for
from ..support.urls import member_href_prefix
from ..support.visibility import public_route, robots_txt
from . import bp

#: Longest search a search box takes; a longer one is answered "no match" and told why.
MAX_QUERY = 100
#: Longest ``as_of`` value a message quotes back (a date is 10 characters).
QUOTED_DATE = 40
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


def search_query() -> tuple[str, str | None]:
    """The search box's text (``q``) and, when it is longer than :data:`MAX_QUERY`, the
    message naming the box: the page then lists nobody and says why (the text is kept
    whole in the box, never cut to fit)."""
    query = request.args.get("q", "").strip()
    found = control_characters(query)
    if found:  # the message names them; the box shows the text without them
        return "".join(c for c in query if c not in found), ngettext(
            "%(field)s: remove the control character %(codes)s; no name or text typed here "
            "may contain one.",
            "%(field)s: remove the control characters %(codes)s; no name or text typed here "
            "may contain them.", len(found), field=_("Find a member"), codes=code_points(found))
    if len(query) <= MAX_QUERY:
        return query, None
    return query, _("%(field)s: at most %(max)d characters; this one has %(length)d.",
                    field=_("Find a member"), max=MAX_QUERY, length=len(query))


def search(items: Iterable[T], query: str, name_of: Callable[[T], str],
           forms: Callable[[T], tuple[str, str]] | None = None) -> list[T]:
    """The items whose name contains ``query``, ignoring case and accents both ways
    (``jose`` finds José, ``José`` finds Jose) and spaces between CJK syllables
    (``김민준`` finds 김 민준). An empty query (or one of punctuation only) keeps every item.
    ``forms`` gives an item's search forms when they are already known (the ladder keeps
    them per generation); by default they are worked out from ``name_of``."""
    spaced, compact = _search_forms(query)
    if not compact:
        return list(items)
    found = []
    for item in items:
        hay_spaced, hay_compact = forms(item) if forms is not None \
            else _search_forms(name_of(item))
        if spaced in hay_spaced or compact in hay_compact:
            found.append(item)
    return found


def ladder_order(lines: Sequence[LadderLine], sort: str, direction: str) -> list[LadderLine]:
    """Sort within each group; provisional members always stay below (docs/club-rating.md §1)."""
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
    """``?as_of=YYYY-MM-DD`` (docs/qualities.md §2): the date, or a message naming the bad value."""
    text = request.args.get("as_of", "").strip()
    if not text:
        return None, None
    try:
        return dt.date.fromisoformat(text), None
    except ValueError:
        return None, _("“As of”: “%(value)s” is not a date (YYYY-MM-DD); this is today's "
                       "ladder.", value=quoted(text, QUOTED_DATE))


def lines_as_of(day: dt.date) -> list[LadderLine]:
    """The ladder after the last event on or before ``day``, from the stored rating rows."""
    return [LadderLine(e.member_id, e.rating, e.games, e.provisional, e.rank, e.last_change)
            for e in ladder_at(db.session, club_settings(), day)]


def _search_keys(lines: Sequence[LadderLine]) -> Mapping[int, tuple[str, str]]:
    """The search forms of every display name on today's ladder, once per generation."""
    book = names()
    full = bool(getattr(current_user, "is_authenticated", False))
    return by_generation(("ladder-search", full), lambda: {
        line.member_id: _search_forms(book(line.member_id)) for line in lines})


@dataclass(frozen=True, slots=True)
class LadderRow:
    """One ladder line as the page prints it: name, address and numbers already written."""

    rank: int
    href: str
    name: str
    provisional: bool
    rating: str
    games: int
    change: str  # "" when the member has no change yet


def ladder_rows(lines: Iterable[LadderLine], book: NameBook | None = None) -> list[LadderRow]:
    """The lines of one window as printed, worked out in one loop (the whole ladder prints
    2,000 of them: per-row template calls to the name book, the address and the number
    filters cost more than the rest of the page). Same text as the filters ``rating(0)`` and
    ``signed`` write. ``book``: the display names (by default every member's)."""
    book, prefix, local = book or names(), member_href_prefix(), localiser()
    return [LadderRow(line.rank, prefix + str(int(line.member_id)), book(line.member_id),
                      line.provisional, local(f"{line.rating:.0f}"), line.games,
                      local(signed_text(line.last_change, 1))
                      if line.last_change is not None else "")
            for line in lines]


@public_route(bp, "/")
def ladder() -> str:
    """The ladder: rank, name, rating, games, last change; sortable, searchable (docs/desk.md §3);
    ``?as_of=`` shows it as it stood on a past date (docs/qualities.md §2)."""
    query, query_error = search_query()
    sort, direction = sort_args()
    as_of, as_of_error = as_of_arg()
    state: dict[str, Any] = {"q": query or None, "as_of": as_of.isoformat() if as_of else None}
    if (sort, direction) != ("rating", "desc"):
        state.update(sort=sort, dir=direction)

    def page_url(number: int | None, **extra: Any) -> str:
        values = {**state, "page": number if number and number > 1 else None, **extra}
        return url_for("public.ladder", **values)

    def answer(rows: list[LadderRow], win: Window) -> str:
        return page_or_fragment("public/ladder.html",
                                {"ladder-rows": "public/_ladder_rows.html",
                                 "ladder-more": "public/_ladder_lines.html"},
                                rows=rows, win=win, page_url=page_url, query=query,
                                query_error=query_error, sort=sort, direction=direction,
                                default_dirs=SORTS, as_of=as_of, as_of_error=as_of_error)

    if (not as_of and not query and not query_error and (sort, direction) == ("rating", "desc")
            and request.args.get("all") != "1"):
        # Today's ladder in its own order, one window: paged in SQL, named window only,
        # so the page costs what it shows (docs/qualities.md §2 "Growth").
        win = window(ladder_size(db.session))
        shown = ladder_window(db.session, club_settings(), win.offset, win.size)
        return answer(ladder_rows(shown, names_for(line.member_id for line in shown)), win)
    lines: Sequence[LadderLine]
    if as_of:  # any past date: computed per request (the page cache keeps the page)
        lines = lines_as_of(as_of)
    else:
        lines = by_generation(("ladder",), lambda: tuple(ladder_lines(db.session, club_settings())))
    if query_error:
        lines = []
    elif query:
        # Search what the visitor can see: the display name, never a hidden full name; and
        # search all of it, not only the window shown.
        book = names()
        known = None if as_of else _search_keys(lines)
        lines = search(lines, query, lambda line: book(line.member_id),
                       forms=(lambda line: known[line.member_id]) if known is not None else None)
    if (sort, direction) != ("rating", "desc"):
        lines = ladder_order(lines, sort, direction)
    # One window at a time; ?all=1 is the whole ladder on one page, for printing.
    win = everything(len(lines)) if request.args.get("all") == "1" else window(len(lines))
    return answer(ladder_rows(win.rows(lines)), win)


@bp.get("/robots.txt")
def robots() -> Response:
    """robots.txt (docs/privacy.md): ``/c/`` is never indexed; private and unlisted clubs show only
    tools."""
    return Response(robots_txt(), mimetype="text/plain")
