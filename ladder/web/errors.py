"""Service errors → HTTP, in one place for every view.

A service refuses a change by raising a typed error (:mod:`ladder.services`). Every view
hands it to :func:`refused` with a way to re-render its form with the message:

the form comes back with the message and the status of the error — 422 (invalid input),
409 (a conflict, e.g. a stale edit), 404 (the thing the form names is gone) — and with 200
for htmx, which swaps no 4xx answer. A view whose own URL names something missing answers
the 404 page before it calls any service.
"""

from __future__ import annotations

from collections.abc import Callable

from ..services import ServiceError
from .htmx import status_for_htmx


def status_for(error: ServiceError) -> int:
    """The HTTP status of a refused change."""
    return error.status


def refused(error: ServiceError, render: Callable[[str], str]) -> tuple[str, int]:
    """The answer to a refused change: ``render(message)`` with the right status."""
    return render(error.message), status_for_htmx(status_for(error))
