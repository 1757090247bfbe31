"""The display names of every member, read from the database once per request.

The policy itself (who is shown by initials, the name book) is pure: :mod:`ladder.names.privacy`.
"""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import DbSession
from ..models import ClubSettings, Member
from ..names import disambiguate
from ..names.privacy import NameBook, hidden_keys, shows_initials

_NAMES = select(Member.id, Member.name, Member.junior, Member.consent_given)


def load_name_book(session: DbSession, settings: ClubSettings, *, full: bool = False) -> NameBook:
    """Build the display names; ``full`` (organizer pages only) shows every full name."""
    # Core, not the ORM: plain rows for every member (a cold page reads them all).
    rows = session.connection().execute(_NAMES)
    labels: dict[int, str] = {}
    masked: dict[int, str] = {}
    for_all = settings.initials_for_all
    for member_id, name, junior, consent in rows:
        if not full and shows_initials(junior, consent, for_all):
            masked[member_id] = name
        else:
            labels[member_id] = name
    labels.update(disambiguate(masked))
    return NameBook(labels)


def hidden_name_keys(session: DbSession, settings: ClubSettings) -> frozenset[str]:
    """The comparison keys of every name the roster shows by initials (a junior without
    consent, or everyone when the club chooses initials for all): a club night's guest typed
    with one of them is shown by initials as well (:func:`ladder.names.privacy.guest_name`)."""
    for_all = settings.initials_for_all
    return hidden_keys(name for _id, name, junior, consent in session.connection().execute(_NAMES)
                       if shows_initials(junior, consent, for_all))
