"""What one request knows about the club, read once and shared by every view and template.

The settings, the club's state (visibility, unlisted token, language, generation), the
display names and the acting organizer. Values that change only through a write are also
remembered per generation and worker (:func:`by_generation`). This module imports no other
web module, so the page cache, the language choice and the template filters can all use it.

**The club's state without a round trip.** The small state every request needs (the gate,
the language, the page cache's key) is kept per worker (:class:`ClubStateWatch`) and read
from the database again only when the change file says a write committed since
(:mod:`ladder.services.changes`), or when it is older than ``CLUB_STATE_RECHECK`` seconds
(default :data:`DEFAULT_RECHECK`). The staleness accepted, tested across worker processes
(tests/web/test_club_state_watch.py):

* a write made by any process of this installation (every worker, every ``ladder``
  command on this host): **none** once that write's request or command has answered; it
  replaces the change file after its commit and before it answers;
* any other change of the database (a second server over the same PostgreSQL, an edit by
  hand, a change file that cannot be written): at most ``CLUB_STATE_RECHECK`` seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from flask import Flask, current_app, g, request
from flask_login import current_user

from ...extensions import db
from ...models import ClubSettings
from ...names.privacy import NameBook
from ...queries.club import ClubState, committed_generation
from ...queries.club import club_settings as read_club_settings
from ...queries.club import club_state as read_club_state
from ...queries.display_names import load_name_book, load_names_of
from ...services.changes import ChangeSignal, signal_of
from ...services.uow import in_unit_of_work

T = TypeVar("T")

#: Where :func:`club_state` keeps this request's reading (per request, unlike ``g``).
_STATE = "ladder.club_state"


def club_settings() -> ClubSettings:
    """The club's settings, read once per request."""
    if "club_settings" not in g:
        g.club_settings = read_club_settings(db.session)
    return g.club_settings


#: Seconds a worker trusts its reading of the club's state without a change announced
#: (``CLUB_STATE_RECHECK``): the bound on seeing a write no process here announced.
DEFAULT_RECHECK = 1.0


@dataclass(frozen=True)
class _Reading:
    state: ClubState
    token: bytes  # the change file's token, read before the state
    at: float  # time.monotonic() when the state was read


class ClubStateWatch:
    """One worker's reading of the club's state, trusted while no write was announced and
    for at most ``recheck`` seconds (see the module docstring); thread-safe.

    The token is read *before* the database: a write committed after the reading replaces
    it, so a reading is never trusted past a later write (:mod:`ladder.services.changes`).
    ``reads`` counts the database readings, ``trusted`` the answers from memory.
    """

    def __init__(self, signal: ChangeSignal | None, recheck: float = DEFAULT_RECHECK,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.signal = signal
        self.recheck = max(0.0, recheck)
        self.clock = clock
        self.reads = self.trusted = 0
        self._reading: _Reading | None = None  # replaced whole, never changed in place

    def current(self, read: Callable[[], ClubState]) -> ClubState:
        """The club's state: the one read before while still trusted, else ``read()``."""
        token = self.signal.token() if self.signal is not None else None
        now = self.clock()
        known = self._reading
        if (known is not None and token is not None and known.token == token
                and now - known.at < self.recheck):
            self.trusted += 1
            return known.state
        state = read()
        self.reads += 1
        if token is not None:
            self._reading = _Reading(state, token, now)
        return state


def _read_state() -> ClubState:
    open_session = db.session() if db.session.registry.has() else None
    state = read_club_state(db.engine, open_session)
    if state is None:  # no settings row: club_settings() says why (ClubNotInitialised)
        club = club_settings()
        state = ClubState(int(club.generation or 0), str(club.visibility),
                          club.unlisted_token, club.default_language or "",
                          club.timezone or "UTC")
    return state


def _watched_state() -> ClubState:
    """The club's state as committed, from this worker's :class:`ClubStateWatch` (with the
    page cache off, debug mode, from the database every time)."""
    watch: ClubStateWatch | None = current_app.extensions.get("club_state_watch")
    if watch is None or not caching_enabled():
        return _read_state()
    return watch.current(_read_state)


def club_state() -> ClubState:
    """The visibility, token, default language and generation, once per request, without a
    round trip while nothing changed (:class:`ClubStateWatch`); the full settings object is
    read only when a page is actually rendered."""
    state = request.environ.get(_STATE)
    if state is None:
        state = request.environ[_STATE] = _watched_state()
    return state


def generation() -> int:
    """The ladder generation as committed in the database now (read on every call, so a
    request that has just written sees its own write)."""
    return committed_generation(db.session)


def current_generation() -> int:
    """The ladder generation as committed, as this worker knows it now (asked again on every
    call, like :func:`generation`, so a request that has just written sees its own write;
    usually without a round trip, see :class:`ClubStateWatch`)."""
    return _watched_state().generation


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
    """``compute()``, remembered for the generation committed now (asked on every call, so a
    request that has just written gets the new value; :func:`current_generation`). The value
    is shared between requests and threads: it must be immutable (tuples, frozen
    dataclasses)."""
    if not caching_enabled() or writing():
        return compute()
    memo: GenerationMemo = current_app.extensions["generation_memo"]
    return memo.get(current_generation(), key, compute)


def writing() -> bool:
    """True inside a unit of work or with unsaved changes: what is read then may never be
    committed, so it must not be remembered under the committed generation."""
    if not db.session.registry.has():
        return False
    current = db.session()
    return in_unit_of_work(current) or bool(current.new or current.dirty or current.deleted)


def _whole_book(full: bool) -> NameBook:
    # Shared by every page of one generation (names change only through a write).
    return by_generation(("names", full),
                         lambda: load_name_book(db.session, club_settings(), full=full))


def _full_names() -> bool:
    return bool(getattr(current_user, "is_authenticated", False))


def names() -> NameBook:
    """The display names for this request (public policy; organizers see full names)."""
    if "name_book" not in g:
        g.name_book = _whole_book(_full_names())
    return g.name_book


@dataclass(frozen=True)
class _ShownNames(NameBook):
    """The names of the members a page said it shows (:func:`names_for`); any other member
    asked for is answered from the whole book, read then (never a wrong or missing name)."""

    full: bool = False

    def __call__(self, member_id: int | None) -> str:
        """The display name of a member (see :class:`~ladder.names.privacy.NameBook`)."""
        if member_id is None:
            return "—"
        label = self.labels.get(member_id)
        return label if label is not None else _whole_book(self.full)(member_id)


def names_for(member_ids: Iterable[int | None]) -> NameBook:
    """The display names for this request when the page shows only ``member_ids`` (one
    window of a long list, an event's players): just these members are read
    (:func:`~ladder.queries.display_names.load_names_of`), so the page's cost follows what it
    shows, not the roster. Same labels as :func:`names`, which answers from them from now on
    in this request (and from the whole book for any other member)."""
    if "name_book" not in g:
        full = _full_names()
        shown = load_names_of(db.session, club_settings(),
                              (i for i in member_ids if i is not None), full=full)
        g.name_book = _ShownNames(shown.labels, full)
    return g.name_book


def actor() -> str:
    """The logged-in organizer's login name, recorded in the audit log."""
    return str(getattr(current_user, "username", "?"))


def init_request_state(app: Flask) -> None:
    """Give ``app`` its per-worker memo of values that change only through a write, and its
    watch of the club's state (``CLUB_STATE_RECHECK`` seconds at most between readings)."""
    app.extensions["generation_memo"] = GenerationMemo()
    with app.app_context():
        signal = signal_of(db.engine)
    recheck = float(app.config.get("CLUB_STATE_RECHECK", DEFAULT_RECHECK))
    app.extensions["club_state_watch"] = ClubStateWatch(signal, recheck)
