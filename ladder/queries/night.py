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
    Pairing,
    Sheet,
    finished_rounds,
    message_from_json,
    seed_key,
    to_tournament,
)
from ..extensions import DbSession
from ..models import Member, Night, NightPlayer, utcnow
from ..names import name_key
from ..tiebreaks import TiebreakError, rank
from ..vocabulary.messages import Message

__all__ = ["load_night", "sheet_of", "night_view", "NightView", "BoardView", "RoundView",
           "StandingView", "pairing_order", "PAIRING_NUMBER_RULE", "list_nights",
           "night_members", "PairingView", "pairing_view", "pairing_running",
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
    boards = tuple(Pairing(b.round, b.number, numbers[b.white_id],
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
    #: Players not on a board: (start no., name, what: "H", "Z", "absent", "free").
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
    def can_pair(self) -> bool:
        """True when the next round may be paired now."""
        current = self.current
        if self.pairing is not None and self.pairing.running:
            return False  # being paired in the background
        return (self.night.event_id is None and self.next_round <= self.night.rounds
                and (current is None or (current.published and current.complete)))

    @property
    def can_finish(self) -> bool:
        """True when every round is in and the night is not in the ladder yet."""
        return (self.night.event_id is None and len(self.rounds) == self.night.rounds
                and self.after_round == self.night.rounds)

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
        what = byes.get(entrant.start_no) or ("absent" if not entrant.present(round_no)
                                              else "free")
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


def night_members(session: DbSession, query: str, limit: int = 8) -> list[Member]:
    """Members whose name contains ``query`` (the check-in search; reads only)."""
    key = name_key(query)
    if not key:
        return []
    rows = session.scalars(select(Member).where(Member.merged_into_id.is_(None),
                                                   Member.name_key.contains(key))
                              .order_by(Member.name).limit(limit))
    return list(rows)
