"""Reading crosstable text as chess-results.com and Swiss-Manager print it (docs/desk.md §4).

One row per player: the player's number, the name (with its title), an optional rating and
federation, one cell per round (``12w1``, ``5b½``, ``7w+``, ``-1`` …), then the printed points
and tie-breaks; both sides of each pairing must agree. Every rule, cell by cell, and the
limits: docs/desk.md §7. Errors are collected for the whole text (:func:`parse_crosstable`);
:func:`read_crosstable` raises the first one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ladder.formats.errors import FormatError
from ladder.formats.limits import (
    MAX_LINE_CHARS,
    MAX_NAME,
    MAX_PASTE_LINES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_START_NO,
    bounded_int,
    check_text,
    grouped,
    quote,
)
from ladder.formats.paste import DASHES, ParseResult, enough, failed
from ladder.formats.trf import split_lines
from ladder.vocabulary.messages import N_, Message, msg
from ladder.vocabulary.numbers import HALF
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
    looks_like_round_robin,
)

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
#: The printed points are at most this long ("101.5"); a longer number is not a score.
_MAX_POINTS_CHARS = 8
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "": None}


#: A row's tokens with their columns (1-based), as ``_parse_row`` splits them.
_Tokens = list[tuple[str, int]]
#: Builds the FormatError of the row being read, from a message and a column.
_Fail = Callable[[Message, int | None], FormatError]


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
    try:
        check_text(text, source, MAX_PASTE_LINES)
        lines = split_lines(text, source, "crosstable")
    except FormatError as err:
        return failed([err])

    errors: list[FormatError] = []
    rows, broken = _read_rows(lines, source, errors)
    if not rows and not errors:
        errors.append(FormatError(source, None, None, msg(
            "no player rows found; expected rows like “1 Smith John 1500 4w1 2b½ -1 2.5”")))
    rounds = max((len(row.cells) for row in rows.values()), default=0)
    players = _players(rows, broken, rounds, source, errors)
    if errors:
        return failed(errors)
    kind = EventKind.ROUND_ROBIN if looks_like_round_robin(players) else EventKind.SWISS
    return ParseResult(Tournament(name="", players=tuple(players), rounds=rounds, kind=kind))


def _read_rows(lines: list[str], source: str,
               errors: list[FormatError]) -> tuple[dict[int, _Row], set[int]]:
    """Read every player row, adding to ``errors``: the rows by number, the broken numbers."""
    rows: dict[int, _Row] = {}
    broken: set[int] = set()  # numbers of rows that failed: no cross-check noise about them
    player_rows = 0  # lines read as player rows, good or bad (for MAX_PLAYERS)
    for line_no, line in enumerate(lines, 1):
        if not re.match(r"\s*+\d", line):
            continue  # title, header or blank line
        player_rows += 1
        if player_rows > MAX_PLAYERS:
            # One message says it; the rows after it are not read (they could only repeat it).
            errors.append(FormatError(source, line_no, None, msg(
                "too many player rows: the limit is %(limit)s players in one event",
                limit=grouped(MAX_PLAYERS))))
            break
        try:
            if len(line) > MAX_LINE_CHARS:
                raise FormatError(source, line_no, MAX_LINE_CHARS + 1, msg(
                    "the line is %(length)s characters long; the limit is %(limit)s",
                    length=grouped(len(line)), limit=grouped(MAX_LINE_CHARS)))
            row = _parse_row(line, line_no, source)
        except FormatError as err:
            # Without its traceback, whose frames would keep the row's tokens alive.
            errors.append(err.with_traceback(None))
            if enough(errors):
                break
            if number := re.match(r"\s*+(\d++)", line):
                broken.add(bounded_int(number.group(1)))
            continue
        if row.start_no in rows:
            errors.append(FormatError(source, line_no, None, msg(
                "player number %(number)d is used twice (first on line %(line)d)",
                number=row.start_no, line=rows[row.start_no].line)))
            continue
        rows[row.start_no] = row
    return rows, broken


def _players(rows: dict[int, _Row], broken: set[int], rounds: int, source: str,
             errors: list[FormatError]) -> list[Player]:
    """The players in number order, every cell cross-checked (disagreements to ``errors``)."""
    players = []
    for row in sorted(rows.values(), key=lambda r: r.start_no):
        if enough(errors):
            break  # no tournament can come of it, and no more errors would be listed
        results = []
        for cell in row.cells:
            try:
                results.append(_result(row, cell, rows, broken, source))
            except FormatError as err:
                errors.append(err.with_traceback(None))
            except LookupError:  # the opponent's row is broken: already reported there
                pass
        results += [RoundResult(r, Kind.ZERO_BYE) for r in range(len(row.cells) + 1, rounds + 1)]
        players.append(Player(start_no=row.start_no, name=row.name, rating=row.rating,
                              results=tuple(results), title=row.title,
                              federation=row.federation, points=row.points))
    return players


def _parse_row(line: str, line_no: int, source: str) -> _Row:
    """Split one player row into its columns (no cross-checks yet)."""

    def fail(message: Message, column: int | None = None) -> FormatError:
        return FormatError(source, line_no, column, message)

    tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
    start_no, index = _row_number(tokens, fail)

    title = ""
    if index < len(tokens) and tokens[index][0] in TITLES:
        title, index = tokens[index][0], index + 1
    name_end = _name_end(line, tokens, index)
    name = " ".join(token for token, _ in tokens[index:name_end])
    name_column = tokens[index][1] if index < len(tokens) else len(line) + 1
    _check_name(name, name_column, fail)

    row = _Row(line_no, start_no, name, title=title)
    tokens = tokens[name_end:]
    position = _read_columns(row, tokens)
    position = _read_cells(row, tokens, position, fail)
    if not row.cells:
        raise _no_cells(tokens, position, line, fail)
    _read_trailing(row, tokens[position:], fail)
    return row


def _row_number(tokens: _Tokens, fail: _Fail) -> tuple[int, int]:
    """The row's player number, and the index of the token after it (and after an SNo)."""
    first = tokens[0][0].rstrip(".")
    if not first.isdecimal() or bounded_int(first) == 0:
        raise fail(msg("a row must start with the player's number (1 or more), found "
                       "“%(found)s”", found=quote(tokens[0][0])), tokens[0][1])
    start_no = bounded_int(first)
    if start_no > MAX_START_NO:
        raise fail(_number_too_large(first), tokens[0][1])
    index = 2 if len(tokens) > 1 and tokens[1][0].rstrip(".").isdecimal() else 1
    return start_no, index


def _name_end(line: str, tokens: _Tokens, index: int) -> int:
    """The index of the first token after the name, which starts at ``index``."""
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
    return name_end


def _check_name(name: str, name_column: int, fail: _Fail) -> None:
    """Refuse a missing, too long or letterless name, or one with markup."""
    if not name:
        raise fail(msg("player has no name; expected “number, name, rating, round cells”"),
                   name_column)
    if len(name) > MAX_NAME:
        raise fail(msg("name is %(length)d characters long; the limit is %(limit)d",
                       length=len(name), limit=MAX_NAME), name_column)
    if not any(ch.isalpha() for ch in name) or any(ch in "<>" for ch in name):
        raise fail(msg("“%(name)s” is not a name (letters expected; “<” and “>” are not "
                       "allowed)", name=name), name_column)


def _read_columns(row: _Row, tokens: _Tokens) -> int:
    """Fill in the rating, federation and title after the name; the index of what follows."""
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
    return position


def _read_cells(row: _Row, tokens: _Tokens, position: int, fail: _Fail) -> int:
    """Add the round cells from ``position`` on to ``row``; the index of what follows."""
    while position < len(tokens) and _is_cell(tokens[position][0]):
        token, column = tokens[position]
        if len(row.cells) == MAX_ROUNDS:
            raise fail(msg("round cell %(round)d “%(cell)s”: the limit is %(limit)d rounds",
                           round=MAX_ROUNDS + 1, cell=quote(token), limit=MAX_ROUNDS), column)
        cell = _parse_cell(token, len(row.cells) + 1, column)
        if cell.opponent is not None and cell.opponent > MAX_START_NO:
            digits = re.match(r"\d++", token)  # a game or forfeit cell starts with them
            raise fail(_number_too_large(digits.group() if digits else token), column)
        row.cells.append(cell)
        position += 1
    return position


def _no_cells(tokens: _Tokens, position: int, line: str, fail: _Fail) -> FormatError:
    """The error for a row without round cells, naming what stands where the first belongs."""
    token, column = tokens[position] if position < len(tokens) else ("", len(line) + 1)
    if token and _CELL_LIKE.fullmatch(_DASH.sub("-", token)):
        return fail(msg("unknown round cell “%(cell)s”; expected cells like 12w1, 5b½, 7w+, "
                        "-1", cell=quote(token)), column)
    if token:
        return fail(msg("no round results after the name; found “%(found)s”, expected cells "
                        "like 12w1, 5b½, 7w+, -1", found=quote(token)), column)
    return fail(msg("no round results after the name; found nothing, expected cells like "
                    "12w1, 5b½, 7w+, -1"), column)


def _read_trailing(row: _Row, trailing: _Tokens, fail: _Fail) -> None:
    """Read the numbers after the round cells: the first is the points, the rest ignored."""
    for number, (token, column) in enumerate(trailing):
        if not _NUMBER.fullmatch(token):
            if _CELL_LIKE.fullmatch(_DASH.sub("-", token)):
                raise fail(msg("unknown round cell “%(cell)s” after the round cells; expected "
                               "cells like 12w1, 5b½, 7w+, -1, then the points",
                               cell=quote(token)), column)
            raise fail(msg("unexpected “%(found)s” after the round cells; expected cells like "
                           "12w1, 5b½, 7w+, -1, then the points", found=quote(token)), column)
        if number == 0 and len(token) > _MAX_POINTS_CHARS:
            raise fail(msg("“%(found)s” is not a number of points", found=quote(token)), column)
        if number == 0:  # the points column; later numbers are tie-breaks, ignored
            row.points = Fraction(token.replace("½", "").replace(",", ".") or "0") + (
                HALF if "½" in token else 0)


def _number_too_large(digits: str) -> Message:
    """The refusal of a player number above MAX_START_NO (a TRF has four columns for it)."""
    number = bounded_int(digits) if digits.isdecimal() else None
    return msg("player number %(number)s is above the limit of %(limit)s",
               number=grouped(number) if number is not None and number < 10 ** 9
               else quote(digits), limit=grouped(MAX_START_NO))


def _is_cell(token: str) -> bool:
    token = _DASH.sub("-", token)
    return bool(_GAME_CELL.fullmatch(token) or _FORFEIT_CELL.fullmatch(token)
                or _BYE_CELL.fullmatch(token))


_HALF_RESULT = re.compile(_HALF)  # compiled once: this runs for every cell


def _result_code(text: str) -> str:
    return "½" if _HALF_RESULT.fullmatch(text) else text


def _parse_cell(token: str, round_no: int, column: int) -> _Cell:
    """A token already known to be a cell (see _is_cell)."""
    token = _DASH.sub("-", token)
    if bye := _BYE_CELL.fullmatch(token):
        return _Cell(round_no, column, None, None, "", _BYES[_result_code(bye.group("res"))])
    game = _GAME_CELL.fullmatch(token) or _FORFEIT_CELL.fullmatch(token)
    assert game is not None, token
    # bounded_int: a 5,000-digit opponent must be refused (by the caller), not crash int().
    return _Cell(round_no, column, bounded_int(game.group("opp")),
                 _COLOURS[game.group("col").lower()], _result_code(game.group("res")))


def _result(row: _Row, cell: _Cell, rows: dict[int, _Row], broken: set[int],
            source: str) -> RoundResult:
    """The RoundResult of one cell, cross-checked with the opponent's row.

    Raises FormatError for a disagreement, LookupError when the opponent's row could not be
    read (its own error already says why).
    """
    round_no = cell.round

    def fail(message: Message) -> FormatError:
        return FormatError(source, row.line, cell.column, message)

    if cell.bye is not None:
        return RoundResult(round_no, cell.bye)
    if cell.opponent is None or cell.opponent == row.start_no:
        raise fail(msg("round %(round)d: player %(player)d is paired with themselves",
                       round=round_no, player=row.start_no))
    other_row = rows.get(cell.opponent)
    if other_row is None:
        if cell.opponent in broken:
            raise LookupError(cell.opponent)
        raise fail(msg("round %(round)d: opponent %(opponent)d does not exist (no row starts "
                       "with %(opponent)d)", round=round_no, opponent=cell.opponent))
    other = other_row.cells[round_no - 1] if round_no <= len(other_row.cells) else None
    if other is None or other.opponent != row.start_no:
        values = {"round": round_no, "player": row.start_no, "opponent": cell.opponent,
                  "line": other_row.line}
        raise fail(msg("round %(round)d: player %(player)d names opponent %(opponent)d, but "
                       "%(opponent)d's row (line %(line)d) names opponent %(other)d",
                       other=other.opponent, **values) if other and other.opponent else
                   msg("round %(round)d: player %(player)d names opponent %(opponent)d, but "
                       "%(opponent)d's row (line %(line)d) names no opponent", **values))
    # Each disagreement is reported once, on the later of the two rows.
    later = row.line > other_row.line
    if (cell.result, other.result) not in _AGREE and later:
        raise fail(msg("round %(round)d: results disagree: “%(result)s” for %(player)d but "
                       "“%(other_result)s” for %(opponent)d (line %(line)d)", round=round_no,
                       result=cell.result, player=row.start_no, other_result=other.result,
                       opponent=cell.opponent, line=other_row.line))
    if cell.colour and cell.colour == other.colour and later:
        # Two sentences rather than a colour word put in a slot (translations).
        both = (N_("round %(round)d: colours disagree: both %(player)d and %(opponent)d have "
                   "white (line %(line)d)") if cell.colour is Colour.WHITE else
                N_("round %(round)d: colours disagree: both %(player)d and %(opponent)d have "
                   "black (line %(line)d)"))
        raise fail(msg(both, round=round_no, player=row.start_no, opponent=cell.opponent,
                       line=other_row.line))
    if cell.result in _PLAYED:
        return RoundResult(round_no, _PLAYED[cell.result], cell.opponent, cell.colour)
    kind = (Kind.FORFEIT_WIN if cell.result == "+"
            else Kind.DOUBLE_FORFEIT if other.result == "-" else Kind.FORFEIT_LOSS)
    return RoundResult(round_no, kind, cell.opponent, cell.colour)
