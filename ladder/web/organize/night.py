"""The club night desk (issue 22 §3): new night, check-in, pair → preview → publish, results
with one tap, a swap by hand, undo, finish; the printable pairing sheet and board cards.

Views are thin: each reads the form, calls one service and answers the night page (303 after
a change, the page with the message and 409/422 when refused). A result tap from htmx answers
just that board.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import abort, flash, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Night, NightBoard
from ...queries.night import PAIRING_NUMBER_RULE, list_nights, load_night, night_members, night_view
from ...services import InvalidInput, ServiceError
from ...services import night as nights
from ...services import night_rounds as rounds
from ...services.intake import ORDER_PRESETS
from ...tiebreaks import DEFAULT_ORDER
from ...vocabulary.tournament import EventKind
from ..errors import refused
from ..forms import quoted
from ..htmx import is_htmx
from ..night_words import sentence, sentences
from ..request_state import actor, club_settings
from ..request_values import MAX_ID, digits, form_version
from . import bp
from .dashboard import see_other

MAX_FIELD = 200


def _night(night_id: int) -> Night:
    night = load_night(db.session, night_id) if night_id <= MAX_ID else None
    if night is None:
        abort(404)
    return night


def organizer_name(player: Any) -> str:
    """Organizer pages show every full name (as the roster does)."""
    return str(player.name)


def _view(night: Night) -> Any:
    return night_view(db.session, night, organizer_name, club_settings().provisional_games)


def _page(night: Night, message: str | None = None, **extra: Any) -> str:
    query = request.values.get("q", "")[:MAX_FIELD]
    return render_template("organize/night.html", view=_view(night), message=message,
                           query=query, found=night_members(db.session, query) if query else [],
                           rule=PAIRING_NUMBER_RULE, say=sentence, says=sentences, **extra)


def _answer(night_id: int, action: Any) -> Response | tuple[str, int]:
    """Run ``action`` (a service call); 303 back to the night, or the page with the reason."""
    try:
        said = action()
    except ServiceError as error:
        db.session.rollback()
        return refused(error, lambda message: _page(_night(night_id), message))
    if isinstance(said, str) and said:
        flash(said, "info")
    return see_other("organize.night", night_id=night_id)


@bp.get("/nights")
def nights_list() -> str:
    """Every club night, and the form for a new one."""
    return render_template("organize/nights.html", nights=list_nights(db.session),
                           presets=ORDER_PRESETS, default_orders=DEFAULT_ORDER, error=None,
                           typed={}, today=dt.date.today().isoformat())


def _settings() -> nights.NightSettings:
    form = request.form
    text = form.get("date", "").strip()
    try:
        date = dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidInput(_("Date: “%(value)s” is not a date (YYYY-MM-DD).", value=quoted(text)),
                           field="date") from None
    try:
        kind = EventKind(form.get("kind", "swiss"))
    except ValueError:
        raise InvalidInput(_("A club night is a Swiss or a round-robin."), field="kind") from None
    rounds_count = digits(form.get("rounds"), 3)
    if kind is EventKind.SWISS and rounds_count is None:
        raise InvalidInput(_("Rounds: give a number from 1 to %(max)d.",
                             max=nights.MAX_ROUNDS), field="rounds")
    order = form.get("tiebreak_order", "").strip()[:MAX_FIELD] or None
    return nights.NightSettings(
        name=form.get("name", "")[:MAX_FIELD], date=date, kind=kind,
        rounds=rounds_count or 0, pab_half=form.get("pab") == "half", tiebreak_order=order,
        double=form.get("double") == "on", swap_last_two=form.get("swap") == "on",
        initial_colour=form.get("initial_colour", "white1"), rated=form.get("rated") == "on")


@bp.post("/nights")
def night_create() -> Response | tuple[str, int]:
    """Create a night; refused with the field named when a value is wrong."""
    try:
        night = nights.create_night(_settings(), actor())
    except ServiceError as error:
        failed = error

        def render(_message: str) -> str:
            return render_template(
                "organize/nights.html", nights=list_nights(db.session), presets=ORDER_PRESETS,
                default_orders=DEFAULT_ORDER, error=failed,
                typed={k: request.form.get(k, "")[:MAX_FIELD] for k in request.form},
                today=dt.date.today().isoformat())
        return refused(error, render)
    return see_other("organize.night", night_id=night.id)


@bp.get("/nights/<int:night_id>")
def night(night_id: int) -> str:
    """The night's desk: players, the round at hand, results, standings."""
    return _page(_night(night_id))


def _number(field: str) -> int:
    value = digits(request.form.get(field), 4)
    if value is None:
        raise InvalidInput(_("Choose a player."), field=field)
    return value


@bp.post("/nights/<int:night_id>/checkin")
def night_checkin(night_id: int) -> Response | tuple[str, int]:
    """Check in a member (``member_id``), or a new member or guest by name."""
    _night(night_id)
    member_id = digits(request.form.get("member_id"), 10)
    arrival = nights.Arrival(member_id=member_id, name=request.form.get("name", "")[:MAX_FIELD],
                             guest=request.form.get("guest") == "on",
                             junior=request.form.get("junior") == "on")
    return _answer(night_id, lambda: nights.check_in(night_id, arrival, form_version(),
                                                     actor()) and "")


@bp.post("/nights/<int:night_id>/players/<int:start_no>")
def night_player(night_id: int, start_no: int) -> Response | tuple[str, int]:
    """A player's change between rounds: withdraw, a bye asked for, off the list."""
    _night(night_id)
    what = request.form.get("action", "")
    version = form_version()

    def act() -> str:
        if what == "withdraw":
            nights.withdraw(night_id, start_no, version, actor())
        elif what == "remove":
            nights.check_out(night_id, start_no, version, actor())
        elif what in ("H", "Z", "cancel"):
            round_no = digits(request.form.get("round"), 3) or 0
            nights.request_bye(night_id, start_no, round_no, "" if what == "cancel" else what,
                               version, actor())
        else:
            raise InvalidInput(_("Choose what to do."))
        return ""
    return _answer(night_id, act)


@bp.post("/nights/<int:night_id>/forbid")
def night_forbid(night_id: int) -> Response | tuple[str, int]:
    """Two players who must not be paired."""
    _night(night_id)
    return _answer(night_id, lambda: nights.forbid_pair(
        night_id, _number("first"), _number("second"), form_version(), actor()))


@bp.post("/nights/<int:night_id>/rounds/<int:round_no>")
def night_round(night_id: int, round_no: int) -> Response | tuple[str, int]:
    """Pair, publish or undo a round."""
    _night(night_id)
    what = request.form.get("action", "")
    version = form_version()

    def act() -> str:
        if what == "pair":
            rounds.pair_round(night_id, round_no, version, actor())
            return _("Round %(round)d is paired: check the preview, then publish it.",
                     round=round_no)
        if what == "publish":
            rounds.publish_round(night_id, round_no, version, actor())
            return _("Round %(round)d is published.", round=round_no)
        if what == "undo":
            rounds.undo_pairing(night_id, round_no, version, actor())
            return _("The pairing of round %(round)d is undone.", round=round_no)
        raise InvalidInput(_("Choose what to do."))
    return _answer(night_id, act)


@bp.post("/nights/<int:night_id>/rounds/<int:round_no>/swap")
def night_swap(night_id: int, round_no: int) -> Response | tuple[str, int]:
    """Two players change places in a round by hand; the warnings are shown."""
    _night(night_id)

    def act() -> str:
        from ..night_words import render_named
        warnings = rounds.swap_players(night_id, round_no, _number("first"),
                                       _number("second"), form_version(), actor())
        view = _view(_night(night_id))
        return " ".join(render_named(w, view.names) for w in warnings)
    return _answer(night_id, act)


@bp.post("/nights/boards/<int:board_id>")
def night_result(board_id: int) -> Response | tuple[str, int]:
    """One tap: a board's result. htmx gets the board back, a plain form the night page."""
    board = db.session.get(NightBoard, board_id) if board_id <= MAX_ID else None
    if board is None:
        abort(404)
    night_id = board.night_id
    result = request.form.get("result", "")  # the service names an unknown one
    message = None
    try:
        rounds.record_result(board_id, result, form_version(), actor())
    except ServiceError as error:
        db.session.rollback()
        if not is_htmx():
            return refused(error, lambda text: _page(_night(night_id), text))
        message = error.message
    if not is_htmx():
        return see_other("organize.night", night_id=night_id)
    db.session.expire_all()
    view = _view(_night(night_id))
    shown = next(b for r in view.rounds for b in r.boards if b.id == board_id)
    state = next(r for r in view.rounds if any(b.id == board_id for b in r.boards))
    return render_template("organize/_night_board.html", view=view, board=shown,
                           round=state, message=message, say=sentence), 200


@bp.post("/nights/<int:night_id>/finish")
def night_finish(night_id: int) -> Response | tuple[str, int]:
    """Put the finished night into the ladder (as an import of the same TRF would)."""
    _night(night_id)
    try:
        event = rounds.finish(night_id, form_version(), actor())
    except ServiceError as error:
        db.session.rollback()
        return refused(error, lambda message: _page(_night(night_id), message))
    flash(_("The night is in the ladder."), "info")
    return see_other("public.event", event_id=event.id)


@bp.get("/nights/<int:night_id>/print/<int:round_no>")
def night_print(night_id: int, round_no: int) -> str:
    """The printable pairing sheet of a round and its board cards."""
    view = _view(_night(night_id))
    state = next((r for r in view.rounds if r.number == round_no), None)
    if state is None:
        abort(404)
    return render_template("organize/night_print.html", view=view, round=state, say=sentence)
