"""The club night's services: create, check in, pair → publish, results, byes, withdrawals,
late entries, a pairing by hand, undo, and the finish that equals importing the same TRF.

The rounds are paired by the real Dutch engine (``ladder.pairing.pair_trf_detailed``) through
the posed TRF."""

from __future__ import annotations

import datetime as dt
import re
import threading
from fractions import Fraction
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Event, Member, Night, NightBoard
from ladder.services import Conflict, InvalidInput
from ladder.services import night_rounds as rounds
from ladder.services.importing import import_file
from ladder.services.night import (
    Arrival,
    NightSettings,
    check_in,
    create_night,
    forbid_pair,
    request_bye,
    withdraw,
)
from ladder.services.night_finish import finish
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import make_app, publish_t, tournament

NAMES = [f"Player {chr(65 + i)}{chr(97 + i)}" for i in range(16)]


def _history() -> None:
    """Some rated games first, so the pairing numbers have club ratings to follow."""
    games = [(1, i, i + 1, Kind.WIN)
             for i in range(1, 12, 2)]
    publish_t(tournament(NAMES[:12], games, name="Earlier"), dt.date(2025, 1, 7))


def _night(rounds_count: int = 5, kind: EventKind = EventKind.SWISS) -> Night:
    return create_night(NightSettings(name="Tuesday night", date=dt.date(2025, 2, 4),
                                      kind=kind, rounds=rounds_count), actor="org")


def _version(night_id: int) -> int:
    db.session.expire_all()
    return db.session.get(Night, night_id).version


def _result(board: NightBoard) -> str:
    white = board.white_id
    return ("½-½", "1-0", "0-1")[(white + board.round) % 3]


def _play_round(night_id: int, round_no: int) -> None:
    rounds.pair_round(night_id, round_no, _version(night_id), "org")
    rounds.publish_round(night_id, round_no, _version(night_id), "org")
    boards = db.session.scalars(select(NightBoard).where(
        NightBoard.night_id == night_id, NightBoard.round == round_no,
        NightBoard.black_id.is_not(None))).all()
    for board in boards:
        rounds.record_result(board.id, _result(board), board.version, "org")


def _run_night(app: Flask) -> tuple[int, str]:
    with app.app_context():
        _history()
        night = _night()
        for name in NAMES[:15]:
            found = db.session.scalar(select(Member).where(Member.name == name))
            check_in(night.id, Arrival(member_id=found.id if found else None,
                                       name="" if found else name), _version(night.id), "org")
        check_in(night.id, Arrival(name="Guest Gg", guest=True, junior=True),
                 _version(night.id), "org")
        request_bye(night.id, 3, 2, "H", _version(night.id), "org")
        _play_round(night.id, 1)
        _play_round(night.id, 2)
        withdraw(night.id, 5, _version(night.id), "org")
        _play_round(night.id, 3)
        check_in(night.id, Arrival(name=NAMES[15]), _version(night.id), "org")  # late
        _play_round(night.id, 4)
        _play_round(night.id, 5)
        _not_paired_when_they_should_not_be(night.id)
        trf = rounds.night_trf(db.session.get(Night, night.id))
        event = finish(night.id, _version(night.id), "org")
        return event.id, trf


def _not_paired_when_they_should_not_be(night_id: int) -> None:
    night = db.session.get(Night, night_id)
    on_board: dict[int, set[int]] = {}
    numbers = {p.id: p.start_no for p in night.players}
    for board in night.boards:
        on_board.setdefault(board.round, set()).update(
            numbers[i] for i in (board.white_id, board.black_id) if i is not None)
    assert 3 not in on_board[2]                                   # the half-point bye asked
    assert all(5 not in on_board[r] for r in (3, 4, 5))           # withdrawn after round 2
    assert all(17 not in on_board[r] for r in (1, 2, 3))          # the late entrant
    assert all(17 in on_board[r] for r in (4, 5))
    assert all(len(on_board[r]) == len([p for p in night.players if p.joined <= r and (
        p.withdrawn_from is None or r < p.withdrawn_from)]) - (r == 2) for r in range(1, 6))


def _ratings() -> dict[str, tuple[float, int]]:
    return {m.name: (round(m.rating, 6), m.games) for m in db.session.scalars(select(Member))}


def test_finished_night_equals_importing_its_trf(app: Flask, tmp_path: Path) -> None:
    event_id, trf = _run_night(app)
    with app.app_context():
        after_night = _ratings()
        event = db.session.get(Event, event_id)
        assert event.rounds == 5 and len(event.entries) == 17
        actions = set(db.session.scalars(select(AuditEntry.action)))
        assert {"night.create", "night.checkin", "night.pair", "night.publish",
                "night.result", "night.bye", "night.withdraw", "night.finish",
                "event.publish"} <= actions
    other = make_app(tmp_path / "other")
    with other.app_context():
        from ladder.services.setup import init_database
        init_database()
        _history()
        import_file(trf, source="night.trf", file_format="trf", name="Tuesday night",
                    date=dt.date(2025, 2, 4), kind=None, rated=True, actor="org")
        assert _ratings() == after_night
        db.engine.dispose()


def test_pairing_numbers_and_the_late_entrant(app: Flask) -> None:
    with app.app_context():
        _history()
        night = _night()
        for name in ("Player Bb", "Newcomer", "Player Aa"):
            found = db.session.scalar(select(Member).where(Member.name == name))
            check_in(night.id, Arrival(member_id=found.id if found else None,
                                       name="" if found else name), _version(night.id), "org")
        numbers = {p.name: p.start_no for p in db.session.get(Night, night.id).players}
        # Player Aa won their game (higher rating) and comes first; the unrated one last.
        assert numbers == {"Player Aa": 1, "Player Bb": 2, "Newcomer": 3}
        check_in(night.id, Arrival(name="Another"), _version(night.id), "org")
        _play_round(night.id, 1)
        late = check_in(night.id, Arrival(member_id=db.session.scalar(
            select(Member.id).where(Member.name == "Player Cc"))), _version(night.id), "org")
        assert (late.start_no, late.joined) == (5, 2)
        posed = __import__("ladder.club.night", fromlist=["pose_round"]).pose_round(
            __import__("ladder.queries.night", fromlist=["sheet_of"]).sheet_of(
                db.session.get(Night, night.id), 5), 2)
        assert "XXC white1 rank" in posed  # the late entrant is re-ranked (C.04.2)


def test_double_clicks_and_stale_forms(app: Flask) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:4]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        version = _version(night.id)
        rounds.pair_round(night.id, 1, version, "org")
        rounds.pair_round(night.id, 1, version, "org")  # the second click: nothing new
        assert db.session.scalar(select(func.count()).select_from(NightBoard)) == 2
        with pytest.raises(Conflict, match="meanwhile"):
            forbid_pair(night.id, 1, 2, version, "org")  # a form from before the pairing
        rounds.publish_round(night.id, 1, _version(night.id), "org")
        board = db.session.scalars(select(NightBoard)).first()
        rounds.record_result(board.id, "1-0", board.version, "org")
        rounds.record_result(board.id, "1-0", 1, "org")  # the same tap again: fine
        with pytest.raises(Conflict, match="meanwhile"):
            rounds.record_result(board.id, "0-1", 1, "org")
        with pytest.raises(InvalidInput):
            rounds.record_result(board.id, "2-0", 2, "org")
        with pytest.raises(Conflict, match="results"):
            rounds.undo_pairing(night.id, 1, _version(night.id), "org")


def test_hand_swap_warns_and_undo(app: Flask) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:6]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        _play_round(night.id, 1)
        rounds.pair_round(night.id, 2, _version(night.id), "org")
        board = db.session.scalars(select(NightBoard).where(NightBoard.round == 1)).first()
        numbers = {p.id: p.start_no for p in db.session.get(Night, night.id).players}
        # Put round 1's two opponents together again.
        second = db.session.scalars(select(NightBoard).where(NightBoard.round == 2)).all()
        before = {b.id: (b.white_id, b.black_id, b.reasons) for b in second}
        partner_now = next(numbers[b.black_id] if numbers[b.white_id] == numbers[
            board.white_id] else numbers[b.white_id] for b in second
            if numbers[board.white_id] in (numbers[b.white_id], numbers[b.black_id]))
        warnings = rounds.swap_players(night.id, 2, partner_now, numbers[board.black_id],
                                       _version(night.id), "org")
        assert any("not a pure Dutch pairing" in w.id for w in warnings)
        assert any(w.id.startswith("C.04.1 b, C.04.3 C.1") for w in warnings)
        assert db.session.get(Night, night.id).pure is False
        # The board the swap did not touch keeps the engine's reasons; the two it touched say
        # what the organizer changed, and the rematch is named on the board where it is.
        db.session.expire_all()
        after = db.session.scalars(select(NightBoard).where(NightBoard.round == 2)).all()
        untouched = [b for b in after if (b.white_id, b.black_id, b.reasons) == before[b.id]]
        touched = [b for b in after if b not in untouched]
        assert len(untouched) == 1 and len(touched) == 2
        assert "Changed by hand" not in untouched[0].reasons
        assert all("Changed by hand by the organizer" in b.reasons for b in touched)
        rematch = [b for b in touched if {b.white_id, b.black_id} == {board.white_id,
                                                                     board.black_id}]
        assert len(rematch) == 1 and "C.04.3 C.1" in rematch[0].reasons
        rounds.undo_pairing(night.id, 2, _version(night.id), "org")
        assert db.session.get(Night, night.id).pure is True
        assert db.session.scalar(select(func.count()).select_from(NightBoard).where(
            NightBoard.round == 2)) == 0


def test_round_robin_night(app: Flask) -> None:
    with app.app_context():
        night = create_night(NightSettings(name="RR", date=dt.date(2025, 2, 4),
                                           kind=EventKind.ROUND_ROBIN, double=True,
                                           swap_last_two=True), actor="org")
        for name in NAMES[:5]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        for round_no in range(1, 11):
            _play_round(night.id, round_no)
        assert db.session.get(Night, night.id).rounds == 10
        event = finish(night.id, _version(night.id), "org")
        assert event.kind is EventKind.ROUND_ROBIN and event.rounds == 10


def test_two_organizers_pair_at_once(app: Flask) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:6]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        version = _version(night.id)
        night_id = night.id
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def organizer(who: str) -> None:
        with app.app_context():
            try:
                barrier.wait()
                rounds.pair_round(night_id, 1, version, who)
                rounds.publish_round(night_id, 1, version + 1, who)
            except BaseException as error:  # noqa: BLE001 - reported below
                errors.append(error)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=organizer, args=(who,)) for who in ("ann", "bo")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(NightBoard)) == 3
        assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
            AuditEntry.action == "night.pair")) == 1


def test_a_late_arrival_drops_the_preview_and_a_double_check_in_adds_no_one(app: Flask
                                                                            ) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:4]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        version = _version(night.id)
        check_in(night.id, Arrival(name=NAMES[3]), version, "org")  # the second click
        assert len(db.session.get(Night, night.id).players) == 4
        _play_round(night.id, 1)
        rounds.pair_round(night.id, 2, _version(night.id), "org")  # a preview of round 2
        late = check_in(night.id, Arrival(name="Late Comer"), _version(night.id), "org")
        night = db.session.get(Night, night.id)
        assert late.joined == 2 and [r.round for r in night.rounds_state] == [1]
        rounds.pair_round(night.id, 2, _version(night.id), "org")
        on_board = {i for b in db.session.get(Night, night.id).boards if b.round == 2
                    for i in (b.white_id, b.black_id)}
        assert late.id in on_board


def test_a_forbidden_pair_is_never_paired(app: Flask) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:8]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        # Unrated, alphabetical: 1 would meet 5 in round 1 (upper half against lower half).
        forbid_pair(night.id, 1, 5, _version(night.id), "org")
        rounds.pair_round(night.id, 1, _version(night.id), "org")
        night = db.session.get(Night, night.id)
        numbers = {p.id: p.start_no for p in night.players}
        pairs = {frozenset((numbers[b.white_id], numbers[b.black_id])) for b in night.boards}
        assert frozenset((1, 5)) not in pairs and len(pairs) == 4
        audit = db.session.scalar(select(AuditEntry).where(AuditEntry.action == "night.forbid"))
        assert audit is not None


def test_a_bye_for_the_round_in_preview_drops_the_preview(app: Flask) -> None:
    with app.app_context():
        night = _night(3)
        for name in NAMES[:4]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        rounds.pair_round(night.id, 1, _version(night.id), "org")
        request_bye(night.id, 2, 1, "H", _version(night.id), "org")
        assert db.session.get(Night, night.id).rounds_state == []
        rounds.pair_round(night.id, 1, _version(night.id), "org")
        rounds.publish_round(night.id, 1, _version(night.id), "org")
        numbers = {p.id: p.start_no for p in db.session.get(Night, night.id).players}
        paired = {numbers[i] for b in db.session.get(Night, night.id).boards
                  for i in (b.white_id, b.black_id) if i is not None}
        assert 2 not in paired
        with pytest.raises(InvalidInput, match="Round"):
            request_bye(night.id, 3, 1, "Z", _version(night.id), "org")  # published


def test_no_legal_pairing_is_said_and_changes_nothing(app: Flask,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from ladder.pairing.api import Refusal
    from ladder.vocabulary.messages import msg
    monkeypatch.setattr(rounds, "swiss_engine", lambda: lambda trf: Refusal(
        1, msg("No legal pairing of round %(round)d: the number of players to pair is odd "
               "and no one may receive the pairing-allocated bye.", round=1)))
    with app.app_context():
        night = _night(3)
        for name in NAMES[:3]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        version = _version(night.id)
        with pytest.raises(Conflict, match="no one may receive"):
            rounds.pair_round(night.id, 1, version, "org")
        assert _version(night.id) == version
        assert db.session.scalar(select(func.count()).select_from(NightBoard)) == 0


def test_a_half_point_pab_counts_half_in_the_event_its_trf_and_the_profile(
        app: Flask, tmp_path: Path) -> None:
    """The night's scoring goes with it into the ladder: the event page, its tie-breaks,
    the member's profile and the TRF export count the ½-point PAB as the night did; an
    import of that TRF stores the same scoring."""
    from ladder.formats.trf_write import write_trf
    from ladder.queries.club import club_settings
    from ladder.queries.events import event_view, load_event, tournament_of
    from ladder.queries.members import member_profile
    from ladder.queries.night import night_view
    with app.app_context():
        night = create_night(NightSettings(name="Half PAB night", date=dt.date(2025, 2, 4),
                                           rounds=3, pab_half=True), actor="org")
        for name in NAMES[:5]:
            check_in(night.id, Arrival(name=name), _version(night.id), "org")
        for round_no in (1, 2, 3):
            _play_round(night.id, round_no)
        night = db.session.get(Night, night.id)
        standings = night_view(db.session, night, lambda p: p.name, 5).standings
        night_points = {s.name: s.points for s in standings}
        pab_players = {p.name for p in night.players for b in night.boards
                       if b.black_id is None and b.white_id == p.id}
        assert len(pab_players) == 3
        event = finish(night.id, _version(night.id), "org")
        assert event.scoring == "W=1 D=1/2 L=0 PAB=1/2"
        view = event_view(db.session, load_event(db.session, event.id))
        names = {e.start_no: e.raw_name for e in event.entries}
        assert {names[row.start_no]: row.points for row in view.rows} == night_points
        pab_cells = [c for row in view.rows for c in row.cells if c.kind is Kind.PAIRING_BYE]
        assert len(pab_cells) == 3 and {c.points for c in pab_cells} == {Fraction(1, 2)}
        member = next(e.member_id for e in event.entries if e.raw_name in pab_players)
        profile = member_profile(db.session, club_settings(), member)
        line = next(line for line in profile.events if line.event_id == event.id)
        assert line.points == night_points[next(e.raw_name for e in event.entries
                                                if e.member_id == member)]
        page = app.test_client().get(f"/events/{event.id}").get_data(as_text=True)
        assert "bye ½" in page and not re.search(r"bye 1(?! / ½)", page)  # not the legend
        assert "pairing-allocated bye worth ½ in this event" in page
        trf = write_trf(tournament_of(event))
        assert "\n162  W 1.0    D 0.5    L 0.0    P 0.5\n" in trf
        assert "\nXXS W=1.0 D=0.5 L=0.0 PAB=0.5\n" in trf
    other = make_app(tmp_path / "other")
    with other.app_context():
        from ladder.services.setup import init_database
        init_database()
        imported = import_file(trf, source="night.trf", file_format="trf",
                               name="Half PAB night", date=dt.date(2025, 2, 4), kind=None,
                               rated=True, actor="org")
        again = db.session.get(Event, imported.event_id)
        assert again.scoring == "W=1 D=1/2 L=0 PAB=1/2"
        db.engine.dispose()
