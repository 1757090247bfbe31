"""Reading a competition (docs/competitions.md §7): the competition as played, assembled from
the club nights that play its rounds and the attendance marked before them; the pairing a night
asks of it; and what its pages show (the table with the reasons, every round, the absences).

Where each thing comes from:

* the members, their pairing numbers, ratings and entry rounds: ``competition_members``;
* round r: the night linked to it (``competition_nights``: night round ``r - first_round + 1``);
  its boards are the night's boards (results entered on the night's desk, as on any night);
* who was there in round r: the night's check-in (a player present for that night round, no
  bye asked for it); everyone else as marked before the night (``competition_marks``:
  ``excused``, ``club``), or absent without notice. A game decides: whoever played was there.

Reads only; the pure systems compute (:mod:`ladder.competition`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..competition import keizer
from ..competition.errors import CompetitionError
from ..competition.keizer_params import KeizerParams, parse_params
from ..competition.keizer_table import Record, RoundTable
from ..competition.record import (
    BERGER,
    KEIZER,
    NIGHT_RESULTS,
    SWISS,
    CompetitionEntrant,
    Played,
    RecordedGame,
    RecordedRound,
    keizer_season,
)
from ..competition.roundrobin import (
    Postponed,
    RoundRobinRules,
    catch_up,
    parse_round_robin_rules,
    pending,
    round_count,
    round_pairs,
    schedule,
    scheduled_round,
)
from ..competition.roundrobin import tournament as round_robin_tournament
from ..competition.rules_words import keizer_rules, round_robin_rules, swiss_rules
from ..competition.season import ABSENT, CLUB, EXCUSED, PRESENT
from ..competition.swiss import SwissRules, parse_swiss_rules
from ..competition.swiss import pair as swiss_pair
from ..competition.swiss import tournament as swiss_tournament
from ..competition.words import (
    board_messages,
    bye_message,
    exact_text,
    line_message,
    pairing_notes,
)
from ..extensions import DbSession
from ..models import Competition, CompetitionNight, Member, Night, NightPlayer
from ..pairing.api import Board, Refusal, RoundPairing
from ..tiebreaks import TiebreakError, rank
from ..vocabulary.messages import N_, Message, msg
from ..vocabulary.numbers import points_text
from ..vocabulary.tournament import Kind

Rules = KeizerParams | SwissRules | RoundRobinRules
Engine = Callable[[str], "RoundPairing | Refusal"]


def load_competition(session: DbSession, competition_id: int) -> Competition | None:
    """The competition with ``competition_id`` (None when there is none)."""
    return session.get(Competition, competition_id)


def list_competitions(session: DbSession) -> list[Competition]:
    """Every competition, newest first."""
    return list(session.scalars(select(Competition).order_by(Competition.id.desc())))


def season_competitions(session: DbSession, season_id: int) -> list[Competition]:
    """The competitions linked to a season, newest first (its page links to them)."""
    return list(session.scalars(select(Competition).where(Competition.season_id == season_id)
                                .order_by(Competition.id.desc())))


def link_of_night(session: DbSession, night_id: int) -> CompetitionNight | None:
    """The competition link of a club night (None: the night plays no competition)."""
    return session.scalar(select(CompetitionNight).where(CompetitionNight.night_id == night_id))


def members_of_night(session: DbSession, night: Night) -> tuple[str, set[int]] | None:
    """The competition a night plays and its members (None: the night plays none): the
    check-in lists them first."""
    link = link_of_night(session, night.id)
    competition = session.get(Competition, link.competition_id) if link is not None else None
    if competition is None:
        return None
    return competition.name, {_current(session, m.member_id) for m in competition.members}


def stored_settings(competition: Competition) -> dict[str, Any]:
    """The competition's stored settings as plain data."""
    try:
        data = json.loads(competition.settings or "{}")
    except ValueError:
        data = {}
    return data if isinstance(data, dict) else {}


def rules_of(competition: Competition) -> Rules:
    """The competition's rules as its system reads them."""
    data = stored_settings(competition)
    if competition.system == KEIZER:
        return parse_params(data)
    if competition.system == SWISS:
        return parse_swiss_rules(data)
    return parse_round_robin_rules(data)


def rules_in_words(competition: Competition) -> tuple[Message, ...]:
    """The rules, one sentence each."""
    rules = rules_of(competition)
    if isinstance(rules, KeizerParams):
        return keizer_rules(rules, competition.points_display)
    if isinstance(rules, SwissRules):
        return swiss_rules(rules)
    return round_robin_rules(rules)


def _current(session: DbSession, member_id: int) -> int:
    """The member a competition member is now (merged into another meanwhile: that one)."""
    seen: set[int] = set()
    current = member_id
    while current not in seen:
        seen.add(current)
        member = session.get(Member, current)
        if member is None or member.merged_into_id is None:
            return current
        current = member.merged_into_id
    return current


@dataclass(frozen=True)
class NightSlot:
    """Where competition round ``round`` is played: its night and that night's round."""

    round: int
    night: Night
    night_round: int

    @property
    def paired(self) -> bool:
        """The night has paired this round (a preview or published)."""
        return any(r.round == self.night_round for r in self.night.rounds_state)

    @property
    def published(self) -> bool:
        """The round's pairing is public."""
        return any(r.round == self.night_round and r.published
                   for r in self.night.rounds_state)


@dataclass
class Assembled:
    """The competition as played, with where each round came from."""

    competition: Competition
    played: Played
    slots: dict[int, NightSlot]
    #: member id (current) → pairing number, and back.
    numbers: dict[int, int]
    members: dict[int, int]
    #: The rounds allocated to nights (paired or not).
    allocated: int = 0
    #: Rounds of postponed games per night: (night, night round) of each.
    catch_up_slots: list[tuple[Night, int, int]] = field(default_factory=list)

    def slot_of(self, night_id: int, night_round: int) -> NightSlot | None:
        """The competition round a night's round plays (None: a catch-up round, or none)."""
        return next((s for s in self.slots.values() if s.night.id == night_id
                     and s.night_round == night_round), None)


def _night_players(night: Night, numbers: Mapping[int, int],
                   current: Callable[[int], int]) -> dict[int, NightPlayer]:
    """The night's players who are members of the competition, by pairing number."""
    found = {}
    for player in night.players:
        if player.member_id is None:
            continue
        number = numbers.get(current(player.member_id))
        if number is not None:
            found[number] = player
    return found


def _attendance(competition: Competition, round_no: int, night: Night | None, night_round: int,
                entrants: tuple[CompetitionEntrant, ...], numbers: Mapping[int, int],
                current: Callable[[int], int]) -> dict[int, str]:
    """Who was there in ``round_no``: the night's check-in, else the mark, else absent."""
    marks = {numbers[current(m.member_id)]: m.status for m in competition.marks
             if m.round == round_no and current(m.member_id) in numbers}
    here = _night_players(night, numbers, current) if night is not None else {}
    byes = {(b.player_id, b.round): b.code for b in night.byes} if night is not None else {}
    status: dict[int, str] = {}
    for entrant in entrants:
        if entrant.entry_round > round_no:
            continue
        player = here.get(entrant.number)
        if player is not None and player.joined <= night_round and (
                player.withdrawn_from is None or night_round < player.withdrawn_from):
            code = byes.get((player.id, night_round))
            status[entrant.number] = PRESENT if code is None else (
                EXCUSED if code == "H" else ABSENT)
        else:
            status[entrant.number] = marks.get(entrant.number, ABSENT)
    return status


def _games(night: Night, night_round: int, by_player: Mapping[int, int]
           ) -> tuple[tuple[RecordedGame, ...], int | None]:
    """The night round's games (pairing numbers) and its pairing-allocated bye."""
    games: list[RecordedGame] = []
    bye = None
    for board in night.boards:
        if board.round != night_round:
            continue
        white = by_player.get(board.white_id)
        if white is None:
            continue
        if board.black_id is None:
            bye = white
            continue
        black = by_player.get(board.black_id)
        if black is None:
            continue
        games.append(RecordedGame(white, black, NIGHT_RESULTS.get(board.result or ""),
                                  board.number))
    return tuple(games), bye


def assemble(session: DbSession, competition: Competition,
             name: Callable[[int], str] | None = None) -> Assembled:
    """The competition as played: its members (named by ``name`` of the member id, for the
    TRF; none by default) and every round its nights have paired, in order."""
    # The members and the nights in a few statements (not one per member, night and list).
    merged = dict(session.execute(select(Member.id, Member.merged_into_id).where(
        Member.id.in_([m.member_id for m in competition.members]),
        Member.merged_into_id.is_not(None))).all())
    cache: dict[int, int] = {}

    def current(member_id: int) -> int:
        if member_id not in cache:
            cache[member_id] = (_current(session, member_id) if member_id in merged
                                else member_id)
        return cache[member_id]

    night_ids = [link.night_id for link in competition.nights]
    loaded = {n.id: n for n in session.scalars(
        select(Night).where(Night.id.in_(night_ids)).options(
            selectinload(Night.players), selectinload(Night.boards),
            selectinload(Night.byes), selectinload(Night.rounds_state))
        .execution_options(populate_existing=True))} if night_ids else {}
    entrants = tuple(CompetitionEntrant(m.number, m.rating, m.entry_round,
                             name(current(m.member_id)) if name else "")
                     for m in sorted(competition.members, key=lambda m: m.number))
    numbers = {current(m.member_id): m.number for m in competition.members}
    members = {number: member for member, number in numbers.items()}
    slots: dict[int, NightSlot] = {}
    catch_ups: list[tuple[Night, int, int]] = []
    allocated = 0
    for link in competition.nights:
        night = loaded.get(link.night_id)
        if night is None:
            continue
        for index in range(link.rounds):
            slots[link.first_round + index] = NightSlot(link.first_round + index, night,
                                                        index + 1)
        allocated = max(allocated, link.first_round + link.rounds - 1)
        for index in range(link.catch_up):
            catch_ups.append((night, link.rounds + index + 1, link.first_round + link.rounds - 1))
    rounds: list[RecordedRound] = []
    table = (schedule(len(entrants), rules_of(competition))  # type: ignore[arg-type]
             if competition.system == BERGER and len(entrants) >= 3 else [])
    for round_no in range(1, allocated + 1):
        slot = slots.get(round_no)
        if slot is None or not slot.paired:
            break
        by_player = {p.id: n for n, p in _night_players(slot.night, numbers, current).items()}
        games, bye = _games(slot.night, slot.night_round, by_player)
        attendance = _attendance(competition, round_no, slot.night, slot.night_round,
                                 entrants, numbers, current)
        for game in games:  # a game decides: whoever played was there
            attendance[game.white] = attendance[game.black] = PRESENT
        if bye is not None:
            attendance[bye] = PRESENT
        extra: list[RecordedGame] = []
        for night, night_round, owner in catch_ups:
            if night.id != slot.night.id or owner != round_no:
                continue
            played_late, _bye = _games(night, night_round, by_player)
            extra.extend(RecordedGame(g.white, g.black, g.result, g.board,
                              scheduled_round(table, g.white, g.black)) for g in played_late)
        rounds.append(RecordedRound(round_no, attendance, games, bye, tuple(extra)))
    return Assembled(competition, Played(entrants, tuple(rounds)), slots, numbers, members,
                     allocated, catch_ups)


def with_round(assembled: Assembled, round_no: int) -> Played:
    """The rounds before ``round_no`` and round ``round_no``'s attendance as it stands now
    (its night's check-in and the marks): what its pairing is computed from."""
    slot = assembled.slots.get(round_no)
    played = assembled.played
    attendance = _attendance(assembled.competition, round_no,
                             slot.night if slot else None, slot.night_round if slot else 1,
                             played.entrants,
                             _numbers_with_merged(assembled.competition, assembled),
                             lambda member: member)
    return Played(played.entrants,
                  played.rounds[:round_no - 1] + (RecordedRound(round_no, attendance),))


def _numbers_with_merged(competition: Competition, assembled: Assembled) -> dict[int, int]:
    """member id → number for every id a competition member is known by (merged ones too)."""
    numbers = dict(assembled.numbers)
    for member in competition.members:
        numbers.setdefault(member.member_id, member.number)
    return numbers


# ---------------------------------------------------------------- a night asks for its round


def _renumbered(message: Message, mapping: Mapping[int, int]) -> Message:
    """``message`` with the pairing numbers it names put as the night's start numbers."""
    values = tuple((key, _renumbered(value, mapping) if isinstance(value, Message) else
                    mapping.get(value, value) if key in ("white", "black", "player",
                                                         "opponent") and isinstance(value, int)
                    else value) for key, value in message.values)
    return Message(message.id, values, message.plural, message.count)


NOT_READY = msg("Round %(round)d of the competition cannot be paired yet: round %(previous)d "
                "is not finished (every game needs its result).")
NO_NIGHT_ROUND = msg("This night has no round of the competition to pair.")


def night_pairing(session: DbSession, night: Night, night_round: int,
                  engine: Engine | None = None) -> RoundPairing | Refusal | None:
    """The pairing of ``night``'s round ``night_round`` as its competition makes it (boards by
    the night's start numbers, each with its reasons), a :class:`Refusal` saying why it cannot
    be paired now, or None when the night plays no competition (it is paired as any night)."""
    link = link_of_night(session, night.id)
    if link is None:
        return None
    competition = session.get(Competition, link.competition_id)
    if competition is None:
        return None
    assembled = assemble(session, competition)
    start = {number: player.start_no for number, player in _night_players(
        night, _numbers_with_merged(competition, assembled), lambda m: m).items()}
    guests = [p for p in night.players if p.member_id is None]
    if guests:
        return Refusal(night_round, msg(
            "%(name)s is checked in as a guest: the players of a competition are members. "
            "Check them in as a new member, or take them off the list.", name=guests[0].name))
    if night_round > link.rounds:
        return _catch_up_pairing(assembled, night, night_round, start)
    round_no = link.first_round + night_round - 1
    previous = assembled.played.rounds
    if len(previous) < round_no - 1 or not all(r.complete for r in previous[:round_no - 1]):
        done = next((r.number for r in previous[:round_no - 1] if not r.complete),
                    len(previous) + 1)
        return Refusal(night_round, msg(NOT_READY.id, round=round_no, previous=done))
    played = with_round(assembled, round_no)
    if competition.system == KEIZER:
        return _keizer_pairing(played, round_no, night_round, rules_of(competition), start)
    if competition.system == SWISS:
        rules = rules_of(competition)
        assert isinstance(rules, SwissRules)
        if round_no > rules.rounds:
            return Refusal(night_round, msg("The Swiss has %(rounds)d rounds: every round is "
                                            "paired.", rounds=rules.rounds))
        from ..pairing import pair_trf_detailed
        answer = swiss_pair(played, round_no, rules, engine or pair_trf_detailed,
                            competition.name)
        if isinstance(answer, Refusal):
            return Refusal(night_round, answer.reason)
        return _in_night_numbers(answer, night_round, start)
    return _berger_pairing(assembled, played, round_no, night_round, start)


def _in_night_numbers(answer: RoundPairing, night_round: int,
                      start: Mapping[int, int]) -> RoundPairing:
    return RoundPairing(
        night_round,
        tuple(Board(b.number, start[b.white], start[b.black],
                    tuple(_renumbered(m, start) for m in b.reasons)) for b in answer.boards),
        start[answer.pab] if answer.pab is not None else None,
        _renumbered(answer.pab_reason, start) if answer.pab_reason is not None else None,
        tuple(_renumbered(n, start) for n in answer.notes))


def _keizer_pairing(played: Played, round_no: int, night_round: int, params: Rules,
                    start: Mapping[int, int]) -> RoundPairing | Refusal:
    assert isinstance(params, KeizerParams)
    season = keizer_season(played, upto=round_no - 1, attendance_of=round_no)
    try:
        pairing = keizer.pair(season, round_no, params)
    except CompetitionError as error:
        return Refusal(night_round, msg("The Keizer pairing failed: %(why)s", why=str(error)))

    def who(member: str) -> int:
        return start.get(int(member), int(member))
    boards = tuple(Board(index, who(b.white), who(b.black),
                         board_messages(b, pairing.ranking, who))
                   for index, b in enumerate(pairing.boards, start=1))
    return RoundPairing(night_round, boards, who(pairing.bye) if pairing.bye else None,
                        bye_message(pairing, who),
                        pairing_notes(pairing, params.rematch_gap, params.max_meetings))


BERGER_REASON = "Berger table (C.05 Annex 1), round %(round)d."


def _berger_pairing(assembled: Assembled, played: Played, round_no: int, night_round: int,
                    start: Mapping[int, int]) -> RoundPairing | Refusal:
    rules = rules_of(assembled.competition)
    assert isinstance(rules, RoundRobinRules)
    players = len(played.entrants)
    if round_no > round_count(players, rules):
        return Refusal(night_round, msg("The round-robin has %(rounds)d rounds: every round is "
                                        "paired.", rounds=round_count(players, rules)))
    table = schedule(players, rules)
    present = [n for n, s in played.rounds[-1].attendance.items() if s == PRESENT]
    tonight, later = round_pairs(table, round_no, present)
    reason = msg(BERGER_REASON, round=round_no)
    boards = tuple(Board(i, start[w], start[b], (reason,))
                   for i, (w, b) in enumerate(tonight, start=1))
    notes = tuple(msg("Postponed (a player is away): %(white)s – %(black)s.",
                      white=start.get(w, w), black=start.get(b, b)) for w, b in later)
    return RoundPairing(night_round, boards, None, None, notes)


def _catch_up_pairing(assembled: Assembled, night: Night, night_round: int,
                      start: Mapping[int, int]) -> RoundPairing | Refusal:
    """A round of postponed games tonight: those whose two players are both here."""
    rules = rules_of(assembled.competition)
    if not isinstance(rules, RoundRobinRules):
        return Refusal(night_round, NO_NIGHT_ROUND)
    played = assembled.played
    table = schedule(len(played.entrants), rules)
    here = [n for n, p in _night_players(night, _numbers_with_merged(
        assembled.competition, assembled), lambda m: m).items()
        if p.joined <= night_round and (p.withdrawn_from is None or night_round <
                                        p.withdrawn_from)]
    chosen = catch_up(pending(played, table, len(played.rounds)), here)
    if not chosen:
        return Refusal(night_round, msg("No postponed game can be played tonight: for each "
                                        "one, a player is not here."))
    boards = tuple(Board(i, start[g.white], start[g.black], (
        msg("A postponed game of round %(round)d (Berger table, C.05 Annex 1).",
            round=g.round),)) for i, g in enumerate(chosen, start=1))
    return RoundPairing(night_round, boards)


# ---------------------------------------------------------------- the pages


@dataclass(frozen=True)
class CompetitionTableRow:
    """One line of the competition's table."""

    place: int
    member_id: int
    number: int
    points: Fraction
    #: Keizer: the value of the place, the season counted, the lines that make the points.
    value: int | None = None
    record: Record | None = None
    lines: tuple[tuple[int, Message, Fraction], ...] = ()
    #: Swiss / round-robin: the tie-break values; games still pending (round-robin).
    tiebreaks: tuple[Fraction | None, ...] = ()
    pending: int = 0


@dataclass(frozen=True)
class BoardRow:
    """One game as a round shows it (member ids; result as the night writes it)."""

    number: int
    white: int
    black: int
    result: str | None
    scheduled: int | None = None


@dataclass(frozen=True)
class AbsenceRow:
    """Someone not on a board in a round: why (``excused``, ``club``, ``absent``, ``pre``) and
    what it scored (a Keizer line's sentence, or the bye's value)."""

    member_id: int
    status: str
    said: Message | None = None


@dataclass(frozen=True)
class RoundRow:
    """One round of the competition as its page shows it."""

    number: int
    night_id: int | None
    night_name: str
    night_date: Any
    published: bool
    complete: bool
    boards: tuple[BoardRow, ...] = ()
    bye: int | None = None
    absent: tuple[AbsenceRow, ...] = ()
    postponed: tuple[tuple[int, int], ...] = ()
    catch_up: tuple[BoardRow, ...] = ()


@dataclass(frozen=True)
class CompetitionView:
    """Everything a competition's pages show."""

    competition: Competition
    rules: tuple[Message, ...]
    table: tuple[CompetitionTableRow, ...]
    after: int
    rounds: tuple[RoundRow, ...]
    codes: tuple[str, ...]
    next_round: int
    total_rounds: int | None
    marks: dict[int, str]
    members: tuple[tuple[int, int, int | None, int], ...]  # member id, number, rating, entry
    pending: tuple[Postponed, ...] = ()
    how: str | None = None
    iterations: int = 0
    problem: Message | None = None

    @property
    def system(self) -> str:
        """keizer, swiss or berger."""
        return self.competition.system

    def member_of(self, number: int) -> int:
        """The member id of a pairing number."""
        return next(member for member, n, _rating, _entry in self.members if n == number)


def points_shown(points: Fraction, display: str) -> str:
    """Points as the club shows them: exact (29⅔) or to the nearest half (29½)."""
    if display == "half":
        return points_text(keizer.points_to_half(points))
    return exact_text(points)


def competition_view(session: DbSession, competition: Competition,
                     name: Callable[[int], str], *, public: bool = False) -> CompetitionView:
    """The view of ``competition``; ``name`` gives a member's display name (the one policy:
    the web edge passes its display-name function). ``public``: only published rounds."""
    assembled = assemble(session, competition)
    played = assembled.played
    done = played.complete_rounds()
    if public:
        done = min(done, sum(1 for r in range(1, done + 1) if assembled.slots[r].published))
    rules = rules_of(competition)
    problem: Message | None = None
    table: tuple[CompetitionTableRow, ...] = ()
    codes: tuple[str, ...] = ()
    how, iterations = None, 0
    keizer_round: RoundTable | None = None
    try:
        if isinstance(rules, KeizerParams):
            keizer_round = _keizer_table(played, done, rules)
            if keizer_round is not None:
                how, iterations = keizer_round.how, keizer_round.iterations
                table = _keizer_rows(keizer_round, assembled, name)
        else:
            table, codes = _ranked_rows(assembled, done, rules, competition.tiebreak_order)
    except (CompetitionError, TiebreakError) as error:  # pragma: no cover - stored data is valid
        problem = msg("The table cannot be computed: %(why)s", why=str(error))
    rounds = _round_rows(assembled, keizer_round, rules, name, public)
    total = (rules.rounds if isinstance(rules, SwissRules) else
             round_count(len(played.entrants), rules) if isinstance(rules, RoundRobinRules)
             else None)
    next_round = assembled.allocated + 1
    marks = next_round_marks(competition, next_round)
    waiting: tuple[Postponed, ...] = ()
    if isinstance(rules, RoundRobinRules) and len(played.entrants) >= 3:
        waiting = tuple(pending(played, schedule(len(played.entrants), rules),
                                len(played.rounds)))
    members = tuple((assembled.members[m.number], m.number, m.rating, m.entry_round)
                    for m in sorted(competition.members, key=lambda m: m.number))
    return CompetitionView(competition, rules_in_words(competition), table, done,
                           tuple(rounds), codes, next_round, total, marks, members, waiting,
                           how, iterations, problem)


def _keizer_table(played: Played, done: int, params: KeizerParams) -> RoundTable | None:
    if done == 0:
        return None
    season = keizer_season(played, upto=done)
    return keizer.compute(season, params, explain="last").final


def _keizer_rows(round_table: RoundTable, assembled: Assembled,
                 name: Callable[[int], str]) -> tuple[CompetitionTableRow, ...]:
    def member_name(member: str) -> str:
        return name(assembled.members[int(member)])
    rows = []
    for standing in round_table.standings:
        number = int(standing.member_id)
        lines = tuple((ln.round_no, line_message(ln, member_name), ln.points)
                      for ln in standing.lines)
        rows.append(CompetitionTableRow(standing.place, assembled.members[number], number,
                             standing.points, standing.value, standing.record, lines))
    return tuple(rows)


def _ranked_rows(assembled: Assembled, done: int, rules: Rules, order: str
                 ) -> tuple[tuple[CompetitionTableRow, ...], tuple[str, ...]]:
    played = assembled.played
    if done == 0 or not played.entrants:
        return (), ()
    if isinstance(rules, SwissRules):
        t = swiss_tournament(played, rules, done)
        waiting: dict[int, int] = {}
    else:
        assert isinstance(rules, RoundRobinRules)
        t = round_robin_tournament(played, rules, upto=done)
        table = schedule(len(played.entrants), rules)
        waiting = {}
        for game in pending(played, table, done):
            waiting[game.white] = waiting.get(game.white, 0) + 1
            waiting[game.black] = waiting.get(game.black, 0) + 1
    codes = tuple(c.strip() for c in order.split(",") if c.strip())
    try:
        ranked = rank(t, ",".join(codes), "fide-2026")
    except TiebreakError:
        codes = ()
        ranked = rank(t, "", "fide-2026")
    return tuple(CompetitionTableRow(s.rank, assembled.members[s.start_no], s.start_no, s.points,
                          tiebreaks=tuple(s.tiebreaks.get(code) for code in codes),
                          pending=waiting.get(s.start_no, 0)) for s in ranked), codes


_ABSENCE = {EXCUSED: "keizer.excused", CLUB: "keizer.club", ABSENT: "keizer.absent"}


def _round_rows(assembled: Assembled, keizer_round: RoundTable | None, rules: Rules,
                name: Callable[[int], str], public: bool) -> list[RoundRow]:
    played = assembled.played
    member = assembled.members
    lines_by: dict[tuple[int, int], tuple[Message, Fraction]] = {}
    if keizer_round is not None:
        def member_name(m: str) -> str:
            return name(member[int(m)])
        for standing in keizer_round.standings:
            for ln in standing.lines:
                lines_by[(int(standing.member_id), ln.round_no)] = (
                    line_message(ln, member_name), ln.points)
    table = (schedule(len(played.entrants), rules) if isinstance(rules, RoundRobinRules)
             and len(played.entrants) >= 3 else [])
    rows: list[RoundRow] = []
    for round_ in played.rounds:
        slot = assembled.slots[round_.number]
        if public and not slot.published:
            break
        boards = tuple(BoardRow(g.board, member[g.white], member[g.black],
                                _night_result(g.result)) for g in round_.games)
        seated = {n for g in round_.games for n in (g.white, g.black)}
        if round_.bye is not None:
            seated.add(round_.bye)
        absent = []
        for entrant in played.entrants:
            if entrant.number in seated:
                continue
            status = ("pre" if entrant.entry_round > round_.number
                      else round_.status(entrant.number))
            said = _absence_said(entrant.number, round_.number, status, rules, lines_by)
            absent.append(AbsenceRow(member[entrant.number], status, said))
        postponed: tuple[tuple[int, int], ...] = ()
        if table:
            _tonight, later = round_pairs(table, round_.number, seated)
            postponed = tuple((member[w], member[b]) for w, b in later)
        catch = tuple(BoardRow(g.board, member[g.white], member[g.black],
                               _night_result(g.result), g.scheduled) for g in round_.catch_up)
        rows.append(RoundRow(round_.number, slot.night.id, slot.night.name, slot.night.date,
                             slot.published, round_.complete, boards,
                             member[round_.bye] if round_.bye is not None else None,
                             tuple(absent), postponed, catch))
    return rows


#: What a Swiss round without a game gives, by the bye's kind, one whole sentence per value.
_ABSENCE_SAID = {Kind.HALF_BYE: N_("A bye worth half a point."),
                 Kind.FULL_BYE: N_("A bye worth a full point.")}
#: The zero-point bye: an absence, not a bye (docs/glossary.md: ko 불참(0점), id tidak hadir).
_ABSENT_SAID = N_("Counted as absent: no points.")


def _absence_said(number: int, round_no: int, status: str, rules: Rules,
                  lines_by: Mapping[tuple[int, int], tuple[Message, Fraction]]
                  ) -> Message | None:
    if isinstance(rules, KeizerParams):
        found = lines_by.get((number, round_no))
        return found[0] if found else None
    if isinstance(rules, SwissRules):
        from ..competition.swiss import BYE_KINDS, absence_kind
        kind = (BYE_KINDS[rules.late_bye] if status == "pre" else absence_kind(status, rules))
        return msg(_ABSENCE_SAID.get(kind, _ABSENT_SAID))
    return None


_RESULTS_BACK = {value: key for key, value in NIGHT_RESULTS.items()}


def _night_result(result: str | None) -> str | None:
    return _RESULTS_BACK.get(result or "") if result else None


def next_round_marks(competition: Competition, round_no: int) -> dict[int, str]:
    """The marks given for ``round_no``: member id → ``excused`` or ``club``."""
    return {m.member_id: m.status for m in competition.marks if m.round == round_no}


__all__ = ["load_competition", "list_competitions", "link_of_night", "rules_of",
           "rules_in_words", "assemble", "with_round", "night_pairing", "competition_view",
           "CompetitionView", "CompetitionTableRow", "RoundRow", "BoardRow", "AbsenceRow",
           "Assembled", "NightSlot", "points_shown", "next_round_marks", "stored_settings"]
