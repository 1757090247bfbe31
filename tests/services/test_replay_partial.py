"""A partial replay writes only what differs, yet ends exactly where a full replay ends.

docs/club-rating.md §2: a replay may start at the earliest affected event *iff* it gives exactly
what a replay from scratch gives. The partial replay compares its result with the stored rows of
the replayed events and rewrites only the differences, so these tests pin down both halves:
every difference is written (even one it did not cause), and nothing else is touched.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import literal_column, select, update

from ladder.extensions import db
from ladder.models import Entry, Event, Member, RatingRow, Result
from ladder.services.corrections import delete_event, edit_result
from ladder.services.ladder_check import check
from ladder.services.maintenance import rebuild
from ladder.services.members import relink
from ladder.services.replay import replay
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, member, publish_t, snapshot, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
NAMES = ["Ann", "Bob", "Cai", "Dee", "Eve", "Fay"]


def _week(n: int) -> dt.date:
    return dt.date(2025, 1, 7) + dt.timedelta(days=7 * n)


def _season() -> list[Event]:
    """Six nights; Ann and Bob only meet in the first, the others play every night."""
    events = [publish_t(tournament(NAMES, [(1, 1, 2, W), (1, 3, 4, D), (1, 5, 6, L)],
                                   name="Night 0"), _week(0))]
    for n in range(1, 6):
        events.append(publish_t(tournament(["Cai", "Dee", "Eve", "Fay"],
                                           [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L)],
                                           name=f"Night {n}"), _week(n)))
    return events


def _physical_ids() -> dict[tuple[int, int], object]:
    """Where each stored row physically is (SQLite rowid, PostgreSQL ctid): a row deleted
    and written again moves, an untouched one does not."""
    marker = "ctid" if db.engine.dialect.name == "postgresql" else "rowid"
    return {(e, m): where for e, m, where in db.session.execute(
        select(RatingRow.event_id, RatingRow.member_id, literal_column(marker)))}


def _result(event: Event, name: str, round_no: int = 1) -> Result:
    return db.session.scalar(select(Result).join(Entry, Entry.id == Result.entry_id).where(
        Entry.event_id == event.id, Entry.raw_name == name, Result.round == round_no))


def test_a_late_correction_rewrites_only_the_rows_it_changes(ctx) -> None:
    events = _season()
    before = _physical_ids()
    # The last night: only its four players' rows can change, and nothing earlier.
    result = _result(events[-1], "Cai")
    edit_result(result.id, "draw", result.version, actor="test")
    after = _physical_ids()
    moved = {key for key in before if before[key] != after.get(key)}
    assert moved and all(event_id == events[-1].id for event_id, _member in moved)
    assert check() == []


def test_a_correction_whose_effect_dies_out_leaves_later_rows_alone(ctx) -> None:
    """Ann and Bob never play again after night 0: nights 1–5 stay exactly as stored."""
    events = _season()
    before = _physical_ids()
    result = _result(events[0], "Ann")
    edit_result(result.id, "draw", result.version, actor="test")
    after = _physical_ids()
    later = {key for key in before if key[0] != events[0].id}
    assert all(before[key] == after[key] for key in later)
    assert {m for e, m in before if e == events[0].id and before[(e, m)] != after[(e, m)]} == {
        member("Ann").id, member("Bob").id}
    assert check() == []


def test_a_partial_replay_repairs_every_wrong_row_in_its_range(ctx) -> None:
    """The comparison is with what is stored, not with what the replay assumes is stored:
    a wrong row in the replayed range is written again, with its member's state."""
    events = _season()
    cai = member("Cai")
    with direct_writes():  # rows edited by hand
        db.session.execute(update(RatingRow).where(RatingRow.event_id == events[3].id,
                                                   RatingRow.member_id == cai.id)
                           .values(expected=0.123))
        db.session.execute(update(Member).where(Member.id == cai.id).values(games=99))
        db.session.commit()
    assert len(check()) == 2
    with direct_writes():  # the replay alone, as a unit of work would run it
        replay(db.session, (events[2].date, events[2].id))
        db.session.commit()
    assert check() == []


def test_rows_that_vanish_are_deleted_and_new_ones_inserted(ctx) -> None:
    """Re-linking an entry to a new member: the old member's row goes, the new one's comes."""
    events = _season()
    entry_id = db.session.scalar(select(Entry.id).where(Entry.event_id == events[2].id,
                                                        Entry.raw_name == "Dee"))
    dee = member("Dee").id
    new = relink(entry_id, None, actor="test")
    members = set(db.session.scalars(select(RatingRow.member_id)
                                     .where(RatingRow.event_id == events[2].id)))
    assert dee not in members and new.id in members
    assert check() == []
    partial = snapshot()
    rebuild(actor="test")
    assert snapshot() == partial


def test_an_early_correction_that_changes_most_rows_matches_a_full_replay(ctx) -> None:
    """When most rows change, the replayed events are rewritten wholesale: same result."""
    events = _season()
    result = _result(events[1], "Cai")
    edit_result(result.id, "loss", result.version, actor="test")
    assert check() == []
    partial = snapshot()
    rebuild(actor="test")
    assert snapshot() == partial


def test_deleting_an_event_in_the_middle_matches_a_full_replay(ctx) -> None:
    events = _season()
    delete_event(events[2].id, actor="test")
    assert db.session.scalar(select(RatingRow.member_id)
                             .where(RatingRow.event_id == events[2].id)) is None
    assert check() == []
    partial = snapshot()
    rebuild(actor="test")
    assert snapshot() == partial


def test_check_notices_a_wrong_last_change(ctx) -> None:
    """The ladder shows each member's last change: check compares it too."""
    _season()
    with direct_writes():  # a row edited by hand
        db.session.execute(update(Member).where(Member.id == member("Ann").id)
                           .values(last_change=1.5))
        db.session.commit()
    assert [d.field for d in check()] == ["last_change"]
    rebuild(actor="test")
    assert check() == []


class _Counting:
    """Wraps a prepared read and counts its uses."""

    def __init__(self, query: object) -> None:
        self.query, self.calls = query, 0

    def fetch(self, *args: object, **kwargs: object) -> list[tuple]:
        self.calls += 1
        return self.query.fetch(*args, **kwargs)  # type: ignore[attr-defined]


def test_games_are_read_by_entry_range_or_per_entry_with_the_same_result(ctx, monkeypatch) -> None:
    """Dense entry ids (late events entered late) take one index range; sparse ones (older
    events entered in between) a look-up per entry. Both replay exactly."""
    from ladder.services import replay as replay_service
    counting = _Counting(replay_service._GAMES_OF_ENTRIES)
    monkeypatch.setattr(replay_service, "_GAMES_OF_ENTRIES", counting)
    night = tournament(NAMES, [(1, 1, 2, W), (1, 3, 4, D), (1, 5, 6, L), (2, 1, 3, W)])
    five = publish_t(night, _week(5))
    assert counting.calls == 1  # dense: the new event's own entries
    for day in (1, 2, 3):  # older events entered now: their entry ids fall in between
        publish_t(night, _week(0) + dt.timedelta(days=day))
    six = publish_t(night, _week(6))
    calls = counting.calls
    result = _result(five, "Cai", round_no=2)
    edit_result(result.id, "draw", result.version, actor="test")  # replays five and six
    assert counting.calls == calls  # sparse: 12 entries of weeks 5 and 6 over 30 ids
    assert check() == []
    result = _result(six, "Ann")
    edit_result(result.id, "loss", result.version, actor="test")
    assert counting.calls == calls + 1
    assert check() == []
    partial = snapshot()
    rebuild(actor="test")
    assert snapshot() == partial


def _computed_events(monkeypatch) -> list[int]:
    """The ids of the events the rating engine computes from now on, in order."""
    from ladder.rating import event_rating as engine
    computed: list[int] = []
    run = engine._run

    def counting(events, *args, **kwargs):  # type: ignore[no-untyped-def]
        events = list(events)
        computed.extend(event_id for event_id, _members, _games in events)
        return run(events, *args, **kwargs)
    monkeypatch.setattr(engine, "_run", counting)
    return computed


def test_a_result_edit_computes_only_the_events_it_reaches(ctx, monkeypatch) -> None:
    """Ann and Bob never play after night 0: an edit there computes night 0 alone and
    reuses the stored rows of nights 1–5; an edit in night 1 reaches every later night."""
    events = _season()
    computed = _computed_events(monkeypatch)
    result = _result(events[0], "Ann")
    edit_result(result.id, "draw", result.version, actor="test")
    assert computed == [events[0].id]
    assert check() == []
    computed.clear()
    result = _result(events[1], "Cai")
    edit_result(result.id, "draw", result.version, actor="test")
    assert computed == [event.id for event in events[1:]]
    assert check() == []
    partial = snapshot()
    rebuild(actor="test")
    assert snapshot() == partial


def test_a_result_edit_replays_every_later_event_when_a_stored_row_does_not_follow_on(
        ctx, monkeypatch) -> None:
    """A stored row that does not start where its member's previous row ended (edited by
    hand) cannot be reused: the edit replays every later event, which repairs it."""
    events = _season()
    cai = member("Cai")
    with direct_writes():  # a row edited by hand
        db.session.execute(update(RatingRow).where(RatingRow.event_id == events[3].id,
                                                   RatingRow.member_id == cai.id)
                           .values(rating_before=RatingRow.rating_before + 1))
        db.session.commit()
    assert check() != []
    computed = _computed_events(monkeypatch)
    result = _result(events[0], "Ann")  # reaches no later night
    edit_result(result.id, "draw", result.version, actor="test")
    assert computed[0] == events[0].id and events[3].id in computed
    assert check() == []
