"""``ladder bench replay`` on a tiny synthetic history: one JSON line with the replay times,
and each late correction's statements and CPU time next to its wall time."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ladder.cli import cli


def test_bench_replay_prints_times_statements_and_cpu_of_the_corrections() -> None:
    result = CliRunner().invoke(cli, ["bench", "replay", "--members", "40", "--games", "300",
                                      "--years", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["database"] == "sqlite" and report["events"] == 52
    assert report["games"] == 300 and report["rating_rows"] > 0
    assert 0 < report["correction_replay_s"] <= report["correction_replay_max_s"]
    # A correction reads and writes: some statements, never hundreds (no read per row).
    assert 5 <= report["correction_statements"] <= 40
    assert report["correction_cpu_ms"] > 0
