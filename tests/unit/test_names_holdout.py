"""Floors for the labelled holdout across scripts, short forms and aliases
(name_holdout_report.py)."""
from __future__ import annotations

import pytest

from ladder.names import name_key
from tests.unit.name_holdout_report import NEW, load_cases, load_roster, measure

REQUIRED = ("korean_cross", "chinese_cross", "trad_simp", "jamo_typo", "nickname", "indonesian")


@pytest.fixture(scope="module")
def report():
    # Speed is printed by the report script, never asserted (no timing in tests).
    return measure(bench=False)


def test_holdout_is_large_new_and_consistent() -> None:
    cases = load_cases()
    assert sum(c.category != NEW for c in cases) >= 300
    assert sum(c.category == NEW for c in cases) >= 50
    roster_keys = {name_key(m.name) for m in load_roster()}
    for c in cases:
        assert all(name_key(e) in roster_keys for e in c.expected), c
        if c.category == NEW:
            assert name_key(c.typed) not in roster_keys, c


@pytest.mark.parametrize("category", REQUIRED)
def test_right_member_in_top_three(report, category: str) -> None:
    fig = report.by_category[category]
    assert fig.cases >= 25
    assert fig.top3 / fig.cases >= 0.95, fig.misses
    assert fig.confident_wrong == 0, fig.misses


def test_aliases_are_found_and_preselected(report) -> None:
    fig = report.by_category["alias"]
    assert fig.top1 == fig.cases, fig.misses
    assert report.preselect_cases >= 5 and report.preselect_right == report.preselect_cases


def test_new_people_get_few_suggestions_and_none_confident(report) -> None:
    fig = report.by_category[NEW]
    assert fig.suggestions / fig.cases < 0.2, fig.misses
    assert fig.confident_wrong == 0 and fig.max_score < 90, fig.misses
