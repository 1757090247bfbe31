"""The desk's side of the players' phones (docs/club-night.md §6): the night's code and its QR
code, a new code, phones switched off or on, the poster and the code on the pairing sheet,
the names the phones send (accepted or refused with one tap), the phones' check-ins (refused
with one tap), and the players' reports on each board (a disagreement flagged, a report
accepted with the desk's own result tap).

The panel (``#night-phones``) polls itself every :data:`POLL_SECONDS` seconds with the
night's state it shows (``?seen=``): ``204 No Content`` while nothing changed; otherwise the
panel and, out of band, the parts of the desk a phone may have changed (the round with its
reports and results, the standings, the players, the summary, the night's version in every
form), so arrivals and results appear on the desk live and no form of the desk is refused as
older than the night because a phone did something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, g, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response
from wtforms import StringField

from ...extensions import db
from ...models import Night
from ...queries.night_self import (
    BoardReports,
    DeskPhones,
    LinkState,
    desk_phones,
    link_state,
    night_code,
    phone_reports,
)
from ...services import ServiceError
from ...services import night_self as phones
from ..support.forms import Checkbox, ClubForm, OneOf
from ..support.htmx import wants_fragment
from ..support.night_words import sentence, sentences
from ..support.qr import qr_svg
from ..support.request_state import actor, club_settings, club_state
from . import bp
from .dashboard import see_other
from .night import _night, _refused, _view

#: Seconds between two polls of the desk's phone panel.
POLL_SECONDS = 4
#: What a phone may change on the desk (refreshed out of band when the night changed).
DESK_PARTS = ("summary", "round", "standings", "players", "versions")


class PhonesForm(ClubForm):
    """The phones' link: a new code (``rotate``), switched off or on."""

    action = StringField(validators=[OneOf(("rotate", "on", "off"), _l("Choose what to do."))])


class ArrivalForm(ClubForm):
    """One tap on a phone's check-in: the member it is, a guest, a new member, or refused;
    ``junior`` for a name accepted as a guest or a new member."""

    action = StringField(validators=[OneOf(("member", "guest", "new", "refuse"),
                                           _l("Choose what to do."))])
    junior = Checkbox(_l("Junior (shown by initials on public pages)"))


@dataclass(frozen=True)
class PhonePanel:
    """What the desk shows of the phones: the link, its code and addresses, the arrivals."""

    night_id: int
    link: LinkState
    code: str
    join_url: str  # with the code: what the QR code holds
    plain_url: str  # without it: where a phone types the code
    screen_url: str
    arrivals: DeskPhones

    @property
    def qr(self) -> Any:
        """The QR code of :attr:`join_url` as inline SVG."""
        return qr_svg(self.join_url, _("Check in at the club night"))


def phone_panel(night: Night) -> PhonePanel | None:
    """The desk's phone panel of ``night`` (None when there is no such night)."""
    link = link_state(db.session, night.id)
    if link is None:
        return None
    code = night_code(night.id, link.rotation)
    screen = url_for("players.screen", night_id=night.id, _external=True,
                     **({} if club_state().visibility == "public" else {"code": code}))
    return PhonePanel(night.id, link, code,
                      url_for("players.join_scanned", night_id=night.id, code=code,
                              _external=True),
                      url_for("players.join", night_id=night.id, _external=True), screen,
                      desk_phones(db.session, night, club_settings().initials_for_all))


def board_reports(night_id: int) -> dict[int, BoardReports]:
    """The players' reports of the night's boards (once per request, for every board)."""
    held = g.get("phone_reports")
    if held is None or held[0] != night_id:
        held = g.phone_reports = (night_id, phone_reports(db.session, night_id))
    return held[1]


@bp.app_template_global()
def night_phones(night: Night) -> PhonePanel | None:
    """The phone panel, for the desk's template."""
    return phone_panel(night)


@bp.app_template_global()
def night_board_reports(night_id: int, board_id: int) -> BoardReports | None:
    """A board's reports from the players' phones, for the desk's board template."""
    return board_reports(night_id).get(board_id)


def _panel_answer(night_id: int, message: str | None = None, *, desk: bool = True) -> str:
    """The panel and, out of band, the desk's parts a phone may have changed (``desk``), or
    only the current round's reports (a report changes nothing else: the organizer's focus
    and open details stay where they are)."""
    night = _night(night_id)
    view = _view(night)
    panel = render_template("organize/_night_phones.html", panel=phone_panel(night),
                            view=view, message=message)
    if not desk:
        return panel + render_template("organize/_night_phones_boards.html", view=view)
    return panel + render_template("organize/_night_oob.html", view=view, parts=DESK_PARTS,
                                   say=sentence, says=sentences)


@bp.get("/nights/<int:night_id>/phones")
def night_phones_poll(night_id: int) -> Response | str:
    """The panel's poll. ``seen`` is what the panel shows of the phones
    (:attr:`LinkState.phones_tag`), ``version`` the night's version the desk shows (every
    answer of the desk keeps it current): 204 while both are as they are; the panel with the
    reports when only the phones changed something; with the desk's parts when the night
    changed otherwise (a phone checked in, a result entered by agreement)."""
    state = link_state(db.session, night_id)
    if state is None:
        abort(404)
    desk_changed = request.args.get("version") != str(state.version)
    if request.args.get("seen") == state.phones_tag and not desk_changed:
        return Response(status=204)
    return _panel_answer(night_id, desk=desk_changed)


@bp.post("/nights/<int:night_id>/phones")
def night_phones_link(night_id: int) -> Response | tuple[str, int] | str:
    """A new code, or the phones switched off or on."""
    _night(night_id)
    form = PhonesForm()
    try:
        what = form.checked().action.data
        if what == "rotate":
            phones.rotate_code(night_id, actor())
        else:
            phones.switch_phones(night_id, what == "on", actor())
    except ServiceError as error:
        if wants_fragment("night-phones"):
            return _panel_answer(night_id, error.message)
        return _refused(error, night_id, form)
    if wants_fragment("night-phones"):
        return _panel_answer(night_id)
    return see_other("organize.night", night_id=night_id, _anchor="night-phones")


@bp.post("/nights/<int:night_id>/phones/arrivals/<int:arrival_id>")
def night_phones_arrival(night_id: int, arrival_id: int) -> Response | tuple[str, int] | str:
    """One tap on a phone's check-in: accept a name (as the member it is, a guest, a new
    member), or refuse it."""
    _night(night_id)
    form = ArrivalForm()
    message = None
    try:
        what = form.checked().action.data or ""
        if what == "refuse":
            phones.refuse_arrival(night_id, arrival_id, actor())
        else:
            phones.accept_arrival(night_id, arrival_id, what, bool(form.junior.data), actor())
    except ServiceError as error:
        if not wants_fragment("night-phones"):
            return _refused(error, night_id, form)
        message = error.message
    if wants_fragment("night-phones"):
        return _panel_answer(night_id, message)
    return see_other("organize.night", night_id=night_id, _anchor="night-phones")


@bp.get("/nights/<int:night_id>/phones/print")
def night_phones_print(night_id: int) -> str:
    """The poster for the wall: the QR code, the code and the address, how to use them."""
    night = _night(night_id)
    panel = phone_panel(night)
    if panel is None or not panel.link.open:
        abort(404)
    return render_template("organize/night_phones_print.html", night=night, panel=panel)


__all__ = ["PhonePanel", "phone_panel", "board_reports", "POLL_SECONDS"]
