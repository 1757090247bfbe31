"""One member's organizer page: entries with re-link, the junior flag, the consent record."""

from __future__ import annotations

import datetime as dt

from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...club.consent import JUNIOR_AGE, every_junior_needs_a_guardian
from ...extensions import db
from ...models import Entry, Member
from ...queries import organizer_members as reads
from ...queries import rows
from ...queries.club import club_settings
from ...services import ServiceError
from ...services import members as service
from ..support.errors import refused
from ..support.forms import ClubForm
from ..support.htmx import answers_fragment, changed, fragment_or_page, wants_fragment
from ..support.request_state import actor
from . import bp
from .forms import ConsentForm, JuniorForm, RelinkForm, RenameForm


def done(message: str, location: str) -> Response:
    """A plain answer after a successful change: flash the message, 303 to ``location``."""
    flash(message, "success")
    return redirect(location, code=303)


def visible_member_or_404(member_id: int) -> Member:
    """The member with ``member_id`` (merged ones included: the organizer sees them), or 404."""
    member = rows.member(db.session, member_id)
    if member is None:
        abort(404)
    return member


# --- one member --------------------------------------------------------------------------------

def _detail_context(member: Member, **extra: object) -> dict[str, object]:
    """What the member page shows; its forms filled from the member unless ``extra`` brings
    the one that was posted (with its messages)."""
    merged_into = rows.member(db.session, member.merged_into_id)
    today = dt.date.today()
    consent_age = club_settings().consent_age
    context: dict[str, object] = {
        "member": member, "entries": reads.member_entries(member.id),
        "merged_into": merged_into, "today": today, "editing": None,
        "choices": [], "message": None, "namesakes": [],
        "aliases": reads.member_aliases(member.id),
        "rename": RenameForm(formdata=None, obj=member),
        "relink": RelinkForm(formdata=None),
        "junior_form": JuniorForm(formdata=None, obj=member),
        "consent": ConsentForm.of(member, today, actor()),
        # Who consents (docs/privacy.md, "Consent by country"): the consent form's two cases.
        "consent_age": consent_age, "junior_age": JUNIOR_AGE,
        "every_junior_needs_a_guardian": every_junior_needs_a_guardian(consent_age),
    }
    context.update(extra)
    return context


@bp.get("/<int:member_id>")
def detail(member_id: int) -> str:
    """A member's organizer page: entries with re-link, junior flag, consent record."""
    member = visible_member_or_404(member_id)
    return render_template("members/detail.html", **_detail_context(member))


def _entry_or_404(entry_id: int) -> Entry:
    entry = rows.entry(db.session, entry_id)
    if entry is None or entry.member_id is None:
        abort(404)
    return entry


def _entry_line(entry: Entry) -> reads.EntryLine:
    return next(line for line in reads.member_entries(entry.member_id)  # type: ignore[arg-type]
                if line.entry_id == entry.id)


def _choices(member_id: int | None) -> list[tuple[int, str]]:
    """The members an entry of ``member_id`` can move to (every visible one but its owner)."""
    return [c for c in reads.visible_members() if c[0] != member_id]


@bp.get("/entries/<int:entry_id>/relink")
def relink_form(entry_id: int) -> str:
    """The re-link control of one entry (click to edit; the full page without JavaScript)."""
    entry = _entry_or_404(entry_id)
    choices = _choices(entry.member_id)
    if wants_fragment(f"entry-{entry.id}"):
        return render_template("members/_entry_row.html", line=_entry_line(entry),
                               member=entry.member, editing=entry.id, choices=choices,
                               relink=RelinkForm(formdata=None))
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
    raw, event_name, owner_id = entry.raw_name, entry.event.name, owner.id
    form = RelinkForm()
    try:
        target = service.relink(entry_id, form.checked().target(), actor())
    except ServiceError as error:
        # htmx swaps the entries section back (the control closed); a plain request gets the
        # page with the control still open on this entry.
        owner = visible_member_or_404(owner_id)
        if answers_fragment():
            return refused(error, "members/_entries.html", form,
                           **_detail_context(owner, relink=form))
        return refused(error, "members/detail.html", form, **_detail_context(
            owner, relink=form, editing=entry_id, choices=_choices(owner_id)))
    message = _("“%(raw)s” in “%(event)s” now belongs to %(name)s.", raw=raw, event=event_name,
                name=target.name)
    if answers_fragment():
        owner = visible_member_or_404(owner_id)
        return changed(render_template(
            "members/_entries.html", **_detail_context(owner, message=message, target=target)))
    return done(message, url_for(".detail", member_id=owner_id))


def _settings_refused(error: ServiceError, member_id: int, fragment: str,
                      form: ClubForm, **posted: ClubForm) -> tuple[str, int]:
    """A refused junior flag or consent: the panel (htmx) or the page, with the form as sent."""
    member = visible_member_or_404(member_id)
    template = fragment_or_page(fragment, "members/detail.html")
    return refused(error, template, form, **_detail_context(member, **posted))


@bp.post("/<int:member_id>/junior")
def junior(member_id: int) -> Response | str | tuple[str, int]:
    """Set or clear the junior flag (initials on public pages unless consent is recorded)."""
    member = visible_member_or_404(member_id)
    form = JuniorForm()
    flag = bool(form.junior.data)
    member_id = member.id
    try:
        service.set_junior(member_id, flag, actor())
    except ServiceError as error:
        return _settings_refused(error, member_id, "members/_junior.html", form,
                                 junior_form=form)
    message = (_("%(name)s is flagged junior.", name=member.name) if flag
               else _("%(name)s is no longer flagged junior.", name=member.name))
    if answers_fragment():
        return changed(render_template("members/_junior.html",
                                       **_detail_context(member, junior_message=message)))
    return done(message, url_for(".detail", member_id=member.id))


@bp.post("/<int:member_id>/consent")
def consent(member_id: int) -> Response | str | tuple[str, int]:
    """Record (or withdraw) the consent to show a junior's full name: a parent's or guardian's
    and the child's, or the member's own, as the organizer picks (docs/privacy.md)."""
    member = visible_member_or_404(member_id)
    form = ConsentForm()
    member_id = member.id
    try:
        form.checked()
        service.record_consent(member_id, form.giving, actor(), date=form.date.data,
                               recorded_by=form.recorded_by.data or "",
                               note=form.note.data or "",
                               who=form.who_consented)
    except ServiceError as error:
        return _settings_refused(error, member_id, "members/_consent.html", form, consent=form)
    message = (_("Consent recorded for %(name)s.", name=member.name) if form.giving
               else _("Consent withdrawn for %(name)s.", name=member.name))
    if answers_fragment():
        return changed(render_template("members/_consent.html",
                                       **_detail_context(member, consent_message=message)))
    return done(message, url_for(".detail", member_id=member.id))


@bp.post("/<int:member_id>/rename")
def rename(member_id: int) -> Response | str | tuple[str, int]:
    """Correct a member's name (the old spelling is kept as an alias for name matching)."""
    member = visible_member_or_404(member_id)
    form = RenameForm()
    old = member.name
    try:
        form.checked()
        renamed = service.rename(member_id, form.name.data or "", actor())
    except ServiceError as error:
        return refused(error, "members/detail.html", form,
                       **_detail_context(visible_member_or_404(member_id), rename=form))
    others = service.namesakes(renamed.name, besides=renamed.id)
    if others:
        # Allowed (two people may share a name) but worth a look: offer the merge.
        flash(_("%(name)s is also the name of another member; if they are one person, merge "
                "them on the Duplicates page.", name=renamed.name), "warning")
    return done(_("“%(old)s” is now “%(new)s”; the old spelling still finds this member.",
                  old=old, new=renamed.name), url_for(".detail", member_id=member_id))
