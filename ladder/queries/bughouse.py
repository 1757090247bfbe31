"""Bughouse team standings of an event (docs/qualities.md §2): teams of two beside the individual
results.

The teams are stored by start number (``bughouse_teams``); team points and the order come
from the event's own standings (:class:`~ladder.queries.events.EventView`): points and place
of each start number, through :func:`ladder.club.bughouse.team_standings`. Never rated.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import select

from ..club.bughouse import BughouseTeam, TeamError, TeamStanding, team_standings, unteamed
from ..extensions import DbSession
from ..models import ClubSettings, Member
from ..names.privacy import hidden_parts, mentions, shows_initials
from ..vocabulary.messages import Message
from ..vocabulary.tournament import EventKind
from .events import EventView


@dataclass(frozen=True)
class TeamsView:
    """The team standings of one event, what the page needs to name the partners, and the
    event's players without a team. ``problems`` is set (and ``standings`` empty) when the
    stored teams no longer fit the event."""

    standings: tuple[TeamStanding, ...]
    member_of: dict[int, int | None]  # start number → member id
    unteamed: tuple[int, ...]
    problems: tuple[Message, ...] = ()
    # Per standing, the team's name as the page may show it ("" when it has none, or when
    # it holds a name the page must hide: the page then numbers the team).
    labels: tuple[str, ...] = ()


def stored_teams(view: EventView) -> tuple[BughouseTeam, ...]:
    """The event's teams as the pure core's :class:`~ladder.club.bughouse.BughouseTeam`."""
    return tuple(BughouseTeam((team.first_no, team.second_no), team.name)
                 for team in view.event.teams)


def hidden_words(session: DbSession, settings: ClubSettings,
                 member_ids: Collection[int] | None = None) -> frozenset[str]:
    """The name parts of ``member_ids`` a public page must not show (docs/privacy.md: members shown
    by initials), as :func:`ladder.names.privacy.hidden_parts` gives them: comparison keys,
    with and without accents. ``member_ids`` None: every member of the club (a team may be
    named after someone who does not play in the event)."""
    statement = select(Member.name, Member.junior, Member.consent_given)
    if member_ids is not None:
        statement = statement.where(Member.id.in_(list(member_ids)))
    return hidden_parts(name for name, junior, consent in session.execute(statement)
                        if shows_initials(junior, consent, settings.initials_for_all))


def _label(name: str, hidden: Collection[str]) -> str:
    # Compared in the one canonical form (docs/privacy.md): NFD, soft hyphens, case, accents.
    return "" if mentions(name, hidden) else name


def team_view(view: EventView, hidden: Collection[str] = ()) -> TeamsView | None:
    """The team standings of a bughouse event with teams; None for any other event.

    ``hidden``: name parts the page must not show (:func:`hidden_words`); a team name that
    contains one is left out (the page shows the team's number instead)."""
    if view.event.kind != EventKind.BUGHOUSE.value:
        return None
    teams = stored_teams(view)
    if not teams:
        return None
    points = {row.start_no: row.points for row in view.rows}
    ranks = {row.start_no: row.rank for row in view.rows}
    member_of = {row.start_no: row.member_id for row in view.rows}
    left = unteamed(teams, sorted(points))
    try:
        standings = team_standings(teams, points, ranks)
    except TeamError as error:
        return TeamsView((), member_of, left, error.messages)
    return TeamsView(standings, member_of, left,
                     labels=tuple(_label(line.team.name, hidden) for line in standings))
