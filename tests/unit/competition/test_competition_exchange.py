"""The exchange JSON: a hand case read and written back is the same document; a season in
progress; refusals; where a file's numbers differ from the engine's."""

from __future__ import annotations

import copy
import json

import pytest

from ladder.competition.errors import ParamError, SeasonError
from ladder.competition.exchange import (
    differences,
    dumps_case,
    read_case,
    season_as_case,
    write_case,
    write_read_case,
)
from ladder.competition.keizer import pair_round, standings
from tests.unit.competition.keizer_support import HAND_CASES, KEIZER_DATA, load_case, season_of


@pytest.mark.parametrize("name", HAND_CASES)
def test_a_hand_case_read_and_written_back_is_the_same_document(name: str) -> None:
    text = (KEIZER_DATA / name).read_text(encoding="utf-8")
    written = write_read_case(read_case(text))
    assert written == json.loads(text)
    # and the written text reads back to the same season and settings
    again = read_case(dumps_case(written))
    assert again == read_case(text)
    assert differences(text) == []


@pytest.mark.parametrize("name", HAND_CASES)
def test_the_season_read_scores_as_the_plain_season(name: str) -> None:
    case = load_case(name)
    read = read_case(case)
    assert standings(read.season, read.params) == standings(season_of(case), case["params"])
    plain = season_as_case(read.season)
    assert standings(plain, case["params"]) == standings(season_of(case), case["params"])


def test_bytes_and_labels() -> None:
    text = (KEIZER_DATA / "hand-3.json").read_bytes()
    case = read_case(text)
    raw = json.loads(text)
    assert (case.name, case.seed, case.variant, case.note) == (
        raw["case"], raw["seed"], raw["variant"], raw["note"])
    bare = write_case(case.season, case.params)
    assert not {"case", "seed", "variant", "note"} & set(bare)


def test_a_season_in_progress_is_written_with_the_next_round_paired_but_not_scored() -> None:
    case = load_case("hand-1.json")
    season = copy.deepcopy(season_of(case))
    last = season["rounds"][-1]
    for game in last["games"]:
        game["result"] = None
    written = write_case(season, case["params"])
    done, playing = written["rounds"][:-1], written["rounds"][-1]
    assert all("standings" in r for r in done)
    assert "standings" not in playing and "how" not in playing
    expected = pair_round(season, last["round"], case["params"])
    assert playing["pairing_ranking"] == expected["ranking"]
    assert [g["result"] for g in playing["games"]] == [None] * len(last["games"])
    assert written["final"] == write_case(
        dict(season, rounds=season["rounds"][:-1]), case["params"])["final"]
    assert read_case(dumps_case(written)).season.rounds[-1].games[0].result is None


def test_a_changed_number_is_found() -> None:
    case = load_case("hand-1.json")
    changed = copy.deepcopy(case)
    changed["rounds"][1]["standings"][0][1] = "22"
    changed["rounds"][0]["how"] = "cap"
    assert differences(changed) == ["rounds[0].how", "rounds[1].standings"]
    swapped = copy.deepcopy(case)
    game = swapped["rounds"][0]["games"][0]
    game["white"], game["black"] = game["black"], game["white"]
    game["result"] = "1-0"  # the same game, colours swapped: still A's win
    found = differences(swapped)
    assert "rounds[0].pairing" in found
    assert not any(key.endswith("standings") for key in found)
    final = copy.deepcopy(case)
    final["final"][0]["wins"] += 1
    assert differences(final) == ["final"]


@pytest.mark.parametrize(("text", "error", "message_id"), [
    ("{", SeasonError, "competition.case.json"),
    ("[1, 2]", SeasonError, "competition.case.object"),
    (b"\xff\xfe{", SeasonError, "competition.case.encoding"),
    ('{"params": {"top": 10}, "members": [{"id": "A"}]}', ParamError, "keizer.param.unknown"),
    ('{"params": {}, "members": []}', SeasonError, "competition.season.members"),
])
def test_a_bad_file_is_refused(text: str | bytes, error: type[Exception], message_id: str) -> None:
    with pytest.raises(error) as caught:
        read_case(text)
    assert getattr(caught.value, "message_id", None) == message_id


def test_a_file_without_settings_takes_the_defaults() -> None:
    case = read_case('{"members": [{"id": "A", "rating": 1500}, {"id": "B", "rating": 1400}],'
                     ' "rounds": [{"round": 1, "attendance": {"A": "present", "B": "present"}}]}')
    written = write_case(case.season, case.params)
    assert written["rounds"][0]["pairing_ranking"] == ["A", "B"]
    assert "standings" not in written["rounds"][0]  # the last round, not paired yet
    assert written["final"] == []
