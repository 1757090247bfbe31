"""The limits every reader of :mod:`ladder.formats` enforces, stated once.

A reader costs time and memory in proportion to the size of its input, never to a number
written in it: every number that sizes something a reader builds (rounds, players, start
numbers) is checked against a limit here *before* anything is built from it, and the refusal
is a :class:`~ladder.formats.errors.FormatError` naming the limit, the line and the column.
Each limit and why it is that number: docs/desk.md §6 (and docs/qualities.md §1).
"""

from __future__ import annotations

from ladder.formats.errors import FormatError
from ladder.vocabulary.messages import msg

#: One event's text in UTF-8 bytes: the web upload limit too (``MAX_CONTENT_LENGTH``).
MAX_BYTES = 2 * 1024 * 1024
#: Lines of a file (TRF, PGN with its moves) and of pasted results or a crosstable.
MAX_LINES = 100_000
MAX_PASTE_LINES = 10_000
#: One line of pasted results or of a crosstable.
MAX_LINE_CHARS = 2_000
#: Rounds, players: with both, a players × rounds table holds about 200,000 entries.
MAX_ROUNDS = 99
MAX_PLAYERS = 2_000
#: What the TRF's four columns hold, so every event read can be written back as a TRF.
MAX_START_NO = 9_999
MAX_RATING = 9_999
#: A player's name, as the services store it.
MAX_NAME = 200
#: Errors listed for one text (a note says that more were found).
MAX_ERRORS = 500
#: Characters of quoted input in a message, so no message grows with the input.
MAX_QUOTE = 80

#: Longer digit strings are not converted at all (see :func:`bounded_int`).
_MAX_DIGITS = 9
#: What :func:`bounded_int` returns for a number too long to convert: above every limit.
TOO_LARGE: int = 10 ** _MAX_DIGITS


def grouped(number: int) -> str:
    """``12345`` → ``"12,345"``: numbers in messages as the English messages always wrote
    them (a message value, so a translation keeps the digits as they are)."""
    return f"{number:,}"


def check_size(text: str, source: str) -> None:
    """Refuse a text of more than ``MAX_BYTES`` UTF-8 bytes, before any other work.

    Cheap: the length in characters decides whenever it can (a character is 1 to 4 bytes),
    and the text is encoded only when it is between a quarter of the limit and the limit.
    """
    if len(text) > MAX_BYTES:
        too_large = True
    elif 4 * len(text) <= MAX_BYTES:
        too_large = False
    else:
        # surrogatepass: a lone surrogate (possible in a str, never in a file) must not raise.
        too_large = len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES
    if too_large:
        raise FormatError(source, None, None, msg(
            "the text is too large: the limit is %(limit)s bytes (2 MB) for one event; "
            "give one event at a time", limit=grouped(MAX_BYTES)))


def line_count(text: str) -> int:
    """The number of lines of ``text`` (LF, CRLF or CR ends), counted without splitting it.

    A final line end does not start another line: ``"a\\n"`` is one line.
    """
    ends = text.count("\n") + text.count("\r") - text.count("\r\n")
    return ends + (0 if text.endswith(("\n", "\r")) or not text else 1)


def check_lines(text: str, source: str, limit: int) -> None:
    """Refuse a text of more than ``limit`` lines (``MAX_LINES`` or ``MAX_PASTE_LINES``)."""
    count = line_count(text)
    if count > limit:
        raise FormatError(source, None, None, msg(
            "the text has %(lines)s lines; the limit is %(limit)s: give one event at a time",
            lines=grouped(count), limit=grouped(limit)))


def check_text(text: str, source: str, line_limit: int) -> None:
    """Both whole-text limits: size first (it is the cheaper refusal), then lines."""
    check_size(text, source)
    check_lines(text, source, line_limit)


def bounded_int(digits: str) -> int:
    """The value of a string of decimal digits, or ``TOO_LARGE`` when it has more than nine
    significant digits.

    Every limit is far below a billion, so a longer number only needs to be *refused*, and
    converting it is both wasted work and an error of its own (Python refuses to convert
    strings of more than 4,300 digits with a ValueError, which no reader may let escape).
    """
    significant = digits.lstrip("0")
    if len(significant) > _MAX_DIGITS:
        return TOO_LARGE
    return int(significant or "0")


def quote(text: str) -> str:
    """``text`` for a message: at most ``MAX_QUOTE`` characters, cut with "…" when longer."""
    return text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE - 1] + "…"
