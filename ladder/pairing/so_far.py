"""The tournament so far, as the engine reads it from a TRF posed for pairing (docs/pairing.md §2).

The house's reader (:func:`ladder.formats.trf_posed.read_posed_trf`) gives every cell as
written; this adapter applies the engine's rules of reading to them:

* The rounds played so far are those up to the last round in which somebody was paired (a game,
  a forfeit or the pairing-allocated bye). In the coming round's column only the players not
  to be paired have a cell (``0000 - H`` / ``Z`` / ``F``, or a ``240`` record of that round);
  a blank cell there means "to be paired". A blank cell of an earlier round is a round without
  a pairing worth the zero-point bye.
* Forfeits (``+ -``) are not games played (C.04.1.b); ``H Z F`` are requested byes and ``U`` the
  pairing-allocated bye.
* The pairing order is the start numbers, or with ``XXC rank`` the order of the ``001`` lines
  (C.04.2.B re-ranking).
* Without ``XXC white1``/``black1`` or ``152`` the initial colour is inferred from the first
  round with colours.

Points are kept in tenths (a win is 10), as integers. Nothing here decides a pairing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ladder.formats.trf_posed import (
    DRAW_CODES,
    UNPLAYED_CODES,
    WIN_CODES,
    PairingInputError,
    PosedCell,
    PosedPlayer,
    read_posed_trf,
)
from ladder.vocabulary.messages import msg
from ladder.vocabulary.tournament import Colour

WIN, DRAW, LOSS = 2, 1, 0
_OTHER = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}


@dataclass(frozen=True)
class RoundRecord:
    """One player's record of one round."""

    opponent: int  # 0-based id of the opponent; the player's own id when there was none
    colour: Colour | None  # None: no colour (a bye, an unplayed round)
    result: int  # WIN, DRAW or LOSS
    played: bool  # a game was played over the board (not a forfeit, not a bye)
    participated: bool  # the player was paired (a game, a forfeit) or given the PAB


@dataclass
class PlayerHistory:
    """A player's rounds so far (and, when not to be paired, the coming round's bye)."""

    id: int  # 0-based: start number - 1
    rating: int
    points: int  # tenths, as written in the file
    matches: list[RoundRecord]


@dataclass
class TournamentSoFar:
    """The tournament up to the coming round, with the engine's rules of reading applied."""

    players: dict[int, PlayerHistory]
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

    def points_of(self, player: PlayerHistory, match: RoundRecord) -> int:
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


def _tenths(points: Fraction) -> int:
    """Points as tenths (the reader gives at most one decimal)."""
    return points.numerator * 10 // points.denominator


def _unpaired(pid: int) -> RoundRecord:
    """A round in which ``pid`` was not paired (a requested bye, a blank cell)."""
    return RoundRecord(pid, None, LOSS, False, False)


def _record(cell: PosedCell, pid: int) -> RoundRecord:
    """What a written cell says about the round of player ``pid``."""
    code = cell.code
    opponent = pid if cell.opponent is None else cell.opponent - 1
    result = DRAW if code in DRAW_CODES else WIN if code in WIN_CODES else LOSS
    played = cell.opponent is not None and cell.colour is not None and code not in UNPLAYED_CODES
    participated = cell.opponent is not None or code in ("U", "+")
    return RoundRecord(opponent, cell.colour, result, played, participated)


def _history(posed: PosedPlayer) -> tuple[PlayerHistory, int]:
    """The player's rounds up to their last written cell (blank cells before it are rounds
    without a pairing), and the number of rounds they show as played."""
    pid = posed.start_no - 1
    matches: list[RoundRecord] = []
    skipped = 0
    played = 0
    for cell in posed.cells:
        if not cell.written:
            skipped += 1
            continue
        if skipped:
            matches.extend(_unpaired(pid) for _ in range(skipped))
            skipped = 0
        played = max(played, len(matches))
        record = _record(cell, pid)
        matches.append(record)
        if record.participated:
            played = max(played, len(matches))
    return PlayerHistory(pid, posed.rating or 0, _tenths(posed.points), matches), played


def tournament_so_far(trf_text: str) -> TournamentSoFar:
    """Read ``trf_text`` (a TRF posed for pairing the next round) as the engine reads it.

    Raises :class:`~ladder.formats.trf_posed.PairingInputError` naming the line when the file
    cannot be paired as is (a :class:`~ladder.formats.errors.FormatError` for a file that is
    no TRF text at all).
    """
    posed = read_posed_trf(trf_text)
    players: dict[int, PlayerHistory] = {}
    played = 0
    for line in posed.players:
        history, shown = _history(line)
        players[history.id] = history
        played = max(played, shown)
    if not posed.rank_order and sorted(players) != list(range(len(players))):
        raise PairingInputError(msg("A start number is missing from the player lines."))
    # The coming round is complete (every player has an entry) only when nobody is paired.
    if players and all(len(p.matches) > played for p in players.values()):
        played += 1
    for player in players.values():
        if len(player.matches) < played:
            player.matches.extend(_unpaired(player.id)
                                  for _ in range(played - len(player.matches)))
    for round_no, start_no in posed.byes:
        # A bye of the coming round given on a 240 line: the player is not paired.
        absent = players.get(start_no - 1)
        if round_no - 1 == played and absent is not None and len(absent.matches) <= played:
            absent.matches.append(_unpaired(absent.id))
    expected = posed.rounds
    if not expected:
        raise PairingInputError(msg("The total number of rounds (XXR) must be given."))
    if played > expected - 1:
        raise PairingInputError(msg(
            "The file already holds %(played)d rounds of %(rounds)d: no round is left to pair.",
            played=played, rounds=expected))
    values = {name: _tenths(value) for name, value in posed.points.items()}
    by_rank = ([line.start_no - 1 for line in posed.players] if posed.rank_order
               else sorted(players))
    colour = posed.initial_colour
    if colour is None:
        colour = _infer_initial_colour(players, by_rank)
    win = values.get("win", 10)
    return TournamentSoFar(
        players=players, by_rank=by_rank, played_rounds=played, expected_rounds=expected,
        initial_colour=colour, use_rank=posed.rank_order,
        win=win, draw=values.get("draw", 5), loss=values.get("loss", 0),
        zero_bye=values.get("zero_bye", 0), forfeit_loss=values.get("forfeit_loss", 0),
        pab=values.get("pairing_bye", win),
        forbidden=[(tuple(p - 1 for p in pairs.players),
                    0 if pairs.first_round is None else pairs.first_round - 1,
                    expected if pairs.last_round is None else pairs.last_round)
                   for pairs in posed.forbidden])


def _infer_initial_colour(players: dict[int, PlayerHistory],
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
