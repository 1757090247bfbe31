"""Reading a club night for the players' phones, the venue screen and the desk's phone panel
(docs/club-night.md §6). Reads only.

* :func:`link_state` — the night's link (open or not, its code's rotation, its activity) and
  the night's version, in one statement: what every phone's poll and the desk's poll compare;
* :func:`night_code` — the night's current code (:func:`ladder.club.night_self.derive_code`);
* :func:`phone_list` — the names a phone may pick (tonight's players, then the players of the
  club's last events), each by the public display rule, with a filter key made from what is
  shown (a hidden junior's initials, never the name);
* :func:`match_typed` — what a typed name is: a visible member or tonight's visible player
  (by the one comparison key), suggestions among the visible members, or nothing a phone may
  be told (a new name, and a hidden junior's name alike);
* :func:`snapshot` — the night as the phones and the screen show it, plain immutable data by
  the public display rule (shared per generation by every phone);
* :func:`phone_reports`, :func:`desk_phones` — the reports of the boards and the desk's list of
  arrivals.
"""

from __future__ import annotations

import datetime as dt
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import current_app
from sqlalchemy import func, select

from ..club.night_self import derive_code
from ..extensions import DbSession
from ..models import (
    CodeAttempt,
    Member,
    Night,
    NightArrival,
    NightBoard,
    NightLink,
    NightPlayer,
    NightReport,
)
from ..names import name_key
from ..names.privacy import shows_initials
from ..vocabulary.messages import Message
from ..vocabulary.tournament import EventKind
from .names import name_index
from .night import RECENT_EVENTS, Standings, checkin_roster, filter_key, night_view

__all__ = ["LinkState", "link_state", "night_code", "ListRow", "PhoneList", "phone_list",
           "TypedNameMatch", "match_typed", "PhoneBoard", "PhoneRound", "Snapshot", "snapshot",
           "ArrivalState", "arrival_state", "BoardReports", "phone_reports", "DeskArrival",
           "DeskPhones", "desk_phones", "failed_codes", "RECENT_EVENTS"]


# ---------------------------------------------------------------- the link


@dataclass(frozen=True)
class LinkState:
    """What a poll compares: the night's version, whether it is finished, and its link."""

    night_id: int
    version: int
    finished: bool
    enabled: bool
    rotation: int
    rotated_at: dt.datetime | None
    activity: int

    @property
    def open(self) -> bool:
        """True while the phones may use the night: its link is on and it is not finished."""
        return self.enabled and not self.finished

    @property
    def tag(self) -> str:
        """The night's state for a poll's comparison: version and activity."""
        return f"{self.version}.{self.activity}.{self.rotation}.{int(self.enabled)}"

    @property
    def phones_tag(self) -> str:
        """What the phones changed that the night's version does not count: the activity
        (reports, names waiting) and the link (its code, on or off)."""
        return f"{self.activity}.{self.rotation}.{int(self.enabled)}"


def link_state(session: DbSession, night_id: int) -> LinkState | None:
    """The night's version and link in one statement (None when there is no such night)."""
    row = session.execute(
        select(Night.version, Night.event_id, NightLink.enabled, NightLink.rotation,
               NightLink.rotated_at, NightLink.activity)
        .outerjoin(NightLink, NightLink.night_id == Night.id).where(Night.id == night_id)).first()
    if row is None:
        return None
    version, event_id, enabled, rotation, rotated_at, activity = row
    return LinkState(night_id, int(version), event_id is not None,
                     True if enabled is None else bool(enabled), int(rotation or 0),
                     rotated_at, int(activity or 0))


def night_code(night_id: int, rotation: int) -> str:
    """The night's current code, derived from the server's secret key."""
    secret = current_app.secret_key
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret or b"")
    return derive_code(key, night_id, rotation)


def failed_codes(session: DbSession, night_id: int, address: str,
                 since: dt.datetime) -> tuple[int, int]:
    """Wrong codes typed for the night since ``since``: from ``address``, and from anyone."""
    by_address = session.scalar(select(func.count(CodeAttempt.id)).where(
        CodeAttempt.night_id == night_id, CodeAttempt.address == address[:64],
        CodeAttempt.at > since)) or 0
    by_night = session.scalar(select(func.count(CodeAttempt.id)).where(
        CodeAttempt.night_id == night_id, CodeAttempt.at > since)) or 0
    return int(by_address), int(by_night)


# ---------------------------------------------------------------- the names a phone picks


@dataclass(frozen=True)
class ListRow:
    """One name a phone may pick: tonight's player (``start_no``) or a member (``member_id``),
    shown by the public display rule; ``key`` is the filter key of what is shown."""

    label: str
    key: str
    member_id: int | None = None
    start_no: int | None = None


@dataclass(frozen=True)
class PhoneList:
    """Tonight's players first (a phone says it is one of them), then the players of the
    club's last events not here yet (a phone checks them in)."""

    tonight: tuple[ListRow, ...]
    regulars: tuple[ListRow, ...]

    def members(self) -> frozenset[int]:
        """The members a phone may check in from the list."""
        return frozenset(r.member_id for r in self.regulars if r.member_id is not None)

    def start_numbers(self) -> frozenset[int]:
        """Tonight's players a phone may say it is."""
        return frozenset(r.start_no for r in self.tonight if r.start_no is not None)


def phone_list(session: DbSession, night: Night, name_of: Callable[[NightPlayer], str],
               book: Callable[[int | None], str]) -> PhoneList:
    """The names a phone may pick, by the public display rule (``name_of`` for tonight's
    players, ``book`` for members): a hidden junior appears as initials, and the row's filter
    key is made from those initials, so no attribute carries the name."""
    tonight = [ListRow(name_of(p), filter_key(name_of(p)), p.member_id, p.start_no)
               for p in night.players if p.withdrawn_from is None]
    tonight.sort(key=lambda r: (r.key, r.start_no or 0))
    here = {p.member_id for p in night.players if p.member_id is not None}
    roster = checkin_roster(session, night)
    regulars = [ListRow(book(r.member_id), filter_key(book(r.member_id)), r.member_id)
                for r in roster.recent if r.member_id not in here]
    regulars.sort(key=lambda r: (r.key, r.member_id or 0))
    return PhoneList(tuple(tonight), tuple(regulars))


@dataclass(frozen=True)
class TypedNameMatch:
    """What a typed name is, as far as a phone may be told.

    ``member_id``: a visible member of that name (the one comparison key, or the name without
    its accents); ``start_no``: tonight's visible player of that name; ``suggestions``:
    visible members whose names resemble it. All empty: nothing to say — a new name, and a
    hidden junior's name, read exactly alike (the phone then sends the name to the
    organizer). ``offer`` is the member the organizer is offered (hidden ones included).
    """

    typed: str
    member_id: int | None = None
    start_no: int | None = None
    suggestions: tuple[tuple[int, str], ...] = ()
    offer: int | None = None

    @property
    def silent(self) -> bool:
        """True when the phone is told nothing about the name (it goes to the organizer)."""
        return self.member_id is None and self.start_no is None and not self.suggestions


#: How many members a phone is offered for a typed name.
SUGGESTIONS = 3


def _hidden_members(session: DbSession, initials_for_all: bool) -> set[int]:
    return {member_id for member_id, junior, consent in session.execute(
        select(Member.id, Member.junior, Member.consent_given)
        .where(Member.merged_into_id.is_(None)))
        if shows_initials(bool(junior), bool(consent), initials_for_all)}


def match_typed(session: DbSession, night: Night, typed: str, *,
                roster_match: Callable[[str], int | None],
                name_of: Callable[[NightPlayer], str], initials_for_all: bool) -> TypedNameMatch:
    """What a typed name is (:class:`TypedNameMatch`). ``roster_match`` is the desk's match of a
    typed name to a member (``services.night.roster_match``); ``name_of`` the public display
    name of tonight's players. A member or a player shown by initials is never said: the
    answer is then exactly the one a new name gets (the suggestions among the visible
    members, computed the same way), and only the organizer is offered the member."""
    key = name_key(typed)
    if not key:
        return TypedNameMatch(typed)
    hidden = _hidden_members(session, initials_for_all)
    offer = roster_match(typed)
    for player in night.players:
        if player.withdrawn_from is None and name_key(player.name) == key:
            shown_in_full = name_of(player) == player.name
            if shown_in_full and (player.member_id is None or player.member_id not in hidden):
                return TypedNameMatch(typed, start_no=player.start_no, offer=offer)
            offer = offer or player.member_id
            break
    if offer is not None and offer not in hidden:
        here = next((p for p in night.players if p.member_id == offer), None)
        if here is not None and here.withdrawn_from is None:
            return TypedNameMatch(typed, start_no=here.start_no, offer=offer)
        return TypedNameMatch(typed, member_id=offer, offer=offer)
    found = [s for s in name_index(session).suggest(typed, limit=SUGGESTIONS + len(hidden))
             if s.candidate not in hidden][:SUGGESTIONS]
    return TypedNameMatch(typed, suggestions=tuple((s.candidate, s.name) for s in found),
                     offer=offer)


# ---------------------------------------------------------------- the night for phones


@dataclass(frozen=True)
class PhoneBoard:
    """A board of a published round as the phones and the screen show it."""

    id: int
    round: int
    number: int
    white_no: int
    white: str
    black_no: int | None  # None: the pairing-allocated bye
    black: str | None
    result: str | None
    version: int
    reasons: tuple[Message, ...]


@dataclass(frozen=True)
class PhoneRound:
    """A published round: its boards, who is not playing and why, the bye's reason."""

    number: int
    boards: tuple[PhoneBoard, ...]
    resting: tuple[tuple[int, str, str], ...]
    pab_reason: Message | None

    @property
    def complete(self) -> bool:
        """True when every game of the round has a result."""
        return all(b.result is not None or b.black_no is None for b in self.boards)

    def board_of(self, start_no: int) -> PhoneBoard | None:
        """The board ``start_no`` plays on this round (None: not on a board)."""
        return next((b for b in self.boards if start_no in (b.white_no, b.black_no)), None)

    def rest_of(self, start_no: int) -> str | None:
        """Why ``start_no`` does not play this round ("H", "Z", "late", "withdrawn",
        "free"), None when they are on a board."""
        return next((what for no, _name, what in self.resting if no == start_no), None)


@dataclass(frozen=True)
class Snapshot:
    """The night by the public display rule, as plain immutable data: shared by every phone
    and the screen of one generation (``names``: start number → display name)."""

    night_id: int
    name: str
    date: dt.date
    kind: EventKind
    version: int
    finished: bool
    total_rounds: int
    paired_rounds: int
    rounds: tuple[PhoneRound, ...]  # the published ones
    names: Mapping[int, str]
    table: Standings
    #: player id → start number, for the phones (who "I" am).
    numbers: Mapping[int, int]
    pure: bool = True

    @property
    def latest(self) -> PhoneRound | None:
        """The latest published round."""
        return self.rounds[-1] if self.rounds else None

    @property
    def previewed(self) -> bool:
        """True while a round is paired but not yet published (it is being checked)."""
        return self.paired_rounds > len(self.rounds)

    def line_of(self, start_no: int) -> Any:
        """``start_no``'s line of the standings (None before a round is finished)."""
        if not self.table.after:
            return None
        return next((line for line in self.table.lines if line.start_no == start_no), None)


def snapshot(session: DbSession, night: Night, name_of: Callable[[NightPlayer], str],
             provisional_games: int) -> Snapshot:
    """The night as the phones and the screen show it (only published rounds)."""
    view = night_view(session, night, name_of, provisional_games)
    rounds = []
    for state in view.rounds:
        if not state.published:
            continue
        rounds.append(PhoneRound(
            state.number,
            tuple(PhoneBoard(b.id, state.number, b.number, b.white_no, b.white, b.black_no,
                             b.black, b.result, b.version, b.reasons) for b in state.boards),
            state.resting, state.pab_reason))
    return Snapshot(night.id, night.name, night.date, night.kind, night.version,
                    night.event_id is not None, view.total_rounds, len(view.rounds),
                    tuple(rounds), types.MappingProxyType(dict(view.names)), view.table,
                    types.MappingProxyType({p.id: p.start_no for p in night.players}),
                    night.pure)


# ---------------------------------------------------------------- a phone's arrival


@dataclass(frozen=True)
class ArrivalState:
    """What a phone is at the night: its arrival row, and the player it is (once it is one)."""

    id: int
    kind: str
    status: str
    player_id: int | None

    @property
    def here(self) -> bool:
        """True when the phone is one of tonight's players."""
        return self.status == "here" and self.player_id is not None


def arrival_state(session: DbSession, night_id: int, arrival_id: int) -> ArrivalState | None:
    """The phone's arrival (None when it is not this night's)."""
    row = session.execute(select(NightArrival.id, NightArrival.kind, NightArrival.status,
                                 NightArrival.player_id)
                          .where(NightArrival.id == arrival_id,
                                 NightArrival.night_id == night_id)).first()
    return ArrivalState(*row) if row is not None else None


# ---------------------------------------------------------------- reports


@dataclass(frozen=True)
class BoardReports:
    """The players' reports of a board at its current version (results White first)."""

    board_id: int
    white: str | None = None
    black: str | None = None
    white_revision: int = 0
    black_revision: int = 0

    @property
    def disagree(self) -> bool:
        """True when the two players reported different results."""
        return self.white is not None and self.black is not None and self.white != self.black

    @property
    def agreed(self) -> str | None:
        """The result both players reported, if they did."""
        return self.white if self.white is not None and self.white == self.black else None


def phone_reports(session: DbSession, night_id: int,
                  round_no: int | None = None) -> dict[int, BoardReports]:
    """The reports of the night's boards (of ``round_no`` only, when given) that count: made
    for the board as it is now (its version), on a board without a result yet."""
    query = (select(NightReport.board_id, NightReport.player_id, NightReport.result,
                    NightReport.revision, NightBoard.white_id)
             .join(NightBoard, NightBoard.id == NightReport.board_id)
             .where(NightReport.night_id == night_id,
                    NightReport.board_version == NightBoard.version,
                    NightBoard.result.is_(None)))
    if round_no is not None:
        query = query.where(NightBoard.round == round_no)
    found: dict[int, dict[str, Any]] = {}
    for board_id, player_id, result, revision, white_id in session.execute(query):
        side = "white" if player_id == white_id else "black"
        entry = found.setdefault(board_id, {})
        entry[side] = result
        entry[f"{side}_revision"] = revision
    return {board_id: BoardReports(board_id, **values) for board_id, values in found.items()}


# ---------------------------------------------------------------- the desk's panel


@dataclass(frozen=True)
class DeskArrival:
    """A phone's arrival as the desk lists it (full names: the desk is the organizer's)."""

    id: int
    kind: str
    status: str
    name: str
    junior: bool
    offer_id: int | None
    offer_name: str | None
    offer_hidden: bool
    start_no: int | None
    created_at: dt.datetime


@dataclass(frozen=True)
class DeskPhones:
    """The desk's phone panel: names waiting, the phones checked in lately."""

    waiting: tuple[DeskArrival, ...]
    recent: tuple[DeskArrival, ...]
    phones: int  # phones that are one of tonight's players


#: How many of the latest phone check-ins the desk lists (each can be refused).
RECENT_ARRIVALS = 8


def desk_phones(session: DbSession, night: Night, initials_for_all: bool) -> DeskPhones:
    """The names waiting for the organizer, oldest first, and the latest phone check-ins."""
    players = {p.id: p for p in night.players}
    rows = list(session.scalars(select(NightArrival).where(
        NightArrival.night_id == night.id, NightArrival.status.in_(("pending", "here")))
        .order_by(NightArrival.id)))
    offers = {m.id: m for m in session.scalars(select(Member).where(
        Member.id.in_({r.member_id for r in rows if r.member_id is not None})))}

    def shown(row: NightArrival) -> DeskArrival:
        player = players.get(row.player_id) if row.player_id is not None else None
        offer = offers.get(row.member_id) if row.member_id is not None else None
        return DeskArrival(row.id, row.kind, row.status,
                           player.name if player is not None else row.name, row.junior,
                           offer.id if offer else None, offer.name if offer else None,
                           bool(offer and shows_initials(offer.junior, offer.consent_given,
                                                         initials_for_all)),
                           player.start_no if player is not None else None, row.created_at)
    waiting = tuple(shown(r) for r in rows if r.status == "pending")
    here = [r for r in rows if r.status == "here" and r.player_id in players]
    recent = tuple(shown(r) for r in reversed(here[-RECENT_ARRIVALS:]))
    return DeskPhones(waiting, recent, len({r.player_id for r in here}))
