"""The one entry point for reading an event's text: which format it is, and what it says.

The web desk, ``ladder import`` and ``ladder tiebreaks`` all read through :func:`read_event`,
so a text one of them reads is read the same way by the others. (Detection used to exist
twice: the desk recognised a Swiss-Manager crosstable, ``ladder import`` did not and failed
with "no result found" on the same text.)

    >>> result = read_event("Round 1\\nAnn Lee - Bo Chen 1-0\\n", "<paste>")
    >>> result.file_format, result.ok, result.tournament.rounds
    ('paste', True, 1)

Formats (:data:`FORMATS`):

* ``trf`` — a file named ``*.trf`` / ``*.trfx``, or any text with a line starting ``001 ``;
* ``pgn`` — a file named ``*.pgn``, or a text whose first non-blank character is ``[``;
* ``crosstable`` — a row like ``1 Lee Ann 1500 2w1 …``: a number, a name, then a round cell
  (opponent, colour ``w``/``b``/``s``, result) somewhere on the line;
* ``paste`` — anything else (pasted results, one game per line).

Every refusal is a :class:`~ladder.formats.errors.FormatError` in ``ReadResult.errors``:
every error of the text for pasted results and crosstables (the web preview lists them all),
the first one for TRF and PGN, whose readers stop there. The limits of
:mod:`ladder.formats.limits` apply to every format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ladder.formats.crosstable import parse_crosstable
from ladder.formats.errors import FormatError
from ladder.formats.limits import MAX_BYTES, check_size
from ladder.formats.paste import ParseResult, parse_paste
from ladder.formats.pgn import read_pgn_tournament
from ladder.formats.trf import read_trf
from ladder.vocabulary.messages import N_
from ladder.vocabulary.tournament import Tournament

#: The formats :func:`read_event` reads, by the names the CLI and the web form use.
FORMATS = ("trf", "pgn", "paste", "crosstable")
#: Each format in words (message ids; the web edge translates them).
FORMAT_LABELS: dict[str, str] = {
    "trf": N_("TRF file (FIDE tournament report)"),
    "pgn": N_("PGN game headers"),
    "paste": N_("pasted results, one game per line"),
    "crosstable": N_("crosstable (Swiss-Manager, chess-results)"),
}

# Every pattern is anchored at a line start and stays within one line (never "\s", which
# crosses line ends: the old "^\s*" tried every blank line again from every line start,
# quadratic in a text of empty lines). CR-only line ends (old Macs) count as line ends.
_LINE_START = r"(?:\A\ufeff?|(?<=[\r\n]))"
_BLANK = r"[^\S\r\n]"
_TRF_PLAYER_LINE = re.compile(_LINE_START + "001 ")
_PGN_START = re.compile(r"\ufeff?\s*+\[")
_CROSSTABLE_ROW = re.compile(
    _LINE_START + rf"{_BLANK}*+\d++{_BLANK}++\S[^\r\n]*{_BLANK}\d+[wbs](?:1|0|½|=|\+|-)(?=\s|\Z)")


@dataclass
class ReadResult(ParseResult):
    """What :func:`read_event` found: the format, and the tournament or every error.

    A :class:`~ladder.formats.paste.ParseResult` (``tournament`` is None exactly when
    ``errors`` is not empty; errors are in line order) that also names the format read.
    """

    file_format: str = "paste"

    def require(self) -> Tournament:
        """The tournament; raises the first error when there is none (for the CLI)."""
        if self.tournament is None:
            raise self.errors[0]
        return self.tournament


def detect_format(text: str, filename: str | None = None) -> str:
    """The format of ``text``: by the file name's extension, else by content (see the module
    docstring); ``"paste"`` when nothing else fits.

    ``filename`` may be a path or a placeholder such as ``"<paste>"``. Linear in the text
    and without copying it.
    """
    lower = (filename or "").lower()
    if lower.endswith((".trf", ".trfx")):
        return "trf"
    if lower.endswith(".pgn"):
        return "pgn"
    if _TRF_PLAYER_LINE.search(text):
        return "trf"
    if _PGN_START.match(text):
        return "pgn"
    if _CROSSTABLE_ROW.search(text):
        return "crosstable"
    return "paste"


def read_event(text: str, source: str = "<text>", file_format: str | None = None) -> ReadResult:
    """Read ``text`` in ``file_format`` (None: :func:`detect_format` by ``source`` and content).

    ``source`` names the text in errors (a file name, or ``"<paste>"``) and, when it has one,
    its extension decides the format. Never raises FormatError: every refusal is in
    ``errors``. Raises ValueError for a ``file_format`` not in :data:`FORMATS` (a caller's mistake,
    not the user's).
    """
    if file_format is not None and file_format not in FORMATS:
        raise ValueError(f"unknown format {file_format!r}; expected one of {', '.join(FORMATS)}")
    try:
        check_size(text, source)  # before detection, so that a huge text costs nothing more
    except FormatError as error:
        # Nothing is read; the format is still named, from the beginning of the text.
        return ReadResult(None, [error],
                          file_format=file_format or detect_format(text[:MAX_BYTES], source))
    file_format = file_format or detect_format(text, source)
    if file_format == "paste":
        parsed = parse_paste(text, source)
    elif file_format == "crosstable":
        parsed = parse_crosstable(text, source)
    else:
        try:
            parsed = ParseResult(read_trf(text, source) if file_format == "trf"
                                 else read_pgn_tournament(text, source))
        except FormatError as error:  # these readers stop at the first error
            parsed = ParseResult(None, [error])
    return ReadResult(parsed.tournament, parsed.errors, file_format=file_format)
