"""The three Keizer seasons worked by hand (tests/data/keizer): every documented number of every
round, through the two public calls and the richer ones, compared with the files' values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ladder.competition.keizer import compute, pair, pair_round, standings
from tests.unit.competition.keizer_support import HAND_CASES, load_case, season_of


def test_the_three_hand_cases_are_there() -> None:
    assert HAND_CASES == ["hand-1.json", "hand-2.json", "hand-3.json"]


@pytest.mark.parametrize("name", HAND_CASES)
def test_standings_give_every_round_of_the_hand_case(name: str) -> None:
    case = load_case(name)
    got = standings(season_of(case), case["params"])
    expected = [[(member_id, Fraction(points), value)
                 for member_id, points, value in round_["standings"]]
                for round_ in case["rounds"]]
    assert got == expected
    assert all(isinstance(points, Fraction) and isinstance(value, int)
               for table in got for _, points, value in table)


@pytest.mark.parametrize("name", HAND_CASES)
def test_pair_round_gives_every_round_of_the_hand_case(name: str) -> None:
    case = load_case(name)
    for round_ in case["rounds"]:
        got = pair_round(season_of(case), round_["round"], case["params"])
        assert got == {"ranking": round_["pairing_ranking"], "bye": round_["bye"],
                       "boards": [(g["white"], g["black"]) for g in round_["games"]]}


@pytest.mark.parametrize("name", HAND_CASES)
def test_pair_round_reads_only_the_rounds_before_and_the_attendance(name: str) -> None:
    case = load_case(name)
    for round_ in case["rounds"]:
        number = round_["round"]
        # the season as the night before the round: no games, no bye, no later rounds
        cut = {"members": case["members"],
               "rounds": case["rounds"][:number - 1] + [{"round": number,
                                                         "attendance": round_["attendance"]}]}
        assert pair_round(cut, number, case["params"]) == pair_round(season_of(case), number,
                                                                    case["params"])


@pytest.mark.parametrize("name", HAND_CASES)
def test_passes_and_how_and_restriction_level_of_the_hand_case(name: str) -> None:
    case = load_case(name)
    table = compute(season_of(case), case["params"])
    for round_, done in zip(case["rounds"], table.rounds, strict=True):
        assert (done.iterations, done.how) == (round_["iterations"], round_["how"])
        assert list(done.pairing_ranking) == round_["pairing_ranking"]
        pairing = pair(season_of(case), round_["round"], case["params"])
        assert (pairing.gap_used, pairing.max_meetings_used) == (round_["gap_used"],
                                                                 round_["max_meetings_used"])


@pytest.mark.parametrize("name", HAND_CASES)
def test_final_records_of_the_hand_case(name: str) -> None:
    case = load_case(name)
    final = compute(season_of(case), case["params"]).final
    assert final is not None
    for row, standing in zip(case["final"], final.standings, strict=True):
        record = standing.record
        assert (standing.place, standing.member_id, standing.points, standing.value) == (
            row["rank"], row["id"], Fraction(row["points_exact"]), row["value"])
        assert (record.played, record.wins, record.draws, record.losses, record.forfeit_wins,
                record.forfeit_losses, record.byes, record.excused, record.club,
                record.absent + record.unpaired, record.pre_entry) == (
            row["played"], row["wins"], row["draws"], row["losses"], row["forfeit_wins"],
            row["forfeit_losses"], row["byes"], row["excused"], row["club"], row["absent"],
            row["pre_entry"])


@pytest.mark.parametrize("name", HAND_CASES)
def test_each_line_of_points_adds_up_and_says_why(name: str) -> None:
    case = load_case(name)
    for done in compute(season_of(case), case["params"]).rounds:
        for standing in done.standings:
            assert sum(line.points for line in standing.lines) == standing.points
            for line in standing.lines:
                assert line.reason.message_id == f"keizer.{line.kind}"
                assert line.reason.args["points"] == line.points
                share = Fraction(line.reason.args["fraction"])
                assert share * line.reason.args["value"] == line.points


def test_hand_2_under_the_average_cycle_rule_averages_the_cycle() -> None:
    # The README's aside on hand-2: with cycle_rule "average" C and D share the mean of the
    # passes in the cycle and rating orders them. Checked against the passes the engine made.
    case = load_case("hand-2.json")
    params = dict(case["params"], cycle_rule="average")
    first = compute(season_of(case), params).rounds[0]
    assert first.how == "cycle" and first.averaged
    cycle = [p for p in first.passes if p.number in first.cycle]
    assert len(cycle) == 2
    for standing in first.standings:
        mean = sum(p.points[standing.member_id] for p in cycle) / len(cycle)
        assert standing.points == mean
    last_rule = compute(season_of(case), case["params"]).rounds[0]
    assert [s.points for s in first.standings] != [s.points for s in last_rule.standings]
    # equal averages: the higher rated first (tie_break rating)
    tied = [s for s in first.standings if s.points == first.standings[1].points]
    assert len(tied) == 2
    ratings = {m["id"]: m["rating"] for m in case["members"]}
    assert ratings[tied[0].member_id] > ratings[tied[1].member_id]


def test_hand_3_reasons_name_the_forfeit_the_entry_and_the_absences() -> None:
    case = load_case("hand-3.json")
    done = compute(season_of(case), case["params"]).rounds[1]
    kinds = {s.member_id: [line.kind for line in s.lines] for s in done.standings}
    games = {g["white"]: g for r in case["rounds"] for g in r["games"]}
    attendance = case["rounds"][1]["attendance"]
    # each round's kind follows from the file: the forfeit of round 1, round 2's attendance
    for member_id, lines in kinds.items():
        assert lines[0] == "start"
        entry = next(m["entry_round"] for m in case["members"] if m["id"] == member_id)
        if entry == 2:
            assert lines[1] == "pre_entry"
        status = attendance[member_id]
        if status in ("club", "excused"):
            assert lines[2] == status
    forfeit_white = next(w for w, g in games.items() if g["result"] == "-+")
    assert kinds[forfeit_white][1] == "forfeit_loss"
    assert kinds[games[forfeit_white]["black"]][1] == "forfeit_win"
    excused = next(s for s in done.standings if attendance.get(s.member_id) == "excused")
    reason = excused.lines[2].reason
    cap = case["params"]["excused_cap"]
    assert (reason.args["number"], reason.args["left"]) == (1, cap - 1)
    assert excused.record.excused_left == cap - 1
