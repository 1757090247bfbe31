"""Sections: exact partitions by rating, sizes within one, bands, refusals, starting lists."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.club.sections import (
    Section,
    SectionError,
    SectionPlayer,
    section_trf,
    sections_csv,
    split_bands,
    split_equal,
    validate_bands,
    validate_count,
)
from ladder.formats.trf import read_trf

PLAYERS = st.lists(
    st.builds(SectionPlayer, st.integers(1, 10_000),
              st.floats(600, 2600).map(lambda r: round(r * 4) / 4)  # some equal ratings
              | st.sampled_from([1500.0, 1499.5, 1600.0]),
              st.booleans()),
    min_size=1, max_size=40, unique_by=lambda p: p.member_id)


def _flat(sections: tuple[Section, ...]) -> list[SectionPlayer]:
    return [p for s in sections for p in s.players]


@given(players=PLAYERS, data=st.data())
def test_equal_split_partitions_in_rating_order(players: list[SectionPlayer],
                                                data: st.DataObject) -> None:
    count = data.draw(st.integers(1, len(players)))
    sections = split_equal(players, count)
    assert [s.number for s in sections] == list(range(1, count + 1))
    flat = _flat(sections)
    # Exactly the present members, each once.
    assert sorted(p.member_id for p in flat) == sorted(p.member_id for p in players)
    # Rating order across and within sections (best first), ties by member id.
    assert [(-p.rating, p.member_id) for p in flat] == sorted(
        (-p.rating, p.member_id) for p in players)
    sizes = [s.size for s in sections]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1
    assert sizes == sorted(sizes, reverse=True)  # the larger sections on top
    for upper, lower in zip(sections, sections[1:], strict=False):
        assert upper.lowest is not None and lower.highest is not None
        assert upper.lowest >= lower.highest


def test_equal_split_example_and_provisional_by_rating() -> None:
    players = [SectionPlayer(i, r, prov) for i, r, prov in [
        (1, 1500, False), (2, 1800, True), (3, 1200, False), (4, 1650, False),
        (5, 1650, False), (6, 1100, True), (7, 1400, False), (8, 1300, False),
        (9, 1000, False), (10, 1550, False)]]
    top, middle, bottom = split_equal(players, 3)
    assert [p.member_id for p in top.players] == [2, 4, 5, 10]  # the provisional 1800 on top
    assert [p.member_id for p in middle.players] == [1, 7, 8]
    assert [p.member_id for p in bottom.players] == [3, 6, 9]
    assert (top.highest, top.lowest, top.provisional_count) == (1800, 1550, 1)
    assert (bottom.band_low, bottom.band_high) == (None, None)


@given(players=PLAYERS,
       bounds=st.lists(st.integers(800, 2400), min_size=1, max_size=5, unique=True).map(sorted))
def test_band_split_partitions_by_shown_rating(players: list[SectionPlayer],
                                               bounds: list[int]) -> None:
    sections = split_bands(players, bounds)
    assert len(sections) == len(bounds) + 1
    assert sorted(p.member_id for p in _flat(sections)) == sorted(p.member_id for p in players)
    lows = [s.band_low for s in sections]
    assert lows == [*reversed(bounds), None]
    assert [s.band_high for s in sections] == [None, *reversed(bounds)]
    for s in sections:
        for p in s.players:
            shown = int(p.rating + 0.5)  # ratings here are positive: floor(r + ½)
            assert s.band_low is None or shown >= s.band_low
            assert s.band_high is None or shown < s.band_high
        assert [(-p.rating, p.member_id) for p in s.players] == sorted(
            (-p.rating, p.member_id) for p in s.players)


def test_band_split_uses_the_shown_rating_and_keeps_empty_bands() -> None:
    players = [SectionPlayer(1, 1599.5, False), SectionPlayer(2, 1599.4, False),
               SectionPlayer(3, 1700.0, True)]
    top, middle, bottom = split_bands(players, [1400, 1600])
    assert [p.member_id for p in top.players] == [3, 1]  # 1599.5 shows as 1600
    assert [p.member_id for p in middle.players] == [2]
    assert bottom.players == () and bottom.highest is None and bottom.lowest is None
    assert (top.band_low, top.band_high, bottom.band_low, bottom.band_high) == (
        1600, None, None, 1400)


def test_refusals_are_message_ids() -> None:
    players = [SectionPlayer(1, 1500.0, False), SectionPlayer(2, 1400.0, False)]
    assert [m.id for m in validate_count(players, 0)] == ["Ask for at least one section."]
    (too_many,) = validate_count(players, 3)
    assert too_many.params == {"count": 3, "players": 2}
    assert [m.id for m in validate_count([], 1)] == ["Tick at least one member who is present."]
    twice = validate_count(players + [SectionPlayer(1, 1500.0, False)], 1)
    assert [m.params for m in twice] == [{"member": 1}]
    assert validate_count(players, 2) == ()
    (not_increasing,) = validate_bands(players, [1600, 1400])
    assert not_increasing.params == {"low": "1600", "high": "1400"}
    assert len(validate_bands(players, [1400, 1400])) == 1
    assert [m.id for m in validate_bands(players, [])] == [
        "Give at least one rating at which a section begins."]
    assert len(validate_bands(players, [float("nan")])) == 1
    with pytest.raises(SectionError) as err:
        split_equal(players, 5)
    assert err.value.messages == validate_count(players, 5)
    with pytest.raises(SectionError):
        split_bands(players, [1500, 1500])


def test_csv_and_trf_starting_lists() -> None:
    players = [SectionPlayer(i, r, i == 3) for i, r in
               [(1, 1500.4), (2, 1800.6), (3, 1200.0), (4, 1650.0), (5, 1100.0)]]
    sections = split_equal(players, 2)
    names = {1: "Ann Lee", 2: "=cmd()", 3: "J. B.", 4: "김O준", 5: "Bo Chen"}
    rows = list(csv.DictReader(io.StringIO(sections_csv(sections, names))))
    assert [(r["section"], r["start_no"], r["member_id"]) for r in rows] == [
        ("1", "1", "2"), ("1", "2", "4"), ("1", "3", "1"), ("2", "1", "3"), ("2", "2", "5")]
    assert rows[0]["name"] == "'=cmd()" and rows[0]["rating"] == "1801"
    assert rows[3]["provisional"] == "yes" and rows[3]["name"] == "J. B."
    t = read_trf(section_trf(sections[0], names, "Section A"))
    assert t.name == "Section A"
    assert [(p.start_no, p.name, p.rating) for p in t.players] == [
        (1, "=cmd()", 1801), (2, "김O준", 1650), (3, "Ann Lee", 1500)]
