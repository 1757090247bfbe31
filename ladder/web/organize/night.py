"""The club night desk (issue 22 §3): new night, check-in, pair → preview → publish, results
with one tap, a swap by hand, undo, finish; the printable pairing sheet and board cards.

Views are thin: each reads the form, calls one service and answers the night page (303 after
a change, the page with the message and 409/422 when refused). A result tap from htmx answers
just that board.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import abort, current_app, flash, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Night, NightBoard
from ...queries.night import (
    PAIRING_NUMBER_RULE,
    PAIRING_STALE_SECONDS,
    list_nights,
    load_night,
    night_members,
    night_view,
    pairing_view,
)
from ...services import Conflict, ServiceError, night_pairing
from ...services import night as nights
from ...services import night_rounds as rounds
from ...services.intake import ORDER_PRESETS
from ...tiebreaks import DEFAULT_ORDER
from ..errors import refused
from ..forms import ClubForm, FormInvalid, VersionedForm
from ..htmx import is_htmx
from ..night_words import render_named, sentence, sentences
from ..request_state import actor, club_settings
from ..request_values import MAX_ID
from . import bp
from .dashboard import see_other
from .forms import (
    BoardResultForm,
    CheckInForm,
    MemberSearchForm,
    NightForm,
    PlayerActionForm,
    RoundActionForm,
    TwoPlayersForm,
)


def _night(night_id: int) -> Night:
    night = load_night(db.session, night_id) if night_id <= MAX_ID else None
    if night is None:
        abort(404)
    return night


def organizer_name(player: Any) -> str:
    """Organizer pages show every full name (as the roster does)."""
    return str(player.name)


def _stale() -> float:
    """Seconds after which a silent background pairing has expired (the app's setting)."""
    return float(current_app.config.get("NIGHT_PAIRING_STALE_SECONDS", PAIRING_STALE_SECONDS))


def _view(night: Night) -> Any:
    return night_view(db.session, night, organizer_name, club_settings().provisional_games,
                      stale=_stale())


def _context(night: Night, search: MemberSearchForm | None = None,
             **posted: ClubForm) -> dict[str, Any]:
    """What the night page shows: the view, the member search and what it found, and the
    forms — the ``posted`` one as it was sent (with its messages), the others carrying the
    night's version."""
    search = search if search is not None else MemberSearchForm(formdata=None)
    query = "" if search.q.errors else (search.q.data or "")
    forms: dict[str, ClubForm] = {"versioned": VersionedForm(formdata=None, version=night.version),
                                  "checkin": CheckInForm(formdata=None, version=night.version)}
    forms.update(posted)
    return dict(view=_view(night), search=search, query=query,
                found=night_members(db.session, query) if query else [],
                rule=PAIRING_NUMBER_RULE, say=sentence, says=sentences, **forms)


def _refused(error: ServiceError, night_id: int, form: ClubForm,
             **posted: ClubForm) -> tuple[str, int]:
    """The night page again with the reason (beside the field it names when that form is
    on the page as ``posted``, else at the top); nothing was changed."""
    db.session.rollback()
    return refused(error, "organize/night.html", form, **_context(_night(night_id), **posted))


def _answer(night_id: int, said: str = "") -> Response:
    """303 back to the night after a change, saying ``said`` when there is something to say."""
    if said:
        flash(said, "info")
    return see_other("organize.night", night_id=night_id)


def _nights_context(form: NightForm) -> dict[str, Any]:
    return dict(nights=list_nights(db.session), presets=ORDER_PRESETS,
                default_orders=DEFAULT_ORDER, form=form)


@bp.get("/nights")
def nights_list() -> str:
    """Every club night, and the form for a new one."""
    form = NightForm(formdata=None, data={"date": dt.date.today(), "rounds": "5",
                                          "rated": True})
    return render_template("organize/nights.html", **_nights_context(form))


@bp.post("/nights")
def night_create() -> Response | tuple[str, int]:
    """Create a night; refused with the field named when a value is wrong."""
    form = NightForm()
    try:
        night = nights.create_night(form.checked().settings(), actor())
    except ServiceError as error:
        return refused(error, "organize/nights.html", form, **_nights_context(form))
    return see_other("organize.night", night_id=night.id)


@bp.get("/nights/<int:night_id>")
def night(night_id: int) -> str | tuple[str, int]:
    """The night's desk: players, the round at hand, results, standings (and the members
    a search found)."""
    night = _night(night_id)
    search = MemberSearchForm(formdata=request.args)
    if not search.validate():
        return refused(FormInvalid(search), "organize/night.html", search,
                       **_context(night, search))
    return render_template("organize/night.html", **_context(night, search))


@bp.post("/nights/<int:night_id>/checkin")
def night_checkin(night_id: int) -> Response | tuple[str, int]:
    """Check in a member (``member_id``), or a new member or guest by name."""
    _night(night_id)
    form = CheckInForm()
    try:
        nights.check_in(night_id, form.checked().arrival(), form.posted_version(), actor())
    except ServiceError as error:
        # After a conflict the form starts again from the night as it is now (its version).
        return _refused(error, night_id, form,
                        **({} if error.status == Conflict.status else {"checkin": form}))
    return _answer(night_id)


@bp.post("/nights/<int:night_id>/players/<int:start_no>")
def night_player(night_id: int, start_no: int) -> Response | tuple[str, int]:
    """A player's change between rounds: withdraw, a bye asked for, off the list."""
    _night(night_id)
    form = PlayerActionForm()
    try:
        what, version = form.checked().action.data or "", form.posted_version()
        if what == "withdraw":
            nights.withdraw(night_id, start_no, version, actor())
        elif what == "remove":
            nights.check_out(night_id, start_no, version, actor())
        else:
            nights.request_bye(night_id, start_no, form.round_no,
                               "" if what == "cancel" else what, version, actor())
    except ServiceError as error:
        return _refused(error, night_id, form)
    return _answer(night_id)


@bp.post("/nights/<int:night_id>/forbid")
def night_forbid(night_id: int) -> Response | tuple[str, int]:
    """Two players who must not be paired."""
    _night(night_id)
    form = TwoPlayersForm()
    try:
        nights.forbid_pair(night_id, *form.checked().numbers(), form.posted_version(),
                           actor())
    except ServiceError as error:
        return _refused(error, night_id, form)
    return _answer(night_id)


@bp.post("/nights/<int:night_id>/rounds/<int:round_no>")
def night_round(night_id: int, round_no: int) -> Response | tuple[str, int]:
    """Pair, publish or undo a round."""
    _night(night_id)
    form = RoundActionForm()
    try:
        what, version = form.checked().action.data, form.posted_version()
        if what == "pair":
            said = _pair(night_id, round_no, version)
        elif what == "publish":
            rounds.publish_round(night_id, round_no, version, actor())
            said = _("Round %(round)d is published.", round=round_no)
        else:
            rounds.undo_pairing(night_id, round_no, version, actor())
            said = _("The pairing of round %(round)d is undone.", round=round_no)
    except ServiceError as error:
        return _refused(error, night_id, form)
    return _answer(night_id, said)


def _pair(night_id: int, round_no: int, version: int) -> str:
    """Pair the round, the engine's work outside the write lock: at once when the round is
    small (``NIGHT_PAIRING_INLINE_PLAYERS``), else by a background job, which this request
    waits for a moment (``NIGHT_PAIRING_WAIT_SECONDS``) so that a quick one still answers at
    once; a longer one shows its progress on the desk. What to say afterwards."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    paired = _("Round %(round)d is paired: check the preview, then publish it.", round=round_no)
    posed = rounds.pose_pairing(night_id, round_no, version)
    if posed.paired:
        return paired
    if posed.ready is not None or posed.players <= int(
            app.config.get("NIGHT_PAIRING_INLINE_PLAYERS", 60)):
        rounds.store_pairing(night_id, round_no, version, rounds.engine_answer(posed), actor())
        return paired
    token = night_pairing.start_job(night_id, round_no, version, stale=_stale())
    if token is not None:
        job = night_pairing.launch(app, night_id, round_no, version, token, actor())
        job.join(float(app.config.get("NIGHT_PAIRING_WAIT_SECONDS", 2.0)))
    db.session.rollback()  # see what the job committed meanwhile
    night = _night(night_id)
    if any(r.round == round_no for r in night.rounds_state):
        return paired
    if night.pairing_round is None:
        return ""  # the job ended without a round: the desk says why
    return _("Round %(round)d is being paired in the background (%(players)d players). The desk "
             "shows the pairing when it is done; everything else can be done meanwhile.",
             round=round_no, players=posed.players)


@bp.get("/nights/<int:night_id>/pairing")
def night_pairing_state(night_id: int) -> Response | str:
    """The desk's box of a round being paired in the background, polled by htmx: while the
    job runs, the box again (its time so far); once it has ended (stored, refused, expired),
    a full reload of the desk (``HX-Refresh``). Without htmx: the desk."""
    night = _night(night_id)
    if not is_htmx():
        return see_other("organize.night", night_id=night_id)
    pairing = pairing_view(night, stale=_stale())  # the night's row only: no standings
    if pairing is not None and pairing.running:
        return render_template("organize/_night_pairing.html", pairing=pairing,
                               night_id=night_id, names={}, says=sentences)
    done = Response("", 200)
    done.headers["HX-Refresh"] = "true"
    return done


@bp.post("/nights/<int:night_id>/rounds/<int:round_no>/swap")
def night_swap(night_id: int, round_no: int) -> Response | tuple[str, int]:
    """Two players change places in a round by hand; the warnings are shown."""
    _night(night_id)
    form = TwoPlayersForm()
    try:
        warnings = rounds.swap_players(night_id, round_no, *form.checked().numbers(),
                                       form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, night_id, form)
    view = _view(_night(night_id))
    return _answer(night_id, " ".join(render_named(w, view.names) for w in warnings))


@bp.post("/nights/boards/<int:board_id>")
def night_result(board_id: int) -> Response | tuple[str, int]:
    """One tap: a board's result. htmx gets the board back, a plain form the night page."""
    board = db.session.get(NightBoard, board_id) if board_id <= MAX_ID else None
    if board is None:
        abort(404)
    night_id = board.night_id
    form = BoardResultForm()
    try:
        rounds.record_result(board_id, form.checked().result.data or "",
                             form.posted_version(), actor())
    except ServiceError as error:
        if not is_htmx():
            return _refused(error, night_id, form)
        db.session.rollback()
        return refused(error, "organize/_night_board.html", form,
                       **_board(night_id, board_id), message=error.message)
    if not is_htmx():
        return see_other("organize.night", night_id=night_id)
    db.session.expire_all()
    return render_template("organize/_night_board.html", **_board(night_id, board_id)), 200


def _board(night_id: int, board_id: int) -> dict[str, Any]:
    """One board as the night page shows it (what a result tap from htmx answers)."""
    view = _view(_night(night_id))
    shown = next(b for r in view.rounds for b in r.boards if b.id == board_id)
    state = next(r for r in view.rounds if any(b.id == board_id for b in r.boards))
    return dict(view=view, board=shown, round=state, say=sentence)


@bp.post("/nights/<int:night_id>/finish")
def night_finish(night_id: int) -> Response | tuple[str, int]:
    """Put the finished night into the ladder (as an import of the same TRF would)."""
    _night(night_id)
    form = VersionedForm()
    try:
        event = rounds.finish(night_id, form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, night_id, form)
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
