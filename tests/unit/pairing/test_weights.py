"""The weight table (ladder.pairing.weights.WeightTable) gives edge_weight's integers.

``edge_weight`` is the readable statement of the Dutch weights (field by field, C.04.3 C);
the engine computes them from per-player parts. Both are compared on every pair of players
of reference rounds (every round of a sample of the shared tournaments), for each kind of
board (in the current bracket, in the next score group, neither) and for PAB data that
switch C.04.3 C.9 on and off; likewise the table's compatibility (C.04.3 C.1, C.3) against
``compatible`` and its rows of boards outside the brackets against ``edge_weight``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ladder.formats.trf_cut import cut_to_round
from ladder.pairing.dutch import _layout
from ladder.pairing.round_state import RoundPlayer, RoundState, build_round
from ladder.pairing.so_far import tournament_so_far
from ladder.pairing.weights import WeightTable, compatible, edge_weight

DATA = Path(__file__).resolve().parents[2] / "data" / "pairings"


def _sample() -> list[tuple[str, int]]:
    cases = []
    for manifest in ("rtg-manifest.json", "driven-manifest.json"):
        events = json.loads((DATA / manifest).read_text())["tournaments"]
        for event in events[::12]:
            for detail in event["rounds_detail"]:
                cases.append((event["file"], detail["round"]))
    return cases


def _sampled_round(file: str, round_number: int) -> tuple[RoundState, list[RoundPlayer]]:
    """The round as the engine builds it, and its players to pair in score, then rank order."""
    round_ = build_round(tournament_so_far(cut_to_round((DATA / file).read_text(),
                                                        round_number)))
    return round_, sorted((round_.players[pid] for pid in round_.to_pair),
                          key=lambda p: (-p.score, p.rank))


@pytest.mark.parametrize(("file", "round_number"), _sample(),
                         ids=lambda value: str(value))
def test_the_table_gives_edge_weights_integers(file: str, round_number: int) -> None:
    round_, players = _sampled_round(file, round_number)
    if len(players) < 2:
        return
    rng = random.Random(f"{file}-{round_number}")
    layout = _layout(round_, players)
    table = WeightTable(layout, players)
    for bye in (False, True):
        if bye:  # the PAB data change (as the engine sets them), the table follows
            layout.bye_score = rng.choice(players).score
            layout.single_downfloater_is_bye = rng.random() < 0.5
            counts = sorted((p.played_games for p in players if p.score == layout.bye_score),
                            reverse=True)
            layout.unplayed_ranks = {played: rank for rank, played in enumerate(counts)}
            table.refresh_pab()
        compared = 0
        for lower in range(len(players)):
            for higher in range(lower):
                for flags in ((False, False), (True, False), (False, True)):
                    expected = edge_weight(layout, players[higher], players[lower], *flags)
                    assert table.weight(higher, lower, *flags) == expected, (
                        players[higher].id, players[lower].id, flags)
                    compared += expected > 0
        assert compared  # some boards are possible in every sampled round


@pytest.mark.parametrize(("file", "round_number"), _sample(),
                         ids=lambda value: str(value))
def test_the_table_tells_compatibility_as_compatible_does(file: str, round_number: int) -> None:
    round_, players = _sampled_round(file, round_number)
    if len(players) < 2:
        return
    table = WeightTable(_layout(round_, players), players)
    compared = 0
    for lower in range(len(players)):
        expected = [compatible(round_, players[higher], players[lower])
                    for higher in range(lower)]
        assert table.compatibles(lower) == expected, players[lower].id
        assert table.outside_row(lower) == [
            edge_weight(table.layout, players[higher], players[lower], False, False)
            for higher in range(lower)], players[lower].id
        compared += len(expected)
    assert compared == len(players) * (len(players) - 1) // 2
