"""What one request knows about the club, read once and shared by every view and template.

The settings, the club's state (visibility, unlisted token, language, generation), the
display names and the acting organizer. Values that change only through a write are also
remembered per generation and worker (:func:`by_generation`). This module imports no other
web module, so the page cache, the language choice and the template filters can all use it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from flask import Flask, current_app, g, request
from flask_login import current_user

from ..extensions import db
from ..models import ClubSettings
from ..names.privacy import NameBook
from ..queries.club import ClubState, committed_generation
from ..queries.club import club_settings as read_club_settings
from ..queries.club import club_state as read_club_state
from ..queries.display_names import load_name_book
from ..services.uow import in_unit_of_work

T = TypeVar("T")

#: Where :func:`club_state` keeps this request's reading (per request, unlike ``g``).
_STATE = "ladder.club_state"


def club_settings() -> ClubSettings:
    """The club's settings, read once per request."""
    if "club_settings" not in g:
        g.club_settings = read_club_settings(db.session)
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
            club = club_settings()
            state = ClubState(int(club.generation or 0), str(club.visibility),
                              club.unlisted_token, club.default_language or "",
                              club.timezone or "UTC")
        request.environ[_STATE] = state
    return state


def generation() -> int:
    """The ladder generation as committed in the database now (read on every call, so a
    request that has just written sees its own write)."""
    return committed_generation(db.session)


def caching_enabled(app: Flask | None = None) -> bool:
    """True when public pages and per-generation values are cached (``PAGE_CACHE``, off in
    debug)."""
    app = app or current_app
    return bool(app.config.get("PAGE_CACHE", True)) and not app.debug


class GenerationMemo:
    """Values computed once per generation per worker (the ladder lines, the display names),
    shared by every page that needs them; dropped as soon as a newer generation is seen."""

    def __init__(self) -> None:
        self.generation = -1
        self._values: dict[tuple[object, ...], object] = {}
        self._lock = threading.Lock()

    def get(self, generation: int, key: tuple[object, ...],
            compute: Callable[[], T]) -> T:
        """The value of ``key`` at ``generation``, computed by ``compute`` when missing."""
        with self._lock:
            if generation > self.generation:
                self._values.clear()
                self.generation = generation
            if generation == self.generation and key in self._values:
                return self._values[key]  # type: ignore[return-value]
        value = compute()  # outside the lock: another thread may compute the same, harmlessly
        with self._lock:
            if generation == self.generation:
                self._values[key] = value
        return value


def by_generation(key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, remembered for the generation committed now (read from the database on
    every call, so a request that has just written gets the new value). The value is shared
    between requests and threads: it must be immutable (tuples, frozen dataclasses)."""
    if not caching_enabled() or writing():
        return compute()
    memo: GenerationMemo = current_app.extensions["generation_memo"]
    return memo.get(generation(), key, compute)


def writing() -> bool:
    """True inside a unit of work or with unsaved changes: what is read then may never be
    committed, so it must not be remembered under the committed generation."""
    if not db.session.registry.has():
        return False
    current = db.session()
    return in_unit_of_work(current) or bool(current.new or current.dirty or current.deleted)


def names() -> NameBook:
    """The display names for this request (public policy; organizers see full names)."""
    if "name_book" not in g:
        full = bool(getattr(current_user, "is_authenticated", False))
        # Shared by every page of one generation (names change only through a write).
        g.name_book = by_generation(("names", full),
                                    lambda: load_name_book(db.session, club_settings(), full=full))
    return g.name_book


def actor() -> str:
    """The logged-in organizer's login name, recorded in the audit log."""
    return str(getattr(current_user, "username", "?"))


def init_request_state(app: Flask) -> None:
    """Give ``app`` its per-worker memo of values that change only through a write."""
    app.extensions["generation_memo"] = GenerationMemo()
