"""Every schema this project has ever shipped upgrades with its data (``ladder init``).

For each revision of the migration chain, from the first (the first public version) to the
one before the newest: a new database is built at that revision with Alembic, filled with the
rows a club would have by then (members — one merged, a junior with consent, a name with
accents —, a published and a draft event with their entries, results of every kind, rating
rows, a merge, audit entries, settings, an organizer, and the tables of later versions:
aliases, seasons, bughouse teams, login sessions, a finished club night …), and upgraded to
the newest schema as ``ladder init`` does. Every row must still be there with every value
it had, the pages must answer, and a new write must work (ids keep counting).

SQLite rebuilds tables to alter them; before the fix, the rebuild of members, events,
entries, results, audit_log and merges ran with foreign keys on and failed ("FOREIGN KEY
constraint failed"), locking the club out. Runs on PostgreSQL too (``TEST_DATABASE_URL``).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from ladder.extensions import db
from ladder.names import name_key
from tests.factories import make_app, reset_postgres

NOW = dt.datetime(2025, 3, 4, 19, 30, 0)
DAY = dt.date(2025, 3, 4)
HALF_PAB = "W=1 D=1/2 L=0 PAB=1/2"

#: The rows, table by table in an order that satisfies the foreign keys; a column a revision
#: does not have yet is left out at that revision.
ROWS: dict[str, list[dict[str, Any]]] = {
    "club_settings": [dict(
        id=1, club_name="Riverside Chess Club", visibility="public", unlisted_token=None,
        initials_for_all=False, start_rating=1500.0, k_new=40.0, k_established=20.0,
        k_threshold=30, provisional_games=10, junior_k=32.0, rating_floor=100.0,
        last_replay_at=NOW, generation=7, default_language="ko", award_min_games=8,
        glicko_tau=0.6, health_public=True, timezone="Asia/Seoul")],
    "users": [dict(id=1, username="organizer", password_hash="scrypt:32768:8:1$salt$hash",
                   created_at=NOW, session_version=2)],
    "login_attempts": [dict(id=1, username="organizer", address="192.0.2.7", at=NOW)],
    "members": [
        dict(id=1, name="Ann Lee", junior=False, consent_given=False, created_at=NOW,
             rating=1523.5, games=12, last_change=11.25),
        dict(id=2, name="Bo Chen", junior=False, consent_given=False, created_at=NOW,
             rating=1476.5, games=12, last_change=-11.25),
        dict(id=3, name="김민준", junior=True, consent_given=True, consent_date=DAY,
             consent_recorded_by="Ann Lee", consent_note="parent, by e-mail",
             created_at=NOW, rating=1400.0, games=3, last_change=None),
        dict(id=4, name="B. Chen", junior=False, consent_given=False, merged_into_id=2,
             created_at=NOW, rating=1500.0, games=0),
        dict(id=5, name="Zoë Müller", junior=False, consent_given=False, created_at=NOW,
             rating=1500.0, games=2, last_change=0.0),
    ],
    "events": [
        dict(id=1, name="Tuesday night", date=DAY, kind="swiss", rounds=2, rated=True,
             tiebreak_edition="fide-2026", tiebreak_order="BH:C1,BH,SB", status="published",
             source_format="trf", created_at=NOW, version=3, unrated_rating=1000,
             scoring=HALF_PAB),  # the night's ½-point PAB, once events keep their scoring
        dict(id=2, name="Spring draft", date=DAY + dt.timedelta(days=7), kind="round_robin",
             rounds=1, rated=False, tiebreak_edition=None, tiebreak_order="SB",
             status="draft", source_format="paste", created_at=NOW, version=1),
    ],
    "entries": [
        dict(id=1, event_id=1, member_id=1, start_no=1, raw_name="Lee, Ann", typed_rating=1510),
        dict(id=2, event_id=1, member_id=2, start_no=2, raw_name="Bo Chen", typed_rating=None),
        dict(id=3, event_id=1, member_id=3, start_no=3, raw_name="김민준", typed_rating=None),
        dict(id=4, event_id=1, member_id=None, start_no=4, raw_name="Guest Gg",
             typed_rating=None),
        dict(id=5, event_id=1, member_id=5, start_no=5, raw_name="Zoë Müller",
             typed_rating=None),
        dict(id=6, event_id=2, member_id=2, start_no=1, raw_name="B. Chen", typed_rating=None),
        dict(id=7, event_id=2, member_id=1, start_no=2, raw_name="Ann Lee", typed_rating=None),
    ],
    "results": [
        dict(id=1, entry_id=1, round=1, kind="win", opponent_entry_id=2, colour="w",
             outcome_halves=None, version=1),
        dict(id=2, entry_id=2, round=1, kind="loss", opponent_entry_id=1, colour="b",
             outcome_halves=None, version=1),
        dict(id=3, entry_id=3, round=1, kind="forfeit_win", opponent_entry_id=4,
             colour=None, outcome_halves=None, version=1),
        dict(id=4, entry_id=4, round=1, kind="forfeit_loss", opponent_entry_id=3,
             colour=None, outcome_halves=None, version=1),
        dict(id=5, entry_id=5, round=1, kind="pairing_bye", opponent_entry_id=None,
             colour=None, outcome_halves=None, version=1),
        dict(id=6, entry_id=1, round=2, kind="draw", opponent_entry_id=3, colour="b",
             outcome_halves=None, version=2),
        dict(id=7, entry_id=3, round=2, kind="draw", opponent_entry_id=1, colour="w",
             outcome_halves=None, version=2),
        dict(id=8, entry_id=2, round=2, kind="unrated_played", opponent_entry_id=5,
             colour="w", outcome_halves=1, version=1),
        dict(id=9, entry_id=5, round=2, kind="unrated_played", opponent_entry_id=2,
             colour="b", outcome_halves=1, version=1),
        dict(id=10, entry_id=4, round=2, kind="half_bye", opponent_entry_id=None,
             colour=None, outcome_halves=None, version=1),
        dict(id=11, entry_id=6, round=1, kind="draw", opponent_entry_id=7, colour="w",
             outcome_halves=None, version=1),
        dict(id=12, entry_id=7, round=1, kind="draw", opponent_entry_id=6, colour="b",
             outcome_halves=None, version=1),
    ],
    "rating_rows": [
        dict(event_id=1, member_id=1, rating_before=1512.25, rating_after=1523.5, k=20.0,
             games_before=10, games_counted=2, expected=1.1, score=1.5,
             provisional_before=False),
        dict(event_id=1, member_id=2, rating_before=1487.75, rating_after=1476.5, k=20.0,
             games_before=10, games_counted=1, expected=0.6, score=0.0,
             provisional_before=False),
    ],
    "merges": [dict(id=1, source_id=4, target_id=2, at=NOW, actor="organizer",
                    undone_at=None, moved_entry_ids="6")],
    "audit_log": [
        dict(id=1, at=NOW, actor="organizer", action="event.publish", event_id=1,
             member_id=None, summary="Published “Tuesday night”", old_value=None,
             new_value='{"rounds": 2}', context='{"event": "Tuesday night"}'),
        dict(id=2, at=NOW, actor="organizer", action="member.merge", event_id=None,
             member_id=2, summary="Merged “B. Chen” into “Bo Chen”", old_value=None,
             new_value=None, context=None),
    ],
    "login_sessions": [dict(id=1, token="t" * 64, user_id=1, version=2, created_at=NOW,
                            ended_at=None)],
    "publish_tokens": [dict(token="p" * 40, event_id=1, at=NOW)],
    "member_aliases": [dict(id=101, member_id=1, name="Lee Ann", kind="manual",
                            merged_from=None, created_at=NOW)],
    "seasons": [dict(id=1, name="2025 spring", first=dt.date(2025, 1, 1),
                     last=dt.date(2025, 6, 30), created_at=NOW)],
    "bughouse_teams": [dict(id=1, event_id=1, position=0, first_no=1, second_no=2,
                            name="Knights")],
    "ladder_checks": [dict(id=1, generation=7, fingerprint="f" * 64, checked_at=NOW,
                           total=5, differences="[]")],
    "nights": [dict(id=1, name="Tuesday night", date=DAY, kind="swiss", system="dutch",
                    rounds=1, pab_half=True, tiebreak_order="BH:C1,BH", double=False,
                    swap_last_two=False, initial_colour="white1", rated=True, pure=True,
                    event_id=1, version=9, created_at=NOW, pairing_round=None,
                    pairing_token=None, pairing_started_at=None, pairing_seen_at=None,
                    pairing_note=None)],
    "night_players": [
        dict(id=1, night_id=1, start_no=1, member_id=1, name="Ann Lee", guest=False,
             junior=False, rating=1512.25, games=10, joined=1, withdrawn_from=None),
        dict(id=2, night_id=1, start_no=2, member_id=2, name="Bo Chen", guest=False,
             junior=False, rating=1487.75, games=10, joined=1, withdrawn_from=None),
        dict(id=3, night_id=1, start_no=3, member_id=None, name="Guest Gg", guest=True,
             junior=True, rating=None, games=0, joined=1, withdrawn_from=None),
    ],
    "night_rounds": [dict(id=1, night_id=1, round=1, published=True, manual=False,
                          warnings="[]", pab_reason='[{"id": "x", "values": []}]')],
    "night_boards": [
        dict(id=1, night_id=1, round=1, number=1, white_id=1, black_id=2, result="1-0",
             reasons="[]", version=2),
        dict(id=2, night_id=1, round=1, number=2, white_id=3, black_id=None, result=None,
             reasons="[]", version=1),
    ],
    "night_byes": [dict(id=1, night_id=1, player_id=2, round=2, code="H")],
    "night_forbidden": [dict(id=1, night_id=1, first_id=1, second_id=3)],
}

#: Columns a migration recomputes on purpose (checked on their own below).
RECOMPUTED = {("members", "name_key"), ("member_aliases", "name_key"), ("events", "winners"),
              ("events", "scoring")}


def _revisions() -> list[str]:
    """The migration chain, oldest first."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from ladder.services.setup import MIGRATIONS
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return [script.revision for script in reversed(list(
        ScriptDirectory.from_config(config).walk_revisions()))]


REVISIONS = _revisions()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Flask]:
    """An app over an empty database (SQLite file, or the PostgreSQL test database)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        url = url.replace("postgresql://", "postgresql+psycopg://", 1)
        reset_postgres(url)
    application = make_app(tmp_path, url)
    yield application
    with application.app_context():
        db.session.remove()
        db.engine.dispose()


def _value(column: sa.Column[Any]) -> Any:
    """A value for a required column this catalogue does not know (none so far)."""
    kind = column.type
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, sa.Integer):
        return 0
    if isinstance(kind, sa.Float | sa.Numeric):
        return 0.0
    if isinstance(kind, sa.DateTime):
        return NOW
    if isinstance(kind, sa.Date):
        return DAY
    return "x"


def _fill(connection: sa.Connection) -> dict[str, list[dict[str, Any]]]:
    """Insert the catalogue's rows into every table the schema has; the rows as inserted."""
    meta = sa.MetaData()
    meta.reflect(bind=connection)
    inserted: dict[str, list[dict[str, Any]]] = {}
    for name, rows in ROWS.items():
        table = meta.tables.get(name)
        if table is None:
            continue
        written = []
        for row in rows:
            values = {key: value for key, value in row.items() if key in table.c}
            if "name_key" in table.c:
                values["name_key"] = name_key(row["name"])
            for column in table.c:
                if column.name not in values and not column.nullable \
                        and column.server_default is None and not column.primary_key:
                    values[column.name] = _value(column)
            connection.execute(table.insert().values(values))
            written.append(values)
        inserted[name] = written
    if connection.dialect.name == "postgresql":  # as after ordinary inserts: ids count on
        for name in inserted:
            if "id" in meta.tables[name].c and isinstance(meta.tables[name].c.id.type,
                                                          sa.Integer):
                connection.execute(sa.text(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                    f"(SELECT MAX(id) FROM {name}))"))
    return inserted


def _key(table: sa.Table, row: dict[str, Any]) -> Any:
    return sa.and_(*(column == row[column.name] for column in table.primary_key.columns))


def _same(expected: Any, found: Any) -> bool:
    if isinstance(expected, float) and isinstance(found, float):
        return expected == pytest.approx(found, abs=1e-9)
    return bool(expected == found)


@pytest.mark.db
@pytest.mark.parametrize("revision", REVISIONS[:-1])
def test_a_database_of_every_revision_upgrades_with_all_its_rows(fresh: Flask,
                                                                 revision: str) -> None:
    with fresh.app_context():
        from flask_migrate import upgrade

        from ladder.services.setup import MIGRATIONS, init_database
        upgrade(directory=MIGRATIONS, revision=revision)
        with db.engine.begin() as connection:
            inserted = _fill(connection)
        db.engine.dispose()
        assert {"members", "events", "entries", "results", "audit_log", "merges"} <= set(
            inserted)

        init_database()  # what `ladder init` does: the upgrade to the newest schema

        meta = sa.MetaData()
        with db.engine.connect() as connection:
            meta.reflect(bind=connection)
            for name, rows in inserted.items():
                table = meta.tables[name]
                for row in rows:
                    found = connection.execute(sa.select(table).where(_key(table, row))
                                               ).mappings().one_or_none()
                    assert found is not None, (revision, name, row)
                    for column, value in row.items():
                        if (name, column) in RECOMPUTED:
                            continue
                        assert _same(value, found[column]), (revision, name, column, value,
                                                             found[column])
                    if "name_key" in row:
                        assert found["name_key"] == name_key(found["name"])
            events = dict(connection.execute(sa.select(meta.tables["events"].c.id,
                                                       meta.tables["events"].c.scoring)).all())
            # The finished night's ½-point PAB reaches its event (when nights existed).
            assert events == {1: HALF_PAB if "nights" in inserted else None, 2: None}
            winners = connection.execute(sa.select(meta.tables["events"].c.winners).where(
                meta.tables["events"].c.id == 1)).scalar()
            assert winners is not None  # the derived column filled by `ladder init`
            if connection.dialect.name == "sqlite":
                assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
                assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1

    client = fresh.test_client()
    for url in ("/", "/members", "/members/1", "/events", "/events/1"):
        assert client.get(url).status_code == 200, (revision, url)
    with fresh.app_context():
        from ladder.services.members import add_member
        member = add_member("Cy Park", "test")
        assert member.id > 5  # ids count on from the old rows
