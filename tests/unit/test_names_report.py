"""Floors for the labelled name-matching measurement (see name_matching_report.py)."""
from __future__ import annotations

import pytest

from ladder.names import name_key
from tests.unit.name_matching_report import PAIRS_CSV, load_pairs, measure


@pytest.fixture(scope="module")
def report():
    return measure()


def test_labelled_set_is_large_and_covers_every_script() -> None:
    pairs = load_pairs(PAIRS_CSV)
    assert len(pairs) >= 150
    text = " ".join(p.typed + p.existing for p in pairs)
    assert any("\uac00" <= c <= "\ud7a3" for c in text)  # Hangul
    assert any("\u4e00" <= c <= "\u9fff" for c in text)  # Han
    assert "Muhammad Rizky Pratama" in text and "Wang Xiaoming" in text
    assert sum(not p.same_person for p in pairs) >= 50


def test_labelled_set_is_consistent() -> None:
    """A typed name identical to an existing one must be labelled as that person."""
    pairs = load_pairs(PAIRS_CSV)
    positives = {(name_key(p.typed), name_key(p.existing)) for p in pairs if p.same_person}
    negatives = {(name_key(p.typed), name_key(p.existing)) for p in pairs if not p.same_person}
    assert not positives & negatives
    existing = {name_key(p.existing) for p in pairs}
    for p in pairs:
        if name_key(p.typed) in existing:
            assert (name_key(p.typed), name_key(p.typed)) in positives, p.typed


def test_right_member_first(report) -> None:
    assert report.top1 >= 0.90
    assert report.in_spec_top1 >= 0.95


def test_right_member_in_top_three(report) -> None:
    assert report.top3 >= 0.94
    assert report.in_spec_top3 >= 0.97


def test_new_people_get_few_suggestions(report) -> None:
    assert report.new_people >= 25
    assert report.avg_suggestions_new <= 0.5
    assert report.new_with_none >= 0.8


def test_labelled_non_matches_rarely_suggested(report) -> None:
    assert report.negatives_suggested <= 0.15
    assert report.negatives_above_right <= 2
