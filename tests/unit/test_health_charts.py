"""Pool-health SVG charts: well-formed, one mark per datum, positions, escaping."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from ladder.club.health import (
    calibration,
    games_per_month,
    glicko_history,
    glicko_lens,
    glicko_predictions,
    ladder_predictions,
    pool_series,
)
from ladder.club.health_charts import (
    Series,
    calibration_chart,
    month_bars,
    series_chart,
    uncertainty_chart,
)
from ladder.club.history import ladder_as_of, ladder_games

from .history_data import make_history

NS = "{http://www.w3.org/2000/svg}"


def _svg(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == NS + "svg"
    assert root.get("role") == "img"
    return root


def test_series_chart() -> None:
    h = make_history(1)
    points = pool_series(h.dated, monthly=True)
    mean = Series("mean", "Mean <established>", tuple(
        (p.date, p.mean) for p in points if p.mean is not None))
    median = Series("median", "Median", tuple(
        (p.date, p.median) for p in points if p.median is not None))
    root = _svg(series_chart([mean, median], title="Ratings & drift", description="d",
                             reference=1200.0, reference_label="start"))
    lines = root.findall(f".//{NS}polyline")
    assert [line.get("class") for line in lines] == ["line line-mean", "line line-median"]
    assert len(lines[0].get("points", "").split()) == len(mean.points)
    assert root.find(f"{NS}title").text == "Ratings & drift"  # type: ignore[union-attr]
    legend = [t.text for t in root.findall(f".//{NS}g[@class='legend']/{NS}text")]
    assert legend == ["Mean <established>", "Median"]
    assert root.find(f".//{NS}line[@class='reference']") is not None
    # A single point is drawn as a dot; nothing at all gives no chart.
    one = Series("x", "x", ((dt.date(2025, 1, 1), 1300.0),))
    assert _svg(series_chart([one], title="t", description="d")).find(f".//{NS}circle") is not None
    assert series_chart([Series("x", "x", ())], title="t", description="d") == ""


def test_month_bars_heights_are_proportional() -> None:
    h = make_history(2)
    months = games_per_month(h.games)
    root = _svg(month_bars(months, title="Games", description="per month"))
    bars = root.findall(f".//{NS}rect[@class='bar']")
    assert [int(b.get("data-games", "-1")) for b in bars] == [m.games for m in months]
    heights = [float(b.get("height", "0")) for b in bars]
    top = max(m.games for m in months)
    tallest = max(heights)
    for m, height in zip(months, heights, strict=False):
        assert abs(height - tallest * m.games / top) <= 0.2
    assert month_bars([], title="t", description="d") == ""


def test_calibration_chart_one_marker_per_band_and_system() -> None:
    h = make_history(3, n_events=40)
    ladder = calibration(ladder_predictions(ladder_games(h.games, h.rows)))
    glicko = calibration(glicko_predictions(list(h.games), glicko_history(h.games)))
    root = _svg(calibration_chart([("ladder", "Ladder", ladder), ("glicko2", "Glicko-2", glicko)],
                                  title="Calibration", description="d"))
    for key, cal in (("ladder", ladder), ("glicko2", glicko)):
        marks = root.findall(f".//{NS}g[@class='system system-{key}']/{NS}circle")
        assert len(marks) == sum(1 for b in cal.bands if b.count)
        assert sorted(int(m.get("data-games", "0")) for m in marks) == sorted(
            b.count for b in cal.bands if b.count)
    empty = calibration([])
    assert calibration_chart([("ladder", "Ladder", empty)], title="t", description="d") == ""


def test_uncertainty_chart_escapes_names() -> None:
    h = make_history(4)
    lens = glicko_lens(ladder_as_of(h.dated, None), glicko_history(h.games))
    names = [f"<b>M{x.ladder.member_id}</b>" for x in lens]
    markup = uncertainty_chart(lens, names, title="Glicko-2", description="d")
    assert "<b>" not in markup and "&lt;b&gt;M" in markup
    root = _svg(markup)
    rows = root.findall(f".//{NS}g[@class='member']")
    assert len(rows) == len(lens)
    assert len(root.findall(f".//{NS}rect[@class='band']")) == sum(
        1 for x in lens if x.glicko is not None)
    # The band's pixel width grows with the RD.
    widths = {int(r.get("data-member", "0")): float(
        r.find(f"{NS}rect").get("width", "0"))  # type: ignore[union-attr]
        for r in rows if r.find(f"{NS}rect") is not None}
    rds = {x.ladder.member_id: x.glicko.rd for x in lens if x.glicko is not None}
    ordered = sorted(widths, key=lambda m: rds[m])
    assert [widths[m] for m in ordered] == sorted(widths.values())
    assert uncertainty_chart([], [], title="t", description="d") == ""
