"""The reasons the engine gives per board, on small hand-made tournaments (docs/pairing.md).

Each TRF here is invented; what is asserted follows from the rules (C.04.1, C.04.3), not
from the engine's output: who must meet whom, which colour rule decides, who gets the PAB.
"""

from __future__ import annotations

from pathlib import Path

from ladder.pairing import Refusal, RoundPairing, pair_trf, pair_trf_detailed
from ladder.vocabulary.messages import Message

DATA = Path(__file__).resolve().parents[2] / "data" / "pairings"


def _line(number: int, points: float, rounds: list[str]) -> str:
    head = f"001 {number:4d}      Player {number:<26}{2000 - number:4d}".ljust(80)
    return (head + f"{points:4.1f} {number:4d}  " + "  ".join(rounds)).rstrip()


def _trf(players: dict[int, tuple[float, list[str]]], *extra: str, rounds: int = 5) -> str:
    lines = ["012 Hand-made"]
    lines += [_line(n, pts, entries) for n, (pts, entries) in sorted(players.items())]
    lines += [f"XXR {rounds}", "XXC white1", *extra]
    return "\n".join(lines) + "\n"


def _paired(text: str) -> RoundPairing:
    answer = pair_trf_detailed(text)
    assert isinstance(answer, RoundPairing), answer
    return answer


def _ids(reasons: tuple[Message, ...]) -> list[str]:
    return [reason.id for reason in reasons]


def _mentions(reasons: tuple[Message, ...], fragment: str) -> list[Message]:
    return [reason for reason in reasons if fragment in reason.id]


def test_round_one_colours_come_from_the_initial_colour_and_the_pairing_numbers() -> None:
    # C.04.3 B.2/E.5: S1 = 1, 2 against S2 = 3, 4; 1 (odd number) gets the initial colour.
    answer = _paired(_trf({n: (0.0, []) for n in range(1, 5)}))
    assert answer.pairs() == [(1, 3), (4, 2)]
    assert answer.pab is None
    for board in answer.boards:
        assert _mentions(board.reasons, "Neither player has a colour preference")


def test_a_forbidden_pair_is_avoided_and_said() -> None:
    # XXP 1 3: the natural 1-3 may not be played; the exchange gives 1-4 and 2-3.
    answer = _paired(_trf({n: (0.0, []) for n in range(1, 5)}, "XXP 1 3"))
    assert sorted(answer.pairs()) == [(1, 4), (3, 2)]
    first = next(board for board in answer.boards if 1 in (board.white, board.black))
    avoided = _mentions(first.reasons, "may not be paired")
    assert [m.params for m in avoided] == [{"player": 1, "opponent": 3}]


def test_a_rematch_is_avoided_and_said() -> None:
    # Round 1: 1-3 and 4-2 drawn; everyone on ½. Natural 1-3 is a rematch; 1-2 and 3-4 meet
    # every colour preference (1 and 4 are due Black, 2 and 3 White).
    players = {1: (0.5, ["   3 w ="]), 2: (0.5, ["   4 b ="]),
               3: (0.5, ["   1 b ="]), 4: (0.5, ["   2 w ="])}
    answer = _paired(_trf(players))
    assert sorted(answer.pairs()) == [(2, 1), (3, 4)]
    board = next(b for b in answer.boards if b.black == 1)
    # Both natural boards (1-3 and 2-4) were rematches.
    assert [m.params for m in _mentions(board.reasons, "already played")] == [
        {"player": 2, "opponent": 4}, {"player": 1, "opponent": 3}]
    assert _mentions(board.reasons, "Both colour preferences are met")


def test_an_absolute_preference_decides_the_colour() -> None:
    # 1 had Black twice (absolute White), 2 is due White mildly: 1 gets White (E.2); 3 had
    # White twice (absolute Black) against 4 who is due Black mildly: 4 gets White.
    players = {1: (2.0, ["   3 b 1", "   4 b 1"]), 2: (2.0, ["   4 w 1", "   3 b 1"]),
               3: (0.0, ["   1 w 0", "   2 w 0"]), 4: (0.0, ["   2 b 0", "   1 w 0"])}
    answer = _paired(_trf(players))
    assert answer.pairs() == [(1, 2), (4, 3)]
    for board, player in zip(answer.boards, (1, 3), strict=True):
        absolute = _mentions(board.reasons, "absolute preference")
        assert [m.params["player"] for m in absolute] == [player]


def test_a_float_is_said_with_its_score_group() -> None:
    # Three players on 1 point (1, 2 and 5, who had the PAB) and two on 0: one of the top
    # group floats down, one 0-point player gets the PAB; exactly one board is a float.
    players = {1: (1.0, ["   3 w 1"]), 2: (1.0, ["   4 b 1"]), 3: (0.0, ["   1 b 0"]),
               4: (0.0, ["   2 w 0"]), 5: (1.0, ["0000 - U"])}
    answer = _paired(_trf(players))
    assert len(answer.boards) == 2
    assert answer.pab in (3, 4)
    floats = [m for board in answer.boards for m in _mentions(board.reasons, "floats down")]
    assert len(floats) == 1
    assert (floats[0].params["score"], floats[0].params["other"]) == ("1", "0")


def test_the_pab_reason_names_the_players_who_may_not_have_it() -> None:
    # After two rounds 4 and 5 have each had the PAB; of the 1-point players only 2 may.
    players = {1: (1.5, ["   2 w 1", "   3 b ="]), 2: (1.0, ["   1 b 0", "   5 b 1"]),
               3: (1.5, ["   4 w 1", "   1 w ="]), 4: (1.0, ["   3 b 0", "0000 - U"]),
               5: (1.0, ["0000 - U", "   2 w 0"])}
    answer = _paired(_trf(players))
    assert answer.pab == 2
    assert answer.pab_reason is not None
    assert answer.pab_reason.params["others"] == "4, 5"


def test_a_refusal_names_who_cannot_be_paired() -> None:
    # Only 1 and 2 are to be paired (3 and 4 requested byes) and they have met already.
    players = {1: (1.0, ["   2 w 1"]), 2: (0.0, ["   1 b 0"]), 3: (1.5, ["   4 w 1", "0000 - H"]),
               4: (0.0, ["   3 b 0", "0000 - Z"])}
    text = _trf(players)
    answer = pair_trf_detailed(text)
    assert isinstance(answer, Refusal)
    assert answer.reason.params["players"] == "1, 2"
    assert pair_trf(text) is None


def test_boards_are_ordered_by_the_higher_players_score_then_the_lower_then_rank() -> None:
    players = {1: (0.0, ["   2 w 0"]), 2: (1.0, ["   1 b 1"]),
               3: (0.0, ["   4 w 0"]), 4: (1.0, ["   3 b 1"]),
               5: (0.5, ["   6 w ="]), 6: (0.5, ["   5 b ="])}
    answer = _paired(_trf(players))
    numbers = [board.number for board in answer.boards]
    assert numbers == [1, 2, 3]
    first = answer.boards[0]
    assert {first.white, first.black} == {2, 4}


def test_a_240_line_keeps_a_player_out_of_the_round_like_a_bye_in_the_column() -> None:
    base = {n: (0.0, []) for n in range(1, 6)}
    by_line = _trf(base, "240 Z   1 0005")
    in_column = _trf({**base, 5: (0.0, ["0000 - Z"])})
    assert pair_trf(by_line) == pair_trf(in_column)
    answer = pair_trf(by_line)
    assert answer is not None
    assert all(5 not in board for board in answer[0]) and answer[1] is None


def test_a_260_line_forbids_a_pair_only_in_its_rounds() -> None:
    # Round 1 of four: 1-3 is the natural board; a 260 line for round 1 forbids it, one for
    # rounds 2-3 does not.
    base = {n: (0.0, []) for n in range(1, 5)}
    assert pair_trf(_trf(base)) == ([(1, 3), (4, 2)], None)
    forbidden_now = pair_trf(_trf(base, "260   1   1 0001 0003"))
    assert forbidden_now is not None and (1, 3) not in forbidden_now[0]
    assert pair_trf(_trf(base, "260   2   3 0001 0003")) == ([(1, 3), (4, 2)], None)


def _played_colours(text: str, start_no: int) -> list[str]:
    """The colours of the games ``start_no`` played, oldest first (byes, forfeits and
    absences left out, C.04.2 D.5), read from the TRF independently of the engine."""
    from ladder.pairing.so_far import tournament_so_far
    player = tournament_so_far(text).players[start_no - 1]
    return [m.colour for m in player.matches if m.played and m.colour is not None]


def _by_round(text: str, start_no: int) -> list[str | None]:
    from ladder.pairing.so_far import tournament_so_far
    player = tournament_so_far(text).players[start_no - 1]
    return [m.colour if m.played else None for m in player.matches]


def test_every_alternation_reason_is_true_of_the_games_played() -> None:
    """C.04.3 E.3 with C.04.2 D.5: the sentence says the colours swap from the most recent
    time one had White and the other Black, comparing the games each played from the latest
    back. Checked on every such board of the club-style reference rounds (byes, absences,
    late entrants): White had Black then. Some of those boards are ones where counting rounds
    (not games) would name another time — the old sentence was false there."""
    import json

    from ladder.formats.trf_cut import cut_to_round
    manifest = json.loads((Path(__file__).resolve().parents[2] / "data" / "pairings"
                           / "driven-manifest.json").read_text())
    checked = differs_by_round = 0
    for event in manifest["tournaments"][:25]:
        text = (DATA / event["file"]).read_text()
        for detail in event["rounds_detail"][1:]:
            posed = cut_to_round(text, detail["round"])
            answer = pair_trf_detailed(posed)
            assert isinstance(answer, RoundPairing)
            for board in answer.boards:
                if not _mentions(board.reasons, "the most recent time one had White"):
                    continue
                white = list(reversed(_played_colours(posed, board.white)))
                black = list(reversed(_played_colours(posed, board.black)))
                first = next(i for i, (a, b) in enumerate(zip(white, black, strict=False))
                             if a != b)
                assert (white[first], black[first]) == ("b", "w"), (event["file"], board)
                checked += 1
                rounds_w = _by_round(posed, board.white)
                rounds_b = _by_round(posed, board.black)
                last_round = next((r for r in reversed(range(min(len(rounds_w), len(rounds_b))))
                                   if None not in (rounds_w[r], rounds_b[r])
                                   and rounds_w[r] != rounds_b[r]), None)
                if last_round is None or rounds_w[last_round] != "b":
                    differs_by_round += 1
    assert checked >= 20  # 32 boards in the first 25 events, 6 of them told apart
    assert differs_by_round > 0
