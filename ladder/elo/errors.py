"""The one error type of the Elo tools."""

from __future__ import annotations

from ladder.vocabulary.messages import Message, as_message


class EloError(ValueError):
    """Bad input to an Elo calculation (a negative rating, a score larger than the number of
    games, ...). ``field`` names the input at fault (``"rating"``, ``"opponents"``,
    ``"score"``, ``"k"``, ``"games"``) so forms can mark it; ``str(err)`` is one line of
    English (the CLI), ``message`` the :class:`~ladder.vocabulary.messages.Message` the web
    translates.
    """

    def __init__(self, field: str, message: str | Message) -> None:
        self.message = as_message(message)
        super().__init__(" ".join(str(self.message).split()))
        self.field = field
