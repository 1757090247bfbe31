"""A competition's season as played: members, and per round the attendance, the bye and the games.

:func:`parse_season` reads the season as the exchange JSON gives it (docs/competitions.md §4)::

    {"members": [{"id": "A", "rating": 2000, "entry_round": 1}, ...],
     "rounds": [{"round": 1, "attendance": {"A": "present", ...}, "bye": "E",
                 "games": [{"board": 1, "white": "B", "black": "A", "result": "0-1"}, ...]}]}

and refuses what cannot be scored, with a :class:`~ladder.competition.errors.SeasonError` whose
``key`` is the path of the bad field (``rounds[1].games[0].result``). Choices where the format
leaves room (each documented in docs/competitions.md §3):

* ids may be written as numbers; they are read as strings (``7`` is member ``"7"``);
* a missing ``entry_round`` is 1; a missing ``rating`` or ``null`` is 0 (an unrated member ranks
  below every rated one);
* a member not listed in a round's attendance is ``absent``; a member who has not entered yet may
  be listed only as ``pre`` or ``absent`` (both ignored);
* a game is the truth about its two players: a player in a game was there, whatever the
  attendance says; the round's ``bye`` likewise;
* a missing or ``null`` result is a game not played yet (the round cannot be scored, but the
  rounds before it can, and it can still be paired). The exchange writer also takes a last
  round with players marked present but neither a game nor a bye as not paired yet; scored, such
  players are "present but not paired";
* results are ``1-0``, ``0-1``, ``1/2-1/2``, ``+-``, ``-+``, ``--``; ``½-½``, ``0.5-0.5``,
  ``=-=``, ``+/-``, ``-/+``, ``-/-`` are read as their plain forms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ladder.competition.errors import SeasonError

PRESENT = "present"
EXCUSED = "excused"
ABSENT = "absent"
CLUB = "club"
PRE = "pre"
STATUSES = (PRESENT, EXCUSED, ABSENT, CLUB)

WHITE_WINS, BLACK_WINS, DRAW = "1-0", "0-1", "1/2-1/2"
WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT = "+-", "-+", "--"
RESULTS = (WHITE_WINS, BLACK_WINS, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
FORFEITS = (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
_ALIASES = {"½-½": DRAW, "0.5-0.5": DRAW, "=-=": DRAW, "+/-": WHITE_FORFEIT_WIN,
            "-/+": BLACK_FORFEIT_WIN, "-/-": DOUBLE_FORFEIT}


@dataclass(frozen=True)
class SeasonMember:
    """A member of the competition: ``order`` is the place in the members list (0-based)."""

    id: str
    rating: int | float
    entry_round: int
    order: int


@dataclass(frozen=True)
class SeasonGame:
    """One board: ``result`` is one of :data:`RESULTS`, or None while not played."""

    board: int
    white: str
    black: str
    result: str | None

    @property
    def forfeit(self) -> bool:
        """Not played over the board: a forfeit win or a double forfeit."""
        return self.result in FORFEITS

    def opponent(self, member_id: str) -> str:
        """The other player of this game."""
        return self.black if member_id == self.white else self.white

    def score(self, member_id: str) -> Fraction | None:
        """The game points of ``member_id`` (1, ½, 0; a forfeit loss and ``--`` are 0)."""
        if self.result is None:
            return None
        white = {WHITE_WINS: Fraction(1), BLACK_WINS: Fraction(0), DRAW: Fraction(1, 2),
                 WHITE_FORFEIT_WIN: Fraction(1), BLACK_FORFEIT_WIN: Fraction(0),
                 DOUBLE_FORFEIT: Fraction(0)}[self.result]
        if member_id == self.white:
            return white
        if self.result == DOUBLE_FORFEIT:
            return Fraction(0)
        return 1 - white


@dataclass(frozen=True)
class SeasonRound:
    """One round as recorded: attendance of the members entered by then, bye, games."""

    number: int
    attendance: Mapping[str, str]
    bye: str | None
    games: tuple[SeasonGame, ...]

    def status(self, member_id: str) -> str:
        """The marked attendance (``absent`` when not listed)."""
        return self.attendance.get(member_id, ABSENT)

    def game_of(self, member_id: str) -> SeasonGame | None:
        """The game ``member_id`` played in this round, if any."""
        for game in self.games:
            if member_id in (game.white, game.black):
                return game
        return None

    @property
    def paired(self) -> bool:
        """The round has its pairing: a game or a bye, or nobody marked present (attendance
        alone with players present is a round not paired yet)."""
        return bool(self.games) or self.bye is not None or PRESENT not in self.attendance.values()

    @property
    def complete(self) -> bool:
        """Every game has its result (the round can be scored; players present without a game
        or the bye score as present but not paired)."""
        return all(game.result is not None for game in self.games)


@dataclass(frozen=True)
class PlayedSeason:
    """The members and the rounds 1..n, in order."""

    members: tuple[SeasonMember, ...]
    rounds: tuple[SeasonRound, ...]

    def member(self, member_id: str) -> SeasonMember:
        """The member with this id."""
        for member in self.members:
            if member.id == member_id:
                return member
        raise KeyError(member_id)

    def field(self, round_no: int) -> tuple[SeasonMember, ...]:
        """Everyone entered by round ``round_no``, in the members list's order."""
        return tuple(m for m in self.members if m.entry_round <= round_no)

    def before(self, round_no: int) -> PlayedSeason:
        """The season as it stood before round ``round_no`` was played: rounds before it, and
        that round's attendance only (its bye and games dropped)."""
        kept = self.rounds[:round_no - 1]
        if round_no - 1 < len(self.rounds):
            current = self.rounds[round_no - 1]
            kept += (SeasonRound(current.number, current.attendance, None, ()),)
        return PlayedSeason(self.members, kept)


def _member_id(value: Any, key: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or str(value).strip() == "":
        raise SeasonError("competition.season.id", key, "expected a member id", value=value)
    return str(value)


def _whole(value: Any, key: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeasonError("competition.season.whole", key, "expected a whole number",
                          value=value)
    if value < least:
        raise SeasonError("competition.season.at_least", key, f"must be at least {least}",
                          value=value, least=least)
    return value


def _members(data: Any) -> tuple[SeasonMember, ...]:
    if not isinstance(data, list) or not data:
        raise SeasonError("competition.season.members", "members",
                          "expected a non-empty list of members", value=data)
    members: list[SeasonMember] = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        key = f"members[{i}]"
        if not isinstance(item, Mapping):
            raise SeasonError("competition.season.member", key, "expected a member object",
                              value=item)
        member_id = _member_id(item.get("id"), f"{key}.id")
        if member_id in seen:
            raise SeasonError("competition.season.duplicate_member", f"{key}.id",
                              "this member id appears twice", value=member_id)
        seen.add(member_id)
        rating = item.get("rating")
        if rating is None:
            rating = 0
        if isinstance(rating, bool) or not isinstance(rating, int | float) or rating != rating:
            raise SeasonError("competition.season.rating", f"{key}.rating",
                              "expected a rating (a number)", value=rating)
        entry = item.get("entry_round", 1)
        members.append(SeasonMember(member_id, rating, _whole(entry, f"{key}.entry_round", 1), i))
    return tuple(members)


def _result(value: Any, key: str) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        text = value.strip()
        text = _ALIASES.get(text, text)
        if text in RESULTS:
            return text
    raise SeasonError("competition.season.result", key,
                      "expected a result: 1-0, 0-1, 1/2-1/2, +-, -+ or --", value=value)


class _RoundReader:
    """Reads one round, checking it against the members entered by then."""

    def __init__(self, members: Mapping[str, SeasonMember], number: int, key: str) -> None:
        self.members = members
        self.number = number
        self.key = key

    def entered(self, member_id: str, key: str) -> str:
        member = self.members.get(member_id)
        if member is None:
            raise SeasonError("competition.season.unknown_member", key,
                              "not a member of this competition", value=member_id)
        if member.entry_round > self.number:
            raise SeasonError("competition.season.not_entered", key,
                              "this member enters in a later round", value=member_id,
                              entry_round=member.entry_round)
        return member_id

    def attendance(self, data: Any) -> dict[str, str]:
        key = f"{self.key}.attendance"
        if data is None:
            return {}
        if not isinstance(data, Mapping):
            raise SeasonError("competition.season.attendance", key,
                              "expected a mapping of member ids to statuses", value=data)
        marked: dict[str, str] = {}
        for raw_id, status in data.items():
            member_id = _member_id(raw_id, key)
            where = f"{key}.{member_id}"
            member = self.members.get(member_id)
            if member is None:
                raise SeasonError("competition.season.unknown_member", where,
                                  "not a member of this competition", value=member_id)
            if member.entry_round > self.number:
                if status in (PRE, ABSENT):
                    continue  # not in the field yet: nothing to mark
                raise SeasonError("competition.season.not_entered", where,
                                  "this member enters in a later round", value=member_id,
                                  entry_round=member.entry_round)
            if status not in STATUSES:
                raise SeasonError("competition.season.status", where,
                                  "expected present, excused, absent or club", value=status)
            marked[member_id] = status
        return marked

    def games(self, data: Any, bye: str | None) -> tuple[SeasonGame, ...]:
        key = f"{self.key}.games"
        if data is None:
            return ()
        if not isinstance(data, list):
            raise SeasonError("competition.season.games", key, "expected a list of games",
                              value=data)
        seated: set[str] = {bye} if bye is not None else set()
        games: list[SeasonGame] = []
        for i, item in enumerate(data):
            where = f"{key}[{i}]"
            if not isinstance(item, Mapping):
                raise SeasonError("competition.season.game", where, "expected a game object",
                                  value=item)
            white = self.entered(_member_id(item.get("white"), f"{where}.white"),
                                 f"{where}.white")
            black = self.entered(_member_id(item.get("black"), f"{where}.black"),
                                 f"{where}.black")
            for side, player in (("white", white), ("black", black)):
                if player in seated:
                    raise SeasonError("competition.season.twice", f"{where}.{side}",
                                      "this player already has a game or the bye this round",
                                      value=player)
                seated.add(player)
            board = item.get("board", i + 1)
            games.append(SeasonGame(_whole(board, f"{where}.board", 1), white, black,
                              _result(item.get("result"), f"{where}.result")))
        return tuple(games)


def _round(members: Mapping[str, SeasonMember], data: Any, index: int) -> SeasonRound:
    key = f"rounds[{index}]"
    if not isinstance(data, Mapping):
        raise SeasonError("competition.season.round", key, "expected a round object",
                          value=data)
    number = _whole(data.get("round", index + 1), f"{key}.round", 1)
    reader = _RoundReader(members, number, key)
    attendance = reader.attendance(data.get("attendance"))
    bye_raw = data.get("bye")
    bye = None if bye_raw is None else reader.entered(_member_id(bye_raw, f"{key}.bye"),
                                                       f"{key}.bye")
    return SeasonRound(number, attendance, bye, reader.games(data.get("games"), bye))


def parse_season(data: Mapping[str, Any] | PlayedSeason) -> PlayedSeason:
    """The season from its exchange-format mapping (see the module docstring); raises
    :class:`SeasonError` naming the bad field."""
    if isinstance(data, PlayedSeason):
        return data
    if not isinstance(data, Mapping):
        raise SeasonError("competition.season.not_a_mapping", None,
                          "the season must be a mapping with members and rounds", value=data)
    members = _members(data.get("members"))
    by_id = {m.id: m for m in members}
    rounds_data = data.get("rounds", [])
    if not isinstance(rounds_data, list):
        raise SeasonError("competition.season.rounds", "rounds", "expected a list of rounds",
                          value=rounds_data)
    rounds = sorted((_round(by_id, item, i) for i, item in enumerate(rounds_data)),
                    key=lambda r: r.number)
    for i, round_ in enumerate(rounds):
        if round_.number != i + 1:
            raise SeasonError("competition.season.round_numbers", "rounds",
                              "the rounds must be numbered 1, 2, 3 ... without a gap or a repeat",
                              value=[r.number for r in rounds])
    return PlayedSeason(members, tuple(rounds))
