"""The one set of test factories: apps, pure tournaments, published events, snapshots.

* :func:`make_app` — an app over its own instance folder and database (nothing is written
  into the checkout); the ``app`` fixture and the browser tests' live app both use it.
* :func:`tournament` — a pure tournament from (round, white, black, kind) tuples.
* :func:`publish_t`, :func:`seed` — published events through the real publish service.
* :func:`member`, :func:`snapshot` — reading back what the database holds.
* :data:`HTMX`, :data:`PASTE`, :func:`form` — what the web tests send.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from fractions import Fraction
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import select
from sqlalchemy import text as sa_text

from ladder import create_app
from ladder.extensions import db
from ladder.models import AuditEntry, Event, Member, RatingRow
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament

#: The files the tests read, copied into the repository (``tests/data/README.md`` names each
#: file's source): a clone passes its tests with no folder beside it.
TESTDATA = Path(__file__).resolve().parent / "data"

HTMX = {"HX-Request": "true"}
PASTE = ("Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"
         "Round 2\nAnn Lee - Cai Wu 0-1\nBo Chen - Dee Park 1-0\n")


#: One paste with five players typed two ways: surname first in round 1, given name first in
#: round 2 (docs/desk.md §2): 16 typed names, 11 players.
TWO_SPELLINGS_PASTE = (
    "Round 1\nPetrov Viktor - Henrik Larsen 1-0\nKowalska Anna - Budi Santoso ½-½\n"
    "Nguyen Linh - Maria Garcia 0-1\nOkafor Chidi - Tom Baker 1-0\nSilva Ana - Omar Haddad 1-0\n"
    "Lucas Moreau bye\n"
    "Round 2\nViktor Petrov - Anna Kowalska ½-½\nLinh Nguyen - Chidi Okafor 1-0\n"
    "Ana Silva - Henrik Larsen 0-1\nBudi Santoso - Maria Garcia 1-0\nTom Baker - Lucas Moreau 1-0\n"
    "Omar Haddad bye\n")


class _SharedBytecode(BytecodeCache):
    """Compiled templates kept for the test process (see :func:`make_app`)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


#: Every test builds a new app, and each app's Jinja environment would parse and compile
#: every template it renders again (about 0.1 s of CPU for a test's first three pages). The
#: apps of one test process share the compiled code; Jinja keys it by the template's name
#: and checks it against the source's checksum, and every app is configured alike
#: (``create_app``), so a template still renders exactly as it would from source.
_BYTECODE = _SharedBytecode()


def _share_url_builders() -> None:
    """Let the apps of one test process share werkzeug's compiled URL builders.

    Building an app compiles each of its ~140 URL rules into two builder functions (an AST
    per rule, then ``compile``): 95 % of ``create_app``'s ~57 ms, paid again by every test
    that builds an app (about a thousand per run). A builder's code is a pure function of
    the rule's text, its parts (``_trace``), its defaults' names and ``append_unknown``; the
    rule object arrives as an argument (``.self``) when werkzeug binds it. So one builder is
    kept per such key and bound to each new rule as werkzeug binds its own. A rule with a
    default for one of its own variables is compiled as usual (the default's converted value
    is written into the code). Should werkzeug rename this private method, nothing is
    shared and every app compiles its rules as before.
    """
    from werkzeug.routing.rules import Rule

    compile_one = Rule.__dict__.get("_compile_builder")
    if compile_one is None or getattr(compile_one, "shared_by_tests", False):
        return
    builders: dict[tuple[object, ...], Any] = {}

    def compile_builder(self: Rule, append_unknown: bool = True) -> Any:
        defaults = self.defaults or {}
        if any(dynamic and part in defaults for dynamic, part in self._trace):
            return compile_one(self, append_unknown)
        key = (self.rule, tuple(self._trace), tuple(defaults), append_unknown)
        builder = builders.get(key)
        if builder is None:
            builder = builders[key] = compile_one(self, append_unknown)
        return builder

    compile_builder.shared_by_tests = True  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]


_share_url_builders()


#: The engines of one test process share their SQL statements' compiled forms (see
#: :func:`_share_compiled_statements`). The suite's database tests compile a few thousand
#: distinct statements (1,928 after 339 of them): room for all, so none is compiled twice.
_STATEMENT_CAPACITY = 8000
_STATEMENTS: Any = None
_DIALECTS: dict[tuple[type, str, str], Any] = {}


def _share_compiled_statements(app: Flask) -> None:
    """Let the apps of one test process share SQLAlchemy's compiled statements.

    Each test builds an app, hence a new engine, and SQLAlchemy keys every compiled
    statement by the engine's dialect object (its per-engine cache and the ORM's per-mapper
    cache of flush statements alike): every test compiled again each query and insert it ran
    (about a fifth of a web test's CPU). The apps are configured alike (``create_app`` with
    the same engine options), so their dialects of one kind are interchangeable: each
    engine is given the first dialect of its kind (dialect class, engine options and the
    URL's driver options) and one shared statement cache. Production builds one engine per
    process and is not concerned.

    A dialect is shared only once its own engine's first connection has set it up
    (``Dialect.initialize``, which reads the server's version and settings): until then each
    engine keeps its own.
    """
    global _STATEMENTS
    from sqlalchemy import event
    from sqlalchemy.util import LRUCache
    if _STATEMENTS is None:
        _STATEMENTS = LRUCache(_STATEMENT_CAPACITY)
    with app.app_context():
        options = repr(sorted(app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).items()))
        for engine in db.engines.values():
            driver_options = repr(sorted(engine.url.query.items()))
            kind = (type(engine.dialect), options, driver_options)
            shared = _DIALECTS.get(kind)
            if shared is not None:
                engine.dialect = shared
            else:  # runs after the engine's own first-connect set-up (listened to first)
                event.listen(engine, "connect", _sharer(kind, engine.dialect), once=True)
            engine.update_execution_options(compiled_cache=_STATEMENTS)


def _sharer(kind: tuple[type, str, str], dialect: Any) -> Callable[..., None]:
    def share(*_: Any) -> None:
        _DIALECTS.setdefault(kind, dialect)
    return share


def make_app(tmp_path: Path, url: str | None = None, **config: Any) -> Flask:
    """An app whose instance folder and (default) SQLite file live under ``tmp_path``."""
    app = create_app({
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SQLALCHEMY_DATABASE_URI": url or f"sqlite:///{tmp_path / 'ladder.sqlite3'}",
        "SECRET_KEY": "test-secret-key",
        # scrypt costs ~0.1 s a hash; the tests hash hundreds of passwords. The production
        # default (scrypt) is tested by tests/services/test_accounts_hash.py.
        "PASSWORD_HASH": "pbkdf2:sha256:1000",
        # The tools' per-client budget (tests/web/test_tool_budget.py turns it on): the tool
        # tests ask one client's hundreds of answers in a moment.
        "TOOL_BUDGET": "0",
        **config,
    })
    app.jinja_env.bytecode_cache = _BYTECODE
    _share_compiled_statements(app)
    return app


def tournament(names: list[str], games: list[tuple], *, name: str = "Club night",
               kind: EventKind = EventKind.SWISS, byes: list[tuple] = ()) -> Tournament:
    """Build a tournament from ``games`` = [(round, white_index, black_index, Kind for white)].

    Indexes are 1-based start numbers into ``names``; ``byes`` = [(round, index, Kind)].
    """
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, len(names) + 1)}
    for round_no, white, black, kind_white in games:
        outcome = None
        results[white].append(RoundResult(round_no, kind_white, black, Colour.WHITE, outcome))
        results[black].append(RoundResult(round_no, kind_white.mirror, white, Colour.BLACK,
                                          outcome))
    for round_no, who, bye_kind in byes:
        results[who].append(RoundResult(round_no, bye_kind))
    rounds = max([g[0] for g in games] + [b[0] for b in byes] + [1])
    players = tuple(Player(start_no=i, name=n,
                           results=tuple(sorted(results[i], key=lambda r: r.round)))
                    for i, n in enumerate(names, start=1))
    return Tournament(name=name, players=players, rounds=rounds, kind=kind)


HALF = Fraction(1, 2)


def publish_t(t: Tournament, date: dt.date, rated: bool = True) -> Event:
    """Publish ``t`` on ``date`` with identical names linked."""
    return publish(PublishRequest(tournament=t, name=t.name, date=date, kind=t.kind,
                                  rated=rated, links=exact_links(t)), actor="test")


def member(name: str) -> Member:
    """The visible member called ``name``."""
    return db.session.scalar(select(Member).where(Member.name == name,
                                                  Member.merged_into_id.is_(None)))


def snapshot() -> str:
    """Every rating row and member state, as one comparable string."""
    rows = db.session.execute(select(RatingRow.event_id, RatingRow.member_id,
                                     RatingRow.rating_before, RatingRow.rating_after,
                                     RatingRow.games_before, RatingRow.games_counted)
                              .order_by(RatingRow.event_id, RatingRow.member_id)).all()
    members = db.session.execute(select(Member.id, Member.name, Member.rating, Member.games,
                                        Member.merged_into_id).order_by(Member.id)).all()
    return json.dumps([[list(r) for r in rows], [list(m) for m in members]])


def seed(app: Flask) -> int:
    """One published event of four members; returns its id."""
    t = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.LOSS),
                    (2, 2, 4, Kind.WIN)], name="Club night")
    with app.app_context():
        return publish_t(t, dt.date(2025, 1, 7)).id


def form(client: FlaskClient, **fields: str) -> dict[str, str]:
    """A new-event form with a CSRF token."""
    data = {"csrf_token": csrf_token(client, "/organize/events/new"), "name": "Night 1",
            "date": "2025-02-01", "rated": "on", "text": PASTE}
    data.update(fields)
    return data


def direct_writes() -> AbstractContextManager[Any]:
    """Say that the test arranges rows directly, outside any unit of work (the before-flush
    guard refuses that everywhere else): ``with app.app_context(), direct_writes(): …``."""
    from ladder.services.uow import writes_without_unit_of_work
    return writes_without_unit_of_work()


ORGANIZER = ("organizer", "correct horse battery staple")


def reset_postgres(url: str) -> None:
    """Empty a PostgreSQL test database (the schema dropped and made again)."""
    from sqlalchemy import create_engine
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa_text("DROP SCHEMA public CASCADE"))
        connection.execute(sa_text("CREATE SCHEMA public"))
    engine.dispose()


# ---- A freshly migrated database per test, migrated once per test process -----------------
#
# Running the twelve migrations costs ~0.11 s of CPU on SQLite (~0.2 s on PostgreSQL) and
# the suite has hundreds of database tests. So each test process (each pytest-xdist worker)
# migrates one database once, and every test starts from an exact copy of what that left:
# on SQLite its own file, copied from the migrated one; on PostgreSQL the worker's database
# emptied and filled again with the rows the migrations and ``init_database`` wrote, every
# sequence set back. A test that changes the schema itself (a downgrade, a renamed table) is
# seen by the schema's fingerprint, and the database is migrated again from empty.
# tests/services/test_migrations.py runs the migrations from an empty database on both.


def migrate_new(tmp_path: Path, url: str | None = None) -> None:
    """Run every migration and ``init_database`` on an empty database, as ``ladder init``."""
    app = make_app(tmp_path, url)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
        db.session.remove()
        db.engine.dispose()


class SqliteTemplate:
    """One SQLite file migrated once, and optionally filled once by ``prepare`` (run in an
    app's context over it, e.g. loading the demo club); :meth:`fresh` gives each test its own
    copy, with the files ``prepare`` left in the instance folder (the demo's login)."""

    def __init__(self, folder: Path, prepare: Callable[[], object] | None = None) -> None:
        migrate_new(folder)
        self.instance_files: dict[str, bytes] = {}
        if prepare is not None:
            self.instance_files = _run_prepare(prepare, folder)
        self.file = folder / "ladder.sqlite3"
        # Every connection was closed: the WAL was checkpointed into the file and removed.
        assert not self.file.with_name(self.file.name + "-wal").exists()
        self.data = self.file.read_bytes()

    def fresh(self, folder: Path) -> str:
        """The database copied to ``folder/ladder.sqlite3`` and its instance files to
        ``folder/instance`` (owner-only, as ``create_app`` makes them); its URL."""
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / "ladder.sqlite3"
        _write_new(target, self.data)
        _put_instance_files(folder, self.instance_files)
        return f"sqlite:///{target}"


def _run_prepare(prepare: Callable[[], object], folder: Path, url: str | None = None
                 ) -> dict[str, bytes]:
    """Run ``prepare`` in the context of an app over ``folder`` (its instance folder) and
    ``url`` (default: the folder's SQLite file), every connection closed after; the files it
    added to the instance folder (the demo's login), by name."""
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app(folder, url)  # makes the instance folder
    instance = folder / "instance"
    before = {path.name for path in instance.iterdir()}
    with app.app_context():
        prepare()
        db.session.remove()
        db.engine.dispose()
    return {path.name: path.read_bytes() for path in instance.iterdir()
            if path.is_file() and path.name not in before}


def _put_instance_files(folder: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` into ``folder/instance`` (made owner-only, as ``create_app`` does)."""
    if files:
        (folder / "instance").mkdir(mode=0o700, exist_ok=True)
        for name, data in files.items():
            _write_new(folder / "instance" / name, data)


def _write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a new, owner-only file at ``path``."""
    import os
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)


#: The schema's fingerprint: every table's and sequence's columns and types, and the revision.
_FINGERPRINT = """
SELECT md5(coalesce(string_agg(c.relname || '.' || a.attname || ':' || a.atttypid::text
                               || ':' || a.attnotnull::text, ',' ORDER BY c.relname, a.attnum),
                    ''))
       || coalesce((SELECT string_agg(version_num, ',') FROM alembic_version), '')
FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'i') AND a.attnum > 0
  AND NOT a.attisdropped
"""


class PostgresTemplate:
    """The test process's PostgreSQL database, migrated once; :meth:`fresh` empties it and
    puts back exactly what the migrations left (rows, sequences), or migrates it again from
    empty when a test changed its schema. One connection of its own, kept for the session,
    does it in two round trips. A state that ``prepare`` makes over the migrated database
    (the demo club) is made once per test process and put back the same way."""

    def __init__(self, url: str, folder: Path) -> None:
        self.url = url
        self.folder = folder
        self._connection: Any = None
        # Per ``prepare``: the statements that put back what it left, and its instance files.
        self._prepared: dict[Callable[[], object], tuple[str, dict[str, bytes]]] = {}
        self._migrate()

    def _connect(self) -> Any:
        import psycopg
        from sqlalchemy.engine import make_url
        if self._connection is None or self._connection.closed or self._connection.broken:
            conninfo = make_url(self.url).set(drivername="postgresql")
            self._connection = psycopg.connect(
                conninfo.render_as_string(hide_password=False), autocommit=True)
        return self._connection

    def _migrate(self) -> None:
        reset_postgres(self.url)
        migrate_new(self.folder, self.url)
        self.fingerprint = self._connect().execute(_FINGERPRINT).fetchone()[0]
        self._reset = self._snapshot()
        self._prepared.clear()  # made over the schema just dropped

    def _snapshot(self) -> str:
        """The statements that put the database back as it is now: every table emptied and
        refilled with its current rows, every sequence set to its current value."""
        connection = self._connect()
        present = {row[0] for row in connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'alembic_version'")}
        # Referenced tables first (the models' order), so every foreign key holds as each
        # table is filled; a table's rows go in one statement, so a row may refer to a later
        # one of its own table (PostgreSQL checks the keys at the statement's end).
        tables = [t.name for t in db.metadata.sorted_tables if t.name in present]
        tables += sorted(present - set(tables))
        statements = ["BEGIN", "TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " CASCADE"]
        # The rows as JSON text, put back by json_populate_recordset: every type round-trips
        # exactly, in the database's own terms.
        for table in tables:
            rows = connection.execute(
                f'SELECT json_agg(t)::text FROM "{table}" t').fetchone()[0]
            if rows is not None:
                statements.append(f'INSERT INTO "{table}" SELECT * FROM json_populate_recordset('
                                  f'NULL::"{table}", {_literal(rows)}::json)')
        setvals = [f"setval({_literal(name)}::regclass, {value}, {called})"
                   for name, value, called in connection.execute(
                       "SELECT format('%I.%I', schemaname, sequencename), "
                       "coalesce(last_value, start_value), last_value IS NOT NULL "
                       "FROM pg_sequences WHERE schemaname = 'public'")]
        if setvals:
            statements.append("SELECT " + ", ".join(setvals))
        statements.append("COMMIT")
        return ";\n".join(statements)

    def fresh(self, folder: Path | None = None,
              prepare: Callable[[], object] | None = None) -> str:
        """The database as the migrations left it; its URL. With ``prepare`` (loading the
        demo club), as ``prepare`` left it over that, with the files it added to its instance
        folder copied to ``folder/instance``: ``prepare`` runs at its first call in this test
        process (or after a test changed the schema), later calls put its rows back."""
        connection = self._connect()
        # Connections a test left open (an app it made and never disposed) could hold a lock
        # on a table; nothing else uses this test process's database now.
        fingerprint = connection.execute(
            f"SELECT ({_FINGERPRINT}), (SELECT count(pg_terminate_backend(pid)) "
            "FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
            "AND usename = current_user)").fetchone()[0]
        if fingerprint != self.fingerprint:
            self._migrate()
        if prepare is None:
            connection.execute(self._reset)
            return self.url
        if prepare not in self._prepared:
            connection.execute(self._reset)
            files = _run_prepare(prepare, self.folder / f"prepared-{len(self._prepared)}",
                                 self.url)
            self._prepared[prepare] = (self._snapshot(), files)
        else:
            connection.execute(self._prepared[prepare][0])
        if folder is not None:
            _put_instance_files(folder, self._prepared[prepare][1])
        return self.url

    def close(self) -> None:
        """Close the connection (at the end of the test session)."""
        if self._connection is not None:
            self._connection.close()


def _literal(value: str) -> str:
    """``value`` as an SQL string literal (standard_conforming_strings, PostgreSQL's
    default since 9.1)."""
    return "'" + value.replace("'", "''") + "'"


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool
    return NullPool


def postgres_url(url: str) -> str:
    """``TEST_DATABASE_URL`` with the psycopg 3 driver named."""
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


def worker_database(url: str, worker: str) -> str:
    """Under pytest-xdist, each worker's own PostgreSQL database beside ``url``'s (created
    when missing; the user of ``url`` may create databases); its URL."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    base = make_url(postgres_url(url))
    name = f"{base.database}_{worker}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT", poolclass=_null_pool())
    with admin.connect() as connection:
        if connection.scalar(sa_text("SELECT 1 FROM pg_database WHERE datname = :name"),
                             {"name": name}) is None:
            connection.execute(sa_text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def csrf_token(client: FlaskClient, path: str = "/") -> str:
    """The CSRF token of the client's session, read from a page's <meta> tag."""
    import re
    html = client.get(path).get_data(as_text=True)
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    assert found, "no csrf-token meta tag on " + path
    return found.group(1)


def latest_audit_actions(app: Flask, count: int) -> list[str]:
    """The actions of the ``count`` newest audit entries, newest first."""
    with app.app_context():
        return list(db.session.scalars(select(AuditEntry.action)
                                       .order_by(AuditEntry.id.desc()).limit(count)))
