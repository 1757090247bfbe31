"""Blueprint 'members' (organizer only): roster, member page, re-link, junior flag, consent.

Merging (duplicates view, merge anywhere, merges list with undo) lives in ``members_merge``,
which registers its views on the same blueprint.

Every mutation is a POST (CSRF-protected: a hidden field in forms, a header from htmx), calls one
service (one transaction with its replay and audit entry) and answers a plain request with a 303
and a flashed message, an HTMX request with the updated fragment and ``HX-Trigger: ladderChanged``.
A refused change re-renders with the message at 200 (htmx 2 does not swap 4xx responses).
"""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, Response, abort, flash, make_response, redirect, render_template, \
    request, url_for
from flask_babel import gettext as _

from ..extensions import db
from ..models import Entry, Member
from ..services import ServiceError
from ..services import members as service
from .guards import organizer_required
from .helpers import actor, digits, is_htmx, wants_fragment

bp = Blueprint("members", __name__)

MAX_QUERY = 100
MAX_NOTE = 500
MAX_RECORDED_BY = 200
CHANGED = "ladderChanged"


# --- helpers shared with members_merge --------------------------------------------------------

def changed(html: str) -> Response:
    """An HTMX answer after a successful change: the fragment, and the ladderChanged event."""
    response = make_response(html)
    response.headers["HX-Trigger"] = CHANGED
    return response


def done(message: str, location: str) -> Response:
    """A plain answer after a successful change: flash the message, 303 to ``location``."""
    flash(message, "success")
    return redirect(location, code=303)


def form_int(name: str) -> int | None:
    """An integer form field, or None when it is missing or not a number."""
    return digits(request.form.get(name), 12)


def visible_member_or_404(member_id: int) -> Member:
    """The member with ``member_id`` (merged ones included: the organizer sees them), or 404."""
    member = db.session.get(Member, member_id)
    if member is None:
        abort(404)
    return member


# --- roster ------------------------------------------------------------------------------------

@bp.get("/")
@organizer_required
def index() -> str:
    """The roster for the organizer: full names, junior flag, consent, rating, games; search."""
    query = request.args.get("q", "")[:MAX_QUERY].strip()
    members = service.roster(query)
    template = ("members/_roster_rows.html" if wants_fragment("roster-rows")
                else "members/index.html")
    return render_template(template, members=members, query=query)


# --- one member --------------------------------------------------------------------------------

def _detail_context(member: Member, **extra: object) -> dict[str, object]:
    merged_into = (db.session.get(Member, member.merged_into_id)
                   if member.merged_into_id is not None else None)
    context: dict[str, object] = {
        "member": member, "entries": service.member_entries(member.id),
        "merged_into": merged_into, "today": dt.date.today(), "editing": None,
        "choices": [], "message": None, "error": None, "consent_error": None,
        "junior_error": None, "consent_form": None,
    }
    context.update(extra)
    return context


@bp.get("/<int:member_id>")
@organizer_required
def detail(member_id: int) -> str:
    """A member's organizer page: entries with re-link, junior flag, consent record."""
    member = visible_member_or_404(member_id)
    return render_template("members/detail.html", **_detail_context(member))


def _entry_or_404(entry_id: int) -> Entry:
    entry = db.session.get(Entry, entry_id)
    if entry is None or entry.member_id is None:
        abort(404)
    return entry


def _entry_line(entry: Entry) -> service.EntryLine:
    return next(line for line in service.member_entries(entry.member_id)  # type: ignore[arg-type]
                if line.entry_id == entry.id)


@bp.get("/entries/<int:entry_id>/relink")
@organizer_required
def relink_form(entry_id: int) -> str:
    """The re-link control of one entry (click to edit; the full page without JavaScript)."""
    entry = _entry_or_404(entry_id)
    choices = [c for c in service.visible_members() if c[0] != entry.member_id]
    if wants_fragment(f"entry-{entry.id}"):
        return render_template("members/_entry_row.html", line=_entry_line(entry),
                               member=entry.member, editing=entry.id, choices=choices)
    member = entry.member
    assert member is not None
    return render_template("members/detail.html",
                           **_detail_context(member, editing=entry.id, choices=choices))


@bp.get("/entries/<int:entry_id>/row")
@organizer_required
def entry_row(entry_id: int) -> str:
    """One entry row, not editing (the Cancel of the re-link control)."""
    entry = _entry_or_404(entry_id)
    if not wants_fragment(f"entry-{entry.id}"):
        return redirect(url_for(".detail", member_id=entry.member_id), code=303)  # type: ignore[return-value]
    return render_template("members/_entry_row.html", line=_entry_line(entry),
                           member=entry.member, editing=None, choices=[])


@bp.post("/entries/<int:entry_id>/relink")
@organizer_required
def relink(entry_id: int) -> Response | str:
    """Move one entry to another member or to a new member (SPEC §4 split / re-link)."""
    entry = _entry_or_404(entry_id)
    owner = entry.member
    assert owner is not None
    raw, event_name = entry.raw_name, entry.event.name
    choice = request.form.get("member", "").strip()
    target_id = None if choice == "new" else form_int("member")
    try:
        if choice != "new" and target_id is None:
            raise ServiceError(_("Choose a member, or “a new member”."))
        target = service.relink(entry_id, target_id, actor())
    except ServiceError as error:
        db.session.rollback()
        owner = visible_member_or_404(owner.id)
        if is_htmx():
            return render_template("members/_entries.html",
                                   **_detail_context(owner, error=error.message))
        choices = [c for c in service.visible_members() if c[0] != owner.id]
        return render_template("members/detail.html", **_detail_context(
            owner, error=error.message, editing=entry_id, choices=choices))
    message = _("“%(raw)s” in “%(event)s” now belongs to %(name)s.", raw=raw, event=event_name,
                name=target.name)
    if is_htmx():
        owner = visible_member_or_404(owner.id)
        return changed(render_template(
            "members/_entries.html", **_detail_context(owner, message=message, target=target)))
    return done(message, url_for(".detail", member_id=owner.id))


@bp.post("/<int:member_id>/junior")
@organizer_required
def junior(member_id: int) -> Response | str:
    """Set or clear the junior flag (initials on public pages unless consent is recorded)."""
    member = visible_member_or_404(member_id)
    flag = request.form.get("junior") == "1"
    try:
        service.set_junior(member.id, flag, actor())
    except ServiceError as error:
        db.session.rollback()
        return _member_settings_error(member.id, "members/_junior.html",
                                      junior_error=error.message)
    message = (_("%(name)s is flagged junior.", name=member.name) if flag
               else _("%(name)s is no longer flagged junior.", name=member.name))
    if is_htmx():
        return changed(render_template("members/_junior.html",
                                       **_detail_context(member, junior_message=message)))
    return done(message, url_for(".detail", member_id=member.id))


def _parse_date(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value.strip()) if value.strip() else None
    except ValueError:
        raise ServiceError(_("“%(value)s” is not a date (YYYY-MM-DD).", value=value[:20]))


@bp.post("/<int:member_id>/consent")
@organizer_required
def consent(member_id: int) -> Response | str:
    """Record (or withdraw) the consent of parent and child to show the full name (SPEC §5)."""
    member = visible_member_or_404(member_id)
    form = {key: request.form.get(key, "") for key in
            ("given", "date", "recorded_by", "note", "parent_and_child")}
    given = form["given"] == "yes"
    try:
        if form["given"] not in ("yes", "no"):
            raise ServiceError(_("Choose whether consent was given."))
        if len(form["note"]) > MAX_NOTE or len(form["recorded_by"]) > MAX_RECORDED_BY:
            raise ServiceError(_("The note or the name of the recorder is too long."))
        service.record_consent(member.id, given, actor(), date=_parse_date(form["date"]),
                               recorded_by=form["recorded_by"], note=form["note"],
                               parent_and_child=form["parent_and_child"] == "1")
    except ServiceError as error:
        db.session.rollback()
        return _member_settings_error(member.id, "members/_consent.html",
                                      consent_error=error.message, consent_form=form)
    message = (_("Consent recorded for %(name)s.", name=member.name) if given
               else _("Consent withdrawn for %(name)s.", name=member.name))
    if is_htmx():
        return changed(render_template("members/_consent.html",
                                       **_detail_context(member, consent_message=message)))
    return done(message, url_for(".detail", member_id=member.id))


def _member_settings_error(member_id: int, fragment: str, **errors: object) -> str:
    member = visible_member_or_404(member_id)
    template = fragment if is_htmx() else "members/detail.html"
    return render_template(template, **_detail_context(member, **errors))


from . import members_merge  # noqa: E402,F401  (registers the merge views on ``bp``)
