"""Blueprint 'tools' (docs/tiebreaks.md §6, docs/elo-tools.md): public arbiter tools, no login, no
database writes.

* ``tools.tiebreaks`` — the tie-break calculator (:mod:`.tiebreaks`);
* ``tools.compare``   — several tied players side by side (:mod:`.tiebreaks`);
* ``tools.prizes``    — the prize helper (:mod:`.prizes`);
* ``tools.elo``       — the Elo tools (:mod:`.elo`).

:mod:`.state` reads and writes the calculator's URL state, :mod:`.calc` runs the engine on it,
:mod:`.http` answers page or fragment.

Every state lives in the query string (GET), so each result has a shareable URL, a reload
gives the full page and the forms work without JavaScript; htmx swaps only the region it
targets and pushes the canonical URL (:mod:`ladder.web.support.htmx`).
"""

from __future__ import annotations

from flask import Blueprint

from ..support.cache import register_cache
from .budget import after_tool, before_tool, low_priority_views, release_slot

bp = Blueprint("tools", __name__, url_prefix="/tools")
register_cache(bp)  # a tool's page depends only on its query string, the locale and the club
# After the cache's hooks: only answers that compute are counted (and refused) per client.
bp.before_request(before_tool)
bp.after_request(after_tool)
bp.teardown_request(release_slot)  # also after a failure: a slot is never kept


@bp.context_processor
def _helpers() -> dict[str, object]:
    from ..support.formatting import tiebreak_text
    from .state import kind_labels
    return {"fmt": tiebreak_text, "kind_labels": kind_labels}


from . import elo, prizes, tiebreaks  # noqa: E402,F401  (register the views)

# Recorded after the views, so it runs once they are on the app: each runs at low priority.
bp.record_once(lambda state: low_priority_views(state.app, bp.name))
