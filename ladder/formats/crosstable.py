"""Reading crosstable text as chess-results.com and Swiss-Manager print it (SPEC §9).

One row per player::

    Rk.  Name              Rtg   FED  1.Rd  2.Rd  3.Rd  4.Rd  Pts.  TB1
    1    GM Smith John     2210  ENG  4w1   2b½   -1    3w+   3.5   7.0
    2    Lee Ann           1980       5b1   1w½   6b0   -½    2.0   6.5

* The **first number of a row is the player's number**, the one the round cells of the other
  rows refer to (the start number in a starting-rank crosstable, the rank in a ranking
  crosstable, where chess-results writes opponents by rank). A second number right after it
  (``Rk. SNo``) is ignored. A line that does not start with a number is a heading and is
  skipped; a line that does must be a complete player row.
* Then the name (a leading title such as ``GM`` or ``WFM`` goes to ``Player.title``), then
  optional rating (``0`` or ``-`` = unrated) and federation (three capital letters), then one
  cell per round, then optional numbers: the first is the printed points (kept in
  ``Player.points``, not trusted), the rest (tie-breaks) are ignored.
* Columns are separated by tabs or runs of spaces. When a row has neither, single spaces are
  read token by token: the name runs up to the first token with a digit, and a federation is
  recognised only after the rating (use tabs or two spaces for other layouts).
* Round cells: ``12w1`` ``12b0`` ``5b½`` (also ``1/2``, ``0.5``, ``=``; ``s`` for black as in
  German prints) are played games and need a colour; ``7w+`` / ``7b-`` (colour optional) are
  forfeits won / lost against player 7, and ``-`` on both sides is a double forfeit; ``-1`` is
  a pairing bye, ``-½`` a half-point bye, ``-0`` a zero bye. Rows with fewer cells than the
  longest row get zero byes for the missing last rounds (a withdrawn player).
* Both sides of each pairing must agree (opponent, result and colours), as in the TRF reader;
  a disagreement is reported on the later of the two rows, naming the earlier one.

Round-robin grids (``1 Ann Lee * 1 ½ 0``) are not this format. Errors are collected for the
whole text (:func:`parse_crosstable`); :func:`read_crosstable` raises the first one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ladder.formats.errors import FormatError
from ladder.formats.paste import DASHES, MAX_CHARS, MAX_LINES, MAX_NAME, ParseResult, failed
from ladder.formats.trf import split_lines
from ladder.tournament import (HALF, Colour, EventKind, Kind, Player, RoundResult, Tournament,
                               looks_like_round_robin)

TITLES = frozenset("GM IM FM CM WGM WIM WFM WCM AGM AIM AFM ACM".split())
_DASH = re.compile(f"[{re.escape(DASHES)}]")
_HALF = r"(?:½|1/2|0[.,]5|=)"
# A played game needs its colour: "5½" without one would read like a points column.
_GAME_CELL = re.compile(rf"(?P<opp>\d+)(?P<col>[wbs])(?P<res>1|0|{_HALF}|\+|-)", re.IGNORECASE)
_FORFEIT_CELL = re.compile(r"(?P<opp>\d+)(?P<col>)(?P<res>[+-])")
_BYE_CELL = re.compile(rf"-(?P<res>1|0|{_HALF})")
# Tokens that are clearly meant as a cell but are not one ("12w2", "5b*", "-x"): reported
# instead of being taken for part of a name or a points column.
_CELL_LIKE = re.compile(r"\d+[wbs]\S*|-\S+", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?|\d*½")
_FIELD = re.compile(r"[^\t ]+(?: [^\t ]+)*")  # runs of tokens separated by single spaces
_BYES = {"1": Kind.PAIRING_BYE, "½": Kind.HALF_BYE, "0": Kind.ZERO_BYE}
# (this side's result, the other side's result) pairs that describe one and the same game.
_AGREE = {("1", "0"), ("0", "1"), ("½", "½"), ("+", "-"), ("-", "+"), ("-", "-")}
_PLAYED = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "": None}


@dataclass(frozen=True)
class _Cell:
    """One round cell as written: opponent (None for a bye), colour, result, position."""

    round: int
    column: int
    opponent: int | None
    colour: Colour | None
    result: str  # "1", "0", "½", "+" or "-" (for byes: the bye's kind below)
    bye: Kind | None = None


@dataclass
class _Row:
    line: int
    start_no: int
    name: str
    rating: int | None = None
    title: str = ""
    federation: str = ""
    points: Fraction | None = None
    cells: list[_Cell] = field(default_factory=list)


def read_crosstable(text: str, source: str = "<crosstable>") -> Tournament:
    """Read crosstable text into a :class:`Tournament`; raise the first :class:`FormatError`."""
    result = parse_crosstable(text, source)
    if result.tournament is None:
        raise result.errors[0]
    return result.tournament


def parse_crosstable(text: str, source: str = "<crosstable>") -> ParseResult:
    """Read crosstable text, collecting every error (see the module docstring)."""
    if len(text) > MAX_CHARS:
        return failed([FormatError(source, None, None,
                                   f"the text is too large ({len(text):,} characters; the limit "
                                   f"is {MAX_CHARS:,}): paste one crosstable at a time")])
    try:
        lines = split_lines(text, source, "crosstable")
    except FormatError as err:
        return failed([err])
    if len(lines) > MAX_LINES:
        return failed([FormatError(source, None, None, f"the text has {len(lines):,} lines; the "
                                   f"limit is {MAX_LINES:,}")])

    errors: list[FormatError] = []
    rows: dict[int, _Row] = {}
    broken: set[int] = set()  # numbers of rows that failed: no cross-check noise about them
    for line_no, line in enumerate(lines, 1):
        if not re.match(r"\s*\d", line):
            continue  # title, header or blank line
        try:
            row = _parse_row(line, line_no, source)
        except FormatError as err:
            errors.append(err)
            if number := re.match(r"\s*(\d+)", line):
                broken.add(int(number.group(1)))
            continue
        if row.start_no in rows:
            errors.append(FormatError(source, line_no, None,
                                      f"player number {row.start_no} is used twice (first on "
                                      f"line {rows[row.start_no].line})"))
            continue
        rows[row.start_no] = row
    if not rows and not errors:
        errors.append(FormatError(source, None, None,
                                  "no player rows found; expected rows like "
                                  "“1 Smith John 1500 4w1 2b½ -1 2.5”"))
    rounds = max((len(row.cells) for row in rows.values()), default=0)
    players = []
    for row in sorted(rows.values(), key=lambda r: r.start_no):
        results = []
        for cell in row.cells:
            try:
                results.append(_result(row, cell, rows, broken, source))
            except FormatError as err:
                errors.append(err)
            except LookupError:  # the opponent's row is broken: already reported there
                pass
        results += [RoundResult(r, Kind.ZERO_BYE) for r in range(len(row.cells) + 1, rounds + 1)]
        players.append(Player(start_no=row.start_no, name=row.name, rating=row.rating,
                              results=tuple(results), title=row.title,
                              federation=row.federation, points=row.points))
    if errors:
        return failed(errors)
    kind = EventKind.ROUND_ROBIN if looks_like_round_robin(players) else EventKind.SWISS
    return ParseResult(Tournament(name="", players=tuple(players), rounds=rounds, kind=kind))


def _parse_row(line: str, line_no: int, source: str) -> _Row:
    """Split one player row into its columns (no cross-checks yet)."""

    def fail(message: str, column: int | None = None) -> FormatError:
        return FormatError(source, line_no, column, message)

    tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
    first = tokens[0][0].rstrip(".")
    if not first.isdecimal() or int(first) == 0:
        raise fail(f"a row must start with the player's number (1 or more), found "
                   f"“{tokens[0][0]}”", tokens[0][1])
    start_no = int(first)
    index = 2 if len(tokens) > 1 and tokens[1][0].rstrip(".").isdecimal() else 1

    title = ""
    if index < len(tokens) and tokens[index][0] in TITLES:
        title, index = tokens[index][0], index + 1
    # The name ends where its field ends (tabs / two spaces) or, in a single-spaced row, at
    # the first token with a digit or a leading dash (a rating, a cell, a points column).
    columned = "\t" in line or "  " in line.strip()
    name_end = index
    if columned and index < len(tokens):
        span = next(m for m in _FIELD.finditer(line) if m.end() >= tokens[index][1])
        while name_end < len(tokens) and tokens[name_end][1] <= span.end():
            name_end += 1
    else:
        while name_end < len(tokens) and not re.search(r"\d|^[-–—−+]", tokens[name_end][0]):
            name_end += 1
    name = " ".join(token for token, _ in tokens[index:name_end])
    name_column = tokens[index][1] if index < len(tokens) else len(line) + 1
    if not name:
        raise fail("player has no name; expected “number, name, rating, round cells”",
                   name_column)
    if len(name) > MAX_NAME:
        raise fail(f"name is {len(name)} characters long; the limit is {MAX_NAME}", name_column)
    if not any(ch.isalpha() for ch in name) or any(ch in "<>" for ch in name):
        raise fail(f"“{name}” is not a name (letters expected; “<” and “>” are not "
                   "allowed)", name_column)

    row = _Row(line_no, start_no, name, title=title)
    tokens = tokens[name_end:]
    position = 0
    # Rating, federation and the like, up to the first round cell. Other columns printed
    # there (a national rating, a FIDE id, a club) are skipped; a broken cell stops the scan.
    while position < len(tokens) and not _is_cell(tokens[position][0]):
        token, column = tokens[position]
        if _CELL_LIKE.fullmatch(_DASH.sub("-", token)) and token != "-":
            break
        if token.isdecimal() and len(token) <= 4 and row.rating is None:
            row.rating = int(token) or None
        elif re.fullmatch(r"[A-Z]{3}", token) and not row.federation:
            row.federation = token
        elif token in TITLES and not row.title:
            row.title = token
        position += 1
    while position < len(tokens) and _is_cell(tokens[position][0]):
        token, column = tokens[position]
        row.cells.append(_parse_cell(token, len(row.cells) + 1, column))
        position += 1
    if not row.cells:
        token, column = tokens[position] if position < len(tokens) else ("", len(line) + 1)
        if token and _CELL_LIKE.fullmatch(_DASH.sub("-", token)):
            raise fail(f"unknown round cell “{token}”; expected cells like 12w1, 5b½, 7w+, -1",
                       column)
        found = f"found “{token}”" if token else "found nothing"
        raise fail(f"no round results after the name; {found}, expected cells like 12w1, "
                   "5b½, 7w+, -1", column)
    trailing = tokens[position:]
    for number, (token, column) in enumerate(trailing):
        if not _NUMBER.fullmatch(token):
            what = ("unknown round cell" if _CELL_LIKE.fullmatch(_DASH.sub("-", token))
                    else "unexpected")
            raise fail(f"{what} “{token}” after the round cells; expected cells like 12w1, "
                       "5b½, 7w+, -1, then the points", column)
        if number == 0:  # the points column; later numbers are tie-breaks, ignored
            row.points = Fraction(token.replace("½", "").replace(",", ".") or "0") + (
                HALF if "½" in token else 0)
    return row


def _is_cell(token: str) -> bool:
    token = _DASH.sub("-", token)
    return bool(_GAME_CELL.fullmatch(token) or _FORFEIT_CELL.fullmatch(token)
                or _BYE_CELL.fullmatch(token))


def _result_code(text: str) -> str:
    return "½" if re.fullmatch(_HALF, text) else text


def _parse_cell(token: str, round_no: int, column: int) -> _Cell:
    """A token already known to be a cell (see _is_cell)."""
    token = _DASH.sub("-", token)
    if bye := _BYE_CELL.fullmatch(token):
        return _Cell(round_no, column, None, None, "", _BYES[_result_code(bye.group("res"))])
    game = _GAME_CELL.fullmatch(token) or _FORFEIT_CELL.fullmatch(token)
    assert game is not None, token
    return _Cell(round_no, column, int(game.group("opp")), _COLOURS[game.group("col").lower()],
                 _result_code(game.group("res")))


def _result(row: _Row, cell: _Cell, rows: dict[int, _Row], broken: set[int],
            source: str) -> RoundResult:
    """The RoundResult of one cell, cross-checked with the opponent's row.

    Raises FormatError for a disagreement, LookupError when the opponent's row could not be
    read (its own error already says why).
    """
    round_no = cell.round

    def fail(message: str, line: int = row.line, column: int | None = cell.column
             ) -> FormatError:
        return FormatError(source, line, column, f"round {round_no}: {message}")

    if cell.bye is not None:
        return RoundResult(round_no, cell.bye)
    if cell.opponent is None or cell.opponent == row.start_no:
        raise fail(f"player {row.start_no} is paired with themselves")
    other_row = rows.get(cell.opponent)
    if other_row is None:
        if cell.opponent in broken:
            raise LookupError(cell.opponent)
        raise fail(f"opponent {cell.opponent} does not exist (no row starts with "
                   f"{cell.opponent})")
    other = other_row.cells[round_no - 1] if round_no <= len(other_row.cells) else None
    if other is None or other.opponent != row.start_no:
        named = (f"names opponent {other.opponent}" if other and other.opponent
                 else "names no opponent")
        raise fail(f"player {row.start_no} names opponent {cell.opponent}, but "
                   f"{cell.opponent}'s row (line {other_row.line}) {named}")
    # Each disagreement is reported once, on the later of the two rows.
    later = row.line > other_row.line
    if (cell.result, other.result) not in _AGREE and later:
        raise fail(f"results disagree: “{cell.result}” for {row.start_no} but "
                   f"“{other.result}” for {cell.opponent} (line {other_row.line})")
    if cell.colour and cell.colour == other.colour and later:
        raise fail(f"colours disagree: both {row.start_no} and {cell.opponent} have "
                   f"{'white' if cell.colour is Colour.WHITE else 'black'} "
                   f"(line {other_row.line})")
    if cell.result in _PLAYED:
        return RoundResult(round_no, _PLAYED[cell.result], cell.opponent, cell.colour)
    kind = (Kind.FORFEIT_WIN if cell.result == "+"
            else Kind.DOUBLE_FORFEIT if other.result == "-" else Kind.FORFEIT_LOSS)
    return RoundResult(round_no, kind, cell.opponent, cell.colour)
