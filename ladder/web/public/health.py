"""The pool-health page (docs/qualities.md §2): public at ``/health`` when the club says so.

Inflation and deflation (the established members' mean and median rating against the start
rating), the share of provisional members, games per month, and how well the ladder's and a
Glicko-2 lens's expected scores predicted the club's games (calibration by rating gap, the
Brier score and log-loss per season). Organizers always have it at ``/organize/health``; a
visitor gets the same 404 as for a missing page while the setting is off.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import abort, current_app, render_template
from flask_babel import gettext as _
from markupsafe import Markup

from ...club.health_charts import (
    Series,
    calibration_chart,
    month_bars,
    series_chart,
    uncertainty_chart,
)
from ...extensions import db
from ...queries.health import HealthReport, health_report
from ..support.formatting import (
    day_label,
    localiser,
    month_names,
    month_year,
    number_text,
    punctuation,
)
from ..support.request_state import club_settings, names
from ..support.visibility import is_organizer, public_route
from . import bp

#: How many ladder lines the Glicko-2 lens shows (the top of the ladder).
LENS_LINES = 40


def _charts(report: HealthReport) -> dict[str, Markup]:
    """The page's SVG charts, every visible text translated (the chart code escapes it)."""
    months = month_names()
    pool = series_chart(
        [Series("mean", _("Mean"), tuple((p.date, p.mean) for p in report.series
                                        if p.mean is not None)),
         Series("median", _("Median"), tuple((p.date, p.median) for p in report.series
                                            if p.median is not None))],
        title=_("Established members' ladder ratings over time"),
        description=_("Mean and median rating of the established members after each event "
                      "date, with the start rating %(start)s as a dashed line; the table "
                      "below lists the same values.", start=number_text(report.start_rating)),
        reference=report.start_rating,
        reference_label=_("Start rating %(start)s", start=number_text(report.start_rating)),
        month_names=months, chart_id="pool-chart", month_label=month_year,
        day_label=day_label, number=localiser())
    share = series_chart(
        [Series("provisional", _("Provisional members (%)"),
                tuple((p.date, 100.0 * p.provisional_share) for p in report.series))],
        title=_("Share of provisional members"),
        description=_("Percentage of the members so far who are still provisional, after "
                      "each event date."), month_names=months, chart_id="provisional-chart",
        month_label=month_year, day_label=day_label, number=localiser())
    games = month_bars(report.months, title=_("Rated games per month"),
                       description=_("Rated games of each month; the table below lists the "
                                     "same values."), month_names=months,
                       month_label=month_year, colon=punctuation()["colon"])
    overall = report.overall
    calibration = calibration_chart(
        [("ladder", _("Ladder"), overall.ladder.calibration),
         ("glicko2", _("Glicko-2"), overall.glicko.calibration)],
        title=_("Expected against actual score, by rating gap"),
        description=_("For each rating-gap band, the favourites' mean expected score (across) "
                      "against their mean actual score (up); on the dashed diagonal the "
                      "predictions were exactly right."),
        band_label=_("%(low)s–%(high)s"), open_band_label=_("%(low)s+"), number=localiser(),
        colon=punctuation()["colon"])
    lens = report.lens[:LENS_LINES]
    book = names()
    bands = uncertainty_chart(
        lens, [book(line.ladder.member_id) for line in lens],
        title=_("Glicko-2 ratings with their uncertainty"),
        description=_("For each member at the top of the ladder: the Glicko-2 rating (dot) "
                      "with the band rating ± 2 RD, and the ladder rating (tick)."),
        tip=_("%(name)s: Glicko-2 %(glicko)s ± %(band)s, ladder %(ladder)s"))
    # Every text inside was escaped by the chart functions.
    return {key: Markup(svg) for key, svg in  # noqa: S704
            (("pool", pool), ("share", share), ("games", games), ("calibration", calibration),
             ("bands", bands))}


_LOCK = threading.Lock()


def cached_report() -> HealthReport:
    """The pool-health report, computed once per ladder generation in this process.

    Rating the whole history with Glicko-2 takes seconds on a 20-year club; every committed
    write bumps the generation (seasons and settings too), so a report kept for the current
    generation and the settings it depends on is exactly what a fresh computation gives.
    Kept on the app (one per process and app), only the latest.
    """
    club = club_settings()
    key = (club.generation, club.glicko_tau, club.start_rating, club.provisional_games)
    store: dict[str, Any] = current_app.extensions.setdefault("ladder_health", {})
    with _LOCK:
        held = store.get("report")
        if held is not None and held[0] == key:
            return held[1]
    report = health_report(db.session, club)
    with _LOCK:
        store["report"] = (key, report)
    return report


def health_context() -> dict[str, Any]:
    """What the pool-health templates need (the public and the organizer's page)."""
    report = cached_report()
    overall = report.overall
    return {"report": report, "charts": _charts(report), "lens": report.lens[:LENS_LINES],
            "lens_limit": LENS_LINES,
            "band_pairs": list(zip(overall.ladder.calibration.bands,
                                   overall.glicko.calibration.bands, strict=False))}


@public_route(bp, "/health")
def health() -> str:
    """The pool-health page; 404 for visitors unless the club made it public."""
    if not club_settings().health_public and not is_organizer():
        abort(404)
    return render_template("public/health.html", **health_context())
