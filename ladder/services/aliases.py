"""Keeping members' aliases (docs/desk.md §2): the pure rules of :mod:`ladder.names.aliases` say
what a member's spellings are after a publish, merge, undo, rename or re-link; this stores it.

Always called inside the use case's unit of work, never on its own.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import delete

from ..extensions import db
from ..models import MemberAlias
from ..names import IndexedMember, name_key
from ..queries.names import member_with_aliases


def update(member_id: int, rule: Callable[[IndexedMember], IndexedMember]) -> None:
    """Apply ``rule`` to a member's stored spellings and store the result."""
    before = member_with_aliases(db.session, member_id)
    after = rule(before)
    old = {name_key(a.name): a for a in before.aliases}
    new = {name_key(a.name): a for a in after.aliases}
    gone = [key for key in old if key not in new]
    if gone:
        db.session.execute(delete(MemberAlias).where(MemberAlias.member_id == member_id,
                                                     MemberAlias.name_key.in_(gone)))
    for key, alias in new.items():
        if key not in old:
            db.session.add(MemberAlias(member_id=member_id, name=alias.name[:200],
                                       name_key=key[:200], kind=alias.kind,
                                       merged_from=alias.merged_from))
    db.session.flush()
