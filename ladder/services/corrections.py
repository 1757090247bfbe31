"""Corrections after publishing: edit one result, change an event's details, delete an event.

Each is one transaction: the change, the replay from the earliest affected event, the audit
entry. Concurrent edits carry the row's version; a stale save is refused, never merged silently.
"""

from __future__ import annotations

import datetime as dt

from flask_babel import gettext as _
from sqlalchemy import and_, bindparam, select
from sqlalchemy import delete as sa_delete
from sqlalchemy.orm import aliased, joinedload

from ..extensions import db
from ..models import Entry, Event, EventStatus, RatingRow, Result
from ..vocabulary.tournament import BYE_KINDS, PAIRED_KINDS, Kind
from . import Conflict, InvalidInput, NotFound, audit, say, use_case
from .events import clean_name
from .replay import earliest, event_key, replay, replay_change


class StaleEdit(Conflict):
    """Someone changed the row since the form was loaded; carries the current value."""

    def __init__(self, message: str, current: Result) -> None:
        super().__init__(message)
        self.current = current


def describe(kind: str, outcome_halves: int | None = None) -> str:
    """A result kind as the audit log stores it (``win``, ``unrated_played ½``)."""
    if kind == Kind.UNRATED_PLAYED and outcome_halves is not None:
        return f"unrated_played {('0', '½', '1')[outcome_halves]}"
    return str(kind)


def _label(kind: Kind, outcome_halves: int | None) -> str:
    """A result kind in the reader's words (for messages)."""
    label = _(kind.label)
    if kind is Kind.UNRATED_PLAYED and outcome_halves is not None:
        return f"{label} {('0', '½', '1')[outcome_halves]}"
    return label


def _event(event_id: int) -> Event:
    event = db.session.get(Event, event_id)
    if event is None:
        raise NotFound(_("There is no such event."))
    return event


@use_case
def edit_result(result_id: int, kind: str, version: int, actor: str,
                outcome_halves: int | None = None) -> Result:
    """Change one round result (and its mirror on the opponent's side), then replay.

    The version is compared under the ladder's write lock (the unit of work), so of two saves
    made from the same version exactly one succeeds; the other is refused as stale.
    """
    result, mirror = _result_and_mirror(result_id)
    if result.version != version:
        raise StaleEdit(_("Someone else changed this result meanwhile; it is now “%(now)s”. "
                          "Nothing was saved.", now=_label(result.kind, result.outcome_halves)),
                        result)
    try:
        new_kind = Kind(kind)
    except ValueError:
        raise InvalidInput(_("“%(kind)s” is not a result kind.", kind=kind[:40])) from None
    allowed = PAIRED_KINDS if result.opponent_entry_id is not None else BYE_KINDS
    if new_kind not in allowed:
        raise InvalidInput(_("A round with an opponent cannot become a bye, nor a bye a game."))
    if new_kind is Kind.UNRATED_PLAYED and outcome_halves not in (0, 1, 2):
        raise InvalidInput(_("An unrated game needs its result (1, ½ or 0)."))
    event = result.entry.event
    old = describe(result.kind, result.outcome_halves)

    result.kind = new_kind
    result.outcome_halves = outcome_halves if new_kind is Kind.UNRATED_PLAYED else None
    result.version += 1
    if mirror is not None:
        mirror.kind = new_kind.mirror
        mirror.outcome_halves = (2 - outcome_halves if new_kind is Kind.UNRATED_PLAYED
                                 and outcome_halves is not None else None)
        mirror.version += 1
    event.version += 1
    # A result edit changes one event's games and nothing else the rating reads (no rating
    # row, no event moved, the same members): the replay takes the state before the event
    # from the stored rows (no capture beforehand) and computes only what the edit reaches
    # (docs/club-rating.md §2).
    replay(db.session, event_key(event), changed={event.id})
    opponent = mirror.entry if mirror is not None else None
    audit.record(actor, "result.edit",
                 f"“{event.name}” round {result.round}, start no. {result.entry.start_no}",
                 event_id=event.id, member_id=result.entry.member_id, old=old,
                 new=describe(result.kind, result.outcome_halves),
                 context={"event": event.name, "round": result.round,
                          "player": _entry_name(result.entry),
                          "opponent": _entry_name(opponent) if opponent else None,
                          "opponent_id": opponent.member_id if opponent else None})
    return result


#: A result with its mirror, their entries and members, and the event (see below). Built once:
#: an alias made per call costs more Python than the statement's round trip.
_MIRROR = aliased(Result)
_RESULT_AND_MIRROR = (
    select(Result, _MIRROR)
    .outerjoin(_MIRROR, and_(_MIRROR.entry_id == Result.opponent_entry_id,
                             _MIRROR.round == Result.round))
    .where(Result.id == bindparam("result_id"))
    .options(joinedload(Result.entry).joinedload(Entry.event),
             joinedload(Result.entry).joinedload(Entry.member),
             joinedload(_MIRROR.entry).joinedload(Entry.member)))


def _result_and_mirror(result_id: int) -> tuple[Result, Result | None]:
    """A result and its mirror (the opponent's result of the same round; None for a bye or
    when it is missing), each with its entry and that entry's member, and the event: all in
    one statement, as the edit, the replay's start and the audit entry read them.

    (Loaded one by one, as the relationships load lazily, they took six round trips.)
    """
    row = db.session.execute(_RESULT_AND_MIRROR, {"result_id": result_id}).first()
    if row is None:
        raise NotFound(_("There is no such result."))
    result, opposite = row
    return result, opposite if result.opponent_entry_id is not None else None


def _entry_name(entry: Entry) -> str:
    """The member's name of an entry (the typed name when unlinked)."""
    return entry.member.name if entry.member is not None else entry.raw_name


@use_case
def update_event(event_id: int, actor: str, *, version: int, name: str | None = None,
                 date: dt.date | None = None, rated: bool | None = None) -> Event:
    """Change an event's name, date or rated flag; a date or rated change replays."""
    event = _event(event_id)
    if event.version != version:
        raise Conflict(_("Someone else changed this event meanwhile. Nothing was saved."))
    old = {"name": event.name, "date": event.date.isoformat(), "rated": event.rated}
    new_name = clean_name(name) if name is not None else event.name
    new_date = date or event.date
    new_rated = event.rated if rated is None else rated
    since = earliest(event_key(event), (new_date, event.id))

    def change() -> None:
        event.name, event.date, event.rated = new_name, new_date, new_rated
        event.version += 1

    if new_date != event.date or new_rated != event.rated:
        replay_change(since, change)
    else:
        change()
    audit.record(actor, "event.update", f"Event “{event.name}”", event_id=event.id, old=old,
                 new={"name": new_name, "date": new_date.isoformat(), "rated": new_rated},
                 context={"event": old["name"]})
    return event


@use_case
def delete_event(event_id: int, actor: str) -> None:
    """Delete an event with its entries and results; the ladder replays without it."""
    event = _event(event_id)
    summary = {"name": event.name, "date": event.date.isoformat(),
               "players": len(event.entries)}

    def change() -> None:
        # Rating rows are derived and carry no foreign key: remove this event's rows here.
        db.session.execute(sa_delete(RatingRow).where(RatingRow.event_id == event.id))
        db.session.delete(event)
        db.session.flush()

    replay_change(event_key(event), change)
    audit.record(actor, "event.delete", f"Deleted “{summary['name']}” ({summary['date']})",
                 event_id=event_id, old=summary)


@use_case
def set_published(event_id: int, actor: str, *, version: int, published: bool) -> Event:
    """Take a published event back to draft, or publish a draft; the ladder replays.

    A draft is hidden from every public page and left out of the ladder (docs/desk.md §1), so an
    organizer can hold back an event found wrong without deleting it. Its rating rows go with
    it (the replay only rewrites published events' rows); publishing again computes them anew,
    so withdrawing and publishing again leaves the ladder exactly as it was. A draft saved
    from the desk (never published) is published the same way.
    """
    event = _event(event_id)
    wanted = EventStatus.PUBLISHED if published else EventStatus.DRAFT
    if event.status is wanted:
        return event  # a double click, or another tab did the same: already so
    if event.version != version:
        raise Conflict(_("Someone else changed this event meanwhile. Nothing was saved."))
    old = event.status

    def change() -> None:
        if wanted is EventStatus.DRAFT:
            db.session.execute(sa_delete(RatingRow).where(RatingRow.event_id == event.id))
        event.status = wanted
        event.version += 1
        db.session.flush()

    replay_change(event_key(event), change)
    action = "event.publish_draft" if published else "event.unpublish"
    summary = (f"Published the draft “{event.name}”" if published
               else f"Took “{event.name}” back to draft")
    audit.record(actor, action, summary, event_id=event.id, old={"status": old.value},
                 new={"status": wanted.value},
                 context={"event": event.name, "date": event.date.isoformat()})
    return event


#: The ratings an event may give its unrated players (C.07 Art. 10).
UNRATED_RATING_RANGE = (0, 3000)


@use_case
def update_tiebreaks(event_id: int, actor: str, *, version: int, edition: str,
                     order: str, unrated_rating: int | None = None) -> tuple[Event, list[str]]:
    """Change an event's tie-break edition and order; returns the event and the warnings.

    Tie-breaks never touch ratings, so there is no replay. C.07 Art. 4.1: the order should be
    fixed before round 1; changing it once results exist is allowed, warned about and logged.
    """
    from ..tiebreaks import EDITIONS, TiebreakError, parse_order
    from ..tiebreaks.definitions import BUCHHOLZ_TYPE
    event = _event(event_id)
    if event.version != version:
        raise Conflict(_("Someone else changed this event meanwhile. Nothing was saved."))
    if edition not in EDITIONS:
        raise InvalidInput(_("“%(edition)s” is not a tie-break edition.", edition=edition[:40]))
    try:
        codes = parse_order(order)
    except TiebreakError as error:
        raise InvalidInput(_("Tie-break order: %(error)s", error=say(error.message)),
                           field="order") from None
    low, high = UNRATED_RATING_RANGE
    if unrated_rating is not None and not low <= unrated_rating <= high:
        raise InvalidInput(_("The rating for unrated players must be between %(low)d and "
                             "%(high)d, or empty.", low=low, high=high), field="unrated_rating")
    new_order = ",".join(code.text for code in codes)
    warnings: list[str] = []
    has_results = db.session.scalar(
        select(Result.id).join(Entry, Result.entry_id == Entry.id)
        .where(Entry.event_id == event.id).limit(1)) is not None
    if new_order != event.tiebreak_order and has_results:
        warnings.append(_("FIDE C.07 Art. 4.1: the order should be fixed before round 1."))
    if event.kind == "round_robin":
        used = sorted({code.name for code in codes} & BUCHHOLZ_TYPE)
        if used:
            warnings.append(_("%(codes)s should not be used in a round-robin (C.07 Art. 8).",
                              codes=", ".join(used)))
    old = {"edition": event.tiebreak_edition, "order": event.tiebreak_order,
           "unrated_rating": event.unrated_rating}
    new = {"edition": edition, "order": new_order, "unrated_rating": unrated_rating}
    if old == new:
        return event, warnings
    event.tiebreak_edition, event.tiebreak_order = edition, new_order
    event.unrated_rating = unrated_rating
    event.version += 1
    audit.record(actor, "event.tiebreaks",
                 f"Tie-breaks of “{event.name}”" + (f" ({'; '.join(warnings)})" if warnings
                                                    else ""),
                 event_id=event.id, old=old, new=new, context={"event": event.name})
    return event, warnings
