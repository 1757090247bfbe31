"""Merging members: the duplicates view, merge anywhere, the merges list and Undo.

docs/desk.md §2: the software suggests, the organizer confirms. A refused merge or undo (they played
each other, same event, already merged, a later merge to undo first) shows the service's message
and changes nothing.
"""

from __future__ import annotations

from flask import render_template, session, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...queries import organizer_members as reads
from ...queries import rows
from ...services import ServiceError
from ...services import members as service
from ..support.errors import refused
from ..support.htmx import answers_fragment, changed, fragment_or_page
from ..support.request_state import actor
from . import bp
from .detail import done
from .forms import MergeForm


def _duplicates_context(**extra: object) -> dict[str, object]:
    context: dict[str, object] = {
        "pairs": reads.merge_suggestions(), "choices": reads.visible_members(),
        "undone": reads.undone_merges(), "message": None,
        "merge_form": MergeForm(formdata=None),
    }
    context.update(extra)
    return context


@bp.get("/duplicates")
def duplicates() -> str:
    """Merge suggestions (names alike, never in one event together) and the merge-any form;
    right after a merge, an Undo button for it."""
    merged = session.pop("last_merge", None)
    merged = merged if isinstance(merged, int) else None
    line = reads.merge_line(merged) if merged is not None else None
    in_force = line is not None and line.undone_at is None
    return render_template("members/duplicates.html",
                           **_duplicates_context(merged=merged if in_force else None))


@bp.post("/merge")
def merge() -> Response | str | tuple[str, int]:
    """Merge the member ``source`` into ``target`` (the one kept)."""
    form = MergeForm()
    try:
        source_id, target_id = form.checked().ids()
        source = rows.member(db.session, source_id)
        source_name = source.name if source is not None else ""
        record = service.merge(source_id, target_id, actor())
    except ServiceError as error:
        template = fragment_or_page("members/_duplicates.html", "members/duplicates.html")
        return refused(error, template, form, **_duplicates_context(merge_form=form))
    target = rows.member(db.session, record.target_id)
    message = _("Merged “%(source)s” into “%(target)s”; it can be undone from the merges "
                "list.", source=source_name, target=target.name if target else "")
    if answers_fragment():
        return changed(render_template("members/_duplicates.html",
                                       **_duplicates_context(message=message,
                                                             merged=record.id)))
    session["last_merge"] = record.id  # the duplicates page offers its Undo once
    return done(message, url_for(".duplicates"))


@bp.get("/merges")
def merges() -> str:
    """Every merge, newest first, each with an Undo button while it is in force."""
    return render_template("members/merges.html", merges=reads.merge_list(), error_merge=None)


@bp.post("/merges/<int:merge_id>/undo")
def undo(merge_id: int) -> Response | str | tuple[str, int]:
    """Undo one merge exactly (the service says which later merge to undo first, if any)."""
    try:
        service.undo_merge(merge_id, actor())
    except ServiceError as error:
        line = reads.merge_line(merge_id)
        if answers_fragment() and line is not None:
            return refused(error, "members/_merge_row.html", merge=line)
        return refused(error, "members/merges.html", merges=reads.merge_list(),
                       error_merge=merge_id)
    line = reads.merge_line(merge_id)
    assert line is not None
    message = _("Undid the merge of “%(source)s” into “%(target)s”.", source=line.source_name,
                target=line.target_name)
    if answers_fragment():
        return changed(render_template("members/_merge_row.html", merge=line, message=message))
    return done(message, url_for(".merges"))
