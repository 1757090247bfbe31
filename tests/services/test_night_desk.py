"""The club night desk's services: a round-robin's rounds from the players (C.05 Annex 1), a
night without a result never finished, the tick list, typed names matched against the roster
by the one comparison key (a hidden junior above all, in every Unicode form), the finish with
its preview and the guests' links, and the finish taken back to the night.

Rounds are paired by the stand-in engine (``tests/services/night_support.py``) where the
pairing itself does not matter, by the Berger tables for a round-robin."""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Event, Member, Night, NightBoard, RatingRow
from ladder.services import Conflict
from ladder.services import night_rounds as rounds
from ladder.services.corrections import update_event
from ladder.services.members import add_member, set_junior
from ladder.services.night import (
    Arrival,
    NightSettings,
    OnRoster,
    check_in,
    create_night,
    tick,
)
from ladder.services.night_finish import (
    check_finishable,
    finish,
    finish_preview,
    guest_choices,
    read_guest_links,
    reopen,
)
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import publish_t, tournament
from tests.services.night_support import simple_engine

ROSTER = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ng", "Fay Oh", "Chloé Martin"]


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


def _version(night_id: int) -> int:
    db.session.expire_all()
    return db.session.get(Night, night_id).version


def _roster() -> dict[str, int]:
    """The roster with one rated event behind it; Chloé Martin is a junior without consent."""
    games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 5, 6, Kind.LOSS)]
    publish_t(tournament(ROSTER, games, name="Earlier"), dt.date(2025, 1, 7))
    ids = {m.name: m.id for m in db.session.scalars(select(Member))}
    set_junior(ids["Chloé Martin"], True, "org")
    return ids


def _swiss(rounds_count: int = 2) -> int:
    return create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4),
                                      rounds=rounds_count), actor="org").id


def _play(night_id: int, round_no: int) -> None:
    rounds.pair_round(night_id, round_no, _version(night_id), "org")
    rounds.publish_round(night_id, round_no, _version(night_id), "org")
    for board in db.session.scalars(select(NightBoard).where(
            NightBoard.night_id == night_id, NightBoard.round == round_no,
            NightBoard.black_id.is_not(None))).all():
        rounds.record_result(board.id, "1-0", board.version, "org")


def test_a_round_robin_states_its_rounds_from_the_players_and_plays_them(app: Flask) -> None:
    with app.app_context():
        night_id = create_night(NightSettings(name="RR", date=dt.date(2025, 2, 4),
                                              kind=EventKind.ROUND_ROBIN), actor="org").id
        counts = []
        for name in ROSTER[:6]:
            check_in(night_id, Arrival(name=name), _version(night_id), "org")
            counts.append(db.session.get(Night, night_id).rounds)
        assert counts == [0, 0, 3, 3, 5, 5]  # C.05 Annex 1: n − 1, n for an odd n
        for round_no in range(1, 6):
            _play(night_id, round_no)
        event = finish(night_id, _version(night_id), "org")
        assert event.kind is EventKind.ROUND_ROBIN and event.rounds == 5
        pairs = {frozenset((r.entry_id, r.opponent_entry_id)) for e in event.entries
                 for r in e.results}
        assert len(pairs) == 15  # everyone met everyone once


def test_a_night_without_a_result_is_never_finished(app: Flask) -> None:
    with app.app_context():
        night_id = create_night(NightSettings(name="Empty RR", date=dt.date(2025, 2, 4),
                                              kind=EventKind.ROUND_ROBIN), actor="org").id
        for message_night in (night_id, _swiss(1)):
            with pytest.raises(Conflict, match="without a single result"):
                finish(message_night, _version(message_night), "org")
        for name in ROSTER[:2]:
            check_in(night_id, Arrival(name=name), _version(night_id), "org")
        with pytest.raises(Conflict, match="without a single result"):
            check_finishable(db.session.get(Night, night_id))
        assert db.session.scalar(select(func.count()).select_from(Event)) == 0


def test_a_tick_checks_in_once_and_before_round_1_takes_off(app: Flask) -> None:
    with app.app_context():
        ids = _roster()
        night_id = _swiss()
        first = tick(night_id, ids["Ann Lee"], True, "org")
        again = tick(night_id, ids["Ann Lee"], True, "org")  # a second tap: the same player
        assert first is not None and again is not None and first.id == again.id
        tick(night_id, ids["Bo Chen"], True, "org")
        assert tick(night_id, ids["Bo Chen"], False, "org") is None
        assert tick(night_id, ids["Bo Chen"], False, "org") is None  # taken off already
        for name in ("Bo Chen", "Cai Wu", "Dee Park"):
            tick(night_id, ids[name], True, "org")
        assert len(db.session.get(Night, night_id).players) == 4
        _play(night_id, 1)
        with pytest.raises(Conflict, match="withdraw"):
            tick(night_id, ids["Ann Lee"], False, "org")
        late = tick(night_id, ids["Eve Ng"], True, "org")  # a late entrant
        assert late is not None and late.joined == 2


@pytest.mark.parametrize("typed", [
    "Chloé Martin",                 # as the roster writes it
    "Chloe\u0301 Martin",           # decomposed (NFD)
    "\uff23\uff48\uff4c\uff4f\u00e9 Martin",  # full-width letters
    "  chloé   MARTIN ",            # case and extra spaces
    "Chlo\u00ad\u00e9 Mar\u200btin",  # a soft hyphen and a zero-width space inside
    "Chloe Martin",                 # without its accent
])
def test_a_typed_name_is_the_members_whatever_its_unicode_form(app: Flask, typed: str) -> None:
    with app.app_context():
        ids = _roster()
        night_id = _swiss()
        for guest in (True, False):
            with pytest.raises(OnRoster) as refused:
                check_in(night_id, Arrival(name=typed, guest=guest), _version(night_id), "org")
            assert refused.value.member_id == ids["Chloé Martin"] and refused.value.hidden
            assert "junior" in refused.value.message and refused.value.field == "name"
        assert db.session.get(Night, night_id).players == []
        player = check_in(night_id, Arrival(member_id=ids["Chloé Martin"], name=typed),
                          _version(night_id), "org")
        assert player.member_id == ids["Chloé Martin"] and player.junior
        # Typed again after the member was checked in: the same player, nobody added.
        again = check_in(night_id, Arrival(name=typed, guest=True), _version(night_id), "org")
        assert again.id == player.id
        assert db.session.scalar(select(func.count()).select_from(Member).where(
            Member.name_key == "chloé martin")) == 1


def test_a_different_person_of_the_same_name_is_linked_at_the_finish_unless_chosen_new(
        app: Flask) -> None:
    with app.app_context():
        ids = _roster()
        night_id = _swiss(1)
        check_in(night_id, Arrival(name="Chloe\u0301  Martin", guest=True, different=True),
                 _version(night_id), "org")
        check_in(night_id, Arrival(name="Newcomer Nn"), _version(night_id), "org")
        check_in(night_id, Arrival(member_id=ids["Ann Lee"]), _version(night_id), "org")
        night = db.session.get(Night, night_id)
        choices = guest_choices(night)
        assert [(c.typed, c.exact, c.hidden, c.default) for c in choices] == [
            ("Chloé Martin", ids["Chloé Martin"], True, f"m{ids['Chloé Martin']}")]
        links, errors = read_guest_links(choices, {})
        assert errors == {} and links == {choices[0].start_no: ids["Chloé Martin"]}
        _, errors = read_guest_links(choices, {choices[0].field: f"m{ids['Bo Chen']}"})
        assert choices[0].field in errors  # a member not offered for this row
        _play(night_id, 1)
        preview = finish_preview(night_id, links)
        event = finish(night_id, _version(night_id), "org", links)
        rows = {r.member_id: (r.rating_before, r.rating_after, r.k) for r in db.session.scalars(
            select(RatingRow).where(RatingRow.event_id == event.id))}
        assert {r.member_id: (r.rating_before, r.rating_after, r.k) for r in preview.rows
                if r.member_id is not None} == {m: v for m, v in rows.items()
                                                  if m in {r.member_id for r in preview.rows}}
        # No second, adult Chloé Martin: the typed guest is the junior on the roster.
        chloes = db.session.scalars(select(Member).where(Member.name_key == "chloé martin"))
        assert [(m.id, m.junior) for m in chloes] == [(ids["Chloé Martin"], True)]


def test_a_finish_is_taken_back_to_the_night_and_finished_again(app: Flask) -> None:
    with app.app_context():
        ids = _roster()
        night_id = _swiss(1)
        for name in ("Ann Lee", "Bo Chen", "Cai Wu"):
            check_in(night_id, Arrival(member_id=ids[name]), _version(night_id), "org")
        check_in(night_id, Arrival(name="Guest Gg", guest=True, junior=True),
                 _version(night_id), "org")
        _play(night_id, 1)
        before = {m.id: (m.rating, m.games) for m in db.session.scalars(select(Member))}
        event = finish(night_id, _version(night_id), "org")
        members_after_finish = db.session.scalar(select(func.count()).select_from(Member))
        assert finish(night_id, _version(night_id) - 1, "org").id == event.id  # twice: one
        with pytest.raises(Conflict, match="meanwhile"):
            reopen(night_id, _version(night_id) - 1, "org")  # a page from before the finish
        reopen(night_id, _version(night_id), "org")
        reopen(night_id, _version(night_id) - 1, "org")  # the second click: nothing more
        night = db.session.get(Night, night_id)
        assert night.event_id is None and db.session.get(Event, event.id) is None
        assert len([b for b in night.boards if b.result]) == 2  # rounds and results kept
        after = {m.id: (m.rating, m.games) for m in db.session.scalars(select(Member))}
        assert {k: v for k, v in after.items() if k in before} == before  # replayed out
        guest = next(p for p in night.players if p.name == "Guest Gg")
        assert guest.member_id is not None and not guest.guest  # the member made at finish
        again = finish(night_id, _version(night_id), "org")
        assert db.session.scalar(select(func.count()).select_from(Member)) \
            == members_after_finish  # finishing again makes no second Guest Gg
        assert {a for a in db.session.scalars(select(AuditEntry.action))} >= {
            "night.finish", "night.reopen", "event.delete"}
        update_event(again.id, "org", version=again.version, name="Tuesday (renamed)")
        with pytest.raises(Conflict, match="changed after the night was finished"):
            reopen(night_id, _version(night_id), "org")


def test_undo_from_a_page_older_than_the_rounds_results_says_the_results(app: Flask) -> None:
    with app.app_context():
        night_id = _swiss()
        for name in ROSTER[:4]:
            check_in(night_id, Arrival(name=name), _version(night_id), "org")
        rounds.pair_round(night_id, 1, _version(night_id), "org")
        rounds.publish_round(night_id, 1, _version(night_id), "org")
        page = _version(night_id)  # the desk as shown, with its Undo button
        board = db.session.scalars(select(NightBoard)).first()
        shown = board.version
        rounds.record_result(board.id, "1-0", shown, "org")  # the organizer's tap
        with pytest.raises(Conflict) as refused:
            rounds.undo_pairing(night_id, 1, page, "org")
        assert "has results" in refused.value.message
        assert "someone else" not in refused.value.message.lower()
        with pytest.raises(Conflict) as stale:
            rounds.record_result(board.id, "0-1", shown, "org")  # a second tap, same page
        assert "someone else" not in stale.value.message.lower()
        assert "1-0" in stale.value.message


def test_the_tick_list_puts_the_last_events_players_first(app: Flask) -> None:
    from ladder.queries.night import checkin_roster
    with app.app_context():
        ids = _roster()
        add_member("Zed Newer", "org")
        add_member("Al Absent", "org")
        night_id = _swiss()
        tick(night_id, ids["Bo Chen"], True, "org")
        roster = checkin_roster(db.session, db.session.get(Night, night_id))
        assert [r.name for r in roster.recent] == sorted(ROSTER, key=str.casefold)
        assert [r.name for r in roster.others] == ["Al Absent", "Zed Newer"]
        assert roster.row(ids["Bo Chen"]).start_no is not None
        found = roster.matching("CHLOE")
        assert [r.name for r in (*found.recent, *found.others)] == ["Chloé Martin"]
