"""The replay service: publish, out-of-order events, partial replay equals replay from scratch."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select, update

from ladder.extensions import db
from ladder.models import AuditEntry, Event, Member, RatingRow
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.services.ladder_check import check
from ladder.services.maintenance import rebuild
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import direct_writes, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def _publish(t, date: dt.date, rated: bool = True) -> Event:
    return publish(PublishRequest(tournament=t, name=t.name, date=date, kind=t.kind,
                                  rated=rated, links=exact_links(t)), actor="test")


def _ratings() -> dict[str, tuple[float, int]]:
    return {m.name: (m.rating, m.games) for m in db.session.scalars(select(Member))}


def _rows() -> list[tuple]:
    return sorted(db.session.execute(
        select(RatingRow.event_id, RatingRow.member_id, RatingRow.rating_before,
               RatingRow.rating_after, RatingRow.k, RatingRow.games_before,
               RatingRow.games_counted)).all())


NIGHT_1 = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                     [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, D), (2, 2, 4, L)], name="Night 1")
NIGHT_2 = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Eve Kim"],
                     [(1, 1, 4, W), (1, 2, 3, D), (2, 4, 2, L)], name="Night 2",
                     byes=[(2, 1, Kind.HALF_BYE), (2, 3, Kind.PAIRING_BYE)])


def test_first_night_everyone_provisional_every_game_counts(ctx) -> None:
    """docs/club-rating.md §1 worked example 3: in a new club every game counts for both players."""
    event = _publish(NIGHT_1, dt.date(2025, 1, 7))
    rows = {r.member_id: r for r in db.session.scalars(
        select(RatingRow).where(RatingRow.event_id == event.id))}
    assert len(rows) == 4
    assert all(r.games_counted == 2 and r.k == 40 and r.provisional_before for r in rows.values())
    total = sum(r.rating_after - r.rating_before for r in rows.values())
    assert total == pytest.approx(0, abs=1e-9)  # equal K, equal start: zero-sum
    ann = db.session.scalar(select(Member).where(Member.name == "Ann Lee"))
    # Ann: W vs Bo, D vs Cai, both 1200: 40 × (1.5 − 1.0) = +20.
    assert ann.rating == pytest.approx(1220.0)
    assert ann.games == 2
    assert check() == []


def test_identical_names_link_across_events(ctx) -> None:
    _publish(NIGHT_1, dt.date(2025, 1, 7))
    _publish(NIGHT_2, dt.date(2025, 1, 14))
    names = sorted(m.name for m in db.session.scalars(select(Member)))
    assert names == ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim"]
    assert _ratings()["Ann Lee"][1] == 3  # two games in night 1, one in night 2 (the bye: none)
    assert check() == []


def test_event_published_out_of_date_order_replays_like_in_order(app) -> None:
    """Importing an event dated before existing ones gives what date-ordered publishing gives."""
    with app.app_context(), direct_writes():
        _publish(NIGHT_2, dt.date(2025, 1, 14))
        _publish(NIGHT_1, dt.date(2025, 1, 7))  # earlier date, published later
        out_of_order = _ratings()
        assert check() == []
        # Same events, in date order, into a clean ladder:
        for event in db.session.scalars(select(Event)).all():
            db.session.delete(event)
        db.session.query(RatingRow).delete()
        db.session.query(Member).delete()
        db.session.commit()
        _publish(NIGHT_1, dt.date(2025, 1, 7))
        _publish(NIGHT_2, dt.date(2025, 1, 14))
        assert _ratings() == out_of_order


def test_unrated_event_stays_in_history_but_moves_nobody(ctx) -> None:
    event = _publish(NIGHT_1, dt.date(2025, 1, 7), rated=False)
    rows = db.session.scalars(select(RatingRow).where(RatingRow.event_id == event.id)).all()
    assert len(rows) == 4
    assert all(r.rating_before == r.rating_after == 1200 and r.games_counted == 0 for r in rows)


def test_check_reports_a_tampered_row_and_rebuild_repairs_it(ctx) -> None:
    _publish(NIGHT_1, dt.date(2025, 1, 7))
    with direct_writes():  # rows tampered with by hand
        db.session.execute(update(RatingRow).values(rating_after=1500.0))
        db.session.execute(update(Member).values(games=99))
        db.session.commit()
    differences = check()
    assert any(d.field == "rating_after" for d in differences)
    assert any(d.field == "games" for d in differences)
    assert "stored 1500.0" in str(next(d for d in differences if d.field == "rating_after"))
    rebuild(actor="test")
    assert check() == []
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "ladder.rebuild"))


def test_partial_replay_equals_replay_from_scratch(ctx) -> None:
    """A correction replays from the affected event; the stored result equals a full replay."""
    dates = [dt.date(2025, 1, 7) + dt.timedelta(days=7 * i) for i in range(4)]
    for i, date in enumerate(dates):
        night = NIGHT_1 if i % 2 == 0 else NIGHT_2
        _publish(night, date)
    before = _rows()
    # Insert an event in the middle of the history: replay starts there.
    _publish(tournament(["Ann Lee", "Dee Park"], [(1, 2, 1, W)], name="Match"),
             dt.date(2025, 1, 16))
    assert _rows() != before
    partial = (_rows(), _ratings())
    assert check() == []
    rebuild(actor="test")
    assert (_rows(), _ratings()) == partial


def test_publish_is_one_transaction(ctx) -> None:
    """A publish that fails half-way leaves nothing behind (no event, no member, no row)."""
    from ladder.services import ServiceError
    bad = tournament(["Ann Lee", ""], [(1, 1, 2, W)])
    with pytest.raises(ServiceError):
        publish(PublishRequest(tournament=bad, name="Bad", date=dt.date(2025, 1, 7),
                               kind=EventKind.SWISS), actor="test")
    assert db.session.scalar(select(Event.id)) is None
    assert db.session.scalar(select(Member.id)) is None
    assert db.session.scalar(select(AuditEntry.id)) is None
