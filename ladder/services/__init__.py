"""Services: the only code that writes. Each use case is one transaction with its replay and audit."""

from __future__ import annotations

from collections.abc import Callable


class ServiceError(Exception):
    """A refused change, with a message fit for the organizer (already translated)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def atomically(step: Callable[[], object]) -> None:
    """Run ``step`` (a change and its replay) inside the current transaction; on any failure
    roll it all back and re-raise."""
    from ..extensions import db
    try:
        step()
    except Exception:
        db.session.rollback()
        raise
