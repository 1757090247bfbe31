"""Services: the only code that writes. Each use case is one transaction with its replay and audit."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused change, with a message fit for the organizer (already translated)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def atomically(step) -> None:  # noqa: ANN001 - a callable doing a change and its replay
    """Run ``step`` inside the current transaction; on any failure roll it all back, re-raise."""
    from ..extensions import db
    try:
        step()
    except Exception:
        db.session.rollback()
        raise
