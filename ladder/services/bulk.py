"""Fast bulk writes for the replay's derived rows (the hot path of SPEC §11's benchmark).

The ORM and even Core's executemany build a parameter dictionary per row; for tens of
thousands of rating rows that costs more than the rating itself. Here rows go to the driver
as tuples: ``COPY`` on PostgreSQL, ``executemany`` elsewhere. Still inside the caller's
transaction (same connection), so the replay stays atomic with the change.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection


def insert_rows(connection: Connection, table: str, columns: Sequence[str],
                rows: Sequence[tuple]) -> None:
    """Insert ``rows`` (tuples in ``columns`` order) into ``table`` in one driver call."""
    if not rows:
        return
    names = ", ".join(columns)
    if connection.dialect.name == "postgresql":
        raw = connection.connection.driver_connection
        with raw.cursor() as cursor:
            with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        return
    marks = ", ".join("?" if connection.dialect.paramstyle == "qmark" else "%s"
                      for _ in columns)
    connection.exec_driver_sql(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(rows))
