"""The competition's services refuse what they must, naming the field, and change nothing then:
a bad setting, a stale form, a mark for a round already paired, a guest on a competition night,
a member taken off after playing, a rating changed after playing, a night beyond the Swiss's
rounds, a competition deleted with nights; the same step twice changes nothing; the night's
pairing waits for the competition's round before to finish."""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Competition, CompetitionMark, CompetitionMember
from ladder.services import Conflict, InvalidInput, NotFound
from ladder.services import night_rounds as rounds
from ladder.services.competition_nights import open_night
from ladder.services.competitions import (
    CompetitionSettings,
    add_members,
    create_competition,
    delete_competition,
    mark_attendance,
    remove_member,
    set_member_rating,
    update_competition,
)
from ladder.services.night import Arrival, check_in
from tests.services.competition_support import (
    NAMES,
    history,
    member_id,
    open_and_check_in,
    play_night_round,
    version_of,
    version_of_night,
)


def _white_wins(_board: object) -> str:
    return "1-0"


@pytest.fixture
def keizer_id(ctx: Flask) -> int:
    history()
    return create_competition(CompetitionSettings("Championship", "keizer"),
                              [member_id(n) for n in NAMES[:6]], "org").id


def _count(model: type) -> int:
    return db.session.scalar(select(func.count()).select_from(model)) or 0


def test_bad_settings_are_refused_naming_the_setting(keizer_id: int) -> None:
    for rules, field in (({"bye_fraction": "two thirds"}, "bye_fraction"),
                         ({"excused_cap": -1}, "excused_cap"), ({"ratio": "1"}, "ratio"),
                         ({"colour_rule": "random"}, "colour_rule")):
        with pytest.raises(InvalidInput) as refused:
            update_competition(keizer_id, CompetitionSettings("Championship", "keizer", rules),
                               version_of(keizer_id), "org")
        assert refused.value.field == field
    with pytest.raises(InvalidInput) as refused:
        create_competition(CompetitionSettings("X", "swiss", {"rounds": 99}), [], "org")
    assert refused.value.field == "rounds"
    with pytest.raises(InvalidInput):
        create_competition(CompetitionSettings("X", "ladder"), [], "org")
    assert _count(Competition) == 1


def test_a_stale_form_is_refused_and_a_repeat_changes_nothing(keizer_id: int) -> None:
    version = version_of(keizer_id)
    update_competition(keizer_id, CompetitionSettings("Championship", "keizer",
                                                      {"rematch_gap": 2}), version, "org")
    with pytest.raises(Conflict, match="meanwhile"):
        update_competition(keizer_id, CompetitionSettings("Other", "keizer"), version, "org")
    assert db.session.get(Competition, keizer_id).name == "Championship"
    member = member_id(NAMES[0])
    assert mark_attendance(keizer_id, 1, member, "excused", "org") == "excused"
    entries = _count(AuditEntry)
    assert mark_attendance(keizer_id, 1, member, "excused", "org") == "excused"
    assert _count(AuditEntry) == entries  # the same tap twice
    assert mark_attendance(keizer_id, 1, member, "present", "org") == ""
    assert _count(CompetitionMark) == 0


def test_attendance_and_members_after_a_round_is_paired(keizer_id: int) -> None:
    ids = [member_id(n) for n in NAMES[:6]]
    night = open_and_check_in(keizer_id, dt.date(2025, 3, 4), ids[:4])
    rounds.pair_round(night.id, 1, version_of_night(night.id), "org")
    with pytest.raises(InvalidInput) as refused:
        mark_attendance(keizer_id, 1, ids[5], "excused", "org")
    assert refused.value.field == "round"
    with pytest.raises(InvalidInput):
        mark_attendance(keizer_id, 2, ids[5], "ill", "org")
    with pytest.raises(NotFound):
        mark_attendance(keizer_id, 2, member_id(NAMES[8]), "excused", "org")
    mark_attendance(keizer_id, 2, ids[5], "club", "org")
    with pytest.raises(Conflict):
        remove_member(keizer_id, ids[0], version_of(keizer_id), "org")
    with pytest.raises(Conflict):
        set_member_rating(keizer_id, ids[0], 1800, version_of(keizer_id), "org")
    added = add_members(keizer_id, [member_id(NAMES[7])], version_of(keizer_id), "org")
    assert [cm.entry_round for cm in added] == [2]
    set_member_rating(keizer_id, member_id(NAMES[7]), 1999, version_of(keizer_id), "org")
    remove_member(keizer_id, member_id(NAMES[7]), version_of(keizer_id), "org")
    assert _count(CompetitionMember) == 6
    with pytest.raises(Conflict, match="Nights play"):
        delete_competition(keizer_id, version_of(keizer_id), "org")


def test_a_guest_cannot_play_a_competition_night(keizer_id: int) -> None:
    night = open_night(keizer_id, dt.date(2025, 3, 4), 1, version_of(keizer_id), "org")
    with pytest.raises(InvalidInput) as refused:
        check_in(night.id, Arrival(name="Visiting Player", guest=True),
                 version_of_night(night.id), "org")
    assert refused.value.field == "guest"
    assert not db.session.get(type(night), night.id).players


def test_a_round_waits_for_the_round_before(keizer_id: int) -> None:
    ids = [member_id(n) for n in NAMES[:6]]
    first = open_and_check_in(keizer_id, dt.date(2025, 3, 4), ids)
    second = open_and_check_in(keizer_id, dt.date(2025, 3, 11), ids)
    with pytest.raises(Conflict, match="round 1 is not finished"):
        rounds.pair_round(second.id, 1, version_of_night(second.id), "org")
    play_night_round(first.id, 1, _white_wins)
    rounds.pair_round(second.id, 1, version_of_night(second.id), "org")


def test_a_swiss_has_its_rounds_and_no_more(ctx: Flask) -> None:
    history()
    swiss = create_competition(CompetitionSettings("Swiss", "swiss", {"rounds": 2}),
                               [member_id(n) for n in NAMES[:4]], "org")
    open_night(swiss.id, dt.date(2025, 3, 4), 2, version_of(swiss.id), "org")
    with pytest.raises(Conflict):
        open_night(swiss.id, dt.date(2025, 3, 11), 1, version_of(swiss.id), "org")
    with pytest.raises(InvalidInput) as refused:
        update_competition(swiss.id, CompetitionSettings("Swiss", "swiss", {"rounds": 1}),
                           version_of(swiss.id), "org")
    assert refused.value.field == "rounds"
