"""The display names of every member, read from the database once per request.

The policy itself (who is shown by initials, the name book) is pure: :mod:`ladder.names.privacy`.
"""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import DbSession
from ..models import ClubSettings, Member
from ..names import disambiguate
from ..names.privacy import NameBook, shows_initials


def load_name_book(session: DbSession, settings: ClubSettings, *, full: bool = False) -> NameBook:
    """Build the display names; ``full`` (organizer pages only) shows every full name."""
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
