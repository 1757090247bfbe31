"""Read a TRF posed for pairing (``tests/data/pairings/README.md``) into plain data.

The file holds the rounds played so far; in the coming round's column only ``0000 - H`` /
``Z`` / ``F`` for the players who are not to be paired. What is read, and how:

* ``001`` lines: start number (columns 5-8), rating (49-52), points (81-84) and per round,
  from column 92 in steps of ten, the opponent (``0000`` = none), the colour (``w``/``b``/``-``)
  and the result (``1 0 =`` played; ``+ -`` forfeits, which are not games played (C.04.1.b);
  ``H Z F`` requested byes, ``U`` the pairing-allocated bye).
* ``XXR``/``142`` the number of rounds; ``XXC`` ``white1``/``black1`` (initial colour) and
  ``rank`` (the pairing order is the order of the ``001`` lines, C.04.2.B re-ranking);
  ``152 W``/``152 B``; ``XXP`` and ``260`` forbidden pairs; ``BBW BBD BBL BBZ BBF BBU`` and
  ``162`` point values.

Points are kept in tenths (a win is 10), as integers. Nothing here decides a pairing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import Colour

WIN, DRAW, LOSS = 2, 1, 0
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}  # the colour column of a 001 line
_OTHER = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}


class PairingInputError(ValueError):
    """The TRF cannot be paired as it stands: ``message`` says which line or field is wrong."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Match:
    """One player's record of one round."""

    opponent: int  # 0-based id of the opponent; the player's own id when there was none
    colour: Colour | None  # None: no colour (a bye, an unplayed round)
    result: int  # WIN, DRAW or LOSS
    played: bool  # a game was played over the board (not a forfeit, not a bye)
    participated: bool  # the player was paired (a game, a forfeit) or given the PAB


@dataclass
class TrfPlayer:
    """A ``001`` line."""

    id: int  # 0-based: start number - 1
    rating: int
    points: int  # tenths, as written in the file
    matches: list[Match]


@dataclass
class PosedTrf:
    """The TRF as plain data, with the rules of reading of the engine applied."""

    players: dict[int, TrfPlayer]
    by_rank: list[int]  # ids in pairing order (start numbers, or the 001 lines with XXC rank)
    played_rounds: int
    expected_rounds: int
    initial_colour: Colour | None
    use_rank: bool
    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pab: int = 10
    #: (players, first round index, end round index exclusive): the players must not meet.
    forbidden: list[tuple[tuple[int, ...], int, int]] = field(default_factory=list)

    def points_of(self, player: TrfPlayer, match: Match) -> int:
        """The points ``match`` gave ``player`` (tenths), by the tournament's point values."""
        if match.result == LOSS:
            if not match.participated:
                return self.zero_bye
            return self.loss if match.played else self.forfeit_loss
        if match.result == WIN:
            if match.opponent == player.id and match.participated:
                return self.pab
            return self.win
        return self.draw


def _bad(line_no: int, what: Message) -> PairingInputError:
    return PairingInputError(msg("TRF line %(line)d: %(what)s", line=line_no, what=what))


def _tenths(text: str, line_no: int, what: Message) -> int:
    text = text.strip()
    try:
        whole, _, fraction = text.partition(".")
        if len(fraction) > 1 or not whole.isdigit() and whole != "":
            raise ValueError(text)
        return int(whole or "0") * 10 + int(fraction or "0")
    except ValueError:
        raise _bad(line_no, what) from None


def _player_id(text: str, line_no: int) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) == 0:
        raise _bad(line_no, msg("a start number must be a positive whole number"))
    return int(text) - 1


_WINS = frozenset("+W1FU")
_DRAWS = frozenset("D=H")
_LOSSES = frozenset("-L0Z ")
_UNPLAYED = frozenset("+-HFUZ ")


def _read_colour(char: str, line_no: int) -> tuple[Colour | None, bool, bool]:
    """(colour, the entry is not blank, a game may have been played) of a colour column."""
    colour = _COLOURS.get(char)
    if colour is not None:
        return colour, True, True
    if char == "-":
        return None, True, False
    if char == " ":
        return None, False, False
    raise _bad(line_no, msg("unknown colour %(code)s", code=repr(char)))


def _read_round(line: str, start: int, pid: int, line_no: int) -> tuple[Match, bool]:
    """One round's entry of a 001 line: the match and whether it is trailing blank space."""
    entry = line[start:start + 8].ljust(8)
    opponent_text, colour_char, result_char = entry[0:4], entry[5], entry[7].upper()
    skip = True
    played = True
    opponent = pid
    if opponent_text != "    ":
        if opponent_text != "0000":
            opponent = _player_id(opponent_text, line_no)
            if opponent == pid:
                raise _bad(line_no, msg("a player is listed as their own opponent"))
        skip = False
    if opponent == pid:
        played = False
    colour, colour_given, colour_played = _read_colour(colour_char, line_no)
    skip = skip and not colour_given
    played = played and colour_played
    if opponent == pid and colour is not None:
        raise _bad(line_no, msg("a colour is given where there is no opponent"))
    if result_char in _DRAWS:
        result = DRAW
    elif result_char in _WINS:
        result = WIN
    elif result_char in _LOSSES:
        result = LOSS
    else:
        raise _bad(line_no, msg("unknown result %(code)s", code=repr(result_char)))
    if result_char in _UNPLAYED:
        played = False
        if result_char not in "+-" and opponent != pid:
            raise _bad(line_no, msg("a bye is given with an opponent"))
    elif colour is None and (result_char != "=" or opponent != pid):
        raise _bad(line_no, msg("a game is given without a colour"))
    if result_char != " ":
        skip = False
    participated = opponent != pid or result_char in "U+"
    return Match(opponent, colour, result, played, participated), skip


def _read_player(line: str, line_no: int, counter: list[int]) -> TrfPlayer:
    """A 001 line; ``counter[0]`` is the number of rounds seen so far (updated)."""
    if len(line) < 84:
        raise _bad(line_no, msg("a player line is shorter than its points column"))
    pid = _player_id(line[4:8], line_no)
    rating_text = line[48:52].strip()
    if rating_text and not rating_text.isdigit():
        raise _bad(line_no, msg("the rating must be a whole number"))
    rating = int(rating_text) if rating_text else 0
    points = _tenths(line[80:84], line_no, msg("the points must be a number like 3.5"))
    matches: list[Match] = []
    skipped = 0
    start = 91
    while start <= len(line) - 8:
        match, skip = _read_round(line, start, pid, line_no)
        if skip:
            skipped += 1
        else:
            matches.extend(Match(pid, None, LOSS, False, False) for _ in range(skipped))
            skipped = 0
            counter[0] = max(counter[0], len(matches))
            matches.append(match)
            if match.participated:
                counter[0] = max(counter[0], len(matches))
        start += 10
    if line[start:].strip():
        raise _bad(line_no, msg("the round columns are misaligned"))
    return TrfPlayer(pid, rating, points, matches)


@dataclass
class _Reading:
    """What the lines read so far say."""

    players: dict[int, TrfPlayer] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    counter: list[int] = field(default_factory=lambda: [0])
    colour: Colour | None = None
    use_rank: bool = False
    expected: int = 0
    values: dict[str, int] = field(default_factory=dict)
    pab_set: bool = False
    forbidden: list[tuple[tuple[int, ...], int, int | None]] = field(default_factory=list)
    byes: list[tuple[int, int]] = field(default_factory=list)  # 240: (round index, id)


def _read_byes(reading: _Reading, line: str, line_no: int) -> None:
    """A 240 line: players not to be paired in a round (columns 7-9 the round, then one
    start number per five columns from column 11)."""
    round_text = line[6:9].strip()
    if not round_text.isdigit() or int(round_text) == 0:
        raise _bad(line_no, msg("the round of a bye line must be a positive whole number"))
    start = 10
    while start <= len(line) - 4:
        reading.byes.append((int(round_text) - 1, _player_id(line[start:start + 4], line_no)))
        start += 5


def _read_points_line(reading: _Reading, prefix: str, line: str, line_no: int) -> None:
    value = _tenths(line[4:12], line_no, msg("a point value must be a number like 0.5"))
    reading.values[prefix] = value
    if prefix == "BBU":
        reading.pab_set = True
    elif prefix == "BBW" and not reading.pab_set:
        reading.values["BBU"] = value


def _read_forbidden(reading: _Reading, prefix: str, line: str, line_no: int) -> None:
    """XXP (the whole event) or 260 (rounds first..last) forbidden pairs (C.04.1.a)."""
    if prefix == "XXP":
        ids = tuple(_player_id(token, line_no) for token in line[3:].split())
        reading.forbidden.append((ids, 0, None))
        return
    if not (line[4:7].strip().isdigit() and line[8:11].strip().isdigit()):
        raise _bad(line_no, msg("the rounds of a forbidden pair must be whole numbers"))
    ids = tuple(_player_id(token, line_no) for token in line[12:].split())
    reading.forbidden.append((ids, int(line[4:7]) - 1, int(line[8:11])))


def _read_line(reading: _Reading, line: str, line_no: int) -> None:
    prefix = line[:3]
    if prefix == "001":
        player = _read_player(line, line_no, reading.counter)
        if player.id in reading.players:
            raise _bad(line_no, msg("a start number is repeated"))
        reading.players[player.id] = player
        reading.order.append(player.id)
    elif prefix in ("XXR", "142"):
        rounds_text = line[3:].strip()
        if not rounds_text.isdigit() or int(rounds_text) <= 0:
            raise _bad(line_no, msg("the number of rounds must be a positive whole number"))
        reading.expected = int(rounds_text)
    elif prefix == "XXC":
        for token in line[3:].split():
            if token == "rank":
                reading.use_rank = True
            elif token in ("white1", "black1"):
                reading.colour = Colour.WHITE if token == "white1" else Colour.BLACK
    elif prefix == "152":
        code = line[4:].strip()
        if code not in ("W", "B"):
            raise _bad(line_no, msg("the initial colour must be W or B"))
        reading.colour = Colour(code.lower())
    elif prefix in ("XXP", "260"):
        _read_forbidden(reading, prefix, line, line_no)
    elif prefix == "240":
        _read_byes(reading, line, line_no)
    elif prefix in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
        _read_points_line(reading, prefix, line, line_no)
    elif prefix == "162":
        _read_point_system(line, line_no, reading)


def _infer_initial_colour(players: dict[int, TrfPlayer],
                          by_rank: list[int]) -> Colour | None:
    """Without XXC: the colour the top paired player had in the first round with colours
    (shifted by one for each higher player paired in that round), as the engine infers it."""
    rounds = [index for p in players.values() for index, m in enumerate(p.matches)
              if m.colour is not None]
    if not rounds:
        return None
    first = min(rounds)
    counter = 0
    result: Colour | None = None
    for pid in by_rank:
        matches = players[pid].matches
        if any(m.participated for m in matches[:first + 1]):
            if result is None and first < len(matches):
                colour = matches[first].colour
                if colour is not None:
                    result = colour if counter % 2 == 0 else _OTHER[colour]
            counter += 1
    return result


def read_trf(text: str) -> PosedTrf:
    """Read ``text`` (a TRF posed for pairing the next round) as the engine reads it.

    Raises :class:`PairingInputError` naming the line when the file cannot be paired as is.
    """
    reading = _Reading()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for line_no, line in enumerate(lines, start=1):
        if len(line) >= 3:
            _read_line(reading, line, line_no)
    players = reading.players
    if not reading.use_rank and sorted(players) != list(range(len(players))):
        raise PairingInputError(msg("A start number is missing from the player lines."))
    played = reading.counter[0]
    # The coming round is complete (every player has an entry) only when nobody is paired.
    if players and all(len(p.matches) > played for p in players.values()):
        played += 1
    for player in players.values():
        if len(player.matches) < played:
            player.matches.extend(
                Match(player.id, None, LOSS, False, False)
                for _ in range(played - len(player.matches)))
    for round_index, pid in reading.byes:
        # A bye of the coming round given on a 240 line: the player is not paired.
        absent = players.get(pid)
        if round_index == played and absent is not None and len(absent.matches) <= played:
            absent.matches.append(Match(pid, None, LOSS, False, False))
    expected = reading.expected
    if not expected:
        raise PairingInputError(msg("The total number of rounds (XXR) must be given."))
    if played > expected - 1:
        raise PairingInputError(msg(
            "The file already holds %(played)d rounds of %(rounds)d: no round is left to pair.",
            played=played, rounds=expected))
    values = reading.values
    by_rank = reading.order if reading.use_rank else sorted(players)
    if reading.colour is None:
        reading.colour = _infer_initial_colour(players, by_rank)
    return PosedTrf(
        players=players, by_rank=by_rank,
        played_rounds=played, expected_rounds=expected, initial_colour=reading.colour,
        use_rank=reading.use_rank,
        win=values.get("BBW", 10), draw=values.get("BBD", 5), loss=values.get("BBL", 0),
        zero_bye=values.get("BBZ", 0), forfeit_loss=values.get("BBF", 0),
        pab=values.get("BBU", values.get("BBW", 10)),
        forbidden=[(ids, first, expected if last is None else last)
                   for ids, first, last in reading.forbidden])


def _read_point_system(line: str, line_no: int, reading: _Reading) -> None:
    values = reading.values
    start = 5
    while start <= len(line) - 5:
        code = line[start]
        score = _tenths(line[start + 1:start + 5], line_no,
                        msg("a point value must be a number like 0.5"))
        if code == "W":
            values["BBW"] = score
            if not reading.pab_set:
                values["BBU"] = score
        elif code == "D":
            values["BBD"] = score
        elif code == "L":
            values["BBL"] = score
        elif code == "Z":
            values["BBZ"] = score
            values["BBF"] = score
        elif code == "P":
            values["BBU"] = score
            reading.pab_set = True
        else:
            raise _bad(line_no, msg("unknown point code %(code)s", code=repr(code)))
        start += 9
