"""Small helpers shared by the views: per-request settings and names, the acting organizer,
and integers read safely from a request. (Page-or-fragment decisions live in :mod:`.htmx`.)"""

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
