"""A competition across club nights (docs/competitions.md §7): create it with its rules and
members, change them, mark who will be away before a night, enter a late entrant.

Each change is one use case (:mod:`.uow`), audited in words (``ladder/web/audit/competition.py``);
the structural ones check the competition's ``version`` (a form loaded before someone else's
change is refused), and doing the same thing twice changes nothing the second time. Nothing
here touches the ladder: a competition's games are its nights' games, and each night goes into
the ladder as its own event (:mod:`.night_rounds`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from ..competition.errors import ParamError
from ..competition.keizer_params import params_as_case, parse_params
from ..competition.record import BERGER, KEIZER, MARKS, SWISS, SYSTEMS
from ..competition.roundrobin import parse_round_robin_rules, round_robin_rules_as_dict
from ..competition.swiss import parse_swiss_rules, swiss_rules_as_dict
from ..extensions import db
from ..models import Competition, CompetitionMark, CompetitionMember, Member, Night, NightPlayer
from ..models import Season as SeasonModel
from ..names import name_key
from ..queries.competitions import assemble, link_of_night
from ..tiebreaks import TiebreakError, parse_order
from ..vocabulary.tournament import EventKind
from . import Conflict, InvalidInput, NotFound, audit, refuse_control_characters, use_case
from .events import clean_name, default_order

MAX_MEMBERS = 500
#: How far ahead attendance may be marked (rounds after the next one to pair).
MARK_AHEAD = 30
DISPLAYS = ("exact", "half")


@dataclass(frozen=True)
class CompetitionSettings:
    """What the organizer chooses for a competition: its name, system and the system's rules
    (the Keizer settings of docs/competitions.md §2, the Swiss's of §8, the round-robin's of
    §9; missing ones take their defaults), how points are shown, the tie-breaks (Swiss and
    round-robin) and the season it belongs to."""

    name: str
    system: str = KEIZER
    rules: Mapping[str, Any] = field(default_factory=dict)
    points_display: str = "exact"
    tiebreak_order: str | None = None
    season_id: int | None = None


def competition_or_404(competition_id: int) -> Competition:
    """The competition, or NotFound."""
    competition = db.session.get(Competition, competition_id)
    if competition is None:
        raise NotFound(_("There is no such competition."))
    return competition


def check_version(competition: Competition, version: int) -> None:
    """Refuse a change made from a page older than the competition's last change."""
    if competition.version != version:
        raise Conflict(_("The competition changed meanwhile, after this page was shown (it is "
                         "now at change %(now)d). Nothing was saved; the page shows it as it "
                         "is now.", now=competition.version))


def param_text(error: ParamError) -> str:
    """A refused setting in the reader's language."""
    values = error.values
    texts = {
        "keizer.param.unknown": _("This setting does not exist."),
        "keizer.param.choice": _("Choose one of the offered values."),
        "keizer.param.fraction": _("Give a fraction such as 2/3, or a decimal such as 0.35."),
        "keizer.param.negative": _("It must not be negative."),
        "keizer.param.whole": _("Give a whole number."),
        "keizer.param.flag": _("Choose yes or no."),
        "keizer.param.greater_than": _("It must be more than %(least)s.",
                                       least=values.get("least", 1)),
        "keizer.param.at_least": _("It must be at least %(least)s.",
                                   least=values.get("least", 0)),
        "competition.param.range": _("Give a number from %(least)s to %(most)s.",
                                     least=values.get("least", 1),
                                     most=values.get("most", 1)),
    }
    return texts.get(error.message_id, _("This value cannot be used."))


def _rules(system: str, rules: Mapping[str, Any]) -> dict[str, Any]:
    """The system's rules checked and complete (every setting with its value)."""
    try:
        if system == KEIZER:
            return params_as_case(parse_params(rules))
        if system == SWISS:
            return swiss_rules_as_dict(parse_swiss_rules(rules))
        return round_robin_rules_as_dict(parse_round_robin_rules(rules))
    except ParamError as error:
        raise InvalidInput(param_text(error), field=error.key) from None


def _order(system: str, order: str | None) -> str:
    if system == KEIZER:
        return ""
    kind = EventKind.SWISS if system == SWISS else EventKind.ROUND_ROBIN
    if order is None or not order.strip():
        order = default_order(kind)
    try:
        parse_order(order)
    except TiebreakError as error:
        raise InvalidInput(_("Tie-breaks: %(error)s", error=str(error)),
                           field="tiebreak_order") from None
    return ",".join(part.strip() for part in order.split(",") if part.strip())


def _checked(settings: CompetitionSettings) -> tuple[str, dict[str, Any], str]:
    refuse_control_characters(settings.name, field="name")
    if settings.system not in SYSTEMS:
        raise InvalidInput(_("Choose Keizer, Swiss or round-robin."), field="system")
    if settings.points_display not in DISPLAYS:
        raise InvalidInput(_("Choose how points are shown."), field="points_display")
    if settings.season_id is not None and db.session.get(SeasonModel,
                                                         settings.season_id) is None:
        raise InvalidInput(_("That season does not exist (any more)."), field="season_id")
    return (clean_name(settings.name), _rules(settings.system, settings.rules),
            _order(settings.system, settings.tiebreak_order))


def _member(member_id: int) -> Member:
    member = db.session.get(Member, member_id)
    if member is None or member.merged_into_id is not None:
        raise NotFound(_("Member %(id)d does not exist.", id=member_id))
    return member


def _rating(member: Member) -> int | None:
    """The rating a competition ranks a member by: the club rating, none without a game."""
    if not member.games:
        return None
    return max(0, min(9999, round(member.rating)))


def _renumber(competition: Competition) -> None:
    """Before round 1: the pairing numbers by the competition's ratings, highest first,
    unrated last, equal ratings in alphabetical order (docs/competitions.md §7)."""
    names = {m.id: m.name for m in db.session.scalars(select(Member).where(
        Member.id.in_([cm.member_id for cm in competition.members])))}
    ordered = sorted(competition.members,
                     key=lambda cm: (cm.rating is None, -(cm.rating or 0),
                                     name_key(names.get(cm.member_id, "")), cm.member_id))
    for index, cm in enumerate(ordered, start=1):
        cm.number = -index  # two steps: the numbers stay unique at every flush
    db.session.flush()
    for cm in ordered:
        cm.number = -cm.number
    db.session.flush()


def paired_rounds(competition: Competition) -> int:
    """How many of the competition's rounds its nights have paired."""
    return len(assemble(db.session, competition).played.rounds)


def _describe(competition: Competition) -> dict[str, Any]:
    return {"name": competition.name, "system": competition.system,
            "settings": json.loads(competition.settings or "{}"),
            "points_display": competition.points_display,
            "tiebreak_order": competition.tiebreak_order, "season_id": competition.season_id}


@use_case
def create_competition(settings: CompetitionSettings, member_ids: Sequence[int],
                       actor: str) -> Competition:
    """A new competition with its rules and members (numbered by the pairing-number rule)."""
    name, rules, order = _checked(settings)
    wanted = list(dict.fromkeys(member_ids))
    if len(wanted) > MAX_MEMBERS:
        raise InvalidInput(_("A competition takes at most %(max)d members.", max=MAX_MEMBERS),
                           field="members")
    competition = Competition(name=name, system=settings.system,
                              settings=json.dumps(rules, ensure_ascii=False),
                              points_display=settings.points_display, tiebreak_order=order,
                              season_id=settings.season_id)
    db.session.add(competition)
    db.session.flush()
    for index, member_id in enumerate(wanted, start=1):
        member = _member(member_id)
        competition.members.append(CompetitionMember(member_id=member.id, number=index,
                                                     rating=_rating(member), entry_round=1))
    db.session.flush()
    _renumber(competition)
    audit.record(actor, "competition.create",
                 f"Competition “{name}” ({settings.system}) created with {len(wanted)} members",
                 new=_describe(competition),
                 context={"competition": name, "system": settings.system,
                          "members": len(wanted)})
    return competition


@use_case
def update_competition(competition_id: int, settings: CompetitionSettings, version: int,
                       actor: str) -> Competition:
    """Change the name, rules, display, tie-breaks or season. The system cannot change once
    a night plays the competition; a Swiss cannot have fewer rounds than are paired; a
    round-robin's cycles are fixed once a night plays it (its schedule is)."""
    competition = competition_or_404(competition_id)
    check_version(competition, version)
    name, rules, order = _checked(settings)
    started = bool(competition.nights)
    if started and settings.system != competition.system:
        raise Conflict(_("A night plays this competition already: its system cannot change."),
                       field="system")
    if started and settings.system == BERGER and rules != json.loads(competition.settings):
        raise Conflict(_("A night plays this round-robin already: its schedule is fixed."),
                       field="double")
    if settings.system == SWISS and rules["rounds"] < _allocated(competition):
        raise InvalidInput(_("Rounds: %(rounds)d rounds are given to nights already.",
                             rounds=_allocated(competition)), field="rounds")
    old = _describe(competition)
    competition.name, competition.system = name, settings.system
    competition.settings = json.dumps(rules, ensure_ascii=False)
    competition.points_display = settings.points_display
    competition.tiebreak_order, competition.season_id = order, settings.season_id
    new = _describe(competition)
    if new != old:
        competition.version += 1
        audit.record(actor, "competition.update", f"Competition “{name}”: rules changed",
                     old=old, new=new, context={"competition": name,
                                                "changed": sorted(k for k in new
                                                                  if new[k] != old[k])})
    return competition


def _allocated(competition: Competition) -> int:
    return max((link.first_round + link.rounds - 1 for link in competition.nights), default=0)


@use_case
def add_members(competition_id: int, member_ids: Sequence[int], version: int,
                actor: str) -> list[CompetitionMember]:
    """Add members: before round 1 is paired they are numbered in with everyone; later they
    are late entrants from the next round to pair (Keizer, Swiss), with the next numbers. A
    round-robin's players are fixed once a night plays it."""
    competition = competition_or_404(competition_id)
    present = {cm.member_id for cm in competition.members}
    wanted = [m for m in dict.fromkeys(member_ids) if m not in present]
    if not wanted:
        return []
    check_version(competition, version)
    if len(present) + len(wanted) > MAX_MEMBERS:
        raise InvalidInput(_("A competition takes at most %(max)d members.", max=MAX_MEMBERS),
                           field="members")
    added = [_enter(competition, _member(member_id)) for member_id in wanted]
    competition.version += 1
    audit.record(actor, "competition.members",
                 f"Competition “{competition.name}”: {len(added)} members added",
                 new=[cm.member_id for cm in added],
                 context={"competition": competition.name,
                          "players": [db.session.get(Member, cm.member_id).name  # type: ignore[union-attr]
                                      for cm in added],
                          "round": added[0].entry_round})
    return added


def _enter(competition: Competition, member: Member) -> CompetitionMember:
    """Enter ``member``: numbered in before round 1 is paired, else a late entrant."""
    paired = paired_rounds(competition)
    if competition.system == BERGER and competition.nights:
        raise Conflict(_("A night plays this round-robin already: its players are fixed."),
                       field="members")
    entry = paired + 1
    if competition.system == SWISS:
        rounds = parse_swiss_rules(json.loads(competition.settings)).rounds
        if entry > rounds:
            raise Conflict(_("Every round of the Swiss is paired: no one can join now."),
                           field="members")
    number = max((cm.number for cm in competition.members), default=0) + 1
    entrant = CompetitionMember(member_id=member.id, number=number, rating=_rating(member),
                                entry_round=entry)
    competition.members.append(entrant)
    db.session.flush()
    if not paired:
        _renumber(competition)
    return entrant


@use_case
def remove_member(competition_id: int, member_id: int, version: int, actor: str) -> None:
    """Take a member off a competition before he has played a round of it (entered by
    mistake). A round-robin's players are fixed once a night plays it."""
    competition = competition_or_404(competition_id)
    entrant = next((cm for cm in competition.members if cm.member_id == member_id), None)
    if entrant is None:
        return  # taken off already
    check_version(competition, version)
    paired = paired_rounds(competition)
    if entrant.entry_round <= paired:
        raise Conflict(_("This member is in rounds already paired: they stay in the "
                         "competition."))
    if competition.system == BERGER and competition.nights:
        raise Conflict(_("A night plays this round-robin already: its players are fixed."))
    name = db.session.get(Member, member_id).name  # type: ignore[union-attr]
    competition.members.remove(entrant)
    for mark in [m for m in competition.marks if m.member_id == member_id]:
        competition.marks.remove(mark)
    db.session.flush()
    if not paired:
        _renumber(competition)
    competition.version += 1
    audit.record(actor, "competition.remove",
                 f"Competition “{competition.name}”: {name} taken off",
                 member_id=member_id, context={"competition": competition.name,
                                               "player": name})


@use_case
def set_member_rating(competition_id: int, member_id: int, rating: int | None, version: int,
                      actor: str) -> None:
    """The rating the competition ranks a member by (by default the club rating when he
    joined): a club may rank by another list (a federation's ratings, say). Only before he
    has played a round of it (his place by rating decides his first pairing); before round 1
    the pairing numbers follow the new ratings."""
    competition = competition_or_404(competition_id)
    entrant = next((cm for cm in competition.members if cm.member_id == member_id), None)
    if entrant is None:
        raise NotFound(_("This member is not in the competition."))
    if entrant.rating == rating:
        return
    check_version(competition, version)
    if rating is not None and not 0 <= rating <= 9999:
        raise InvalidInput(_("Rating: give a number from 0 to 9999, or nothing for unrated."),
                           field="rating")
    paired = paired_rounds(competition)
    if entrant.entry_round <= paired:
        raise Conflict(_("This member is in rounds already paired: their rating in the "
                         "competition can no longer change."), field="rating")
    old = entrant.rating
    entrant.rating = rating
    db.session.flush()
    if not paired:
        _renumber(competition)
    competition.version += 1
    name = db.session.get(Member, member_id).name  # type: ignore[union-attr]
    audit.record(actor, "competition.rating",
                 f"Competition “{competition.name}”: {name}'s rating {old} → {rating}",
                 member_id=member_id, old=old, new=rating,
                 context={"competition": competition.name, "player": name})


@use_case
def mark_attendance(competition_id: int, round_no: int, member_id: int, status: str,
                    actor: str) -> str:
    """Mark ``member_id`` for round ``round_no`` before its night: ``excused`` (away with
    notice), ``club`` (away for the club's team match), or ``""`` / ``present`` to take the
    mark back (the night's check-in then decides present or absent). Only for a round not yet
    paired. The same mark twice changes nothing. Returns the mark now in force.

    Not version-checked: "this member will be away in round r" means the same whatever else
    changed (a tap on the list, or later the player's own phone)."""
    competition = competition_or_404(competition_id)
    if status == "present":
        status = ""
    if status not in (*MARKS, ""):
        raise InvalidInput(_("Choose away with notice, away for the club's team, or no "
                             "mark."), field="status")
    entrant = next((cm for cm in competition.members if cm.member_id == member_id), None)
    if entrant is None:
        raise NotFound(_("This member is not in the competition."))
    paired = paired_rounds(competition)
    if not paired < round_no <= paired + MARK_AHEAD:
        raise InvalidInput(_("Round: choose a round that is not paired yet (%(first)d to "
                             "%(last)d).", first=paired + 1, last=paired + MARK_AHEAD),
                           field="round")
    if entrant.entry_round > round_no:
        raise InvalidInput(_("This member enters the competition in round %(round)d.",
                             round=entrant.entry_round), field="round")
    current = next((m for m in competition.marks if m.round == round_no
                    and m.member_id == member_id), None)
    if (current.status if current else "") == status:
        return status
    old = current.status if current else None
    if current is not None:
        competition.marks.remove(current)
        db.session.flush()
    if status:
        competition.marks.append(CompetitionMark(round=round_no, member_id=member_id,
                                                 status=status, marked_by=actor))
    name = db.session.get(Member, member_id).name  # type: ignore[union-attr]
    audit.record(actor, "competition.attendance",
                 f"Competition “{competition.name}”, round {round_no}: {name} "
                 f"{status or 'no mark'}", member_id=member_id, old=old, new=status or None,
                 context={"competition": competition.name, "round": round_no,
                          "player": name})
    return status


@use_case
def delete_competition(competition_id: int, version: int, actor: str) -> None:
    """Delete a competition no night has played (its nights, once played, are events of the
    ladder and stay)."""
    competition = competition_or_404(competition_id)
    check_version(competition, version)
    if any(db.session.get(Night, link.night_id) is not None for link in competition.nights):
        raise Conflict(_("Nights play this competition: it can no longer be deleted."))
    old = _describe(competition)
    db.session.delete(competition)
    audit.record(actor, "competition.delete", f"Competition “{old['name']}” deleted",
                 old=old, context={"competition": old["name"]})


def check_in_entry(night: Night, player: NightPlayer, actor: str) -> None:
    """A player checked in on a night that plays a competition (the check-in's one call):
    a guest is refused (a competition's players are members); a member not yet in the
    competition enters it — numbered in before round 1, a late entrant from the round he
    first plays (Keizer, Swiss); a round-robin's players are fixed once it started. Runs
    inside the check-in's unit of work."""
    link = link_of_night(db.session, night.id)
    if link is None:
        return
    competition = db.session.get(Competition, link.competition_id)
    if competition is None:
        return
    if player.member_id is None:
        raise InvalidInput(_("This night plays the competition “%(name)s”, whose players are "
                             "members: check the player in as a new member, not as a guest.",
                             name=competition.name), field="guest")
    if any(cm.member_id == player.member_id for cm in competition.members):
        return
    member = _member(player.member_id)
    entrant = _enter(competition, member)
    entry = link.first_round + player.joined - 1
    if entrant.entry_round < entry and paired_rounds(competition):
        entrant.entry_round = entry
    competition.version += 1
    audit.record(actor, "competition.enter",
                 f"Competition “{competition.name}”: {member.name} entered from round "
                 f"{entrant.entry_round} at the check-in of “{night.name}”",
                 member_id=member.id,
                 context={"competition": competition.name, "player": member.name,
                          "round": entrant.entry_round, "night": night.name})


__all__ = ["CompetitionSettings", "create_competition", "update_competition", "add_members",
           "remove_member", "set_member_rating", "mark_attendance", "delete_competition",
           "check_in_entry", "competition_or_404", "check_version", "param_text", "paired_rounds"]
