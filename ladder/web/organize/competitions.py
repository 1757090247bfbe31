"""A competition on the organizer's desk (docs/competitions.md §7): the list and a new one, the
competition's page (next round, attendance, tonight's night, nights, members, table), its
rules, the one-tap attendance list, and the exports with full names.

Views are thin: each reads its form, calls one service and answers (303 after a change; the
page again with the message and 409/422 when refused). A tap on the attendance list from htmx
answers just that row.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import abort, flash, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...competition.keizer_params import DEFAULTS
from ...competition.record import KEIZER
from ...extensions import db
from ...models import Competition
from ...queries.competitions import (
    competition_view,
    list_competitions,
    load_competition,
    next_round_marks,
    stored_settings,
)
from ...queries.night import load_night
from ...queries.organizer_members import visible_members
from ...queries.seasons import all_seasons
from ...services import ServiceError
from ...services import competition_nights as nights
from ...services import competitions as services
from ..support.competition_exports import json_download, trf_download
from ..support.competition_words import (
    BYE_VALUES,
    CHOICE_LABELS,
    DISPLAY_LABELS,
    GROUP_TITLES,
    HOW_WORDS,
    KEIZER_HELP,
    STATUS_WORDS,
    SYSTEM_NAMES,
    shown_points,
    word,
)
from ..support.errors import refused
from ..support.htmx import answers_fragment, redirect_to, refresh_page
from ..support.request_state import actor, names
from ..support.request_values import MAX_ID
from . import bp
from .competition_forms import (
    GROUPS,
    KEIZER_FIELDS,
    CatchUpForm,
    CompetitionForm,
    MarkForm,
    MembersForm,
    OpenNightForm,
    RatingForm,
    RulesForm,
    default_shown,
)
from .dashboard import see_other


def _competition(competition_id: int) -> Competition:
    found = load_competition(db.session, competition_id) if competition_id <= MAX_ID else None
    if found is None:
        abort(404)
    return found


def full_name(member_id: int) -> str:
    """Organizer pages show every full name (the name book of an organizer's request)."""
    return names()(member_id)


def _words() -> dict[str, Any]:
    return dict(system_names=SYSTEM_NAMES, status_words=STATUS_WORDS, word=word,
                shown_points=shown_points, how_words=HOW_WORDS)


def _list_context(form: CompetitionForm) -> dict[str, Any]:
    return dict(competitions=list_competitions(db.session), form=form,
                seasons=all_seasons(db.session), members=visible_members(), **_words())


@bp.get("/competitions")
def competitions() -> str:
    """Every competition, and the form for a new one."""
    return render_template("organize/competitions.html",
                           **_list_context(CompetitionForm(formdata=None)))


@bp.post("/competitions")
def competition_create() -> Response | tuple[str, int]:
    """Create a competition with its members (its rules take their defaults: change them
    on its rules page)."""
    form = CompetitionForm()
    try:
        form.checked()
        competition = services.create_competition(services.CompetitionSettings(
            name=form.name.data or "", system=form.system.data or KEIZER,
            season_id=form.season()), form.member_ids(request.form), actor())
    except ServiceError as error:
        return refused(error, "organize/competitions.html", form, **_list_context(form))
    flash(_("The competition “%(name)s” is created; its rules take their defaults until you "
            "change them.", name=competition.name), "info")
    return see_other("organize.competition", competition_id=competition.id)


def _desk_context(competition: Competition, **posted: Any) -> dict[str, Any]:
    view = competition_view(db.session, competition, full_name)
    in_it = {member_id for member_id, *_rest in view.members}
    forms: dict[str, Any] = {
        "open_form": OpenNightForm(formdata=None, data={"date": dt.date.today(), "rounds": "1",
                                                        "rated": True},
                                   version=competition.version),
        "members_form": MembersForm(formdata=None, version=competition.version),
        "versioned": CatchUpForm(formdata=None, version=competition.version)}
    forms.update(posted)
    return dict(view=view, competition=competition, name=full_name,
                others=[(i, n) for i, n in visible_members() if i not in in_it],
                nights=_nights_of(competition), **forms, **_words())


def _nights_of(competition: Competition) -> list[tuple[Any, Any]]:
    return [(link, load_night(db.session, link.night_id)) for link in competition.nights]


@bp.get("/competitions/<int:competition_id>")
def competition(competition_id: int) -> str:
    """The competition's desk: the next round and its attendance, tonight's night, the
    nights, the members, the table."""
    return render_template("organize/competition.html",
                           **_desk_context(_competition(competition_id)))


def _refused(error: ServiceError, competition_id: int, form: Any, **posted: Any
             ) -> tuple[str, int]:
    return refused(error, "organize/competition.html", form,
                   **_desk_context(_competition(competition_id), **posted))


@bp.post("/competitions/<int:competition_id>/nights")
def competition_open_night(competition_id: int) -> Response | tuple[str, int]:
    """Open tonight's club night for the next round(s); its desk comes next."""
    _competition(competition_id)
    form = OpenNightForm()
    try:
        form.checked()
        night = nights.open_night(competition_id, form.date.data, form.rounds_tonight(),
                                  form.posted_version(), actor(), name=form.name.data or "",
                                  rated=bool(form.rated.data))
    except ServiceError as error:
        return _refused(error, competition_id, form, open_form=form)
    flash(_("Tonight's club night is open: check the players in, then pair the round."),
          "info")
    return see_other("organize.night", night_id=night.id)


@bp.post("/competitions/<int:competition_id>/nights/<int:night_id>/catch-up")
def competition_catch_up(competition_id: int, night_id: int) -> Response | tuple[str, int]:
    """A round-robin's night adds or drops its round of postponed games."""
    _competition(competition_id)
    form = CatchUpForm()
    try:
        nights.set_catch_up(competition_id, night_id, bool(form.on.data),
                            form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, competition_id, form)
    return see_other("organize.competition", competition_id=competition_id)


@bp.post("/competitions/<int:competition_id>/members")
def competition_members(competition_id: int) -> Response | tuple[str, int]:
    """Add the ticked members (late entrants once a round is paired)."""
    _competition(competition_id)
    form = MembersForm()
    try:
        form.checked()
        services.add_members(competition_id, form.member_ids(request.form),
                             form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, competition_id, form, members_form=form)
    return see_other("organize.competition", competition_id=competition_id)


@bp.post("/competitions/<int:competition_id>/members/<int:member_id>/remove")
def competition_remove(competition_id: int, member_id: int) -> Response | tuple[str, int]:
    """Take a member off before they played a round of it."""
    _competition(competition_id)
    form = MembersForm()
    try:
        services.remove_member(competition_id, member_id, form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, competition_id, form)
    return see_other("organize.competition", competition_id=competition_id)


@bp.post("/competitions/<int:competition_id>/members/<int:member_id>/rating")
def competition_rating(competition_id: int, member_id: int) -> Response | tuple[str, int]:
    """The rating the competition ranks a member by, before they play a round of it."""
    _competition(competition_id)
    form = RatingForm()
    try:
        form.checked()
        services.set_member_rating(competition_id, member_id, form.value(),
                                   form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, competition_id, form)
    return see_other("organize.competition", competition_id=competition_id)


@bp.post("/competitions/<int:competition_id>/delete")
def competition_delete(competition_id: int) -> Response | tuple[str, int]:
    """Delete a competition no night has played."""
    competition = _competition(competition_id)
    name = competition.name
    form = MembersForm()
    try:
        services.delete_competition(competition_id, form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, competition_id, form)
    flash(_("The competition “%(name)s” is deleted.", name=name), "info")
    return see_other("organize.competitions")


# ---------------------------------------------------------------- the rules


def _rules_context(competition: Competition, form: RulesForm) -> dict[str, Any]:
    return dict(competition=competition, form=form, seasons=all_seasons(db.session),
                keizer_fields=KEIZER_FIELDS, groups=GROUPS, group_titles=GROUP_TITLES,
                keizer_help=KEIZER_HELP,
                keizer_choices={spec.name: [(value, CHOICE_LABELS[(spec.name, value)])
                                            for value in spec.choices]
                                for spec in KEIZER_FIELDS if spec.kind == "choice"},
                bye_values=BYE_VALUES, display_labels=DISPLAY_LABELS,
                default_shown=_default_words, **_words())


def _default_words(spec: Any) -> str:
    """A Keizer setting's documented default as the help line names it: a choice by its
    label, a flag by yes or no, an empty limit as none."""
    value = getattr(DEFAULTS, spec.name)
    if spec.kind == "choice":
        return str(CHOICE_LABELS[(spec.name, value)])
    if spec.kind == "flag":
        return _("yes") if value else _("no")
    if spec.kind == "limit" and value is None:
        return _("none")
    return default_shown(spec)


@bp.get("/competitions/<int:competition_id>/rules")
def competition_rules(competition_id: int) -> str:
    """Every rule of the competition's system, each with its default and a short help."""
    competition = _competition(competition_id)
    form = RulesForm(formdata=None)
    form.fill(competition, stored_settings(competition))
    return render_template("organize/competition_rules.html",
                           **_rules_context(competition, form))


@bp.post("/competitions/<int:competition_id>/rules")
def competition_rules_save(competition_id: int) -> Response | tuple[str, int]:
    """Save the rules; a refused value is named beside its field, nothing saved."""
    competition = _competition(competition_id)
    form = RulesForm()
    try:
        form.checked()
        services.update_competition(competition_id, form.settings(competition.system),
                                    form.posted_version(), actor())
    except ServiceError as error:
        return refused(error, "organize/competition_rules.html", form,
                       **_rules_context(_competition(competition_id), form))
    flash(_("The rules are saved; the table follows them at once."), "info")
    return see_other("organize.competition", competition_id=competition_id)


# ---------------------------------------------------------------- attendance


def _attendance_context(competition: Competition, round_no: int) -> dict[str, Any]:
    view = competition_view(db.session, competition, full_name)
    marks = next_round_marks(competition, round_no)
    rows = [(member_id, number, marks.get(member_id, "")) for member_id, number, _rating,
            entry in view.members if entry <= round_no]
    rows.sort(key=lambda row: full_name(row[0]).casefold())
    return dict(competition=competition, round_no=round_no, rows=rows, name=full_name,
                view=view, **_words())


@bp.get("/competitions/<int:competition_id>/attendance/<int:round_no>")
def competition_attendance(competition_id: int, round_no: int) -> str:
    """The one-tap list for a round: away with notice, away for the club's team, or no mark
    (the night's check-in then decides present or absent)."""
    competition = _competition(competition_id)
    if round_no > MAX_ID:
        abort(404)
    return render_template("organize/competition_attendance.html",
                           **_attendance_context(competition, round_no))


@bp.post("/competitions/<int:competition_id>/attendance/<int:round_no>/<int:member_id>")
def competition_mark(competition_id: int, round_no: int, member_id: int
                     ) -> Response | tuple[str, int] | str:
    """One tap: a member's mark for a round. htmx gets the row back, a plain form the list."""
    _competition(competition_id)
    form = MarkForm()
    try:
        form.checked()
        services.mark_attendance(competition_id, round_no, member_id, form.status.data or "",
                                 actor())
    except ServiceError as error:
        if answers_fragment():
            return _mark_answer(competition_id, round_no, member_id, form, error)
        context = _attendance_context(_competition(competition_id), round_no)
        return refused(error, "organize/competition_attendance.html", form, **context)
    if not answers_fragment():
        return see_other("organize.competition_attendance", competition_id=competition_id,
                         round_no=round_no)
    return _mark_answer(competition_id, round_no, member_id, form)


def _mark_answer(competition_id: int, round_no: int, member_id: int, form: MarkForm,
                 error: ServiceError | None = None) -> Response | tuple[str, int] | str:
    """htmx's answer to a tap: the member's row as it is now, with the refusal if any. The list
    is read again after the tap's commit, and another organizer may have changed it meanwhile:
    a competition deleted leads to the list of competitions, saying so; a member taken out of
    it reloads the page (the row is gone). Never a 404 or 500 for a tap that was saved."""
    competition = load_competition(db.session, competition_id)
    if competition is None:
        flash(error.message if error is not None else
              _("The mark was saved, but another organizer has since deleted the competition."),
              "error" if error is not None else "info")
        return redirect_to(url_for("organize.competitions"))
    context = _attendance_context(competition, round_no)
    row = next((r for r in context["rows"] if r[0] == member_id), None)
    if row is None:
        if error is not None:
            flash(error.message, "error")
        return refresh_page()
    if error is not None:
        return refused(error, "organize/_competition_mark.html", form, row=row,
                       message=error.message, **context)
    return render_template("organize/_competition_mark.html", row=row, **context)


# ---------------------------------------------------------------- exports (full names)


@bp.get("/competitions/<int:competition_id>.trf")
def competition_trf(competition_id: int) -> Response:
    """The competition as a TRF, with full names (Swiss and round-robin; a Keizer's games
    too, as rounds)."""
    return trf_download(_competition(competition_id), full_name)


@bp.get("/competitions/<int:competition_id>.json")
def competition_json(competition_id: int) -> Response:
    """A Keizer competition as the exchange JSON (ids are pairing numbers: no names)."""
    return json_download(_competition(competition_id))
