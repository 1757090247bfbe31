"""Re-pairing a finished tournament round by round, as bbpPairings's free pairings checker does.

For every round r of a finished TRF, the round is posed from the file as the engines pose it
(:func:`ladder.formats.trf_cut.cut_to_round`: rounds 1..r-1 as played, in round r only the
players who were not to be paired), paired by the engine, and compared with what the file
says was paired: the boards with their colours and the pairing-allocated bye. Board order is
not compared (a TRF does not record it). A forfeited game counts as paired — it was, and then
not played; when the file gives it no colours (``-``), only the two players are compared.

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


@dataclass(frozen=True)
class FileCheck:
    """A finished TRF re-paired round by round (:func:`check_file`)."""

    rounds: tuple[RoundCheck, ...]
    #: What the file did not say and was taken from its rounds (the initial colour, the
    #: number of rounds), one sentence each.
    assumed: tuple[Message, ...] = ()

    @property
    def differing(self) -> tuple[RoundCheck, ...]:
        """The rounds the engine pairs otherwise than the file."""
        return tuple(check for check in self.rounds if check.differs)

    @property
    def evidently_not_dutch(self) -> bool:
        """The file was evidently paired by another system (or by hand): round 1 differs —
        which the Dutch system pairs from the pairing numbers and the initial colour alone —
        or at least half of the rounds do (two or more). Its differences are then the other
        system's choices, not the engine's mistakes."""
        differing = self.differing
        if any(check.round == 1 for check in differing):
            return True
        return len(differing) >= 2 and 2 * len(differing) >= len(self.rounds)

    def verdict(self) -> Message | None:
        """The sentence that says the file was evidently not paired by the Dutch system."""
        if not self.evidently_not_dutch:
            return None
        differing = self.differing
        if any(check.round == 1 for check in differing):
            return msg("The file was evidently not paired by the FIDE Dutch system with these "
                       "pairing numbers: its round 1, which the Dutch system pairs from the "
                       "pairing numbers and the initial colour alone, differs (%(differing)d "
                       "of %(rounds)d rounds differ in all). The differences show how the file "
                       "was paired, not errors of the engine.",
                       differing=len(differing), rounds=len(self.rounds))
        return msg("The file was evidently not paired by the FIDE Dutch system: %(differing)d "
                   "of %(rounds)d rounds differ. The differences show how the file was "
                   "paired, not errors of the engine.",
                   differing=len(differing), rounds=len(self.rounds))


def check_rounds(text: str, source: str = "<trf>") -> list[RoundCheck]:
    """Every round of the finished TRF ``text`` re-paired by the engine and compared.

    Raises :class:`~ladder.formats.errors.FormatError` when the file cannot be read.
    """
    return list(check_file(text, source).rounds)


def check_file(text: str, source: str = "<trf>") -> FileCheck:
    """Every round of the finished TRF ``text`` re-paired by the engine and compared, as
    :func:`check_rounds`, with what had to be assumed and the verdict on the system.

    A file without the initial colour (``XXC white1``/``black1``, ``152``) — every export
    of chess-results and most pairing programs — gets it from its round 1, as the endorsed
    checkers infer it (:func:`initial_colour`); one without the number of rounds (``XXR``,
    ``142``) is taken to have the rounds it holds (it is finished).

    Raises :class:`~ladder.formats.errors.FormatError` when the file cannot be read.
    """
    from ladder.formats.trf import read_exchange
    from ladder.formats.trf_cut import cut_to_round
    from ladder.formats.trf_write import with_records
    from ladder.pairing import pair_trf_detailed  # the engine (lazy: a heavy import)

    t = read_trf(text, source)
    exchange = read_exchange(text, source)
    played = _played_rounds(t)
    assumed: list[Message] = []
    colour: Colour | None = None
    if exchange.initial_colour is None:
        order = exchange.pairing_order or tuple(sorted(p.start_no for p in t.players))
        colour = initial_colour(t, order)
        if colour is not None:
            assumed.append(
                msg("The file gives no initial colour (XXC or 152): its round 1 shows White "
                    "for the top-ranked player paired (XXC white1).") if colour is Colour.WHITE
                else msg("The file gives no initial colour (XXC or 152): its round 1 shows "
                         "Black for the top-ranked player paired (XXC black1)."))
    rounds = played if exchange.rounds is None and played else None
    if rounds is not None:
        assumed.append(msg("The file gives no number of rounds (XXR or 142): the %(rounds)d "
                           "rounds it holds.", rounds=played))
    text = with_records(text, initial_colour=colour, rounds=rounds)
    checks = []
    for round_no in range(1, played + 1):
        engine = pair_trf_detailed(cut_to_round(text, round_no))
        checks.append(RoundCheck(played_round(t, round_no), engine))
    return FileCheck(tuple(checks), tuple(assumed))


def initial_colour(t: Tournament, order: tuple[int, ...]) -> Colour | None:
    """The initial colour a finished tournament was paired with, from its round 1: the colour
    of the top-ranked player paired in round 1 (C.04.3 E.5: a higher-ranked player with an
    odd pairing number gets the initial colour), shifted once for each higher-ranked player
    paired there whose game has no colour (a forfeit written without one) — the pairing
    numbers count the players paired. None when round 1 has no colour at all."""
    paired = 0
    for start_no in order:
        result = t.player(start_no).result_in(1)
        if result is None or (result.opponent is None and result.kind is not Kind.PAIRING_BYE):
            continue  # not paired in round 1 (a requested bye, absent, not yet arrived)
        if result.opponent is not None and result.colour is not None:
            if paired % 2 == 0:
                return result.colour
            return Colour.BLACK if result.colour is Colour.WHITE else Colour.WHITE
        paired += 1
    return None


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
