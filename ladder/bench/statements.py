"""What one timed call of a bench costs besides wall time: statements sent and CPU time.

Wall time on a shared machine moves with everyone else's load; the number of statements a
call sends to the database and the CPU time this process spends on it do much less, so the
benches report them next to the wall times (median of the samples, like the times).

Statements are counted at the driver, so the replay's raw-driver reads and its ``COPY``
count like everything SQLAlchemy sends: on PostgreSQL by wrapping psycopg's cursor methods
(``execute``, ``executemany``, ``copy``) while counting; on SQLite through the driver's
trace callback on every connection the pool hands out. Transaction control (``BEGIN``,
``COMMIT``, ``ROLLBACK``) and SQLite's ``PRAGMA`` are not counted: psycopg sends the first
two without its cursor, so leaving them out keeps both databases' counts comparable.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

_NOT_COUNTED = ("BEGIN", "COMMIT", "ROLLBACK", "PRAGMA", "RELEASE", "SAVEPOINT")


class StatementCounter:
    """Counts the statements sent to one engine's database while :meth:`watching`."""

    def __init__(self) -> None:
        self.count = 0

    def _seen(self, statement: object) -> None:
        text = statement if isinstance(statement, str) else str(statement)
        if not text.lstrip().upper().startswith(_NOT_COUNTED):
            self.count += 1

    @contextmanager
    def watching(self, engine: Engine) -> Iterator[StatementCounter]:
        """Count every statement ``engine``'s connections send inside the block."""
        if engine.dialect.name == "postgresql":
            with self._psycopg():
                yield self
        else:
            with self._sqlite(engine):
                yield self

    @contextmanager
    def _psycopg(self) -> Iterator[None]:
        import psycopg
        cursor: Any = psycopg.Cursor
        originals = {name: getattr(cursor, name) for name in ("execute", "executemany", "copy")}

        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def counted(this: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
                self._seen(query)
                return original(this, query, *args, **kwargs)
            return counted

        for name, original in originals.items():
            setattr(cursor, name, wrap(original))
        try:
            yield
        finally:
            for name, original in originals.items():
                setattr(cursor, name, original)

    @contextmanager
    def _sqlite(self, engine: Engine) -> Iterator[None]:
        def trace(dbapi_connection: Any, *_args: Any) -> None:
            dbapi_connection.set_trace_callback(self._seen)

        def untrace(dbapi_connection: Any, *_args: Any) -> None:
            dbapi_connection.set_trace_callback(None)

        event.listen(engine, "checkout", trace)
        event.listen(engine, "checkin", untrace)
        try:
            yield
        finally:
            event.remove(engine, "checkout", trace)
            event.remove(engine, "checkin", untrace)


@contextmanager
def cost(engine: Engine) -> Iterator[dict[str, float]]:
    """Measure the block: fills ``wall_s``, ``cpu_s`` (this process) and ``statements``."""
    counter = StatementCounter()
    measured: dict[str, float] = {}
    with counter.watching(engine):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield measured
        finally:
            measured["wall_s"] = time.perf_counter() - wall
            measured["cpu_s"] = time.process_time() - cpu
    measured["statements"] = counter.count
