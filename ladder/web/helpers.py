"""Small helpers shared by the views: per-request settings and names, the acting organizer,
and integers read safely from a request. (Page-or-fragment decisions live in :mod:`.htmx`.)"""

from __future__ import annotations

from collections.abc import Sequence

from flask import g, request, url_for
from flask_login import current_user

from ..display import NameBook, load_name_book
from ..extensions import db
from ..models import ClubSettings
from ..queries.club import ClubState
from ..queries.club import club_state as read_club_state

#: Largest id a route accepts (the databases' 32-bit integer keys); larger ones are a 404.
MAX_ID = 2**31 - 1
#: Where :func:`club_state` keeps this request's reading (per request, unlike ``g``).
_STATE = "ladder.club_state"
_MEMBER_PREFIX = "ladder.member_prefix"


def settings() -> ClubSettings:
    """The club's settings, read once per request."""
    if "club_settings" not in g:
        from ..services.replay import club_settings
        g.club_settings = club_settings(db.session)
    return g.club_settings


def club_state() -> ClubState:
    """The visibility, token, default language and generation, read once per request by one
    small statement (:mod:`ladder.queries.club`); the full settings object is read only when
    a page is actually rendered."""
    state = request.environ.get(_STATE)
    if state is None:
        open_session = db.session() if db.session.registry.has() else None
        state = read_club_state(db.engine, open_session)
        if state is None:  # the first request of a new club: the row is created now
            club = settings()
            state = ClubState(int(club.generation or 0), str(club.visibility),
                              club.unlisted_token, club.default_language or "")
        request.environ[_STATE] = state
    return state


def member_href_prefix() -> str:
    """The address of a member's profile without the id, built once per request (with the
    unlisted token when the request has it): the id appended gives exactly what the ``int``
    route gives."""
    prefix = request.environ.get(_MEMBER_PREFIX)
    if prefix is None:
        probe = url_for("public.member", member_id=1)
        if not probe.endswith("/1"):  # pragma: no cover - the route changed shape
            raise RuntimeError(probe)
        prefix = request.environ[_MEMBER_PREFIX] = probe[:-1]
    return str(prefix)


def member_href(member_id: int) -> str:
    """``url_for('public.member', member_id=…)`` for the long lists (a 2,000-row ladder calls
    this 2,000 times): the prefix once per request, the id appended."""
    return member_href_prefix() + str(int(member_id))


_PROBE = 987654321


def explain_links(event_id: int, codes: Sequence[str]) -> dict[str, tuple[str, str]]:
    """For each tie-break code, the explanation address split around the start number:
    ``before + str(start_no) + after`` equals ``url_for('public.explain', …)`` (one url_for
    per code instead of one per value of a large standings table)."""
    links = {}
    for code in codes:
        probe = url_for("public.explain", event_id=event_id, start_no=_PROBE, code=code)
        before, found, after = probe.partition(f"/explain/{_PROBE}/")
        if not found:  # pragma: no cover - the route changed shape
            raise RuntimeError(probe)
        links[code] = (before + "/explain/", "/" + after)
    return links


def names() -> NameBook:
    """The display names for this request (public policy; organizers see full names)."""
    if "name_book" not in g:
        from .cache import by_generation
        full = bool(getattr(current_user, "is_authenticated", False))
        # Shared by every page of one generation (names change only through a write).
        g.name_book = by_generation(("names", full),
                                    lambda: load_name_book(db.session, settings(), full=full))
    return g.name_book


def actor() -> str:
    """The logged-in organizer's login name, recorded in the audit log."""
    return str(getattr(current_user, "username", "?"))


def digits(value: str | None, max_length: int) -> int | None:
    """``value`` as a non-negative integer when it is at most ``max_length`` decimal digits
    (surrounding spaces ignored), else None: never an exception, whatever was typed."""
    value = (value or "").strip()
    if not value.isdecimal() or len(value) > max_length:  # isdecimal: exactly what int() reads
        return None
    return int(value)


def form_version() -> int:
    """The ``version`` field of an edit form (optimistic locking); -1 when it is unreadable,
    which no stored row has, so the service reports a stale edit."""
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return -1
