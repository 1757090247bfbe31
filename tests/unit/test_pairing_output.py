"""The engines' output format (output_format) and the comparison of ``ladder pair --check``
(check.played_round, RoundCheck), without running the engine."""

from __future__ import annotations

import pytest

from ladder.pairing.api import Board, Refusal, RoundPairing
from ladder.pairing.check import PlayedRound, RoundCheck, played_round
from ladder.pairing.output_format import engine_output, read_engine_output
from ladder.vocabulary.messages import msg
from ladder.vocabulary.tournament import Colour, Kind, Player, RoundResult, Tournament

R = RoundResult


def pairing(pairs: list[tuple[int, int]], pab: int | None = None) -> RoundPairing:
    return RoundPairing(2, tuple(Board(n, w, b) for n, (w, b) in enumerate(pairs, 1)), pab)


def test_engine_output_counts_the_pab_line_and_writes_it_last() -> None:
    text = engine_output(pairing([(3, 1), (2, 5)], pab=4))
    assert text == "3\n3 1\n2 5\n4 0\n"
    assert read_engine_output(text) == ([(3, 1), (2, 5)], 4)
    assert engine_output(pairing([(1, 2)])) == "1\n1 2\n"
    assert read_engine_output("0\n") == ([], None)


@pytest.mark.parametrize(("text", "problem"), [
    ("", "first line"), ("2\n1 2\n", "says 2 pairs but 1 follow"), ("1\n1 x\n", "line 2"),
    ("2\n1 0\n2 0\n", "second pairing-allocated bye"),
])
def test_engine_output_that_is_not_the_format_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        read_engine_output(text)


def event() -> Tournament:
    """Round 2: 1-2 played (1 White), 3-4 a forfeit written without colours, 5 the PAB,
    6 a half-point bye."""
    w, b = Colour.WHITE, Colour.BLACK
    rows = {1: R(2, Kind.WIN, 2, w), 2: R(2, Kind.LOSS, 1, b), 3: R(2, Kind.FORFEIT_WIN, 4),
            4: R(2, Kind.FORFEIT_LOSS, 3), 5: R(2, Kind.PAIRING_BYE), 6: R(2, Kind.HALF_BYE)}
    return Tournament("t", tuple(Player(n, f"P{n}", None, (R(1, Kind.ZERO_BYE), row))
                                 for n, row in rows.items()), 2)


def test_played_round_keys_coloured_games_and_uncoloured_forfeits() -> None:
    played = played_round(event(), 2)
    assert played == PlayedRound(2, frozenset({(1, 2), frozenset({3, 4})}), 5)
    assert played_round(event(), 1) == PlayedRound(1, frozenset(), None)


def test_same_pairing_does_not_differ_whatever_the_board_order_or_forfeit_colours() -> None:
    played = played_round(event(), 2)
    for engine in (pairing([(1, 2), (3, 4)], 5), pairing([(4, 3), (1, 2)], 5)):
        check = RoundCheck(played, engine)
        assert not check.differs and check.describe() == []


def test_a_colour_a_board_or_the_pab_differing_is_described() -> None:
    played = played_round(event(), 2)
    check = RoundCheck(played, pairing([(2, 1), (3, 4)], 5))
    assert check.differs
    assert [str(line) for line in check.describe()] == [
        "round 2: in the file, not from the engine: 1-2",
        "round 2: from the engine, not in the file: 2-1"]
    other = RoundCheck(played, pairing([(1, 3), (2, 4)], 6))
    assert [str(line) for line in other.describe()] == [
        "round 2: in the file, not from the engine: 1-2, 3/4",
        "round 2: from the engine, not in the file: 1-3, 2-4",
        "round 2: pairing-allocated bye in the file: 5; from the engine: 6"]
    refused = RoundCheck(played, Refusal(2, msg("no way")))
    assert refused.differs
    assert [str(line) for line in refused.describe()] == [
        "round 2: the engine finds no legal pairing: no way"]


def test_the_initial_colour_comes_from_the_top_player_paired_in_round_1() -> None:
    from ladder.pairing.check import initial_colour

    def player(no: int, kind: Kind, opponent: int | None, colour: Colour | None) -> Player:
        return Player(no, f"P{no}", None, (RoundResult(1, kind, opponent, colour),))

    # 1 asked for a bye (not paired); 2 had Black against 4: 2 ranks first among the paired.
    t = Tournament("t", (player(1, Kind.HALF_BYE, None, None),
                         player(2, Kind.WIN, 4, Colour.BLACK),
                         player(3, Kind.PAIRING_BYE, None, None),
                         player(4, Kind.LOSS, 2, Colour.WHITE)), 1)
    assert initial_colour(t, (1, 2, 3, 4)) is Colour.BLACK
    # 1's game was a forfeit written without colours: 2 is the second paired player (an even
    # pairing number gets the colour opposite to the initial one, C.04.3 E.5).
    t = Tournament("t", (player(1, Kind.FORFEIT_WIN, 3, None),
                         player(2, Kind.WIN, 4, Colour.BLACK),
                         player(3, Kind.FORFEIT_LOSS, 1, None),
                         player(4, Kind.LOSS, 2, Colour.WHITE)), 1)
    assert initial_colour(t, (1, 2, 3, 4)) is Colour.WHITE
    assert initial_colour(t, (3, 1)) is None
