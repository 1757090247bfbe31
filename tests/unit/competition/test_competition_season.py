"""Reading a season: what is accepted, and each refusal with its message id and the path of the
bad field (docs/competitions.md §4)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from ladder.competition.errors import SeasonError
from ladder.competition.keizer import compute, pair_round, standings
from ladder.competition.season import parse_season
from tests.unit.competition.keizer_support import load_case, season_of


def _hand(number: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    case = load_case(f"hand-{number}.json")
    return copy.deepcopy(season_of(case)), case["params"]


def test_result_aliases_read_as_their_plain_forms() -> None:
    season, params = _hand(1)
    aliased = copy.deepcopy(season)
    spelled = {"1/2-1/2": "½-½", "-+": "-/+", "+-": "+/-", "--": "-/-"}
    for round_ in aliased["rounds"]:
        for game in round_["games"]:
            game["result"] = spelled.get(game["result"], game["result"])
    assert standings(aliased, params) == standings(season, params)


def test_numeric_ids_are_read_as_strings() -> None:
    season, params = _hand(1)
    number = {m["id"]: i + 10 for i, m in enumerate(season["members"])}
    renamed = {
        "members": [dict(m, id=number[m["id"]]) for m in season["members"]],
        "rounds": [{"round": r["round"],
                    "attendance": {str(number[k]): v for k, v in r["attendance"].items()},
                    "bye": None if r["bye"] is None else number[r["bye"]],
                    "games": [dict(g, white=number[g["white"]], black=number[g["black"]])
                              for g in r["games"]]} for r in season["rounds"]]}
    expected = [[(str(number[i]), p, v) for i, p, v in table]
                for table in standings(season, params)]
    assert standings(renamed, params) == expected


def test_rounds_may_come_in_any_order_and_unlisted_members_are_absent() -> None:
    season, params = _hand(1)
    shuffled = dict(season, rounds=list(reversed(season["rounds"])))
    assert standings(shuffled, params) == standings(season, params)
    # round 2 of hand-1 lists C as excused; as "absent" or not listed at all it scores the same
    absent = copy.deepcopy(season)
    absent["rounds"][1]["attendance"]["C"] = "absent"
    unlisted = copy.deepcopy(season)
    del unlisted["rounds"][1]["attendance"]["C"]
    assert standings(absent, params) == standings(unlisted, params) != standings(season, params)


def test_a_member_not_entered_yet_may_be_listed_as_pre_or_absent() -> None:
    season, params = _hand(3)
    late = next(m["id"] for m in season["members"] if m["entry_round"] > 1)
    for status in ("pre", "absent"):
        marked = copy.deepcopy(season)
        marked["rounds"][0]["attendance"][late] = status
        assert standings(marked, params) == standings(season, params)


def test_missing_rating_and_entry_round_take_their_defaults() -> None:
    parsed = parse_season({"members": [{"id": "A"}, {"id": "B", "rating": None}],
                           "rounds": []})
    assert [(m.rating, m.entry_round) for m in parsed.members] == [(0, 1), (0, 1)]


def test_a_round_with_a_game_not_played_yet_can_be_paired_but_not_scored() -> None:
    season, params = _hand(1)
    pending = copy.deepcopy(season)
    pending["rounds"][2]["games"][0]["result"] = None
    with pytest.raises(SeasonError):
        standings(pending, params)
    assert compute(pending, params, rounds=2).rounds == compute(season, params, rounds=2).rounds
    assert pair_round(pending, 3, params) == pair_round(season, 3, params)


Edit = Callable[[dict[str, Any]], None]


def _set(path: list[Any], value: Any) -> Edit:
    def edit(season: dict[str, Any]) -> None:
        target: Any = season
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return edit


@pytest.mark.parametrize(("edit", "message_id", "key"), [
    (_set(["members"], []), "competition.season.members", "members"),
    (_set(["members", 1], "B"), "competition.season.member", "members[1]"),
    (_set(["members", 1, "id"], "A"), "competition.season.duplicate_member", "members[1].id"),
    (_set(["members", 1, "id"], ""), "competition.season.id", "members[1].id"),
    (_set(["members", 0, "rating"], "2000"), "competition.season.rating", "members[0].rating"),
    (_set(["members", 0, "entry_round"], 0), "competition.season.at_least",
     "members[0].entry_round"),
    (_set(["rounds"], {}), "competition.season.rounds", "rounds"),
    (_set(["rounds", 1, "round"], 3), "competition.season.round_numbers", "rounds"),
    (_set(["rounds", 0, "attendance", "Z"], "present"), "competition.season.unknown_member",
     "rounds[0].attendance.Z"),
    (_set(["rounds", 0, "attendance", "A"], "sick"), "competition.season.status",
     "rounds[0].attendance.A"),
    (_set(["rounds", 0, "attendance", "F"], "present"), "competition.season.not_entered",
     "rounds[0].attendance.F"),
    (_set(["rounds", 0, "games", 0, "result"], "2-0"), "competition.season.result",
     "rounds[0].games[0].result"),
    (_set(["rounds", 0, "games", 0, "white"], "Z"), "competition.season.unknown_member",
     "rounds[0].games[0].white"),
    (_set(["rounds", 0, "games", 0, "black"], "F"), "competition.season.not_entered",
     "rounds[0].games[0].black"),
    (_set(["rounds", 0, "games", 1, "white"], "A"), "competition.season.twice",
     "rounds[0].games[1].white"),
    (_set(["rounds", 1, "games", 0, "white"], "D"), "competition.season.twice",
     "rounds[1].games[0].white"),
    (_set(["rounds", 0, "games", 0, "board"], "1"), "competition.season.whole",
     "rounds[0].games[0].board"),
    (_set(["rounds", 0, "bye"], "Q"), "competition.season.unknown_member", "rounds[0].bye"),
])
def test_a_bad_season_is_refused_naming_the_field(edit: Edit, message_id: str, key: str) -> None:
    season, params = _hand(3)  # hand-3: A B C D from round 1, F from round 2; round 2's bye D
    edit(season)
    with pytest.raises(SeasonError) as caught:
        standings(season, params)
    assert isinstance(caught.value, ValueError)
    assert (caught.value.message_id, caught.value.key) == (message_id, key)
    assert key in str(caught.value)


def test_a_season_must_be_a_mapping() -> None:
    with pytest.raises(SeasonError) as caught:
        standings([1, 2], {})  # type: ignore[arg-type]
    assert caught.value.message_id == "competition.season.not_a_mapping"


def test_scoring_a_round_without_its_results_is_refused() -> None:
    season, params = _hand(1)
    season["rounds"][1]["games"][1]["result"] = None
    with pytest.raises(SeasonError) as caught:
        standings(season, params)
    assert (caught.value.message_id, caught.value.key) == (
        "competition.season.result_missing", "rounds[1].games")
    with pytest.raises(SeasonError):  # round 3 is paired from round 2's results
        pair_round(season, 3, params)


@pytest.mark.parametrize("round_no", [0, 4, "1", True])
def test_pairing_a_round_the_season_has_no_attendance_for_is_refused(round_no: Any) -> None:
    season, params = _hand(1)
    with pytest.raises(SeasonError) as caught:
        pair_round(season, round_no, params)
    assert caught.value.message_id == "competition.season.no_round"


def test_players_present_without_a_game_score_as_present_but_not_paired() -> None:
    season, params = _hand(1)
    season["rounds"][2]["games"] = []
    season["rounds"][2]["bye"] = None
    table = compute(season, params)
    for standing in table.rounds[2].standings:
        assert standing.lines[-1].kind == "unpaired"
        assert standing.lines[-1].reason.args["fraction"] == params["unexcused_fraction"]
