"""The one error type raised by every reader in :mod:`ladder.formats`.

A reader that refuses its input says exactly where: the file, the 1-based line and column,
and a message a club organizer can act on. ``str(err)`` is a single line in the classic
compiler style (``file:line:column: message``, in English) so the CLI can print it and exit 2.

The message itself is a :class:`~ladder.vocabulary.messages.Message` (``err.msg``): a whole sentence
with named placeholders, so the web edge translates it and shows the line and column in its
own words (:meth:`FormatError.describe`). ``err.message`` is that sentence in English.
"""

from __future__ import annotations

from ladder.vocabulary.messages import Message, as_message, msg


class FormatError(ValueError):
    """Input that cannot be read unambiguously.

    Attributes:
        source: the file name (or a placeholder such as ``"<trf>"``).
        line: 1-based line number, or None when the problem concerns the whole file.
        column: 1-based column, or None when no single column is at fault.
        msg: what is wrong, without the location: a message id with its values.
    """

    def __init__(self, source: str, line: int | None, column: int | None,
                 message: Message | str) -> None:
        self.source = source
        self.line = line
        self.column = column
        # A plain string is accepted for callers outside this package; the readers here
        # always pass a Message so that the sentence reaches the translation catalogues.
        self.msg: Message = as_message(message)
        super().__init__(str(self))

    @property
    def message(self) -> str:
        """What is wrong, in English, without the location prefix."""
        return str(self.msg)

    def describe(self) -> Message:
        """The whole error as one sentence to translate: location (when known) and message.

        The source name is left out: a person sees the error next to the text they gave.
        """
        if self.line is None:
            return self.msg
        if self.column is None:
            return msg("line %(line)d: %(message)s", line=self.line, message=self.msg)
        return msg("line %(line)d, column %(column)d: %(message)s", line=self.line,
                   column=self.column, message=self.msg)

    def __str__(self) -> str:
        parts = [self.source]
        if self.line is not None:
            parts.append(str(self.line))
            # A column without a line would be meaningless, so it is only shown after one.
            if self.column is not None:
                parts.append(str(self.column))
        # Messages are kept to one line so that logs and the CLI stay grep-able.
        message = " ".join(self.message.split())
        return f"{':'.join(parts)}: {message}"

    def __reduce__(self) -> tuple[type[FormatError], tuple[str, int | None, int | None, Message]]:
        # BaseException pickles self.args (the one formatted string), which __init__ could not
        # take back; worker pools and caches pickle exceptions.
        return (type(self), (self.source, self.line, self.column, self.msg))
