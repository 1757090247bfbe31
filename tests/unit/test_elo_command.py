"""``ladder elo fide`` / ``ladder elo performance`` (docs/command-line.md)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ladder.elo.command import elo_group


def run(*args: str):
    return CliRunner().invoke(elo_group, list(args))


def test_fide_json() -> None:
    result = run("fide", "--rating", "1922", "--opponents", "1798,1801,1897", "--score", "2",
                 "--k", "40", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"new_rating": 1928, "change": 6, "k": 40,
                                         "expected": 1.86}


def test_fide_vectors_and_k_cap() -> None:
    out = json.loads(run("fide", "--rating", "1794", "--opponents",
                         "2073,1938,1847,1986,2115,1902,1831", "--score", "2.5", "--k", "40",
                         "--json").output)
    assert out["new_rating"] == 1811
    out = json.loads(run("fide", "--rating", "1787", "--opponents",
                         "2813,1626,1675,1579,1742", "--score", "2", "--k", "40",
                         "--json").output)
    assert out["new_rating"] == 1756 and out["change"] == -31
    out = json.loads(run("fide", "--rating", "2000", "--opponents", ",".join(["2000"] * 18),
                         "--score", "9", "--k", "40", "--json").output)
    assert out["k"] == 38


def test_fide_default_k_from_schedule() -> None:
    out = json.loads(run("fide", "--rating", "1500", "--opponents", "1500", "--score", "1",
                         "--games", "3", "--json").output)
    assert out["k"] == 40 and out["change"] == 20
    out = json.loads(run("fide", "--rating", "1500", "--opponents", "1500", "--score", "1",
                         "--json").output)
    assert out["k"] == 20


def test_text_output_is_the_formula() -> None:
    result = run("fide", "--rating", "1922", "--opponents", "1798,1801,1897", "--score", "2",
                 "--k", "40")
    assert "1928" in result.output and "ΣPD" in result.output


def test_performance_json() -> None:
    result = run("performance", "--opponents", "1798,1801,1897", "--score", "2", "--json")
    assert result.exit_code == 0 and json.loads(result.output) == {"performance": 1957}


@pytest.mark.parametrize("args, word", [
    (("fide", "--rating", "1500", "--opponents", "1500,1600", "--score", "3"), "more than"),
    (("fide", "--rating", "-5", "--opponents", "1500", "--score", "1"), "negative"),
    (("fide", "--rating", "abc", "--opponents", "1500", "--score", "1"), "whole number"),
    (("fide", "--rating", "1500", "--opponents", "1500,x", "--score", "1"), "whole number"),
    (("fide", "--rating", "1500", "--opponents", "1500", "--score", "one"), "score"),
    (("fide", "--rating", "1500", "--opponents", "1500", "--score", "1", "--k", "k"), "whole"),
    (("performance", "--opponents", "1500", "--score", "2"), "more than"),
    (("performance", "--opponents", "1500,-1", "--score", "1"), "negative"),
])
def test_bad_input_one_line_exit_2(args: tuple[str, ...], word: str) -> None:
    result = CliRunner().invoke(elo_group, list(args))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and word in lines[0]


def test_registered_in_the_ladder_group(runner) -> None:
    result = runner.invoke(args=["elo", "performance", "--opponents", "2000,2000",
                                 "--score", "1", "--json"])
    assert result.exit_code == 0 and json.loads(result.output) == {"performance": 2000}
