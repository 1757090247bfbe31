"""Bughouse team standings: team points, the event's order, shared places, refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.club.bughouse import BughouseTeam, TeamError, team_standings, unteamed, validate_teams

H = Fraction(1, 2)


def test_team_points_and_order() -> None:
    # Eight players: points and individual places of the event.
    points = {1: Fraction(4), 2: Fraction(3) + H, 3: Fraction(3) + H, 4: Fraction(3),
              5: Fraction(2), 6: Fraction(1) + H, 7: Fraction(1), 8: Fraction(0)}
    ranks = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8}
    teams = [BughouseTeam((1, 8), "Knights"),  # 4 (best 1)
             BughouseTeam((2, 7), "Rooks"),  # 4½
             BughouseTeam((3, 6), "Bishops"),  # 5
             BughouseTeam((4, 5), "Pawns")]  # 5 (best 4)
    standings = team_standings(teams, points, ranks)
    assert [(s.place, s.team.name, s.points) for s in standings] == [
        (1, "Bishops", 5), (2, "Pawns", 5), (3, "Rooks", Fraction(9, 2)), (4, "Knights", 4)]
    assert standings[0].partner_points == (Fraction(7, 2), Fraction(3, 2))
    assert (standings[1].best_rank, standings[1].other_rank) == (4, 5)
    assert not any(s.shared for s in standings)
    assert unteamed(teams[:3], list(range(1, 9))) == (4, 5)


def test_shared_place_on_a_full_tie_only() -> None:
    points = {1: Fraction(3), 2: Fraction(3), 3: Fraction(1), 4: Fraction(1),
              5: Fraction(2), 6: Fraction(2)}
    ranks = {1: 1, 2: 1, 3: 5, 4: 5, 5: 3, 6: 3}  # shared individual places
    teams = [BughouseTeam((1, 3)), BughouseTeam((4, 2)), BughouseTeam((5, 6))]
    standings = team_standings(teams, points, ranks)
    assert [(s.place, s.shared, s.team.partners) for s in standings] == [
        (1, True, (1, 3)), (1, True, (4, 2)), (3, False, (5, 6))]
    # Same points, same best rank, different second rank: not shared.
    ranks[4] = 6
    standings = team_standings(teams, points, ranks)
    assert [(s.place, s.team.partners) for s in standings] == [
        (1, (1, 3)), (2, (4, 2)), (3, (5, 6))]


def test_refusals() -> None:
    points = {1: Fraction(1), 2: Fraction(0), 3: H}
    ranks = {1: 1, 2: 3, 3: 2}
    problems = validate_teams([BughouseTeam((1, 1)), BughouseTeam((1, 9)),
                               BughouseTeam((2, 1)), BughouseTeam((2, 3))], points, ranks)
    assert [p.params for p in problems] == [
        {"team": 1, "player": 1}, {"team": 2, "player": 9},
        {"player": 1, "first": 2, "second": 3}, {"player": 2, "first": 3, "second": 4}]
    assert problems[0].id == "Team %(team)d names player %(player)d twice."
    with pytest.raises(TeamError) as err:
        team_standings([BughouseTeam((1, 9))], points, ranks)
    assert "not in this event" in str(err.value)


@given(st.lists(st.integers(0, 8), min_size=2, max_size=20).map(lambda xs: xs[:len(xs) // 2 * 2]),
       st.randoms(use_true_random=False))
def test_team_points_are_sums_and_ordered(half_points: list[int], rnd) -> None:  # type: ignore[no-untyped-def]
    n = len(half_points)
    points = {i + 1: Fraction(h, 2) for i, h in enumerate(half_points)}
    order = sorted(points, key=lambda s: -points[s])
    ranks = {s: 1 + sum(1 for t in points if points[t] > points[s]) for s in order}
    numbers = list(points)
    rnd.shuffle(numbers)
    teams = [BughouseTeam((numbers[i], numbers[i + 1])) for i in range(0, n, 2)]
    standings = team_standings(teams, points, ranks)
    assert sorted(s.team.partners for s in standings) == sorted(t.partners for t in teams)
    for s in standings:
        a, b = s.team.partners
        assert s.points == points[a] + points[b]
    keys = [(-s.points, s.best_rank, s.other_rank) for s in standings]
    assert keys == sorted(keys)
    assert standings[0].place == 1
    for i, s in enumerate(standings):
        same = [t for t in standings if (-t.points, t.best_rank, t.other_rank) == keys[i]]
        assert s.place == 1 + sum(1 for k in keys if k < keys[i])
        assert s.shared == (len(same) > 1)
