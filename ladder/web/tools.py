"""Blueprint 'tools' (SPEC §7.6, §8): public arbiter tools, no login, no database writes.

* ``tools.tiebreaks`` — the tie-break calculator (:mod:`.tools_tiebreaks`);
* ``tools.compare``   — several tied players side by side (:mod:`.tools_tiebreaks`);
* ``tools.prizes``    — the prize helper (:mod:`.tools_prizes`);
* ``tools.elo``       — the Elo tools (:mod:`.tools_elo`).

Every state lives in the query string (GET), so each result has a shareable URL, a reload
gives the full page and the forms work without JavaScript; HTMX swaps only the region named by
``HX-Target`` and pushes the canonical URL (``HX-Push-Url``).
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("tools", __name__)


@bp.context_processor
def _helpers() -> dict[str, object]:
    from ..tiebreaks.explain import fmt
    from .tools_state import kind_labels
    return {"fmt": fmt, "kind_labels": kind_labels}


from . import tools_elo, tools_prizes, tools_tiebreaks  # noqa: E402,F401  (register the views)
