"""Small helpers shared by the views: per-request settings and names, HTMX fragment decisions,
the acting organizer, and integers read safely from a request."""

from __future__ import annotations

from flask import g, request
from flask_login import current_user

from ..display import NameBook, load_name_book
from ..extensions import db
from ..models import ClubSettings

#: Largest id a route accepts (the databases' 32-bit integer keys); larger ones are a 404.
MAX_ID = 2**31 - 1


def settings() -> ClubSettings:
    """The club's settings, read once per request."""
    if "club_settings" not in g:
        from ..services.replay import club_settings
        g.club_settings = club_settings(db.session)
    return g.club_settings


def names() -> NameBook:
    """The display names for this request (public policy; organizers see full names)."""
    if "name_book" not in g:
        full = bool(getattr(current_user, "is_authenticated", False))
        g.name_book = load_name_book(db.session, settings(), full=full)
    return g.name_book


def actor() -> str:
    """The logged-in organizer's login name, recorded in the audit log."""
    return str(getattr(current_user, "username", "?"))


def is_htmx() -> bool:
    """True for an HTMX request that is not a history restore (which wants the full page)."""
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def wants_fragment(target_id: str) -> bool:
    """True when HTMX asked for the element ``target_id`` only (not a history restore).

    Deciding by the target, not by the mere presence of HX-Request, keeps back/forward and
    boosted navigation working (DESIGN.md pitfalls).
    """
    return is_htmx() and request.headers.get("HX-Target") == target_id


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
