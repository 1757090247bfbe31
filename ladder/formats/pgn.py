"""Reading a tournament from PGN headers (docs/desk.md §4): moves are ignored, only the tags count.

Each game contributes Event, Date, Round, White, Black, Result and, when present, WhiteElo /
BlackElo (plus WhiteTitle / WhiteFideId and the Black equivalents, which cost nothing).
Rounds may be written ``3`` or ``3.1`` (round.board). Players are numbered by rating
(highest first, unrated last), then by name. A player without a game in a round gets a
``zero_bye`` there; an event where every pair met exactly once is a round-robin.

Limits (:mod:`ladder.formats.limits`): ``MAX_BYTES`` and ``MAX_LINES``; round numbers up to
``MAX_ROUNDS`` (the rounds are renumbered 1..n, so a large number would cost nothing, but it is
no round of a real event and the other readers refuse it too); ``MAX_PLAYERS`` players;
Elo ratings up to ``MAX_RATING``; names up to ``MAX_NAME`` characters.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from ladder.formats.errors import FormatError
from ladder.formats.limits import (
    MAX_LINES,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_RATING,
    MAX_ROUNDS,
    TOO_LARGE,
    bounded_int,
    check_text,
    grouped,
    quote,
)
from ladder.formats.trf import split_lines
from ladder.vocabulary.messages import N_, msg
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
    looks_like_round_robin,
)

_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
_RESULTS = {"1-0": (Kind.WIN, Kind.LOSS), "0-1": (Kind.LOSS, Kind.WIN),
            "1/2-1/2": (Kind.DRAW, Kind.DRAW), "½-½": (Kind.DRAW, Kind.DRAW)}
# Whole sentences per tag (a translation cannot put "White" into a slot of its own).
_NO_PLAYER = {"White": N_("game has no White player"), "Black": N_("game has no Black player")}
_LONG_NAME = {"White": N_("the White player's name is %(length)d characters long; the limit "
                          "is %(limit)d"),
              "Black": N_("the Black player's name is %(length)d characters long; the limit "
                          "is %(limit)d")}


@dataclass
class _Game:
    """The tag pairs of one game, each with the line it was written on."""

    line: int  # line of the game's first tag
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)

    def get(self, name: str) -> str:
        return self.tags.get(name, ("", 0))[0].strip()

    def line_of(self, name: str) -> int:
        return self.tags.get(name, ("", self.line))[1]


#: One game as read: (round label, White, Black, White's kind, Black's kind, the game).
_Played = tuple[int, str, str, Kind, Kind, _Game]


def read_pgn_tournament(text: str, source: str = "<pgn>") -> Tournament:
    """Read the games' headers of a PGN file into a :class:`Tournament`.

    Raises :class:`FormatError` with the line for an unfinished game (``*``), an unknown
    result, a missing player or round, a player twice in one round, binary data or a text
    without any game.
    """
    check_text(text, source, MAX_LINES)
    games = _split_games(split_lines(text, source, "PGN"))
    if not games:
        raise FormatError(source, None, None, msg("not a PGN file: no game headers found"))

    # One pass to validate and collect; round labels are mapped to 1..n afterwards.
    played: list[_Played] = []
    ratings: dict[str, int | None] = {}
    extras: dict[str, dict[str, str]] = {}
    dates: list[dt.date] = []
    # The date texts as written, for ``ladder.formats.dates`` (an EventDate, or a Date that
    # cannot be read, is worth naming to the organizer).
    written: dict[str, str] = {}
    for game in games:
        white, black = _players_of(game, source)
        result = _result_of(game, source)
        round_no = _round_of(game, source)
        for side, name in (("White", white), ("Black", black)):
            _collect_side(game, side, name, ratings, extras, source)
        _collect_dates(game, dates, written)
        white_kind, black_kind = _RESULTS[result]
        played.append((round_no, white, black, white_kind, black_kind, game))

    # Rounds are renumbered 1..n in order, so that Tournament.rounds is their count even if
    # the file holds, say, only rounds 3 to 5 (docs/desk.md §4: a round with no game is a zero bye).
    labels = sorted({label for label, *_ in played})
    round_of = {label: index for index, label in enumerate(labels, 1)}
    names = sorted(ratings, key=lambda n: (ratings[n] is None, -(ratings[n] or 0), n))
    number = {name: index for index, name in enumerate(names, 1)}
    results = _place_games(played, round_of, number, source)

    players = tuple(
        Player(
            start_no=number[name], name=name, rating=ratings[name],
            results=tuple(results[name].get(r) or RoundResult(r, Kind.ZERO_BYE)
                          for r in range(1, len(labels) + 1)),
            title=extras[name].get("Title", ""), fide_id=extras[name].get("FideId", ""),
        )
        for name in names
    )
    return Tournament(
        name=games[0].get("Event"),
        players=players,
        rounds=len(labels),
        start_date=min(dates, default=None),
        end_date=max(dates, default=None),
        kind=EventKind.ROUND_ROBIN if looks_like_round_robin(players) else EventKind.SWISS,
        extra=written,
    )


def _players_of(game: _Game, source: str) -> tuple[str, str]:
    """The game's White and Black names, refused when missing, too long or the same."""
    white, black = game.get("White"), game.get("Black")
    for tag, name in (("White", white), ("Black", black)):
        if name in ("", "?"):
            raise FormatError(source, game.line_of(tag), None, msg(_NO_PLAYER[tag]))
        if len(name) > MAX_NAME:
            raise FormatError(source, game.line_of(tag), None, msg(
                _LONG_NAME[tag], length=len(name), limit=MAX_NAME))
    if white == black:
        raise FormatError(source, game.line_of("Black"), None, msg(
            "%(name)r cannot play against himself", name=white))
    return white, black


def _result_of(game: _Game, source: str) -> str:
    """The game's Result tag, refused when unfinished (``*``) or unknown."""
    result = game.get("Result")
    if result == "*":
        raise FormatError(source, game.line_of("Result"), None, msg(
            "game not finished (result '*'): a tournament needs every result"))
    if result not in _RESULTS:
        raise FormatError(source, game.line_of("Result"), None, msg(
            "unknown result %(result)r (expected 1-0, 0-1 or 1/2-1/2)",
            result=quote(result)))
    return result


def _round_of(game: _Game, source: str) -> int:
    """The round of ``3`` or ``3.1`` (round.board), refused when 0, not a number or too large."""
    round_text = game.get("Round")
    match = re.fullmatch(r"(\d++)(?:\.\d++)*+", round_text)
    round_no = bounded_int(match.group(1)) if match else 0
    if not match or round_no == 0:
        raise FormatError(source, game.line_of("Round"), None, msg(
            "round must be a number such as 3 or 3.1, found %(found)r",
            found=quote(round_text)))
    if round_no > MAX_ROUNDS:
        raise FormatError(source, game.line_of("Round"), None, msg(
            "round %(round)s is above the limit of %(limit)d rounds",
            round=grouped(round_no) if round_no < TOO_LARGE else quote(match.group(1)),
            limit=MAX_ROUNDS))
    return round_no


def _collect_side(game: _Game, side: str, name: str, ratings: dict[str, int | None],
                  extras: dict[str, dict[str, str]], source: str) -> None:
    """Check one side's Elo and the player limit; note the rating, title and FIDE id."""
    elo = game.get(f"{side}Elo")
    rating = bounded_int(elo) if elo.isdecimal() else 0
    if rating > MAX_RATING:
        raise FormatError(source, game.line_of(f"{side}Elo"), None, msg(
            "rating %(rating)s is above the limit of %(limit)s", rating=quote(elo),
            limit=grouped(MAX_RATING)))
    if name not in ratings and len(ratings) == MAX_PLAYERS:
        raise FormatError(source, game.line_of(side), None, msg(
            "%(name)r would be player %(number)s; the limit is %(limit)s players in "
            "one event", name=name, number=grouped(MAX_PLAYERS + 1),
            limit=grouped(MAX_PLAYERS)))
    if name not in ratings or ratings[name] is None:  # first rating seen wins
        ratings[name] = rating or None
    info = extras.setdefault(name, {})
    for key in ("Title", "FideId"):
        if (value := game.get(side + key)) and value not in ("-", "?", "0"):
            info.setdefault(key, value)


def _collect_dates(game: _Game, dates: list[dt.date], written: dict[str, str]) -> None:
    """Note the game's date, or the date text when it cannot be read, and its EventDate."""
    if day := _pgn_date(game.get("Date") or game.get("UTCDate")):
        dates.append(day)
    elif game.get("Date") or game.get("UTCDate"):
        written.setdefault("Date", game.get("Date") or game.get("UTCDate"))
    if game.get("EventDate"):
        written.setdefault("EventDate", game.get("EventDate"))


def _place_games(played: list[_Played], round_of: dict[int, int], number: dict[str, int],
                 source: str) -> dict[str, dict[int, RoundResult]]:
    """Each player's results by renumbered round; refuses a player twice in one round."""
    results: dict[str, dict[int, RoundResult]] = {name: {} for name in number}
    for label, white, black, white_kind, black_kind, game in played:
        round_no = round_of[label]
        for name, kind, colour, opponent in ((white, white_kind, Colour.WHITE, black),
                                             (black, black_kind, Colour.BLACK, white)):
            if round_no in results[name]:
                raise FormatError(source, game.line_of("Round"), None, msg(
                    "%(name)r plays twice in round %(round)d", name=name, round=label))
            results[name][round_no] = RoundResult(round_no, kind, number[opponent], colour)
    return results


def _split_games(lines: list[str]) -> list[_Game]:
    """Group tag lines into games: a tag after anything that is not a tag starts a new game.

    A tag name repeated inside one block also starts a new game, so files that omit the
    blank line (and the moves) between games are still split correctly.
    """
    games: list[_Game] = []
    previous_was_tag = False
    for line_no, line in enumerate(lines, 1):
        match = _TAG.fullmatch(line)
        if match:
            name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
            if not previous_was_tag or name in games[-1].tags:
                games.append(_Game(line_no))
            games[-1].tags[name] = (value, line_no)
            previous_was_tag = True
        else:
            previous_was_tag = False
    return games


def _pgn_date(text: str) -> dt.date | None:
    """A PGN date ``YYYY.MM.DD``; unknown parts (``??``) or bad dates give None."""
    match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", text)
    if not match:
        return None
    try:
        return dt.date(*map(int, match.groups()))
    except ValueError:
        return None
