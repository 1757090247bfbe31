"""Members: merge duplicates, undo a merge, re-link one entry, junior flag and consent
(docs/desk.md §2, docs/privacy.md).

Every change that moves an entry between members replays from the earliest event involved.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import aliased

from ..club.consent import GUARDIAN_AND_CHILD, WhoConsented
from ..extensions import db
from ..models import Entry, Event, Member, Merge, Result, column_limit, utcnow
from ..names import aliases as names_aliases
from ..names import name_key, stored_name
from ..queries.club import club_settings
from ..queries.names import member_with_aliases
from . import (
    Conflict,
    InvalidInput,
    NotFound,
    aliases,
    audit,
    refuse_control_characters,
    say,
    use_case,
)
from .events import clean_name
from .replay import EventKey, replay, replay_change

MAX_MEMBER_NAME = 200


def _member(member_id: int) -> Member:
    member = db.session.get(Member, member_id)
    if member is None:
        raise NotFound(_("There is no member %(id)d.", id=member_id))
    return member


def _first_event_key(entry_ids: list[int]) -> EventKey | None:
    if not entry_ids:
        return None
    row = db.session.execute(
        select(Event.date, Event.id).join(Entry, Entry.event_id == Event.id)
        .where(Entry.id.in_(entry_ids)).order_by(Event.date, Event.id).limit(1)).first()
    return (row.date, row.id) if row else None


def played_each_other(a: int, b: int) -> bool:
    """True when members ``a`` and ``b`` met in any round (played, forfeited or scheduled)."""
    mine, theirs = aliased(Entry), aliased(Entry)
    found = db.session.scalar(
        select(Result.id).join(mine, mine.id == Result.entry_id)
        .join(theirs, theirs.id == Result.opponent_entry_id)
        .where(mine.member_id == a, theirs.member_id == b).limit(1))
    return found is not None


def _shared_event(a: int, b: int) -> str | None:
    mine, theirs = aliased(Entry), aliased(Entry)
    return db.session.scalar(
        select(Event.name).join(mine, mine.event_id == Event.id)
        .join(theirs, theirs.event_id == Event.id)
        .where(mine.member_id == a, theirs.member_id == b).limit(1))


@use_case
def merge(source_id: int, target_id: int, actor: str) -> Merge:
    """Merge duplicate ``source`` into ``target``: its entries move, the source is hidden.

    Sending the same merge twice (a double click, a retry) is harmless: the second request
    finds the merge in force and returns it. A crossed merge (B into A while A goes into B)
    is refused, because the unit of work serialises them and the second sees the first.
    """
    source, target = _member(source_id), _member(target_id)
    if source.id == target.id:
        raise InvalidInput(_("A member cannot be merged into itself."))
    if source.merged_into_id == target.id:
        in_force = db.session.scalars(select(Merge).where(
            Merge.source_id == source.id, Merge.target_id == target.id,
            Merge.undone_at.is_(None)).order_by(Merge.id.desc())).first()
        if in_force is not None:
            return in_force
    if source.merged_into_id is not None or target.merged_into_id is not None:
        raise Conflict(_("One of these members was already merged into another."))
    if played_each_other(source.id, target.id):
        raise InvalidInput(_("%(a)s and %(b)s played each other, so they are two different "
                             "people; they cannot be merged.", a=source.name, b=target.name))
    shared = _shared_event(source.id, target.id)
    if shared:
        raise InvalidInput(_("%(a)s and %(b)s both took part in “%(event)s”; they cannot be "
                             "merged.", a=source.name, b=target.name, event=shared))
    moved = [entry.id for entry in source.entries]
    source_spellings = member_with_aliases(db.session, source.id)
    record = Merge(source_id=source.id, target_id=target.id, actor=actor,
                   moved_entry_ids=",".join(str(i) for i in sorted(moved)))

    def change() -> None:
        for entry in list(source.entries):
            entry.member_id = target.id
        source.merged_into_id = target.id
        db.session.add(record)
        # Typing the merged-away name again points at the target ("was merged into …").
        aliases.update(target.id, lambda t: names_aliases.after_merge(t, source_spellings))

    replay_change(_first_event_key(moved), change)
    audit.record(actor, "member.merge", f"Merged “{source.name}” into “{target.name}”",
                 member_id=target.id, old={"source": source.id, "entries": moved},
                 new={"target": target.id},
                 context={"source": source.name, "target": target.name, "moved": len(moved)})
    return record


@use_case
def undo_merge(merge_id: int, actor: str) -> None:
    """Undo a merge exactly: the moved entries go back and the source is visible again.

    Only entries that are still the target's move back: an entry deleted with its event is
    simply gone (ids are never reused, so a recorded id cannot name someone else's entry), and
    an entry re-linked since is refused with the event's name.
    """
    record = db.session.get(Merge, merge_id)
    if record is None:
        raise NotFound(_("There is no such merge to undo."))
    if record.undone_at is not None:
        raise Conflict(_("There is no such merge to undo."))
    later = db.session.scalars(
        select(Merge).where(Merge.id > record.id, Merge.undone_at.is_(None),
                            (Merge.target_id == record.target_id)
                            | (Merge.source_id == record.target_id))
        .order_by(Merge.id.desc())).first()
    if later is not None:
        raise Conflict(_("Undo the later merge of “%(source)s” into “%(target)s” "
                             "(merge %(id)d) first.", source=_member(later.source_id).name,
                             target=_member(later.target_id).name, id=later.id))
    moved = [int(i) for i in record.moved_entry_ids.split(",") if i]
    entries = db.session.scalars(select(Entry).where(Entry.id.in_(moved))).all()
    strays = [e for e in entries if e.member_id != record.target_id]
    if strays:
        raise Conflict(_("An entry of this merge was re-linked since (event “%(event)s”); "
                             "re-link it back first.", event=strays[0].event.name))
    source = _member(record.source_id)

    def change() -> None:
        for entry in entries:
            entry.member_id = source.id
        source.merged_into_id = None
        record.undone_at = utcnow()
        aliases.update(record.target_id, lambda t: names_aliases.undo_merge(t, source.id))

    replay_change(_first_event_key([e.id for e in entries]), change)
    audit.record(actor, "member.unmerge", f"Undid the merge of “{source.name}”",
                 member_id=source.id, old={"target": record.target_id},
                 new={"source": source.id, "entries": [e.id for e in entries]},
                 context={"source": source.name, "target": _member(record.target_id).name})


def _keeps_spelling(member_id: int | None, moved_entry: int, typed: str) -> bool:
    """True when ``member_id`` has an entry typed as ``typed`` besides ``moved_entry``."""
    key = name_key(typed)
    return any(name_key(raw) == key for raw in db.session.scalars(
        select(Entry.raw_name).where(Entry.member_id == member_id, Entry.id != moved_entry)))


@use_case
def relink(entry_id: int, member_id: int | None, actor: str) -> Member:
    """Move one entry to another member, or (``member_id`` None) to a new member."""
    entry = db.session.get(Entry, entry_id)
    if entry is None:
        raise NotFound(_("There is no such entry."))
    old_member = entry.member_id
    if member_id is not None:
        target = _member(member_id)
        if target.merged_into_id is not None:
            raise Conflict(_("That member was merged into another; choose the other."))
        if target.id == old_member:
            raise InvalidInput(_("The entry already belongs to that member."))
        clash = db.session.scalar(select(Entry.id).where(
            Entry.event_id == entry.event_id, Entry.member_id == target.id))
        if clash is not None:
            raise InvalidInput(_("%(name)s already plays in this event.", name=target.name))
    else:
        name = clean_name(entry.raw_name)
        target = Member(name=name, name_key=name_key(name),
                        rating=club_settings().start_rating, games=0)
        db.session.add(target)
    key = (entry.event.date, entry.event_id)

    old_spellings = (member_with_aliases(db.session, old_member) if old_member is not None
                     else None)
    old_name = old_spellings.name if old_spellings is not None else entry.raw_name
    typed = entry.raw_name

    def change() -> None:
        db.session.flush()
        entry.member_id = target.id
        if old_spellings is not None:
            # A split: both members keep the spelling, so typing it again is shown as
            # ambiguous instead of being resolved silently; but a spelling the old member
            # held only through a re-link goes back with its entry
            # (tests/services/test_relink_back.py).
            keeps = _keeps_spelling(old_spellings.id, entry.id, typed)
            aliases.update(old_spellings.id,
                           lambda s: names_aliases.relinked_away(s, typed, keeps))
            aliases.update(target.id, lambda t: names_aliases.after_relink(
                old_spellings, t, typed, keeps)[1])

    replay_change(key, change)
    audit.record(actor, "entry.relink",
                 f"“{entry.raw_name}” in “{entry.event.name}” re-linked",
                 event_id=entry.event_id, member_id=target.id, old={"member": old_member},
                 new={"member": target.id},
                 context={"typed": entry.raw_name, "event": entry.event.name,
                          "from": old_name, "to": target.name})
    return target


@use_case
def set_junior(member_id: int, junior: bool, actor: str) -> None:
    """Set the junior flag (initials on public pages); replays when the junior K option is on."""
    member = _member(member_id)
    if member.junior == junior:
        return
    old = member.junior
    member.junior = junior
    if club_settings().junior_k is not None:
        replay(db.session, None)
    audit.record(actor, "member.junior", f"Junior flag of member {member.id}",
                 member_id=member.id, old=old, new=junior, context={"member": member.name})


@use_case
def record_consent(member_id: int, given: bool, actor: str, *, date: dt.date | None = None,
                   recorded_by: str | None = None, note: str | None = None,
                   who: WhoConsented = GUARDIAN_AND_CHILD) -> None:
    """Record (or withdraw) the consent to show a junior's full name (docs/privacy.md,
    "Consent by country").

    ``who`` is what the organizer confirms (the web form asks for it explicitly): for a
    member under the club's consent age, a parent's or guardian's consent *and* the child's
    own agreement (SPEC §5); for a junior at or above it, their own consent. What is missing
    for the chosen case is refused, naming it. The audit entry keeps the case and the
    consent age of the day ("a member under 14"), since the setting may change later.
    """
    member = _member(member_id)
    consent_age = club_settings().consent_age
    missing = who.missing(consent_age) if given else None
    if missing is not None:
        field, sentence = missing
        raise InvalidInput(say(sentence), field=field)
    if given and not (recorded_by and recorded_by.strip()):
        raise InvalidInput(_("Say who recorded the consent."), field="recorded_by")
    if given and date is not None and date > dt.date.today():
        raise InvalidInput(_("The consent date cannot be in the future."), field="date")
    recorder = recorded_by.strip() if given and recorded_by else None
    note_text = (note or "").strip() or None
    _within(Member.consent_recorded_by, recorder, _("Recorded by"), "recorded_by")
    _within(Member.consent_note, note_text, _("Note (optional)"), "note")
    old = {"given": member.consent_given, "date": str(member.consent_date),
           "by": member.consent_recorded_by}
    member.consent_given = given
    member.consent_date = (date or dt.date.today()) if given else None
    member.consent_recorded_by = recorder
    member.consent_note = note_text
    audit.record(actor, "member.consent", f"Consent of member {member.id}", member_id=member.id,
                 context={"member": member.name},
                 old=old, new={"given": given, "date": str(member.consent_date),
                               "by": member.consent_recorded_by,
                               **({"who": str(who.case), "under": consent_age} if given
                                  else {})})




def _within(column: Any, text: str | None, label: str, field: str) -> None:
    """Refuse ``text`` longer than ``column`` holds (never store it cut short)."""
    most = column_limit(column)
    if text is not None and len(text) > most:
        raise InvalidInput(_("%(field)s: at most %(max)d characters; this one has %(length)d.",
                             field=label, max=most, length=len(text)), field=field)


#: Characters no person's name contains; refused so a name can never be read as markup.
_NOT_IN_NAMES = set("<>{}[]\\|`")


def checked_name(raw: str, field: str = "name") -> str:
    """A typed member name tidied for storage, or :class:`InvalidInput` naming the problem."""
    refuse_control_characters(raw or "", field=field)
    name = stored_name(raw or "")  # NFC (docs/privacy.md, "Names")
    if not name:
        raise InvalidInput(_("The name cannot be empty."), field=field)
    if len(name) > MAX_MEMBER_NAME:
        raise InvalidInput(_("A name has at most %(max)d characters; this one has %(n)d.",
                             max=MAX_MEMBER_NAME, n=len(name)), field=field)
    bad = sorted({c for c in name if c in _NOT_IN_NAMES or ord(c) < 32})
    if bad:
        raise InvalidInput(_("A name cannot contain %(chars)s.",
                             chars=" ".join(repr(c)[1:-1] for c in bad)), field=field)
    return name


def namesakes(name: str, *, besides: int | None = None) -> list[Member]:
    """Visible members already called ``name`` (identity key), other than ``besides``."""
    key = name_key(name)
    return [m for m in db.session.scalars(select(Member).where(
        Member.name_key == key, Member.merged_into_id.is_(None)).order_by(Member.id))
        if m.id != besides]


@use_case
def rename(member_id: int, new_name: str, actor: str) -> Member:
    """Correct a member's name; the old spelling stays as an alias that name matching uses.

    Renaming to a name another member has is allowed (two people can share a name), but the
    page warns and offers a merge (:func:`namesakes`).
    """
    member = _member(member_id)
    if member.merged_into_id is not None:
        raise Conflict(_("This record was merged into another member; rename that one."))
    name = checked_name(new_name)
    if name == member.name:
        return member
    old = member.name
    aliases.update(member.id, lambda m: names_aliases.after_rename(m, name))
    member.name, member.name_key = name, name_key(name)
    audit.record(actor, "member.rename", f"Renamed “{old}” to “{name}”", member_id=member.id,
                 old={"name": old}, new={"name": name})
    return member


@use_case
def add_member(name: str, actor: str, *, junior: bool = False) -> Member:
    """A member added by hand (for instance before their first event)."""
    # A new member starts from the club's options, never from a model default
    # (test_replay_options.py).
    member = Member(name=checked_name(name), junior=junior,
                    rating=club_settings().start_rating, games=0)
    member.name_key = name_key(member.name)
    db.session.add(member)
    db.session.flush()
    audit.record(actor, "member.add", f"Added “{member.name}”", member_id=member.id,
                 new={"name": member.name, "junior": junior})
    return member


__all__ = ["merge", "undo_merge", "relink", "set_junior", "record_consent", "played_each_other",
           "rename", "add_member", "namesakes", "checked_name"]
