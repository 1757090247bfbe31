"""The unit of work enforces itself: no ORM write is flushed outside one, and reading the
club's settings never creates them."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import delete, func, insert, select, update

from ladder.extensions import db
from ladder.models import ClubSettings, Member
from ladder.queries.club import ClubNotInitialised, club_settings, committed_generation
from ladder.services import InvalidInput
from ladder.services.uow import (
    WriteOutsideUnitOfWork,
    read_afresh,
    unit_of_work,
    use_case,
)
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
    with direct_writes():
        db.session.execute(ClubSettings.__table__.update().values(last_replay_at=None))
        db.session.commit()
    with unit_of_work(changes_pages=False) as session:  # written alone, generation kept
        replay(session, None)
    assert _last_replay() is not None and committed_generation(db.session) == before + 1


def _ann_renamed_by_another_writer() -> None:
    """Another connection renames Ann and commits (as a background job would)."""
    with db.engine.begin() as other:
        other.execute(update(Member.__table__).values(name="Ann Other"))


def _ann() -> Member:
    with direct_writes():
        db.session.add(Member(name="Ann Lee", name_key="ann lee"))
        db.session.commit()
    ann = db.session.scalar(select(Member))  # read: the session holds the row now
    assert ann is not None and ann.name == "Ann Lee"
    return ann


def test_a_refused_use_case_leaves_the_next_read_fresh(ctx: Flask) -> None:
    """The caller of a refused use case needs no rollback of its own: the row it read before
    is read again, as the database holds it now."""
    ann = _ann()
    _ann_renamed_by_another_writer()

    @use_case
    def refused() -> None:
        raise InvalidInput("refused")

    with pytest.raises(InvalidInput):
        refused()
    assert not db.session().in_transaction()
    assert ann.name == "Ann Other"


def test_read_afresh_sees_what_another_writer_committed(ctx: Flask) -> None:
    ann = _ann()
    _ann_renamed_by_another_writer()
    assert ann.name == "Ann Lee"  # the row as this session read it
    read_afresh()
    assert ann.name == "Ann Other"


def test_read_afresh_inside_a_unit_of_work_keeps_its_changes(ctx: Flask) -> None:
    with unit_of_work() as session:
        session.add(Member(name="Bo Chen", name_key="bo chen"))
        read_afresh()
    assert _members() == 1


def test_a_core_insert_outside_a_unit_of_work_is_refused(ctx: Flask) -> None:
    with pytest.raises(WriteOutsideUnitOfWork, match="INSERT of members outside a unit"):
        db.session.execute(insert(Member).values(name="Stray Row", name_key="stray row"))
    db.session.rollback()
    assert _members() == 0


def test_core_updates_and_deletes_outside_a_unit_of_work_are_refused(ctx: Flask) -> None:
    with pytest.raises(WriteOutsideUnitOfWork, match="UPDATE of club_settings"):
        db.session.execute(update(ClubSettings).values(visibility="private"))
    with pytest.raises(WriteOutsideUnitOfWork, match="DELETE of club_settings"):
        db.session.execute(delete(ClubSettings))
    db.session.rollback()
    assert club_settings().visibility == "public"


def test_a_core_insert_inside_a_unit_of_work_is_stored(ctx: Flask) -> None:
    with unit_of_work() as session:
        session.execute(insert(Member).values(name="Eve Ng", name_key="eve ng"))
    with direct_writes():  # a test arranging rows says so, as for the ORM
        db.session.execute(insert(Member).values(name="Fay Ho", name_key="fay ho"))
        db.session.commit()
    assert _members() == 2
