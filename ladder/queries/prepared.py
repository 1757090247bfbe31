"""Reads run on the raw driver cursor: a Core SELECT compiled once, plain tuples back.

The hot reads (a replay's events, games and rating rows; the whole ladder) return thousands
of rows: SQLAlchemy's Row objects, its per-call compilation and cache keys, and on
PostgreSQL the parsing of floats sent as text, cost more than the rows themselves. A
:class:`Query` skips all of that. Its values are the driver's own: use it for integer,
float and string columns (SQLite gives a date as text and a boolean as 0/1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Select
from sqlalchemy.sql.compiler import SQLCompiler


class Query:
    """A Core SELECT compiled once per dialect and run on the raw driver cursor.

    Returns the driver's plain tuples: no Row objects, and no compilation or cache-key work
    per call (about half of a late correction's read time went there). Parameters are real
    bound parameters (``bindparam`` names), converted by their types' bind processors as
    SQLAlchemy would (e.g. a date becomes ISO text on SQLite). No expanding ``IN``
    parameters: SQLAlchemy renders those per execution.
    """

    def __init__(self, statement: Select) -> None:
        self.statement = statement
        self._prepared: dict[str, _Prepared] = {}

    def fetch(self, connection: Connection, **params: object) -> list[tuple[Any, ...]]:
        """Run the query with ``params`` on ``connection``; all rows as tuples."""
        prepared = self._prepared.get(connection.dialect.name)
        if prepared is None:
            prepared = self._prepared[connection.dialect.name] = _Prepared.of(
                self.statement, connection)
        if connection.dialect.name == "postgresql":
            # Binary results: floats arrive as their 8 bytes instead of text to be parsed
            # (a third faster for a correction's rating rows; the same values, bit for bit).
            driver: Any = connection.connection.driver_connection
            cursor = driver.cursor(binary=True)
        else:
            cursor = connection.connection.cursor()
        try:
            cursor.execute(prepared.compiled.string, prepared.arguments(params))
            return cast(list[tuple[Any, ...]], cursor.fetchall())
        finally:
            cursor.close()


@dataclass(frozen=True)
class _Prepared:
    """A statement compiled for one dialect, with what its parameters need."""

    compiled: SQLCompiler
    order: tuple[str, ...] | None  # positional parameters' names in order; None: named
    processors: Mapping[str, Callable[[Any], Any] | None]

    @classmethod
    def of(cls, statement: Select, connection: Connection) -> _Prepared:
        dialect = connection.dialect
        compiled = statement.compile(dialect=dialect)
        processors = {name: bind.type.bind_processor(dialect)
                      for name, bind in compiled.binds.items()}
        order = tuple(compiled.positiontup or ()) if dialect.positional else None
        return cls(compiled, order, processors)

    def arguments(self, params: dict[str, object]) -> tuple[Any, ...] | dict[str, Any]:
        """The driver's parameters: the statement's own values, overridden by ``params``."""
        values = {}
        for name, value in (self.compiled.construct_params(params) or {}).items():
            process = self.processors.get(name)
            values[name] = value if process is None else process(value)
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)
