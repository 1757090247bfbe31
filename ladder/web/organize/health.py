"""The organizer's pool-health page (docs/qualities.md §2), whether or not it is public."""

from __future__ import annotations

from flask import render_template

from ..public.health import health_context
from . import bp


@bp.get("/health")
def health() -> str:
    """Inflation, activity, calibration of the ladder and of the Glicko-2 lens."""
    return render_template("organize/health.html", **health_context())
