"""Keizer on random seasons under random settings (every setting varied):

* the engine agrees with the slow by-the-letter reading (tests/unit/competition/keizer_letter.py)
  on every round's table and every round's pairing;
* the invariants the rules promise: a converged table's points are its own values' points, a
  frozen table never rescores, the excused cap holds, every present player is paired or the
  bye exactly once, no board breaks the restriction level reported as used and no stricter
  level had a complete pairing, no third colour in a row where the balance rule forbids it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.competition.keizer import (
    compute,
    pair,
    pair_round,
    parse_params,
    standings,
    value_numbers,
)
from tests.unit.competition import keizer_letter as letter
from tests.unit.competition.keizer_strategies import keizer_params, seasons


@st.composite
def played(draw: st.DrawFn, engine: bool | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    params = draw(keizer_params())
    return draw(seasons(params, engine=engine)), params


@st.composite
def cycling(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Settings where passes cycle often (no start value: a drawn pair swaps places)."""
    params = dict(draw(keizer_params()), count_start_value=False, recalc="fixpoint",
                  max_iterations=50, cycle_rule=draw(st.sampled_from(("last", "average"))))
    return draw(seasons(params)), params


@st.composite
def crowded(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Few players, many rounds: rematches, relaxed levels, colour histories, repeated byes."""
    params = dict(draw(keizer_params()), rematch_gap=draw(st.integers(0, 4)),
                  max_meetings=draw(st.none() | st.integers(1, 3)))
    return draw(seasons(params, max_members=5, max_rounds=9)), params


@settings(max_examples=150, deadline=None)
@given(case=played())
def test_standings_agree_with_the_letter(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    season, params = case
    assert standings(season, params) == letter.standings(season, params)


@settings(max_examples=120, deadline=None)
@given(case=played())
def test_every_pairing_agrees_with_the_letter(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    season, params = case
    for number in range(1, len(season["rounds"]) + 1):
        mine = pair(season, number, params)
        theirs = letter.pair_round(season, number, params)
        assert mine.as_dict() == {key: theirs[key] for key in ("ranking", "bye", "boards")}
        assert (mine.gap_used, mine.max_meetings_used) == (theirs["gap_used"],
                                                           theirs["max_meetings_used"])


def _args(line: Any) -> Any:
    """The values of a line's reason (of its first pass when averaged over a cycle)."""
    if line.reason.message_id == "keizer.averaged":
        return line.reason.args["reasons"][0].args
    return line.reason.args


@settings(max_examples=60, deadline=None)
@given(case=cycling())
def test_cycling_standings_agree_with_the_letter(
        case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    season, params = case
    assert standings(season, params) == letter.standings(season, params)
    _check_table(season, params)


@settings(max_examples=60, deadline=None)
@given(case=crowded())
def test_crowded_seasons_agree_with_the_letter(
        case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    season, params = case
    assert standings(season, params) == letter.standings(season, params)
    for number in range(1, len(season["rounds"]) + 1):
        theirs = letter.pair_round(season, number, params)
        mine = pair(season, number, params)
        assert mine.as_dict() == {key: theirs[key] for key in ("ranking", "bye", "boards")}
        assert (mine.gap_used, mine.max_meetings_used) == (theirs["gap_used"],
                                                           theirs["max_meetings_used"])
        _check_pairing(season, number, params)


def _check_table(season: dict[str, Any], params: dict[str, Any]) -> None:
    table = compute(season, params)
    p = parse_params(params)
    quick = compute(season, params, explain=False)  # the pairing's: no lines, same numbers
    assert [[(s.member_id, s.points, s.value) for s in done.standings] for done in quick.rounds] \
        == [[(s.member_id, s.points, s.value) for s in done.standings] for done in table.rounds]
    letter_params = letter.settings(params)
    previous_lines: dict[str, tuple[Any, ...]] = {}
    for done in table.rounds:
        number = done.round_no
        field = letter.field(season, number)
        assert sorted(done.ranking) == sorted(field) == sorted(done.pairing_ranking)
        values = value_numbers(len(field), p)
        assert [s.value for s in done.standings] == list(values)
        assert [s.place for s in done.standings] == list(range(1, len(field) + 1))
        points = [s.points for s in done.standings]
        assert points == sorted(points, reverse=True)
        assert 1 <= done.iterations <= p.max_iterations or done.how == "frozen"
        own_values = {s.member_id: s.value for s in done.standings}
        if done.how == "converged":
            # a fixed point: the points are those the table's own values give
            for s in done.standings:
                assert s.points == letter.total(season, number, s.member_id, own_values,
                                                letter_params)
            assert done.passes[-1].ranking == done.passes[-1].result == done.ranking
        if done.how == "cap":
            assert done.iterations == p.max_iterations
        if done.averaged:
            cycle = [x for x in done.passes if x.number in done.cycle]
            for s in done.standings:
                assert s.points == sum(x.points[s.member_id] for x in cycle) / len(cycle)
        for s in done.standings:
            assert sum(line.points for line in s.lines) == s.points
            excused = [line for line in s.lines if line.kind == "excused"]
            over = [line for line in s.lines if line.kind == "excused_over_cap"]
            if p.excused_cap is not None:
                assert len(excused) <= p.excused_cap
                assert s.record.excused_scored <= p.excused_cap
            else:
                assert not over
            assert all(line.points == 0 for line in over)
            assert [_args(line)["number"] for line in excused + over] == list(
                range(1, len(excused) + len(over) + 1))
            assert s.record.excused == len(excused) + len(over)
            if p.recalc == "frozen":
                # never rescored: what was credited before stays, the new round is added
                before = previous_lines.get(s.member_id)
                if before is not None:
                    assert s.lines[:len(before)] == before
                    assert len(s.lines) == len(before) + 1
            previous_lines[s.member_id] = s.lines


@settings(max_examples=150, deadline=None)
@given(case=played())
def test_the_table_keeps_its_promises(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    _check_table(*case)


def _colours_before(season: dict[str, Any], number: int, member_id: str) -> list[str]:
    return letter.colours(season, number, member_id)


def _check_pairing(season: dict[str, Any], number: int, params: dict[str, Any]) -> None:
    p = letter.settings(params)
    result = pair(season, number, params)
    attendance = season["rounds"][number - 1]["attendance"]
    present = [m for m in result.ranking if attendance.get(m) == "present"]
    assert list(result.present) == present
    seated = [x for board in result.boards for x in (board.white, board.black)]
    if result.bye is not None:
        seated.append(result.bye)
    assert sorted(seated) == sorted(present)  # everyone present exactly once
    assert (result.bye is not None) == (len(present) % 2 == 1)
    if result.bye is not None:
        byes = {m: sum(1 for r in season["rounds"][:number - 1] if r.get("bye") == m)
                for m in present}
        if p["bye_rule"] == "lowest":
            assert result.bye == present[-1]
        else:
            fewest = min(byes.values())
            assert byes[result.bye] == fewest
            assert all(byes[m] > fewest for m in present[present.index(result.bye) + 1:])
    place = {m: i for i, m in enumerate(result.ranking)}
    highers = [min(place[b.white], place[b.black]) for b in result.boards]
    assert highers == sorted(highers)  # boards in ranking order of the higher player
    for board in result.boards:
        assert letter.may_meet(season, number, board.white, board.black, result.gap_used,
                               result.max_meetings_used, p)
        higher = min((board.white, board.black), key=place.__getitem__)
        for why in board.skipped:  # each nearer player passed over, and the true reason
            other = why.args["opponent"]
            assert place[higher] < place[other] < max(place[board.white], place[board.black])
            met = letter.meetings(season, number, higher, other, p)
            if why.message_id == "keizer.pair.rematch_gap":
                assert number - max(met) <= result.gap_used == why.args["gap"]
            elif why.message_id == "keizer.pair.max_meetings":
                assert result.max_meetings_used is not None
                assert len(met) >= result.max_meetings_used == why.args["max_meetings"]
            else:
                assert why.message_id == "keizer.pair.incomplete"
                assert letter.may_meet(season, number, higher, other, result.gap_used,
                                       result.max_meetings_used, p)
    levels: list[tuple[int, int | None]] = []
    if p["max_meetings"] is not None:
        levels.append((p["rematch_gap"], p["max_meetings"]))
    levels.extend((gap, None) for gap in range(p["rematch_gap"], -1, -1))
    players = [m for m in present if m != result.bye]
    for level in levels[:levels.index((result.gap_used, result.max_meetings_used))]:
        assert letter.search(season, number, players, *level, p) is None  # stricter: none
    if p["colour_rule"] == "balance" and p["avoid_three"]:
        for board in result.boards:
            for player, colour, partner in ((board.white, "W", board.black),
                                            (board.black, "B", board.white)):
                mine = _colours_before(season, number, player)
                if mine[-2:] == [colour, colour]:
                    # a third in a row only when both needed the other colour (both had
                    # this one twice)
                    assert _colours_before(season, number, partner)[-2:] == [colour, colour]


@settings(max_examples=120, deadline=None)
@given(case=played())
def test_every_pairing_keeps_its_promises(case: tuple[dict[str, Any], dict[str, Any]]) -> None:
    season, params = case
    for number in range(1, len(season["rounds"]) + 1):
        _check_pairing(season, number, params)


@settings(max_examples=60, deadline=None)
@given(params=keizer_params(partial=False), data=st.data())
def test_pairing_with_the_defaults_agrees_too(params: dict[str, Any], data: st.DataObject) -> None:
    # the defaults (no settings given at all) on seasons the engine paired
    season = data.draw(seasons({}, engine=True))
    assert standings(season, {}) == letter.standings(season, {})
    last = len(season["rounds"])
    assert pair_round(season, last, {}) == {
        key: value for key, value in letter.pair_round(season, last, {}).items()
        if key in ("ranking", "bye", "boards")}
    # and the settings given in full, written as numbers rather than strings
    numeric = {key: (Fraction(value) if isinstance(value, str) and key != "forfeit_win"
                     and "/" in value else value) for key, value in params.items()}
    assert standings(season, numeric) == standings(season, params)
