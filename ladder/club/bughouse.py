"""Bughouse as teams of two: team standings from the individual results (docs/qualities.md §2).

Pure: a bughouse event's games are never rated (docs/club-rating.md §1); its individual standings
are computed as for any event. This module adds the teams: each team is two start numbers of the
event, and

* **team points** = the sum of the two partners' individual points (exact ``Fraction``);
* **order**: team points (more first), then the event's order — the better (smaller)
  individual rank of the two partners, then the other partner's rank;
* **shared places** on a full tie (equal team points and both partners' ranks equal, which
  happens only when individual places are shared): the same place number, the next team's
  place counting every team above it (1, 2, 2, 4). Shared teams are listed by their order in
  the input.

Refusals are message ids (:class:`TeamError` carries them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ladder.vocabulary.messages import Message, msg


@dataclass(frozen=True)
class BughouseTeam:
    """A team of two: the partners' start numbers in the event, and an optional name."""

    partners: tuple[int, int]
    name: str = ""


@dataclass(frozen=True)
class TeamStanding:
    """One line of the team standings."""

    place: int
    shared: bool  # the place is shared with another team
    team: BughouseTeam
    points: Fraction  # team points
    partner_points: tuple[Fraction, Fraction]  # in the order of ``team.partners``
    best_rank: int  # the better individual rank of the partners
    other_rank: int


class TeamError(ValueError):
    """Teams that cannot be recorded; ``messages`` says why (message ids with values)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = tuple(messages)


def validate_teams(teams: Sequence[BughouseTeam], points: Mapping[int, Fraction],
                   ranks: Mapping[int, int]) -> tuple[Message, ...]:
    """Why ``teams`` cannot be recorded for an event whose individual results are
    ``points`` and ``ranks`` (by start number); empty: they can.

    Each team needs two different players of the event; nobody plays in two teams.
    """
    problems: list[Message] = []
    team_of: dict[int, int] = {}
    for number, team in enumerate(teams, start=1):
        if len(team.partners) != 2:
            problems.append(msg("Team %(team)d needs exactly two players.", team=number))
            continue
        first, second = team.partners
        if first == second:
            problems.append(msg("Team %(team)d names player %(player)d twice.", team=number,
                                player=first))
            continue
        for player in team.partners:
            if player not in points or player not in ranks:
                problems.append(msg("Team %(team)d: player %(player)d is not in this event.",
                                    team=number, player=player))
            elif player in team_of:
                problems.append(msg("Player %(player)d plays in teams %(first)d and "
                                    "%(second)d.", player=player, first=team_of[player],
                                    second=number))
            else:
                team_of[player] = number
    return tuple(problems)


def team_standings(teams: Sequence[BughouseTeam], points: Mapping[int, Fraction],
                   ranks: Mapping[int, int]) -> tuple[TeamStanding, ...]:
    """The team standings (see the module docstring); :class:`TeamError` on bad teams.

    ``points``: each start number's individual points; ``ranks``: each start number's place
    in the event's standings (1 = first; shared places allowed).
    """
    problems = validate_teams(teams, points, ranks)
    if problems:
        raise TeamError(problems)
    lines = []
    for index, team in enumerate(teams):
        a, b = team.partners
        best, other = sorted((ranks[a], ranks[b]))
        lines.append((index, team, Fraction(points[a]) + Fraction(points[b]),
                      (Fraction(points[a]), Fraction(points[b])), best, other))
    lines.sort(key=lambda line: (-line[2], line[4], line[5], line[0]))
    keys = [(line[2], line[4], line[5]) for line in lines]
    standings = []
    place = 0
    for position, (_, team, total, split, best, other) in enumerate(lines, start=1):
        key = (total, best, other)
        if position == 1 or key != keys[position - 2]:
            place = position
        shared = keys.count(key) > 1
        standings.append(TeamStanding(place, shared, team, total, split, best, other))
    return tuple(standings)


def unteamed(teams: Sequence[BughouseTeam], start_numbers: Sequence[int]) -> tuple[int, ...]:
    """The event's start numbers that belong to no team (in the given order)."""
    teamed = {p for team in teams for p in team.partners}
    return tuple(n for n in start_numbers if n not in teamed)
