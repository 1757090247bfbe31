"""Blueprint 'public' (docs/desk.md §3): the ladder, the roster and profiles, the events.

Every route goes through :func:`ladder.web.support.visibility.public_route`, so it answers at
its plain URL and under ``/c/<token>`` as the club's visibility allows (private, unlisted, public).
"""

from flask import Blueprint

from ..support.cache import register_cache
from ..support.visibility import register_visibility

bp = Blueprint("public", __name__)
register_visibility(bp)  # the gate runs before the cache is consulted (web/support/cache.py)
register_cache(bp)

from . import (  # noqa: E402,F401  (register the routes)
    competitions,
    events,
    health,
    ladder,
    members,
    night,
    seasons,
)
