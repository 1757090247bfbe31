"""What the Dutch system needs to know about each player before a round is paired.

From the tournament so far (:class:`~ladder.pairing.so_far.TournamentSoFar`): who is to be
paired, the pairing order (C.04.2.B: start numbers, or the re-ranked list), scores, colour
differences and preferences (C.04.1.e and C.04.3 A.6), the floats of the two previous
rounds (C.04.3 A.4), who may receive the pairing-allocated bye (C.04.1.d, C.04.3 C.2) and
which pairs are forbidden (C.04.1.a: no rematch of a game played; forbidden pairs such as
siblings).
"""

from __future__ import annotations

from dataclasses import dataclass

from ladder.pairing.so_far import PlayerHistory, RoundRecord, TournamentSoFar
from ladder.vocabulary.tournament import Colour

#: The house's colours (a StrEnum: ``Colour.WHITE == "w"``, so the loops compare as fast).
WHITE, BLACK = Colour.WHITE, Colour.BLACK
DOWN, UP, NONE = "down", "up", None


def invert(colour: Colour | None) -> Colour | None:
    """The other colour (None stays None)."""
    return None if colour is None else (BLACK if colour == WHITE else WHITE)


@dataclass
class RoundPlayer:
    """One player to be paired, with the data the criteria read."""

    id: int  # 0-based (start number - 1)
    rank: int  # 0-based position in the pairing order of this round
    score: int  # tenths, rounds played so far (not the coming round's bye)
    matches: list[RoundRecord]
    played_games: int
    colour_difference: int  # |games as White - games as Black|
    preference: Colour | None  # the colour the player is due (C.04.3 A.6)
    repeated: Colour | None  # the colour of the last two played games when they were the same
    strong: bool  # strong preference: colour difference 1 (C.04.3 A.6.b)
    eligible_for_bye: bool  # C.04.1.d / C.04.3 C.2: no unplayed round worth a win yet
    score_before: tuple[int, int]  # the score before the last round and before the one before

    @property
    def absolute_imbalance(self) -> bool:
        """The colour difference is above 1 (C.04.3 A.6.a)."""
        return self.colour_difference > 1

    @property
    def absolute(self) -> bool:
        """Absolute preference: difference above 1, or the same colour twice in a row."""
        return self.colour_difference > 1 or self.repeated is not None

    @property
    def start_number(self) -> int:
        """The start number as printed."""
        return self.id + 1


@dataclass
class RoundState:
    """Everything the pairing of one round reads."""

    tournament: TournamentSoFar
    players: dict[int, RoundPlayer]  # every valid player by id (paired or not this round)
    to_pair: list[int]  # ids of the players to be paired this round
    forbidden: dict[int, set[int]]  # id -> ids that may not be met

    @property
    def round_number(self) -> int:
        """The 1-based number of the round being paired."""
        return self.tournament.played_rounds + 1


def _colour_data(
        matches: list[RoundRecord]) -> tuple[int, int, Colour | None, Colour | None, bool]:
    """(played games, colour difference, preference, repeated colour, strong) of a history."""
    white = black = consecutive = played = 0
    last: Colour | None = None
    for match in matches:
        if not match.played:
            continue
        played += 1
        if match.colour == WHITE:
            white += 1
        else:
            black += 1
        consecutive = 1 if not consecutive or match.colour != last else consecutive + 1
        last = match.colour
    lower = BLACK if white > black else WHITE
    difference = abs(white - black)
    if difference > 1:
        preference: Colour | None = lower
    elif consecutive > 1:
        preference = invert(last)
    elif difference > 0:
        preference = lower
    elif consecutive:
        preference = invert(last)
    else:
        preference = None
    repeated = last if consecutive > 1 else None
    strong = repeated is None and difference == 1
    return played, difference, preference, repeated, strong


def _eligible(tournament: TournamentSoFar, player: PlayerHistory) -> bool:
    # C.04.1.d / C.04.3 C.2 (2026): a player who has already had the PAB (whatever it was
    # worth), or a round without a game that scored as much as a win (a forfeit win, a
    # full-point bye), does not get the PAB.
    return not any(
        not m.played and (tournament.points_of(player, m) >= tournament.win
                          or (m.participated and m.opponent == player.id))
        for m in player.matches)


def build_round(tournament: TournamentSoFar) -> RoundState:
    """The players of the coming round, as the Dutch criteria see them."""
    played_rounds = tournament.played_rounds
    valid = [pid for pid in tournament.by_rank
             if len(tournament.players[pid].matches) <= played_rounds
             or any(m.participated for m in tournament.players[pid].matches)]
    players: dict[int, RoundPlayer] = {}
    for rank, pid in enumerate(valid):
        source = tournament.players[pid]
        history = source.matches[:played_rounds]
        points = [tournament.points_of(source, m) for m in history]
        score = sum(points)
        before_last = score - (points[-1] if points else 0)
        before_two = before_last - (points[-2] if len(points) > 1 else 0)
        played, difference, preference, repeated, strong = _colour_data(source.matches)
        players[pid] = RoundPlayer(
            id=pid, rank=rank, score=score, matches=source.matches, played_games=played,
            colour_difference=difference, preference=preference, repeated=repeated,
            strong=strong, eligible_for_bye=_eligible(tournament, source),
            score_before=(before_last, before_two))
    to_pair = [pid for pid in valid if len(tournament.players[pid].matches) <= played_rounds]
    forbidden: dict[int, set[int]] = {pid: set() for pid in players}
    for ids, first, end in tournament.forbidden:
        if first <= played_rounds < end:
            for a in ids:
                for b in ids:
                    if a != b and a in forbidden:
                        forbidden[a].add(b)
    for pid, player in players.items():
        for match in player.matches:
            if match.played:
                forbidden[pid].add(match.opponent)
    return RoundState(tournament, players, to_pair, forbidden)


def float_of(round_: RoundState, player: RoundPlayer, rounds_back: int) -> str | None:
    """The float of ``player`` ``rounds_back`` rounds ago (C.04.3 A.4).

    A round without a game counts as a downfloat when it scored more than a loss (a bye, a
    forfeit win); a game against a higher score is an upfloat, against a lower a downfloat.
    """
    tournament = round_.tournament
    match = player.matches[tournament.played_rounds - rounds_back]
    if not match.played:
        source = tournament.players[player.id]
        return DOWN if tournament.points_of(source, match) > tournament.loss else NONE
    mine = player.score_before[rounds_back - 1]
    theirs = round_.players[match.opponent].score_before[rounds_back - 1]
    return DOWN if mine > theirs else UP if mine < theirs else NONE
