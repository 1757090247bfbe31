"""The one transaction shape of every use case: the unit of work.

A use case (publish, edit a result, merge, change a setting, …) runs inside
:func:`unit_of_work`, which

1. ends any read transaction the request had open, then **takes the ladder's write lock
   before reading anything** the change depends on (SQLite ``BEGIN IMMEDIATE``; PostgreSQL a
   transaction-level advisory lock), so writers are serialised and every replay starts from
   committed state (SPEC §3: no change may be saved with a stale ladder);
2. lets the use case change rows, replay and write its audit entry;
3. increases the *ladder generation* in the same transaction (public pages are cached and
   revalidated by it), then commits — or rolls everything back on any exception.

Use cases nest: an inner unit of work joins the outer one, so a service can call another
service and both commit together. :func:`use_case` wraps a whole service function in one
unit of work and retries it a bounded number of times when the database reports a
serialisation failure or a deadlock (never a 500 for a transient conflict).

Views never commit or roll back; they call a service and map its typed errors
(:mod:`ladder.services`) to a response.
"""

from __future__ import annotations

import contextvars
import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from sqlalchemy import text, update
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session

from ..extensions import db

P = ParamSpec("P")
T = TypeVar("T")

#: The advisory-lock key of the ladder's writers on PostgreSQL ("LADR" in ASCII).
PG_LOCK_KEY = 0x4C414452
#: How often a use case is tried when the database reports a transient conflict.
ATTEMPTS = 4

# Set while a unit of work opens its transaction: the SQLite "begin" hook then emits
# BEGIN IMMEDIATE (take the write lock now) instead of a deferred BEGIN.
_write_intent: contextvars.ContextVar[bool] = contextvars.ContextVar("write_intent",
                                                                     default=False)


def wants_write_lock() -> bool:
    """True while a unit of work is opening its transaction (read by the SQLite hook)."""
    return _write_intent.get()


def _depth(session: Session) -> int:
    return int(session.info.get("uow_depth", 0))


def in_unit_of_work(session: Session | None = None) -> bool:
    """True inside a unit of work (services check it before writing)."""
    return _depth(session or db.session()) > 0


def _lock(session: Session) -> None:
    """Open the transaction holding the ladder's write lock (see the module docstring)."""
    token = _write_intent.set(True)
    try:
        connection = session.connection()  # SQLite: the begin hook says BEGIN IMMEDIATE
    finally:
        _write_intent.reset(token)
    if connection.dialect.name == "postgresql":
        # Released by the commit or rollback that ends the transaction.
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})


def _bump_generation(session: Session) -> None:
    from ..models import ClubSettings
    from .replay import club_settings
    club_settings(session)  # the row exists from the first write on
    session.execute(update(ClubSettings).values(generation=ClubSettings.generation + 1))


def _begin(session: Session) -> None:
    """Start the outermost unit of work: a fresh transaction holding the write lock."""
    if session.in_transaction():
        # Whatever this request read so far (the settings, the organizer) was read without
        # the lock; start again so that the change sees only committed state.
        session.rollback()
    session.info["uow_depth"] = 1
    try:
        _lock(session)
    except BaseException:
        session.rollback()
        session.info["uow_depth"] = 0
        raise


@contextmanager
def unit_of_work(*, changes_pages: bool = True) -> Iterator[Session]:
    """One transaction for one use case: lock, change, bump the generation, commit.

    ``changes_pages`` is False for writes no page shows (a failed login is counted under
    the same lock but must not invalidate every cached page).
    """
    session = db.session()  # the request's Session behind the scoped proxy
    depth = _depth(session)
    if depth:
        session.info["uow_depth"] = depth + 1
        try:
            yield session
        finally:
            session.info["uow_depth"] = depth
        return
    _begin(session)
    try:
        yield session
        if changes_pages:
            from .derived import refresh
            refresh(session)  # what the events list reads, refreshed with the change
            _bump_generation(session)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.info["uow_depth"] = 0


@contextmanager
def rehearsal() -> Iterator[Session]:
    """A unit of work that is always rolled back: what a change *would* do, never saved.

    It takes the same write lock as :func:`unit_of_work` (so it reads exactly the committed
    state a change made now would read), lets use cases run inside it as usual (they join it,
    so they neither commit nor bump the generation), then rolls everything back: no row, no
    audit entry and no generation change survive it. Refused inside a unit of work, whose
    own changes it would throw away.
    """
    session = db.session()
    if _depth(session):
        raise RuntimeError("a rehearsal cannot run inside a unit of work")
    _begin(session)
    try:
        yield session
    finally:
        session.rollback()
        session.info["uow_depth"] = 0


def is_transient(error: BaseException) -> bool:
    """True for a serialisation failure, a deadlock or a busy SQLite database: worth a retry."""
    if not isinstance(error, (OperationalError, DBAPIError)):
        return False
    original = getattr(error, "orig", None)
    code = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    if code in ("40001", "40P01", "55P03"):
        return True
    message = str(original or error).lower()
    return "database is locked" in message or "deadlock" in message


def _retrying(function: Callable[P, T], changes_pages: bool) -> Callable[P, T]:
    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        if in_unit_of_work():
            return function(*args, **kwargs)
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with unit_of_work(changes_pages=changes_pages):
                    return function(*args, **kwargs)
            except (OperationalError, DBAPIError) as error:
                if attempt == ATTEMPTS or not is_transient(error):
                    raise
                time.sleep(0.05 * attempt)  # let the other writer finish
        raise AssertionError("unreachable")  # pragma: no cover
    return wrapper


def use_case(function: Callable[P, T]) -> Callable[P, T]:
    """Run ``function`` as one unit of work, retried on transient database conflicts."""
    return _retrying(function, changes_pages=True)


def quietly(function: Callable[P, T]) -> Callable[P, T]:
    """Like :func:`use_case` for bookkeeping writes no page shows (login throttling)."""
    return _retrying(function, changes_pages=False)
