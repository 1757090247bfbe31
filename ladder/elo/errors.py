"""The one error type of the Elo tools."""

from __future__ import annotations


class EloError(ValueError):
    """Bad input to an Elo calculation (a negative rating, a score larger than the number of
    games, ...). ``field`` names the input at fault (``"rating"``, ``"opponents"``,
    ``"score"``, ``"k"``, ``"games"``) so forms can mark it; ``str(err)`` is one line.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(" ".join(message.split()))
        self.field = field
