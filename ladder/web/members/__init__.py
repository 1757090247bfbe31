"""Blueprint 'members' (organizers only) at /organize/members.

* :mod:`.roster` — the roster with full names, search;
* :mod:`.detail` — one member: entries with re-link, junior flag, consent;
* :mod:`.merge`  — merge suggestions, merge anywhere, the merges list with Undo.

Every mutation is a POST (CSRF-protected: a hidden field in forms, a header from htmx), calls
one service (one unit of work with its replay and audit entry) and answers a plain request with
a 303 and a flashed message, an htmx request with the updated fragment and the
``ladderChanged`` event. A refused change re-renders with the message
(:func:`..support.errors.refused`).
"""

from flask import Blueprint

from ..support.guards import require_organizer

bp = Blueprint("members", __name__, url_prefix="/organize/members")
bp.before_request(require_organizer)

from . import detail, merge, roster  # noqa: E402,F401  (register the routes)
