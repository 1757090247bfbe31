"""Services: the only code that writes. Each use case is one transaction with its replay and audit."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused change, with a message fit for the organizer (already translated)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
