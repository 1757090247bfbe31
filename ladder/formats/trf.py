"""Reading FIDE Tournament Report Files (TRF-16, TRF-2026 and the TRF(x) extensions).

The reader is strict about what would change a result and lenient about cosmetics (docs/desk.md §4):
real programs write one-letter titles, blank or ``0000`` opponents for byes, CR line ends,
lichess's ``-`` for an absence, trailing blanks, short lines. Anything that could be read two ways
(a result the two players' lines disagree on, an opponent who does not exist, an unknown code)
is refused with a :class:`FormatError` naming the line and column.

Layout of a ``001`` player line (1-based columns): start number 5–8, sex 10, title 11–13,
name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points 81–84,
rank 86–89; round r starts at column 92+10(r−1): opponent (4 columns), colour (+5), result (+7).

Limits (:mod:`ladder.formats.limits`): at most ``MAX_BYTES`` and ``MAX_LINES``, ``MAX_PLAYERS``
player lines and ``MAX_ROUNDS`` rounds, whether declared (``XXR``, ``142``) or written (a round
field or a round date beyond round 99's columns is refused, not read).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction

from ladder.formats.errors import FormatError
from ladder.formats.limits import (
    MAX_LINES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    TOO_LARGE,
    bounded_int,
    check_text,
    grouped,
    quote,
)
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.numbers import HALF
from ladder.vocabulary.tournament import (
    DEFAULT_SCORING,
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
    looks_like_round_robin,
)

ROUND_COLUMN = 92  # 1-based column where round 1 starts; round r at ROUND_COLUMN + 10(r-1)
ROUND_WIDTH = 10
#: The last column a round field may use: the end of round MAX_ROUNDS (1,081 for 99 rounds).
LAST_ROUND_COLUMN = ROUND_COLUMN - 1 + ROUND_WIDTH * MAX_ROUNDS

_BYE_CODES = {"H": Kind.HALF_BYE, "F": Kind.FULL_BYE, "U": Kind.PAIRING_BYE, "Z": Kind.ZERO_BYE,
              "": Kind.ZERO_BYE}
_GAME_CODES = frozenset("10=+-WDL")
# The pairs of codes two opponents may write about the same game (A's code, B's code).
_MATCHING = {("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"),
             ("W", "L"), ("L", "W"), ("D", "D")}
_UNRATED_OUTCOME = {"W": Fraction(1), "D": HALF, "L": Fraction(0)}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, "": None}
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
# Trailing "(W)" after the name: a withdrawal marker some HTML-to-TRF converters leave behind.
_WITHDRAWN_MARK = re.compile(r"\s{2,}\(W\)$")


@dataclass(frozen=True)
class _Cell:
    """One round entry exactly as written, with its position for error messages."""

    line: int
    column: int  # 1-based column where the round field starts
    opponent: int | None  # None for blank or 0000
    colour: str  # "w", "b" or "" (blank or "-")
    code: str  # result code, upper-cased; "" when blank


@dataclass
class _RawPlayer:
    line: int
    fields: dict[str, str]
    start_no: int
    cells: dict[int, _Cell]


def read_trf(text: str, source: str = "<trf>") -> Tournament:
    """Read a TRF (TRF-16, TRF-2026 or TRF(x)) into a :class:`Tournament`.

    Raises :class:`FormatError` (with line and column) for anything ambiguous; see the module
    docstring for what is accepted.
    """
    check_text(text, source, MAX_LINES)
    lines = split_lines(text, source, "TRF")
    tags: dict[str, list[str]] = {}
    tag_lines: dict[str, int] = {}  # code -> line of its first record, for error messages
    round_dates: tuple[dt.date | None, ...] = ()
    raws: list[_RawPlayer] = []
    by_no: dict[int, _RawPlayer] = {}
    for line_no, line in enumerate(lines, 1):
        line = line.rstrip()
        code = line[:3]
        if code == "001":
            if len(raws) == MAX_PLAYERS:
                raise FormatError(source, line_no, 1, msg(
                    "too many players: the limit is %(limit)s player (001) lines",
                    limit=grouped(MAX_PLAYERS)))
            raw = _parse_player_line(line, line_no, source)
            if raw.start_no in by_no:
                raise FormatError(source, line_no, 5, msg(
                    "start number %(start_no)d is used twice (first on line %(first)d)",
                    start_no=raw.start_no, first=by_no[raw.start_no].line))
            by_no[raw.start_no] = raw
            raws.append(raw)
        elif code == "132":
            check_round_columns(line, line_no, source)
            round_dates = _parse_round_dates(line)
            tags.setdefault("132", []).append(line[4:].strip())  # as written (dates.py)
        elif code and not code.startswith("#"):
            tags.setdefault(code, []).append(line[4:].strip())
            tag_lines.setdefault(code, line_no)
            if code in ("162", "XXS", "BBW", "BBD", "BBL", "BBU"):
                _check_scoring_numbers(line, line_no, source)
    if not raws:
        raise FormatError(source, None, None, msg("not a TRF file: no player (001) lines found"))

    seen = max((r for raw in raws for r in raw.cells), default=0)
    for code in ("XXR", "142"):  # both are checked: a nonsense count is refused, not ignored
        count = _int_or_none(_tag(tags, code))
        if count is not None and count > MAX_ROUNDS:
            shown = _tag(tags, code)
            raise FormatError(source, tag_lines[code], 5, msg(
                "%(tag)s gives %(rounds)s rounds; the limit is %(limit)d rounds",
                tag=code, rounds=grouped(count) if count < TOO_LARGE else quote(shown),
                limit=MAX_ROUNDS))
    declared = _int_or_none(_tag(tags, "XXR")) or _int_or_none(_tag(tags, "142")) or 0
    rounds = max(seen, declared) or len(round_dates)
    # Start-number order, whatever the file's order (often by rank): equal events compare equal.
    players = tuple(_build_player(raw, by_no, rounds, source)
                    for raw in sorted(raws, key=lambda raw: raw.start_no))

    if round_dates:  # one entry per round, padded or cut so that index r-1 is round r
        round_dates = (round_dates + (None,) * rounds)[:rounds]
    extra = {key: "\n".join(values) for key, values in tags.items()}
    withdrawn = [str(raw.start_no) for raw in raws if raw.fields.get("withdrawn")]
    if withdrawn:
        extra["withdrawn"] = ",".join(withdrawn)
    kind_text = _tag(tags, "092").lower().replace("-", " ")
    # Tag 092 wins when present; FIDE's own exercises omit it, so fall back on the pairings.
    round_robin = "round robin" in kind_text or (not kind_text and looks_like_round_robin(players))
    return Tournament(
        name=_tag(tags, "012"),
        players=players,
        rounds=rounds,
        start_date=parse_date(_tag(tags, "042")),
        end_date=parse_date(_tag(tags, "052")),
        kind=EventKind.ROUND_ROBIN if round_robin else EventKind.SWISS,
        scoring=parse_scoring(" ".join(tags.get("162", []) + tags.get("XXS", [])
                                       + _bb_scoring(tags))),
        tiebreak_codes=_split_codes(_tag(tags, "202")),
        rounds_dates=round_dates,
        extra=extra,
    )


def split_lines(text: str, source: str, what: str) -> list[str]:
    """Lines of a text file whatever its line ends (LF, CRLF, CR), without a leading BOM.

    Raises :class:`FormatError` at the first NUL byte: that is binary data, not a ``what`` file.
    """
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if "\x00" in text:  # one scan of the whole text; the line is looked for only when needed
        for line_no, line in enumerate(lines, 1):
            if "\x00" in line:
                raise FormatError(source, line_no, line.index("\x00") + 1, _BINARY[what])
    return lines


# Whole sentences per kind of file (a translation cannot be built from a noun put in a slot).
_BINARY = {
    "TRF": msg("binary data (NUL byte): not a TRF text file"),
    "PGN": msg("binary data (NUL byte): not a PGN text file"),
    "results": msg("binary data (NUL byte): not a results text file"),
    "crosstable": msg("binary data (NUL byte): not a crosstable text file"),
}


def check_round_columns(line: str, line_no: int, source: str) -> None:
    """Refuse anything written beyond round MAX_ROUNDS's field (``line`` is right-stripped).

    Without this check a single far-right cell — one short line padded with blanks — would
    make an event of as many rounds as the padding is long.
    """
    if len(line) <= LAST_ROUND_COLUMN:
        return
    rest = line[LAST_ROUND_COLUMN:]
    column = LAST_ROUND_COLUMN + len(rest) - len(rest.lstrip()) + 1
    round_no = (column - ROUND_COLUMN) // ROUND_WIDTH + 1
    raise FormatError(source, line_no, column, msg(
        "column %(column)s is in the field of round %(round)s; the limit is %(limit)d rounds, "
        "so nothing may follow column %(last)s", column=grouped(column),
        round=grouped(round_no), limit=MAX_ROUNDS, last=grouped(LAST_ROUND_COLUMN)))


# A number of a scoring record (162, XXS); possessive, so that a long run of digits is
# scanned once.
_SCORING_NUMBER = re.compile(r"\d++(?:[.,]\d++)?+")
_MAX_SCORING_CHARS = 12


def _check_scoring_numbers(line: str, line_no: int, source: str) -> None:
    """Refuse a scoring value too long to be one (``W=1``, ``D 0.5``; never 13 characters).

    Converting a 5,000-digit number would raise a ValueError (and mean nothing).
    """
    for number in _SCORING_NUMBER.finditer(line, 4):
        if len(number.group()) > _MAX_SCORING_CHARS:
            raise FormatError(source, line_no, number.start() + 1, msg(
                "the scoring value “%(value)s” is not a number of points",
                value=quote(number.group())))


def _tag(tags: dict[str, list[str]], code: str) -> str:
    """The first value of a header record, or "" when absent."""
    values = tags.get(code)
    return values[0] if values else ""


def _cols(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive), stripped; short lines give ""."""
    return line[first - 1:last].strip()


def _parse_player_line(line: str, line_no: int, source: str) -> _RawPlayer:
    """Split one ``001`` line into fields and raw round cells (no cross-checks yet)."""
    if "\t" in line:
        # A tab makes every column after it ambiguous; better to refuse than to guess.
        raise FormatError(source, line_no, line.index("\t") + 1,
                          msg("tab character in a fixed-column player line"))
    start = _cols(line, 5, 8)
    if not start.isdecimal() or int(start) == 0:
        raise FormatError(source, line_no, 5, msg(
            "start number must be a positive number, found %(found)r", found=start))
    name = _cols(line, 15, 47)
    withdrawn = bool(_WITHDRAWN_MARK.search(name))
    name = _WITHDRAWN_MARK.sub("", name).strip()
    if not name:
        raise FormatError(source, line_no, 15, msg("player has no name"))
    rating = _cols(line, 49, 52)
    if rating and not rating.isdecimal():
        raise FormatError(source, line_no, 49, msg("rating must be a number, found %(found)r",
                                                   found=rating))
    fields = {
        "name": name, "rating": rating, "sex": _cols(line, 10, 10),
        "title": _cols(line, 11, 13), "federation": _cols(line, 54, 56),
        "fide_id": _cols(line, 58, 68), "birth": _cols(line, 70, 79),
        "points": _cols(line, 81, 84), "rank": _cols(line, 86, 89),
        "withdrawn": "1" if withdrawn else "",
    }
    check_round_columns(line, line_no, source)
    cells: dict[int, _Cell] = {}
    round_no = 1
    while (index := ROUND_COLUMN - 1 + ROUND_WIDTH * (round_no - 1)) < len(line):
        field = line[index:index + ROUND_WIDTH].ljust(ROUND_WIDTH)
        if field.strip():
            cells[round_no] = _parse_cell(field, line_no, index + 1, round_no, source)
        round_no += 1
    return _RawPlayer(line_no, fields, int(start), cells)


def _parse_cell(field: str, line_no: int, column: int, round_no: int, source: str) -> _Cell:
    """Parse one 10-column round field ``OOOO C R``; ``column`` is where it starts."""
    opponent_text, colour, code = field[:4].strip(), field[5].lower(), field[7].upper()
    for offset in (4, 6, 8, 9):
        if field[offset] != " ":
            raise FormatError(source, line_no, column + offset, msg(
                "round %(round)d: unexpected %(found)r; round fields are 'OOOO C R' "
                "(opponent, colour, result) at fixed columns", round=round_no,
                found=field[offset]))
    if opponent_text and not opponent_text.isdecimal():
        raise FormatError(source, line_no, column, msg(
            "round %(round)d: opponent must be a start number, found %(found)r",
            round=round_no, found=opponent_text))
    if colour.strip() not in _COLOURS:
        raise FormatError(source, line_no, column + 5, msg(
            "round %(round)d: unknown colour %(found)r (expected w, b or -)",
            round=round_no, found=field[5]))
    code = code.strip()
    if code not in _BYE_CODES and code not in _GAME_CODES:
        raise FormatError(source, line_no, column + 7, msg(
            "round %(round)d: unknown result code %(found)r", round=round_no, found=field[7]))
    opponent = int(opponent_text) if opponent_text and int(opponent_text) else None
    return _Cell(line_no, column, opponent, colour.strip().replace("-", ""), code)


def _build_player(raw: _RawPlayer, by_no: dict[int, _RawPlayer], rounds: int,
                  source: str) -> Player:
    """Turn a raw line into a Player, checking every game against the opponent's line."""
    results = []
    for round_no in range(1, rounds + 1):
        cell = raw.cells.get(round_no)
        results.append(_result(raw, cell, round_no, by_no, source) if cell
                       else RoundResult(round_no, Kind.ZERO_BYE))
    f = raw.fields
    birth = re.search(r"\d{4}", f["birth"])
    birth_year = int(birth.group()) if birth and 1850 <= int(birth.group()) <= 2100 else None
    rank = _int_or_none(f["rank"])
    return Player(
        start_no=raw.start_no, name=f["name"], rating=int(f["rating"] or 0) or None,
        results=tuple(results), sex=f["sex"], title=f["title"], federation=f["federation"],
        fide_id="" if f["fide_id"] in ("", "0") else f["fide_id"],
        birth_year=birth_year,  # the year only: docs/desk.md §4 never keeps a date of birth
        points=_points_or_none(f["points"]), rank=rank or None,
    )


def _result(raw: _RawPlayer, cell: _Cell, round_no: int, by_no: dict[int, _RawPlayer],
            source: str) -> RoundResult:
    """The RoundResult for one written cell, cross-checked with the opponent's cell."""
    code = cell.code
    if cell.opponent is None:
        if code in _BYE_CODES:
            return RoundResult(round_no, _BYE_CODES[code])
        if code == "-":  # lichess, and "0000 - -": absent without a scheduled opponent
            return RoundResult(round_no, Kind.ZERO_BYE)
        if code == "+":  # older TRFs wrote the pairing-allocated bye as "0000 - +"
            return RoundResult(round_no, Kind.PAIRING_BYE)
        raise FormatError(source, cell.line, cell.column + 7, msg(
            "round %(round)d: result %(code)r needs an opponent", round=round_no, code=code))
    if code in _BYE_CODES:
        given: Message = msg(
            "round %(round)d: opponent %(opponent)d given with result %(code)r (a bye)",
            round=round_no, opponent=cell.opponent, code=code) if code else msg(
            "round %(round)d: opponent %(opponent)d given with a blank result",
            round=round_no, opponent=cell.opponent)
        raise FormatError(source, cell.line, cell.column, given)
    if cell.opponent == raw.start_no:
        raise FormatError(source, cell.line, cell.column, msg(
            "round %(round)d: player %(player)d is paired with himself", round=round_no,
            player=raw.start_no))
    other_raw = by_no.get(cell.opponent)
    if other_raw is None:
        raise FormatError(source, cell.line, cell.column, msg(
            "round %(round)d: opponent %(opponent)d does not exist", round=round_no,
            opponent=cell.opponent))
    other = other_raw.cells.get(round_no)
    if other is None or other.opponent != raw.start_no:
        values = {"round": round_no, "player": raw.start_no, "opponent": cell.opponent,
                  "line": other_raw.line}
        mismatch = msg(
            "round %(round)d: player %(player)d names opponent %(opponent)d, but "
            "%(opponent)d's line (%(line)d) names %(other)d", other=other.opponent,
            **values) if other and other.opponent else msg(
            "round %(round)d: player %(player)d names opponent %(opponent)d, but "
            "%(opponent)d's line (%(line)d) names no opponent", **values)
        raise FormatError(source, cell.line, cell.column, mismatch)
    # Disagreements are reported on the later of the two lines (the earlier one set the
    # expectation), so each faulty pair produces the same message whichever is read first.
    later, earlier = (cell, other) if cell.line > other.line else (other, cell)
    if (code, other.code) not in _MATCHING:
        raise FormatError(source, later.line, later.column + 7, msg(
            "round %(round)d: results disagree: %(code)r for %(player)d but %(other_code)r "
            "for %(opponent)d (line %(line)d)", round=round_no, code=code,
            player=raw.start_no, other_code=other.code, opponent=cell.opponent,
            line=earlier.line))
    # Same colour on both sides is impossible; a colour on one side only is tolerated for
    # forfeits (the game never started) but not for a game that was played.
    same_colour = bool(cell.colour) and cell.colour == other.colour
    one_sided = bool(cell.colour) != bool(other.colour) and code not in ("+", "-")
    if same_colour or one_sided:
        raise FormatError(source, later.line, later.column + 5, msg(
            "round %(round)d: colours disagree between %(player)d and %(opponent)d "
            "(line %(line)d)", round=round_no, player=raw.start_no, opponent=cell.opponent,
            line=earlier.line))
    colour = _COLOURS[cell.colour]
    if code in _UNRATED_OUTCOME:
        return RoundResult(round_no, Kind.UNRATED_PLAYED, cell.opponent, colour,
                           _UNRATED_OUTCOME[code])
    kind = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN,
            "-": Kind.DOUBLE_FORFEIT if other.code == "-" else Kind.FORFEIT_LOSS}[code]
    return RoundResult(round_no, kind, cell.opponent, colour)


def _parse_round_dates(line: str) -> tuple[dt.date | None, ...]:
    """Tag 132: one date per round, written at the round columns (YY/MM/DD in TRF-16)."""
    dates: list[dt.date | None] = []
    index = ROUND_COLUMN - 1
    while index < len(line):
        dates.append(parse_date(line[index:index + ROUND_WIDTH]))
        index += ROUND_WIDTH
    while dates and dates[-1] is None:
        dates.pop()
    return tuple(dates)


def parse_date(text: str) -> dt.date | None:
    """Parse the date spellings real TRFs use; None when empty or not understood.

    Accepted: ``2024-08-01``, ``2024/12/01``, ``2005.07.28``, ``28.07.2005``, ``28. 07. 2005``,
    ``24/09/2010`` (day first unless that is impossible), ``24/12/01`` (TRF's YY/MM/DD),
    ``Jun 26, 2020`` and ``26 June 2020``. An unreadable date is not an error: dates are
    informative only.
    """
    text = text.strip()
    try:
        if m := re.fullmatch(r"(\d{1,4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,4})\.?", text):
            a, b, c = m.groups()
            if len(a) == 4:
                return dt.date(int(a), int(b), int(c))
            if len(c) == 4:
                day, month = int(a), int(b)
                if month > 12 >= day:  # only possible reading is month first (US style)
                    day, month = month, day
                return dt.date(int(c), month, day)
            if len(a) <= 2 and len(c) <= 2:  # TRF-16 writes short dates as YY/MM/DD
                year = int(a)
                return dt.date(year + (2000 if year < 70 else 1900), int(b), int(c))
            return None
        if m := re.fullmatch(r"([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})", text):
            month_name, day_text, year_text = m.groups()
        elif m := re.fullmatch(r"(\d{1,2})\.?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})", text):
            day_text, month_name, year_text = m.groups()
        else:
            return None
        month_no = _MONTHS.get(month_name[:3].lower())
        return dt.date(int(year_text), month_no, int(day_text)) if month_no else None
    except ValueError:  # 31 February, month 0, …
        return None


def _bb_scoring(tags: dict[str, list[str]]) -> list[str]:
    """bbpPairings's point records (``BBW 1.0``, ``BBU 0.5``) in the XXS spelling."""
    codes = {"BBW": "W", "BBD": "D", "BBL": "L", "BBU": "PAB"}
    return [f"{codes[code]}={value}" for code in codes for value in tags.get(code, [])]


# P is TRF-2026 162's pairing-allocated bye.
_SCORING_FIELDS = {"W": "win", "P": "pairing_bye", "WW": "win", "BW": "win", "D": "draw",
                   "WD": "draw", "BD": "draw", "L": "loss", "WL": "loss", "BL": "loss",
                   "PAB": "pairing_bye", "U": "pairing_bye", "FPB": "full_bye", "F": "full_bye",
                   "HPB": "half_bye", "H": "half_bye"}


# A code and its value. The lookbehind starts a match only at the first letter of a code and
# the quantifiers are possessive: a long run of letters or digits is scanned once, not once
# per position in it (the plain pattern took quadratic time on a long line of letters).
_SCORING_PAIR = re.compile(r"(?<![A-Za-z])([A-Za-z]++)\s*+=?\s*+(\d++(?:[.,]\d++)?+)")


def parse_scoring(text: str) -> Scoring:
    """Scoring from tag 162 (``W 1.0 D 0.5 L 0.0``) or TRF(x) ``XXS`` (``WW=1 D=0.5 PAB=1``).

    Codes the data model has no place for (zero-point bye, forfeit values) are ignored; a
    bye value equal to what it would default to is normalised to None so that equal scorings
    compare equal.
    """
    values: dict[str, Fraction] = {}
    for code, number in _SCORING_PAIR.findall(text):
        if attribute := _SCORING_FIELDS.get(code.upper()):
            values[attribute] = Fraction(number.replace(",", "."))
    if not values:
        return DEFAULT_SCORING
    win = values.get("win", DEFAULT_SCORING.win)
    draw = values.get("draw", DEFAULT_SCORING.draw)

    def bye(name: str, default: Fraction) -> Fraction | None:
        value = values.get(name)
        return None if value is None or value == default else value

    return Scoring(win=win, draw=draw, loss=values.get("loss", DEFAULT_SCORING.loss),
                   pairing_bye=bye("pairing_bye", win), full_bye=bye("full_bye", win),
                   half_bye=bye("half_bye", draw))


def _split_codes(text: str) -> tuple[str, ...]:
    """Tie-break codes of tag 202: comma-separated in TRF-2026, blank-separated elsewhere."""
    parts = text.split(",") if "," in text else text.split()
    return tuple(part.strip() for part in parts if part.strip())


def _int_or_none(text: str) -> int | None:
    """A count as written (``XXR 9``); None when not a number; ``TOO_LARGE`` when too long to
    be one (see :func:`~ladder.formats.limits.bounded_int`)."""
    text = text.strip()
    return bounded_int(text) if text.isdecimal() else None


def _points_or_none(text: str) -> Fraction | None:
    """The printed score; unreadable or missing gives None (it is never trusted anyway)."""
    if re.fullmatch(r"\d+(?:[.,]\d+)?", text):
        return Fraction(text.replace(",", "."))
    return None


# --- TRF-2026 in-tournament data exchange (ITDX) ------------------------------------------
#
# The records a pairing engine needs besides the 001 lines, in the TRF-2026 spelling and in
# the TRF(x) spelling that JaVaFo and bbpPairings read (docs/pairing.md §3):
#
#   142 n / XXR n                 the total number of rounds
#   152 W|B / XXC white1|black1   the initial colour (of the top-ranked player paired in round 1)
#   XXC rank                      the pairing order is the order of the 001 lines
#   260 first last a b [c …]      these players must not meet in rounds first..last
#   XXP a b [c …]                 these players must not meet in any round
#   240 T rnd a [b …]             requested byes of round rnd: T = F (full), H (half), Z (zero)
#   162  W 1.0    D 0.5 …         point values: W D L, A (absence: zero bye, forfeit loss),
#                                 P (pairing-allocated bye); bbpPairings's BBW BBD BBL BBZ BBF BBU

_BYE_RECORD_KINDS = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}
# 162's result codes (TRF-2026; bbpPairings also writes Z for A) and bbpPairings's BBx records.
_POINT_CODES = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "Z": "absence",
                "P": "pairing_bye"}
_BB_RECORDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "absence", "BBF": "absence",
               "BBU": "pairing_bye"}


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players of whom no two may meet (siblings, one family): ``XXP`` or a ``260`` record."""

    players: tuple[int, ...]
    first_round: int | None = None  # None: from round 1 (XXP)
    last_round: int | None = None  # None: to the last round (XXP)


@dataclass(frozen=True)
class RoundByes:
    """A ``240`` record: the players given a requested bye in one (coming) round."""

    kind: Kind  # FULL_BYE, HALF_BYE or ZERO_BYE
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class PointValues:
    """Point values of the exchange (162 or BBx); None where the default applies (1, ½, 0,
    absence 0, pairing-allocated bye = a win)."""

    win: Fraction | None = None
    draw: Fraction | None = None
    loss: Fraction | None = None
    absence: Fraction | None = None
    pairing_bye: Fraction | None = None

    def scoring(self, base: Scoring = DEFAULT_SCORING) -> Scoring:
        """These values as a :class:`Scoring` (unset values from ``base``)."""
        win = base.win if self.win is None else self.win
        return Scoring(win=win, draw=base.draw if self.draw is None else self.draw,
                       loss=base.loss if self.loss is None else self.loss,
                       pairing_bye=base.pairing_bye if self.pairing_bye is None
                       or self.pairing_bye == win else self.pairing_bye,
                       full_bye=base.full_bye, half_bye=base.half_bye)


@dataclass(frozen=True)
class Exchange:
    """What a TRF says for pairing beyond the 001 lines (TRF-2026 ITDX and TRF(x))."""

    rounds: int | None = None  # 142 / XXR
    initial_colour: Colour | None = None  # 152 / XXC white1|black1
    #: XXC rank: the start numbers in the order of the 001 lines (the pairing order), else None.
    pairing_order: tuple[int, ...] | None = None
    forbidden: tuple[ForbiddenPairs, ...] = ()
    byes: tuple[RoundByes, ...] = ()
    points: PointValues = PointValues()

    def byes_of(self, round_no: int) -> dict[int, Kind]:
        """The requested byes of ``round_no`` by start number."""
        return {player: entry.kind for entry in self.byes if entry.round == round_no
                for player in entry.players}


def read_exchange(text: str, source: str = "<trf>") -> Exchange:
    """The in-tournament exchange records of a TRF (see the comment above :class:`Exchange`).

    Raises :class:`FormatError` naming the line and column for a record that cannot be read,
    two records that disagree (``XXR 7`` and ``142 9``), or a player who has no 001 line.
    """
    check_text(text, source, MAX_LINES)
    lines = split_lines(text, source, "TRF")
    reader = _ExchangeReader(source)
    for line_no, line in enumerate(lines, 1):
        reader.line(line.rstrip(), line_no)
    return reader.result()


class _ExchangeReader:
    """Collects the exchange records line by line; :meth:`result` checks them together."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.rounds: dict[str, tuple[int, int]] = {}  # code -> (value, line)
        self.colours: dict[str, tuple[Colour, int]] = {}
        self.rank = False
        self.order: list[int] = []
        self.forbidden: list[tuple[ForbiddenPairs, int]] = []
        self.byes: list[tuple[RoundByes, int]] = []
        self.points: dict[str, tuple[Fraction, int, str]] = {}  # field -> (value, line, code)

    def fail(self, line_no: int, column: int | None, message: Message) -> FormatError:
        """A FormatError at ``line_no``/``column``."""
        return FormatError(self.source, line_no, column, message)

    def line(self, line: str, line_no: int) -> None:
        """Read one line (right-stripped); lines that are not exchange records are skipped."""
        code = line[:3]
        if code == "001":
            start = _cols(line, 5, 8)
            if start.isdecimal():
                self.order.append(int(start))
        elif code in ("142", "XXR"):
            self.rounds[code] = (self.number(line, 5, line_no, code), line_no)
        elif code == "152":
            self.colour_152(line, line_no)
        elif code == "XXC":
            self.xxc(line, line_no)
        elif code == "XXP":
            players = self.players(line, 5, line_no, code)
            if len(players) < 2:
                raise self.fail(line_no, 1, msg(
                    "%(tag)s names fewer than two players: nothing is forbidden", tag=code))
            self.forbidden.append((ForbiddenPairs(players), line_no))
        elif code == "260":
            self.record_260(line, line_no)
        elif code == "240":
            self.record_240(line, line_no)
        elif code == "162":
            for match in _SCORING_PAIR.finditer(line, 4):
                field_name = _POINT_CODES.get(match.group(1).upper())
                if field_name is not None:
                    self.point(field_name, match.group(2), line_no, code)
        elif code in _BB_RECORDS:
            self.point(_BB_RECORDS[code], line[4:].strip(), line_no, code)

    def tokens(self, line: str, first: int) -> list[tuple[str, int]]:
        """The blank-separated words of ``line`` from column ``first``, with their columns."""
        return [(m.group(), m.start() + first) for m in re.finditer(r"\S+", line[first - 1:])]

    def number(self, line: str, column: int, line_no: int, code: str) -> int:
        """The one positive number a record holds from ``column`` on (142, XXR)."""
        words = self.tokens(line, column)
        if len(words) != 1 or not words[0][0].isdecimal() or not 0 < int(words[0][0]):
            raise self.fail(line_no, column, msg(
                "%(tag)s must give one number of rounds, found %(found)r", tag=code,
                found=line[column - 1:].strip()))
        count = bounded_int(words[0][0])
        if count > MAX_ROUNDS:
            raise self.fail(line_no, column, msg(
                "%(tag)s gives %(rounds)s rounds; the limit is %(limit)d rounds", tag=code,
                rounds=grouped(count) if count < TOO_LARGE else quote(words[0][0]),
                limit=MAX_ROUNDS))
        return count

    def round_number(self, word: str, column: int, line_no: int, code: str) -> int:
        """A round number of a 240/260 record (1 … MAX_ROUNDS)."""
        if not word.isdecimal() or not 0 < bounded_int(word) <= MAX_ROUNDS:
            raise self.fail(line_no, column, msg(
                "%(tag)s: %(found)r is not a round number (1 to %(limit)d)", tag=code,
                found=word, limit=MAX_ROUNDS))
        return int(word)

    def players(self, line: str, column: int, line_no: int, code: str) -> tuple[int, ...]:
        """The start numbers of a record from ``column`` on."""
        numbers: list[int] = []
        for word, at in self.tokens(line, column):
            if not word.isdecimal() or not 0 < bounded_int(word) < TOO_LARGE:
                raise self.fail(line_no, at, msg(
                    "%(tag)s: %(found)r is not a start number", tag=code, found=word))
            numbers.append(int(word))
        return tuple(numbers)

    def colour_152(self, line: str, line_no: int) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            raise self.fail(line_no, 5, msg(
                "152 must give the initial colour W or B, found %(found)r",
                found=line[4:].strip()))
        self.colours["152"] = (Colour.WHITE if value == "W" else Colour.BLACK, line_no)

    def xxc(self, line: str, line_no: int) -> None:
        for word, at in self.tokens(line, 4):
            if word == "rank":
                self.rank = True
            elif word in ("white1", "black1"):
                colour = Colour.WHITE if word == "white1" else Colour.BLACK
                previous = self.colours.get("XXC")
                if previous and previous[0] is not colour:
                    raise self.fail(line_no, at, msg(
                        "XXC gives both white1 and black1: the initial colour is one of them"))
                self.colours["XXC"] = (colour, line_no)
            else:
                raise self.fail(line_no, at, msg(
                    "XXC: unknown setting %(found)r (expected white1, black1 or rank)",
                    found=word))

    def record_260(self, line: str, line_no: int) -> None:
        words = self.tokens(line, 5)
        if len(words) < 4:
            raise self.fail(line_no, 5, msg(
                "260 needs a first round, a last round and at least two players"))
        first = self.round_number(*words[0], line_no, "260")
        last = self.round_number(*words[1], line_no, "260")
        if last < first:
            raise self.fail(line_no, words[1][1], msg(
                "260: the last round (%(last)d) is before the first (%(first)d)",
                last=last, first=first))
        players = self.players(line, words[2][1], line_no, "260")
        self.forbidden.append((ForbiddenPairs(players, first, last), line_no))

    def record_240(self, line: str, line_no: int) -> None:
        words = self.tokens(line, 5)
        kind = _BYE_RECORD_KINDS.get(words[0][0].upper()) if words else None
        if kind is None or len(words[0][0]) != 1:
            raise self.fail(line_no, 5, msg(
                "240: the kind of bye must be F, H or Z, found %(found)r",
                found=words[0][0] if words else ""))
        if len(words) < 3:
            raise self.fail(line_no, 5, msg("240 needs a round and at least one player"))
        round_no = self.round_number(*words[1], line_no, "240")
        players = self.players(line, words[2][1], line_no, "240")
        self.byes.append((RoundByes(kind, round_no, players), line_no))

    def point(self, field_name: str, text: str, line_no: int, code: str) -> None:
        if not re.fullmatch(r"\d{1,4}(?:[.,]\d{1,4})?", text):
            raise self.fail(line_no, 5, msg(
                "%(tag)s: %(found)r is not a number of points", tag=code, found=quote(text)))
        value = Fraction(text.replace(",", "."))
        previous = self.points.get(field_name)
        if previous and previous[0] != value:
            raise self.fail(line_no, None, msg(
                "%(tag)s gives %(value)s points, but line %(line)d gave another value",
                tag=code, value=text, line=previous[1]))
        self.points[field_name] = (value, line_no, code)

    def result(self) -> Exchange:
        """The records read, checked against each other and against the 001 lines."""
        counts = {value for value, _ in self.rounds.values()}
        if len(counts) > 1:
            line_no = max(line for _, line in self.rounds.values())
            raise self.fail(line_no, None, msg(
                "142 gives %(a)d rounds but XXR gives %(b)d", a=self.rounds["142"][0],
                b=self.rounds["XXR"][0]))
        colours = {colour for colour, _ in self.colours.values()}
        if len(colours) > 1:
            line_no = max(line for _, line in self.colours.values())
            raise self.fail(line_no, None, msg(
                "152 and XXC give different initial colours"))
        known = set(self.order)
        named: list[tuple[tuple[int, ...], int]] = [
            (entry.players, line_no) for entry, line_no in self.forbidden]
        named += [(entry.players, line_no) for entry, line_no in self.byes]
        for players, line_no in named:
            for player in players:
                if player not in known:
                    raise self.fail(line_no, None, msg(
                        "player %(player)d is named but has no player (001) line",
                        player=player))
        seen: dict[tuple[int, int], int] = {}
        for entry, line_no in self.byes:
            for player in entry.players:
                if (entry.round, player) in seen:
                    raise self.fail(line_no, None, msg(
                        "round %(round)d: player %(player)d has two byes (line %(line)d)",
                        round=entry.round, player=player, line=seen[entry.round, player]))
                seen[entry.round, player] = line_no
        values = {name: value for name, (value, _, _) in self.points.items()}
        return Exchange(
            rounds=counts.pop() if counts else None,
            initial_colour=colours.pop() if colours else None,
            pairing_order=tuple(self.order) if self.rank else None,
            forbidden=tuple(entry for entry, _ in self.forbidden),
            byes=tuple(entry for entry, _ in self.byes),
            points=PointValues(**values))
