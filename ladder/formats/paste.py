"""Reading pasted results: one game per line, round headers optional (docs/desk.md §4).

Accepted lines (blank lines are ignored)::

    Round 3            R3        Round 3:        -- Round 3 --      (a round header)
    Babak 3  Ronde 3  3라운드  라운드 3  제3라운드  3회전  第3轮  第三轮  (in the club's language)
    Smith, John - Jones, Bob 1-0                  (result after both names)
    1. John Smith (1500) – Bob Jones 0-1          (board number; rating in parentheses)
    Ann Lee ½-½ Bo Chen                           (result between the names)
    Ann Lee bye | half bye | ½ bye | full bye | zero bye | absent

* Results: ``1-0 0-1 1:0 0:1 ½-½ 1/2-1/2 0.5-0.5 =``; forfeits ``+:- -:+ 1-0F 0-1F 1F-0F
  0F-1F``; double forfeit ``0-0F -:-``. ``*`` (unfinished) and ``0-0`` are refused.
* Separator between the players: a hyphen, U+2212 minus, en dash or em dash *with spaces
  around it* (or ``vs`` / ``v``). A hyphen without spaces belongs to a name (``Jean-Luc``), so
  ``Smith-Jones 1-0`` is refused as ambiguous rather than guessed. An en/em dash or minus
  without spaces is accepted: names never contain one.
* Byes: ``bye`` / ``pab`` is the pairing bye (full point from the pairing), ``full bye`` a
  requested full-point bye, ``half bye`` / ``½ bye`` a half-point bye, ``zero bye`` /
  ``absent`` a zero bye.
* Players are identified by :func:`ladder.names.name_key` (NFKC, case-folded, spaces
  collapsed); the first spelling and the first rating given are kept. Start numbers follow the
  order of first appearance. The first name of a game is White (forfeits get no colour: the
  game never started).

Rounds. With round headers, each game belongs to the round above it; the headers must cover
rounds 1..n without a gap (a round header may repeat: its games are merged). Without any
header — a casual club night — rounds are assigned per player in order of appearance: a game
goes into the first round after both players' previous games, so each player's first game is
their round 1, their second game their round 2, and so on. Such a paste is a ``casual`` event
(unless everyone met everyone exactly once: then it is a round-robin). A round in which a
player has no line is a ``zero_bye``.

Errors are collected for the whole paste (:func:`parse_paste`), each with its line number and
what was expected; :func:`read_paste` raises the first one.

Limits (:mod:`ladder.formats.limits`): ``MAX_BYTES``, ``MAX_PASTE_LINES`` lines of at most
``MAX_LINE_CHARS`` characters, rounds up to ``MAX_ROUNDS`` (a header ``Round 100`` is refused, and
so is a 100th game of one player without headers), ``MAX_PLAYERS`` players. Every pattern
below runs in time linear in the line (possessive quantifiers, and whitespace runs matched only
from their start), so that no line can hold a worker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Protocol

from ladder.formats.errors import FormatError
from ladder.formats.limits import (
    MAX_BYTES,
    MAX_ERRORS,
    MAX_LINE_CHARS,
    MAX_PASTE_LINES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    TOO_LARGE,
    bounded_int,
    check_text,
    grouped,
    quote,
)
from ladder.formats.limits import MAX_NAME as MAX_NAME
from ladder.formats.trf import split_lines
from ladder.vocabulary.messages import N_, Message, msg
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
    looks_like_round_robin,
)


def name_key(name: str) -> str:
    """:func:`ladder.names.name_key`, imported on first use: a process that reads no pasted
    results (``ladder pair``, ``ladder tiebreaks``) never loads the names stack."""
    from ladder.names import name_key as key
    return key(name)


# The older names of two limits (now stated in ladder.formats.limits), kept for importers.
MAX_LINES = MAX_PASTE_LINES
MAX_CHARS = MAX_BYTES
EXAMPLE = "expected a game like “Ann Lee - Bo Chen 1-0”"  # the hint closing many messages
#: Readings of an ambiguous line shown in one message; more would only repeat the line.
MAX_READINGS = 3

DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"  # hyphen(s), figure/en/em dash, minus
_D = re.escape(DASHES)
_SCORE = r"(?:1/2|½|0?[.,]5|\d+)[fF]?"
# A result candidate is whitespace-delimited; unknown ones (2-0, 1-1) are caught on purpose so
# the message can say "unknown result" instead of treating them as part of a name.
_RESULT = re.compile(
    rf"(?<!\S)(?:{_SCORE}\s*[{_D}:]\s*{_SCORE}|[+{_D}=][:/]?[+{_D}=]|=|\*)(?!\S)")
# Possessive quantifiers here and below: the plain forms backtracked over a run of blanks once
# per position in it (seconds for one long line). Each rewrite matches exactly the same lines:
# after the digits, "\s*[\W_]*" was "[\W_]*", and "\s*[:.)-]?\s*\S" was "some non-blank follows".
# A round header in the club's language: English (Round 3, Rd. 3, R3), Indonesian (Babak 3,
# Ronde 3, Putaran 3), Dutch and German (Ronde 3, Runde 3), Korean (3라운드, 라운드 3, 제3라운드,
# 3회전, 제3회전) and Chinese (第3轮, 第三轮, 第 3 轮, 第3輪, 第3回合), the number in digits or, in
# Chinese, in Chinese numerals (一 … 九十九). Only the header words, the number and punctuation
# may be on the line.
_CN_DIGITS = "〇零一二两三四五六七八九十"
_HEADER_CORE = (
    r"(?:(?:round|rd\.?|r|babak|ronde|putaran|runde|라운드)\s*+(?P<latin>\d++)"
    r"|(?:제\s*+)?(?P<korean>\d++)\s*+(?:라운드|회전|회차)"
    rf"|第\s*+(?P<chinese>\d++|[{_CN_DIGITS}]++)\s*+(?:轮|輪|回合))")
_HEADER = re.compile(rf"[\W_]*+{_HEADER_CORE}[\W_]*+", re.IGNORECASE)
# Text after a header word written in Hangul or Han needs no space to be text ("第1轮张三").
_HEADER_WITH_TEXT = re.compile(rf"{_HEADER_CORE}(?:\b|(?<=[^\x00-\x7f]))\s*+\S", re.IGNORECASE)
_BOARD = re.compile(r"\s*(?:(?:board|bd\.?)\s*)?\d{1,4}(?:\s*[.):]\s*|\s+)(?=\D)", re.IGNORECASE)
# "(?<=\S)\s++" / "(?<!\s)\s*+": a run of blanks is tried from its first position only. The
# leftmost match always starts there anyway (a later start could only match less of the run).
_BYE = re.compile(
    rf"(?P<name>.*?)(?<=\S)\s++(?:[{_D}]\s++)?(?P<bye>(?:pairing |full |full-point |half |"
    r"half-point |zero |½ |1/2 |0[.,]5 |0 )?bye|pab|absent)\s*+", re.IGNORECASE)
_SEPARATOR = re.compile(rf"(?<!\s)\s++(?:[{_D}]{{1,2}}|vs\.?|v\.?)\s++", re.IGNORECASE)
_STRONG_DASH = re.compile(r"(?<=\S)[\u2012\u2013\u2014\u2212](?=\S)")
_HYPHEN = re.compile(r"(?<=\S)[-\u2010\u2011](?=\S)")
_RATING = re.compile(r"(?P<name>.*?)(?<!\s)\s*+\(\s*+(?P<rating>\d{1,4})\s*+\)\s*+")

_BYES = {"bye": Kind.PAIRING_BYE, "pab": Kind.PAIRING_BYE, "pairing bye": Kind.PAIRING_BYE,
         "full bye": Kind.FULL_BYE, "full-point bye": Kind.FULL_BYE,
         "half bye": Kind.HALF_BYE, "half-point bye": Kind.HALF_BYE, "½ bye": Kind.HALF_BYE,
         "1/2 bye": Kind.HALF_BYE, "0.5 bye": Kind.HALF_BYE, "0,5 bye": Kind.HALF_BYE,
         "zero bye": Kind.ZERO_BYE, "0 bye": Kind.ZERO_BYE, "absent": Kind.ZERO_BYE}

class _Fail(Protocol):
    """Builds a FormatError for the line being read, from a message and an optional column."""

    def __call__(self, message: Message, column: int | None = None) -> FormatError: ...


# The messages about one side of a game, as whole sentences for each side: a translation
# cannot put a translated "White" into a slot of another sentence (docs/architecture.md §5).
_EMPTY_NAME = {
    "player": N_("empty name for the player; expected a game like “Ann Lee - Bo Chen 1-0”"),
    "white": N_("empty name for White; expected a game like “Ann Lee - Bo Chen 1-0”"),
    "black": N_("empty name for Black; expected a game like “Ann Lee - Bo Chen 1-0”"),
}
_LONG_NAME = {
    "player": N_("name of the player is %(length)d characters long; the limit is %(limit)d"),
    "white": N_("name of White is %(length)d characters long; the limit is %(limit)d"),
    "black": N_("name of Black is %(length)d characters long; the limit is %(limit)d"),
}
_MARKUP_NAME = {
    "player": N_("name of the player contains “<”, “>” or a control character; names are "
                 "plain text"),
    "white": N_("name of White contains “<”, “>” or a control character; names are plain "
                "text"),
    "black": N_("name of Black contains “<”, “>” or a control character; names are plain "
                "text"),
}


_W, _L, _DR, _FW, _FL, _DF = (Kind.WIN, Kind.LOSS, Kind.DRAW, Kind.FORFEIT_WIN,
                               Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
# Normalised result (see _normalise_result) -> (White's kind, Black's kind).
_RESULTS: dict[str, tuple[Kind, Kind]] = {
    **dict.fromkeys(("1-0", "1:0"), (_W, _L)),
    **dict.fromkeys(("0-1", "0:1"), (_L, _W)),
    **dict.fromkeys(("1/2-1/2", "1/2:1/2", "=", "=:="), (_DR, _DR)),
    **dict.fromkeys(("+:-", "+-", "+/-", "1-0f", "1f-0f", "1f-0", "1:0f", "1f:0f"), (_FW, _FL)),
    **dict.fromkeys(("-:+", "-+", "-/+", "0-1f", "0f-1f", "0f-1", "0:1f", "0f:1f"), (_FL, _FW)),
    **dict.fromkeys(("0-0f", "0f-0f", "0f-0", "0:0f", "0f:0f", "-:-", "-/-"), (_DF, _DF)),
}


@dataclass
class ParseResult:
    """What a reader found: the tournament when the text was clean, else every error.

    ``errors`` is sorted by line (whole-text errors, without a line, first); ``tournament``
    is None whenever ``errors`` is not empty, so nothing half-read can be stored.
    """

    tournament: Tournament | None
    errors: list[FormatError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the text was read without any error."""
        return not self.errors


def failed(errors: list[FormatError]) -> ParseResult:
    """A ParseResult without a tournament, errors in line order, at most ``MAX_ERRORS`` of them
    (then a note, first, says that there were more)."""
    ordered = sorted(errors, key=lambda e: (e.line or 0, e.column or 0))
    if len(ordered) > MAX_ERRORS:
        note = FormatError(ordered[0].source, None, None, msg(
            "more than %(limit)s errors: only the first %(limit)s are listed; correct them and "
            "read the text again", limit=grouped(MAX_ERRORS)))
        ordered = [note, *ordered[:MAX_ERRORS]]
    return ParseResult(None, ordered)


def enough(errors: list[FormatError]) -> bool:
    """True once more errors were collected than will be listed: stop looking for more."""
    return len(errors) > MAX_ERRORS


@dataclass(frozen=True)
class _Side:
    """One player as typed on a line."""

    name: str
    rating: int | None
    column: int  # 1-based column where the name starts


@dataclass(frozen=True)
class _Line:
    """One game (``black`` set) or one bye (``black`` None) as read from a line."""

    line: int
    white: _Side
    white_kind: Kind
    black: _Side | None = None
    black_kind: Kind | None = None
    round: int | None = None  # from the header above it; None without headers


def read_paste(text: str, source: str = "<paste>") -> Tournament:
    """Read pasted results into a :class:`Tournament`; raise the first :class:`FormatError`."""
    result = parse_paste(text, source)
    if result.tournament is None:
        raise result.errors[0]
    return result.tournament


def parse_paste(text: str, source: str = "<paste>") -> ParseResult:
    """Read pasted results, collecting every error (see the module docstring for the forms)."""
    try:
        # Size and line count before anything else, so that a huge paste costs one scan.
        check_text(text, source, MAX_PASTE_LINES)
        lines = split_lines(text, source, "results")
    except FormatError as err:  # too large, or binary data: every further message is noise
        return failed([err])

    errors: list[FormatError] = []
    items: list[_Line] = []
    header_lines: dict[int, int] = {}  # round -> line of its first header
    current: int | None = None
    for line_no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_LINE_CHARS:
                raise FormatError(source, line_no, MAX_LINE_CHARS + 1, msg(
                    "the line is %(length)s characters long; the limit is %(limit)s",
                    length=grouped(len(line)), limit=grouped(MAX_LINE_CHARS)))
            header = _header(line, line_no, source)
            if header is not None:
                # Even a refused header (above MAX_ROUNDS) starts its round, so that its games
                # are not also reported as "before the first round header".
                current = header
                header_lines.setdefault(header, line_no)
                continue
            items.append(replace(_parse_line(line, line_no, source), round=current))
        except FormatError as err:
            # Without its traceback: the frames would keep every match object of the line
            # alive for as long as the error is kept (thousands per line, for every line).
            errors.append(err.with_traceback(None))
            if enough(errors):
                break

    if header_lines:
        errors += [FormatError(source, item.line, None, msg(
                       "game before the first round header; put “Round 1” above it"))
                   for item in items if item.round is None]
        # max(header_lines) <= MAX_ROUNDS (_header refuses more), so this loop is short.
        last = max(header_lines)
        errors += [FormatError(source, None, None, msg(
                       "round %(round)d is missing: the round headers go up to %(last)d; "
                       "write “Round %(round)d” even if no game was played",
                       round=missing, last=last))
                   for missing in range(1, last) if missing not in header_lines]
    if not items and not errors:
        errors.append(FormatError(source, None, None, msg(
            "empty paste: no games found; expected a game like “Ann Lee - Bo Chen 1-0”")))
    if errors:
        return failed(errors)
    return _assemble(items, bool(header_lines), max(header_lines, default=0), source)


def _header(line: str, line_no: int, source: str) -> int | None:
    """The round number of a header line, None for any other line.

    Raises FormatError for round 0 and for a round above ``MAX_ROUNDS``: the headers must
    cover rounds 1..n, so ``Round 99999999`` would mean 99,999,998 missing rounds.
    """
    if match := _HEADER.fullmatch(line):
        group = next(g for g in ("latin", "korean", "chinese") if match.group(g) is not None)
        raw = match.group(group)
        number = bounded_int(raw) if raw.isdecimal() else _chinese_number(raw)
        if number is None:
            raise FormatError(source, line_no, match.start(group) + 1, msg(
                "%(value)s is not a round number", value=quote(raw)))
        if number == 0:
            raise FormatError(source, line_no, None,
                              msg("round numbers start at 1, found round 0"))
        if number > MAX_ROUNDS:
            raise FormatError(source, line_no, match.start(group) + 1, msg(
                "round %(round)s is above the limit of %(limit)d rounds",
                round=grouped(number) if number < TOO_LARGE else quote(raw),
                limit=MAX_ROUNDS))
        return number
    if _HEADER_WITH_TEXT.match(line.lstrip()):
        raise FormatError(source, line_no, None, msg(
            "a round header must be on a line of its own (“Round 3”), with the games on the "
            "lines below it"))
    return None


def _chinese_number(text: str) -> int | None:
    """一 … 九十九 (and 〇/零 for 0) as a number; None for anything else (一一, 十十)."""
    value = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
             "七": 7, "八": 8, "九": 9}
    if len(text) == 1 and text in value:
        return value[text]
    tens, sep, units = text.partition("十")
    if not sep or len(tens) > 1 or len(units) > 1:
        return None
    if ((tens and (tens not in value or value[tens] < 2))
            or (units and (units not in value or value[units] == 0))):
        return None
    return (value[tens] if tens else 1) * 10 + (value[units] if units else 0)


def _parse_line(line: str, line_no: int, source: str) -> _Line:
    """Read one game or bye line (not a header). Raises FormatError."""

    def fail(message: Message, column: int | None = None) -> FormatError:
        return FormatError(source, line_no, column, message)

    # Work on the line after the board number, remembering where it started for columns.
    board = _BOARD.match(line)
    start = board.end() if board else len(line) - len(line.lstrip())
    body = line[start:].rstrip()

    # Two results are enough to know the line is wrong (and the message names two).
    results = list(islice((m for m in _RESULT.finditer(body)
                           if _normalise_result(m.group()) != "--"), 2))
    if not results:
        if bye := _BYE.fullmatch(body):
            kind = _BYES[" ".join(bye.group("bye").lower().replace(",", ".").split())
                         .replace("0.5 ", "½ ").replace("1/2 ", "½ ")]
            return _Line(line_no, _side(bye.group("name"), start + 1, "player", fail), kind)
        raise fail(msg("no result found; expected a game like “Ann Lee - Bo Chen 1-0”"))
    if len(results) > 1:
        # The first two are named: one game per line is the point, however many there are.
        raise fail(msg("two results (“%(first)s” and “%(second)s”) on one line; one game per "
                       "line, expected a game like “Ann Lee - Bo Chen 1-0”",
                       first=quote(results[0].group()), second=quote(results[1].group())),
                   start + results[1].start() + 1)
    match = results[0]
    token, column = match.group(), start + match.start() + 1
    normal = _normalise_result(token)
    if normal == "*":
        raise fail(msg("game not finished (result “*”): only finished games can be entered"),
                   column)
    if normal == "0-0":
        raise fail(msg("result “0-0” is unclear: write “0-0F” for a double forfeit"), column)
    if normal not in _RESULTS:
        raise fail(msg("unknown result “%(result)s”; expected 1-0, 0-1, ½-½, a forfeit such as "
                       "1-0F or +:-, or 0-0F for a double forfeit", result=quote(token)), column)
    white_kind, black_kind = _RESULTS[normal]

    before, after = body[:match.start()], body[match.end():]
    if not before.strip():
        raise fail(msg("the result comes before the names; expected a game like "
                       "“Ann Lee - Bo Chen 1-0”"), column)
    if after.strip():
        # Result between the names ("Ann Lee ½-½ Bo Chen"): then there is no separator.
        if _SEPARATOR.search(before) or _SEPARATOR.search(after):
            raise fail(msg("unexpected text after the result “%(result)s”; expected a game "
                           "like “Ann Lee - Bo Chen 1-0”", result=quote(token)),
                       start + match.end() + 1)
        white = _side(before, start + 1, "white", fail)
        black = _side(after, start + match.end() + 1, "black", fail)
    else:
        white, black = _split_players(before, start, fail)
    if name_key(white.name) == name_key(black.name):
        raise fail(msg("“%(name)s” cannot play against themselves", name=white.name),
                   black.column)
    return _Line(line_no, white, white_kind, black, black_kind)


def _split_players(text: str, start: int, fail: _Fail) -> tuple[_Side, _Side]:
    """Split "White - Black" at the one separator; explain every way it can go wrong."""
    shown = text.strip()
    # Padded with a space on each side (and start moved back by one) so that a separator at
    # either end — a missing name — is still seen as a separator and reported as an empty name.
    text, start = f" {text} ", start - 1
    # At most MAX_READINGS matches are made into a list: a message never shows more, and a
    # line of 2,000 hyphens would otherwise hold 2,000 match objects.
    separators = list(islice(_SEPARATOR.finditer(text), MAX_READINGS))
    if len(separators) > 1:
        raise fail(msg("more than one separator between the players: “%(text)s” could be read "
                       "as %(readings)s", text=quote(shown),
                       readings=_readings(text, separators)),
                   start + separators[1].start() + 1)
    if not separators:
        strong = list(islice(_STRONG_DASH.finditer(text), 2))
        separators = strong if len(strong) == 1 else []
    if not separators:
        hyphens = list(islice(_HYPHEN.finditer(text), MAX_READINGS))
        if len(hyphens) == 1:
            raise fail(msg("cannot tell the two players apart: “%(text)s” could be "
                           "%(readings)s or one player “%(text)s”; a hyphen without spaces is "
                           "part of a name, so put spaces around the dash between the players, "
                           "e.g. “Jean-Luc Picard - Ann Lee 1-0”", text=quote(shown),
                           readings=_readings(text, hyphens)), start + hyphens[0].start() + 1)
        if hyphens:
            raise fail(msg("cannot tell the two players apart: “%(text)s” could be "
                           "%(readings)s; a hyphen without spaces is part of a name, so put "
                           "spaces around the dash between the players, e.g. “Jean-Luc Picard - "
                           "Ann Lee 1-0”", text=quote(shown), readings=_readings(text, hyphens)),
                       start + hyphens[0].start() + 1)
        raise fail(msg("only one player found (“%(text)s”); expected two players separated by "
                       "a dash with spaces, e.g. “Ann Lee - Bo Chen 1-0”", text=quote(shown)))
    sep = separators[0]
    white = _side(text[:sep.start()], start + 1, "white", fail)
    black_text = text[sep.end():]
    # min(): a separator at the very end also swallowed the padding space.
    black = _side(black_text, start + min(sep.end(), len(text) - 1) + 1, "black", fail)
    return white, black


def _readings(text: str, splits: list[re.Match[str]]) -> str:
    """The ways ``text`` splits into two players at ``splits``, for a message: “a” vs “b”.

    At most ``MAX_READINGS``, each name cut by :func:`quote`: listing every split of a long
    line of hyphens would make a message quadratic in the line.
    """
    return " or ".join(f"“{quote(text[:s.start()].strip())}” vs “{quote(text[s.end():].strip())}”"
                       for s in splits[:MAX_READINGS])


def _side(text: str, column: int, who: str, fail: _Fail) -> _Side:
    """A typed name with its optional "(1500)" rating, validated (``who``: "player", "white"
    or "black", which picks the sentences of the messages)."""
    if text.strip():  # point at the name itself; for a missing name, at where it belongs
        column += len(text) - len(text.lstrip())
    else:  # a missing White name at the very start of a line: column 1, not 0
        column = max(column, 1)
    text = text.strip()
    rating = None
    if match := _RATING.fullmatch(text):
        text, rating = match.group("name"), int(match.group("rating")) or None
    if not text:
        raise fail(msg(_EMPTY_NAME[who]), column)
    if len(text) > MAX_NAME:
        raise fail(msg(_LONG_NAME[who], length=len(text), limit=MAX_NAME), column)
    if not any(ch.isalpha() for ch in text):
        raise fail(msg("“%(name)s” is not a name (no letters); expected a game like "
                       "“Ann Lee - Bo Chen 1-0”", name=text), column)
    if any(ch in "<>" or (ord(ch) < 32 and ch != "\t") for ch in text):
        raise fail(msg(_MARKUP_NAME[who]), column)
    if re.search(r"\s\d{3,4}$", text):
        raise fail(msg("“%(name)s” ends with a number; write a rating in parentheses, e.g. "
                       "“John Smith (1500)”", name=text), column)
    return _Side(" ".join(text.split()), rating, column)


def _normalise_result(token: str) -> str:
    """One spelling per result: dashes -> "-", no spaces, ½ and 0.5 -> "1/2", lower case."""
    text = re.sub(rf"[{_D}]", "-", token.casefold())
    text = re.sub(r"\s+", "", text).replace("½", "1/2")
    return re.sub(r"(?<![\d/])0?[.,]5", "1/2", text)


@dataclass
class _Entry:
    """A player being assembled: first spelling, start number, results by round."""

    name: str
    start_no: int
    rating: int | None
    results: dict[int, tuple[RoundResult, int]] = field(default_factory=dict)  # -> line
    last_round: int = 0  # kept up to date so that placing a game costs O(1), not O(rounds)


def _assemble(items: list[_Line], with_headers: bool, header_rounds: int,
              source: str) -> ParseResult:
    """Number the players, place every line in its round and build the Tournament."""
    entries: dict[str, _Entry] = {}
    errors: list[FormatError] = []
    too_many_games: set[str] = set()  # players already told about MAX_ROUNDS (once each)

    def entry(side: _Side, line: int) -> _Entry:
        key = name_key(side.name)
        if key not in entries:
            if len(entries) == MAX_PLAYERS:
                raise FormatError(source, line, side.column, msg(
                    "“%(name)s” would be player %(number)s; the limit is %(limit)s players in "
                    "one event", name=side.name, number=grouped(MAX_PLAYERS + 1),
                    limit=grouped(MAX_PLAYERS)))
            entries[key] = _Entry(side.name, len(entries) + 1, side.rating)
        elif entries[key].rating is None:  # the first rating given wins
            entries[key].rating = side.rating
        return entries[key]

    for item in items:
        if enough(errors):
            break
        try:
            white = entry(item.white, item.line)
            black = entry(item.black, item.line) if item.black else None
        except FormatError as err:  # one error says it: every further name would repeat it
            return failed([*errors, err])
        if with_headers:
            round_no = item.round or 0
        else:  # the first round after both players' previous games (module docstring)
            round_no = max(e.last_round + 1 for e in (white, black) if e)
            if round_no > MAX_ROUNDS:
                busiest = white if white.last_round >= MAX_ROUNDS else black
                assert busiest is not None  # one of the two has played MAX_ROUNDS games
                if busiest.name not in too_many_games:
                    too_many_games.add(busiest.name)
                    errors.append(FormatError(source, item.line, None, msg(
                        "“%(name)s” has more than %(limit)d games; without round headers each "
                        "game of a player is their next round, and the limit is %(limit)d "
                        "rounds", name=busiest.name, limit=MAX_ROUNDS)))
                continue
        _place(item, round_no, white, black, errors, source)
    if errors:
        return failed(errors)

    rounds = header_rounds if with_headers else max(e.last_round for e in entries.values())
    players = tuple(
        Player(start_no=e.start_no, name=e.name, rating=e.rating,
               results=tuple(e.results[r][0] if r in e.results else RoundResult(r, Kind.ZERO_BYE)
                             for r in range(1, rounds + 1)))
        for e in entries.values())
    if looks_like_round_robin(players):
        event_kind = EventKind.ROUND_ROBIN
    else:
        event_kind = EventKind.SWISS if with_headers else EventKind.CASUAL
    return ParseResult(Tournament(name="", players=players, rounds=rounds, kind=event_kind))


def _place(item: _Line, round_no: int, white: _Entry, black: _Entry | None,
           errors: list[FormatError], source: str) -> None:
    """Put the game in round ``round_no`` of both players, or report one paired there twice."""
    sides = [(white, item.white, item.white_kind, black, Colour.WHITE)]
    if black and item.black and item.black_kind:
        sides.append((black, item.black, item.black_kind, white, Colour.BLACK))
    for player, side, kind, opponent, colour in sides:
        if round_no in player.results:
            errors.append(FormatError(source, item.line, side.column, msg(
                "“%(name)s” is paired twice in round %(round)d (also on line %(line)d)",
                name=player.name, round=round_no, line=player.results[round_no][1])))
            continue
        result = RoundResult(round_no, kind, opponent.start_no if opponent else None,
                             colour if kind.played else None)
        player.results[round_no] = (result, item.line)
        player.last_round = max(player.last_round, round_no)
