"""A club night in the app (docs/club-night.md §2), before and between rounds: create it, check
players in (members, a new member, a guest), byes asked for, withdrawals, forbidden pairs.

Each change is one use case (:mod:`.uow`), audited in words, and checks the night's
``version`` (a form loaded before someone else's change is refused with a message). Doing the
same thing twice (a double click) changes nothing the second time.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import select

from ..club.night import berger_round_count
from ..extensions import db
from ..models import Member, Night, NightBye, NightForbidden, NightPlayer
from ..names import fold_diacritics, name_key
from ..names.privacy import shows_initials
from ..queries.club import club_settings
from ..queries.names import name_index
from ..queries.night import pairing_order
from ..tiebreaks import TiebreakError, parse_order
from ..vocabulary.tournament import EventKind
from . import Conflict, InvalidInput, NotFound, audit, say, use_case
from .events import clean_name, default_order

MAX_ROUNDS = 20
MAX_PLAYERS = 500


@dataclass(frozen=True)
class NightSettings:
    """What the organizer chooses for a new night (docs/club-night.md §1)."""

    name: str
    date: dt.date
    kind: EventKind = EventKind.SWISS
    rounds: int = 5
    pab_half: bool = False
    tiebreak_order: str | None = None
    double: bool = False
    swap_last_two: bool = False
    initial_colour: str = "white1"
    rated: bool = True


def night_or_404(night_id: int) -> Night:
    """The night, or NotFound."""
    night = db.session.get(Night, night_id)
    if night is None:
        raise NotFound(_("There is no such club night."))
    return night


class StaleNight(Conflict):
    """The night changed since the page (or the pairing) was made from it."""


def check_version(night: Night, version: int) -> None:
    """Refuse a change made from a page older than the night's last change.

    The words blame no one: the change the page missed may be this organizer's own (a result
    tapped in another tab) as well as another organizer's.
    """
    if night.version != version:
        raise StaleNight(_("The club night changed meanwhile, after this page was shown (it is "
                           "now at change %(now)d). Nothing was saved; the page shows the night "
                           "as it is now.", now=night.version))


def check_open(night: Night) -> None:
    """Refuse changes to a night that is in the ladder already."""
    if night.event_id is not None:
        raise Conflict(_("This club night is finished and in the ladder; change the event "
                         "instead."))


def _validate(settings: NightSettings) -> str:
    if settings.kind not in (EventKind.SWISS, EventKind.ROUND_ROBIN):
        raise InvalidInput(_("A club night is a Swiss or a round-robin."), field="kind")
    if settings.kind is EventKind.SWISS and not 1 <= settings.rounds <= MAX_ROUNDS:
        raise InvalidInput(_("Rounds: give a number from 1 to %(max)d.", max=MAX_ROUNDS),
                           field="rounds")
    if settings.initial_colour not in ("white1", "black1"):
        raise InvalidInput(_("Choose the colour of the top player in round 1."),
                           field="initial_colour")
    order = settings.tiebreak_order
    if order is None or not order.strip():
        order = default_order(settings.kind)
    try:
        codes = parse_order(order)  # a Chinese keyboard's ，and 、 separate codes too
    except TiebreakError as error:
        raise InvalidInput(_("Tie-breaks: %(error)s", error=say(error.message)),
                           field="tiebreak_order") from None
    return ",".join(code.text for code in codes)


@use_case
def create_night(settings: NightSettings, actor: str) -> Night:
    """Start a club night: its name, date, kind, rounds, PAB value, tie-breaks, colours."""
    order = _validate(settings)
    swiss = settings.kind is EventKind.SWISS
    night = Night(name=clean_name(settings.name, "name"), date=settings.date, kind=settings.kind,
                  system="dutch" if swiss else "berger",
                  rounds=settings.rounds if swiss else 0, pab_half=settings.pab_half,
                  tiebreak_order=order, double=settings.double and not swiss,
                  swap_last_two=settings.swap_last_two and not swiss and settings.double,
                  initial_colour=settings.initial_colour, rated=settings.rated)
    db.session.add(night)
    db.session.flush()
    audit.record(actor, "night.create",
                 f"Club night “{night.name}” ({night.date.isoformat()}) started",
                 context={"night": night.name, "kind": str(night.kind), "rounds": night.rounds,
                          "pab_half": night.pab_half, "order": order})
    return night


def _paired_rounds(night: Night) -> int:
    return max((r.round for r in night.rounds_state), default=0)


def _round_robin_rounds(night: Night) -> None:
    """Before round 1 a round-robin's rounds follow from who is checked in (the Berger table
    of C.05 Annex 1: n − 1 rounds, n for an odd n, twice that for a double round-robin), so
    the desk and the public page state them from the first check-in on."""
    if night.kind is EventKind.ROUND_ROBIN and not night.rounds_state:
        night.rounds = berger_round_count(len(night.players), night.double)


def _renumber(night: Night) -> None:
    """Before round 1: the pairing numbers follow the rule (two steps: unique numbers)."""
    ordered = pairing_order(list(night.players), club_settings().provisional_games)
    for index, player in enumerate(ordered, start=1):
        player.start_no = -index
    db.session.flush()
    for player in ordered:
        player.start_no = -player.start_no
    db.session.flush()


def _drop_preview(night: Night, actor: str) -> int | None:
    """A late arrival or withdrawal while the last round is only a preview: the preview goes
    (it was paired without them); returns its round, or None when there was none."""
    state = night.rounds_state[-1] if night.rounds_state else None
    if state is None or state.published:
        return None
    boards = [b for b in night.boards if b.round == state.round]
    if any(b.result is not None for b in boards):
        return None
    for board in boards:
        night.boards.remove(board)
    night.rounds_state.remove(state)
    night.pure = not any(r.manual for r in night.rounds_state)
    db.session.flush()
    audit.record(actor, "night.undo", f"“{night.name}”: the preview of round {state.round} "
                 "was dropped", context={"night": night.name, "round": state.round})
    return state.round


@dataclass(frozen=True)
class Arrival:
    """Who checks in: a member (``member_id``), or a new name as a member or a guest.

    ``different`` says the organizer knows a typed name is a member's and means another
    person of the same name (else such a name is refused with the member offered).
    """

    member_id: int | None = None
    name: str = ""
    guest: bool = False
    junior: bool = False
    different: bool = False


class OnRoster(InvalidInput):
    """A typed name is a roster member's name (the one comparison key, as the confirm-names
    step compares): check the member in, or say it is a different person. ``member_id`` is
    the member offered; ``hidden`` says the roster shows them by initials."""

    def __init__(self, message: str, member_id: int, hidden: bool) -> None:
        super().__init__(message, field="name")
        self.member_id = member_id
        self.hidden = hidden


def roster_match(typed: str) -> int | None:
    """The one visible member whose name or confirmed spelling is ``typed`` (compared by
    :func:`ladder.names.name_key`, exactly as the confirm-names step pre-selects), else the one
    whose name differs from it only by accents ("Chloe Martin" for Chloé Martin: the privacy
    rule folds accents too, docs/privacy.md), or None."""
    exact = name_index(db.session).preselect(typed).member
    if exact is not None:
        return exact
    folded = fold_diacritics(name_key(typed))
    same = [member_id for member_id, key in db.session.execute(
        select(Member.id, Member.name_key).where(Member.merged_into_id.is_(None)))
        if fold_diacritics(key or "") == folded]
    return same[0] if len(same) == 1 else None


def _arrival_member(arrival: Arrival, actor: str) -> tuple[Member | None, str]:
    if arrival.member_id is not None:
        member = db.session.get(Member, arrival.member_id)
        if member is None or member.merged_into_id is not None:
            raise NotFound(_("Member %(id)d does not exist.", id=arrival.member_id))
        return member, member.name
    if not arrival.name.strip():
        raise InvalidInput(_("Name: type the player's name."), field="name")
    name = clean_name(arrival.name, "name")
    match = None if arrival.different else roster_match(name)
    if match is not None:
        member = db.session.get(Member, match)
        hidden = member is not None and shows_initials(
            member.junior, member.consent_given, club_settings().initials_for_all)
        raise OnRoster(_("“%(name)s” is a member's name: tap “Check in the member”, or tick "
                         "“A different person of the same name”.", name=name) if not hidden
                       else _("“%(name)s” is the name of a junior on the roster, shown by "
                              "initials on public pages: tap “Check in the member”, or tick "
                              "“A different person of the same name”.", name=name),
                       match, hidden)
    if arrival.guest:
        return None, name
    member = Member(name=name, name_key=name_key(name), junior=arrival.junior,
                    rating=club_settings().start_rating, games=0)
    db.session.add(member)
    db.session.flush()
    audit.record(actor, "member.add", f"Added “{name}” at a club night's check-in",
                 member_id=member.id, new={"name": name, "junior": arrival.junior})
    return member, name


def _already_here(night: Night, arrival: Arrival) -> NightPlayer | None:
    """The player ``arrival`` is already checked in as: the same member, or the same typed
    name by the one comparison key (a double click, a name typed twice)."""
    if arrival.member_id is not None:
        return next((p for p in night.players if p.member_id == arrival.member_id), None)
    key = name_key(arrival.name)
    if not key:
        return None
    same = next((p for p in night.players if name_key(p.name) == key), None)
    if same is not None or arrival.different:
        return same
    member = roster_match(arrival.name)  # the member checked in already, typed again
    return next((p for p in night.players if member and p.member_id == member), None)


@use_case
def check_in(night_id: int, arrival: Arrival, version: int | None, actor: str) -> NightPlayer:
    """Check a player in: a member, or a new member or a guest made on the spot.

    Before round 1 every check-in renumbers the players by the pairing-number rule; later a
    late entrant takes the next number, is re-ranked in the pairing list (C.04.2) and plays
    from the next round not yet published (a preview paired without them is dropped).
    A member already checked in is not added twice (a double click). A typed name that is a
    roster member's is refused with the member offered (:class:`OnRoster`) unless the
    organizer said it is a different person. ``version`` None is a tick on the roster list:
    "this member is here" means the same whatever else changed, so it is not version-checked.
    """
    night = night_or_404(night_id)
    check_open(night)
    present = _already_here(night, arrival)
    if present is not None:
        return present  # a double click (a name is checked in once)
    if version is not None:
        check_version(night, version)
    if len(night.players) >= MAX_PLAYERS:
        raise InvalidInput(_("A club night takes at most %(max)d players.", max=MAX_PLAYERS))
    paired = _paired_rounds(night)
    dropped = _drop_preview(night, actor) if paired else None
    paired = _paired_rounds(night)
    if paired and night.kind is EventKind.ROUND_ROBIN:
        raise Conflict(_("A round-robin's pairings are fixed once round 1 is paired: no one "
                         "can join it now."))
    if paired >= night.rounds and night.kind is EventKind.SWISS:
        raise Conflict(_("Every round is paired: no one can join now."))
    member, name = _arrival_member(arrival, actor)
    if member is not None and arrival.junior and not member.junior:
        member.junior = True
    if any(name_key(p.name) == name_key(name) for p in night.players):
        raise InvalidInput(_("“%(name)s” is checked in already.", name=name), field="name")
    player = NightPlayer(night=night, member_id=member.id if member else None, name=name,
                         guest=member is None, junior=arrival.junior or bool(member and
                                                                             member.junior),
                         rating=member.rating if member and member.games else None,
                         games=member.games if member else 0, joined=paired + 1,
                         start_no=max((p.start_no for p in night.players), default=0) + 1)
    db.session.add(player)
    db.session.flush()
    if not paired:
        _renumber(night)
        _round_robin_rounds(night)
    # A night that plays a competition: the player is one of its members (or enters it).
    from .competitions import check_in_entry
    check_in_entry(night, player, actor)
    night.version += 1
    audit.record(actor, "night.checkin",
                 f"“{night.name}”: {name} checked in"
                 + (f" (from round {paired + 1})" if paired else ""),
                 member_id=player.member_id,
                 context={"night": night.name, "player": name, "guest": player.guest,
                          "round": paired + 1 if paired else None, "dropped": dropped})
    return player


def _player(night: Night, start_no: int) -> NightPlayer:
    for player in night.players:
        if player.start_no == start_no:
            return player
    raise NotFound(_("No player has the number %(no)d.", no=start_no))


@use_case
def check_out(night_id: int, start_no: int, version: int, actor: str) -> None:
    """Take a player off the list before round 1 is paired (checked in by mistake)."""
    night = night_or_404(night_id)
    check_open(night)
    check_version(night, version)
    _take_off(night, _player(night, start_no), actor)


def _take_off(night: Night, player: NightPlayer, actor: str) -> None:
    if night.rounds_state:
        raise Conflict(_("Round 1 is paired: withdraw the player instead."))
    night.players.remove(player)
    db.session.flush()
    _renumber(night)
    _round_robin_rounds(night)
    night.version += 1
    audit.record(actor, "night.checkout", f"“{night.name}”: {player.name} taken off the list",
                 context={"night": night.name, "player": player.name})


@use_case
def tick(night_id: int, member_id: int, here: bool, actor: str) -> NightPlayer | None:
    """A tap on the roster's tick list: the member is here (checked in, a late entrant once
    round 1 is paired) or, before round 1, not after all (taken off the list). Ticking twice
    changes nothing; the answer is the member's player, None when they are not on the list.
    Not version-checked: what a tick says does not depend on anything else on the page."""
    night = night_or_404(night_id)
    check_open(night)
    player = next((p for p in night.players if p.member_id == member_id), None)
    if here:
        return player or check_in(night_id, Arrival(member_id=member_id), None, actor)
    if player is not None:
        _take_off(night, player, actor)
    return None


@use_case
def withdraw(night_id: int, start_no: int, version: int, actor: str) -> NightPlayer:
    """A player leaves: not paired from the next round not yet published on (a preview
    paired with them is dropped). Games already played stay."""
    night = night_or_404(night_id)
    check_open(night)
    player = _player(night, start_no)
    if player.withdrawn_from is not None:
        return player  # said twice
    check_version(night, version)
    _drop_preview(night, actor)
    first = _paired_rounds(night) + 1
    player.withdrawn_from = max(first, player.joined)
    night.version += 1
    audit.record(actor, "night.withdraw",
                 f"“{night.name}”: {player.name} withdrew from round {player.withdrawn_from}",
                 member_id=player.member_id,
                 context={"night": night.name, "player": player.name,
                          "round": player.withdrawn_from})
    return player


@use_case
def request_bye(night_id: int, start_no: int, round_no: int, code: str, version: int,
                actor: str) -> None:
    """A player asks for a bye in a coming round: ``H`` half a point, ``Z`` none, ``""``
    takes the request back. Only for a round not yet published (a preview of that round,
    paired with the player, is dropped)."""
    night = night_or_404(night_id)
    check_open(night)
    if night.kind is not EventKind.SWISS:
        raise InvalidInput(_("Byes are asked for in a Swiss; in a round-robin a game not "
                             "played is not a result."))
    player = _player(night, start_no)
    current = next((b for b in night.byes if b.player_id == player.id and b.round == round_no),
                   None)
    if (current.code if current else "") == code:
        return  # a double click
    check_version(night, version)
    if code not in ("H", "Z", ""):
        raise InvalidInput(_("Choose a half-point or a zero-point bye."), field="code")
    if round_no == _paired_rounds(night):
        _drop_preview(night, actor)  # a bye for the round in preview: pair it again after
    if not _paired_rounds(night) < round_no <= night.rounds:
        raise InvalidInput(_("Round: choose a round that is not paired yet."), field="round")
    if current is not None:
        night.byes.remove(current)
    if code:
        night.byes.append(NightBye(night_id=night.id, player_id=player.id, round=round_no,
                                   code=code))
    night.version += 1
    audit.record(actor, "night.bye",
                 f"“{night.name}”: {player.name}, round {round_no}: bye {code or 'taken back'}",
                 member_id=player.member_id, old=current.code if current else None,
                 new=code or None,
                 context={"night": night.name, "player": player.name, "round": round_no})


@use_case
def forbid_pair(night_id: int, first_no: int, second_no: int, version: int,
                actor: str) -> None:
    """Two players who must never meet (siblings, one family): TRF ``XXP``."""
    night = night_or_404(night_id)
    check_open(night)
    first, second = _player(night, first_no), _player(night, second_no)
    if first.id == second.id:
        raise InvalidInput(_("Choose two different players."), field="second")
    pair = {first.id, second.id}
    if any({f.first_id, f.second_id} == pair for f in night.forbidden):
        return
    check_version(night, version)
    night.forbidden.append(NightForbidden(night_id=night.id, first_id=first.id,
                                          second_id=second.id))
    night.version += 1
    audit.record(actor, "night.forbid",
                 f"“{night.name}”: {first.name} and {second.name} must not be paired",
                 context={"night": night.name, "player": first.name,
                          "opponent": second.name})


__all__ = ["NightSettings", "Arrival", "OnRoster", "StaleNight", "create_night", "check_in",
           "check_out", "tick", "roster_match", "withdraw",
           "request_bye", "forbid_pair", "night_or_404", "check_version", "check_open"]
