"""The Keizer pairing search: the first complete pairing in ranking order, equal to plain
backtracking on random graphs; a 60-player season paired night after night; the reasons a board
carries."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.competition.keizer import compute, pair
from ladder.competition.keizer_pairing import first_complete_pairing
from tests.unit.competition import keizer_letter as letter
from tests.unit.competition.keizer_support import load_case, season_of


def _backtrack(players: list[int], adjacency: list[int]) -> list[tuple[int, int]] | None:
    """The plain reading: the highest meets the first he may meet after which the rest pair."""
    if not players:
        return []
    top, rest = players[0], players[1:]
    for partner in rest:
        if adjacency[top] >> partner & 1:
            tail = _backtrack([x for x in rest if x != partner], adjacency)
            if tail is not None:
                return [(top, partner), *tail]
    return None


@st.composite
def graphs(draw: st.DrawFn) -> list[int]:
    n = draw(st.integers(0, 6)) * 2
    density = draw(st.sampled_from((0.2, 0.4, 0.6, 0.85, 1.0)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    adjacency = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                adjacency[i] |= 1 << j
                adjacency[j] |= 1 << i
    return adjacency


@settings(max_examples=300, deadline=None)
@given(adjacency=graphs())
def test_the_search_finds_what_plain_backtracking_finds(adjacency: list[int]) -> None:
    assert first_complete_pairing(adjacency) == _backtrack(list(range(len(adjacency))),
                                                           adjacency)


def test_a_graph_with_no_perfect_matching_but_every_degree_positive() -> None:
    # two triangles joined by one edge: no perfect matching, though first-fit gets far
    edges = [(0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5), (2, 3), (6, 7), (1, 6)]
    n = 8
    adjacency = [0] * n
    for a, b in edges:
        adjacency[a] |= 1 << b
        adjacency[b] |= 1 << a
    assert first_complete_pairing(adjacency) == _backtrack(list(range(n)), adjacency)


def _big_season(players: int, nights: int, seed: int, params: dict[str, Any]) -> dict[str, Any]:
    rng = random.Random(seed)
    members: list[dict[str, Any]] = [{"id": f"M{i:02d}", "rating": rng.randint(1000, 2300),
                "entry_round": 1 if i < players - 4 else rng.randint(2, 4)}
               for i in range(players)]
    season: dict[str, Any] = {"members": members, "rounds": []}
    for number in range(1, nights + 1):
        attendance = {m["id"]: ("present" if rng.random() < 0.9 else
                                rng.choice(("excused", "absent", "club")))
                      for m in members if m["entry_round"] <= number}
        round_: dict[str, Any] = {"round": number, "attendance": attendance}
        season["rounds"].append(round_)
        pairing = pair(season, number, params)
        round_["bye"] = pairing.bye
        round_["games"] = [{"board": b.number, "white": b.white, "black": b.black,
                            "result": rng.choice(("1-0", "0-1", "1/2-1/2", "1-0", "+-"))}
                           for b in pairing.boards]
        present = [m for m, status in attendance.items() if status == "present"]
        seated = [x for b in pairing.boards for x in (b.white, b.black)]
        assert sorted(seated + ([pairing.bye] if pairing.bye else [])) == sorted(present)
    return season


def test_a_60_player_season_is_paired_night_after_night() -> None:
    # 60 members, most present every night, rematches barred for 6 rounds and at most once:
    # the search must stay polynomial (no timing asserted: it has to finish)
    params = {"rematch_gap": 6, "max_meetings": 1}
    season = _big_season(60, 10, seed=60, params=params)
    table = compute(season, params)
    assert len(table.rounds) == 10
    assert {s.member_id for s in table.rounds[-1].standings} == {
        m["id"] for m in season["members"]}


def test_a_60_player_field_where_the_bottom_has_all_met() -> None:
    # the lowest-rated eight have all played each other within the gap: the last boards can
    # only be completed by reaching up the ranking, which the search must find
    params = {"rematch_gap": 20, "value_mode": "fixed", "top_value": 100}
    members: list[dict[str, Any]] = [{"id": f"M{i:02d}", "rating": 2400 - 10 * i}
                                     for i in range(60)]
    bottom: list[str] = [m["id"] for m in members[-8:]]
    rounds: list[dict[str, Any]] = []
    schedule = [[(bottom[i], bottom[j]) for i, j in zip(order[::2], order[1::2], strict=True)]
                for order in ([0, 1, 2, 3, 4, 5, 6, 7], [0, 2, 1, 3, 4, 6, 5, 7],
                              [0, 3, 1, 2, 4, 7, 5, 6], [0, 4, 1, 5, 2, 6, 3, 7],
                              [0, 5, 1, 4, 2, 7, 3, 6], [0, 6, 1, 7, 2, 4, 3, 5],
                              [0, 7, 1, 6, 2, 5, 3, 4])]
    for number, games in enumerate(schedule, start=1):
        attendance = {m["id"]: "excused" for m in members}
        attendance.update({x: "present" for pair_ in games for x in pair_})
        rounds.append({"round": number, "attendance": attendance, "bye": None,
                       "games": [{"white": w, "black": b, "result": "1/2-1/2"}
                                 for w, b in games]})
    rounds.append({"round": len(rounds) + 1,
                   "attendance": {m["id"]: "present" for m in members}})
    season = {"members": members, "rounds": rounds}
    result = pair(season, len(rounds), params)
    assert result.gap_used == 20  # complete without relaxing
    partners = {b.white: b.black for b in result.boards} | {b.black: b.white
                                                            for b in result.boards}
    assert all(partners[x] not in bottom for x in bottom)
    p = letter.settings(params)
    for board in result.boards:
        assert letter.may_meet(season, len(rounds), board.white, board.black, 20, None, p)


def test_skipped_opponents_say_why() -> None:
    # hand-1, round 3: the top player could not take the next one (the round-1 pair below
    # would be left to meet again), the reasons name the skipped players
    case = load_case("hand-1.json")
    result = pair(season_of(case), 3, case["params"])
    ranking = list(result.ranking)
    present = [m for m in ranking if m != result.bye]
    first = result.boards[0]
    higher = min((first.white, first.black), key=ranking.index)
    lower = first.black if higher == first.white else first.white
    skipped = [m for m in present[present.index(higher) + 1:present.index(lower)]]
    assert skipped and [r.args["opponent"] for r in first.skipped] == skipped
    assert all(r.message_id == "keizer.pair.incomplete" for r in first.skipped)
    assert result.bye_reason is not None
    assert result.bye_reason.message_id == "keizer.bye.fewest_byes"
