"""Ranking (C.07 4.2, art. 6), Art. 10, explanations and the benchmark's shape."""

from __future__ import annotations

from fractions import Fraction

from ladder.bench.tiebreaks import bench_tiebreaks, synthetic_swiss
from ladder.tiebreaks import compute, explain, rank
from ladder.tiebreaks.buchholz import fore_tournament
from ladder.tiebreaks.compute_table import prepare
from tests.unit.tiebreak_support import crosstable, exercise


def ranks(t, codes, edition="fide-2026") -> dict[int, int]:
    return {s.start_no: s.rank for s in rank(t, codes, edition)}


def test_ties_share_the_place_and_the_next_place_is_skipped() -> None:
    # 1 and 2 drew each other and each beat one of 3 and 4, who drew each other: WIN ties
    # 1 with 2 (1 win each) and 3 with 4 (none): places 1, 1, 3, 3.
    t = crosstable({1: "2w= 3w1", 2: "1b= 4w1", 3: "4b= 1b0", 4: "3w= 2b0"})
    assert ranks(t, "WIN") == {1: 1, 2: 1, 3: 3, 4: 3}


def test_de_6_3_a_leader_whatever_the_missing_games() -> None:
    # Six players, three rounds; 1, 2 and 3 finish on 2 points, the others on 1.
    t = crosstable({
        1: "2w1 3b1 5w0", 2: "1b0 4w1 6b1", 3: "6w1 1w0 4b1", 4: "5b1 2b0 3w0",
        5: "4w0 6w0 1b1", 6: "3b0 5b1 2w0",
    })
    table = compute(t, "PTS,DE", "fide-2026")
    assert [table.value(s, "PTS") for s in (1, 2, 3)] == [2, 2, 2]
    # Among {1, 2, 3}: 1 beat 2 and 3 (2 points), 2 and 3 never met (1 missing game each,
    # 0 points so far): 1 stays alone on top whatever 2-3 would have given (6.3) -> first;
    # then 2 and 3 have not met: art. 6 cannot separate them.
    assert table.value(1, "DE") == 2 and table.value(2, "DE") == 0
    got = ranks(t, "DE")
    assert (got[1], got[2], got[3]) == (1, 2, 2)
    # WIN after DE separates nobody (1 win each), so 2 and 3 share 2nd place.
    assert ranks(t, "DE,WIN")[3] == 2


def test_de_excludes_forfeits_unless_p() -> None:
    t = crosstable({1: "2w+ 3b0", 2: "1b- 4w1", 3: "4b0 1w1", 4: "3w1 2b0"})
    assert compute(t, "DE", "fide-2026").value(1, "DE") == 0  # 6.1.1: forfeit excluded
    assert compute(t, "DE/P", "fide-2026").value(1, "DE/P") == 1


def test_rating_based_dropped_with_unrated_players_unless_given() -> None:
    t = crosstable({1: "2w1", 2: "1b0"}, ratings={1: 2000, 2: None})
    table = compute(t, "ARO,BH")
    assert table.value(1, "ARO") is None and table.columns["ARO"].dropped
    assert any("art. 10" in w for w in table.warnings)
    assert compute(t, "ARO", unrated_rating=1400).value(1, "ARO") == 1400
    assert ranks(t, "ARO,BH") == {1: 1, 2: 2}  # the dropped column is skipped


def test_lots_with_a_seed_are_reproducible() -> None:
    t = crosstable({1: "2w=", 2: "1b="})
    first = [s.start_no for s in rank(t, "WIN", lots_seed=7)]
    assert first == [s.start_no for s in rank(t, "WIN", lots_seed=7)]
    assert sorted(s.rank for s in rank(t, "WIN", lots_seed=7)) == [1, 2]


def test_fore_view_matches_the_fore_tournament() -> None:
    t = exercise("held_swiss_5.trf")
    fast = compute(t, "FB", "fide-2026")
    slow = compute(fore_tournament(t, 5), "BH", "fide-2026")
    assert all(fast.value(s, "FB") == slow.value(s, "BH") for s in fast.start_nos)


def test_explanation_cites_categories_and_cuts() -> None:
    t = exercise("held_swiss_5.trf")
    e = explain(t, 12, "BH", "fide-2026")
    assert e.value == Fraction(23, 2)  # unchanged by the caps: own score 2 is below both
    cats = [r.category for r in e.rows]
    assert cats[1].startswith("16.2.1") and cats[2].startswith("16.2.2")
    assert cats[4] == "16.2.5 requested bye in the last round counts as a draw"
    assert cats[3].startswith("16.2.5 requested bye followed only by")
    kept = [r.contribution for r in e.rows if r.contribution is not None and not r.cut]
    assert sum(kept) == e.value
    e = explain(t, 14, "SB/C1", "fide-2024")
    assert [r.round for r in e.rows if r.cut] == [5] and "14.1" in e.rows[4].cut
    assert "Score used" in e.text()


def test_explanation_of_a_virtual_opponent() -> None:
    t = exercise("held_swiss_5.trf")
    e = explain(t, 9, "BH", "fide-2012")
    assert "virtual opponent (C.02 13.15.2)" in e.rows[2].note
    assert e.rows[2].score_used == Fraction(3, 2)


def test_bench_shape_and_data() -> None:
    t = synthetic_swiss(players=200, rounds=7)
    kinds = {r.kind.value for p in t.players for r in p.results}
    assert {"pairing_bye", "half_bye", "zero_bye", "forfeit_win", "double_forfeit"} <= kinds
    assert prepare(t).rounds == 7
    result = bench_tiebreaks(repeat=1)
    assert result["players"] == 1000 and result["rounds"] == 11
    assert isinstance(result["seconds"], float) and result["seconds"] > 0
