"""The players' phones at a club night, through the services (docs/club-night.md §6): the code
(constant-time, throttled per address and per night, changed, switched off), a phone's
check-in (a member ticked, tonight's player claimed, a name for the organizer, a hidden
junior's name that only the organizer is offered), and the results players report (two that
agree enter it, one waits, a disagreement waits for the organizer, an entered result never
changes, a retry never doubles a report, a late retry never undoes a changed mind)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from flask import Flask
from sqlalchemy import func, select

from ladder.club.night_self import derive_code
from ladder.extensions import db
from ladder.models import AuditEntry, CodeAttempt, Member, Night, NightBoard, NightReport
from ladder.queries.night_self import link_state, night_code
from ladder.services import Conflict, NotFound
from ladder.services import night_rounds as rounds
from ladder.services import night_self as phones
from ladder.services.club_settings import current_form, update_settings
from ladder.services.members import set_junior
from ladder.services.night import NightSettings, create_night, tick
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.services.night_support import simple_engine

ROSTER = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Chloé Martin"]
HIDDEN = "Chloé Martin"


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


@pytest.fixture
def night(ctx: Flask) -> int:
    games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)]
    publish_t(tournament(ROSTER, games, name="Earlier"), dt.date(2025, 1, 7))
    set_junior(_id(HIDDEN), True, "org")
    return create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4), rounds=2),
                        actor="org").id


def _id(name: str) -> int:
    return db.session.scalar(select(Member.id).where(Member.name == name))


def _code(night_id: int) -> str:
    state = link_state(db.session, night_id)
    return night_code(night_id, state.rotation)


def _version(night_id: int) -> int:
    db.session.expire_all()
    return db.session.get(Night, night_id).version


def test_the_code_is_derived_from_the_secret_and_changes_with_a_rotation(night: int) -> None:
    code = _code(night)
    assert code == derive_code(b"test-secret-key", night, 0)
    assert phones.try_code(night, code.lower()[:3] + " " + code[3:], "1.2.3.4")
    phones.rotate_code(night, "org")
    assert not phones.try_code(night, code, "1.2.3.4")  # the old code opens nothing
    assert phones.try_code(night, _code(night), "1.2.3.4")
    assert db.session.scalar(select(func.count(AuditEntry.id)).where(
        AuditEntry.action == "phones.code")) == 1
    # The audit never holds the code.
    assert code not in str(db.session.scalars(select(AuditEntry.context)).all())


def test_wrong_codes_are_throttled_per_address_and_per_night(night: int) -> None:
    now = dt.datetime(2025, 2, 4, 19, 0)
    for _ in range(phones.ADDRESS_LIMIT):
        assert not phones.try_code(night, "ZZZZZZ", "9.9.9.9", now=now)
    with pytest.raises(phones.TooManyAttempts):
        phones.try_code(night, _code(night), "9.9.9.9", now=now)  # even the right one
    assert phones.code_refused(night, "9.9.9.9", now=now)
    assert phones.try_code(night, _code(night), "1.1.1.1", now=now)  # another address
    # The window passes.
    assert phones.try_code(night, _code(night), "9.9.9.9", now=now + phones.WINDOW
                           + dt.timedelta(seconds=1))
    # Many addresses together hit the night's limit.
    for i in range(phones.NIGHT_LIMIT):
        db.session.add(CodeAttempt(night_id=night, address=f"10.0.{i // 250}.{i % 250}",
                                   at=now))
    from tests.factories import direct_writes
    with direct_writes():
        db.session.commit()
    with pytest.raises(phones.TooManyAttempts):
        phones.try_code(night, _code(night), "8.8.8.8", now=now)
    # A new code starts a new count (guesses at the old one say nothing of the new).
    phones.rotate_code(night, "org")
    assert phones.try_code(night, _code(night), "8.8.8.8", now=dt.datetime.utcnow())


def test_a_switched_off_or_finished_night_has_no_code(night: int) -> None:
    phones.switch_phones(night, False, "org")
    with pytest.raises(NotFound):
        phones.try_code(night, _code(night), "1.2.3.4")
    with pytest.raises(NotFound):
        phones.phone_check_in(night, phones.PhoneChoice(name="Zed New"), None)
    phones.switch_phones(night, True, "org")
    assert phones.try_code(night, _code(night), "1.2.3.4")


def test_a_member_checks_in_from_a_phone_and_the_organizer_can_refuse(night: int) -> None:
    ann = _id("Ann Lee")
    row = phones.phone_check_in(night, phones.PhoneChoice(member_id=ann), None,
                                allowed_members=frozenset({ann}))
    assert row.status == "here" and row.player_id is not None
    again = phones.phone_check_in(night, phones.PhoneChoice(member_id=ann), row.id,
                                  allowed_members=frozenset({ann}))
    assert again.id == row.id  # said twice: nothing new
    with pytest.raises(phones.InvalidInput):  # not offered to this phone
        phones.phone_check_in(night, phones.PhoneChoice(member_id=_id("Bo Chen")), None)
    phones.refuse_arrival(night, row.id, "org")
    db.session.expire_all()
    assert db.session.get(Night, night).players == []  # taken off again before round 1
    phones.refuse_arrival(night, row.id, "org")  # twice: nothing more


def test_a_typed_name_waits_for_the_organizer_and_a_hidden_junior_is_only_offered(
        night: int) -> None:
    new = phones.phone_check_in(night, phones.PhoneChoice(name="Zed New", junior=True), None)
    hidden = phones.phone_check_in(night, phones.PhoneChoice(name="chloe  MARTIN"), None)
    assert (new.status, new.member_id) == ("pending", None)
    assert (hidden.status, hidden.member_id) == ("pending", _id(HIDDEN))
    assert new.kind == hidden.kind == "request"
    player = phones.accept_arrival(night, hidden.id, "member", False, "org")
    assert player.member_id == _id(HIDDEN)
    guest = phones.accept_arrival(night, new.id, "guest", True, "org")
    assert guest.guest and guest.junior and guest.name == "Zed New"
    assert phones.accept_arrival(night, new.id, "guest", True, "org").id == guest.id


def _paired(night: int) -> list[NightBoard]:
    for name in ("Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"):
        tick(night, _id(name), True, "org")
    rounds.pair_round(night, 1, _version(night), "org")
    rounds.publish_round(night, 1, _version(night), "org")
    return list(db.session.scalars(select(NightBoard).where(
        NightBoard.night_id == night, NightBoard.round == 1,
        NightBoard.black_id.is_not(None)).order_by(NightBoard.number)))


def _phone_of(night: int, player_id: int) -> int:
    start_no = next(p.start_no for p in db.session.get(Night, night).players
                    if p.id == player_id)
    return phones.phone_check_in(night, phones.PhoneChoice(start_no=start_no), None,
                                 allowed_players=frozenset({start_no})).id


def test_two_reports_that_agree_enter_the_result(night: int) -> None:
    board = _paired(night)[0]
    white, black = _phone_of(night, board.white_id), _phone_of(night, board.black_id)
    first = phones.report_result(night, white, board.id, "1-0", board.version, 0, "k1")
    assert first.entered is None
    repeated = phones.report_result(night, white, board.id, "1-0", board.version, 0, "k1")
    assert repeated.repeated
    second = phones.report_result(night, black, board.id, "1-0", board.version, 0, "k2")
    assert second.entered == "1-0"
    db.session.expire_all()
    assert db.session.get(NightBoard, board.id).result == "1-0"
    assert db.session.scalar(select(func.count(NightReport.id))) == 2
    audits = db.session.scalars(select(AuditEntry).where(
        AuditEntry.action == "phones.report")).all()
    assert len(audits) == 2 and all('"board_version": 1' in a.context for a in audits)
    # Now entered: a report can no longer change it.
    with pytest.raises(Conflict):
        phones.report_result(night, black, board.id, "0-1", board.version + 1, 1, "k3")


def test_a_disagreement_and_the_organizer_setting(night: int) -> None:
    boards = _paired(night)
    board = boards[0]
    white, black = _phone_of(night, board.white_id), _phone_of(night, board.black_id)
    phones.report_result(night, white, board.id, "1-0", board.version, 0, "a")
    answer = phones.report_result(night, black, board.id, "0-1", board.version, 0, "b")
    assert answer.entered is None
    db.session.expire_all()
    assert db.session.get(NightBoard, board.id).result is None
    # The organizer settles it with the desk's own tap.
    rounds.record_result(board.id, "0-1", board.version, "org")
    # Under the "organizer" setting two reports that agree wait for the organizer.
    update_settings(replace(current_form(), player_results="organizer"), "org")
    other = boards[1]
    w2, b2 = _phone_of(night, other.white_id), _phone_of(night, other.black_id)
    phones.report_result(night, w2, other.id, "½-½", other.version, 0, "c")
    assert phones.report_result(night, b2, other.id, "½-½", other.version, 0, "d").entered \
        is None


def test_a_late_retry_never_undoes_a_changed_mind(night: int) -> None:
    board = _paired(night)[0]
    white = _phone_of(night, board.white_id)
    phones.report_result(night, white, board.id, "1-0", board.version, 0, "form-1")
    # A changed mind from the page that showed the report (revision 1) replaces it.
    phones.report_result(night, white, board.id, "0-1", board.version, 1, "form-2")
    # The first form's tap arrives again (a retry): refused, the changed mind stands.
    with pytest.raises(Conflict):
        phones.report_result(night, white, board.id, "1-0", board.version, 0, "form-1")
    # And the second form's retry changes nothing.
    assert phones.report_result(night, white, board.id, "0-1", board.version, 1,
                                "form-2").repeated
    assert db.session.scalars(select(NightReport.result)).all() == ["0-1"]


def test_a_report_for_a_board_that_changed_or_is_not_mine_changes_nothing(night: int) -> None:
    boards = _paired(night)
    board = boards[0]
    white = _phone_of(night, board.white_id)
    with pytest.raises(NotFound):
        phones.report_result(night, white, boards[1].id, "1-0", boards[1].version, 0, "x")
    with pytest.raises(Conflict):
        phones.report_result(night, white, board.id, "1-0", board.version + 5, 0, "x")
    with pytest.raises(phones.InvalidInput):
        phones.report_result(night, white, board.id, "1-0F", board.version, 0, "x")
    assert db.session.scalar(select(func.count(NightReport.id))) == 0


def test_a_report_moves_the_generation_only_when_it_enters_a_result(night: int) -> None:
    from ladder.queries.club import committed_generation
    board = _paired(night)[0]
    white, black = _phone_of(night, board.white_id), _phone_of(night, board.black_id)
    before = committed_generation(db.session)
    phones.report_result(night, white, board.id, "½-½", board.version, 0, "w")
    assert committed_generation(db.session) == before  # no public page shows a report
    phones.report_result(night, black, board.id, "½-½", board.version, 0, "b")
    assert committed_generation(db.session) == before + 1  # the result entered: pages change
