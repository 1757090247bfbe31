"""One member's organizer page: entries with re-link, the junior flag, the consent record."""

from __future__ import annotations

import datetime as dt

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Entry, Member
from ...queries import organizer_members as reads
from ...services import InvalidInput, ServiceError
from ...services import members as service
from ..errors import refused
from ..forms import quoted
from ..htmx import changed, is_htmx, wants_fragment
from ..request_state import actor
from ..request_values import digits
from . import bp

MAX_NOTE = 500
MAX_RECORDED_BY = 200


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


# --- one member --------------------------------------------------------------------------------

def _detail_context(member: Member, **extra: object) -> dict[str, object]:
    merged_into = (db.session.get(Member, member.merged_into_id)
                   if member.merged_into_id is not None else None)
    context: dict[str, object] = {
        "member": member, "entries": reads.member_entries(member.id),
        "merged_into": merged_into, "today": dt.date.today(), "editing": None,
        "choices": [], "message": None, "error": None, "consent_error": None,
        "junior_error": None, "consent_form": None, "rename_error": None,
        "rename_value": member.name, "namesakes": [],
        "aliases": reads.member_aliases(member.id),
    }
    context.update(extra)
    return context


@bp.get("/<int:member_id>")
def detail(member_id: int) -> str:
    """A member's organizer page: entries with re-link, junior flag, consent record."""
    member = visible_member_or_404(member_id)
    return render_template("members/detail.html", **_detail_context(member))


def _entry_or_404(entry_id: int) -> Entry:
    entry = db.session.get(Entry, entry_id)
    if entry is None or entry.member_id is None:
        abort(404)
    return entry


def _entry_line(entry: Entry) -> reads.EntryLine:
    return next(line for line in reads.member_entries(entry.member_id)  # type: ignore[arg-type]
                if line.entry_id == entry.id)


@bp.get("/entries/<int:entry_id>/relink")
def relink_form(entry_id: int) -> str:
    """The re-link control of one entry (click to edit; the full page without JavaScript)."""
    entry = _entry_or_404(entry_id)
    choices = [c for c in reads.visible_members() if c[0] != entry.member_id]
    if wants_fragment(f"entry-{entry.id}"):
        return render_template("members/_entry_row.html", line=_entry_line(entry),
                               member=entry.member, editing=entry.id, choices=choices)
    member = entry.member
    assert member is not None
    return render_template("members/detail.html",
                           **_detail_context(member, editing=entry.id, choices=choices))


@bp.get("/entries/<int:entry_id>/row")
def entry_row(entry_id: int) -> str:
    """One entry row, not editing (the Cancel of the re-link control)."""
    entry = _entry_or_404(entry_id)
    if not wants_fragment(f"entry-{entry.id}"):
        return redirect(url_for(".detail", member_id=entry.member_id), code=303)  # type: ignore[return-value]
    return render_template("members/_entry_row.html", line=_entry_line(entry),
                           member=entry.member, editing=None, choices=[])


@bp.post("/entries/<int:entry_id>/relink")
def relink(entry_id: int) -> Response | str | tuple[str, int]:
    """Move one entry to another member or to a new member (docs/desk.md §2 split / re-link)."""
    entry = _entry_or_404(entry_id)
    owner = entry.member
    assert owner is not None
    raw, event_name = entry.raw_name, entry.event.name
    choice = request.form.get("member", "").strip()
    target_id = None if choice == "new" else form_int("member")
    owner_id = owner.id
    try:
        if choice != "new" and target_id is None:
            raise InvalidInput(_("Choose a member, or “a new member”."))
        target = service.relink(entry_id, target_id, actor())
    except ServiceError as error:
        return refused(error, lambda message: _relink_refused(owner_id, entry_id, message))
    message = _("“%(raw)s” in “%(event)s” now belongs to %(name)s.", raw=raw, event=event_name,
                name=target.name)
    if is_htmx():
        owner = visible_member_or_404(owner.id)
        return changed(render_template(
            "members/_entries.html", **_detail_context(owner, message=message, target=target)))
    return done(message, url_for(".detail", member_id=owner.id))


def _relink_refused(owner_id: int, entry_id: int, message: str) -> str:
    owner = visible_member_or_404(owner_id)
    if is_htmx():
        return render_template("members/_entries.html", **_detail_context(owner, error=message))
    choices = [c for c in reads.visible_members() if c[0] != owner.id]
    return render_template("members/detail.html", **_detail_context(
        owner, error=message, editing=entry_id, choices=choices))


@bp.post("/<int:member_id>/junior")
def junior(member_id: int) -> Response | str | tuple[str, int]:
    """Set or clear the junior flag (initials on public pages unless consent is recorded)."""
    member = visible_member_or_404(member_id)
    flag = request.form.get("junior") == "1"
    member_id = member.id
    try:
        service.set_junior(member_id, flag, actor())
    except ServiceError as error:
        return refused(error, lambda message: _member_settings_error(
            member_id, "members/_junior.html", junior_error=message))
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
        raise InvalidInput(_("“%(value)s” is not a date (YYYY-MM-DD).", value=quoted(value)),
                           field="date") from None


@bp.post("/<int:member_id>/consent")
def consent(member_id: int) -> Response | str | tuple[str, int]:
    """Record (or withdraw) the consent of parent and child to show the full name (docs/privacy.md)."""
    member = visible_member_or_404(member_id)
    form = {key: request.form.get(key, "") for key in
            ("given", "date", "recorded_by", "note", "parent_and_child")}
    given = form["given"] == "yes"
    member_id = member.id
    try:
        if form["given"] not in ("yes", "no"):
            raise InvalidInput(_("Choose whether consent was given."))
        if len(form["note"]) > MAX_NOTE or len(form["recorded_by"]) > MAX_RECORDED_BY:
            raise InvalidInput(_("The note or the name of the recorder is too long."))
        service.record_consent(member_id, given, actor(), date=_parse_date(form["date"]),
                               recorded_by=form["recorded_by"], note=form["note"],
                               parent_and_child=form["parent_and_child"] == "1")
    except ServiceError as error:
        return refused(error, lambda message: _member_settings_error(
            member_id, "members/_consent.html", consent_error=message, consent_form=form))
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


@bp.post("/<int:member_id>/rename")
def rename(member_id: int) -> Response | str | tuple[str, int]:
    """Correct a member's name (the old spelling is kept as an alias for name matching)."""
    member = visible_member_or_404(member_id)
    typed = request.form.get("name", "")  # the service refuses a name too long
    old = member.name
    try:
        renamed = service.rename(member_id, typed, actor())
    except ServiceError as error:
        return refused(error, lambda message: render_template(
            "members/detail.html", **_detail_context(visible_member_or_404(member_id),
                                                     rename_error=message,
                                                     rename_value=typed)))
    others = service.namesakes(renamed.name, besides=renamed.id)
    if others:
        # Allowed (two people may share a name) but worth a look: offer the merge.
        flash(_("%(name)s is also the name of another member; if they are one person, merge "
                "them on the Duplicates page.", name=renamed.name), "warning")
    return done(_("“%(old)s” is now “%(new)s”; the old spelling still finds this member.",
                  old=old, new=renamed.name), url_for(".detail", member_id=member_id))

