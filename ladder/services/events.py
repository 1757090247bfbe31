"""Publishing an event: its entries and results, the members it creates, the replay, the audit."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial

from flask_babel import gettext as _
from sqlalchemy import select

from ..club.consent import JUNIOR_AGE
from ..extensions import DbSession, db
from ..models import Entry, Event, EventStatus, Member, Result
from ..names import IndexedMember, name_key, stored_name
from ..names.aliases import after_publish
from ..queries.club import club_settings
from ..queries.names import name_index
from ..vocabulary.tournament import EventKind, Tournament, scoring_text
from . import InvalidInput, NotFound, aliases, audit, refuse_control_characters, use_case
from .replay import event_key, replay_change

MAX_NAME = 200



def default_edition(date: dt.date) -> str:
    """The tie-break edition in force on ``date`` (docs/tiebreaks.md §1)."""
    from ..tiebreaks import edition_for_date
    return edition_for_date(date).name


def default_order(kind: EventKind) -> str:
    """The documented preset tie-break order for an event kind (C.07 Art. 4.1: no default
    exists in the rules, so the event records its own; docs/tiebreaks.md §7)."""
    from ..tiebreaks import DEFAULT_ORDER
    return DEFAULT_ORDER[kind.value]


@dataclass
class PublishRequest:
    """An event ready to publish: its data, its settings, and the confirmed name links.

    ``links`` maps start numbers to a member id, or to None for "new member".
    ``new_juniors`` lists start numbers whose *new* member is flagged junior.
    ``new_names`` gives the spelling of a *new* member's name when the organizer changed it
    (say "Tony J Davis" for the file's "Davis,Tony J"); the typed spelling is then kept as
    the member's alias, so the next file written the same way finds them.
    """

    tournament: Tournament
    name: str
    date: dt.date
    kind: EventKind
    rated: bool = True
    edition: str | None = None
    order: str | None = None
    links: Mapping[int, int | None] = field(default_factory=dict)
    new_juniors: frozenset[int] = frozenset()
    source_format: str | None = None
    new_names: Mapping[int, str] = field(default_factory=dict)
    draft: bool = False  # saved for the organizer alone: off the public pages and the ladder
    #: The other spellings of a player typed two ways in the source (docs/desk.md §2): start
    #: number → the spellings joined into that player, kept as the member's aliases.
    other_spellings: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


def clean_name(raw: str, field: str | None = None) -> str:
    """A typed name tidied for storage; refuses an empty or overlong one, and one with a
    control character (``field``: the form field the refusal is shown beside)."""
    refuse_control_characters(raw, field=field)
    name = stored_name(raw)  # NFC (docs/privacy.md, "Names")
    if not name:
        raise InvalidInput(_("A name is empty."))
    if len(name) > MAX_NAME:
        raise InvalidInput(_("The name “%(start)s…” is longer than %(max)d characters.",
                             start=name[:20], max=MAX_NAME))
    return name


def is_junior_by_birth_year(birth_year: int | None, on: dt.date,
                            under: int = JUNIOR_AGE) -> bool:
    """Suggest the junior flag from a TRF birth year (the year itself is never stored): the
    player may be under ``under``, the junior age 18 (FIDE's junior, SPEC §2; docs/privacy.md).

    A year alone leaves the birthday open, so a player who turns 18 in the event's year is
    suggested too: a flag too many costs the organizer one untick, a flag too few would show
    a minor's full name without consent.
    """
    return birth_year is not None and 1900 < birth_year and on.year - birth_year <= under


def exact_links(tournament: Tournament, session: DbSession | None = None) -> dict[int, int | None]:
    """Link each player whose name is identical (docs/desk.md §2) to the name or an alias of exactly
    one visible member; a name two members were confirmed under stays unlinked."""
    index = name_index(session or db.session)
    links: dict[int, int | None] = {}
    for player in tournament.players:
        links[player.start_no] = index.preselect(player.name).member
    # Two players of one event can never be the same member: leave such names unlinked.
    taken = [member_id for member_id in links.values() if member_id is not None]
    shared = {member_id for member_id in taken if taken.count(member_id) > 1}
    return {no: (None if member_id in shared else member_id) for no, member_id in links.items()}


@use_case
def publish(request: PublishRequest, actor: str) -> Event:
    """Create the event with its entries and results, link or create members, replay, audit.

    One unit of work: everything is committed together, or nothing is. A draft
    (``request.draft``) is stored the same way but not replayed: it counts for nothing until
    it is published (:func:`ladder.services.corrections.set_published`).
    """
    session = db.session
    event = _create_event(session, request)
    session.flush()
    if not request.draft:
        replay_change(event_key(event), lambda: None, session)
    verb = "Saved as a draft" if request.draft else "Published"
    audit.record(actor, "event.draft" if request.draft else "event.publish",
                 f"{verb} “{event.name}” ({event.date.isoformat()}), "
                 f"{len(request.tournament.players)} players",
                 event_id=event.id, new={"name": event.name, "date": event.date.isoformat(),
                                         "rated": event.rated, "kind": str(event.kind),
                                         "players": len(request.tournament.players)})
    return event


def _kept_spelling(member: IndexedMember, raw: str) -> IndexedMember:
    """The member with the spelling the organizer confirmed for them (an alias)."""
    return after_publish(member, raw)


def _create_event(session: DbSession, request: PublishRequest) -> Event:
    t = request.tournament
    if not t.players:
        raise InvalidInput(_("The event has no players."))
    event = Event(name=clean_name(request.name), date=request.date, kind=request.kind,
                  rounds=t.rounds, rated=request.rated,
                  tiebreak_edition=request.edition or default_edition(request.date),
                  tiebreak_order=request.order if request.order is not None
                  else (",".join(t.tiebreak_codes) or default_order(request.kind)),
                  status=EventStatus.DRAFT if request.draft else EventStatus.PUBLISHED,
                  source_format=request.source_format, scoring=scoring_text(t.scoring))
    session.add(event)
    members = {m.id: m for m in session.scalars(
        select(Member).where(Member.id.in_([v for v in request.links.values() if v])))}
    entries: dict[int, Entry] = {}
    # New members start from the club's options, never from a model default
    # (test_replay_options.py).
    start_rating = club_settings(session).start_rating
    chosen = [v for v in request.links.values() if v is not None]
    if len(chosen) != len(set(chosen)):
        raise InvalidInput(_("Two players of the event are linked to the same member."))
    for player in t.players:
        member_id = request.links.get(player.start_no)
        if member_id is not None:
            member = members.get(member_id)
            if member is None or member.merged_into_id is not None:
                raise NotFound(_("Member %(id)d does not exist.", id=member_id))
        else:
            name = clean_name(request.new_names.get(player.start_no) or player.name)
            member = Member(name=name, name_key=name_key(name), rating=start_rating, games=0,
                            junior=player.start_no in request.new_juniors)
            session.add(member)
        raw = clean_name(player.name)
        if name_key(raw) != name_key(member.name):
            # The organizer confirmed this spelling for the member (or wrote a new member's
            # name otherwise): keep the file's spelling as an alias.
            if member.id is None:
                session.flush()
            aliases.update(member.id, partial(_kept_spelling, raw=raw))
        for other in request.other_spellings.get(player.start_no, ()):
            spelling = clean_name(other)
            if name_key(spelling) not in (name_key(raw), name_key(member.name)):
                if member.id is None:
                    session.flush()
                aliases.update(member.id, partial(_kept_spelling, raw=spelling))
        entry = Entry(event=event, member=member, start_no=player.start_no,
                      raw_name=raw, typed_rating=player.rating)
        session.add(entry)
        entries[player.start_no] = entry
    session.flush()
    for player in t.players:
        for result in player.results:
            opponent = entries.get(result.opponent) if result.opponent is not None else None
            if result.opponent is not None and opponent is None:
                raise InvalidInput(_("Player %(no)d's opponent %(opp)d in round %(round)d is "
                                     "not in the event.", no=player.start_no,
                                     opp=result.opponent, round=result.round))
            session.add(Result(
                entry_id=entries[player.start_no].id, round=result.round, kind=result.kind,
                opponent_entry_id=opponent.id if opponent else None,
                colour=result.colour,
                outcome_halves=int(result.outcome * 2) if result.outcome is not None else None))
    return event


__all__ = ["PublishRequest", "publish", "exact_links", "default_edition", "default_order",
           "is_junior_by_birth_year", "clean_name"]
