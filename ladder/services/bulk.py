"""Fast bulk reads and writes for the replay (the hot path of docs/qualities.md §1's benchmark).

The ORM and even Core's executemany build a parameter dictionary per row; for tens of
thousands of rating rows that costs more than the rating itself. Here rows go to the driver
as tuples: ``COPY`` on PostgreSQL, multi-row ``INSERT`` elsewhere; reads come back as the
driver's plain tuples (:func:`fetch_tuples`, and :class:`ladder.queries.prepared.Query`,
which the read layer uses too). Everything runs on the caller's connection, inside its
transaction, so the replay stays atomic with the change.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Boolean, Connection, Float, Integer, Select, Table


def insert_rows(connection: Connection, table: Table | str, columns: Sequence[str],
                rows: Sequence[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (tuples in ``columns`` order) into ``table`` in as few driver calls as
    the database allows: ``COPY`` on PostgreSQL, multi-row ``INSERT`` elsewhere.

    Given a :class:`~sqlalchemy.Table` whose columns are all integers, floats or booleans,
    PostgreSQL gets a binary ``COPY``: the server reads the values' bits instead of parsing
    text (floats arrive bit for bit either way), which saves a fifth of a full replay's write.
    """
    if not rows:
        return
    name = table if isinstance(table, str) else table.name
    names = ", ".join(columns)
    if connection.dialect.name == "postgresql":
        types = None if isinstance(table, str) else _binary_types(table, columns)
        raw: Any = connection.connection.driver_connection  # a psycopg connection
        with raw.cursor() as cursor:
            if types is None:
                with cursor.copy(f"COPY {name} ({names}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            else:
                with cursor.copy(f"COPY {name} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
                    copy.set_types(types)
                    for row in rows:
                        copy.write_row(row)
        return
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    one = "(" + ", ".join(mark for _ in columns) + ")"
    # Many rows per statement: SQLite then runs one statement per chunk instead of one per
    # row (about 20 % faster than executemany for a full replay's 50,000 rows). A chunk stays
    # far below SQLite's bound-variable limit (32,766 since 3.32, 999 before).
    per = max(1, min(_CHUNK, _variable_limit(connection) // len(columns)))
    cursor = connection.connection.cursor()
    try:
        for start in range(0, len(rows), per):
            chunk = rows[start:start + per]
            cursor.execute(f"INSERT INTO {name} ({names}) VALUES " + ", ".join([one] * len(chunk)),
                           [value for row in chunk for value in row])
    finally:
        cursor.close()


# PostgreSQL's binary formats of the column types a binary COPY handles.
_BINARY = ((Boolean, "bool"), (Integer, "int4"), (Float, "float8"))


def _binary_types(table: Table, columns: Sequence[str]) -> list[str] | None:
    """PostgreSQL type names of ``columns`` for a binary COPY; None if one is not handled.

    Checked against the column's own type, so a column that became, say, a BIGINT falls
    back to the text COPY instead of sending the wrong binary width.
    """
    types = []
    for column in columns:
        sql_type = table.c[column].type
        if isinstance(sql_type, Float) and sql_type.precision is not None:
            return None  # FLOAT(p) may be a 4-byte real
        for python_side, pg_name in _BINARY:
            if type(sql_type) is python_side:
                types.append(pg_name)
                break
        else:
            return None
    return types


_CHUNK = 500  # rows per INSERT: larger chunks gain nothing measurable


def _variable_limit(connection: Connection) -> int:
    """How many bound variables one statement may have (SQLite's limit; 999 to be safe)."""
    driver: Any = connection.connection.driver_connection
    getlimit = getattr(driver, "getlimit", None)  # sqlite3.Connection, Python 3.11+
    if getlimit is None:
        return 999
    return int(getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))


def fetch_tuples(connection: Connection, statement: Select) -> list[tuple[Any, ...]]:
    """Run a read with only integer/string parameters on the raw driver cursor.

    Skips SQLAlchemy's per-row Row objects (a third of a full replay's read time on
    PostgreSQL); the parameters are rendered as literals, so only use it with ids and
    fixed strings, never with user input.
    """
    sql = str(statement.compile(dialect=connection.dialect,
                                compile_kwargs={"literal_binds": True}))
    cursor = connection.connection.cursor()
    try:
        cursor.execute(sql)
        return cast(list[tuple[Any, ...]], cursor.fetchall())
    finally:
        cursor.close()


def delete_keys(connection: Connection, table: Table, columns: Sequence[str],
                keys: Sequence[tuple[Any, ...]]) -> None:
    """Delete the rows of ``table`` whose ``columns`` (integers, e.g. a primary key) equal
    one of ``keys``, in one round trip.

    PostgreSQL: one DELETE … USING unnest(arrays); elsewhere executemany, which SQLite runs
    in C without a round trip per key.
    """
    if not keys:
        return
    if connection.dialect.name == "postgresql":
        arrays = ", ".join("%b::int4[]" for _ in columns)  # binary: see update_members
        names = ", ".join(f"k{i}" for i in range(len(columns)))
        match = " AND ".join(f"{table.name}.{column} = k.k{i}"
                             for i, column in enumerate(columns))
        connection.exec_driver_sql(
            f"DELETE FROM {table.name} USING unnest({arrays}) AS k({names}) WHERE {match}",
            tuple([int(value) for value in column] for column in zip(*keys, strict=False)))
        return
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    match = " AND ".join(f"{column} = {mark}" for column in columns)
    connection.exec_driver_sql(f"DELETE FROM {table.name} WHERE {match}", list(keys))


def update_members(connection: Connection,
                   states: Sequence[tuple[int, float, int, float | None]]) -> None:
    """Set (id, rating, games, last_change) of many members in one round trip.

    Only members whose stored values differ are written (compared exactly, NULL-safe): a
    late correction hands over hundreds of members of whom a handful changed, and every
    written row costs a new row version and index entries on PostgreSQL.
    PostgreSQL: one UPDATE … FROM unnest(arrays) (four parameters, whatever the count);
    elsewhere SQLite's executemany, which runs in C without a round trip per row.
    """
    if not states:
        return
    if connection.dialect.name == "postgresql":
        # Binary parameters (%b): psycopg's text dump of these arrays costs three times as
        # much as the statement itself. Binary arrays must not mix int and float: coerce.
        ids = [int(state[0]) for state in states]
        ratings = [float(state[1]) for state in states]
        games = [int(state[2]) for state in states]
        changes = [None if state[3] is None else float(state[3]) for state in states]
        connection.exec_driver_sql(
            "UPDATE members SET rating = v.rating, games = v.games, last_change = v.change "
            "FROM unnest(%b::integer[], %b::float8[], %b::integer[], %b::float8[]) "
            "AS v(id, rating, games, change) WHERE members.id = v.id "
            "AND (members.rating, members.games, members.last_change) "
            "IS DISTINCT FROM (v.rating, v.games, v.change)",
            (ids, ratings, games, changes))
        return
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    connection.exec_driver_sql(
        f"UPDATE members SET rating = {mark}, games = {mark}, last_change = {mark} "
        f"WHERE id = {mark} AND (rating IS NOT {mark} OR games IS NOT {mark} "
        f"OR last_change IS NOT {mark})", [(r, g, c, i, r, g, c) for i, r, g, c in states])
