"""Bughouse teams (docs/qualities.md §2): record an event's teams of two; one audited unit of work.

The teams replace the event's stored teams as a whole (the form shows them all). The rules
are the pure core's (:func:`ladder.club.bughouse.validate_teams`: two different players of the
event per team, nobody in two teams), its message ids translated here. Bughouse is never
rated (docs/club-rating.md §1), so recording teams never replays the ladder.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from flask_babel import gettext as _

from ..club.bughouse import BughouseTeam as Team
from ..club.bughouse import validate_teams
from ..extensions import db
from ..models import BughouseTeam, Event
from ..names import stored_name
from ..vocabulary.tournament import EventKind
from . import InvalidInput, NotFound, audit, use_case

MAX_TEAM_NAME = 100


def _describe(teams: Sequence[Team]) -> list[str]:
    return [f"{a}+{b}" + (f" {name}" if name else "") for (a, b), name in
            ((t.partners, t.name) for t in teams)]


@use_case
def set_teams(event_id: int, teams: Sequence[Team], actor: str) -> list[BughouseTeam]:
    """Store ``teams`` (start numbers of the event) as the event's teams, replacing any.

    Refused (InvalidInput, nothing changed) for an event that is not bughouse and for teams
    the pure validator objects to; an empty list removes the teams.
    """
    event = db.session.get(Event, event_id)
    if event is None:  # a draft's teams may be recorded before it is published again
        raise NotFound(_("That event does not exist (any more)."))
    if event.kind != EventKind.BUGHOUSE.value:
        raise InvalidInput(_("Teams can be recorded only for a bughouse event."),
                           field="teams")
    cleaned = []
    for number, team in enumerate(teams, start=1):
        name = stored_name(team.name)  # NFC (docs/privacy.md, "Names")
        if len(name) > MAX_TEAM_NAME:
            raise InvalidInput(_("Team %(team)d: a name of at most %(max)d characters.",
                                 team=number, max=MAX_TEAM_NAME), field="teams")
        cleaned.append(Team(team.partners, name))
    players = {entry.start_no: Fraction(0) for entry in event.entries}
    ranks = {start_no: 1 for start_no in players}  # only membership matters for validation
    problems = validate_teams(cleaned, players, ranks)
    if problems:
        raise InvalidInput(" ".join(m.render(_) for m in problems), field="teams")
    old = [Team((t.first_no, t.second_no), t.name) for t in event.teams]
    if old == cleaned:
        return list(event.teams)
    event.teams.clear()
    db.session.flush()
    for position, team in enumerate(cleaned):
        first, second = team.partners
        event.teams.append(BughouseTeam(position=position, first_no=first, second_no=second,
                                        name=team.name))
    db.session.flush()
    audit.record(actor, "event.teams",
                 f"Bughouse teams of “{event.name}”: {len(cleaned)} team(s)",
                 event_id=event.id, old=_describe(old), new=_describe(cleaned))
    return list(event.teams)
