"""Every shared reference case paired exactly as bbpPairings v6.0.0 pairs it (docs/pairing.md).

The cases are the rounds of ``tests/data/pairings`` (README.md there): each round of each
finished tournament is posed with :func:`ladder.formats.trf_cut.cut_to_round` and paired;
the boards (White, Black), the pairing-allocated bye and the refusals must equal the manifests.
The manifests list the boards sorted by White's start number, so the board order is checked
separately: by the order rule of the engine (the higher player's score, then the lower
player's, then the higher player's rank), which the reasons and the pairing sheet rely on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ladder.formats.trf_cut import cut_to_round
from ladder.pairing import Refusal, pair_trf, pair_trf_detailed
from ladder.pairing.so_far import tournament_so_far

DATA = Path(__file__).resolve().parents[2] / "data" / "pairings"


def _cases() -> list[Any]:
    cases = []
    for manifest in ("rtg-manifest.json", "driven-manifest.json"):
        for event in json.loads((DATA / manifest).read_text())["tournaments"]:
            for detail in event["rounds_detail"]:
                cases.append(pytest.param(event["file"], detail["round"], detail["pairs"],
                                          detail["pab"],
                                          id=f"{event['file']}-r{detail['round']}"))
            for refused in event.get("no_valid_pairing", []):
                cases.append(pytest.param(refused["file"], refused["round"], None, None,
                                          id=f"{refused['file']}-refused"))
    return cases


CASES = _cases()


def test_the_shared_data_is_all_there() -> None:
    paired = [case for case in CASES if case.values[2] is not None]
    refused = [case for case in CASES if case.values[2] is None]
    assert (len(paired), len(refused)) == (2201, 5)


@pytest.mark.parametrize(("file", "round_number", "pairs", "pab"), CASES)
def test_round_is_paired_as_the_reference_engine_pairs_it(
        file: str, round_number: int, pairs: list[list[int]] | None, pab: int | None) -> None:
    text = (DATA / file).read_text()
    if pairs is None:
        assert pair_trf(text) is None
        assert isinstance(pair_trf_detailed(text), Refusal)
        return
    answer = pair_trf(cut_to_round(text, round_number))
    assert answer is not None
    boards, bye = answer
    assert sorted(boards) == sorted((white, black) for white, black in pairs)
    assert bye == pab


@pytest.mark.parametrize("manifest", ["rtg-manifest.json", "driven-manifest.json"])
def test_posing_a_round_leaves_exactly_the_requested_byes_unpaired(manifest: str) -> None:
    # README: round r's column keeps only 0000 - H/Z/F; the points include those byes.
    for event in json.loads((DATA / manifest).read_text())["tournaments"]:
        text = (DATA / event["file"]).read_text()
        for detail in event["rounds_detail"]:
            tournament = tournament_so_far(cut_to_round(text, detail["round"]))
            assert tournament.played_rounds == detail["round"] - 1
            unpaired = {pid + 1 for pid, player in tournament.players.items()
                        if len(player.matches) > tournament.played_rounds}
            expected = set(detail["half_point_byes"]) | set(detail["zero_point_byes"]) | set(
                detail["full_point_byes"])
            assert unpaired == expected, (event["file"], detail["round"])
            for player in tournament.players.values():
                total = sum(tournament.points_of(player, m) for m in player.matches)
                assert player.points == total, (event["file"], detail["round"], player.id + 1)
