"""``ladder bench pages`` on a tiny synthetic history: one JSON line with every page's
cold, cached and 304 times, sizes and the ratios to the hello-world route."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ladder.cli import cli


def test_bench_pages_prints_one_json_line_with_every_page(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    args = ["bench", "pages", "--members", "40", "--games", "300", "--years", "1",
            "--samples", "1", "--database-url", url]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["built"] is True and report["members"] == 40 and report["events"] == 52
    for name in ("ladder", "ladder_more", "roster", "events", "profile", "event", "standings",
                 "crosstable", "explain", "tool_tiebreaks"):
        page = report["pages"][name]
        assert page["bytes"] > 0
        for kind in ("cold", "warm", "revalidate"):
            assert page[kind]["median_ms"] > 0 and page[kind]["p95_ms"] >= 0
        assert page["cold"]["statements"] >= 1 and page["cold"]["cpu_ms"] > 0
    assert report["hello"]["median_ms"] > 0 and report["dashboard_unchanged"]["median_ms"] > 0
    again = CliRunner().invoke(cli, args)  # the history at the URL is reused, not rebuilt
    assert again.exit_code == 0 and json.loads(again.output)["built"] is False
