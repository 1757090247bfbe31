"""The display names of every member, read from the database once per request.

The policy itself (who is shown by initials, the name book) is pure: :mod:`ladder.names.privacy`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from sqlalchemy import bindparam, select, true

from ..extensions import DbSession
from ..models import ClubSettings, Member
from ..names import disambiguate
from ..names.initials import initials, numbered_label
from ..names.privacy import NameBook, hidden_keys, shows_initials
from .prepared import Query

_NAMES = select(Member.id, Member.name, Member.junior, Member.consent_given)
#: The members shown by initials up to an id, in id order (juniors without consent; with
#: "initials for all", everyone): on the raw driver, plain tuples for hundreds of rows.
_MASKED_UP_TO = {
    for_all: Query(select(Member.id, Member.name)
                   .where(true() if for_all else Member.junior & ~Member.consent_given,
                          Member.id <= bindparam("upto"))
                   .order_by(Member.id))
    for for_all in (False, True)}
#: Initials of a name, remembered by the name (a pure function of it): a window of a long
#: list numbers its members' initials over every member shown by initials.
_initials = functools.lru_cache(maxsize=1 << 16)(initials)


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


def load_names_of(session: DbSession, settings: ClubSettings, member_ids: Iterable[int], *,
                  full: bool = False) -> NameBook:
    """The labels :func:`load_name_book` gives, for ``member_ids`` only (a page showing one
    window of a long list): the cost follows the window, not the roster.

    Members shown by initials are numbered over *every* member shown by initials (equal
    initials get "(2)", "(3)" … by member id, :func:`~ladder.names.disambiguate`), so when
    the window holds one, the ids and names of those numbered before it are read too (one
    narrow statement: a suffix depends only on lower ids; their initials are remembered by
    name).
    """
    ids = sorted(set(member_ids))
    if not ids:
        return NameBook({})
    labels: dict[int, str] = {}
    masked: dict[int, str] = {}
    for_all = settings.initials_for_all
    for member_id, name, junior, consent in session.execute(
            _NAMES.where(Member.id.in_(ids))):
        if not full and shows_initials(junior, consent, for_all):
            masked[member_id] = name
        else:
            labels[member_id] = name
    if masked:
        wanted = {_initials(name) for name in masked.values()}
        groups: dict[str, list[int]] = {label: [] for label in wanted}
        for member_id, name in _MASKED_UP_TO[bool(for_all)].fetch(session.connection(),
                                                                   upto=max(masked)):
            group = groups.get(_initials(name))
            if group is not None:
                group.append(member_id)
        for member_id, name in masked.items():
            label = _initials(name)
            rank = groups[label].index(member_id) + 1
            labels[member_id] = label if rank == 1 else numbered_label(label, rank)
    return NameBook(labels)
