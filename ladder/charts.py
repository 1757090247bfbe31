"""A rating-history chart as inline SVG, rendered on the server (no JavaScript, no Flask).

:func:`rating_chart` takes plain points (date, rating, label) and returns SVG markup: a y axis
with labelled rating ticks, an x axis with labelled date ticks, a line through the points and
one marker per point carrying a ``<title>`` (the browser's tooltip and the screen reader's
text). Colours come from classes styled in ``public.css``; presentation attributes are set too,
so the chart stays readable without the stylesheet. Every text is escaped here.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 640, 260
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 56, 16, 16, 40
_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
_MONTH_STEPS = (1, 2, 3, 6, 12, 24, 60)


@dataclass(frozen=True)
class ChartPoint:
    """One point: the rating after an event, on the event's date."""

    date: dt.date
    rating: float
    label: str  # the tooltip (event, date, before → after), plain text


@dataclass(frozen=True)
class PlacedPoint:
    """A point at its pixel position (what the SVG draws; tests compare these)."""

    x: float
    y: float
    point: ChartPoint


def nice_ticks(low: float, high: float, target: int = 5) -> list[int]:
    """Round rating ticks covering ``low``…``high`` (at least two, about ``target``)."""
    if high - low < 1:
        low, high = low - 10, high + 10
    step = next((s for s in _STEPS if (high - low) / s <= target), _STEPS[-1])
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(int(first), int(last) + 1, step))


def date_ticks(first: dt.date, last: dt.date, target: int = 6) -> list[dt.date]:
    """First days of months between ``first`` and ``last`` (every n months, about ``target``).

    A history inside one month gets its first and last dates as ticks instead.
    """
    months = (last.year - first.year) * 12 + last.month - first.month
    if months == 0:
        return sorted({first, last})
    step = next((s for s in _MONTH_STEPS if months / s <= target), _MONTH_STEPS[-1])
    ticks = []
    year, month = first.year, first.month + 1
    if month > 12:
        year, month = year + 1, 1
    index = 0
    while (year, month) <= (last.year, last.month):
        if index % step == 0:
            ticks.append(dt.date(year, month, 1))
        index += 1
        month += 1
        if month > 12:
            year, month = year + 1, 1
    return ticks or [first]


def place(points: list[ChartPoint]) -> tuple[list[PlacedPoint], list[int], list[dt.date],
                                              tuple[float, float, dt.date, dt.date]]:
    """Pixel positions of the points, the ticks, and the value ranges used."""
    ratings = [p.rating for p in points]
    y_ticks = nice_ticks(min(ratings), max(ratings))
    y_low, y_high = y_ticks[0], y_ticks[-1]
    first, last = min(p.date for p in points), max(p.date for p in points)
    x_ticks = date_ticks(first, last)
    x_first = min([first, *x_ticks])
    x_last = max([last, *x_ticks])
    span = max((x_last - x_first).days, 1)
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

    def x_of(day: dt.date) -> float:
        if x_first == x_last:
            return MARGIN_LEFT + plot_w / 2
        return MARGIN_LEFT + plot_w * (day - x_first).days / span

    def y_of(rating: float) -> float:
        return MARGIN_TOP + plot_h * (y_high - rating) / (y_high - y_low)

    placed = [PlacedPoint(round(x_of(p.date), 1), round(y_of(p.rating), 1), p) for p in points]
    return placed, y_ticks, x_ticks, (y_low, y_high, x_first, x_last)


def rating_chart(points: list[ChartPoint], *, title: str, description: str,
                 month_names: tuple[str, ...] | None = None, chart_id: str = "rating-chart"
                 ) -> str:
    """The SVG markup of the chart (an empty string when there is no point)."""
    if not points:
        return ""
    placed, y_ticks, x_ticks, (y_low, y_high, x_first, x_last) = place(points)
    months = month_names or ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
                             "Oct", "Nov", "Dec")
    plot_bottom = HEIGHT - MARGIN_BOTTOM
    plot_right = WIDTH - MARGIN_RIGHT
    parts = [
        f'<svg class="chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-labelledby="{escape(chart_id)}-title {escape(chart_id)}-desc" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(chart_id)}-title">{escape(title)}</title>',
        f'<desc id="{escape(chart_id)}-desc">{escape(description)}</desc>',
        '<g class="grid">',
    ]
    for tick in y_ticks:
        y = MARGIN_TOP + (plot_bottom - MARGIN_TOP) * (y_high - tick) / (y_high - y_low)
        parts.append(f'<line x1="{MARGIN_LEFT}" y1="{y:.1f}" x2="{plot_right}" y2="{y:.1f}" '
                     f'stroke="#d0d0d0" stroke-width="1"/>')
        parts.append(f'<text class="tick" x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" '
                     f'text-anchor="end" font-size="12" fill="#404040">{tick}</text>')
    span = max((x_last - x_first).days, 1)
    for day in x_ticks:
        x = (MARGIN_LEFT + (plot_right - MARGIN_LEFT) / 2 if x_first == x_last else
             MARGIN_LEFT + (plot_right - MARGIN_LEFT) * (day - x_first).days / span)
        label = f"{months[day.month - 1]} {day.year}" if day.day == 1 else day.isoformat()
        parts.append(f'<line x1="{x:.1f}" y1="{plot_bottom}" x2="{x:.1f}" y2="{plot_bottom + 5}" '
                     f'stroke="#404040" stroke-width="1"/>')
        parts.append(f'<text class="tick" x="{x:.1f}" y="{plot_bottom + 20}" '
                     f'text-anchor="middle" font-size="12" fill="#404040">{escape(label)}</text>')
    parts.append("</g>")
    parts.append(f'<g class="axes"><line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" '
                 f'x2="{MARGIN_LEFT}" y2="{plot_bottom}" stroke="#404040" stroke-width="1"/>'
                 f'<line x1="{MARGIN_LEFT}" y1="{plot_bottom}" x2="{plot_right}" '
                 f'y2="{plot_bottom}" stroke="#404040" stroke-width="1"/></g>')
    if len(placed) > 1:
        path = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in placed)
        parts.append(f'<polyline class="line" points="{path}" fill="none" stroke="#0b5cad" '
                     f'stroke-width="2"/>')
    parts.append('<g class="points">')
    for p in placed:
        parts.append(f'<circle class="point" cx="{p.x:.1f}" cy="{p.y:.1f}" r="4" '
                     f'fill="#0b5cad" data-rating="{p.point.rating:.1f}" '
                     f'data-date="{p.point.date.isoformat()}">'
                     f'<title>{escape(p.point.label)}</title></circle>')
    parts.append("</g></svg>")
    return "".join(parts)
