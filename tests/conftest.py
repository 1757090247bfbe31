"""Shared fixtures: a fresh app and database per test (SQLite file, or PostgreSQL in CI).

Set ``TEST_DATABASE_URL`` to run the database tests against PostgreSQL (``.ci/run`` does);
otherwise each test gets its own SQLite file. Tests that use the ``app`` fixture are marked
``db`` automatically, so ``pytest -m db`` selects exactly the database-touching tests.

Each test process migrates one database once (``migrated``) and each test starts from an
exact copy of it (``tests/factories.py``, "A freshly migrated database per test"). Under
pytest-xdist each worker has its own PostgreSQL database, ``<database>_<worker>``:
``TEST_DATABASE_URL`` is rewritten to it in the worker, so every test and helper that reads it
(``tests/served.py``, the wheel test) stays inside its worker's database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import HealthCheck, settings

from ladder.extensions import db
from tests.factories import (
    ORGANIZER,
    PostgresTemplate,
    SqliteTemplate,
    make_app,
    postgres_url,
    worker_database,
)

# No timing assertions: Hypothesis's per-example deadline (200 ms) and its "too slow" health
# check fail a correct test on a loaded machine (the suite runs on every core beside the
# PostgreSQL pass). The properties are what the tests check, not their speed.
settings.register_profile("ladder", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ladder")


def pytest_configure(config: pytest.Config) -> None:
    url = os.environ.get("TEST_DATABASE_URL")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if url and worker:
        os.environ["TEST_DATABASE_URL"] = worker_database(url, worker)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "app" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.db)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    """This test process's migrated SQLite file, copied for each test that asks."""
    return SqliteTemplate(tmp_path_factory.mktemp("migrated"))


@pytest.fixture(scope="session")
def migrated(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[SqliteTemplate | PostgresTemplate]:
    """This test process's migrated database: the SQLite file to copy, or the PostgreSQL
    database of ``TEST_DATABASE_URL`` to bring back to its migrated state."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        yield request.getfixturevalue("migrated_sqlite")
        return
    template = PostgresTemplate(postgres_url(url), tmp_path_factory.mktemp("migrated-pg"))
    yield template
    template.close()


@pytest.fixture(scope="session")
def demo_sqlite(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    """This test process's SQLite file with the demo club loaded once (about a second of
    CPU), copied for each test that asks for ``demo`` or a browser test's demo server."""
    from ladder.demo import load_demo
    return SqliteTemplate(tmp_path_factory.mktemp("demo"), prepare=load_demo)


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path,
        migrated: SqliteTemplate | PostgresTemplate) -> Iterator[Flask]:
    """A fresh app with a freshly migrated database, or the demo club's when the test asks
    for ``demo`` (loaded once per test process: on SQLite a copy of ``demo_sqlite``'s file,
    on PostgreSQL its rows put back)."""
    if "demo" not in request.fixturenames:
        url = migrated.fresh(tmp_path)
    elif isinstance(migrated, SqliteTemplate):
        url = request.getfixturevalue("demo_sqlite").fresh(tmp_path)
    else:
        from ladder.demo import load_demo
        url = migrated.fresh(tmp_path, prepare=load_demo)
    application = make_app(tmp_path, url, WTF_CSRF_ENABLED=True, SERVER_NAME=None)
    yield application
    with application.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def demo(app: Flask) -> Flask:
    """``app`` with the demo club (the ``app`` fixture gives it the demo's database and
    login file)."""
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A CLI runner of ``app`` (commands run in its context)."""
    return app.test_cli_runner()


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    """An application context around the test (for calling services directly)."""
    with app.app_context():
        yield app
        db.session.rollback()


@pytest.fixture
def organizer(app: Flask) -> tuple[str, str]:
    """An organizer account (username, password) in the test database."""
    with app.app_context():
        from ladder.services.accounts import set_organizer
        set_organizer(*ORGANIZER, actor="test")
    return ORGANIZER


@pytest.fixture
def logged_in(app: Flask, organizer: tuple[str, str]) -> FlaskClient:
    """A client whose session belongs to a logged-in organizer (no login form involved)."""
    client = app.test_client()
    with app.app_context():
        from ladder.models import User
        user_id = db.session.scalar(
            __import__("sqlalchemy").select(User.id).where(User.username == organizer[0]))
        from ladder.services import sessions
        token = sessions.start(user_id)
    with client.session_transaction() as session:
        session["_user_id"] = token
        session["_fresh"] = True
    return client
