"""The roster as name matching sees it: visible members with every confirmed spelling."""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import DbSession
from ..models import Member, MemberAlias
from ..names import Alias, AliasKind, IndexedMember, NameIndex


def named_members(session: DbSession) -> list[IndexedMember]:
    """Every visible member with their aliases, ordered by id."""
    aliases: dict[int, list[Alias]] = {}
    for member_id, name, kind, merged_from in session.execute(
            select(MemberAlias.member_id, MemberAlias.name, MemberAlias.kind,
                   MemberAlias.merged_from)
            .join(Member, Member.id == MemberAlias.member_id)
            .where(Member.merged_into_id.is_(None)).order_by(MemberAlias.id)):
        aliases.setdefault(member_id, []).append(Alias(name, _kind(kind), merged_from))
    return [IndexedMember(member_id, name, tuple(aliases.get(member_id, ())))
            for member_id, name in session.execute(
                select(Member.id, Member.name).where(Member.merged_into_id.is_(None))
                .order_by(Member.id))]


def name_index(session: DbSession) -> NameIndex:
    """A :class:`NameIndex` of the visible roster (build once per page, query per name)."""
    return NameIndex(named_members(session))


def member_with_aliases(session: DbSession, member_id: int) -> IndexedMember:
    """One member (visible or not) with their aliases, as the pure alias rules take it."""
    name = session.scalar(select(Member.name).where(Member.id == member_id)) or ""
    rows = session.execute(select(MemberAlias.name, MemberAlias.kind, MemberAlias.merged_from)
                           .where(MemberAlias.member_id == member_id)
                           .order_by(MemberAlias.id))
    return IndexedMember(member_id, name, tuple(Alias(n, _kind(k), m) for n, k, m in rows))


def _kind(stored: str) -> AliasKind:
    """A stored alias kind (anything unknown reads as "confirmed")."""
    kinds: dict[str, AliasKind] = {"publish": "publish", "merge": "merge", "rename": "rename",
                                   "relink": "relink"}
    return kinds.get(stored, "confirmed")
