"""The pure slow Swiss and slow round-robin (docs/competitions.md §8, §9), the season as played
(``record``) and the words (§10): settings read and refused, the TRF a round is posed with, the
export's byes, the Berger schedule's postponed games and rounds of catch-up, points written as a
person writes them, and a sentence for every reason the Keizer core gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ladder.competition import keizer
from ladder.competition.errors import ParamError
from ladder.competition.keizer_score import Line, Reason
from ladder.competition.record import (
    CompetitionEntrant,
    Played,
    RecordedGame,
    RecordedRound,
    keizer_season,
)
from ladder.competition.roundrobin import (
    ROUND_ROBIN_DEFAULTS,
    RoundRobinRules,
    catch_up,
    parse_round_robin_rules,
    pending,
    round_count,
    round_pairs,
    schedule,
    scheduled_round,
)
from ladder.competition.roundrobin import points as round_robin_points
from ladder.competition.rules_words import keizer_rules, round_robin_rules, swiss_rules
from ladder.competition.swiss import (
    SwissRules,
    absence_kind,
    export,
    parse_swiss_rules,
    pose,
    result_of,
)
from ladder.competition.swiss import pair as swiss_pair
from ladder.competition.words import (
    COLOUR_CODES,
    LINE_CODES,
    SKIP_CODES,
    board_messages,
    exact_text,
    reason_message,
)
from ladder.formats import read_exchange, read_trf
from ladder.pairing import Refusal, pair_trf_detailed
from ladder.pairing.check import check_rounds
from ladder.vocabulary.tournament import Kind
from tests.unit.competition.keizer_support import load_case, season_of

ENTRANTS = tuple(CompetitionEntrant(n, 2000 - 40 * n, 1, f"P{n}") for n in range(1, 9))


def test_swiss_settings_are_read_with_defaults_and_refused_by_name() -> None:
    rules = parse_swiss_rules({"rounds": 5, "excused_bye": "Z", "pab_half": True})
    assert (rules.rounds, rules.excused_bye, rules.club_bye, rules.pab_half) == (5, "Z", "H", True)
    for bad, key in (({"rounds": 0}, "rounds"), ({"rounds": "7"}, "rounds"),
                     ({"excused_bye": "F"}, "excused_bye"), ({"pab_half": "yes"}, "pab_half"),
                     ({"colour": "white1"}, "colour")):
        with pytest.raises(ParamError) as refused:
            parse_swiss_rules(bad)
        assert refused.value.key == key


def test_absences_give_the_byes_the_club_chose() -> None:
    rules = SwissRules(excused_bye="Z", club_bye="F", late_bye="H")
    assert absence_kind("excused", rules) is Kind.ZERO_BYE
    assert absence_kind("club", rules) is Kind.FULL_BYE
    assert absence_kind("absent", rules) is Kind.ZERO_BYE
    late = CompetitionEntrant(9, 1990, 3)
    played = Played((*ENTRANTS, late), (RecordedRound(1), RecordedRound(2), RecordedRound(3)))
    assert result_of(played, late, 2, rules).kind is Kind.HALF_BYE


def test_a_round_is_posed_with_every_absent_member_as_a_requested_bye() -> None:
    attendance = {n: "present" for n in range(1, 9)} | {3: "excused", 6: "absent"}
    played = Played(ENTRANTS, (RecordedRound(1, attendance),))
    text = pose(played, 1, SwissRules(rounds=5))
    exchange = read_exchange(text)
    assert exchange.byes_of(1) == {3: Kind.HALF_BYE, 6: Kind.ZERO_BYE}
    assert exchange.rounds == 5
    answer = swiss_pair(played, 1, SwissRules(rounds=5), pair_trf_detailed)
    assert not isinstance(answer, Refusal)
    paired = {n for pair in answer.pairs() for n in pair}
    assert paired == {1, 2, 4, 5, 7, 8} and answer.pab is None


def _play_swiss(rng: random.Random, rounds: int) -> Played:
    late = CompetitionEntrant(9, 1930, 3, "Late")
    entrants = (*ENTRANTS, late)
    played = Played(entrants)
    rules = SwissRules(rounds=rounds, pab_half=True)
    for number in range(1, rounds + 1):
        attendance = {}
        for entrant in played.field(number):
            roll = rng.random()
            attendance[entrant.number] = ("present" if roll < 0.75 else "excused" if roll < 0.9
                                          else "club" if roll < 0.95 else "absent")
        asked = Played(entrants, played.rounds + (RecordedRound(number, attendance),))
        answer = swiss_pair(asked, number, rules, pair_trf_detailed)
        assert not isinstance(answer, Refusal), answer
        games = tuple(RecordedGame(w, b, rng.choice(["1-0", "0-1", "1/2-1/2", "+-"]))
                      for w, b in answer.pairs())
        played = Played(entrants, played.rounds + (RecordedRound(number, attendance, games,
                                                           answer.pab),))
    return played


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_export_is_re_paired_identically_round_by_round(seed: int) -> None:
    played = _play_swiss(random.Random(seed), 5)
    text = export(played, SwissRules(rounds=5, pab_half=True), "Slow Swiss")
    checks = check_rounds(text)
    assert len(checks) == 5 and not [c.round for c in checks if c.differs]
    t = read_trf(text)
    assert len(t.players) == 9 and "BBU  0.5" in text


def test_round_robin_schedule_postponed_games_and_catch_up() -> None:
    rules = parse_round_robin_rules({"double": True, "swap_last_two": True})
    assert rules.cycles == 2 and round_count(5, rules) == 10 and round_count(2, rules) == 0
    with pytest.raises(ParamError):
        parse_round_robin_rules({"double": "yes"})
    table = schedule(4, ROUND_ROBIN_DEFAULTS)
    assert scheduled_round(table, *table[2][1]) == 3
    assert scheduled_round(table, table[2][1][1], table[2][1][0]) is None
    tonight, later = round_pairs(table, 1, [1, 2, 3])
    assert len(tonight) == 1 and len(later) == 1 and 4 in later[0]
    entrants = ENTRANTS[:4]
    one = RecordedRound(1, {}, tuple(RecordedGame(w, b, "1-0") for w, b in tonight))
    played = Played(entrants, (one,))
    waiting = pending(played, table, 1)
    assert [(g.white, g.black) for g in waiting] == later
    assert catch_up(waiting, [1, 2, 3]) == []  # a player is not here
    chosen = catch_up(waiting, [1, 2, 3, 4])
    assert [(g.white, g.black) for g in chosen] == later
    late = RecordedGame(*later[0], "1/2-1/2", scheduled=1)
    played = Played(entrants, (RecordedRound(1, {}, one.games, catch_up=(late,)),))
    assert pending(played, table, 1) == []
    assert sum(round_robin_points(played, RoundRobinRules()).values()) == 2


def test_points_are_written_exactly() -> None:
    assert [exact_text(Fraction(n, d)) for n, d in ((89, 3), (47, 2), (0, 1), (-1, 3),
                                                     (7, 20), (107, 7))] == [
        "29⅔", "23½", "0", "−⅓", "0.35", "15 2/7"]


def test_every_reason_of_the_core_has_its_sentence() -> None:
    names = {str(n): f"Player {n}" for n in range(1, 9)}
    values = {"opponent": "2", "value": 7, "fraction": "2/3", "points": Fraction(14, 3),
              "basis": "own", "number": 2, "cap": 5, "left": 3}
    for code in LINE_CODES:
        if code == "keizer.averaged":
            inner = (Reason("keizer.win", values), Reason("keizer.win", values))
            reason = Reason(code, {"passes": 2, "points": Fraction(5), "reasons": inner})
        else:
            reason = Reason(code, values)
        said = reason_message(reason, names.__getitem__)
        assert said.id != code and "%(" in said.id, code
        assert str(said).count("%(") == 0, str(said)
    # Every colour and skip reason of a real pairing is a sentence naming its players.
    season = {"members": [{"id": str(n), "rating": 2000 - n} for n in range(1, 7)],
              "rounds": [{"round": 1, "attendance": {str(n): "present" for n in range(1, 7)}}]}
    pairing = keizer.pair(season, 1, {})
    for board in pairing.boards:
        said = board_messages(board, pairing.ranking, names.__getitem__)
        assert all("%(" not in str(m) for m in said)
        assert said[0].id.startswith("Keizer colours")
    assert COLOUR_CODES and SKIP_CODES


def test_a_keizer_line_explains_its_points_exactly() -> None:
    line = Line(2, "excused", Fraction(7, 3), Reason("keizer.excused", {
        "value": 7, "fraction": "1/3", "points": Fraction(7, 3), "basis": "own", "number": 1,
        "cap": 5, "left": 4}))
    assert str(reason_message(line.reason, str)) == (
        "Away with notice, excused absence 1 of the 5 that score (4 left): ⅓ × own value 7 = "
        "2⅓.")


def test_the_rules_in_words_follow_the_settings() -> None:
    said = [str(m) for m in keizer_rules(keizer.parse_params({"value_mode": "fixed",
                                                              "top_value": 70,
                                                              "excused_cap": None}), "half")]
    assert any("first place is worth 70" in s for s in said)
    assert any("every time" in s for s in said)
    assert any("nearest half point" in s for s in said)
    assert any("half a point" in str(m) for m in swiss_rules(SwissRules()))
    assert any("twice" in str(m) for m in round_robin_rules(RoundRobinRules(double=True)))


def test_each_swiss_bye_value_is_its_own_whole_sentence() -> None:
    # A zero-point "bye" is an absence (docs/glossary.md: ko 불참(0점), id tidak hadir (0 poin)),
    # so no sentence has a value phrase filled in, and the zero case never says "bye".
    zero = swiss_rules(parse_swiss_rules({"excused_bye": "Z", "club_bye": "Z",
                                          "late_bye": "Z"}))
    assert [m.values for m in zero] == [m.values for m in zero[:1]] + [()] * (len(zero) - 1)
    assert sum("counted as absent, no points" in str(m) for m in zero) == 3
    best = [str(m) for m in swiss_rules(parse_swiss_rules({"excused_bye": "H", "club_bye": "F",
                                                           "late_bye": "H"}))]
    assert "Away playing for the club's team: a bye worth a full point." in best
    assert "Away with notice: a requested bye worth half a point." in best
    assert not any("counted as absent" in s for s in best)


def test_a_swiss_round_without_a_game_says_what_it_gives() -> None:
    from ladder.queries.competitions import _absence_said
    rules = parse_swiss_rules({"excused_bye": "H", "club_bye": "F", "late_bye": "Z"})
    said = {status: _absence_said(1, 1, status, rules, {})
            for status in ("excused", "club", "absent", "pre")}
    assert {s: str(m) for s, m in said.items()} == {
        "excused": "A bye worth half a point.", "club": "A bye worth a full point.",
        "absent": "Counted as absent: no points.", "pre": "Counted as absent: no points."}
    assert all(m is not None and not m.values for m in said.values())


def test_the_keizer_season_of_a_played_competition() -> None:
    games = (RecordedGame(2, 1, "0-1", 1),)
    played = Played(ENTRANTS[:3], (RecordedRound(1, {1: "present", 2: "present",
                                                     3: "excused"}, games),
                                   RecordedRound(2, {1: "present", 2: "present", 3: "present"})))
    season = keizer_season(played, upto=1, attendance_of=2)
    assert [r["round"] for r in season["rounds"]] == [1, 2]
    assert season["rounds"][1] == {"round": 2, "attendance": {"1": "present", "2": "present",
                                                              "3": "present"}}
    assert keizer.pair_round(season, 2, {})["bye"] is not None


def test_explaining_only_the_last_round_gives_the_same_tables() -> None:
    data = load_case("hand-1.json")
    season, params = season_of(data), data["params"]
    full = keizer.compute(season, params)
    last = keizer.compute(season, params, explain="last")
    assert [[(s.member_id, s.points, s.value) for s in r.standings] for r in full.rounds] == [
        [(s.member_id, s.points, s.value) for s in r.standings] for r in last.rounds]
    assert all(not s.lines for r in last.rounds[:-1] for s in r.standings)
    assert [s.lines for s in last.rounds[-1].standings] == [
        s.lines for s in full.rounds[-1].standings]
