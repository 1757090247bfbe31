"""The limits every reader of :mod:`ladder.formats` enforces, stated once (docs/desk.md §4, docs/qualities.md §1).

Why limits at all: a reader must cost time and memory in proportion to the *size of its
input*, never to a number written in it. Before these limits a 15-byte paste ``Round 99999999``
made the paste reader list 99,999,998 "missing round" errors, and a TRF with ``XXR 100000``
built a table of players × 100,000 rounds. Every number that sizes something a reader builds
(rounds, players, start numbers) is therefore checked against a limit *before* anything is
built from it, and the refusal is a :class:`~ladder.formats.errors.FormatError` naming the
limit, the line and the column.

The limits (inclusive):

``MAX_BYTES`` = 2 MiB
    The size of one event's text, counted in UTF-8 bytes. It equals the web upload limit
    (``MAX_CONTENT_LENGTH`` in ``ladder.config``), so the desk and ``ladder import`` accept the
    same files. The largest real file in the test data (a 12,000-line PGN with moves) is
    336 KB; a 2,000-player TRF is about 500 KB.
``MAX_LINES`` = 100,000 and ``MAX_PASTE_LINES`` = 10,000
    Files (TRF, PGN with their moves) may be long; pasted results and crosstables have one
    line per game or per player, so 10,000 lines is already a large event. Lines are counted
    before the text is split, so a text of two million line ends costs one scan.
``MAX_LINE_CHARS`` = 2,000
    For pasted results and crosstables: a game line is two names (at most ``MAX_NAME`` each),
    ratings and a result; a crosstable row with ``MAX_ROUNDS`` cells is about 1,000 characters.
    TRF player lines are bounded by their round columns instead (see ``MAX_ROUNDS``).
``MAX_ROUNDS`` = 99
    Real Swiss events have up to about 15 rounds (the test data's longest has 14); a double
    round-robin of 50 players has 98. In a TRF, round 99 ends at column 1,081 of a ``001`` line
    (round r starts at 92 + 10(r − 1)). With ``MAX_PLAYERS`` it bounds the players × rounds
    table every reader builds (and the tie-break engine's arrays) to about 200,000 entries.
``MAX_PLAYERS`` = 2,000
    The club size the product is built for (docs/qualities.md §1: a 2,000-member history); the speed
    target for tie-breaks is a 1,000-player Swiss.
``MAX_START_NO`` = 9,999 and ``MAX_RATING`` = 9,999
    What the TRF's four columns (start number 5–8, rating 49–52) can hold, so that every
    event read can be written back as a TRF (:func:`ladder.formats.trf_write.write_trf`).
``MAX_NAME`` = 200
    A player's name, as the services store it.
``MAX_ERRORS`` = 500
    The errors listed for one text (readers that collect every error stop collecting there):
    a crosstable of 2,000 rows naming the wrong opponents would otherwise give one error per
    cell — 198,000 errors, a preview page of 20 MB. Nobody reads past the first screenful;
    a note says that more were found.

Quoted input inside a message is cut to ``MAX_QUOTE`` characters (:func:`quote`), so that
no error message grows with the input.
"""

from __future__ import annotations

from ladder.formats.errors import FormatError
from ladder.vocabulary.messages import msg

MAX_BYTES = 2 * 1024 * 1024
MAX_LINES = 100_000
MAX_PASTE_LINES = 10_000
MAX_LINE_CHARS = 2_000
MAX_ROUNDS = 99
MAX_PLAYERS = 2_000
MAX_START_NO = 9_999
MAX_RATING = 9_999
MAX_NAME = 200
MAX_ERRORS = 500
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
