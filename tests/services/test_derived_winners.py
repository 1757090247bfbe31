"""The winners stored with each event (services/derived.py) always equal a fresh ranking.

Every kind of write that can change an event's ranking refreshes them in its own unit of
work; a bulk write that clears them is filled at the next commit or by ``init_database``;
the events list reads them, and ranks any event whose winners are not stored yet.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select, update

from ladder.extensions import db
from ladder.models import Entry, Event, Result
from ladder.queries.event_list import event_page, event_winners
from ladder.queries.events import event_ranking
from ladder.services import members as member_service
from ladder.services.corrections import delete_event, edit_result, update_tiebreaks
from ladder.services.derived import fill_missing, winners_text
from ladder.services.setup import init_database
from ladder.services.uow import unit_of_work
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)
# Ann 1, Bo 1, Cai 1½, Dee ½: Cai (start no. 3) wins.
NIGHT = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)])
# Everyone on 1 point: the tie-breaks decide, and a change of order may change the winner.
CIRCLE = tournament(["Ann Lee", "Bo Chen", "Cai Wu"],
                    [(1, 1, 2, W), (2, 2, 3, W), (3, 3, 1, W)], name="Circle")


def _fresh() -> dict[int, str]:
    """Every event's winners ranked now from its loaded results (the event page's path)."""
    db.session.expire_all()
    return {event.id: winners_text(event_ranking(event))
            for event in db.session.scalars(select(Event))}


def _stored() -> dict[int, str | None]:
    db.session.expire_all()
    return dict(db.session.execute(select(Event.id, Event.winners)).all())


def _listed() -> dict[int, tuple[int, ...]]:
    return event_winners(db.session, event_page(db.session, 0, 100))


def _assert_in_step() -> None:
    assert _stored() == _fresh()


def test_every_write_keeps_the_stored_winners_in_step(ctx) -> None:
    night = publish_t(NIGHT, JAN)
    circle = publish_t(CIRCLE, JAN + dt.timedelta(days=7))
    _assert_in_step()
    assert _stored()[night.id] == "3"
    assert _listed()[night.id] == (member("Cai Wu").id,)

    # A result edit that changes the winner: Ann now beats Cai in round 2 (Ann 2 points).
    result = db.session.scalar(select(Result).join(Entry, Entry.id == Result.entry_id).where(
        Entry.event_id == night.id, Entry.start_no == 1, Result.round == 2))
    edit_result(result.id, W.value, result.version, actor="test")
    _assert_in_step()
    assert _stored()[night.id] == "1"

    # Tie-break settings: a new order (and points only, which shares the first place).
    event = db.session.get(Event, circle.id)
    update_tiebreaks(circle.id, "test", version=event.version, edition="fide-2026",
                     order="DE,WIN")
    _assert_in_step()
    event = db.session.get(Event, circle.id)
    update_tiebreaks(circle.id, "test", version=event.version, edition="fide-2026", order="")
    _assert_in_step()
    assert _stored()[circle.id] == "1,2,3"
    assert len(_listed()[circle.id]) == 3

    # A merge moves the winner's entries to another member: the list names the new member,
    # the stored start numbers do not change.
    duplicate = publish_t(tournament(["A. Lee", "Bo Chen"], [(1, 1, 2, D)], name="Third"),
                          JAN + dt.timedelta(days=14))
    member_service.merge(member("Ann Lee").id, member("A. Lee").id, actor="test")
    _assert_in_step()
    assert _listed()[night.id] == (member("A. Lee").id,)

    delete_event(duplicate.id, actor="test")
    _assert_in_step()


def test_cleared_winners_are_filled_at_the_next_commit_and_by_the_upgrade(ctx) -> None:
    night = publish_t(NIGHT, JAN)
    publish_t(CIRCLE, JAN + dt.timedelta(days=7))
    expected, listed = _stored(), _listed()
    # A bulk write bypasses the ORM: it clears the winners; the list still ranks them.
    with unit_of_work():
        db.session.execute(update(Event).where(Event.id == night.id).values(winners=None))
        db.session.flush()
        assert _listed()[night.id] == (member("Cai Wu").id,)
    assert _stored() == expected  # filled again before that unit of work committed

    with direct_writes():  # a bulk write by hand
        db.session.execute(update(Event).values(winners=None))
        db.session.commit()
    assert _listed() == listed  # ranked on the spot, the same as stored
    init_database()
    assert _stored() == expected
    assert fill_missing(db.session) == 0


def test_a_rebuild_ranks_every_event_again(ctx) -> None:
    from ladder.services.maintenance import rebuild
    night = publish_t(NIGHT, JAN)
    expected = _stored()
    # A stored value gone wrong (edited by hand): the rebuild from scratch puts it right.
    with direct_writes():
        db.session.execute(update(Event).where(Event.id == night.id).values(winners="4"))
        db.session.commit()
    rebuild(actor="test")
    assert _stored() == expected
