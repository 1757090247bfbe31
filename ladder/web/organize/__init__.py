"""Blueprint 'organize' (organizers only): the dashboard, a new event, corrections.

* :mod:`.dashboard` — events with edit links, the ladder check, Rebuild;
* :mod:`.intake`    — new event: paste or upload → preview → confirm names → publish;
* :mod:`.events`    — an event's details, tie-breaks, the editable grid, delete;
* :mod:`.results`   — the inline result editor (htmx click-to-edit, plain form without JS);
* :mod:`.seasons`   — seasons: create, edit, delete (docs/qualities.md §2);
* :mod:`.competitions` — competitions across club nights (docs/competitions.md §7);
* :mod:`.sections`  — sections for a coming event, with CSV and TRF starting lists;
* :mod:`.health`    — the pool-health page (also public at ``/health`` when the club says so);
* :mod:`.night`, :mod:`.night_finish` — the club night desk, and its finish into the ladder;
* :mod:`.night_phones` — the desk's side of the players' phones (code, QR, arrivals, reports).
"""

from flask import Blueprint

from ..support.guards import require_organizer

bp = Blueprint("organize", __name__, url_prefix="/organize")
bp.before_request(require_organizer)

from . import (  # noqa: E402,F401
    competitions,
    dashboard,
    events,
    health,
    intake,
    night,
    night_finish,
    night_phones,
    results,
    seasons,
    sections,
)
