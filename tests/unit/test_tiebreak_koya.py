"""Koya (C.07 9.2): 50 % of the *maximum possible score*, not of rounds x win.

In a round-robin with an odd number of players everybody sits out one round, and that
round-robin bye scores nothing, so the maximum is (players - 1) x win, one win less than
rounds x win. The case below is worked out by hand.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ladder.tiebreaks import compute, explain
from ladder.vocabulary.tournament import EventKind
from tests.unit.tiebreak_support import crosstable

F = Fraction

# Five players, single round-robin, five rounds (Berger table with a dummy sixth player:
# whoever meets the dummy has the round-robin bye, a zero-point bye):
#   R1: 1 bye, 2-5 1-0, 3-4 ½-½      R2: 4 bye, 1-2 ½-½, 5-3 ½-½
#   R3: 2 bye, 3-1 0-1, 4-5 1-0      R4: 5 bye, 1-4 1-0, 2-3 0-1
#   R5: 3 bye, 4-2 0-1, 5-1 0-1
# Scores: 1: ½+1+1+1 = 3½;  2: 1+½+0+1 = 2½;  3: ½+½+0+1 = 2;  4: ½+1+0+0 = 1½;
#         5: 0+½+0+0 = ½.
ODD_ROUND_ROBIN = {
    1: "Z 2w= 3b1 4w1 5b1",
    2: "5w1 1b= Z 3w0 4b1",
    3: "4w= 5b= 1w0 2b1 Z",
    4: "3b= Z 5w1 1b0 2w0",
    5: "2b0 3w= 4b0 Z 1w0",
}

# Maximum possible score: 4 games x 1 = 4 (not 5 rounds x 1 = 5); the limit is 50 % = 2.
# Opponents with at least 2 points: 1 (3½), 2 (2½) and 3 (2) -- 3 is exactly on the limit,
# and the old limit of 2½ (50 % of 5) left 3 out.
#   KS(1) = vs 2 ½ + vs 3 1          = 1½   (old: ½)
#   KS(2) = vs 1 ½ + vs 3 0          = ½    (old: ½)
#   KS(3) = vs 1 0 + vs 2 1          = 1    (old: 1)
#   KS(4) = vs 1 0 + vs 2 0 + vs 3 ½ = ½    (old: 0)
#   KS(5) = vs 1 0 + vs 2 0 + vs 3 ½ = ½    (old: 0)
KS = {1: F(3, 2), 2: F(1, 2), 3: F(1), 4: F(1, 2), 5: F(1, 2)}
# KS/L+1 raises the limit by half a win (14.5) to 2½: only 1 and 2 count (what the old
# limit gave for plain KS):  1: ½, 2: ½, 3: 0 + 1 = 1, 4: 0, 5: 0.
KS_L_PLUS_1 = {1: F(1, 2), 2: F(1, 2), 3: F(1), 4: F(0), 5: F(0)}
# KS/L-1 lowers it to 1½: 1, 2, 3 and 4 count.
#   1: ½ + 1 + 1 = 2½;  2: ½ + 0 + 1 = 1½;  3: 0 + 1 + ½ = 1½;  4: 0 + 0 + ½ = ½;
#   5: 0 + 0 + ½ + 0 = ½.
KS_L_MINUS_1 = {1: F(5, 2), 2: F(3, 2), 3: F(3, 2), 4: F(1, 2), 5: F(1, 2)}


def odd_round_robin():
    return crosstable(ODD_ROUND_ROBIN, kind=EventKind.ROUND_ROBIN)


@pytest.mark.parametrize("edition", ["fide-2026", "fide-2024", "fide-2012", "uscf"])
def test_koya_limit_is_half_the_maximum_possible_score(edition: str) -> None:
    table = compute(odd_round_robin(), "PTS,KS,KS/L+1,KS/L-1", edition)
    assert [table.value(s, "PTS") for s in range(1, 6)] == [
        F(7, 2), F(5, 2), F(2), F(3, 2), F(1, 2)]
    assert {s: table.value(s, "KS") for s in range(1, 6)} == KS
    assert {s: table.value(s, "KS/L+1") for s in range(1, 6)} == KS_L_PLUS_1
    assert {s: table.value(s, "KS/L-1") for s in range(1, 6)} == KS_L_MINUS_1


def test_koya_explanation_names_the_limit_and_counts_the_player_on_it() -> None:
    e = explain(odd_round_robin(), 1, "KS", "fide-2026")
    assert e.value == F(3, 2)
    assert any("at least 2 points" in str(note) for note in e.notes)
    counted = {r.opponent: r.contribution for r in e.rows if r.contribution is not None}
    assert counted[3] == 1  # player 3, exactly on 50 % of 4, counts


def test_a_swiss_keeps_rounds_times_win() -> None:
    # The same results read as a Swiss: the zero-point byes are rounds one could have won, so
    # the maximum is 5 and the limit 2½: player 3 (2 points) no longer counts.
    t = crosstable(ODD_ROUND_ROBIN, kind=EventKind.SWISS)
    table = compute(t, "KS", "fide-2026")
    assert {s: table.value(s, "KS") for s in range(1, 6)} == KS_L_PLUS_1
