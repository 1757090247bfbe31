"""Property tests (hypothesis) on random Swiss-like and round-robin tournaments."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.tiebreaks import compute, rank
from ladder.vocabulary.tournament import Player, RoundResult, Tournament
from tests.unit.tiebreak_events import EDITIONS, events, round_robin


@settings(max_examples=60, deadline=None)
@given(events, st.sampled_from(EDITIONS), st.sampled_from(["BH", "SB", "FB"]),
       st.integers(1, 2))
def test_cut_values_never_exceed_the_uncut_sum(t: Tournament, edition: str, name: str,
                                               n: int) -> None:
    codes = [name, f"{name}/C{n}", f"{name}/M{n}"]
    table = compute(t, codes, edition)
    for sno in table.start_nos:
        whole = table.value(sno, name)
        for code in codes[1:]:  # sums of non-negative contributions
            cut = table.value(sno, code)
            assert cut is not None and whole is not None and 0 <= cut <= whole


@settings(max_examples=40, deadline=None)
@given(events, st.sampled_from(EDITIONS), st.integers(0, 10**6))
def test_permuting_start_numbers_permutes_the_results(t: Tournament, edition: str,
                                                      seed: int) -> None:
    codes = "BH/C1,BH,SB/C1,FB,AOB,PS,WIN,WON,BPG,REP,STD,ARO,TPR,PTP,APRO,KS,DE,MM,CUM,OPCUM"
    old = [p.start_no for p in t.players]
    new = old[:]
    random.Random(seed).shuffle(new)
    mapping = dict(zip(old, new, strict=False))
    renumbered = Tournament(t.name, tuple(
        Player(mapping[p.start_no], p.name, p.rating, tuple(
            RoundResult(r.round, r.kind, None if r.opponent is None else mapping[r.opponent],
                        r.colour, r.outcome) for r in p.results))
        for p in t.players), t.rounds)
    before = compute(t, codes, edition)
    after = compute(renumbered, codes, edition)
    for sno in old:
        assert before.row(sno) == after.row(mapping[sno])
    ranks_before = {s.start_no: s.rank for s in rank(t, codes, edition)}
    ranks_after = {s.start_no: s.rank for s in rank(renumbered, codes, edition)}
    assert all(ranks_before[s] == ranks_after[mapping[s]] for s in old)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 9), st.sampled_from(["fide-2026", "fide-2024"]))
def test_round_robin_buchholz_plus_own_points_is_constant(seed: int, players: int,
                                                          edition: str) -> None:
    t = round_robin(seed, players)
    table = compute(t, "BH", edition)
    totals = {table.value(s, "BH") + table.points[i] for i, s in enumerate(table.start_nos)}
    assert len(totals) == 1
    assert totals == {sum(table.points, Fraction(0))}
    assert any("round-robins" in w for w in table.warnings)


@settings(max_examples=40, deadline=None)
@given(events, st.sampled_from(EDITIONS))
def test_one_tiebreak_never_changes_another(t: Tournament, edition: str) -> None:
    alone = {code: compute(t, code, edition) for code in ("SB", "FB", "BH/C1", "APRO", "DE")}
    together = compute(t, "FB,SB,APRO,BH/C1,DE", edition)
    for code, table in alone.items():
        assert all(table.value(s, code) == together.value(s, code) for s in table.start_nos)
