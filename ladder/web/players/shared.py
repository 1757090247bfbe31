"""What the phone pages and the venue screen share: every name by the public display rule,
whoever looks (an organizer's phone or a laptop on the projector shows a junior by initials
too, as the printed wall sheet does, docs/privacy.md), and the night as they show it, worked
out once per change of the club and shared by every phone (:func:`night_snapshot`)."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort

from ...extensions import db
from ...models import NightPlayer
from ...names.privacy import NameBook, guest_name
from ...queries.display_names import hidden_name_keys, load_name_book
from ...queries.night import load_night
from ...queries.night_self import Snapshot, snapshot
from ..support.request_state import by_generation, club_settings


def wall_book() -> NameBook:
    """Every member's name by the public display rule (never the organizer's full names)."""
    return by_generation(("names", False),
                         lambda: load_name_book(db.session, club_settings(), full=False))


def wall_name_of() -> Callable[[NightPlayer], str]:
    """A night player's name by the public display rule: a member's display name, a guest's
    name or initials (a junior guest, a guest typed with a hidden name, initials for all)."""
    settings = club_settings()
    book = wall_book()
    hidden = by_generation(("hidden-name-keys",),
                           lambda: hidden_name_keys(db.session, settings))

    def name_of(player: NightPlayer) -> str:
        if player.member_id is not None:
            return book(player.member_id)
        return guest_name(player.name, player.junior, settings.initials_for_all, hidden)
    return name_of


def night_snapshot(night_id: int, version: int) -> Snapshot:
    """The night as the phones and the screen show it: computed once per generation (and
    night version) per worker, then shared by every phone's page (immutable data)."""
    def compute() -> Snapshot:
        night = load_night(db.session, night_id)
        if night is None:
            abort(404)
        return snapshot(db.session, night, wall_name_of(), club_settings().provisional_games)
    return by_generation(("night-snapshot", night_id, version), compute)


__all__ = ["wall_book", "wall_name_of", "night_snapshot"]
