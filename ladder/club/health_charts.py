"""The pool-health charts as inline SVG, rendered on the server (no JavaScript, no Flask).

Like :mod:`ladder.club.charts`: plain data in, SVG markup out, every text escaped here, colours
from classes (styled in ``public.css``) with presentation attributes as a fallback. The
caller passes every visible text already translated (titles, legends, month names).

* :func:`series_chart` — dated lines (mean and median established rating, the provisional
  share in percent …) with an optional horizontal reference line (the start rating).
* :func:`month_bars` — games per month.
* :func:`calibration_chart` — per rating-gap band, the favourites' mean expected score (x)
  against their mean actual score (y), one marker series per system, the diagonal as the
  perfect prediction.
* :func:`uncertainty_chart` — one row per member: the Glicko-2 band rating ± 2 RD, the
  Glicko-2 rating as a dot and the ladder rating as a tick.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from ladder.club.charts import date_ticks, nice_ticks
from ladder.club.health import Calibration, LensLine, MonthCount

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 40
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
COLOURS = ("#0b5cad", "#b35900", "#2e7d32", "#6a1b9a")
_GREY, _INK = "#d0d0d0", "#404040"


@dataclass(frozen=True)
class Series:
    """One line: a CSS class suffix, its legend label and its (date, value) points."""

    key: str
    label: str
    points: tuple[tuple[dt.date, float], ...]


def _open(chart_id: str, title: str, description: str, height: int = HEIGHT) -> list[str]:
    cid = escape(chart_id)
    return [f'<svg class="chart" id="{cid}" viewBox="0 0 {WIDTH} {height}" role="img" '
            f'aria-labelledby="{cid}-title {cid}-desc" xmlns="http://www.w3.org/2000/svg">',
            f'<title id="{cid}-title">{escape(title)}</title>',
            f'<desc id="{cid}-desc">{escape(description)}</desc>']


def _y_axis(parts: list[str], ticks: Sequence[float], y_of: Callable[[float], float],
            labels: Sequence[str], bottom: float) -> None:
    parts.append('<g class="grid">')
    for tick, label in zip(ticks, labels, strict=False):
        y = y_of(tick)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                     f'stroke="{_GREY}" stroke-width="1"/>')
        parts.append(f'<text class="tick" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                     f'font-size="12" fill="{_INK}">{escape(label)}</text>')
    parts.append("</g>")
    parts.append(f'<g class="axes"><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" '
                 f'stroke="{_INK}" stroke-width="1"/><line x1="{LEFT}" y1="{bottom}" '
                 f'x2="{WIDTH - RIGHT}" y2="{bottom}" stroke="{_INK}" stroke-width="1"/></g>')


def _legend(parts: list[str], labels: Sequence[tuple[str, str]]) -> None:
    x = LEFT + 8
    parts.append('<g class="legend">')
    for index, (key, label) in enumerate(labels):
        colour = COLOURS[index % len(COLOURS)]
        parts.append(f'<rect class="swatch swatch-{escape(key)}" x="{x}" y="{TOP + 2}" '
                     f'width="10" height="10" fill="{colour}"/>'
                     f'<text x="{x + 14}" y="{TOP + 11}" font-size="12" '
                     f'fill="{_INK}">{escape(label)}</text>')
        x += 24 + 7 * len(label)
    parts.append("</g>")


def series_chart(series: Sequence[Series], *, title: str, description: str,
                 reference: float | None = None, reference_label: str = "",
                 month_names: Sequence[str] = MONTHS, chart_id: str = "pool-chart",
                 month_label: Callable[[dt.date], str] | None = None,
                 day_label: Callable[[dt.date], str] | None = None,
                 number: Callable[[str], str] = str) -> str:
    """Dated lines with an optional reference line; "" when there is no point.

    ``month_label``/``day_label`` write the date ticks, ``number`` a number tick (the web
    edge passes the locale's formatters)."""
    points = [p for s in series for p in s.points]
    if not points:
        return ""
    values = [v for _, v in points] + ([reference] if reference is not None else [])
    y_ticks = nice_ticks(min(values), max(values))
    y_low, y_high = y_ticks[0], y_ticks[-1]
    first, last = min(d for d, _ in points), max(d for d, _ in points)
    x_ticks = date_ticks(first, last)
    x_first, x_last = min([first, *x_ticks]), max([last, *x_ticks])
    span = max((x_last - x_first).days, 1)
    bottom = HEIGHT - BOTTOM

    def x_of(day: dt.date) -> float:
        if x_first == x_last:
            return LEFT + (WIDTH - RIGHT - LEFT) / 2
        return LEFT + (WIDTH - RIGHT - LEFT) * (day - x_first).days / span

    def y_of(value: float) -> float:
        return TOP + (bottom - TOP) * (y_high - value) / (y_high - y_low)

    parts = _open(chart_id, title, description)
    _y_axis(parts, y_ticks, y_of, [number(str(t)) for t in y_ticks], bottom)
    parts.append('<g class="grid">')
    for day in x_ticks:
        x = x_of(day)
        label = ((month_label(day) if month_label else f"{month_names[day.month - 1]} {day.year}")
                 if day.day == 1 else (day_label(day) if day_label else day.isoformat()))
        parts.append(f'<text class="tick" x="{x:.1f}" y="{bottom + 20}" text-anchor="middle" '
                     f'font-size="12" fill="{_INK}">{escape(label)}</text>')
    parts.append("</g>")
    if reference is not None:
        y = y_of(reference)
        parts.append(f'<line class="reference" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" '
                     f'y2="{y:.1f}" stroke="{_INK}" stroke-width="1" stroke-dasharray="4 4">'
                     f'<title>{escape(reference_label)}</title></line>')
    for index, s in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        coords = " ".join(f"{x_of(d):.1f},{y_of(v):.1f}" for d, v in s.points)
        if len(s.points) > 1:
            parts.append(f'<polyline class="line line-{escape(s.key)}" points="{coords}" '
                         f'fill="none" stroke="{colour}" stroke-width="2"/>')
        for d, v in s.points if len(s.points) == 1 else ():
            parts.append(f'<circle class="point line-{escape(s.key)}" cx="{x_of(d):.1f}" '
                         f'cy="{y_of(v):.1f}" r="3" fill="{colour}"/>')
    _legend(parts, [(s.key, s.label) for s in series])
    parts.append("</svg>")
    return "".join(parts)


def month_bars(months: Sequence[MonthCount], *, title: str, description: str,
               month_names: Sequence[str] = MONTHS, chart_id: str = "games-chart",
               month_label: Callable[[dt.date], str] | None = None, colon: str = ": ") -> str:
    """Games per month as bars (each with a tooltip); "" without months."""
    if not months:
        return ""
    y_ticks = nice_ticks(0, max(m.games for m in months) or 1)
    y_high = y_ticks[-1]
    bottom = HEIGHT - BOTTOM
    width = (WIDTH - RIGHT - LEFT) / len(months)

    def y_of(value: float) -> float:
        return TOP + (bottom - TOP) * (y_high - value) / (y_high - y_ticks[0])

    parts = _open(chart_id, title, description)
    _y_axis(parts, y_ticks, y_of, [str(t) for t in y_ticks], bottom)
    step = -(-len(months) // 6)  # at most six labels (a 360 px phone stays readable)
    parts.append('<g class="bars">')
    for index, m in enumerate(months):
        x = LEFT + index * width
        y = y_of(m.games)
        label = (month_label(m.month) if month_label
                 else f"{month_names[m.month.month - 1]} {m.month.year}")
        parts.append(f'<rect class="bar" x="{x + width * 0.1:.1f}" y="{y:.1f}" '
                     f'width="{width * 0.8:.1f}" height="{bottom - y:.1f}" fill="{COLOURS[0]}" '
                     f'data-month="{m.month.isoformat()}" data-games="{m.games}">'
                     f'<title>{escape(label)}{escape(colon)}{m.games}</title></rect>')
        if index % step == 0:
            parts.append(f'<text class="tick" x="{x + width / 2:.1f}" y="{bottom + 20}" '
                         f'text-anchor="middle" font-size="12" fill="{_INK}">'
                         f'{escape(label)}</text>')
    parts.append("</g></svg>")
    return "".join(parts)


def calibration_chart(systems: Sequence[tuple[str, str, Calibration]], *, title: str,
                      description: str, band_label: str = "%(low)s–%(high)s",
                      open_band_label: str = "%(low)s+",
                      chart_id: str = "calibration-chart",
                      number: Callable[[str], str] = str, colon: str = ": ") -> str:
    """Per band, mean expected (x, 0.5 … 1) against mean actual (y, 0 … 1) of the
    favourites, one marker series per system (``(key, label, calibration)``); the diagonal
    is the perfect prediction. Empty bands are left out; "" when no band has a game."""
    if not any(b.count for _, _, c in systems for b in c.bands):
        return ""
    bottom = HEIGHT - BOTTOM

    def x_of(value: float) -> float:
        return LEFT + (WIDTH - RIGHT - LEFT) * (value - 0.5) / 0.5

    def y_of(value: float) -> float:
        return TOP + (bottom - TOP) * (1.0 - value)

    y_ticks = [0.0, 0.25, 0.5, 0.75, 1.0]
    parts = _open(chart_id, title, description)
    _y_axis(parts, y_ticks, y_of, [number(f"{t:.2f}") for t in y_ticks], bottom)
    parts.append('<g class="grid">')
    for tick in (0.5, 0.6, 0.7, 0.8, 0.9, 1.0):
        parts.append(f'<text class="tick" x="{x_of(tick):.1f}" y="{bottom + 20}" '
                     f'text-anchor="middle" font-size="12" fill="{_INK}">'
                     f'{number(f"{tick:.1f}")}</text>')
    parts.append("</g>")
    parts.append(f'<line class="diagonal" x1="{x_of(0.5):.1f}" y1="{y_of(0.5):.1f}" '
                 f'x2="{x_of(1.0):.1f}" y2="{y_of(1.0):.1f}" stroke="{_INK}" '
                 f'stroke-width="1" stroke-dasharray="4 4"/>')
    for index, (key, label, cal) in enumerate(systems):
        colour = COLOURS[index % len(COLOURS)]
        parts.append(f'<g class="system system-{escape(key)}">')
        for band in cal.bands:
            if not band.count or band.mean_expected is None or band.mean_actual is None:
                continue
            low = number(f"{band.low:g}")
            name = (band_label % {"low": low, "high": number(f"{band.high:g}")}
                    if band.high is not None else open_band_label % {"low": low})
            tip = (f"{label} · {name}{colon}{number(f'{band.mean_expected:.3f}')} → "
                   f"{number(f'{band.mean_actual:.3f}')} "
                   f"({band.count})")
            parts.append(f'<circle class="band" cx="{x_of(band.mean_expected):.1f}" '
                         f'cy="{y_of(band.mean_actual):.1f}" r="{4 + index}" fill="none" '
                         f'stroke="{colour}" stroke-width="2" data-games="{band.count}">'
                         f'<title>{escape(tip)}</title></circle>')
        parts.append("</g>")
    _legend(parts, [(key, label) for key, label, _ in systems])
    parts.append("</svg>")
    return "".join(parts)


def uncertainty_chart(lines: Sequence[LensLine], names: Sequence[str], *, title: str,
                      description: str, chart_id: str = "glicko-chart",
                      tip: str = "%(name)s: Glicko-2 %(glicko)s ± %(band)s, ladder %(ladder)s"
                      ) -> str:
    """One row per line (``names`` in the same order, already display names): the Glicko-2
    band rating ± 2 RD as a bar, its rating as a dot, the ladder rating as a tick. Lines
    without a Glicko-2 state show only the tick; "" without lines. ``tip`` is the (already
    translated) tooltip sentence with ``name``, ``glicko``, ``band`` and ``ladder``."""
    if not lines:
        return ""
    row = 22
    left = 140
    height = TOP + BOTTOM + row * len(lines)
    values = [line.ladder.rating for line in lines]
    for line in lines:
        if line.band is not None:
            values.extend(line.band)
    x_ticks = nice_ticks(min(values), max(values), 6)
    low, high = x_ticks[0], x_ticks[-1]
    bottom = height - BOTTOM

    def x_of(value: float) -> float:
        return left + (WIDTH - RIGHT - left) * (value - low) / (high - low)

    parts = _open(chart_id, title, description, height)
    parts.append('<g class="grid">')
    for tick in x_ticks:
        x = x_of(tick)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{bottom}" '
                     f'stroke="{_GREY}" stroke-width="1"/><text class="tick" x="{x:.1f}" '
                     f'y="{bottom + 20}" text-anchor="middle" font-size="12" '
                     f'fill="{_INK}">{tick}</text>')
    parts.append("</g>")
    for index, (line, name) in enumerate(zip(lines, names, strict=False)):
        y = TOP + row * index + row / 2
        parts.append(f'<g class="member" data-member="{line.ladder.member_id}">'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12" '
                     f'fill="{_INK}">{escape(name)}</text>')
        if line.glicko is not None and line.band is not None:
            lo, hi = line.band
            text = tip % {"name": name, "glicko": f"{line.glicko.rating:.0f}",
                          "band": f"{2 * line.glicko.rd:.0f}",
                          "ladder": f"{line.ladder.rating:.0f}"}
            parts.append(f'<rect class="band" x="{x_of(lo):.1f}" y="{y - 4:.1f}" '
                         f'width="{x_of(hi) - x_of(lo):.1f}" height="8" fill="{COLOURS[0]}" '
                         f'fill-opacity="0.25"><title>{escape(text)}</title></rect>'
                         f'<circle class="glicko" cx="{x_of(line.glicko.rating):.1f}" '
                         f'cy="{y:.1f}" r="4" fill="{COLOURS[0]}"/>')
        parts.append(f'<line class="ladder" x1="{x_of(line.ladder.rating):.1f}" '
                     f'y1="{y - 7:.1f}" x2="{x_of(line.ladder.rating):.1f}" y2="{y + 7:.1f}" '
                     f'stroke="{COLOURS[1]}" stroke-width="2"/></g>')
    parts.append("</svg>")
    return "".join(parts)
