"""Re-pairing a finished tournament round by round, as bbpPairings's free pairings checker does.

For every round r of a finished TRF, the round is posed from the file as the engines pose it
(:func:`ladder.pairing.pose.pose_round`: rounds 1..r-1 as played, in round r only the players who
were not to be paired), paired by the engine, and compared with what the file says was paired:
the boards with their colours and the pairing-allocated bye. Board order is not compared (a TRF
does not record it). A forfeited game counts as paired — it was, and then not played; when
the file gives it no colours (``-``), only the two players are compared.

Pure: text in, plain data out; the sentences are Messages (the CLI prints them in English).
"""

from __future__ import annotations

from dataclasses import dataclass

from ladder.formats.trf import read_trf
from ladder.pairing.api import Refusal, RoundPairing
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import Colour, Kind, Tournament

#: A board as compared: (white, black), or the two players when the file has no colours.
Key = tuple[int, int] | frozenset[int]


@dataclass(frozen=True)
class PlayedRound:
    """What a finished TRF says was paired in one round."""

    round: int
    boards: frozenset[Key]
    pab: int | None


@dataclass(frozen=True)
class RoundCheck:
    """One round of a finished tournament: as played, and as the engine pairs it."""

    played: PlayedRound
    engine: RoundPairing | Refusal

    @property
    def round(self) -> int:
        """The round number."""
        return self.played.round

    def engine_boards(self) -> frozenset[Key]:
        """The engine's boards, keyed as the file's are (uncoloured where the file is)."""
        if isinstance(self.engine, Refusal):
            return frozenset()
        keys: set[Key] = set()
        for white, black in self.engine.pairs():
            pair = frozenset((white, black))
            keys.add(pair if pair in self.played.boards else (white, black))
        return frozenset(keys)

    @property
    def differs(self) -> bool:
        """Whether the engine's pairing is not the file's."""
        if isinstance(self.engine, Refusal):
            return True
        return self.engine_boards() != self.played.boards or self.engine.pab != self.played.pab

    def describe(self) -> list[Message]:
        """The differences, one sentence each (empty when the round is identical)."""
        if not self.differs:
            return []
        if isinstance(self.engine, Refusal):
            return [msg("round %(round)d: the engine finds no legal pairing: %(reason)s",
                        round=self.round, reason=self.engine.reason)]
        lines: list[Message] = []
        ours = self.engine_boards()
        only_file = sorted(self.played.boards - ours, key=_order)
        only_engine = sorted(ours - self.played.boards, key=_order)
        if only_file:
            lines.append(msg("round %(round)d: in the file, not from the engine: %(boards)s",
                             round=self.round, boards=_boards_text(only_file)))
        if only_engine:
            lines.append(msg("round %(round)d: from the engine, not in the file: %(boards)s",
                             round=self.round, boards=_boards_text(only_engine)))
        if self.engine.pab != self.played.pab:
            lines.append(msg(
                "round %(round)d: pairing-allocated bye in the file: %(file)s; from the "
                "engine: %(engine)s", round=self.round, file=_player_text(self.played.pab),
                engine=_player_text(self.engine.pab)))
        return lines


def played_round(t: Tournament, round_no: int) -> PlayedRound:
    """The boards and the PAB of ``round_no`` as the tournament ``t`` records them."""
    boards: set[Key] = set()
    pab: int | None = None
    for player in t.players:
        result = player.result_in(round_no)
        if result is None:
            continue
        if result.kind is Kind.PAIRING_BYE:
            pab = player.start_no
        elif result.opponent is not None:
            if result.colour is Colour.WHITE:
                boards.add((player.start_no, result.opponent))
            elif result.colour is None:
                boards.add(frozenset((player.start_no, result.opponent)))
    return PlayedRound(round_no, frozenset(boards), pab)


def check_rounds(text: str, source: str = "<trf>") -> list[RoundCheck]:
    """Every round of the finished TRF ``text`` re-paired by the engine and compared.

    Raises :class:`~ladder.formats.errors.FormatError` when the file cannot be read.
    """
    from ladder.pairing import pair_trf_detailed  # the engine (lazy: a heavy import)
    from ladder.pairing.pose import pose_round

    t = read_trf(text, source)
    checks = []
    for round_no in range(1, _played_rounds(t) + 1):
        engine = pair_trf_detailed(pose_round(text, round_no))
        checks.append(RoundCheck(played_round(t, round_no), engine))
    return checks


def _played_rounds(t: Tournament) -> int:
    """The last round in which anyone was paired (a game, a forfeit or a PAB)."""
    last = 0
    for player in t.players:
        for result in player.results:
            if result.opponent is not None or result.kind is Kind.PAIRING_BYE:
                last = max(last, result.round)
    return last


def _order(key: Key) -> tuple[int, int]:
    return (min(key), max(key)) if isinstance(key, frozenset) else key


def _boards_text(keys: list[Key]) -> str:
    """Boards as ``white-black``; ``a/b`` for a forfeit the file wrote without colours."""
    return ", ".join(f"{min(k)}/{max(k)}" if isinstance(k, frozenset) else f"{k[0]}-{k[1]}"
                     for k in keys)


def _player_text(start_no: int | None) -> str:
    return "-" if start_no is None else str(start_no)
