"""The next round of a posed TRF by the FIDE Dutch system: boards, colours, PAB, reasons."""

from __future__ import annotations

from ladder.formats.trf_posed import PairingInputError
from ladder.pairing.api import Board, Refusal, RoundPairing
from ladder.pairing.colours import board_key, colour_of
from ladder.pairing.dutch import NoPairing, pair_players
from ladder.pairing.reasons import board_reasons, pab_reason, refusal_reason, round_notes
from ladder.pairing.round_state import WHITE, build_round
from ladder.pairing.so_far import tournament_so_far
from ladder.vocabulary.messages import msg


def pair_trf_detailed(trf_text: str) -> RoundPairing | Refusal:
    """Pair the coming round of ``trf_text``: a :class:`RoundPairing` with the reasons per
    board, or a :class:`Refusal` saying why no legal pairing exists.

    Raises :class:`~ladder.formats.trf_posed.PairingInputError` when the file cannot be read.
    """
    tournament = tournament_so_far(trf_text)
    round_ = build_round(tournament)
    if tournament.initial_colour is None:
        raise PairingInputError(msg("The initial colour (XXC white1 or black1) must be given."))
    try:
        pairs, pab, trace = pair_players(round_)
    except NoPairing:
        return Refusal(round_.round_number, refusal_reason(round_))
    boards = []
    for a, b in pairs:
        first, second = round_.players[a], round_.players[b]
        colour, rule = colour_of(first, second, tournament.initial_colour)
        white, black = (first, second) if colour == WHITE else (second, first)
        boards.append((white, black, rule))
    boards.sort(key=lambda item: board_key(item[0], item[1]))
    result = tuple(
        Board(number, white.start_number, black.start_number,
              board_reasons(round_, trace, white, black, rule))
        for number, (white, black, rule) in enumerate(boards, start=1))
    pab_player = round_.players[pab] if pab is not None else None
    return RoundPairing(
        round=round_.round_number, boards=result,
        pab=pab_player.start_number if pab_player else None,
        pab_reason=pab_reason(round_, pab_player) if pab_player else None,
        notes=round_notes(round_, trace))


def pair_trf(trf_text: str) -> tuple[list[tuple[int, int]], int | None] | None:
    """The next round of ``trf_text`` as ``([(white, black), …], pab)`` by start number, in
    board order, or ``None`` when no legal pairing exists."""
    answer = pair_trf_detailed(trf_text)
    if isinstance(answer, Refusal):
        return None
    return answer.pairs(), answer.pab
