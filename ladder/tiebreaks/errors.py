"""The one error type of the tie-break engine."""

from __future__ import annotations


class TiebreakError(ValueError):
    """Bad input to the tie-break engine: an unknown code, modifier or edition, or data that
    cannot be computed (for example an opponent that is not in the tournament).

    ``str(err)`` is always one line, so the command line can print it as it is.
    """

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))
