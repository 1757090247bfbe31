"""The public pairing page of a club night (docs/club-night.md §3): the published round's boards
with one sentence each on why, and the standings; it refreshes itself (htmx polling) while the
night runs. Names only through the one display-name policy (juniors by initials)."""

from __future__ import annotations

from flask import abort

from ...extensions import db
from ...models import NightPlayer
from ...names.privacy import guest_name
from ...queries.night import load_night, night_view
from ..htmx import page_or_fragment
from ..night_words import sentence, sentences
from ..request_state import club_settings, names
from ..request_values import MAX_ID
from ..visibility import public_route
from . import bp

#: Seconds between two refreshes of the live part of the page.
POLL_SECONDS = 10


def public_name(player: NightPlayer) -> str:
    """A night player's name under the club's policy: a member's display name, or a guest's
    (initials for a junior)."""
    if player.member_id is not None:
        return names()(player.member_id)
    return guest_name(player.name, player.junior, club_settings().initials_for_all)


@public_route(bp, "/nights/<int:night_id>")
def night(night_id: int) -> str:
    """The night's published pairings and standings; ``#night-live`` is its fragment."""
    found = load_night(db.session, night_id) if night_id <= MAX_ID else None
    if found is None:
        abort(404)
    view = night_view(db.session, found, public_name, club_settings().provisional_games)
    published = [r for r in view.rounds if r.published]
    return page_or_fragment("public/night.html", {"night-live": "public/_night_live.html"},
                            view=view, shown=published[-1] if published else None,
                            say=sentence, says=sentences, poll=POLL_SECONDS)
