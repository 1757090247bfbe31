"""The public pairing page of a club night (docs/club-night.md §3): a round's boards with one
sentence each on why, and the standings after it; every published round is reachable
(``?round=N``, plain links that work without JavaScript), the latest one is shown by default
and refreshes itself (htmx polling) while the night runs. Names only through the one
display-name policy (juniors by initials, also a guest typed with a hidden junior's name)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from flask import abort, request

from ...extensions import db
from ...models import ClubSettings, NightPlayer
from ...names.privacy import guest_name
from ...queries.display_names import hidden_name_keys
from ...queries.night import load_night, night_view
from ..support.htmx import page_or_fragment
from ..support.night_words import sentence, sentences
from ..support.request_state import club_settings, names
from ..support.request_values import MAX_ID, digits
from ..support.visibility import public_route
from . import bp

#: Seconds between two refreshes of the live part of the page.
POLL_SECONDS = 10


def guest_display(player: NightPlayer, settings: ClubSettings, hidden: Collection[str]) -> str:
    """A guest's name under the club's policy: initials for a junior, for everyone when the
    club says so, and for a name the roster hides (``hidden``: a junior without consent
    typed instead of chosen), whatever its Unicode form."""
    return guest_name(player.name, player.junior, settings.initials_for_all, hidden)


def public_name_of() -> Callable[[NightPlayer], str]:
    """A night player's name under the club's policy, for this request: a member's display
    name, or a guest's (:func:`guest_display`)."""
    settings = club_settings()
    hidden = hidden_name_keys(db.session, settings)
    book = names()

    def name_of(player: NightPlayer) -> str:
        if player.member_id is not None:
            return book(player.member_id)
        return guest_display(player, settings, hidden)
    return name_of


@public_route(bp, "/nights/<int:night_id>")
def night(night_id: int) -> str:
    """A round's published pairings and the standings after it (the latest round unless
    ``?round=N`` asks for an earlier one); ``#night-live`` is its fragment."""
    found = load_night(db.session, night_id) if night_id <= MAX_ID else None
    if found is None:
        abort(404)
    view = night_view(db.session, found, public_name_of(), club_settings().provisional_games)
    published = [r for r in view.rounds if r.published]
    asked = digits(request.args.get("round"), 3)
    shown = next((r for r in published if r.number == asked), None)
    if asked is not None and shown is None:
        abort(404)
    latest = published[-1] if published else None
    shown = shown or latest
    table = None
    if shown is not None:
        after = min(shown.number, view.after_round)
        table = view.standings_after(after) if after else None
    live = not view.night.event_id and (shown is None or shown is latest)
    return page_or_fragment("public/night.html", {"night-live": "public/_night_live.html"},
                            view=view, shown=shown, published=published, table=table,
                            latest=latest, live=live, say=sentence, says=sentences,
                            poll=POLL_SECONDS)
