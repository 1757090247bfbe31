"""The Berger tables (C.05 Annex 1) against the shared reference data and the published tables,
and the withdrawal reading (games not played are not results)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from ladder.pairing import berger_rounds
from ladder.pairing.berger import bye_of_round, withdraw
from tests.factories import TESTDATA

REFERENCE = json.loads((TESTDATA / "pairings" / "berger.json").read_text(encoding="utf-8"))
PUBLISHED = json.loads((TESTDATA / "pairings" / "berger-published.json").read_text(
    encoding="utf-8"))
VARIANTS = {"single": (1, False), "double": (2, False), "double_fide_recommended": (2, True)}


def _expected(n: int, variant: str) -> list[list[tuple[int, int]]]:
    return [[(white, black) for white, black in entry["pairs"]]
            for entry in REFERENCE["tables"][str(n)][variant]]


def test_reference_covers_three_to_twenty() -> None:
    assert sorted(int(n) for n in REFERENCE["tables"]) == list(range(3, 21))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("n", range(3, 21))
def test_berger_equals_reference(n: int, variant: str) -> None:
    cycles, swap = VARIANTS[variant]
    assert berger_rounds(n, cycles=cycles, swap_last_two=swap) == _expected(n, variant)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("n", range(3, 21, 2))
def test_odd_byes_equal_reference(n: int, variant: str) -> None:
    cycles, swap = VARIANTS[variant]
    got = [bye_of_round(n, boards) for boards in berger_rounds(n, cycles, swap)]
    assert got == [entry["bye"] for entry in REFERENCE["tables"][str(n)][variant]]


@pytest.mark.parametrize("source", ["crenshaw", "fide_via_mormubis"])
def test_berger_equals_published(source: str) -> None:
    assert PUBLISHED[source], source
    for n, table in PUBLISHED[source].items():
        expected = [[tuple(pair) for pair in boards] for boards in table]
        assert berger_rounds(int(n)) == expected, (source, n)


@pytest.mark.parametrize("n", range(3, 21))
def test_each_pair_meets_once_per_cycle_with_reversed_colours(n: int) -> None:
    rounds = berger_rounds(n, cycles=2)
    half = len(rounds) // 2
    first = [pair for boards in rounds[:half] for pair in boards]
    second = [pair for boards in rounds[half:] for pair in boards]
    assert sorted(tuple(sorted(p)) for p in first) == list(combinations(range(1, n + 1), 2))
    assert sorted(first) == sorted((b, w) for w, b in second)
    for boards in rounds:
        players = [player for board in boards for player in board]
        assert len(players) == len(set(players)) == n - n % 2


def test_too_few_players_or_cycles_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        berger_rounds(2)
    with pytest.raises(ValueError, match="cycles"):
        berger_rounds(4, cycles=0)


def test_withdrawal_leaves_remaining_games_unplayed() -> None:
    rounds = berger_rounds(6)
    outcome = withdraw(rounds, 3, first_absent_round=3)
    # Player 3 has a game in every round; rounds 3..5 lose exactly that board.
    assert [len(boards) for boards in outcome.rounds] == [3, 3, 2, 2, 2]
    assert all(3 not in board for boards in outcome.rounds[2:] for board in boards)
    assert outcome.rounds[:2] == rounds[:2]
    assert [number for number, _ in outcome.not_played] == [3, 4, 5]
    assert all(3 in board for _, board in outcome.not_played)
    # The other boards stay exactly as the table has them.
    for kept, original in zip(outcome.rounds, rounds, strict=True):
        assert kept == [board for board in original if board in kept]
    # 2 of 5 completed: fewer than half, so their games leave the standings.
    assert (outcome.games_completed, outcome.games_scheduled) == (2, 5)
    assert outcome.counts_in_standings is False


def test_withdrawal_after_half_the_games_counts() -> None:
    outcome = withdraw(berger_rounds(5), 1, first_absent_round=4)
    # n = 5: player 1 has the bye in round 1, so 2 games of 4 before round 4: half counts.
    assert (outcome.games_completed, outcome.games_scheduled) == (2, 4)
    assert outcome.counts_in_standings is True
    assert withdraw(berger_rounds(5), 1, 4, games_completed=1).counts_in_standings is False


def test_withdrawal_of_unknown_player_or_round_is_refused() -> None:
    with pytest.raises(ValueError, match="no game"):
        withdraw(berger_rounds(4), 9, 2)
    with pytest.raises(ValueError, match="not in a schedule"):
        withdraw(berger_rounds(4), 1, 9)
