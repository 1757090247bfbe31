"""The demo club's 2026 season: which events, who came, what happened (pure data).

Fortnightly Thursday club nights from June to November 2026 plus one weekend match, of every
kind (Swiss, round-robin, match, casual, bughouse), one of them unrated (Chess960). Who comes
to a night is drawn from the members who have joined by then, weighted by their attendance;
a member's first night and everyone an incident names always come.

Besides: the two seasons the organizer defined (:data:`SEASONS`), and a bughouse night of
fixed teams of two at the end (:data:`TEAM_NIGHT`), simulated with its own random generator
so that the rest of the year is exactly what it was before it was added.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..vocabulary.tournament import EventKind, Tournament
from .games import (
    DemoEntrant,
    DemoSheet,
    Incidents,
    bughouse,
    casual,
    match,
    round_robin,
    swiss,
    team_bughouse,
)
from .people import BY_NAME, ROSTER, TYPO, TYPO_OF, DemoMember


@dataclass(frozen=True)
class EventPlan:
    """One event of the season before it is simulated."""

    date: dt.date
    name: str
    kind: EventKind
    size: int
    rounds: int
    rated: bool = True
    fixed: tuple[str, ...] = ()  # members who certainly take part
    incidents: Incidents = field(default_factory=Incidents)
    typed: tuple[tuple[str, str], ...] = ()  # (member name, name as typed in this event)


@dataclass(frozen=True)
class DemoEvent:
    """One simulated event, ready to publish."""

    tournament: Tournament
    name: str
    date: dt.date
    kind: EventKind
    rated: bool


def _d(month: int, day: int) -> dt.date:
    return dt.date(2026, month, day)


PLANS: tuple[EventPlan, ...] = (
    EventPlan(_d(6, 4), "Summer Opener Rapid", EventKind.SWISS, 16, 4,
              incidents=Incidents(half_byes=((3, "Tomáš Novák"),))),
    EventPlan(_d(6, 18), "Thursday Round-Robin A", EventKind.ROUND_ROBIN, 6, 5),
    EventPlan(_d(7, 2), "Summer Swiss", EventKind.SWISS, 17, 5,
              incidents=Incidents(half_byes=((2, "Sofia Rossi"), (5, "Maria González")),
                                  zero_byes=((1, "Isabel Costa"),), forfeits=((4, 3),))),
    EventPlan(_d(7, 16), "Casual Club Night (July)", EventKind.CASUAL, 10, 4),
    EventPlan(_d(7, 30), "Chess960 Night", EventKind.SWISS, 12, 4, rated=False),
    EventPlan(_d(8, 8), "Club Match: Petrov v Larsen", EventKind.MATCH, 2, 4,
              fixed=("Viktor Petrov", "Henrik Larsen")),
    EventPlan(_d(8, 13), "Bughouse Social", EventKind.BUGHOUSE, 8, 3),
    EventPlan(_d(8, 27), "Late Summer Swiss", EventKind.SWISS, 19, 5, fixed=(TYPO_OF,),
              incidents=Incidents(half_byes=((1, "王小明"),),
                                  zero_byes=((4, "Daniel Weber"), (5, "Daniel Weber")),
                                  forfeits=((2, 5),)),
              typed=((TYPO_OF, TYPO),)),
    EventPlan(_d(9, 10), "Thursday Round-Robin B", EventKind.ROUND_ROBIN, 8, 7,
              incidents=Incidents(double_forfeits=((6, 2),))),
    EventPlan(_d(9, 24), "Autumn Swiss", EventKind.SWISS, 18, 5,
              incidents=Incidents(half_byes=((3, "Anna Kowalska"), (3, "Budi Santoso")),
                                  zero_byes=((5, "Olivia Brown"),), forfeits=((5, 2),))),
    EventPlan(_d(10, 8), "Casual Club Night (October)", EventKind.CASUAL, 12, 4),
    EventPlan(_d(10, 22), "Blitz Night", EventKind.SWISS, 16, 6,
              incidents=Incidents(zero_byes=((1, "박지호"), (2, "박지호")),
                                  forfeits=((1, 7),))),
    EventPlan(_d(11, 5), "Autumn Rapid", EventKind.SWISS, 18, 5,
              incidents=Incidents(half_byes=((4, "Henrik Larsen"),),
                                  zero_byes=((1, "Agus Wijaya"),))),
    EventPlan(_d(11, 19), "Club Championship Final", EventKind.ROUND_ROBIN, 6, 5,
              fixed=("Viktor Petrov", "Henrik Larsen", "Maria González", "王小明",
                     "Anna Kowalska", "Mateo Fernández")),
)

#: The event whose second-round first-board game the organizer later corrects to a draw.
CORRECTED_EVENT = "Autumn Swiss"
CORRECTED_ROUND = 2


def _choose(rng: random.Random, index: int, plan: EventPlan) -> list[DemoMember]:
    """Who comes: fixed and first-timers, then a weighted draw among the joined members."""
    must = list(dict.fromkeys(
        list(plan.fixed) + sorted(plan.incidents.names())
        + [m.name for m in ROSTER if m.joins == index and index > 0]))
    chosen = [BY_NAME[name] for name in must]
    pool = [m for m in ROSTER
            if m.joins <= index and m.attendance > 0 and m.name not in must]
    # Weighted sampling without replacement (Efraimidis–Spirakis keys).
    keyed = sorted(pool, key=lambda m: rng.random() ** (1.0 / m.attendance), reverse=True)
    chosen += keyed[:max(0, plan.size - len(chosen))]
    if len(chosen) != plan.size:
        raise ValueError(f"{plan.name}: {len(chosen)} players chosen, {plan.size} planned")
    return chosen


def _entrants(rng: random.Random, plan: EventPlan, people: list[DemoMember]) -> list[DemoEntrant]:
    """Start order: by strength for Swiss events (seeded), drawn by lot otherwise."""
    typed = dict(plan.typed)
    entrants = [DemoEntrant(typed.get(m.name, m.name), m.strength) for m in people]
    if plan.kind is EventKind.SWISS:
        return sorted(entrants, key=lambda e: -e.strength)
    if plan.kind is not EventKind.MATCH:
        rng.shuffle(entrants)
    return entrants


def _builder(plan: EventPlan) -> Callable[[random.Random, list[DemoEntrant]], DemoSheet]:
    """The tournament builder for the plan's kind."""
    builders: dict[EventKind, Callable[[random.Random, list[DemoEntrant]], DemoSheet]] = {
        EventKind.SWISS: lambda rng, e: swiss(rng, e, plan.rounds, plan.incidents),
        EventKind.ROUND_ROBIN: lambda rng, e: round_robin(rng, e, plan.incidents),
        EventKind.MATCH: lambda rng, e: match(rng, e[0], e[1], plan.rounds),
        EventKind.CASUAL: lambda rng, e: casual(rng, e, plan.rounds),
        EventKind.BUGHOUSE: lambda rng, e: bughouse(rng, e, plan.rounds),
    }
    return builders[plan.kind]


def build_season(rng: random.Random) -> list[DemoEvent]:
    """Simulate every planned event, in date order, with one random generator."""
    events = []
    for index, plan in enumerate(PLANS):
        entrants = _entrants(rng, plan, _choose(rng, index, plan))
        sheet = _builder(plan)(rng, entrants)
        events.append(DemoEvent(sheet.tournament(plan.name, plan.kind, plan.rounds, plan.date),
                                plan.name, plan.date, plan.kind, plan.rated))
    return events


#: The demo's seasons (docs/qualities.md §2): together they cover every event of the year.
SEASONS: tuple[tuple[str, dt.date, dt.date], ...] = (
    ("Summer 2026", _d(6, 1), _d(8, 31)),
    ("Autumn 2026", _d(9, 1), _d(11, 30)),
)

#: A bughouse night of fixed teams of two (the team standings of docs/qualities.md §2), after the
#: season's other events; the partners are listed team by team: start numbers 1 and 2 are
#: the first team, and so on.
TEAM_NIGHT = EventPlan(_d(11, 26), "Bughouse Team Night", EventKind.BUGHOUSE, 8, 3)
TEAMS: tuple[tuple[str, str, str], ...] = (
    ("Viktor Petrov", "Noah Becker", "Knights Errant"),
    ("Maria González", "Chloé Martin", "The Castlers"),
    ("Henrik Larsen", "Dewi Lestari", "Pawn Stars"),
    ("Anna Kowalska", "Liam Murphy", "Zugzwang"),
)
#: Its own random generator, so that adding it changed no other event of the season.
TEAM_NIGHT_SEED = 2027


def build_team_night(rng: random.Random) -> DemoEvent:
    """The bughouse team night: every team meets every other once."""
    teams = [(DemoEntrant(a, BY_NAME[a].strength), DemoEntrant(b, BY_NAME[b].strength))
             for a, b, _name in TEAMS]
    sheet = team_bughouse(rng, teams)
    plan = TEAM_NIGHT
    return DemoEvent(sheet.tournament(plan.name, plan.kind, plan.rounds, plan.date),
                     plan.name, plan.date, plan.kind, plan.rated)
