"""The rating chart (pure SVG): ticks, placement, escaping, degenerate histories."""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET

from ladder.club.charts import ChartPoint, date_ticks, nice_ticks, place, rating_chart

SVG = "{http://www.w3.org/2000/svg}"


def _points(*ratings: float) -> list[ChartPoint]:
    start = dt.date(2025, 1, 9)
    return [ChartPoint(start + dt.timedelta(days=14 * i), r, f"Night {i + 1}: {r:.1f}")
            for i, r in enumerate(ratings)]


def test_nice_ticks_cover_the_range() -> None:
    ticks = nice_ticks(1187.3, 1412.6)
    assert ticks[0] <= 1187.3 and ticks[-1] >= 1412.6
    assert 3 <= len(ticks) <= 7
    steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() in (50, 100)
    flat = nice_ticks(1200, 1200)
    assert flat[0] < 1200 < flat[-1]


def test_date_ticks_are_month_starts() -> None:
    ticks = date_ticks(dt.date(2025, 1, 9), dt.date(2025, 11, 20))
    assert all(t.day == 1 for t in ticks) and 3 <= len(ticks) <= 7
    assert date_ticks(dt.date(2025, 3, 6), dt.date(2025, 3, 20)) == [dt.date(2025, 3, 6),
                                                                      dt.date(2025, 3, 20)]


def test_svg_is_well_formed_with_one_marker_per_point() -> None:
    points = _points(1200, 1240.5, 1221.25, 1300)
    svg = rating_chart(points, title="Rating of <Ann> & co", description="desc")
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    circles = root.findall(f".//{SVG}circle")
    assert [c.get("data-rating") for c in circles] == ["1200.0", "1240.5", "1221.2", "1300.0"]
    assert [c.find(f"{SVG}title").text for c in circles][0] == "Night 1: 1200.0"
    assert root.find(f"{SVG}title").text == "Rating of <Ann> & co"  # escaped, then parsed back
    assert root.find(f".//{SVG}polyline") is not None
    ticks = [t.text for t in root.findall(f".//{SVG}text")]
    assert "1200" in ticks and "1300" in ticks and any("2025" in t for t in ticks)
    assert "style=" not in svg and "<script" not in svg


def test_placement_follows_rating_and_date() -> None:
    placed, y_ticks, _x, _r = place(_points(1200, 1300, 1250))
    xs = [p.x for p in placed]
    ys = [p.y for p in placed]
    assert xs == sorted(xs)
    assert ys[1] < ys[2] < ys[0]  # higher rating, higher on screen (smaller y)


def test_single_point_and_no_point() -> None:
    svg = rating_chart(_points(1234.5), title="t", description="d")
    assert svg.count("<circle") == 1 and "<polyline" not in svg
    assert re.search(r'cx="[\d.]+"', svg)
    assert rating_chart([], title="t", description="d") == ""
