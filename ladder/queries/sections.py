"""Sections for a coming event (docs/qualities.md §2): who can be ticked, and pasted names matched.

The split itself is pure (:mod:`ladder.club.sections`); this module reads the members the
organizer can tick — every visible member with their current ladder rating (a member who
never played stands at the club's start rating, provisional) — and matches pasted names to
them the way the confirmation screen does (docs/desk.md §2, :class:`ladder.names.NameIndex`): a name
identical to one member's name, or to a name that member was entered under in an event, is
that member; anything else only gets suggestions, for the organizer to tick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import exists, select

from ..club.sections import SectionPlayer, ordered
from ..extensions import DbSession
from ..models import ClubSettings, Entry, Member, RatingRow
from ..names import Alias, IndexedMember, NameIndex, Suggestion, name_key

MAX_NAMES = 500  # pasted lines read (a club night, not a census)
SUGGESTIONS = 3


@dataclass(frozen=True)
class SectionCandidate:
    """A member the organizer can tick: the ladder rating and status, and whether the member
    has played at all (a member who never played sits at the start rating)."""

    member_id: int
    rating: float
    games: int
    provisional: bool
    played: bool

    def player(self) -> SectionPlayer:
        """The member as the pure split takes them."""
        return SectionPlayer(self.member_id, self.rating, self.provisional)


def candidates(session: DbSession, settings: ClubSettings) -> list[SectionCandidate]:
    """Every visible member, best ladder rating first (ties by id), as sections order them."""
    played = exists().where(RatingRow.member_id == Member.id)
    rows = session.execute(select(Member.id, Member.rating, Member.games, played)
                           .where(Member.merged_into_id.is_(None))).all()
    threshold = settings.provisional_games
    found = [SectionCandidate(r[0], float(r[1]), int(r[2]), int(r[2]) < threshold, bool(r[3]))
             for r in rows]
    order = {p.member_id: i for i, p in enumerate(ordered(c.player() for c in found))}
    return sorted(found, key=lambda c: order[c.member_id])


@dataclass(frozen=True)
class PastedNameMatch:
    """One pasted line: the member it is (when exactly one holds the name), else the
    suggestions (the organizer decides) — ``line`` counts from 1."""

    line: int
    typed: str
    member_id: int | None
    suggestions: tuple[Suggestion, ...] = ()
    ambiguous: bool = False


def name_index(session: DbSession) -> NameIndex:
    """The visible members with every name they were entered under in an event (aliases)."""
    names = dict(session.execute(select(Member.id, Member.name)
                                 .where(Member.merged_into_id.is_(None))).all())
    typed: dict[int, set[str]] = {}
    for member_id, raw in session.execute(
            select(Entry.member_id, Entry.raw_name).distinct()
            .join(Member, Member.id == Entry.member_id)
            .where(Member.merged_into_id.is_(None))):
        if member_id is not None and name_key(raw) != name_key(names[member_id]):
            typed.setdefault(member_id, set()).add(raw)
    return NameIndex(IndexedMember(member_id, name,
                                tuple(Alias(a, "publish")
                                      for a in sorted(typed.get(member_id, ()))))
                     for member_id, name in sorted(names.items()))


_NUMBERED = re.compile(r"^\s*\d{1,4}\s*[.)]\s+")  # "12. " or "3) " of a numbered list
_RATING = re.compile(r"\s*\(\s*\d{3,4}\s*\)\s*$")  # a trailing "(1500)"


def clean_line(raw: str) -> str:
    """A pasted line as a name: list numbering and a trailing rating in brackets dropped,
    spaces collapsed (``"3. Ann Lee (1500)"`` → ``"Ann Lee"``)."""
    return " ".join(_RATING.sub("", _NUMBERED.sub("", raw)).split())


def match_names(index: NameIndex, text: str) -> list[PastedNameMatch]:
    """Each non-empty pasted line (at most :data:`MAX_NAMES`) matched as in docs/desk.md §2."""
    out: list[PastedNameMatch] = []
    for number, raw in enumerate(text.splitlines()[:MAX_NAMES], start=1):
        typed = clean_line(raw)
        if not typed:
            continue
        chosen = index.preselect(typed)
        if chosen.member is not None:
            out.append(PastedNameMatch(number, typed, chosen.member))
            continue
        out.append(PastedNameMatch(number, typed, None, tuple(index.suggest(typed, SUGGESTIONS)),
                             chosen.ambiguous))
    return out
