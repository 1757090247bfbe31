"""Reading a TRF posed for pairing (docs/pairing.md §2): every cell as written.

:func:`~ladder.formats.trf.read_trf` reads a finished event, where a blank round cell is an
absence worth nothing. A TRF posed for pairing says more with its blanks: in the coming round's
column a blank cell means "to be paired", ``0000 - H`` / ``Z`` / ``F`` "not to be paired"
(a requested bye). :func:`read_posed_trf` therefore keeps each cell exactly as written, blank or
not, and the records a pairing engine reads; what they mean for the coming round is the
engine's to say (:mod:`ladder.pairing.so_far`). What is read, and how:

* ``001`` lines, in the order of the file (the pairing order under ``XXC rank``, C.04.2.B):
  start number (columns 5-8), rating (49-52), points (81-84) and per round, from column 92 in
  steps of ten, the opponent (``0000``: none), the colour (``w``/``b``; ``-`` none) and the
  result code (``1 0 =`` and ``W D L`` games; ``+ -`` forfeits; ``H Z F`` requested byes;
  ``U`` the pairing-allocated bye).
* ``XXR``/``142`` the number of rounds; ``XXC`` ``white1``/``black1`` and ``152 W``/``152 B``
  the initial colour (the last one written counts); ``XXC rank``; ``XXP`` (every round) and
  ``260 first last`` forbidden pairs; ``240`` requested byes (columns 7-9 the round, then a
  start number per five columns from column 11); the point values ``BBW BBD BBL BBZ BBF BBU``
  (bbpPairings) and ``162`` (``W D L`` and ``Z`` (absence: zero-point bye and forfeit loss) and
  ``P`` (pairing-allocated bye), at columns 6, 15, 24, … each followed by four columns of
  points).

The file as a whole is read as every TRF of the house: the size and line limits
(:mod:`ladder.formats.limits`), any line end, no NUL byte, nothing beyond round 99's columns;
those refusals are :class:`~ladder.formats.errors.FormatError`. A cell or record that cannot be
read raises :class:`PairingInputError` naming the line and what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ladder.formats.limits import MAX_LINES, check_text
from ladder.formats.trf import ForbiddenPairs, check_round_columns, split_lines
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import Colour

_FIRST_ROUND = 91  # 0-based column of round 1's opponent; each round takes 10 columns
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}  # the colour column of a round cell
#: The result codes of a round cell (upper-cased; a blank result is " ").
WIN_CODES = frozenset("+W1FU")
DRAW_CODES = frozenset("D=H")
LOSS_CODES = frozenset("-L0Z ")
#: Codes of a round without a game over the board: forfeits, byes, a blank result.
UNPLAYED_CODES = frozenset("+-HFUZ ")
#: The point-value records and the value each sets (bbpPairings's spelling).
_BB_RECORDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye",
               "BBF": "forfeit_loss", "BBU": "pairing_bye"}
#: 162's codes and the values each sets (Z: an absence, both the zero bye and the forfeit).
_162_CODES = {"W": ("win",), "D": ("draw",), "L": ("loss",), "Z": ("zero_bye", "forfeit_loss"),
              "P": ("pairing_bye",)}


# Built once: the points column of every 001 line is read with it.
_BAD_POINTS = msg("the points must be a number like 3.5")
_BAD_VALUE = msg("a point value must be a number like 0.5")


class PairingInputError(ValueError):
    """The TRF cannot be paired as it stands: ``message`` says which line or field is wrong."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class PosedCell:
    """One round cell of a ``001`` line as written."""

    opponent: int | None  # start number; None for ``0000`` or a blank opponent
    colour: Colour | None  # None for ``-`` or blank
    code: str  # the result code, upper-cased; " " when blank
    written: bool  # False: the whole cell is blank (nothing in its opponent, colour, result)


@dataclass(frozen=True)
class PosedPlayer:
    """A ``001`` line as written."""

    line: int
    start_no: int
    rating: int | None  # None when blank
    points: Fraction  # the points column (81-84), blank as 0
    cells: tuple[PosedCell, ...]  # round 1, 2, … as far as the line goes, blank cells included


@dataclass(frozen=True)
class PosedTrf:
    """A TRF posed for pairing, as written (see the module docstring)."""

    players: tuple[PosedPlayer, ...]  # in the order of the 001 lines
    rounds: int | None  # XXR / 142 (the last one written); None when absent
    initial_colour: Colour | None  # XXC white1|black1 / 152 (the last one written)
    rank_order: bool  # XXC rank: the order of the 001 lines is the pairing order
    forbidden: tuple[ForbiddenPairs, ...]  # XXP (rounds None) and 260, in the file's order
    byes: tuple[tuple[int, int], ...]  # 240: (round, start number); the kind is not read
    #: The point values written, by name (``win``, ``draw``, ``loss``, ``zero_bye``,
    #: ``forfeit_loss``, ``pairing_bye``; the last one written counts). ``pairing_bye`` only
    #: when written itself (BBU, 162 P): otherwise the bye is worth a win.
    points: dict[str, Fraction]


def read_posed_trf(text: str, source: str = "<trf>") -> PosedTrf:
    """Read ``text``, a TRF posed for pairing the next round, keeping every cell as written.

    Raises :class:`PairingInputError` naming the line when a cell or record cannot be read,
    and :class:`~ladder.formats.errors.FormatError` for a file the house reads no TRF from.
    """
    check_text(text, source, MAX_LINES)
    reader = _PosedReader(source)
    for line_no, line in enumerate(split_lines(text, source, "TRF"), start=1):
        if len(line) >= 3:
            reader.line(line, line_no)
    return reader.result()


def _bad_line(line_no: int, what: Message) -> PairingInputError:
    """The error for line ``line_no`` of a posed TRF: ``what`` is wrong there."""
    return PairingInputError(msg("TRF line %(line)d: %(what)s", line=line_no, what=what))


def _tenths(text: str, line_no: int, what: Message) -> Fraction:
    """Points written with at most one decimal (``3.5``, ``1``, ``.5``; blank is 0)."""
    text = text.strip()
    try:
        whole, _, fraction = text.partition(".")
        if len(fraction) > 1 or not whole.isdigit() and whole != "":
            raise ValueError(text)
        return Fraction(int(whole or "0") * 10 + int(fraction or "0"), 10)
    except ValueError:
        raise _bad_line(line_no, what) from None


def _start_no(text: str, line_no: int) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) == 0:
        raise _bad_line(line_no, msg("a start number must be a positive whole number"))
    return int(text)


def _cell(line: str, start: int, start_no: int, line_no: int) -> PosedCell:
    """The round cell of ``line`` at 0-based column ``start``, checked on its own."""
    entry = line[start:start + 8].ljust(8)
    opponent_text, colour_char, code = entry[0:4], entry[5], entry[7].upper()
    opponent = None
    if opponent_text not in ("    ", "0000"):
        opponent = _start_no(opponent_text, line_no)
        if opponent == start_no:
            raise _bad_line(line_no, msg("a player is listed as their own opponent"))
    colour = _COLOURS.get(colour_char)
    if colour is None and colour_char not in "- ":
        raise _bad_line(line_no, msg("unknown colour %(code)s", code=repr(colour_char)))
    if opponent is None and colour is not None:
        raise _bad_line(line_no, msg("a colour is given where there is no opponent"))
    if code not in DRAW_CODES and code not in WIN_CODES and code not in LOSS_CODES:
        raise _bad_line(line_no, msg("unknown result %(code)s", code=repr(code)))
    if code in UNPLAYED_CODES:
        if code not in "+-" and opponent is not None:
            raise _bad_line(line_no, msg("a bye is given with an opponent"))
    elif colour is None and (code != "=" or opponent is not None):
        raise _bad_line(line_no, msg("a game is given without a colour"))
    written = opponent_text != "    " or colour_char != " " or code != " "
    return PosedCell(opponent, colour, code, written)


def _player(line: str, line_no: int, source: str) -> PosedPlayer:
    """A ``001`` line."""
    if len(line) < 84:
        raise _bad_line(line_no, msg("a player line is shorter than its points column"))
    check_round_columns(line.rstrip(), line_no, source)
    start_no = _start_no(line[4:8], line_no)
    rating_text = line[48:52].strip()
    if rating_text and not rating_text.isdigit():
        raise _bad_line(line_no, msg("the rating must be a whole number"))
    points = _tenths(line[80:84], line_no, _BAD_POINTS)
    cells: list[PosedCell] = []
    start = _FIRST_ROUND
    while start <= len(line) - 8:
        cells.append(_cell(line, start, start_no, line_no))
        start += 10
    if line[start:].strip():
        raise _bad_line(line_no, msg("the round columns are misaligned"))
    return PosedPlayer(line_no, start_no, int(rating_text) if rating_text else None, points,
                       tuple(cells))


class _PosedReader:
    """Collects the records line by line; :meth:`result` gives them as a :class:`PosedTrf`."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.players: list[PosedPlayer] = []
        self.seen: set[int] = set()
        self.rounds: int | None = None
        self.colour: Colour | None = None
        self.rank_order = False
        self.forbidden: list[ForbiddenPairs] = []
        self.byes: list[tuple[int, int]] = []
        self.points: dict[str, Fraction] = {}

    def line(self, line: str, line_no: int) -> None:
        """Read one line; lines that are none of the records above are skipped."""
        prefix = line[:3]
        if prefix == "001":
            player = _player(line, line_no, self.source)
            if player.start_no in self.seen:
                raise _bad_line(line_no, msg("a start number is repeated"))
            self.seen.add(player.start_no)
            self.players.append(player)
        elif prefix in ("XXR", "142"):
            rounds_text = line[3:].strip()
            if not rounds_text.isdigit() or int(rounds_text) <= 0:
                raise _bad_line(line_no,
                               msg("the number of rounds must be a positive whole number"))
            self.rounds = int(rounds_text)
        elif prefix == "XXC":
            for token in line[3:].split():
                if token == "rank":
                    self.rank_order = True
                elif token in ("white1", "black1"):
                    self.colour = Colour.WHITE if token == "white1" else Colour.BLACK
        elif prefix == "152":
            code = line[4:].strip()
            if code not in ("W", "B"):
                raise _bad_line(line_no, msg("the initial colour must be W or B"))
            self.colour = Colour(code.lower())
        elif prefix in ("XXP", "260"):
            self.forbidden_pairs(prefix, line, line_no)
        elif prefix == "240":
            self.requested_byes(line, line_no)
        elif prefix in _BB_RECORDS:
            self.points[_BB_RECORDS[prefix]] = _tenths(
                line[4:12], line_no, _BAD_VALUE)
        elif prefix == "162":
            self.point_system(line, line_no)

    def forbidden_pairs(self, prefix: str, line: str, line_no: int) -> None:
        """XXP (the whole event) or 260 (rounds first..last) forbidden pairs (C.04.1.a)."""
        if prefix == "XXP":
            players = tuple(_start_no(token, line_no) for token in line[3:].split())
            self.forbidden.append(ForbiddenPairs(players))
            return
        if not (line[4:7].strip().isdigit() and line[8:11].strip().isdigit()):
            raise _bad_line(line_no, msg("the rounds of a forbidden pair must be whole numbers"))
        players = tuple(_start_no(token, line_no) for token in line[12:].split())
        self.forbidden.append(ForbiddenPairs(players, int(line[4:7]), int(line[8:11])))

    def requested_byes(self, line: str, line_no: int) -> None:
        """A 240 line: players not to be paired in a round."""
        round_text = line[6:9].strip()
        if not round_text.isdigit() or int(round_text) == 0:
            raise _bad_line(line_no,
                           msg("the round of a bye line must be a positive whole number"))
        start = 10
        while start <= len(line) - 4:
            self.byes.append((int(round_text), _start_no(line[start:start + 4], line_no)))
            start += 5

    def point_system(self, line: str, line_no: int) -> None:
        """A 162 line: a code and four columns of points, every nine columns from column 6."""
        start = 5
        while start <= len(line) - 5:
            code = line[start]
            value = _tenths(line[start + 1:start + 5], line_no,
                            _BAD_VALUE)
            names = _162_CODES.get(code)
            if names is None:
                raise _bad_line(line_no, msg("unknown point code %(code)s", code=repr(code)))
            for name in names:
                self.points[name] = value
            start += 9

    def result(self) -> PosedTrf:
        """What the lines said."""
        return PosedTrf(
            players=tuple(self.players), rounds=self.rounds, initial_colour=self.colour,
            rank_order=self.rank_order, forbidden=tuple(self.forbidden), byes=tuple(self.byes),
            points=dict(self.points))
