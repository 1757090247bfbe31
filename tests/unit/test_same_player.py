"""One player typed two ways in one event (docs/desk.md §2): the pairs suggested, the checks, and
the event made one player per pair (pure core)."""

from __future__ import annotations

from fractions import Fraction

from ladder.formats import read_event
from ladder.formats.same_player import check_same, merge_same, suggested_pairs
from ladder.tiebreaks import rank
from ladder.vocabulary.tournament import Kind
from tests.factories import TWO_SPELLINGS_PASTE


def _paste():
    return read_event(TWO_SPELLINGS_PASTE, "<paste>").require()


def _no(t, name: str) -> int:
    return next(p.start_no for p in t.players if p.name == name)


def test_the_five_players_typed_two_ways_are_suggested_as_pairs() -> None:
    t = _paste()
    assert len(t.players) == 16
    pairs = {(t.player(p.first).name, t.player(p.second).name) for p in suggested_pairs(t)}
    assert pairs == {("Petrov Viktor", "Viktor Petrov"), ("Kowalska Anna", "Anna Kowalska"),
                     ("Nguyen Linh", "Linh Nguyen"), ("Okafor Chidi", "Chidi Okafor"),
                     ("Silva Ana", "Ana Silva")}


def test_two_rows_resembling_one_member_are_suggested() -> None:
    t = _paste()
    # Lucas and Omar have a result (a game or a pairing bye) in both rounds: never one
    # player, even when both resemble one member.
    a, b = _no(t, "Lucas Moreau"), _no(t, "Omar Haddad")
    assert not [p for p in suggested_pairs(t, {a: 7, b: 7}) if {p.first, p.second} == {a, b}]
    v1, v2 = _no(t, "Petrov Viktor"), _no(t, "Viktor Petrov")
    pair = next(p for p in suggested_pairs(t, {v1: 3, v2: 3}) if p.first == v1)
    assert pair.second == v2 and pair.member == 3


def test_two_players_of_one_round_cannot_be_one() -> None:
    t = _paste()
    petrov, larsen = _no(t, "Petrov Viktor"), _no(t, "Henrik Larsen")
    assert petrov in check_same(t, {larsen: petrov}) or larsen in check_same(t, {larsen: petrov})
    assert check_same(t, {_no(t, "Viktor Petrov"): petrov}) == {}


def test_merged_event_has_eleven_players_with_both_rounds() -> None:
    t = _paste()
    same = {p.second: p.first for p in suggested_pairs(t)}
    merged, renumber = merge_same(t, same)
    assert len(merged.players) == 11
    assert sorted(p.start_no for p in merged.players) == list(range(1, 12))
    viktor = merged.player(renumber[_no(t, "Petrov Viktor")])
    assert viktor.name == "Petrov Viktor"
    assert [r.kind for r in viktor.results] == [Kind.WIN, Kind.DRAW]
    anna = merged.player(renumber[_no(t, "Anna Kowalska")])
    assert anna.results[1].opponent == viktor.start_no  # the opponent points at the kept row
    assert renumber[_no(t, "Viktor Petrov")] == viktor.start_no
    standings = rank(merged, "PTS", "fide-2024")
    points = {s.name: s.points for s in standings}
    assert len(points) == 11 and points["Petrov Viktor"] == Fraction(3, 2)


def test_a_partial_file_is_recognised_by_its_title_or_its_blank_rounds() -> None:
    """Issue 24.4 (the pure part): "after round 5 of 6" in the title, or rounds announced
    without results; a finished event is not partial."""
    import dataclasses

    from ladder.formats.partial import partial_event
    from tests.factories import TESTDATA
    koshnitsky = read_event((TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf")
                            .read_text(), "k.trf").require()
    said = partial_event(koshnitsky)
    assert said is not None and (said.params["done"], said.params["total"]) == (5, 6)
    t = _paste()
    assert partial_event(t) is None
    assert partial_event(dataclasses.replace(t, rounds=3)).params == {"done": 2, "total": 3}
    assert partial_event(dataclasses.replace(t, name="Club Champs after 6 of 6 rounds")) is None
