"""The one transaction shape of every use case: the unit of work.

A use case (publish, edit a result, merge, change a setting, …) runs inside
:func:`unit_of_work`, which

1. ends any read transaction the request had open, then **takes the ladder's write lock
   before reading anything** the change depends on (SQLite ``BEGIN IMMEDIATE``; PostgreSQL a
   transaction-level advisory lock), so writers are serialised and every replay starts from
   committed state (docs/club-rating.md §2: no change may be saved with a stale ladder);
2. lets the use case change rows, replay and write its audit entry;
3. increases the *ladder generation* in the same transaction (public pages are cached and
   revalidated by it), then commits — or rolls everything back on any exception.

Use cases nest: an inner unit of work joins the outer one, so a service can call another
service and both commit together. :func:`use_case` wraps a whole service function in one
unit of work and retries it a bounded number of times when the database reports a
serialisation failure or a deadlock (never a 500 for a transient conflict).

The whole transaction shape lives in this file: the engine hooks that let a unit of work take
the write lock first (:func:`configure_engine`), and the session hooks (:func:`watch_sessions`)
that refuse any write outside a unit of work (:class:`WriteOutsideUnitOfWork`, checked
before every flush and before every Core ``insert``/``update``/``delete`` the session runs)
and record which events' rankings a transaction changed, so the derived data
(:mod:`.derived`) is refreshed before it commits.

Views never commit, roll back or expire rows; they call a service and map its typed errors
(:mod:`ladder.services`) to a response. They need nothing after a refusal either: the
outermost unit of work leaves the session fresh whether its use case committed or was refused
(the commit or the rollback ends the transaction and expires every row read before, so the
view's next read starts a new transaction and sees the database as it is now). The one case
left, waiting for *another* writer (the background pairing job) and then reading what it
committed, calls :func:`read_afresh`.
"""

from __future__ import annotations

import contextvars
import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar, overload

from sqlalchemy import event as sa_event
from sqlalchemy import text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import ORMExecuteState, Session

from ..extensions import db
from ..models import ClubSettings, utcnow
from .derived import RankedInputs, refresh

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


def note_replay(session: Session) -> None:
    """Record that the ladder was replayed now (the dashboard's "last replay"): inside a
    unit of work it is written with the generation as it commits (one statement for both),
    outside one at once."""
    if _depth(session):
        session.info[_REPLAYED] = utcnow()
    elif session.info.get(_ALLOWED):  # a test or the bench arranging data directly
        session.execute(update(ClubSettings).values(last_replay_at=utcnow()))
    else:
        # Asked here, before the statement, so the message names the replay.
        raise WriteOutsideUnitOfWork("the time of a replay written outside a unit of work: "
                                     "call a @use_case service")


def _stamp(session: Session, *, bump: bool) -> None:
    """Move the generation (``bump``) and write the time of this unit of work's replay, if
    any, in one statement; nothing when there is nothing to write."""
    values: dict[str, Any] = {}
    if bump:
        # The settings row exists from ``ladder init`` on (services/setup.py).
        values["generation"] = ClubSettings.generation + 1
    replayed = session.info.pop(_REPLAYED, None)
    if replayed is not None:
        values["last_replay_at"] = replayed
    if values:
        session.execute(update(ClubSettings).values(**values))


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
    the same lock but must not invalidate every cached page). A page-changing unit of work
    nested in one that is not (a phone's report that enters a result through the desk's own
    use case) still moves the generation: the outermost one commits both.
    """
    session = db.session()  # the request's Session behind the scoped proxy
    depth = _depth(session)
    if depth:
        if changes_pages:
            note_page_change(session)
        session.info["uow_depth"] = depth + 1
        try:
            yield session
        finally:
            session.info["uow_depth"] = depth
        return
    _begin(session)
    try:
        yield session
        changes = changes_pages or bool(session.info.pop(_NESTED_CHANGE, False))
        if changes:
            session.flush()
            # What the events list reads, refreshed with the change.
            refresh(session, session.info.pop(_RANKED, RankedInputs()))
        _stamp(session, bump=changes)
        session.commit()
    except BaseException:
        # A refusal too: the rollback expires every row, so the caller's next read is fresh.
        session.rollback()
        raise
    finally:
        session.info["uow_depth"] = 0
        session.info.pop(_NESTED_CHANGE, None)


def read_afresh(session: Session | None = None) -> None:
    """Make the next read see what the database holds now: end the read transaction the
    session has open (rolling back whatever it holds) and expire every row read so far.

    After a use case nothing is needed (see the module docstring): this is for a reader that
    waited for another writer (a background job) or must not hold a snapshot meanwhile
    (before the pairing engine's long work). Inside a unit of work it does nothing: the
    write lock is held, so its reads are already current, and its changes must not be lost.
    """
    session = session or db.session()
    if _depth(session):
        return
    session.rollback()  # ends the transaction and expires every loaded row
    session.expire_all()  # rows of a session that had no transaction open


def note_page_change(session: Session) -> None:
    """Say that this unit of work changes what pages show (a nested page-changing use case
    did): the outermost unit of work then moves the generation, whatever it was declared."""
    session.info[_NESTED_CHANGE] = True


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
        session.info.pop(_NESTED_CHANGE, None)


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
            if changes_pages:
                note_page_change(db.session())
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


@overload
def use_case(function: Callable[P, T], /) -> Callable[P, T]: ...
@overload
def use_case(*, changes_pages: bool = True) -> Callable[[Callable[P, T]], Callable[P, T]]: ...


def use_case(function: Callable[P, T] | None = None, /, *, changes_pages: bool = True
             ) -> Callable[P, T] | Callable[[Callable[P, T]], Callable[P, T]]:
    """Run ``function`` as one unit of work, retried on transient database conflicts.

    ``@use_case(changes_pages=False)`` is for bookkeeping writes no page shows (login
    throttling, organizer sessions, the stored ladder check): the same lock and audit rules,
    but no generation bump, so no cached page is dropped for them.
    """
    if function is not None:
        return _retrying(function, changes_pages=True)

    def decorate(inner: Callable[P, T]) -> Callable[P, T]:
        return _retrying(inner, changes_pages=changes_pages)
    return decorate


# ---------------------------------------------------------------- the hooks


class WriteOutsideUnitOfWork(RuntimeError):
    """A write outside any unit of work (a service without ``@use_case``): an ORM flush, or a
    Core ``insert``/``update``/``delete`` executed through the session."""


#: ``session.info`` keys: the ranking inputs changed so far, and a test's permission to
#: write without a unit of work (:func:`writes_without_unit_of_work`).
_RANKED = "uow_ranked_inputs"
#: ``session.info`` key: when this unit of work replayed the ladder (see :func:`note_replay`).
_REPLAYED = "uow_replayed_at"
_ALLOWED = "uow_writes_allowed"
#: ``session.info`` key: a page-changing use case ran nested in this unit of work.
_NESTED_CHANGE = "uow_nested_page_change"


def _before_flush(session: Session, _flush_context: Any, _instances: Any) -> None:
    """Refuse a write outside a unit of work; record what it changes of the rankings."""
    if not (session.new or session.dirty or session.deleted):
        return
    if _depth(session) == 0 and not session.info.get(_ALLOWED):
        changed = sorted({type(obj).__name__ for obj in
                          (*session.new, *session.dirty, *session.deleted)})
        raise WriteOutsideUnitOfWork(
            f"{', '.join(changed)} written outside a unit of work: call a @use_case service")
    inputs: RankedInputs = session.info.setdefault(_RANKED, RankedInputs())
    inputs.record(session.new, session.dirty)


def _refuse_stray_statement(state: ORMExecuteState) -> None:
    """Refuse a Core ``insert``/``update``/``delete`` run through a session outside a unit of
    work, as :func:`_before_flush` refuses the ORM's writes (the same permission lets a test
    arrange rows). Statements on a connection of their own are not the session's and not
    checked: the migrations, the bulk loader's cursor, the tools' own SQLite file."""
    if not (state.is_insert or state.is_update or state.is_delete):
        return
    session = state.session
    if _depth(session) == 0 and not session.info.get(_ALLOWED):
        kind = "INSERT" if state.is_insert else "UPDATE" if state.is_update else "DELETE"
        table = getattr(getattr(state.statement, "table", None), "name", "a table")
        raise WriteOutsideUnitOfWork(
            f"{kind} of {table} outside a unit of work: call a @use_case service")


def _forget(session: Session, *_args: Any) -> None:
    """after_commit / after_soft_rollback: nothing is pending any more."""
    session.info.pop(_RANKED, None)
    session.info.pop(_REPLAYED, None)


def watch_sessions() -> None:
    """Install the session hooks (once per process; every ORM session gets them): the
    guards against writes outside a unit of work (ORM flushes and Core statements alike)."""
    if not sa_event.contains(Session, "before_flush", _before_flush):
        sa_event.listen(Session, "before_flush", _before_flush)
        sa_event.listen(Session, "do_orm_execute", _refuse_stray_statement)
        sa_event.listen(Session, "after_commit", _forget)
        sa_event.listen(Session, "after_soft_rollback", _forget)


@contextmanager
def writes_without_unit_of_work() -> Iterator[Session]:
    """Let the current session flush writes outside a unit of work: tests that arrange rows
    directly, and the benches' bulk-loaded synthetic histories, say so with this; no use case
    of the product does."""
    session = db.session()
    session.info[_ALLOWED] = True
    try:
        yield session
    finally:
        session.info.pop(_ALLOWED, None)


def configure_engine(engine: Engine) -> None:
    """The connection settings the unit of work relies on, per database.

    SQLite: the driver opens no transaction on its own, and the "begin" hook emits ``BEGIN
    IMMEDIATE`` (take the write lock now) while a unit of work opens its transaction, a plain
    deferred ``BEGIN`` otherwise; WAL, foreign keys and a busy timeout (docs/qualities.md §1).
    PostgreSQL: the planner's random page cost (see below).
    """
    if engine.dialect.name == "sqlite":
        @sa_event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # the begin hook below opens transactions
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        @sa_event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Any) -> None:
            # BEGIN IMMEDIATE waits (busy timeout) for any other writer to finish.
            connection.exec_driver_sql("BEGIN IMMEDIATE" if wants_write_lock() else "BEGIN")
        engine.dispose()  # connections made before the listener would miss the pragmas
    elif engine.dialect.name == "postgresql":
        @sa_event.listens_for(engine, "connect")
        def _postgres_settings(dbapi_connection: Any, _record: Any) -> None:
            # Index lookups are cheap on SSD-backed VPS disks; the default cost (4) makes the
            # planner scan every result of the history for a late correction.
            with dbapi_connection.cursor() as cursor:
                cursor.execute("SET random_page_cost = 1.1")
            dbapi_connection.commit()
        engine.dispose()
