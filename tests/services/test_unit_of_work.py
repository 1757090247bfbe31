"""The unit of work enforces itself: no ORM write is flushed outside one, and reading the
club's settings never creates them."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import delete, func, select

from ladder.extensions import db
from ladder.models import ClubSettings, Member
from ladder.queries.club import ClubNotInitialised, club_settings, committed_generation
from ladder.services.uow import WriteOutsideUnitOfWork, unit_of_work, use_case
from tests.factories import direct_writes


def _members() -> int:
    return int(db.session.scalar(select(func.count(Member.id))) or 0)


def test_a_write_outside_a_unit_of_work_is_refused_and_nothing_is_stored(ctx: Flask) -> None:
    db.session.add(Member(name="Stray Write", name_key="stray write"))
    with pytest.raises(WriteOutsideUnitOfWork, match="Member written outside a unit of work"):
        db.session.flush()
    db.session.rollback()
    assert _members() == 0


def test_a_change_to_a_loaded_row_is_refused_too(ctx: Flask) -> None:
    settings = club_settings()
    settings.visibility = "private"
    with pytest.raises(WriteOutsideUnitOfWork, match="ClubSettings"):
        db.session.commit()
    db.session.rollback()
    assert club_settings().visibility == "public"


def test_a_use_case_writes_and_moves_the_generation(ctx: Flask) -> None:
    before = committed_generation(db.session)

    @use_case
    def add_member() -> None:
        db.session.add(Member(name="Ann Lee", name_key="ann lee"))

    add_member()
    assert _members() == 1
    assert committed_generation(db.session) == before + 1


def test_bookkeeping_writes_leave_the_pages_alone(ctx: Flask) -> None:
    before = committed_generation(db.session)
    with unit_of_work(changes_pages=False) as session:
        session.add(Member(name="Bo Chen", name_key="bo chen"))
    assert _members() == 1 and committed_generation(db.session) == before


def test_a_test_that_arranges_rows_directly_says_so(ctx: Flask) -> None:
    with direct_writes():
        db.session.add(Member(name="Cai Wu", name_key="cai wu"))
        db.session.commit()
    assert _members() == 1
    db.session.add(Member(name="Dee Park", name_key="dee park"))  # the permission ended
    with pytest.raises(WriteOutsideUnitOfWork):
        db.session.flush()
    db.session.rollback()


def test_reading_the_settings_of_an_uninitialised_club_creates_nothing(ctx: Flask) -> None:
    with direct_writes():
        db.session.execute(delete(ClubSettings))
        db.session.commit()
    with pytest.raises(ClubNotInitialised, match="ladder init"):
        club_settings()
    assert db.session.scalar(select(func.count(ClubSettings.id))) == 0


def _last_replay() -> object:
    db.session.rollback()  # read what is committed
    return db.session.scalar(select(ClubSettings.last_replay_at))


def test_the_time_of_a_replay_is_stored_with_the_change_and_dropped_with_it(ctx: Flask) -> None:
    from ladder.services.replay import replay
    from ladder.services.uow import rehearsal
    assert _last_replay() is None
    with rehearsal() as session:  # rolled back: no time of a replay that never happened
        replay(session, None)
    assert _last_replay() is None
    before = committed_generation(db.session)
    with unit_of_work() as session:  # written with the new generation
        replay(session, None)
    assert _last_replay() is not None and committed_generation(db.session) == before + 1
    db.session.execute(ClubSettings.__table__.update().values(last_replay_at=None))
    db.session.commit()
    with unit_of_work(changes_pages=False) as session:  # written alone, generation kept
        replay(session, None)
    assert _last_replay() is not None and committed_generation(db.session) == before + 1
