"""A player's own phone at the club night (docs/club-night.md §6): the night's code, the
check-in, "My board" and the player's report of a result.

* ``/nights/<id>/join`` — the code (typed, or in the QR code's address ``/join/<code>``),
  then the check-in: a name picked from the list (tonight's players, the club's regulars) or
  typed. A typed name is matched as the desk matches it: tonight's player or a member of that
  name is offered ("Is this you?"), names that resemble it are suggested, and anything else —
  a new name, and a hidden junior's name exactly alike — goes to the organizer, who accepts
  it with one tap;
* ``/nights/<id>/me`` — "My board": this round's board, colour and opponent, why the engine
  paired so, my score and place, why I am not playing; it polls itself (``#me-live``), cheaply
  (:func:`ladder.web.players.access.conditional`);
* ``/nights/<id>/me/report`` — a result reported from the board (a win, a draw, a loss);
* ``/nights/<id>/me/forget`` — "not me": the phone is nobody again.

Every name by the public display rule (:mod:`.shared`). Every write is a POST with the CSRF
token (the QR code's address only checks the code, as typing it does).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, flash, g, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...club.night_self import board_result, my_result
from ...extensions import db
from ...queries.night import load_night
from ...queries.night_self import match_typed, phone_list, phone_reports
from ...services import NotFound, ServiceError
from ...services import night as nights
from ...services import night_self as phones
from ..support.htmx import status_for_htmx, wants_fragment
from ..support.night_words import render_named, sentence
from ..support.request_state import club_settings
from . import bp
from .access import (
    Phone,
    client_address,
    conditional,
    etag_of,
    mark,
    phone,
    remember,
)
from .forms import CodeForm, PhoneCheckInForm, ReportForm
from .shared import night_snapshot, wall_book, wall_name_of

#: Seconds between two polls of "My board".
POLL_SECONDS = 5


def _see_other(endpoint: str, night_id: int) -> Response:
    return redirect(url_for(endpoint, night_id=night_id), code=303)


def _night(found: Phone) -> Any:
    night = load_night(db.session, found.night_id)
    if night is None:  # the link state was just read: only a night deleted meanwhile
        abort(404)
    return night


def _join_page(found: Phone, *, form: CodeForm | None = None,
               checkin: PhoneCheckInForm | None = None, match: Any = None,
               message: str | None = None, status: int = 200) -> tuple[str, int]:
    """The join page: the code form until the phone proved the code, then the check-in."""
    shot = night_snapshot(found.night_id, found.link.version)
    context: dict[str, Any] = dict(shot=shot, phone=found, message=message, match=match,
                                   book=wall_book())
    if not found.proven:
        context["form"] = form or CodeForm(formdata=None)
    else:
        night = _night(found)
        context["checkin"] = checkin or PhoneCheckInForm(formdata=None)
        context["names"] = phone_list(db.session, night, wall_name_of(), wall_book())
        context["can_join"] = phones.can_join(night)
    return render_template("players/join.html", **context), status


@bp.get("/nights/<int:night_id>/join")
def join(night_id: int) -> Response | tuple[str, int]:
    """The code form, then the check-in; a phone that is somebody already goes to its board."""
    found = phone(night_id)
    if found.proven and found.arrival is not None and found.arrival.status in ("here",
                                                                               "pending"):
        return _see_other("players.me", night_id)
    return _join_page(found)


def _prove(night_id: int, typed: str, form: CodeForm | None = None) -> Response | tuple[str, int]:
    """Check a code the phone typed or scanned; remember it on the phone when it is right."""
    found = phone(night_id)
    address = client_address()
    try:
        if phones.code_refused(night_id, address):
            raise phones.TooManyAttempts(_("Too many wrong codes from here: wait ten minutes "
                                           "and try again, or ask the organizer."))
        right = phones.try_code(night_id, typed, address)
    except phones.TooManyAttempts as error:
        return _join_page(found, form=form, message=error.message, status=429)
    except NotFound:
        abort(404)
    if not right:
        form = form or CodeForm(formdata=None)
        form.code.errors = [_("That is not this night's code (or no longer: the organizer may "
                              "have changed it). Type the code shown at the desk.")]
        return _join_page(found, form=form, status=422)
    answer = _see_other("players.join", night_id)
    remember(answer, night_id, found.code, found.arrival_id)
    return answer


@bp.post("/nights/<int:night_id>/join")
def join_code(night_id: int) -> Response | tuple[str, int]:
    """The code typed on the phone."""
    form = CodeForm()
    if not form.validate():
        return _join_page(phone(night_id), form=form, status=422)
    return _prove(night_id, form.code.data or "", form)


@bp.get("/nights/<int:night_id>/join/<string:code>")
def join_scanned(night_id: int, code: str) -> Response | tuple[str, int]:
    """The QR code's address: the code in it is checked as if typed (and counted when wrong),
    then the phone goes on to the check-in at an address without the code."""
    return _prove(night_id, code[:40])


@bp.post("/nights/<int:night_id>/checkin")
def checkin(night_id: int) -> Response | tuple[str, int]:
    """A name picked from the list or typed; a typed name is matched before anything is
    written (``match``: "Is this you?", or suggestions), unless it is to go to the organizer
    as it is (``new``)."""
    found = phone(night_id)
    if not found.proven:
        return _see_other("players.join", night_id)
    form = PhoneCheckInForm()
    if not form.validate():
        return _join_page(found, checkin=form, status=422)
    night = _night(found)
    names = phone_list(db.session, night, wall_name_of(), wall_book())
    typed = (form.name.data or "").strip()
    allowed = set(names.members())
    if typed:
        match = match_typed(db.session, night, typed, roster_match=nights.roster_match,
                            name_of=wall_name_of(),
                            initials_for_all=club_settings().initials_for_all)
        if match.member_id is not None:
            allowed.add(match.member_id)
        allowed.update(member for member, _name in match.suggestions)
        chose = form.start_no is not None or form.member_id is not None
        if not chose and not form.new.data and not match.silent:
            return _join_page(found, checkin=form, match=match)
    if form.start_no is not None:
        choice = phones.PhoneChoice(start_no=form.start_no)
    elif form.member_id is not None:
        choice = phones.PhoneChoice(member_id=form.member_id)
    else:
        choice = phones.PhoneChoice(name=typed, junior=bool(form.junior.data))
    earlier = found.arrival.id if found.arrival is not None else None
    try:
        row = phones.phone_check_in(night_id, choice, earlier, frozenset(allowed),
                                    names.start_numbers())
    except ServiceError as error:
        form.take(error)
        return _join_page(found, checkin=form, message=None if error.field else error.message,
                          status=error.status)
    answer = _see_other("players.me", night_id)
    remember(answer, night_id, found.code, row.id)
    return answer


def _board_context(found: Phone) -> dict[str, Any]:
    """What "My board" shows for the phone's player (or why there is nothing yet)."""
    shot = night_snapshot(found.night_id, found.link.version)
    arrival = found.arrival
    start_no = shot.numbers.get(arrival.player_id) \
        if arrival is not None and arrival.here and arrival.player_id is not None else None
    latest = shot.latest
    board = latest.board_of(start_no) if latest and start_no is not None else None
    reports = phone_reports(db.session, found.night_id, latest.number) \
        if board is not None and latest is not None else {}
    report = reports.get(board.id) if board else None
    white = board is not None and board.white_no == start_no
    mine = theirs = None
    if report is not None:
        mine, theirs = (report.white, report.black) if white else (report.black, report.white)
    revision = 0
    if report is not None:
        revision = report.white_revision if white else report.black_revision
    history = []
    if start_no is not None:
        for state in shot.rounds:
            history.append((state.number, state.board_of(start_no), state.rest_of(start_no)))
    return dict(shot=shot, phone=found, start_no=start_no, me=shot.names.get(start_no or -1),
                latest=latest, board=board, white=white, mine=mine, theirs=theirs,
                my_result=my_result, revision=revision, key=secrets.token_urlsafe(12),
                line=shot.line_of(start_no) if start_no is not None else None,
                history=history, say=sentence, named=render_named, poll=POLL_SECONDS)


def _shown(context: dict[str, Any]) -> tuple[object, ...]:
    """Exactly what "My board" shows, as plain values (its ETag is made of them): the phone's
    player, board, reports, score line and rounds, the round's state, the club's rule."""
    found: Phone = context["phone"]
    latest = context["latest"]
    start_no = context["start_no"]
    shot = context["shot"]
    round_state = None if latest is None else (
        latest.number, latest.complete, latest.pab_reason,
        latest.rest_of(start_no) if start_no is not None else None)
    return (found.link.rotation, found.link.enabled, found.arrival, start_no, context["me"],
            shot.name, shot.date, shot.total_rounds, shot.previewed, round_state,
            context["board"], context["mine"], context["theirs"], context["revision"],
            context["line"], shot.table.style if context["line"] else None,
            shot.table.after, tuple(context["history"]), club_settings().player_results)


@bp.get("/nights/<int:night_id>/me")
def me(night_id: int) -> Response | tuple[str, int] | str:
    """My board (``#me-live`` is the part that polls itself)."""
    found = phone(night_id)
    fragment = wants_fragment("me-live")
    if not found.proven or found.arrival is None:
        if fragment:
            # A poll after the code changed: the part says so and stops polling.
            return render_template("players/_me_live.html", phone=found, gone=True,
                                   shot=None, poll=POLL_SECONDS)
        return _see_other("players.join", night_id)
    context = _board_context(found)
    etag = etag_of("me", _shown(context))
    unchanged = conditional(etag)
    if unchanged is not None:
        return unchanged
    template = "players/_me_live.html" if fragment else "players/me.html"
    return mark(Response(render_template(template, etag=etag, **context),
                         mimetype="text/html"), etag)


@bp.post("/nights/<int:night_id>/me/report")
def report(night_id: int) -> Response | tuple[str, int] | str:
    """A result reported from the phone; htmx gets "My board" back with what became of it,
    a plain form the page (303)."""
    found = phone(night_id)
    fragment = wants_fragment("me-live")
    if not found.proven or found.arrival is None or not found.arrival.here:
        return _see_other("players.join", night_id)
    form = ReportForm()
    message, failed = "", False
    try:
        form.checked()
        board_id, version, revision = form.numbers()
        shot = night_snapshot(found.night_id, found.link.version)
        board = next((b for r in shot.rounds for b in r.boards if b.id == board_id), None)
        start_no = shot.numbers.get(found.arrival.player_id or -1)
        if board is None or start_no not in (board.white_no, board.black_no):
            raise NotFound(_("That is not your board."))
        result = board_result(form.mine.data or "", board.white_no == start_no)
        answer = phones.report_result(night_id, found.arrival.id, board_id, result, version,
                                      revision, form.key.data or "")
        message = _said(answer)
    except ServiceError as error:
        message, failed = error.message, True
    if not fragment:
        flash(message, "error" if failed else "info")
        return _see_other("players.me", night_id)
    found = _fresh(night_id)
    if found.arrival is None:
        return _see_other("players.join", night_id)
    # The page's own tag: the next poll is a 304 while nothing changed, and the message stays.
    context = _board_context(found)
    etag = etag_of("me", _shown(context))
    html = render_template("players/_me_live.html", message=message, failed=failed, etag=etag,
                           **context)
    return mark(Response(html, status_for_htmx(200), mimetype="text/html"), etag)


def _fresh(night_id: int) -> Phone:
    """The phone read again after a change (the request's first reading is stale)."""
    g.pop("night_phone", None)
    return phone(night_id)


def _said(answer: phones.ReportAnswer) -> str:
    if answer.entered is not None:
        return _("Both players reported the same result: it is entered. Thank you!")
    if answer.repeated:
        return _("Your report was saved already.")
    if club_settings().player_results == "organizer":
        return _("Your report is saved: the organizer enters it.")
    return _("Your report is saved: it is entered once your opponent reports the same "
             "result, or the organizer accepts it.")


@bp.post("/nights/<int:night_id>/me/forget")
def forget(night_id: int) -> Response:
    """"Not me": the phone is nobody at the night again (its name stops waiting)."""
    found = phone(night_id)
    if found.proven and found.arrival is not None:
        phones.forget_phone(night_id, found.arrival.id)
    answer = _see_other("players.join", night_id)
    if found.proven:
        remember(answer, night_id, found.code, None)
    return answer

