"""The club night desk (docs/club-night.md): new night, check-in from the roster's tick list,
pair → preview → publish, results with one tap, a swap by hand, undo; the printable pairing
sheet and board cards (the finish is :mod:`.night_finish`).

Views are thin: each reads the form, calls one service and answers the night page (303 after
a change, the page with the message and 409/422 when refused). An htmx tap answers what it
changed: a result its board and, out of band, the round's next step, the standings and the
night's version in every form of the desk; a tick its row and, out of band, the players, the
round panel and the versions. A desk older than the night (another organizer's change
meanwhile) is loaded again whole instead (:func:`ladder.web.support.htmx.refresh_page`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Member, Night
from ...queries import rows
from ...queries.display_names import hidden_name_keys, load_name_book
from ...queries.night import (
    PAIRING_NUMBER_RULE,
    PAIRING_STALE_SECONDS,
    NightView,
    checkin_roster,
    list_nights,
    load_night,
    night_view,
    pairing_view,
)
from ...services import Conflict, ServiceError, night_pairing
from ...services import night as nights
from ...services import night_rounds as rounds
from ...services.intake import ORDER_PRESETS
from ...services.uow import read_afresh
from ...tiebreaks import DEFAULT_ORDER
from ..support.errors import refused
from ..support.forms import ClubForm, FormInvalid, VersionedForm
from ..support.htmx import answers_fragment, refresh_page, wants_fragment
from ..support.night_words import render_named, sentence, sentences
from ..support.request_state import actor, club_settings
from ..support.request_values import MAX_ID
from . import bp
from .dashboard import see_other
from .forms import (
    BoardResultForm,
    CheckInForm,
    MemberSearchForm,
    NightForm,
    PlayerActionForm,
    RoundActionForm,
    TickForm,
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


def _view(night: Night) -> NightView:
    return night_view(db.session, night, organizer_name, club_settings().provisional_games,
                      stale=_stale())


def _offer(error: ServiceError | None) -> Member | None:
    """The member a typed name turned out to be (:class:`~ladder.services.night.OnRoster`)."""
    if isinstance(error, nights.OnRoster):
        return rows.member(db.session, error.member_id)
    return None


def _context(night: Night, search: MemberSearchForm | None = None,
             error: ServiceError | None = None, **posted: ClubForm) -> dict[str, Any]:
    """What the night page shows: the view, the check-in list (only the rows the search finds
    when one was sent without JavaScript), the member a typed name is (``error``), and the
    forms — the ``posted`` one as it was sent (with its messages), the others carrying the
    night's version."""
    search = search if search is not None else MemberSearchForm(formdata=None)
    query = "" if search.q.errors else (search.q.data or "")
    view = _view(night)
    roster = checkin_roster(db.session, night) if view.can_join else None
    shown = roster.matching(query) if roster is not None and query else roster
    typed = query if shown is not None and query and not (shown.recent or shown.others) else ""
    forms: dict[str, ClubForm] = {
        "versioned": VersionedForm(formdata=None, version=night.version),
        "checkin": CheckInForm(formdata=None, version=night.version, data={"name": typed})}
    forms.update(posted)
    return dict(view=view, search=search, query=query, roster=shown,
                offer=_offer(error), rule=PAIRING_NUMBER_RULE, say=sentence, says=sentences,
                **forms)


def _refused(error: ServiceError, night_id: int, form: ClubForm,
             **posted: ClubForm) -> tuple[str, int]:
    """The night page again with the reason (beside the field it names when that form is
    on the page as ``posted``, else at the top); nothing was changed."""
    return refused(error, "organize/night.html", form,
                   **_context(_night(night_id), error=error, **posted))


def _answer(night_id: int, said: str = "", anchor: str | None = None) -> Response:
    """303 back to the night after a change, saying ``said`` when there is something to say."""
    if said:
        flash(said, "info")
    return see_other("organize.night", night_id=night_id, _anchor=anchor)


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
    """The night's desk: the round at hand, results, standings, the check-in list (only the
    members a search finds, without JavaScript), the players."""
    night = _night(night_id)
    search = MemberSearchForm(formdata=request.args)
    if not search.validate():
        return refused(FormInvalid(search), "organize/night.html", search,
                       **_context(night, search))
    return render_template("organize/night.html", **_context(night, search))


def _desk_parts(night_id: int, template: str, parts: tuple[str, ...],
                **context: Any) -> str:
    """``template`` (the tapped part) followed by the desk's ``parts`` out of band, all from
    the night as it is now."""
    night = _night(night_id)
    view = _view(night)
    main = render_template(template, view=view, say=sentence, says=sentences, **context)
    return main + render_template("organize/_night_oob.html", view=view, parts=parts,
                                  say=sentence, says=sentences)


@bp.post("/nights/<int:night_id>/tick")
def night_tick(night_id: int) -> Response | tuple[str, int] | str:
    """A tap on the check-in list: a member is here (or, before round 1, not after all)."""
    _night(night_id)
    form = TickForm()
    message = None
    # Page or fragment by the htmx target (ladder/web/support/htmx.py): the row the tap came from.
    fragment = wants_fragment(f"tick-row-{form.member}")
    try:
        nights.tick(night_id, form.checked().member, form.here.data == "1", actor())
    except ServiceError as error:
        if not fragment:
            return _refused(error, night_id, form)
        message = error.message
    if not fragment:
        return redirect(url_for("organize.night", night_id=night_id, q=form.q.data or None,
                                _anchor=f"tick-{form.member}"), code=303)
    roster = checkin_roster(db.session, _night(night_id))
    row = roster.row(form.member)
    if row is None:
        # The member left the roster meanwhile (merged into another by an organizer): the
        # desk loads again whole, with the refusal if any, rather than a 404 for the tap.
        if message:
            flash(message, "error")
        return refresh_page()
    return _desk_parts(night_id, "organize/_night_tick.html",
                       ("summary", "round", "players", "versions"), row=row, message=message)


@bp.post("/nights/<int:night_id>/checkin")
def night_checkin(night_id: int) -> Response | tuple[str, int]:
    """Check in a new member or a guest by name, or the member a typed name turned out to be
    (``member_id``)."""
    _night(night_id)
    form = CheckInForm()
    try:
        nights.check_in(night_id, form.checked().arrival(), form.posted_version(), actor())
    except ServiceError as error:
        # After a conflict the form starts again from the night as it is now (its version).
        return _refused(error, night_id, form,
                        **({} if error.status == Conflict.status else {"checkin": form}))
    return _answer(night_id, anchor="checkin")


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
    return _answer(night_id, anchor=f"player-{start_no}")


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
    return _answer(night_id, said, anchor="round")


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
    read_afresh()  # see what the job committed meanwhile
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
    a full reload of the desk (:func:`.refresh_page`). Without htmx: the desk."""
    night = _night(night_id)
    if not answers_fragment():  # a poll: only htmx asks
        return see_other("organize.night", night_id=night_id)
    pairing = pairing_view(night, stale=_stale())  # the night's row only: no standings
    if pairing is not None and pairing.running:
        return render_template("organize/_night_pairing.html", pairing=pairing,
                               night_id=night_id, names={}, says=sentences)
    return refresh_page()


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
    return _answer(night_id, " ".join(render_named(w, view.names) for w in warnings),
                   anchor="round")


@bp.post("/nights/boards/<int:board_id>")
def night_result(board_id: int) -> Response | tuple[str, int] | str:
    """One tap: a board's result. htmx gets the board back with the parts of the desk the
    result changes (out of band); a plain form the night page."""
    board = rows.night_board(db.session, board_id)
    if board is None:
        abort(404)
    night_id = board.night_id
    form = BoardResultForm()
    message = None
    fragment = wants_fragment(f"board-{board_id}")  # the board the tap came from
    try:
        rounds.record_result(board_id, form.checked().result.data or "",
                             form.posted_version(), actor())
    except ServiceError as error:
        if not fragment:
            return _refused(error, night_id, form)
        message = error.message
    if not fragment:
        return see_other("organize.night", night_id=night_id, _anchor=f"board-{board_id}")
    seen, now = form.page_version, _night(night_id).version
    if seen is not None and not 0 <= now - seen <= (0 if message else 1):
        # The night changed besides this tap (another organizer, another tab): the desk
        # loads again whole, the message (if any) waiting on it.
        if message:
            flash(message, "error")
        return refresh_page()
    view = _view(_night(night_id))
    shown = next((b for r in view.rounds for b in r.boards if b.id == board_id), None)
    state = next((r for r in view.rounds if any(b.id == board_id for b in r.boards)), None)
    if shown is None or state is None:
        abort(404)
    return _desk_parts(night_id, "organize/_night_board.html",
                       ("next", "actions", "standings", "versions"), board=shown, round=state,
                       message=message)


def _wall_names(night: Night) -> Any:
    """A player's name by the public display rule, whoever is logged in: what is meant for
    the wall is read by everyone (docs/privacy.md)."""
    from ..public.night import guest_display
    settings = club_settings()
    book = load_name_book(db.session, settings, full=False)
    hidden = hidden_name_keys(db.session, settings)

    def name_of(player: Any) -> str:
        if player.member_id is not None:
            return book(player.member_id)
        return guest_display(player, settings, hidden)
    return name_of


@bp.get("/nights/<int:night_id>/print/<int:round_no>")
def night_print(night_id: int, round_no: int) -> str:
    """The printable pairing sheet of a round and its board cards, by the public display
    rule (juniors by initials: this is what goes on the wall); ``?copy=organizer`` is the
    organizer's own copy with every full name, labelled so on every page."""
    night = _night(night_id)
    full = request.args.get("copy") == "organizer"
    name_of = organizer_name if full else _wall_names(night)
    view = night_view(db.session, night, name_of, club_settings().provisional_games)
    state = next((r for r in view.rounds if r.number == round_no), None)
    if state is None:
        abort(404)
    return render_template("organize/night_print.html", view=view, round=state, say=sentence,
                           organizer_copy=full)
