"""Every process of the club learns of a committed write without asking the database.

A public page answered from a worker's memory (:mod:`ladder.web.support.cache`) must still never be
older than the last committed write. Asking the database for the ladder generation on every
request costs a round trip (on PostgreSQL most of a cached answer's time), so instead every
commit that wrote something *announces* itself in a small **change file**, and a worker
reads the database again only when that file changed (docs/qualities.md §2 "Growth"):

* SQLite: the file beside the database (``<database>.changed``), so every process that opens
  the same database file finds it, whatever its instance folder;
* PostgreSQL: a file in the instance folder named after the database (every worker of the
  server and every ``ladder`` command of the installation share the instance folder);
* an in-memory SQLite database lives in one process: the signal is a counter in memory.

The file holds a random token, replaced atomically (write a new file, rename it over the old
one) *after* the transaction commits. A reader notes the token **before** it reads the
database, and trusts what it read only while the token is unchanged: a write that commits
after the reading always replaces the token with a new, never-repeated one, so the reader
reads again. What a reader can miss is only a write whose process has committed but not yet
replaced the file: a few microseconds, inside that write's own request, before its answer
is sent. Writes no process of this installation made (a second server over the same
PostgreSQL, an edit by hand, a file that cannot be written) are not announced: readers also
read the database again after a bounded time (``CLUB_STATE_RECHECK``,
:mod:`ladder.web.support.request_state`).

What counts as a write: a flush of ORM changes or any statement other than a SELECT run
through a session, when that session commits (:func:`watch_commits`). A rollback announces
nothing.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import threading
import weakref
from pathlib import Path
from typing import Any

from sqlalchemy import event as sa_event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

_log = logging.getLogger(__name__)

#: ``session.info`` key: this transaction wrote something (announced when it commits).
_WROTE = "changes_wrote"
#: Longest token read from the file (a token is 32 hex digits).
_MAX_TOKEN = 64


class ChangeSignal:
    """The change file of one database (``path``), or a counter in memory (``path`` None).

    :meth:`announce` is called after a commit; :meth:`token` by readers. ``broken`` is True
    once announcing failed in this process: readers here must then not trust the file.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.broken = False
        self._memory = itertools.count(1)
        self._current = b"0"
        self._names = itertools.count()

    def announce(self) -> None:
        """Replace the token by a new one (never raises: a failure is logged, and readers in
        this process stop trusting the file; see :attr:`broken`)."""
        if self.path is None:
            self._current = str(next(self._memory)).encode()
            return
        token = os.urandom(16).hex().encode()
        # Unique per process and call, so two writers never write into one temporary file.
        temporary = self.path.with_name(
            f".{self.path.name}.{os.getpid()}.{threading.get_ident()}.{next(self._names)}")
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(descriptor, token)
            finally:
                os.close(descriptor)
            os.replace(temporary, self.path)
        except OSError as error:
            if not self.broken:
                _log.warning("The change file %s cannot be written (%s): every worker now "
                             "reads the club's state from the database within "
                             "CLUB_STATE_RECHECK seconds instead.", self.path, error)
            self.broken = True
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass

    def token(self) -> bytes | None:
        """The current token; None when there is none to trust (no file, unreadable, or
        this process failed to announce a write)."""
        if self.path is None:
            return self._current
        if self.broken:
            return None
        try:
            descriptor = os.open(self.path, os.O_RDONLY)
        except OSError:
            return None
        try:
            token = os.read(descriptor, _MAX_TOKEN)
        except OSError:
            return None
        finally:
            os.close(descriptor)
        return token or None

    def ensure(self) -> None:
        """Create the file when it is missing (a new installation has not written yet)."""
        if self.path is not None and not self.path.exists():
            self.announce()


#: The signal of each engine (one per app; the hooks find it from the session's bind).
_signals: weakref.WeakKeyDictionary[Engine, ChangeSignal] = weakref.WeakKeyDictionary()


def signal_path(engine: Engine, instance_path: str) -> Path | None:
    """Where the change file of ``engine``'s database lives (see the module docstring)."""
    url = engine.url
    if url.get_backend_name() == "sqlite":
        database = url.database or ""
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        return Path(database).resolve().with_name(Path(database).name + ".changed")
    # The same database however the URL spells its driver or password.
    plain = f"{url.get_backend_name()}://{url.username or ''}@{url.host or ''}:{url.port or ''}" \
            f"/{url.database or ''}"
    digest = hashlib.sha256(plain.encode()).hexdigest()
    return Path(instance_path) / f"changed-{digest[:16]}"


def attach(engine: Engine, instance_path: str) -> ChangeSignal:
    """Give ``engine`` its change signal (created at start-up when missing)."""
    signal = ChangeSignal(signal_path(engine, instance_path))
    _signals[engine] = signal
    try:
        signal.ensure()
    except OSError:  # a read-only folder: announce() says so once a write happens
        pass
    return signal


def signal_of(engine: Engine) -> ChangeSignal | None:
    """The change signal of ``engine`` (None before :func:`attach`)."""
    return _signals.get(engine)


def announce(engine: Engine) -> None:
    """Announce a write made without a session (a restore, a bulk load) to every reader."""
    signal = signal_of(engine)
    if signal is not None:
        signal.announce()


def _flushed(session: Session, _context: Any) -> None:
    session.info[_WROTE] = True


def _executed(state: Any) -> None:
    if not state.is_select:  # an UPDATE, INSERT or DELETE, or any text statement
        state.session.info[_WROTE] = True


def _committed(session: Session) -> None:
    if not session.info.pop(_WROTE, False):
        return
    try:
        bind = session.get_bind()
    except Exception:  # noqa: BLE001 - no bind: nothing was written anywhere we know
        return
    engine = bind if isinstance(bind, Engine) else getattr(bind, "engine", None)
    if engine is not None:
        announce(engine)


def _rolled_back(session: Session, *_args: Any) -> None:
    session.info.pop(_WROTE, None)


def watch_commits() -> None:
    """Install the session hooks that announce each committed write (once per process)."""
    if not sa_event.contains(Session, "after_commit", _committed):
        sa_event.listen(Session, "after_flush", _flushed)
        sa_event.listen(Session, "do_orm_execute", _executed)
        sa_event.listen(Session, "after_commit", _committed)
        sa_event.listen(Session, "after_rollback", _rolled_back)


__all__ = ["ChangeSignal", "announce", "attach", "signal_of", "signal_path", "watch_commits"]
