"""The venue screen (docs/club-night.md §6): ``/nights/<id>/screen``, for a TV or projector
(1920 × 1080) or a wall tablet. The current round's pairings in large type, then the
standings; when they do not fit, the screen shows one part after the other and pages through
a long one (``static/screen.js``: CSP forbids inline scripts). No login, no controls.

It keeps itself current by **htmx polling** (``#screen-live`` every :data:`POLL_SECONDS`
seconds with ``If-None-Match``: ``304 Not Modified`` while nothing changed, answered from one
small statement), not by server-sent events: ``ladder serve`` runs gunicorn's sync workers, in
which an open event stream holds a whole worker (of five on a two-core server) for the
evening; a poll holds one for a millisecond. A result shows within the poll's interval.

Names by the public display rule whoever looks (a laptop logged in as the organizer shows a
junior by initials too), in the club's language (``?lang=`` chooses another).
"""

from __future__ import annotations

from flask import abort, g, render_template, request
from werkzeug.wrappers import Response

from ...extensions import db
from ...queries.night_self import link_state
from ..support.htmx import wants_fragment
from ..support.i18n import normalise
from ..support.night_words import sentence
from ..support.request_state import club_state
from ..support.request_values import MAX_ID
from . import bp
from .access import conditional, etag_of, mark, screen_allowed
from .shared import night_snapshot

#: Seconds between two polls of the screen.
POLL_SECONDS = 5
#: Seconds each part stays on the screen when the parts take turns.
TURN_SECONDS = 12


def _club_language() -> None:
    """The screen speaks the club's language (a setting) unless ``?lang=`` asks another."""
    if not normalise(request.args.get("lang")):
        club = normalise(club_state().default_language)
        if club:
            g.locale = club


@bp.get("/nights/<int:night_id>/screen")
def screen(night_id: int) -> Response:
    """The venue screen; ``#screen-live`` is its polled part."""
    state = link_state(db.session, night_id) if 0 < night_id <= MAX_ID else None
    if state is None or state.finished:
        abort(404)
    code = request.args.get("code")
    if not screen_allowed(night_id, code):
        abort(404)
    _club_language()
    etag = etag_of("screen", request.path, club_state().generation, state.version,
                   request.query_string)
    unchanged = conditional(etag)
    if unchanged is not None:
        return unchanged
    shot = night_snapshot(night_id, state.version)
    template = "players/_screen_live.html" if wants_fragment("screen-live") \
        else "players/screen.html"
    html = render_template(template, shot=shot, say=sentence, poll=POLL_SECONDS,
                           turn=TURN_SECONDS, etag=etag)
    return mark(Response(html, mimetype="text/html"), etag)
