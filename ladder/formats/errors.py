"""The one error type raised by every reader in :mod:`ladder.formats`.

A reader that refuses its input says exactly where: the file, the 1-based line and column,
and a message a club organizer can act on. ``str(err)`` is a single line in the classic
compiler style (``file:line:column: message``) so the CLI can print it and exit 2.
"""

from __future__ import annotations


class FormatError(ValueError):
    """Input that cannot be read unambiguously.

    Attributes:
        source: the file name (or a placeholder such as ``"<trf>"``).
        line: 1-based line number, or None when the problem concerns the whole file.
        column: 1-based column, or None when no single column is at fault.
        message: what is wrong, without the location prefix.
    """

    def __init__(self, source: str, line: int | None, column: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        super().__init__(str(self))

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
