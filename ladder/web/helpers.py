"""Small helpers shared by the views: per-request settings and names, HTMX fragment decisions."""

from __future__ import annotations

from flask import g, request

from ..display import NameBook, load_name_book
from ..extensions import db
from ..models import ClubSettings


def settings() -> ClubSettings:
    """The club's settings, read once per request."""
    if "club_settings" not in g:
        from ..services.replay import club_settings
        g.club_settings = club_settings(db.session)
    return g.club_settings


def names() -> NameBook:
    """The display names for this request (public policy; organizers see full names)."""
    if "name_book" not in g:
        from flask_login import current_user
        full = bool(getattr(current_user, "is_authenticated", False))
        g.name_book = load_name_book(db.session, settings(), full=full)
    return g.name_book


def wants_fragment(target_id: str) -> bool:
    """True when HTMX asked for the element ``target_id`` only (not a history restore).

    Deciding by the target, not by the mere presence of HX-Request, keeps back/forward and
    boosted navigation working (DESIGN.md pitfalls).
    """
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true"
            and request.headers.get("HX-Target") == target_id)
