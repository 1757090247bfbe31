"""Service errors → HTTP, in one place for every view.

A service refuses a change by raising a typed error (:mod:`ladder.services`); a declared form
refuses what was posted the same way (:class:`ladder.web.support.forms.FormInvalid`). Every
view hands it to :func:`refused` with the template to render again:

the page comes back with the message and the status of the error — 422 (invalid input),
409 (a conflict, e.g. a stale edit), 404 (the thing the form names is gone) — and with 200
for htmx, which swaps no 4xx answer. A view whose own URL names something missing answers
the 404 page before it calls any service.
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from ...services import ServiceError
from .forms import ClubForm
from .htmx import status_for_htmx


def refused(error: ServiceError, template: str, posted: ClubForm | None = None, /,
            **context: Any) -> tuple[str, int]:
    """The answer to a refused change: ``template`` rendered again, with the right status.

    ``posted`` is the form that was sent: it shows the message beside the field the error
    names, else above itself (:meth:`ClubForm.take`). The template also receives the
    message as ``refusal``, for a page whose refused action has no declared fields (a bare
    button through ``action_form()``).
    """
    if posted is not None:
        posted.take(error)
    html = render_template(template, refusal=error.message, **context)
    return html, status_for_htmx(error.status)
