"""A club night's rounds (docs/club-night.md §3): pair (Dutch engine or Berger tables) → preview →
publish, a pairing changed by hand, undo a pairing, one result per board (the finish that puts
the night into the ladder is :mod:`.night_finish`).

The Swiss engine is asked through TRF text only (:func:`ladder.club.night.pose_round` →
``ladder.pairing.pair_trf_detailed``).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from flask_babel import gettext as _

from ..club.night import (
    RESULTS,
    berger_pairs,
    berger_round_count,
    check_pairs,
    message_to_json,
    not_paired,
    pose_round,
    swap_boards,
    to_tournament,
)
from ..extensions import db
from ..models import Night, NightBoard, NightRound
from ..pairing import berger_rounds
from ..pairing.api import Board, Refusal, RoundPairing
from ..queries.club import club_settings
from ..queries.night import sheet_of
from ..vocabulary.messages import N_, Message, msg
from ..vocabulary.tournament import EventKind
from . import Conflict, InvalidInput, NotFound, audit, say, use_case
from .night import StaleNight, check_open, check_version, night_or_404
from .uow import read_afresh

Engine = Callable[[str], "RoundPairing | Refusal"]

#: Why a pairing worked out from the night was not stored.
CHANGED_MEANWHILE = N_("The night changed while round %(round)d was being paired (it is now "
                       "at change %(now)d): the pairing no longer fits it and was not stored. "
                       "Pair the round again.")


def swiss_engine() -> Engine:
    """The Dutch engine (``ladder.pairing.pair_trf_detailed``, the engine helper's)."""
    module = importlib.import_module("ladder.pairing")
    engine = getattr(module, "pair_trf_detailed", None)
    if engine is None:
        raise Conflict(_("The Swiss pairing engine is not installed."))
    return engine  # type: ignore[no-any-return]


def _dump(messages: list[Message] | tuple[Message, ...]) -> str:
    return json.dumps([message_to_json(m) for m in messages], ensure_ascii=False)


def _round_state(night: Night, round_no: int) -> NightRound:
    for state in night.rounds_state:
        if state.round == round_no:
            return state
    raise NotFound(_("Round %(round)d is not paired.", round=round_no))


def _ids(night: Night) -> dict[int, int]:
    return {p.start_no: p.id for p in night.players}


def _competition_pairing(night: Night, round_no: int) -> RoundPairing | None:
    """Where round ``round_no`` of a night that plays a competition comes from: the
    competition (docs/competitions.md §7) — None for any other night."""
    from ..queries.competitions import night_pairing
    answer = night_pairing(db.session, night, round_no,
                           engine=lambda trf: swiss_engine()(trf))
    if isinstance(answer, Refusal):
        raise Conflict(say(answer.reason))
    return answer


def _rounds_of(night: Night) -> int:
    """How many rounds the night has (a round-robin's come from its Berger table)."""
    if night.kind is EventKind.ROUND_ROBIN:
        return berger_round_count(len(night.players), night.double)
    return night.rounds


@dataclass(frozen=True)
class Posed:
    """A round ready to be paired, read from the night without the write lock
    (:func:`pose_pairing`): the engine's question, or the answer when no engine is needed."""

    night_id: int
    round: int
    #: The night's version it was read at: the pairing is stored only if it is still that.
    version: int
    #: The posed TRF the Swiss engine is asked (None: a round-robin, or paired already).
    trf: str | None = None
    #: A round-robin's round from the Berger table (no engine needed).
    ready: RoundPairing | None = None
    #: How many players are to be paired (what the engine's work grows with).
    players: int = 0
    #: The round is paired already (a double click, a second organizer): nothing to do.
    paired: bool = False


def pose_pairing(night_id: int, round_no: int, version: int) -> Posed:
    """Read what pairing round ``round_no`` (the next one) needs, refusing as the pairing
    would: the night finished, a stale form, not the next round, the last round not finished,
    too few players. Reads only, and ends its read transaction (the engine may take long and
    no lock or snapshot is held meanwhile)."""
    night = night_or_404(night_id)
    check_open(night)
    if any(r.round == round_no for r in night.rounds_state):
        return Posed(night_id, round_no, night.version, paired=True)
    check_version(night, version)
    paired = len(night.rounds_state)
    if round_no != paired + 1:
        raise InvalidInput(_("Round %(round)d is the next round to pair.", round=paired + 1))
    if paired:
        last = night.rounds_state[-1]
        boards = [b for b in night.boards if b.round == last.round]
        if not last.published or any(b.black_id is not None and b.result is None
                                      for b in boards):
            raise Conflict(_("Round %(round)d is not finished: publish it and enter every "
                             "result first.", round=last.round))
    if len(night.players) < 2:
        raise InvalidInput(_("Check in at least two players first."))
    if round_no == 1 and night.kind is EventKind.ROUND_ROBIN and len(night.players) < 3:
        raise InvalidInput(_("A round-robin needs at least three players."))
    rounds = _rounds_of(night) if round_no == 1 else night.rounds
    if round_no > rounds:
        raise Conflict(_("Every round is paired."))
    asked = _competition_pairing(night, round_no)
    sheet = sheet_of(night, club_settings().provisional_games)
    if asked is not None:  # a night that plays a competition: its round comes from there
        posed = Posed(night_id, round_no, version, ready=asked,
                      players=2 * len(asked.boards) + (asked.pab is not None))
    elif night.kind is EventKind.ROUND_ROBIN:
        sheet = replace(sheet, rounds=rounds)
        table = berger_rounds(len(night.players), 2 if night.double else 1,
                              night.swap_last_two)
        pairs = berger_pairs(sheet, round_no, table)
        reason = msg("Berger table (C.05 Annex 1), round %(round)d.", round=round_no)
        ready = RoundPairing(round_no, tuple(Board(i, w, b, (reason,))
                                             for i, (w, b) in enumerate(pairs, start=1)))
        posed = Posed(night_id, round_no, version, ready=ready, players=2 * len(pairs))
    else:
        absent = not_paired(sheet, round_no)
        posed = Posed(night_id, round_no, version, trf=pose_round(sheet, round_no),
                      players=sum(1 for e in sheet.entrants if e.start_no not in absent))
    read_afresh()  # the read ends here: the engine holds no snapshot (none in a use case)
    return posed


def engine_answer(posed: Posed) -> RoundPairing:
    """The round's pairing for ``posed`` (the Dutch engine, or the Berger table's round);
    Conflict when no legal pairing exists. Pure work: no database."""
    if posed.ready is not None:
        return posed.ready
    if posed.trf is None:
        raise ValueError("nothing to pair: the round is paired already")
    answer = swiss_engine()(posed.trf)
    if isinstance(answer, Refusal):
        raise Conflict(refusal_text(answer))
    return answer


def refusal_text(answer: Refusal) -> str:
    """Why no legal pairing exists, in the reader's language."""
    return _("No legal pairing of round %(round)d exists: %(why)s", round=answer.round,
             why=say(answer.reason))


def pair_round(night_id: int, round_no: int, version: int, actor: str) -> NightRound:
    """Pair round ``round_no`` (the next one) as a preview: nobody sees it until published.

    Three steps, the engine's work outside the write lock: read the night
    (:func:`pose_pairing`), pair (:func:`engine_answer`), then store under the version
    check (:func:`store_pairing`: refused if the night changed meanwhile). Asking again for
    a round already paired (a double click, a second organizer) changes nothing.
    """
    posed = pose_pairing(night_id, round_no, version)
    if not posed.paired:
        return store_pairing(night_id, round_no, version, engine_answer(posed), actor)
    return _round_state(night_or_404(night_id), round_no)


@use_case
def store_pairing(night_id: int, round_no: int, version: int, pairing: RoundPairing,
                  actor: str, token: str | None = None) -> NightRound:
    """Store the pairing of round ``round_no`` that was worked out from the night at
    ``version``, as a preview. A round paired already is left as it is (a double click, a
    second organizer: the first pairing stands); a night changed since ``version`` (a late
    arrival, a bye, a withdrawal …) is refused: the pairing no longer fits it. ``token``: the
    background job storing it (:mod:`.night_pairing`); one that was given up (expired, or
    replaced by a new job) stores nothing."""
    night = night_or_404(night_id)
    check_open(night)
    existing = next((r for r in night.rounds_state if r.round == round_no), None)
    if existing is not None:
        return existing
    if token is not None and night.pairing_token != token:
        raise Conflict(_("This pairing of round %(round)d was given up (it took too long, or "
                         "the server restarted); nothing was stored.", round=round_no))
    if night.version != version:
        raise StaleNight(_(CHANGED_MEANWHILE, round=round_no, now=night.version))
    if round_no != len(night.rounds_state) + 1:
        raise InvalidInput(_("Round %(round)d is the next round to pair.",
                             round=len(night.rounds_state) + 1))
    if round_no == 1 and night.kind is EventKind.ROUND_ROBIN:
        night.rounds = _rounds_of(night)
    ids = _ids(night)
    state = NightRound(night_id=night.id, round=round_no, published=False, manual=False,
                       warnings=_dump(list(pairing.notes)),
                       pab_reason=_dump([pairing.pab_reason]) if pairing.pab_reason else None)
    night.rounds_state.append(state)
    for board in pairing.boards:
        night.boards.append(NightBoard(night_id=night.id, round=round_no, number=board.number,
                                       white_id=ids[board.white], black_id=ids[board.black],
                                       reasons=_dump(board.reasons)))
    if pairing.pab is not None:
        night.boards.append(NightBoard(night_id=night.id, round=round_no,
                                       number=len(pairing.boards) + 1,
                                       white_id=ids[pairing.pab], black_id=None,
                                       result=None, reasons=_dump(
                                           [pairing.pab_reason] if pairing.pab_reason else [])))
    if night.pairing_round is not None:  # a job for this round ends (or one that expired)
        night.pairing_round = night.pairing_token = None
        night.pairing_started_at = night.pairing_seen_at = None
    night.pairing_note = None
    night.version += 1
    audit.record(actor, "night.pair", f"“{night.name}”: round {round_no} paired "
                 f"({len(pairing.boards)} boards)",
                 context={"night": night.name, "round": round_no,
                          "boards": len(pairing.boards),
                          **({"background": True} if token is not None else {})})
    return state


@use_case
def publish_round(night_id: int, round_no: int, version: int, actor: str) -> NightRound:
    """Publish a paired round: the public pairing page shows it, results can be entered."""
    night = night_or_404(night_id)
    check_open(night)
    state = _round_state(night, round_no)
    if state.published:
        return state
    check_version(night, version)
    state.published = True
    night.version += 1
    audit.record(actor, "night.publish", f"“{night.name}”: round {round_no} published",
                 context={"night": night.name, "round": round_no})
    return state


@use_case
def undo_pairing(night_id: int, round_no: int, version: int, actor: str) -> None:
    """Take back the pairing of the last round while none of its games has a result."""
    night = night_or_404(night_id)
    check_open(night)
    state = next((r for r in night.rounds_state if r.round == round_no), None)
    if state is None:
        return  # undone already
    # What makes the undo impossible is said first: from a page that still offered Undo
    # after the round's first result, the results are the reason, not the page's age.
    boards = [b for b in night.boards if b.round == round_no]
    if any(b.result is not None for b in boards):
        raise Conflict(_("Round %(round)d has results: its pairing can no longer be undone.",
                         round=round_no))
    if state is not night.rounds_state[-1]:
        raise Conflict(_("Only the last paired round can be undone."))
    check_version(night, version)
    for board in boards:
        night.boards.remove(board)
    night.rounds_state.remove(state)
    night.pure = not any(r.manual for r in night.rounds_state)
    night.version += 1
    audit.record(actor, "night.undo", f"“{night.name}”: pairing of round {round_no} undone",
                 context={"night": night.name, "round": round_no})


@use_case
def swap_players(night_id: int, round_no: int, first_no: int, second_no: int, version: int,
                 actor: str) -> list[Message]:
    """Change a round's pairing by hand: two players change places (on one board: colours).

    Returns the warnings naming each rule the new pairing breaks; the round and the night
    then say they are not a pure Dutch pairing. Only the boards the swap changed change: they
    say what the organizer changed and which rule it breaks
    (:func:`ladder.club.night.swap_boards`); every other board keeps the engine's reasons.
    Only while the round has no result.
    """
    night = night_or_404(night_id)
    check_open(night)
    check_version(night, version)
    state = _round_state(night, round_no)
    boards = {b.number: b for b in night.boards if b.round == round_no}
    if any(b.result is not None for b in boards.values()):
        raise Conflict(_("Round %(round)d has results: its pairing can no longer change.",
                         round=round_no))
    if first_no == second_no:
        raise InvalidInput(_("Choose two different players."), field="second")
    numbers = {p.id: p.start_no for p in night.players}
    on_board = {numbers[i] for b in boards.values() for i in (b.white_id, b.black_id)
                if i is not None}
    if first_no not in on_board or second_no not in on_board:
        raise InvalidInput(_("Both players must be on a board of round %(round)d.",
                             round=round_no), field="second")
    sheet = sheet_of(night, club_settings().provisional_games)
    swapped = swap_boards(sheet, round_no, first_no, second_no)
    pairs = [(b.white, b.black) for b in swapped.boards if b.black is not None]
    pab = next((b.white for b in swapped.boards if b.black is None), None)
    problem = check_pairs(sheet, round_no, pairs, pab)
    if problem is not None:
        raise InvalidInput(say(problem))
    system = (msg("Changed by hand: this is not the Berger table's pairing (C.05).")
              if night.kind is EventKind.ROUND_ROBIN else
              msg("Changed by hand: this is not a pure Dutch pairing (C.04.3)."))
    ids = _ids(night)
    for new in swapped.boards:
        reasons = swapped.changed.get(new.board)
        if reasons is None:
            continue  # untouched: the engine's reasons stay
        board = boards[new.board]
        board.white_id = ids[new.white]
        board.black_id = ids[new.black] if new.black is not None else None
        board.reasons = _dump(reasons)
        board.version += 1  # a result tapped on the page before the swap is refused
    warnings = list(swapped.warnings)
    state.manual = True
    old = json.loads(state.warnings or "[]")
    state.warnings = json.dumps(old + [message_to_json(m) for m in [system, *warnings]
                                       if message_to_json(m) not in old], ensure_ascii=False)
    night.pure = False
    night.version += 1
    names = {p.start_no: p.name for p in night.players}
    audit.record(actor, "night.swap",
                 f"“{night.name}”, round {round_no}: {names[first_no]} and "
                 f"{names[second_no]} changed places by hand",
                 context={"night": night.name, "round": round_no, "player": names[first_no],
                          "opponent": names[second_no],
                          # Kept as Messages, so the log says them in its reader's language.
                          "broken": [message_to_json(_named(w, names)) for w in warnings]})
    return [system, *warnings]


def _named(message: Message, names: dict[int, str]) -> Message:
    """``message`` with start numbers replaced by names (for the audit's words)."""
    values = tuple((key, names.get(value, value) if key in ("white", "black", "player",
                                                             "opponent")
                    and isinstance(value, int) else value) for key, value in message.values)
    return Message(message.id, values, message.plural, message.count)


@use_case
def record_result(board_id: int, result: str, version: int, actor: str) -> NightBoard:
    """One board's result, from one tap. The same result tapped twice changes nothing; a
    different one from a stale page is refused. A round's results can change until the
    next round is paired."""
    board = db.session.get(NightBoard, board_id)
    if board is None:
        raise NotFound(_("There is no such board."))
    night = night_or_404(board.night_id)
    check_open(night)
    if result not in RESULTS and result != "":
        raise InvalidInput(_("“%(result)s” is not a result.", result=result[:8]),
                           field="result")
    if board.black_id is None:
        raise InvalidInput(_("The pairing-allocated bye has no result to enter."))
    if (board.result or "") == result:
        return board  # the same tap twice
    if board.version != version:
        # Blames no one: a second tap on this board from the same desk before the first
        # answer came back reads the same as another organizer's tap.
        raise Conflict(_("This board's result changed meanwhile, after the page was shown: it "
                         "is now %(now)s. Nothing was saved; tap again to change it.",
                         now=board.result or "—"))
    state = _round_state(night, board.round)
    if not state.published:
        raise Conflict(_("Publish round %(round)d before entering results.",
                         round=board.round))
    if any(r.round > board.round for r in night.rounds_state):
        raise Conflict(_("Round %(round)d is paired already: undo its pairing to change "
                         "this result.", round=board.round + 1))
    old = board.result
    board.result = result or None
    board.version += 1
    night.version += 1
    names = {p.id: p.name for p in night.players}
    audit.record(actor, "night.result",
                 f"“{night.name}” round {board.round}, board {board.number}: "
                 f"{names[board.white_id]} – {names[board.black_id]} {result or '—'}",
                 old=old, new=result or None,
                 context={"night": night.name, "round": board.round, "board": board.number,
                          "player": names[board.white_id],
                          "opponent": names[board.black_id]})
    return board


def night_trf(night: Night) -> str:
    """The finished night as a TRF (what an import of it would read): the equivalence test
    and the organizer's export."""
    from ..formats.trf_write import write_trf
    sheet = sheet_of(night, club_settings().provisional_games)
    codes = tuple(c for c in night.tiebreak_order.split(",") if c)
    return write_trf(to_tournament(sheet, len(night.rounds_state), tiebreak_codes=codes))


__all__ = ["pair_round", "pose_pairing", "engine_answer", "store_pairing", "Posed",
           "refusal_text", "publish_round", "undo_pairing", "swap_players",
           "record_result", "night_trf", "swiss_engine"]
