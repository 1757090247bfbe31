"""A rating-history chart as inline SVG, rendered on the server (no JavaScript, no Flask).

:func:`rating_chart` takes plain points (date, rating, label) and returns SVG markup: a y axis
with labelled rating ticks, an x axis with labelled date ticks, a line through the points and
one marker per point carrying a ``<title>`` (the browser's tooltip and the screen reader's
text). The line starts at the member's start rating (a square marker, not a point: it is no
event). Colours come from classes styled in ``public.css``; presentation attributes are set
too, so the chart stays readable without the stylesheet. Every text is escaped here.

:func:`chart_links` draws a second, transparent SVG of the same size to lay over the chart:
one link per point with a hit area of at least 24 CSS px on a 360 px phone, so every point can
be reached by keyboard (Tab) and by touch, shows its value on focus or hover, and leads to the
event's row in the table below (the chart's text alternative). The chart itself stays a plain
``role="img"``: an image cannot hold links.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 640, 260
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 72, 20, 24, 44
#: Side of a point's hit area in SVG units: 48 units are 25.8 CSS px when the chart is drawn
#: 344 px wide (a 360 px phone less the page's margins), so every tap target is ≥ 24 px.
HIT = 48
_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
_MONTH_STEPS = (1, 2, 3, 6, 12, 24, 60)


@dataclass(frozen=True)
class ChartPoint:
    """One point: the rating after an event, on the event's date."""

    date: dt.date
    rating: float
    label: str  # the tooltip (event, date, before → after), plain text
    href: str = ""  # where the point's link leads (chart_links), e.g. "#event-12"
    value: str = ""  # the short text shown on focus, e.g. "1318.1"


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


def start_point(points: list[ChartPoint], rating: float, label: str) -> ChartPoint:
    """The start of the line: ``rating`` a little before the first event (1/25 of the span,
    at least a week), so the first event's change shows as a segment."""
    first, last = min(p.date for p in points), max(p.date for p in points)
    lead = max(dt.timedelta(days=7), (last - first) / 25)
    return ChartPoint(first - lead, rating, label)


def place(points: list[ChartPoint], start: ChartPoint | None = None
          ) -> tuple[list[PlacedPoint], list[int], list[dt.date],
                     tuple[float, float, dt.date, dt.date]]:
    """Pixel positions of the points (the start first, when given), the ticks, and the value
    ranges used."""
    points = ([start] if start else []) + list(points)
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
                 month_names: tuple[str, ...] | None = None, chart_id: str = "rating-chart",
                 start: ChartPoint | None = None,
                 month_label: Callable[[dt.date], str] | None = None,
                 day_label: Callable[[dt.date], str] | None = None) -> str:
    """The SVG markup of the chart (an empty string when there is no point).

    ``start`` (see :func:`start_point`) begins the line at the start rating, drawn as a
    square. ``month_label`` writes a month tick the reader's way ("2026년 6월"; the web edge
    passes Babel's), else ``month_names`` and the year; ``day_label`` writes a tick that is not
    on the 1st (else ISO). Every other date tick is ``minor`` (hidden on a phone, where labels
    grow).
    """
    if not points:
        return ""
    placed, y_ticks, x_ticks, (y_low, y_high, x_first, x_last) = place(points, start)
    start_placed = placed[0] if start else None
    if start:
        placed = placed[1:]
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
    for index, day in enumerate(x_ticks):
        minor = " minor" if index % 2 and len(x_ticks) > 3 else ""
        x = (MARGIN_LEFT + (plot_right - MARGIN_LEFT) / 2 if x_first == x_last else
             MARGIN_LEFT + (plot_right - MARGIN_LEFT) * (day - x_first).days / span)
        label = ((month_label(day) if month_label else f"{months[day.month - 1]} {day.year}")
                 if day.day == 1 else (day_label(day) if day_label else day.isoformat()))
        parts.append(f'<line x1="{x:.1f}" y1="{plot_bottom}" x2="{x:.1f}" y2="{plot_bottom + 5}" '
                     f'stroke="#404040" stroke-width="1"/>')
        # A tick near the right edge ends at its mark, so a long label ("2026년 12월", shown
        # larger on a phone) is not cut by the chart's edge.
        anchor = "end" if x > WIDTH - MARGIN_RIGHT - 60 else "middle"
        parts.append(f'<text class="tick{minor}" x="{x:.1f}" y="{plot_bottom + 26}" '
                     f'text-anchor="{anchor}" font-size="12" fill="#404040">{escape(label)}</text>')
    parts.append("</g>")
    parts.append(f'<g class="axes"><line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" '
                 f'x2="{MARGIN_LEFT}" y2="{plot_bottom}" stroke="#404040" stroke-width="1"/>'
                 f'<line x1="{MARGIN_LEFT}" y1="{plot_bottom}" x2="{plot_right}" '
                 f'y2="{plot_bottom}" stroke="#404040" stroke-width="1"/></g>')
    line = ([start_placed] if start_placed else []) + placed
    if len(line) > 1:
        path = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in line)
        parts.append(f'<polyline class="line" points="{path}" fill="none" stroke="#0b5cad" '
                     f'stroke-width="2"/>')
    if start_placed:
        parts.append(f'<rect class="start" x="{start_placed.x - 4:.1f}" '
                     f'y="{start_placed.y - 4:.1f}" width="8" height="8" fill="#fff" '
                     f'stroke="#0b5cad" stroke-width="2" data-rating="'
                     f'{start_placed.point.rating:.1f}"><title>{escape(start_placed.point.label)}'
                     f'</title></rect>')
    parts.append('<g class="points">')
    for p in placed:
        parts.append(f'<circle class="point" cx="{p.x:.1f}" cy="{p.y:.1f}" r="4" '
                     f'fill="#0b5cad" data-rating="{p.point.rating:.1f}" '
                     f'data-date="{p.point.date.isoformat()}">'
                     f'<title>{escape(p.point.label)}</title></circle>')
    parts.append("</g></svg>")
    return "".join(parts)


def chart_links(points: list[ChartPoint], *, label: str, start: ChartPoint | None = None,
                chart_id: str = "rating-chart") -> str:
    """A transparent SVG, the chart's size, with one link per point (see the module's doc).

    Each link is named by its point's label, leads to its ``href`` and, focused or hovered,
    shows a ring and the point's ``value`` (both styled in ``public.css``).
    """
    if not points:
        return ""
    placed, _y, _x, _ranges = place(points, start)
    if start:
        placed = placed[1:]
    half = HIT / 2
    parts = [f'<svg class="chart-points" id="{escape(chart_id)}-points" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="group" aria-label="{escape(label)}" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for p in placed:
        text = p.point.value or f"{p.point.rating:.1f}"
        box_w = 12 + 13 * len(text)
        # The value's box sits above the point, kept inside the drawing.
        box_x = min(max(p.x - box_w / 2, 0), WIDTH - box_w)
        box_y = p.y - half - 30 if p.y - half - 30 >= 0 else p.y + half + 2
        parts.append(
            f'<a href="{escape(p.point.href or "#")}" aria-label="{escape(p.point.label)}">'
            f'<rect class="hit" x="{p.x - half:.1f}" y="{p.y - half:.1f}" width="{HIT}" '
            f'height="{HIT}" fill="transparent"/>'
            f'<rect class="ring" x="{p.x - 9:.1f}" y="{p.y - 9:.1f}" width="18" height="18" '
            f'rx="9" fill="none" stroke="none" stroke-width="3"/>'
            f'<g class="label" aria-hidden="true"><rect x="{box_x:.1f}" y="{box_y:.1f}" '
            f'width="{box_w}" height="28" rx="4"/><text x="{box_x + box_w / 2:.1f}" '
            f'y="{box_y + 20:.1f}" text-anchor="middle" font-size="20">{escape(text)}</text>'
            f'</g></a>')
    parts.append("</svg>")
    return "".join(parts)
