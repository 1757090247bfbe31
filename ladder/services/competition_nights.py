"""The club nights of a competition (docs/competitions.md §7): open tonight's night for the next
round (or several), and a round-robin's round of postponed games.

A competition's night is an ordinary club night (:mod:`.night`): checked in, paired, published,
results tapped and finished into the ladder as its own event on its own date, exactly as any
night — only the pairing of its rounds comes from the competition
(:func:`ladder.queries.competitions.night_pairing`).
"""

from __future__ import annotations

import datetime as dt

from flask_babel import gettext as _
from flask_babel import ngettext

from ..competition.record import BERGER, KEIZER, SWISS
from ..competition.roundrobin import round_count
from ..competition.swiss import SwissRules
from ..extensions import db
from ..models import CompetitionNight, Night
from ..queries.competitions import rules_of
from . import Conflict, InvalidInput, NotFound, audit, refuse_control_characters, use_case
from .competitions import check_version, competition_or_404
from .night import NightSettings, create_night

#: The most rounds of a competition one night plays.
MAX_ROUNDS_A_NIGHT = 5


def _allocated(links: list[CompetitionNight]) -> int:
    return max((link.first_round + link.rounds - 1 for link in links), default=0)


@use_case
def open_night(competition_id: int, date: dt.date, rounds: int, version: int, actor: str,
               name: str = "", rated: bool = True) -> Night:
    """Open a club night that plays the competition's next ``rounds`` rounds (default name:
    the competition's and the rounds'). It is a Swiss night whose rounds the competition
    pairs; its players check in as on any night."""
    competition = competition_or_404(competition_id)
    check_version(competition, version)
    if not 1 <= rounds <= MAX_ROUNDS_A_NIGHT:
        raise InvalidInput(_("Rounds tonight: give a number from 1 to %(max)d.",
                             max=MAX_ROUNDS_A_NIGHT), field="rounds")
    first = _allocated(list(competition.nights)) + 1
    rules = rules_of(competition)
    total: int | None = None
    if competition.system == SWISS:
        assert isinstance(rules, SwissRules)
        total = rules.rounds
    elif competition.system == BERGER:
        if len(competition.members) < 3:
            raise InvalidInput(_("A round-robin needs at least three members."),
                               field="rounds")
        total = round_count(len(competition.members), rules)  # type: ignore[arg-type]
    if total is not None and first + rounds - 1 > total:
        if first > total:
            raise Conflict(_("Every round of the competition has its night."), field="rounds")
        raise InvalidInput(ngettext("Rounds tonight: only %(num)d round is left.",
                                    "Rounds tonight: only %(num)d rounds are left.",
                                    total - first + 1), field="rounds")
    last = first + rounds - 1
    refuse_control_characters(name, field="name")
    if not name.strip():
        name = (_("%(competition)s, round %(round)d", competition=competition.name, round=first)
                if rounds == 1 else
                _("%(competition)s, rounds %(first)d–%(last)d", competition=competition.name,
                  first=first, last=last))
    pab_half = isinstance(rules, SwissRules) and rules.pab_half
    colour = rules.initial_colour if isinstance(rules, SwissRules) else "white1"
    night = create_night(NightSettings(
        name=name, date=date, rounds=rounds, pab_half=pab_half,
        tiebreak_order=competition.tiebreak_order or None, initial_colour=colour,
        rated=rated), actor)
    night.system = {KEIZER: "keizer", SWISS: "dutch", BERGER: "berger"}[competition.system]
    competition.nights.append(CompetitionNight(night_id=night.id, first_round=first,
                                               rounds=rounds))
    competition.version += 1
    audit.record(actor, "competition.night",
                 f"Competition “{competition.name}”: night “{night.name}” "
                 f"({date.isoformat()}) plays rounds {first}–{last}",
                 context={"competition": competition.name, "night": night.name,
                          "first": first, "last": last})
    return night


@use_case
def set_catch_up(competition_id: int, night_id: int, on: bool, version: int,
                 actor: str) -> None:
    """A round-robin's night adds (``on``) or drops a round of postponed games after its
    own rounds; dropping is refused once that round is paired."""
    competition = competition_or_404(competition_id)
    link = next((n for n in competition.nights if n.night_id == night_id), None)
    if link is None:
        raise NotFound(_("This night does not play the competition."))
    if (link.catch_up > 0) == on:
        return  # a double click
    check_version(competition, version)
    if competition.system != BERGER:
        raise InvalidInput(_("Only a round-robin has postponed games."))
    night = link_night(link)
    if night.event_id is not None:
        raise Conflict(_("This club night is finished and in the ladder; change the event "
                         "instead."))
    extra = link.rounds + 1
    if on:
        link.catch_up = 1
        night.rounds = link.rounds + 1
    else:
        if any(r.round == extra for r in night.rounds_state):
            raise Conflict(_("The round of postponed games is paired: undo its pairing "
                             "first."))
        link.catch_up = 0
        night.rounds = link.rounds
    night.version += 1
    competition.version += 1
    audit.record(actor, "competition.catch_up",
                 f"Competition “{competition.name}”: night “{night.name}” "
                 + ("plays postponed games" if on else "plays no postponed games"),
                 new=on, context={"competition": competition.name, "night": night.name})


def link_night(link: CompetitionNight) -> Night:
    """The night of a competition link."""
    night = db.session.get(Night, link.night_id)
    if night is None:
        raise NotFound(_("There is no such club night."))
    return night


__all__ = ["open_night", "set_catch_up", "MAX_ROUNDS_A_NIGHT"]
