"""The ladder check's state on every organizer page (test_check_everywhere.py): verified,
differences, or not yet run for the latest change, with a link to the dashboard's check.

Read from the stored check (``services.ladder_check.stored_check``) and the committed
generation: showing it never runs a check (the dashboard does, when it is out of date).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, g, request
from flask_login import current_user

from ...extensions import db
from ...services.ladder_check import stored_check
from .request_state import generation

#: The states, as the strip's CSS class says them.
VERIFIED, DIFFERENCES, NOT_RUN = "verified", "differences", "not-run"


@dataclass(frozen=True)
class CheckState:
    """What the strip says: the state and, for differences, how many."""

    state: str
    total: int = 0


def ladder_check_state() -> CheckState | None:
    """The check's state for an organizer page (None elsewhere, and for visitors)."""
    if not request.path.startswith("/organize") or not current_user.is_authenticated:
        return None
    if "ladder_check_state" not in g:
        stored = stored_check(db.session)
        if stored is None or stored.generation != generation():
            g.ladder_check_state = CheckState(NOT_RUN)
        elif stored.verified:
            g.ladder_check_state = CheckState(VERIFIED)
        else:
            g.ladder_check_state = CheckState(DIFFERENCES, stored.total)
    state: CheckState = g.ladder_check_state
    return state


def init_check_state(app: Flask) -> None:
    """Offer :func:`ladder_check_state` to the templates."""
    app.add_template_global(ladder_check_state, "ladder_check_state")
