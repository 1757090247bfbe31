"""Read models of the roster and a member's profile: record, history, events, head-to-head.

Names are not resolved here (templates call ``display_name(member_id)``, docs/privacy.md); merged
members are invisible: :func:`member_profile` returns None for them exactly as for an id that
does not exist, so a page can never tell "hidden" from "absent".
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import Integer, bindparam, func, select

from ..extensions import DbSession
from ..models import ClubSettings, Entry, Event, EventStatus, Member, RatingRow
from ..rating import Uncounted
from ..vocabulary.tournament import DEFAULT_SCORING, EventKind, Kind, scoring_from_text
from .common import RatingChangeMixin
from .ladder import ladder_rank
from .rating_detail import MemberRound, member_rounds, member_uncounted

PLAYED = (Kind.WIN.value, Kind.DRAW.value, Kind.LOSS.value, Kind.UNRATED_PLAYED.value)


@dataclass
class WinsDrawsLosses:
    """Wins, draws and losses over the board."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> Fraction:
        """Points scored (1 / ½ / 0)."""
        return self.wins + Fraction(self.draws, 2)

    def add(self, outcome: Fraction) -> None:
        """Count one game with ``outcome`` (1, ½ or 0) from the member's side."""
        if outcome == 1:
            self.wins += 1
        elif outcome == 0:
            self.losses += 1
        else:
            self.draws += 1


@dataclass(frozen=True)
class RosterLine:
    """One member of the roster."""

    member_id: int
    rating: float
    games: int
    provisional: bool
    events: int
    last_played: dt.date | None


@dataclass(frozen=True)
class HistoryPoint:
    """One rating row of a member, in replay order (the chart's points)."""

    event_id: int
    event_name: str
    date: dt.date
    rating_before: float
    rating_after: float


@dataclass(frozen=True)
class EventLine(RatingChangeMixin):
    """One event a member played: rating before → after and the score."""

    event_id: int
    name: str
    date: dt.date
    kind: str
    rated: bool
    rounds: int
    points: Fraction
    rating_before: float | None
    rating_after: float | None
    games_counted: int
    #: (reason, number of games) of the games that did not count for the member here.
    uncounted: tuple[tuple[Uncounted, int], ...] = ()

    @property
    def uncounted_games(self) -> int:
        """How many games of this event did not count for the member."""
        return sum(n for _reason, n in self.uncounted)


@dataclass(frozen=True)
class HeadToHead:
    """A member's record against one other member."""

    opponent_id: int
    record: WinsDrawsLosses


@dataclass(frozen=True)
class Profile:
    """Everything a member's page shows."""

    member_id: int
    rating: float
    games: int
    provisional: bool
    rank: int | None
    overall: WinsDrawsLosses
    vs_provisional: WinsDrawsLosses
    vs_established: WinsDrawsLosses
    forfeits: int
    history: tuple[HistoryPoint, ...]
    events: tuple[EventLine, ...]  # newest first
    head_to_head: tuple[HeadToHead, ...] = field(default=())


def visible_member(session: DbSession, member_id: int) -> Member | None:
    """The member with ``member_id`` unless merged away (hidden) or absent."""
    member = session.get(Member, member_id)
    if member is None or member.merged_into_id is not None:
        return None
    return member


def roster_members(session: DbSession) -> list[tuple[int, float, int]]:
    """(id, rating, games) of every visible member who played in a published event: who the
    roster lists, without the per-member counts (:func:`roster_details` adds them to the
    rows one page shows)."""
    played = (select(Entry.id).join(Event, Event.id == Entry.event_id)
              .where(Entry.member_id == Member.id, Event.status == EventStatus.PUBLISHED).exists())
    return [(member_id, rating, games) for member_id, rating, games in session.execute(
        select(Member.id, Member.rating, Member.games)
        .where(Member.merged_into_id.is_(None), played))]


def roster_counts(session: DbSession) -> dict[int, tuple[int, dt.date | None]]:
    """Every member's (events played, last event date) over the published events: what the
    roster needs to sort by those columns (one grouped statement)."""
    rows = session.execute(
        select(Entry.member_id, func.count(Entry.id), func.max(Event.date))
        .join(Event, Event.id == Entry.event_id)
        .where(Entry.member_id.is_not(None), Event.status == EventStatus.PUBLISHED)
        .group_by(Entry.member_id))
    return {member_id: (events, last) for member_id, events, last in rows
            if member_id is not None}


def roster_details(session: DbSession, settings: ClubSettings,
                   members: Sequence[tuple[int, float, int]]) -> list[RosterLine]:
    """The roster lines of ``members`` (from :func:`roster_members`), in the same order."""
    counts = {member_id: (events, last) for member_id, events, last in session.execute(
        select(Entry.member_id, func.count(Entry.id), func.max(Event.date))
        .join(Event, Event.id == Entry.event_id)
        .where(Entry.member_id.in_([member[0] for member in members]),
               Event.status == EventStatus.PUBLISHED)
        .group_by(Entry.member_id))}
    threshold = settings.provisional_games
    return [RosterLine(member_id, rating, games, games < threshold,
                       *counts.get(member_id, (0, None)))
            for member_id, rating, games in members]


def only_in_drafts(session: DbSession, member_id: int) -> bool:
    """True for a member whose every entry is in a draft event: a draft counts for nothing and
    shows nothing (docs/desk.md §1; docs/privacy.md), so such a member has no public page yet."""
    statuses = set(session.scalars(select(Event.status).join(Entry, Entry.event_id == Event.id)
                                   .where(Entry.member_id == member_id).distinct()))
    return bool(statuses) and EventStatus.PUBLISHED not in statuses


def member_profile(session: DbSession, settings: ClubSettings, member_id: int) -> Profile | None:
    """The profile of a visible member, or None (merged, absent, or known only from drafts:
    the same answer)."""
    member = visible_member(session, member_id)
    if member is None:
        return None
    events = session.execute(_EVENTS, {"member_id": member_id}).all()
    # Only a member without a published event can be known from drafts alone.
    if not events and only_in_drafts(session, member_id):
        return None
    rank = ladder_rank(session, settings, member_id,
                       standing=(member.rating, member.games, member.last_change))
    history = _history(session, member_id)
    rounds = member_rounds(session, member_id)  # read once: points, record and marks
    overall, vs_prov, vs_est, h2h, forfeits = _career(member_id, rounds)
    return Profile(
        member_id=member_id, rating=member.rating, games=member.games,
        provisional=member.games < settings.provisional_games, rank=rank,
        overall=overall, vs_provisional=vs_prov, vs_established=vs_est, forfeits=forfeits,
        history=history, events=_events(session, member_id, events, rounds),
        head_to_head=h2h)


# The profile's statements, built once (a member id is their one parameter).
_MEMBER = bindparam("member_id", type_=Integer)
_HISTORY = (
    select(Event.id, Event.name, Event.date, RatingRow.rating_before, RatingRow.rating_after)
    .join(RatingRow, RatingRow.event_id == Event.id)
    .where(RatingRow.member_id == _MEMBER, Event.status == EventStatus.PUBLISHED)
    .order_by(Event.date, Event.id))
_EVENTS = (
    select(Entry.id, Event.id, Event.name, Event.date, Event.kind, Event.rated, Event.rounds,
           RatingRow.rating_before, RatingRow.rating_after, RatingRow.games_counted,
           Event.scoring)
    .join(Event, Event.id == Entry.event_id)
    .outerjoin(RatingRow, (RatingRow.event_id == Event.id)
               & (RatingRow.member_id == Entry.member_id))
    .where(Entry.member_id == _MEMBER, Event.status == EventStatus.PUBLISHED)
    .order_by(Event.date.desc(), Event.id.desc()))


def _history(session: DbSession, member_id: int) -> tuple[HistoryPoint, ...]:
    rows = session.execute(_HISTORY, {"member_id": member_id}).all()
    return tuple(HistoryPoint(*row) for row in rows)


def _events(session: DbSession, member_id: int, events: Sequence[Any],
            rounds: Sequence[MemberRound]) -> tuple[EventLine, ...]:
    """The lines of the member's events (``events``: rows of ``_EVENTS``), with the points
    scored in each entry and the games that did not count, from ``rounds``."""
    # Each event's own scoring (a ½-point PAB counts ½ where the event says so).
    scorings = {row[0]: scoring_from_text(row[-1]) for row in events}
    points: dict[int, Fraction] = defaultdict(Fraction)
    for _event, _rated, _event_kind, entry_id, kind, halves, *_rest in rounds:
        outcome = Fraction(halves, 2) if halves is not None else None
        points[entry_id] += scorings.get(entry_id, DEFAULT_SCORING).points(Kind(kind), outcome)
    uncounted = member_uncounted(member_id, rounds)
    return tuple(
        EventLine(event_id=e_id, name=name, date=date, kind=kind,
                  rated=bool(rated) and kind != EventKind.BUGHOUSE.value, rounds=rounds_no,
                  points=points[entry_id], rating_before=before, rating_after=after,
                  games_counted=counted or 0, uncounted=uncounted.get(e_id, ()))
        for entry_id, e_id, name, date, kind, rated, rounds_no, before, after, counted, _scoring
        in events)


def _career(member_id: int, rounds: Sequence[MemberRound]
            ) -> tuple[WinsDrawsLosses, WinsDrawsLosses, WinsDrawsLosses,
                       tuple[HeadToHead, ...], int]:
    """Over-the-board record: overall, vs provisional / established, per opponent; forfeits.

    From the member's rounds (:func:`~.rating_detail.member_rounds`) against another member."""
    overall, vs_prov, vs_est = WinsDrawsLosses(), WinsDrawsLosses(), WinsDrawsLosses()
    per_opponent: dict[int, WinsDrawsLosses] = defaultdict(WinsDrawsLosses)
    forfeits = 0
    for (_event, _rated, _event_kind, _entry, kind, halves, opponent_entry, opponent, _own,
         opp_provisional) in rounds:
        if opponent_entry is None or opponent is None or opponent == member_id:
            continue  # a bye, an unlinked opponent, or a member paired with themselves
        if kind not in PLAYED:
            forfeits += kind in (Kind.FORFEIT_WIN.value, Kind.FORFEIT_LOSS.value,
                                 Kind.DOUBLE_FORFEIT.value)
            continue
        outcome = _outcome(kind, halves)
        overall.add(outcome)
        (vs_prov if opp_provisional else vs_est).add(outcome)
        per_opponent[opponent].add(outcome)
    h2h = tuple(HeadToHead(opponent, record) for opponent, record in sorted(
        per_opponent.items(), key=lambda item: (-item[1].games, item[0])))
    return overall, vs_prov, vs_est, h2h, forfeits


def _outcome(kind: str, halves: int | None) -> Fraction:
    if kind == Kind.WIN.value:
        return Fraction(1)
    if kind == Kind.LOSS.value:
        return Fraction(0)
    if kind == Kind.DRAW.value:
        return Fraction(1, 2)
    return Fraction(halves or 0, 2)  # unrated_played: the stored over-the-board outcome
