"""Finishing a club night (docs/club-night.md §4): what it does to the ladder, shown first and
asked once; then put into the ladder through the same path as an import of the same TRF; and
taken back to the night when the finish was a mis-tap.

The guests' typed names are matched against the roster by the one comparison key, exactly
as the confirm-names step of an import does (:meth:`ladder.names.NameIndex.preselect`): an
identical name is pre-selected, so finishing never makes a second member of a name the roster
holds (a junior shown by initials above all) unless the organizer chooses "new member".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext as _

from ..club.night import has_results, to_tournament
from ..extensions import db
from ..models import Event, Member, Night
from ..names import Suggestion
from ..names.privacy import shows_initials
from ..queries.club import club_settings
from ..queries.names import name_index
from ..queries.night import sheet_of
from . import Conflict, InvalidInput, audit, use_case
from .corrections import delete_event
from .events import PublishRequest, publish
from .ladder_preview import LadderPreview, preview_ladder
from .night import check_version, night_or_404

#: How many members a guest's row offers besides an identical name.
SUGGESTIONS = 4


@dataclass(frozen=True)
class GuestChoice:
    """A guest's typed name at the finish: the member it is (``exact``: the identical name,
    pre-selected), the members it resembles, or a new member."""

    start_no: int
    typed: str
    exact: int | None
    suggestions: tuple[Suggestion, ...]
    #: The identical name is a member the roster shows by initials.
    hidden: bool = False

    @property
    def field(self) -> str:
        """The form field carrying the organizer's choice (``m<id>`` or ``new``)."""
        return f"link-{self.start_no}"

    @property
    def default(self) -> str:
        """The pre-selected choice: the identical name's member; a new member when nothing
        resembles the name; otherwise none, so the organizer chooses (docs/desk.md §2)."""
        if self.exact is not None:
            return f"m{self.exact}"
        return "" if self.suggestions else "new"


def _night_members(night: Night) -> set[int]:
    return {p.member_id for p in night.players if p.member_id is not None}


def guest_choices(night: Night) -> list[GuestChoice]:
    """One row per guest (a checked-in name with no member yet), in start-number order.
    Members checked in tonight are not offered: one member cannot be two players."""
    guests = [p for p in night.players if p.member_id is None]
    if not guests:
        return []
    index = name_index(db.session)
    taken = _night_members(night)
    for_all = club_settings().initials_for_all
    rows = []
    for player in sorted(guests, key=lambda p: p.start_no):
        exact = index.preselect(player.name).member
        if exact in taken:
            exact = None
        found = tuple(s for s in index.suggest(player.name, limit=SUGGESTIONS + 1)
                      if s.candidate not in taken and s.candidate != exact)[:SUGGESTIONS]
        member = db.session.get(Member, exact) if exact is not None else None
        hidden = member is not None and shows_initials(member.junior, member.consent_given,
                                                       for_all)
        rows.append(GuestChoice(player.start_no, player.name, exact, found, hidden))
    return rows


def read_guest_links(choices: list[GuestChoice], data: Mapping[str, str]
                     ) -> tuple[dict[int, int | None], dict[str, str]]:
    """The organizer's choices (``link-<no>`` = ``m<id>`` or ``new``; a missing field takes
    the row's default) and what is wrong with them, per field, in the reader's language."""
    links: dict[int, int | None] = {}
    errors: dict[str, str] = {}
    taken: dict[int, str] = {}
    for choice in choices:
        value = data.get(choice.field) or choice.default
        if value == "new":
            links[choice.start_no] = None
            continue
        offered = {choice.exact, *(s.candidate for s in choice.suggestions)} - {None}
        found = re.fullmatch(r"m(\d{1,9})", value)
        member_id = int(found.group(1)) if found else None
        if member_id is None or member_id not in offered:
            errors[choice.field] = _("Choose a member or “new member” for “%(name)s”.",
                                     name=choice.typed)
        elif member_id in taken:
            errors[choice.field] = _("“%(name)s” and “%(other)s” cannot both be the same "
                                     "member.", name=choice.typed, other=taken[member_id])
        else:
            taken[member_id] = choice.typed
            links[choice.start_no] = member_id
    return links, errors


def _current_member(member_id: int | None) -> int | None:
    """The member a checked-in member is now (merged into another meanwhile: that one)."""
    seen = set()
    while member_id is not None and member_id not in seen:
        seen.add(member_id)
        member = db.session.get(Member, member_id)
        if member is None or member.merged_into_id is None:
            return member_id
        member_id = member.merged_into_id
    return member_id


def check_finishable(night: Night) -> None:
    """Refuse a night that cannot go into the ladder: already in it, a round still missing a
    pairing or a result, or nothing played at all (an empty event must never be published)."""
    if night.event_id is not None:
        raise Conflict(_("This club night is finished and in the ladder; change the event "
                         "instead."))
    sheet = sheet_of(night, club_settings().provisional_games)
    if not has_results(sheet):
        raise Conflict(_("Nothing was played yet: a club night without a single result cannot "
                         "go into the ladder."))
    rounds = len(night.rounds_state)
    if rounds < night.rounds or not all(r.published for r in night.rounds_state) or any(
            b.black_id is not None and b.result is None for b in night.boards):
        raise Conflict(_("The night is not finished: every round needs its pairing and "
                         "every result."))


def finish_request(night: Night, guest_links: Mapping[int, int | None] | None = None
                   ) -> PublishRequest:
    """What finishing ``night`` publishes: its tournament with the checked-in members linked
    (a member merged meanwhile: the member they became) and each guest linked as chosen
    (``guest_links``; by default the identical name's member, else a new member)."""
    check_finishable(night)
    if guest_links is None:
        guest_links = {c.start_no: c.exact for c in guest_choices(night)}
    sheet = sheet_of(night, club_settings().provisional_games)
    codes = tuple(c for c in night.tiebreak_order.split(",") if c)
    tournament = to_tournament(sheet, len(night.rounds_state), tiebreak_codes=codes)
    links = {p.start_no: _current_member(p.member_id) if p.member_id is not None
             else guest_links.get(p.start_no) for p in night.players}
    juniors = frozenset(p.start_no for p in night.players
                        if p.member_id is None and p.junior and links.get(p.start_no) is None)
    return PublishRequest(tournament=tournament, name=night.name, date=night.date,
                          kind=night.kind, rated=night.rated, links=links,
                          new_juniors=juniors, order=night.tiebreak_order,
                          source_format="night")


def finish_preview(night_id: int, guest_links: Mapping[int, int | None] | None = None
                   ) -> LadderPreview:
    """What finishing the night now would do to the ladder (every player's rating before →
    after, K, games): the import's preview, a publish rehearsed and rolled back."""
    return preview_ladder(finish_request(night_or_404(night_id), guest_links))


@use_case
def finish(night_id: int, version: int, actor: str,
           guest_links: Mapping[int, int | None] | None = None,
           generation: int | None = None) -> Event:
    """Put the finished night into the ladder: the same publish as an import of the same
    TRF (names linked as on the finish page), replay, audit. Finishing twice gives the one
    event. With ``generation`` (the ladder generation the finish page's preview was computed
    at) a ladder changed meanwhile is refused, so what goes in is what was shown."""
    night = night_or_404(night_id)
    if night.event_id is not None:
        event = db.session.get(Event, night.event_id)
        if event is not None:
            return event
    check_version(night, version)
    request = finish_request(night, guest_links)
    if generation is not None and club_settings().generation != generation:
        raise Conflict(_("The ladder changed since this preview was shown (another change was "
                         "saved). Check the new preview below, then finish again."))
    event = publish(request, actor=actor)
    night.event_id = event.id
    night.version += 1
    audit.record(actor, "night.finish", f"“{night.name}” finished and put into the ladder",
                 event_id=event.id, context={"night": night.name, "event": event.name,
                                             "pure": night.pure})
    return event


@use_case
def reopen(night_id: int, version: int, actor: str) -> Night:
    """Take a finished night back (a mis-tapped Finish): its event leaves the ladder, which
    replays without it, and the night runs again with its rounds and results. A guest made a
    member at the finish stays that member (linked to the night's player), so finishing again
    makes no second one. Refused when the event was changed after the finish (those changes
    would be lost: take the event back to draft on its page instead). Reopening twice changes
    nothing the second time."""
    night = night_or_404(night_id)
    if night.event_id is None:
        return night
    check_version(night, version)
    event = db.session.get(Event, night.event_id)
    if event is not None:
        if event.version != 1:
            raise Conflict(_("The event “%(name)s” was changed after the night was finished; "
                             "taking it back to the night would lose that change. Take it "
                             "back to draft on the event's page instead.", name=event.name))
        made = {e.start_no: e.member_id for e in event.entries}
        for player in night.players:
            if player.member_id is None and made.get(player.start_no) is not None:
                player.member_id = made[player.start_no]
                player.guest = False
        db.session.flush()
        delete_event(event.id, actor)
    night.event_id = None
    night.version += 1
    audit.record(actor, "night.reopen", f"“{night.name}” taken back from the ladder: the night "
                 "runs again", context={"night": night.name,
                                         "event": event.name if event else None})
    return night


def validate_links(choices: list[GuestChoice], data: Mapping[str, str]
                   ) -> dict[int, int | None]:
    """The guest links of a posted finish form, or InvalidInput naming the first problem."""
    links, errors = read_guest_links(choices, data)
    if errors:
        field, message = next(iter(errors.items()))
        raise InvalidInput(message, field=field)
    return links


__all__ = ["GuestChoice", "guest_choices", "read_guest_links", "validate_links",
           "check_finishable", "finish_request", "finish_preview", "finish", "reopen"]
