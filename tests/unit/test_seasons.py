"""Seasons: validation, the season table against independent replays, awards and their rules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from fractions import Fraction

import pytest

from ladder.club.history import LadderGame, ladder_as_of, ladder_games
from ladder.club.seasons import (
    BEST_PERFORMANCE,
    BIGGEST_UPSET,
    MOST_ACTIVE,
    MOST_IMPROVED,
    AwardRules,
    ClubSeasonError,
    Season,
    SeasonLine,
    check_seasons,
    season_awards,
    season_of,
    season_report,
    season_table,
    validate_seasons,
)
from ladder.rating import MemberState, rate_event, replay
from ladder.tiebreaks.fide_tables import DP_BY_PERCENT
from ladder.vocabulary.tournament import Kind

from .history_data import make_history

D = dt.date


# --- validation ----------------------------------------------------------------------------

def test_valid_seasons_touching_end_to_start() -> None:
    seasons = [Season("Spring", D(2025, 1, 1), D(2025, 3, 31)),
               Season("Summer", D(2025, 4, 1), D(2025, 6, 30))]
    assert validate_seasons(seasons) == ()
    check_seasons(seasons)
    assert season_of(D(2025, 3, 31), seasons) == seasons[0]
    assert season_of(D(2025, 4, 1), seasons) == seasons[1]
    assert season_of(D(2025, 7, 1), seasons) is None


def test_overlaps_and_bad_seasons_are_reported_as_message_ids() -> None:
    seasons = [Season("Year", D(2025, 1, 1), D(2025, 12, 31)),
               Season("Spring", D(2025, 2, 1), D(2025, 3, 31)),
               Season("Autumn", D(2025, 9, 1), D(2026, 1, 15)),
               Season(" year ", D(2027, 1, 1), D(2027, 2, 1)),
               Season("", D(2028, 1, 1), D(2028, 2, 1)),
               Season("Backwards", D(2029, 5, 1), D(2029, 4, 1))]
    problems = validate_seasons(seasons)
    ids = [p.id for p in problems]
    assert ids.count("Seasons “%(first)s” and “%(second)s” overlap (%(start)s to %(end)s).") == 2
    overlaps = [p.params for p in problems if "overlap" in p.id]
    assert {"first": "Year", "second": "Spring", "start": "2025-02-01",
            "end": "2025-03-31"} in overlaps
    assert {"first": "Year", "second": "Autumn", "start": "2025-09-01",
            "end": "2025-12-31"} in overlaps
    assert "Two seasons are named “%(name)s”." in ids
    assert "A season needs a name." in ids
    assert any(p.params.get("name") == "Backwards" and "before it starts" in p.id
               for p in problems)
    with pytest.raises(ClubSeasonError) as err:
        check_seasons(seasons)
    assert err.value.messages == problems
    assert "Year" in str(err.value)


# --- the season table, against independent computations -----------------------------------

def _independent(h, season: Season):  # type: ignore[no-untyped-def]
    """Per member: (start rating, end rating, counted games, score, played, counted opponents'
    ratings and scores), by replaying the raw events and applying the rules by hand."""
    state: dict[int, MemberState] = {}
    out: dict[int, dict] = {}  # type: ignore[type-arg]
    for event in h.events:
        day = h.dates[event.event_id]
        if season.contains(day):
            members = set(event.participants) | {p.a for p in event.pairings} | {
                p.b for p in event.pairings if p.b is not None}
            for m in members:
                rec = out.setdefault(m, {"start": state.get(m, MemberState(1200.0, 0)).rating,
                                         "games": 0, "score": Fraction(0), "played": 0,
                                         "opps": [], "scores": []})
            if event.rated:
                for p in event.pairings:
                    if p.b is None or p.kind not in (Kind.WIN, Kind.DRAW, Kind.LOSS):
                        continue
                    s = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2),
                         Kind.LOSS: Fraction(0)}[p.kind]
                    sa = state.get(p.a, MemberState(1200.0, 0))
                    sb = state.get(p.b, MemberState(1200.0, 0))
                    for me, _other, mine, my_s, their_s in ((p.a, p.b, s, sa, sb),
                                                            (p.b, p.a, 1 - s, sb, sa)):
                        rec = out[me]
                        rec["played"] += 1
                        # Protection rule by hand: not counted for an established player
                        # against a provisional one.
                        if my_s.games >= 5 and their_s.games < 5:
                            continue
                        rec["games"] += 1
                        rec["score"] += mine
                        rec["opps"].append(their_s.rating)
                        rec["scores"].append(mine)
        _, new = rate_event(event, state, h.options)
        state.update(new)
        if season.contains(day):
            for m in new:
                out[m]["end"] = new[m].rating
                out[m]["games_end"] = new[m].games
    return out


def _tpr(opps: list[float], scores: list[Fraction]) -> int:
    whole = [int(Fraction(r) + Fraction(1, 2)) for r in opps]
    ra = int(Fraction(sum(whole), len(whole)) + Fraction(1, 2))
    pct = int(100 * sum(scores) / len(scores) + Fraction(1, 2))
    return ra + DP_BY_PERCENT[pct]


@pytest.mark.parametrize("seed", range(6))
def test_season_table_against_an_independent_replay(seed: int) -> None:
    h = make_history(seed, n_events=40)
    season = Season("S", D(2025, 4, 1), D(2025, 8, 31))
    games = ladder_games(h.games, h.rows)
    table = season_table(season, h.dated, games)
    want = _independent(h, season)
    assert {line.member_id for line in table} == set(want)
    for line in table:
        w = want[line.member_id]
        assert line.rating_start == w["start"]
        assert line.rating_end == w["end"]
        assert line.change == w["end"] - w["start"]
        assert line.games == w["games"]
        assert line.games_end == w["games_end"]
        assert line.score == w["score"]
        assert line.played == w["played"]
        assert line.provisional_end == (w["games_end"] < 5)
        assert line.performance == (_tpr(w["opps"], w["scores"]) if w["opps"] else None)
    # Ordered like the ladder at the season's end.
    keys = [(line.provisional_end, -line.rating_end, line.member_id) for line in table]
    assert keys == sorted(keys)


def test_rating_start_is_the_latest_rating_before_the_season() -> None:
    h = make_history(11, n_events=40)
    season = Season("S", D(2025, 5, 1), D(2025, 7, 31))
    before = {x.member_id: x.rating for x in ladder_as_of(h.dated, D(2025, 4, 30))}
    for line in season_table(season, h.dated, []):
        assert line.rating_start == before.get(line.member_id, 1200.0)
        assert line.played == 0  # no per-game data given


def test_season_report_ladder_is_the_ladder_at_the_season_end() -> None:
    h = make_history(5, n_events=40)
    season = Season("S", D(2025, 2, 1), D(2025, 6, 30))
    prefix = [e for e in h.events if h.dates[e.event_id] <= season.last]
    _, state = replay(prefix, None, h.options)
    report = season_report(season, h.dated, ladder_games(h.games, h.rows))
    assert {x.member_id: x.rating for x in report.ladder} == {
        m: s.rating for m, s in state.items()}
    assert [a.key for a in report.awards] == [MOST_IMPROVED, MOST_ACTIVE, BIGGEST_UPSET,
                                             BEST_PERFORMANCE]


# --- awards --------------------------------------------------------------------------------

SEASON = Season("S", D(2025, 1, 1), D(2025, 6, 30))


def _line(member: int, start: float, end: float, games: int, played: int | None = None,
          perf: int | None = None) -> SeasonLine:
    return SeasonLine(member, 3, games, Fraction(games, 2), games / 2,
                      games if played is None else played, start, end, 30, False, perf)


def _game(a: int, b: int, score: float, ra: float, rb: float, pa: bool = False,
          pb: bool = False, day: D = dt.date(2025, 2, 1), event: int = 1) -> LadderGame:
    return LadderGame(event, day, a, b, score, ra, rb, pa, pb)


def _awards(table: list[SeasonLine], games: Sequence[LadderGame] = (),
            rules: AwardRules = AwardRules(improved_min_games=10,
                                           performance_min_games=8)) -> dict[str, tuple]:  # type: ignore[type-arg]
    return {a.key: tuple((w.member_id, w.value) for w in a.winners)
            for a in season_awards(SEASON, table, games, rules)}


def test_most_improved_needs_the_games_and_breaks_ties_by_games() -> None:
    table = [_line(1, 1200, 1290, 9),  # the largest rise, but only 9 games
             _line(2, 1300, 1350, 12), _line(3, 1400, 1450, 15), _line(4, 1500, 1400, 30)]
    assert _awards(table)[MOST_IMPROVED] == ((3, 50.0),)
    table.append(_line(5, 1000, 1050, 15))
    assert _awards(table)[MOST_IMPROVED] == ((3, 50.0), (5, 50.0))  # shared, by member id
    assert _awards([_line(4, 1500, 1400, 30)])[MOST_IMPROVED] == ()  # nobody rose


def test_most_active_counts_games_played_then_counted() -> None:
    table = [_line(1, 1200, 1200, 0, played=14), _line(2, 1200, 1200, 10, played=14),
             _line(3, 1200, 1200, 13, played=13)]
    assert _awards(table)[MOST_ACTIVE] == ((2, 14),)


def test_best_performance_threshold_and_ties() -> None:
    table = [_line(1, 0, 0, 7, perf=2000), _line(2, 0, 0, 8, perf=1800),
             _line(3, 0, 0, 9, perf=1800), _line(4, 0, 0, 9, perf=1800)]
    assert _awards(table)[BEST_PERFORMANCE] == ((3, 1800.0), (4, 1800.0))


def test_biggest_upset_counts_only_wins_counted_for_the_winner() -> None:
    games = [
        _game(1, 2, 1.0, 1300, 1500),  # 1 beats a 200-point favourite
        _game(3, 4, 0.5, 1000, 1600),  # a draw: no upset
        _game(5, 6, 1.0, 1200, 1550, pa=False, pb=True),  # established beats provisional:
        # not counted for the winner (protection rule)
        _game(7, 8, 0.0, 1700, 1450),  # 8 beats 7 (+250)
        _game(9, 10, 1.0, 1000, 1100, day=D(2025, 8, 1)),  # outside the season
    ]
    assert _awards([], games)[BIGGEST_UPSET] == ((8, 250.0),)
    # A provisional member's win over an established one counts for the provisional member.
    newcomer = _game(15, 16, 1.0, 1200, 1500, pa=True, pb=False)
    assert _awards([], games + [newcomer])[BIGGEST_UPSET] == ((15, 300.0),)
    # An equal gap earlier wins; two on the same game day and event are shared.
    earlier = _game(11, 12, 1.0, 1000, 1250, day=D(2025, 1, 20))
    awards = season_awards(SEASON, [], games + [earlier])
    (upset,) = [a for a in awards if a.key == BIGGEST_UPSET]
    assert [(w.member_id, w.opponent_id, w.date) for w in upset.winners] == [
        (11, 12, D(2025, 1, 20))]
    same = _game(13, 14, 0.0, 1700, 1450, day=D(2025, 2, 1))
    assert _awards([], games + [same])[BIGGEST_UPSET] == ((8, 250.0), (14, 250.0))


def test_award_rules_are_message_ids_with_the_setting() -> None:
    awards = season_awards(SEASON, [], [], AwardRules(improved_min_games=7,
                                                      performance_min_games=9))
    rules = {a.key: a.rule for a in awards}
    assert rules[MOST_IMPROVED].params == {"games": 7}
    assert rules[BEST_PERFORMANCE].params == {"games": 9}
    assert "at least 7 counted games" in str(rules[MOST_IMPROVED])
    assert {a.title.id for a in awards} == {"Most improved", "Most active", "Biggest upset",
                                            "Best performance"}
    assert all(a.winners == () for a in awards)
