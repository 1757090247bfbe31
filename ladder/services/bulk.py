"""Fast bulk writes for the replay's derived rows (the hot path of SPEC §11's benchmark).

The ORM and even Core's executemany build a parameter dictionary per row; for tens of
thousands of rating rows that costs more than the rating itself. Here rows go to the driver
as tuples: ``COPY`` on PostgreSQL, ``executemany`` elsewhere. Still inside the caller's
transaction (same connection), so the replay stays atomic with the change.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from sqlalchemy import Boolean, Connection, Float, Integer, Select, Table


def insert_rows(connection: Connection, table: Table | str, columns: Sequence[str],
                rows: Sequence[tuple]) -> None:
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
        raw = connection.connection.driver_connection
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
    driver = connection.connection.driver_connection
    getlimit = getattr(driver, "getlimit", None)  # sqlite3.Connection, Python 3.11+
    if getlimit is None:
        return 999
    return int(getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))


def fetch_tuples(connection: Connection, statement: Select) -> list[tuple]:
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
        return cursor.fetchall()
    finally:
        cursor.close()


def update_members(connection: Connection,
                   states: Sequence[tuple[int, float, int, float | None]]) -> None:
    """Set (id, rating, games, last_change) of many members in one round trip.

    PostgreSQL: one UPDATE … FROM unnest(arrays) (four parameters, whatever the count);
    elsewhere SQLite's executemany, which runs in C without a round trip per row.
    """
    if not states:
        return
    if connection.dialect.name == "postgresql":
        ids, ratings, games, changes = (list(column) for column in zip(*states))
        connection.exec_driver_sql(
            "UPDATE members SET rating = v.rating, games = v.games, last_change = v.change "
            "FROM unnest(%s::integer[], %s::float8[], %s::integer[], %s::float8[]) "
            "AS v(id, rating, games, change) WHERE members.id = v.id",
            (ids, ratings, games, changes))
        return
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    connection.exec_driver_sql(
        f"UPDATE members SET rating = {mark}, games = {mark}, last_change = {mark} "
        f"WHERE id = {mark}", [(r, g, c, i) for i, r, g, c in states])
