"""The one display-name function: every name reaching a page, fragment, export or JSON goes here.

SPEC §5: a junior without a recorded consent, and everyone when the club chooses "initials for
all", is shown by initials only; equal initials get a stable suffix (ordered by member id, so a
label never changes when an unrelated member joins a page). The full name then appears nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from .extensions import DbSession
from .models import ClubSettings, Member


def shows_initials(junior: bool, consent: bool, initials_for_all: bool) -> bool:
    """True when this member's name is shown as initials on public pages (SPEC §5)."""
    return initials_for_all or (junior and not consent)


@dataclass(frozen=True)
class NameBook:
    """Display names of every member under the club's policy, computed once per request."""

    labels: dict[int, str]

    def __call__(self, member_id: int | None) -> str:
        """The display name of a member (an em dash for an unknown id: never a raw name)."""
        if member_id is None:
            return "—"
        return self.labels.get(member_id, "—")


def load_name_book(session: DbSession, settings: ClubSettings, *, full: bool = False) -> NameBook:
    """Build the display names; ``full`` (organizer pages only) shows every full name."""
    from .names import disambiguate
    rows = session.execute(select(Member.id, Member.name, Member.junior, Member.consent_given))
    labels: dict[int, str] = {}
    masked: dict[int, str] = {}
    for member_id, name, junior, consent in rows:
        if not full and shows_initials(junior, consent, settings.initials_for_all):
            masked[member_id] = name
        else:
            labels[member_id] = name
    labels.update(disambiguate(masked))
    return NameBook(labels)


def mask_text(name: str) -> str:
    """Initials for a name that is not (yet) a member, e.g. a typed name on a public page."""
    from .names import initials
    return initials(name)
