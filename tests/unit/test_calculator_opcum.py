"""OPCUM in the one-record calculator (docs/tiebreaks.md §2, US Chess rule 34E): with each
opponent's cumulative score typed, the calculator gives what the whole event gives."""

from __future__ import annotations

from fractions import Fraction

from ladder.tiebreaks import rank
from ladder.tiebreaks.calculator import CalcRound, has_opponent_cumulatives, record_view
from ladder.tiebreaks.editions import get_edition
from ladder.tiebreaks.explain import explain_prepared
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.uscf import cumulative_of, uscf_view
from ladder.vocabulary.tournament import Colour, Kind
from tests.factories import tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def test_opcum_adds_the_typed_cumulatives_of_the_games_played() -> None:
    # Hand-worked: 5 + 3½ + 0 (a half-point bye: no opponent) + 6 = 14½.
    rows = [CalcRound(W, 2, Colour.WHITE, opponent_cumulative=5),
            CalcRound(D, Fraction(3, 2), Colour.BLACK, opponent_cumulative=Fraction(7, 2)),
            CalcRound(Kind.HALF_BYE),
            CalcRound(L, 3, Colour.WHITE, opponent_cumulative=6)]
    assert has_opponent_cumulatives(rows)
    explanation = explain_prepared(record_view(rows, "uscf"), 1, "OPCUM")
    assert explanation.value == Fraction(29, 2)
    assert not has_opponent_cumulatives([CalcRound(W, 2, Colour.WHITE)])


def test_the_calculator_agrees_with_the_whole_event() -> None:
    t = tournament(["Ann", "Bo", "Cai", "Dee"],
                   [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W), (3, 1, 4, D),
                    (3, 2, 3, W)], name="Rapid")
    event = {s.start_no: s.tiebreaks["OPCUM"] for s in rank(t, "OPCUM", "uscf")}
    view = uscf_view(Prepared(t, get_edition("uscf")))
    cum = {p.start_no: Fraction(cumulative_of(view, view.index[p.start_no]), view.unit)
           for p in t.players}
    points = {p.start_no: sum((r.points() for r in p.results), Fraction(0)) for p in t.players}
    ann = t.player(1)
    rows = [CalcRound(r.kind, points[r.opponent], r.colour, opponent_cumulative=cum[r.opponent])
            for r in ann.results]
    assert explain_prepared(record_view(rows, "uscf"), 1, "OPCUM").value == event[1]
