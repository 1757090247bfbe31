"""The migrations, run from an empty database, make exactly the models' schema; and the
database each test gets (a copy of one migrated once per test process, tests/factories.py)
is exactly what running them from empty makes — on SQLite, and on PostgreSQL in CI.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from ladder.extensions import db
from ladder.models import ClubSettings
from ladder.vocabulary.tournament import Kind
from tests.factories import (
    PostgresTemplate,
    SqliteTemplate,
    make_app,
    migrate_new,
    postgres_url,
    publish_t,
    tournament,
)

pytestmark = pytest.mark.db


@pytest.fixture
def empty_url(tmp_path: Path) -> Iterator[str]:
    """An empty database: a new SQLite file, or a new PostgreSQL database beside the test
    database (dropped afterwards)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    base = make_url(postgres_url(url))
    name = f"{base.database}_empty"
    admin = create_engine(base, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _state(url: str) -> dict[str, Any]:
    """Everything a test could see of a database: each table's columns, its rows in order,
    and where each id sequence stands."""
    engine = create_engine(url, poolclass=NullPool)
    state: dict[str, Any] = {}
    with engine.connect() as connection:
        inspector = inspect(connection)
        for table in sorted(inspector.get_table_names()):
            columns = [column["name"] for column in inspector.get_columns(table)]
            rows = connection.execute(text(
                f'SELECT * FROM "{table}" ORDER BY ' + ", ".join(
                    f'"{c}"' for c in columns))).all()
            state[table] = {"columns": columns, "rows": json.loads(json.dumps(
                [list(row) for row in rows], default=str))}
        if engine.dialect.name == "sqlite":
            if inspector.has_table("sqlite_sequence"):
                state["sequences"] = sorted(map(list, connection.execute(text(
                    "SELECT name, seq FROM sqlite_sequence")).all()))
        else:
            state["sequences"] = sorted(map(list, connection.execute(text(
                "SELECT sequencename, last_value FROM pg_sequences "
                "WHERE schemaname = 'public'")).all()))
    engine.dispose()
    return state


def test_the_migrations_from_an_empty_database_make_the_models_schema(
        tmp_path: Path, empty_url: str) -> None:
    migrate_new(tmp_path, empty_url)  # every migration, then init_database, as `ladder init`
    app = make_app(tmp_path, empty_url)
    with app.app_context():
        from alembic.autogenerate import compare_metadata
        from alembic.migration import MigrationContext

        from ladder.services.setup import schema_state
        assert schema_state().ready  # at the code's head revision
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, db.metadata) == []
        assert db.session.scalar(select(ClubSettings.id)) is not None
        db.session.remove()
        db.engine.dispose()


def test_each_test_starts_from_exactly_a_freshly_migrated_database(
        tmp_path: Path, empty_url: str,
        migrated: SqliteTemplate | PostgresTemplate) -> None:
    migrate_new(tmp_path / "from-empty", empty_url)
    expected = _state(empty_url)
    assert expected["club_settings"]["rows"]  # something to compare
    # A test that wrote to its database, as tests do: an event, members, ids taken.
    used = make_app(tmp_path / "used", migrated.fresh(tmp_path / "used"))
    with used.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]),
                  dt.date(2025, 1, 7))
        db.session.remove()
        db.engine.dispose()
    assert _state(db_url(used)) != expected
    # The next test's database.
    assert _state(migrated.fresh(tmp_path / "next")) == expected


def db_url(app: Flask) -> str:
    """The database URL an app was made with."""
    return str(app.config["SQLALCHEMY_DATABASE_URI"])
