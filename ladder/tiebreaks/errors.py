"""The one error type of the tie-break engine."""

from __future__ import annotations

from ladder.vocabulary.messages import Message, as_message


class TiebreakError(ValueError):
    """Bad input to the tie-break engine: an unknown code, modifier or edition, or data that
    cannot be computed (for example an opponent that is not in the tournament).

    ``str(err)`` is always one line of English, so the command line can print it as it is.
    ``err.message`` is the same as a :class:`~ladder.vocabulary.messages.Message` (an id with named
    values) for the web edge to translate; the errors a visitor can cause (a code typed in
    the calculator, an unknown edition, a record the calculator refuses) have real message
    ids, the others (data errors of a file) a message whose id is their English text.
    """

    message: Message

    def __init__(self, message: str | Message) -> None:
        self.message = as_message(message)
        super().__init__(" ".join(str(self.message).split()))
