"""Blueprint 'players' (docs/club-night.md §6): the players' own phones and the venue screen at
a club night, without accounts.

* :mod:`.access` — the night's code remembered on the phone (a signed cookie), who may read
  what, and the conditional answers (``ETag``/``304``) that keep the polls cheap;
* :mod:`.phone`  — ``/nights/<id>/join`` (the code, the check-in), ``/nights/<id>/me`` ("My
  board", a player's report);
* :mod:`.screen` — ``/nights/<id>/screen``, the venue screen;
* :mod:`.shared` — names by the public display rule, the night as the phones show it.

Not a ``public_route``: the phone pages need the night's code in every visibility mode, and
the screen needs it in a private or unlisted club (the players are in the room; the internet
is not). Nothing here is for search engines, and nothing is kept by a shared cache.
"""

from flask import Blueprint, g

bp = Blueprint("players", __name__)


@bp.before_request
def _not_for_search_engines() -> None:
    g.noindex = True


from . import phone, screen  # noqa: E402,F401  (register the routes)
