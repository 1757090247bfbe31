"""The players' own phones at a club night (docs/club-night.md §6): the night's code (checked,
throttled, changed, switched off), a phone's check-in (a member, tonight's player, or a name
the organizer accepts or refuses), and the results the players report.

Each change is one use case (:mod:`.uow`) with its audit entry; what a phone does is recorded
with the phone's arrival as the actor (``phone #12``). They are declared as changing no page
(a report, a name waiting, a code: no public page shows them), so sixty phones do not empty
every cached page; when one calls the desk's use case (a tick, a check-in, a result), that
nested use case moves the generation as always. The desk's own use cases do the night's
work: a member checked in from a phone is a tick (:func:`.night.tick`), a name accepted is a
check-in (:func:`.night.check_in`), a result the reports agree on is entered by
:func:`.night_rounds.record_result` — so the night's version, its audit and its rules are the
desk's.

Rules kept here, each tested (tests/services/test_night_phones.py, tests/web/test_night_phones.py):

* a wrong code changes nothing but its own count; more than :data:`ADDRESS_LIMIT` wrong codes
  from one address, or :data:`NIGHT_LIMIT` for one night, within :data:`WINDOW` (since the
  code last changed) are refused without being compared — counted and compared under the
  write lock, so parallel guesses cannot slip past the limit;
* a report never changes a result already entered (by the organizer or by agreement), and
  is refused for a board that changed since the phone showed it;
* a report is stored once per board, player and board version: a retry (the same form) is
  answered as the first was and changes nothing; a changed mind from a newer form replaces it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import delete, select

from ..club.night import RESULTS
from ..club.night_self import RULES, ReportRule, codes_match, verdict
from ..extensions import db
from ..models import (
    CodeAttempt,
    Night,
    NightArrival,
    NightBoard,
    NightLink,
    NightPlayer,
    NightReport,
    utcnow,
)
from ..names import name_key
from ..queries.club import club_settings
from ..queries.night_self import failed_codes, night_code
from ..vocabulary.tournament import EventKind
from . import Conflict, InvalidInput, NotFound, ServiceError, audit, use_case
from .events import clean_name
from .night import (
    Arrival,
    check_in,
    check_open,
    check_out,
    night_or_404,
    roster_match,
    tick,
)
from .night_rounds import record_result

#: Wrong codes a client address may type per window, and anyone for one night.
ADDRESS_LIMIT = 20
NIGHT_LIMIT = 300
WINDOW = dt.timedelta(minutes=10)
KEEP = dt.timedelta(hours=2)  # older wrong codes are purged when new ones are written
#: Names waiting for the organizer at once (a phone's new name replaces its own).
MAX_WAITING = 60
#: How a phone appears in the audit log.
PHONE = "phone #%d"


class TooManyAttempts(ServiceError):
    """Too many wrong codes from this address (or for this night) lately: 429."""

    status = 429


# ---------------------------------------------------------------- the link


def _link(night: Night) -> NightLink:
    """The night's link row, made when first needed (no row reads as open, never changed)."""
    link = db.session.get(NightLink, night.id)
    if link is None:
        link = NightLink(night_id=night.id, enabled=True, rotation=0, activity=0)
        db.session.add(link)
        db.session.flush()
    return link


def _touch(night: Night) -> NightLink:
    """Say that something the phones show changed (their pages and the desk revalidate)."""
    link = _link(night)
    link.activity += 1
    return link


def _open_link(night: Night) -> NightLink:
    """The link of an open night whose phones are welcome; NotFound otherwise (a finished
    night's or a switched-off link's pages answer 404 too)."""
    link = _link(night)
    if night.event_id is not None or not link.enabled:
        raise NotFound(_("This club night takes no check-ins or results from phones now."))
    return link


@use_case(changes_pages=False)
def rotate_code(night_id: int, actor: str) -> int:
    """A new code for the night: every phone must type it (or scan the new QR code) before
    it can do anything again. Returns the new rotation."""
    night = night_or_404(night_id)
    check_open(night)
    link = _touch(night)
    link.rotation += 1
    link.rotated_at = utcnow()
    # The code itself is a secret: the audit log says that it changed, not what it is.
    audit.record(actor, "phones.code", f"“{night.name}”: a new code for the players' phones",
                 context={"night": night.name, "rotation": link.rotation})
    return link.rotation


@use_case(changes_pages=False)
def switch_phones(night_id: int, enabled: bool, actor: str) -> None:
    """Open or close the night to the players' phones (closed: its code opens nothing)."""
    night = night_or_404(night_id)
    check_open(night)
    link = _link(night)
    if link.enabled == enabled:
        return  # said twice
    link.enabled = enabled
    link.activity += 1
    audit.record(actor, "phones.switch",
                 f"“{night.name}”: players' phones {'welcome' if enabled else 'switched off'}",
                 new=enabled, context={"night": night.name})


def _throttled(night: Night, address: str, now: dt.datetime) -> bool:
    link = db.session.get(NightLink, night.id)
    since = now - WINDOW
    if link is not None and link.rotated_at is not None and link.rotated_at > since:
        since = link.rotated_at  # guesses at the old code say nothing about the new one
    by_address, by_night = failed_codes(db.session, night.id, address, since)
    return by_address >= ADDRESS_LIMIT or by_night >= NIGHT_LIMIT


def code_refused(night_id: int, address: str, now: dt.datetime | None = None) -> bool:
    """True when codes from ``address`` for the night are refused now (a read, without the
    write lock: a throttled client is turned away before it costs a writer's turn)."""
    night = db.session.get(Night, night_id)
    return night is not None and _throttled(night, address, now or utcnow())


@use_case(changes_pages=False)
def try_code(night_id: int, typed: str, address: str, now: dt.datetime | None = None) -> bool:
    """True when ``typed`` is the night's current code (compared in constant time); a wrong
    one is counted against ``address`` and returns False. :class:`TooManyAttempts` when
    the address (or the night) has had too many wrong codes lately: nothing is compared.
    A finished or closed night has no code (NotFound)."""
    now = now or utcnow()
    night = night_or_404(night_id)
    link = db.session.get(NightLink, night.id)
    if night.event_id is not None or (link is not None and not link.enabled):
        raise NotFound(_("There is no such club night."))
    if _throttled(night, address, now):
        raise TooManyAttempts(_("Too many wrong codes from here: wait ten minutes and try "
                                "again, or ask the organizer."))
    if codes_match(typed, night_code(night.id, link.rotation if link else 0)):
        return True
    db.session.execute(delete(CodeAttempt).where(CodeAttempt.at < now - KEEP))
    db.session.add(CodeAttempt(night_id=night.id, address=address[:64], at=now))
    return False


# ---------------------------------------------------------------- a phone's check-in


@dataclass(frozen=True)
class PhoneChoice:
    """What a phone says at check-in: tonight's player it is (``start_no``), a member it is
    (``member_id``: picked from the list, or the member a typed name is), or a typed name for
    the organizer (``name``; ``junior`` as the phone said)."""

    start_no: int | None = None
    member_id: int | None = None
    name: str = ""
    junior: bool = False


def _arrival(night: Night, arrival_id: int | None) -> NightArrival | None:
    if arrival_id is None:
        return None
    row = db.session.get(NightArrival, arrival_id)
    return row if row is not None and row.night_id == night.id else None


def _drop(row: NightArrival | None) -> None:
    """A phone that checks in again is no longer what it said before (its earlier name stops
    waiting; a player it was stays checked in)."""
    if row is not None and row.status in ("pending", "here"):
        row.status = "gone"


def can_join(night: Night) -> bool:
    """True while a new player may be checked in (before round 1; in a Swiss while a round is
    left to pair): the desk's rule (queries.night.NightView.can_join)."""
    paired = len(night.rounds_state)
    if not paired:
        return True
    if night.kind is EventKind.ROUND_ROBIN:
        return False
    last = night.rounds_state[-1]
    return paired < night.rounds or not last.published


@use_case(changes_pages=False)
def phone_check_in(night_id: int, choice: PhoneChoice, arrival_id: int | None,
                   allowed_members: frozenset[int] = frozenset(),
                   allowed_players: frozenset[int] = frozenset()) -> NightArrival:
    """A phone checks in: it says it is tonight's player ``start_no`` (one of
    ``allowed_players``), it checks in the member ``member_id`` (one of ``allowed_members``,
    the names it was offered), or it sends a typed name to the organizer.

    A member is checked in at once before round 1 (a tick on the desk's list, refusable from
    the desk); later, and for every typed name, the organizer accepts with one tap (a late
    entry changes the pairing). The phone's earlier check-in, if any, is dropped. Returns the
    phone's new arrival (its status "here" or "pending").
    """
    night = night_or_404(night_id)
    _open_link(night)
    earlier = _arrival(night, arrival_id)
    actor = PHONE % (earlier.id if earlier else 0)
    if choice.start_no is not None:
        if choice.start_no not in allowed_players:
            raise InvalidInput(_("Choose your name from the list."), field="player")
        player = next((p for p in night.players if p.start_no == choice.start_no), None)
        if player is None or player.withdrawn_from is not None:
            raise NotFound(_("Choose your name from the list."))
        return _claim(night, player, earlier, "claim")
    if choice.member_id is not None:
        if choice.member_id not in allowed_members:
            raise InvalidInput(_("Choose your name from the list."), field="member")
        here = next((p for p in night.players if p.member_id == choice.member_id), None)
        if here is not None:
            return _claim(night, here, earlier, "claim")
        if not night.rounds_state:
            _drop(earlier)
            row = NightArrival(night_id=night.id, kind="member", status="here",
                               member_id=choice.member_id)
            db.session.add(row)
            db.session.flush()
            player = tick(night.id, choice.member_id, True, PHONE % row.id)
            if player is None:  # pragma: no cover - tick always answers a player for here=True
                raise Conflict(_("The check-in did not go through; please try again."))
            row.player_id = player.id
            _touch(night)
            return row
        return _request(night, "", choice.member_id, False, earlier, actor)
    return _request(night, choice.name, None, choice.junior, earlier, actor)


def _claim(night: Night, player: NightPlayer, earlier: NightArrival | None,
           kind: str) -> NightArrival:
    """The phone is ``player``: said again, nothing changes."""
    if earlier is not None and earlier.status == "here" and earlier.player_id == player.id:
        return earlier
    _drop(earlier)
    row = NightArrival(night_id=night.id, kind=kind, status="here", player_id=player.id,
                       member_id=player.member_id)
    db.session.add(row)
    db.session.flush()
    _touch(night)
    audit.record(PHONE % row.id, "phones.claim",
                 f"“{night.name}”: a phone says it is {player.name}",
                 member_id=player.member_id,
                 context={"night": night.name, "player": player.name})
    return row


def _request(night: Night, typed: str, member_id: int | None, junior: bool,
             earlier: NightArrival | None, actor: str) -> NightArrival:
    """A name (or a member picked after round 1) waits for the organizer's tap."""
    if not can_join(night):
        raise Conflict(_("Every round is paired: no one can join now. Please see the "
                         "organizer."))
    if member_id is None:
        if not typed.strip():
            raise InvalidInput(_("Name: type your name."), field="name")
        name = clean_name(typed)
        offer = roster_match(name)
    else:
        name, offer = "", member_id
    if (earlier is not None and earlier.status == "pending" and earlier.member_id == offer
            and name_key(earlier.name) == name_key(name)):
        return earlier  # sent twice
    waiting = db.session.scalars(select(NightArrival.id).where(
        NightArrival.night_id == night.id, NightArrival.status == "pending")).all()
    if len(waiting) - (1 if earlier is not None and earlier.status == "pending" else 0) \
            >= MAX_WAITING:
        raise Conflict(_("Too many names are waiting for the organizer: please see them at "
                         "the desk."))
    _drop(earlier)
    row = NightArrival(night_id=night.id, kind="request", status="pending", name=name,
                       junior=junior, member_id=offer)
    db.session.add(row)
    db.session.flush()
    _touch(night)
    audit.record(PHONE % row.id, "phones.request",
                 f"“{night.name}”: a phone asks to check in"
                 + (f" as “{name}”" if name else f" member #{offer}"),
                 member_id=offer, context={"night": night.name, "player": name or None,
                                           "junior": junior})
    return row


@use_case(changes_pages=False)
def forget_phone(night_id: int, arrival_id: int) -> None:
    """The phone is no longer who it said (its name stops waiting; a player stays on the
    list: only the organizer takes a player off)."""
    night = night_or_404(night_id)
    row = _arrival(night, arrival_id)
    if row is None or row.status not in ("pending", "here"):
        return
    row.status = "gone"
    _touch(night)
    audit.record(PHONE % row.id, "phones.forget",
                 f"“{night.name}”: a phone is no longer who it said",
                 context={"night": night.name})


def _waiting(night: Night, arrival_id: int) -> NightArrival:
    row = _arrival(night, arrival_id)
    if row is None:
        raise NotFound(_("That check-in from a phone is gone."))
    return row


@use_case(changes_pages=False)
def accept_arrival(night_id: int, arrival_id: int, how: str, junior: bool,
                   actor: str) -> NightPlayer:
    """The organizer accepts a name a phone sent, with one tap: ``member`` checks in the
    member it was matched to (a junior's name typed in full too), ``guest`` a guest and
    ``new`` a new member of the typed name (a different person, should it be a member's).
    Accepting twice changes nothing."""
    night = night_or_404(night_id)
    check_open(night)
    row = _waiting(night, arrival_id)
    if row.status == "here" and row.player_id is not None:
        player = db.session.get(NightPlayer, row.player_id)
        if player is not None:
            return player  # accepted already
    if row.status != "pending":
        raise Conflict(_("This phone's check-in was withdrawn or refused meanwhile."))
    if how == "member":
        if row.member_id is None:
            raise InvalidInput(_("This name is no member's: accept it as a guest or a new "
                                 "member."))
        arrival = Arrival(member_id=row.member_id)
    elif how in ("guest", "new"):
        if not row.name:
            raise InvalidInput(_("This phone chose a member: check in the member."))
        arrival = Arrival(name=row.name, guest=how == "guest", junior=junior, different=True)
    else:
        raise InvalidInput(_("Choose how to check the player in."))
    player = check_in(night.id, arrival, None, actor)
    row.status = "here"
    row.player_id = player.id
    _touch(night)
    audit.record(actor, "phones.accept",
                 f"“{night.name}”: {player.name} accepted from a phone ({how})",
                 member_id=player.member_id,
                 context={"night": night.name, "player": player.name, "how": how})
    return player


@use_case(changes_pages=False)
def refuse_arrival(night_id: int, arrival_id: int, actor: str) -> None:
    """The organizer refuses a phone's check-in: a waiting name is refused; a member the
    phone checked in before round 1 is taken off the list again; a phone that said it is a
    player is no longer that player (the player stays). Refusing twice changes nothing."""
    night = night_or_404(night_id)
    check_open(night)
    row = _waiting(night, arrival_id)
    if row.status not in ("pending", "here"):
        return
    player = db.session.get(NightPlayer, row.player_id) if row.player_id else None
    name = player.name if player is not None else row.name
    taken_off = False
    if row.status == "here" and row.kind == "member" and player is not None \
            and not night.rounds_state:
        check_out(night.id, player.start_no, night.version, actor)
        taken_off = True
    row.status = "refused"
    _touch(night)
    audit.record(actor, "phones.refuse",
                 f"“{night.name}”: the check-in of {name or 'a phone'} from a phone refused",
                 context={"night": night.name, "player": name or None,
                          "taken_off": taken_off})


# ---------------------------------------------------------------- results from the phones


@dataclass(frozen=True)
class ReportAnswer:
    """What became of a report: ``entered`` the board's result now entered (None: not
    yet); ``repeated`` True when it was a retry or said twice (nothing changed)."""

    result: str
    entered: str | None
    repeated: bool = False


def _player_of(night: Night, arrival_id: int) -> NightPlayer:
    row = _arrival(night, arrival_id)
    player = db.session.get(NightPlayer, row.player_id) \
        if row is not None and row.status == "here" and row.player_id else None
    if player is None or player.night_id != night.id:
        raise NotFound(_("This phone is not checked in as a player of this night."))
    return player


def _board_for(night: Night, board_id: int, player: NightPlayer) -> NightBoard:
    board = db.session.get(NightBoard, board_id)
    if board is None or board.night_id != night.id or player.id not in (board.white_id,
                                                                        board.black_id):
        raise NotFound(_("That is not your board."))
    if board.black_id is None:
        raise InvalidInput(_("The pairing-allocated bye has no result to report."))
    state = next((r for r in night.rounds_state if r.round == board.round), None)
    if state is None or not state.published:
        raise NotFound(_("That is not your board."))
    if any(r.round > board.round for r in night.rounds_state):
        raise Conflict(_("The next round is paired already: see the organizer to change "
                         "this result."))
    return board


@use_case(changes_pages=False)
def report_result(night_id: int, arrival_id: int, board_id: int, result: str,
                  board_version: int, revision: int, form_key: str) -> ReportAnswer:
    """A player reports their board's result (White's score first) from the phone that is
    them. Audited with the board's version.

    * A board whose result is entered (by the organizer, or by agreement) keeps it: the
      report is refused and changes nothing.
    * A report from a page older than the board (``board_version``) is refused.
    * One report per board, player and version (the natural key): a retry, or the same
      result said twice, changes nothing. A different result replaces the report only when
      it comes from a form that showed the report as it is (``revision``, the report's
      revision the form showed; 0 for none): a late retry of an older form is refused, so
      it never undoes a changed mind. ``form_key`` (the form's own key) is kept with it.
    * Then, by the club's setting, two reports that agree enter the result through the
      desk's own use case (:func:`.night_rounds.record_result`).
    """
    night = night_or_404(night_id)
    _open_link(night)
    if result not in RESULTS[:3]:
        raise InvalidInput(_("Choose a result: a win, a draw or a loss."), field="result")
    player = _player_of(night, arrival_id)
    board = _board_for(night, board_id, player)
    if board.result is not None:
        raise Conflict(_("The result of this board is entered already: %(result)s. If it is "
                         "wrong, please tell the organizer.", result=board.result))
    if board.version != board_version:
        raise Conflict(_("This board changed after your page was shown. Nothing was saved; "
                         "the page shows the board as it is now."))
    key = (form_key or "")[:40]
    mine = db.session.scalar(select(NightReport).where(
        NightReport.board_id == board.id, NightReport.player_id == player.id,
        NightReport.board_version == board.version))
    if mine is not None:
        if mine.result == result:
            return ReportAnswer(mine.result, None, repeated=True)  # a retry, or said twice
        if mine.revision != revision:
            raise Conflict(_("You reported %(result)s meanwhile, from another page. Nothing "
                             "was changed; the page shows your report now.",
                             result=mine.result))
    old = mine.result if mine is not None else None
    if mine is None:
        mine = NightReport(night_id=night.id, board_id=board.id, player_id=player.id,
                           board_version=board.version, result=result, revision=1,
                           form_key=key)
        db.session.add(mine)
    else:
        mine.result, mine.revision, mine.form_key = result, mine.revision + 1, key
        mine.reported_at = utcnow()
    db.session.flush()
    _touch(night)
    white = db.session.get(NightPlayer, board.white_id)
    black = db.session.get(NightPlayer, board.black_id)
    names = (white.name if white else "?", black.name if black else "?")
    audit.record(PHONE % arrival_id, "phones.report",
                 f"“{night.name}” round {board.round}, board {board.number}: {player.name} "
                 f"reports {result}", member_id=player.member_id, old=old, new=result,
                 context={"night": night.name, "round": board.round, "board": board.number,
                          "player": names[0], "opponent": names[1], "by": player.name,
                          "board_version": board.version})
    other_id = board.black_id if player.id == board.white_id else board.white_id
    other = db.session.scalar(select(NightReport.result).where(
        NightReport.board_id == board.id, NightReport.player_id == other_id,
        NightReport.board_version == board.version))
    by_white = (result, other) if player.id == board.white_id else (other, result)
    setting = club_settings().player_results
    rule = ReportRule(setting) if setting in RULES else ReportRule.AGREE
    reading = verdict(by_white[0], by_white[1], rule)
    if reading.enter is None:
        return ReportAnswer(result, None)
    record_result(board.id, reading.enter, board.version,
                  f"{PHONE % arrival_id} + {names[0]} – {names[1]}"[:80])
    return ReportAnswer(result, reading.enter)


__all__ = ["TooManyAttempts", "rotate_code", "switch_phones", "try_code", "code_refused",
           "PhoneChoice", "phone_check_in", "can_join", "forget_phone", "accept_arrival",
           "refuse_arrival", "ReportAnswer", "report_result", "ADDRESS_LIMIT", "NIGHT_LIMIT",
           "WINDOW", "MAX_WAITING", "PHONE"]
