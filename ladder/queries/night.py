"""Reading a club night: the pure sheet the services and pages work from, and the view a page
shows (players, rounds, boards with names and the engine's reasons, standings)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import select

from ..club.night import (
    PAIRING_NUMBER_RULE,
    Entrant,
    Sheet,
    SheetBoard,
    berger_round_count,
    finished_rounds,
    has_results,
    message_from_json,
    seed_key,
    to_tournament,
)
from ..extensions import DbSession
from ..models import Entry, Event, EventStatus, Member, Night, NightPlayer, utcnow
from ..names import fold_diacritics, name_key
from ..tiebreaks import TiebreakError, rank
from ..vocabulary.messages import Message
from ..vocabulary.numbers import table_style
from ..vocabulary.tournament import EventKind

__all__ = ["load_night", "sheet_of", "night_view", "NightView", "BoardView", "RoundView",
           "StandingView", "Standings", "pairing_order", "PAIRING_NUMBER_RULE", "list_nights",
           "TickRow", "CheckinRoster", "checkin_roster", "filter_key",
           "RECENT_EVENTS", "PairingView", "pairing_view", "pairing_running",
           "PAIRING_STALE_SECONDS"]


def load_night(session: DbSession, night_id: int) -> Night | None:
    """The night with ``night_id`` (None when there is none)."""
    return session.get(Night, night_id)


def list_nights(session: DbSession) -> list[Night]:
    """Every night, newest first."""
    return list(session.scalars(select(Night).order_by(Night.date.desc(), Night.id.desc())))


def pairing_order(players: list[NightPlayer], provisional_games: int) -> list[NightPlayer]:
    """The players in pairing-list order (:data:`PAIRING_NUMBER_RULE`)."""
    return sorted(players, key=lambda p: (*seed_key(p.name, p.rating, p.games,
                                                    provisional_games), p.id or 0))


def trf_rating(player: NightPlayer) -> int | None:
    """The rating the TRF shows: the club rating at check-in, none for an unrated player."""
    if player.rating is None or player.games <= 0:
        return None
    return max(0, min(9999, round(player.rating)))


def sheet_of(night: Night, provisional_games: int) -> Sheet:
    """The night as the pure :class:`~ladder.club.night.Sheet`."""
    numbers = {p.id: p.start_no for p in night.players}
    entrants = tuple(Entrant(p.start_no, p.name, trf_rating(p), p.joined, p.withdrawn_from)
                     for p in night.players)
    boards = tuple(SheetBoard(b.round, b.number, numbers[b.white_id],
                           numbers[b.black_id] if b.black_id is not None else None, b.result)
                   for b in night.boards)
    byes = tuple(sorted((b.round, numbers[b.player_id], b.code) for b in night.byes))
    forbidden = tuple(sorted((min(numbers[f.first_id], numbers[f.second_id]),
                              max(numbers[f.first_id], numbers[f.second_id]))
                             for f in night.forbidden))
    order = tuple(p.start_no for p in pairing_order(list(night.players), provisional_games))
    return Sheet(name=night.name, rounds=night.rounds, entrants=entrants, boards=boards,
                 byes=byes, forbidden=forbidden, initial_colour=night.initial_colour,
                 pab_half=night.pab_half, kind=night.kind,
                 order=order if order != tuple(sorted(order)) else ())


#: Seconds without a sign of life after which a background pairing has expired (its
#: worker stopped): the desk offers to pair the round again (services/night_pairing.py).
PAIRING_STALE_SECONDS = 20.0


def pairing_running(night: Night, now: dt.datetime,
                    stale: float = PAIRING_STALE_SECONDS) -> bool:
    """True while a background job pairs a round of ``night`` and was seen alive lately."""
    return (night.pairing_round is not None and night.pairing_seen_at is not None
            and (now - night.pairing_seen_at).total_seconds() <= stale)


@dataclass(frozen=True)
class PairingView:
    """A round paired in the background, as the desk shows it."""

    round: int | None  # the round being paired (or whose job expired); None: no job
    running: bool
    seconds: int  # since the job started
    players: int  # to be paired in that round
    #: Why the last background pairing stored no round (the engine's refusal, the night
    #: changed meanwhile …), or None.
    note: Message | None

    @property
    def expired(self) -> bool:
        """A job was noted but its worker stopped (no sign of life lately)."""
        return self.round is not None and not self.running


def pairing_view(night: Night, now: dt.datetime | None = None,
                 stale: float = PAIRING_STALE_SECONDS) -> PairingView | None:
    """What the desk says of a background pairing of ``night`` (None: nothing to say).
    Reads the night's row, its players and byes only: the desk asks for it every two
    seconds while a job runs, so it ranks nothing and reads no board."""
    note = _messages(night.pairing_note)
    if night.pairing_round is None and not note:
        return None
    now = now or utcnow()
    coming = night.pairing_round or len(night.rounds_state) + 1
    resting = {b.player_id for b in night.byes if b.round == coming}
    players = sum(1 for p in night.players if p.id not in resting and p.joined <= coming
                  and (p.withdrawn_from is None or coming < p.withdrawn_from))
    started = night.pairing_started_at or now
    return PairingView(night.pairing_round, pairing_running(night, now, stale),
                       max(0, int((now - started).total_seconds())), players,
                       note[0] if note else None)


@dataclass(frozen=True)
class BoardView:
    """One board as a page shows it."""

    id: int
    number: int
    white_no: int
    white: str
    black_no: int | None
    black: str | None
    result: str | None
    version: int
    reasons: tuple[Message, ...]


@dataclass(frozen=True)
class RoundView:
    """One paired round."""

    number: int
    published: bool
    manual: bool
    warnings: tuple[Message, ...]
    boards: tuple[BoardView, ...]
    pab_reason: Message | None
    #: Players not on a board: (start no., name, what): "H"/"Z" a bye asked for,
    #: "withdrawn", "late" (arrives for a later round), "free" (present, on no board).
    resting: tuple[tuple[int, str, str], ...]

    @property
    def has_results(self) -> bool:
        """True once a game of the round has a result."""
        return any(b.result is not None for b in self.boards)

    @property
    def complete(self) -> bool:
        """True when every game of the round has a result."""
        return all(b.result is not None or b.black_no is None for b in self.boards)


@dataclass(frozen=True)
class StandingView:
    """One line of the standings."""

    rank: int
    start_no: int
    name: str
    points: Fraction
    tiebreaks: tuple[Fraction | None, ...]


@dataclass(frozen=True)
class Standings:
    """The standings after one round: the lines, the tie-break codes, and the one number
    style of the table (``half``: 1½ everywhere; ``decimal``: 1.5 beside 8.25)."""

    after: int
    lines: tuple[StandingView, ...]
    codes: tuple[str, ...]

    @property
    def style(self) -> str:
        """The table's number style (:func:`ladder.vocabulary.numbers.table_style`)."""
        return table_style([v for line in self.lines for v in (line.points, *line.tiebreaks)])


@dataclass(frozen=True)
class NightView:
    """Everything a night's pages show."""

    night: Night
    sheet: Sheet
    names: dict[int, str]  # start no. -> display name
    rounds: tuple[RoundView, ...]
    standings: tuple[StandingView, ...]
    codes: tuple[str, ...]
    after_round: int
    players: tuple[NightPlayer, ...]
    order: tuple[int, ...]
    #: A round being paired in the background (or why the last one stored nothing).
    pairing: PairingView | None = None

    @property
    def current(self) -> RoundView | None:
        """The last paired round (None before round 1)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def next_round(self) -> int:
        """The round to be paired next."""
        return len(self.rounds) + 1

    @property
    def total_rounds(self) -> int:
        """The night's rounds: a Swiss's as set; a round-robin's from the Berger table for the
        players checked in (fixed once round 1 is paired)."""
        if self.night.kind is EventKind.ROUND_ROBIN and not self.rounds:
            return berger_round_count(len(self.players), self.night.double)
        return self.night.rounds

    @property
    def enough_players(self) -> bool:
        """True when there are players enough to pair round 1 (three for a round-robin)."""
        return len(self.players) >= (3 if self.night.kind is EventKind.ROUND_ROBIN else 2)

    @property
    def can_pair(self) -> bool:
        """True when the next round may be paired now."""
        current = self.current
        if self.pairing is not None and self.pairing.running:
            return False  # being paired in the background
        return (self.night.event_id is None and self.enough_players
                and self.next_round <= self.total_rounds
                and (current is None or (current.published and current.complete)))

    @property
    def can_join(self) -> bool:
        """True while a player may still be checked in: before round 1; later, in a Swiss,
        while a round is left to pair (a preview not yet published is dropped for them). A
        round-robin's table is fixed once round 1 is paired."""
        if self.night.event_id is not None:
            return False
        current = self.current
        if current is None:
            return True
        if self.night.kind is EventKind.ROUND_ROBIN:
            return False
        return len(self.rounds) < self.night.rounds or (not current.published
                                                         and not current.has_results)

    @property
    def has_results(self) -> bool:
        """True once a game of the night has a result."""
        return has_results(self.sheet)

    @property
    def can_finish(self) -> bool:
        """True when every round is in, something was played, and the night is not in the
        ladder yet (a night without a result is never offered the finish)."""
        return (self.night.event_id is None and self.total_rounds > 0
                and len(self.rounds) == self.total_rounds
                and self.after_round == self.total_rounds and self.has_results)

    @property
    def table(self) -> Standings:
        """The standings after the last finished round as one table."""
        return Standings(self.after_round, self.standings, self.codes)

    def standings_after(self, round_no: int) -> Standings:
        """The standings after round ``round_no`` (a finished round), with the night's
        tie-breaks computed on the rounds up to it (C.07)."""
        if round_no == self.after_round:
            return self.table
        lines, codes = _standings(self.sheet, self.night, round_no, self.names)
        return Standings(round_no, lines, codes)

    def name_of(self, start_no: int | None) -> str:
        """The display name of a start number."""
        return self.names.get(start_no, "—") if start_no is not None else "—"


def _messages(text: str | None) -> tuple[Message, ...]:
    data = json.loads(text) if text else []
    if isinstance(data, dict):
        data = [data]
    return tuple(message_from_json(item) for item in data)


def _resting(sheet: Sheet, round_no: int, on_board: set[int], names: dict[int, str]
             ) -> tuple[tuple[int, str, str], ...]:
    rest = []
    byes = {who: code for r, who, code in sheet.byes if r == round_no}
    for entrant in sorted(sheet.entrants, key=lambda e: e.start_no):
        if entrant.start_no in on_board:
            continue
        what = byes.get(entrant.start_no)
        if what is None:
            what = ("late" if round_no < entrant.joined else "withdrawn"
                    if not entrant.present(round_no) else "free")
        rest.append((entrant.start_no, names.get(entrant.start_no, "—"), what))
    return tuple(rest)


def night_view(session: DbSession, night: Night, name_of: Callable[[NightPlayer], str],
               provisional_games: int, *, stale: float = PAIRING_STALE_SECONDS,
               now: dt.datetime | None = None) -> NightView:
    """The view of ``night``; ``name_of`` gives a player's display name (the one policy);
    ``stale``: seconds after which a silent background pairing has expired."""
    sheet = sheet_of(night, provisional_games)
    names = {p.start_no: name_of(p) for p in night.players}
    numbers = {p.id: p.start_no for p in night.players}
    rounds = []
    for state in night.rounds_state:
        boards = tuple(
            BoardView(b.id, b.number, numbers[b.white_id], names[numbers[b.white_id]],
                      numbers.get(b.black_id) if b.black_id else None,
                      names[numbers[b.black_id]] if b.black_id else None, b.result,
                      b.version, _messages(b.reasons))
            for b in night.boards if b.round == state.round)
        on_board = {n for b in boards for n in (b.white_no, b.black_no) if n is not None}
        reason = _messages(state.pab_reason)
        rounds.append(RoundView(state.round, state.published, state.manual,
                                _messages(state.warnings), boards,
                                reason[0] if reason else None,
                                _resting(sheet, state.round, on_board, names)))
    after = finished_rounds(sheet)  # results are entered only in published rounds
    standings, codes = _standings(sheet, night, after, names)
    return NightView(night, sheet, names, tuple(rounds), standings, codes, after,
                     tuple(night.players), sheet.pairing_list(),
                     pairing_view(night, now, stale))


def _standings(sheet: Sheet, night: Night, after: int, names: dict[int, str]
               ) -> tuple[tuple[StandingView, ...], tuple[str, ...]]:
    """The standings after ``after`` rounds with the night's tie-breaks (C.07)."""
    t = to_tournament(sheet, after)
    codes = tuple(c for c in night.tiebreak_order.split(",") if c.strip())
    try:
        ranked = rank(t, ",".join(codes), "fide-2026") if after else []
    except TiebreakError:
        codes = ()
        ranked = rank(t, "", "fide-2026") if after else []
    if not after:
        return tuple(StandingView(0, e.start_no, names.get(e.start_no, "—"), Fraction(0), ())
                     for e in sorted(sheet.entrants, key=lambda e: e.start_no)), codes
    return tuple(StandingView(s.rank, s.start_no, names.get(s.start_no, "—"), s.points,
                              tuple(s.tiebreaks.get(code) for code in codes))
                 for s in ranked), codes


#: How many of the club's latest events make a player a regular of the check-in list.
RECENT_EVENTS = 4


def filter_key(name: str) -> str:
    """What the check-in filter compares: the one comparison key without accents, so
    "chloe", "CHLOÉ" and a decomposed or full-width "Chloé" all find Chloé."""
    return fold_diacritics(name_key(name))


@dataclass(frozen=True)
class TickRow:
    """One member on the check-in tick list."""

    member_id: int
    name: str
    key: str  # :func:`filter_key` of the name
    junior: bool
    rating: float | None
    games: int
    #: Tonight's start number once checked in; whether they withdrew since.
    start_no: int | None = None
    withdrawn: bool = False

    @property
    def here(self) -> bool:
        """True when the member is checked in tonight."""
        return self.start_no is not None


@dataclass(frozen=True)
class CheckinRoster:
    """The tick list: the players of the club's last events first, then everyone else."""

    recent: tuple[TickRow, ...]
    others: tuple[TickRow, ...]
    #: The competition the night plays: ``recent`` are then its members.
    competition: str | None = None

    def row(self, member_id: int) -> TickRow | None:
        """The row of ``member_id`` (None when not on the list)."""
        return next((r for r in (*self.recent, *self.others) if r.member_id == member_id),
                    None)

    def matching(self, query: str) -> CheckinRoster:
        """Only the rows whose name holds ``query`` (:func:`filter_key`): the search
        without JavaScript."""
        wanted = filter_key(query)
        if not wanted:
            return self
        return CheckinRoster(tuple(r for r in self.recent if wanted in r.key),
                             tuple(r for r in self.others if wanted in r.key))


def checkin_roster(session: DbSession, night: Night) -> CheckinRoster:
    """Every visible member as the check-in list shows them: who played in the club's
    :data:`RECENT_EVENTS` latest published events up to the night's date (each finished club
    night is one) first, then the rest; each part alphabetical (reads only)."""
    latest = select(Event.id).where(Event.status == EventStatus.PUBLISHED,
                                    Event.date <= night.date)
    if night.event_id is not None:
        latest = latest.where(Event.id != night.event_id)
    latest = latest.order_by(Event.date.desc(), Event.id.desc()).limit(RECENT_EVENTS)
    recent_ids = set(session.scalars(select(Entry.member_id).where(
        Entry.event_id.in_(latest.scalar_subquery()), Entry.member_id.is_not(None))))
    # A night that plays a competition lists the competition's members first.
    from .competitions import members_of_night
    playing = members_of_night(session, night)
    if playing is not None:
        recent_ids = set(playing[1])
    here = {p.member_id: p for p in night.players if p.member_id is not None}
    recent: list[TickRow] = []
    others: list[TickRow] = []
    rows = session.execute(select(Member.id, Member.name, Member.junior, Member.rating,
                                  Member.games).where(Member.merged_into_id.is_(None)))
    for member_id, name, junior, rating, games in rows:
        player = here.get(member_id)
        row = TickRow(member_id, name, filter_key(name), bool(junior), rating, games or 0,
                      player.start_no if player else None,
                      bool(player and player.withdrawn_from is not None))
        # A row never moves when it is ticked: the part depends on the past events only.
        (recent if member_id in recent_ids else others).append(row)
    order = lambda r: (r.key, r.member_id)  # noqa: E731 - one sort key for both parts
    return CheckinRoster(tuple(sorted(recent, key=order)), tuple(sorted(others, key=order)),
                         playing[0] if playing is not None else None)
