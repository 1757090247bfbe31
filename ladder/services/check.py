"""``ladder check``: recompute the whole ladder from scratch and compare with what is stored.

Deliberately independent of the replay's fast path: it reads the events through
:func:`~ladder.services.replay.load_inputs` (ORM-free but separate SQL) and rates them with the
engine's dataclass API, then compares every stored value (rows, and each member's rating,
games and last change) exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, scoped_session

from ..models import Entry, Member, Merge, RatingRow
from ..queries.club import club_settings
from ..rating import replay as replay_events
from .replay import _juniors, _session, load_inputs, rating_options

_ROW_FIELDS = ("rating_before", "rating_after", "k", "games_before", "games_counted",
               "expected", "score", "provisional_before")


@dataclass(frozen=True)
class Difference:
    """One stored value that differs from a replay from scratch."""

    where: str
    field: str
    stored: object
    expected: object

    def __str__(self) -> str:
        return f"{self.where}: {self.field} stored {self.stored!r}, replay gives {self.expected!r}"


def check(session: Session | scoped_session[Any] | None = None) -> list[Difference]:
    """Replay from scratch in memory (writing nothing) and list every difference found."""
    session = _session(session)
    settings = club_settings(session)
    options = rating_options(settings)
    rows, final = replay_events(load_inputs(session, None), {}, options, _juniors(session))
    differences: list[Difference] = []

    stored = {(r.event_id, r.member_id): r for r in session.scalars(select(RatingRow))}
    for row in rows:
        where = f"event {row.event_id}, member {row.member_id}"
        have = stored.pop((row.event_id, row.member_id), None)
        if have is None:
            differences.append(Difference(where, "row", None, "present"))
            continue
        for field in _ROW_FIELDS:
            if getattr(have, field) != getattr(row, field):
                differences.append(Difference(where, field, getattr(have, field),
                                              getattr(row, field)))
    for event_id, member_id in stored:
        differences.append(Difference(f"event {event_id}, member {member_id}", "row",
                                      "present", None))

    # The ladder's "last change": that of the member's last row in replay order (None: none).
    last_change = {row.member_id: row.rating_after - row.rating_before for row in rows}
    for member in session.scalars(select(Member)):
        state = final.get(member.id)
        rating = state.rating if state else options.start_rating
        games = state.games if state else 0
        change = last_change.get(member.id)
        if member.rating != rating:
            differences.append(Difference(f"member {member.id}", "rating", member.rating, rating))
        if member.games != games:
            differences.append(Difference(f"member {member.id}", "games", member.games, games))
        if member.last_change != change:
            differences.append(Difference(f"member {member.id}", "last_change",
                                          member.last_change, change))
    differences.extend(ownership_differences(session))
    return differences


def ownership_differences(session: Session | scoped_session[Any]) -> list[Difference]:
    """What a lost race between merges, undos, re-links and deletes could leave behind
    (issue 10): an entry owned by a member merged away, a merge in force whose source is not
    merged into its target, a member merged away without a merge in force that says so, and
    two entries of one event owned by one member.

    A chain of merges in force (A into B, then B into C) is consistent: each link is one
    recorded merge, undone in the reverse order (``undo_merge`` names the later one first).
    """
    found: list[Difference] = []
    merged: dict[int, int] = {member_id: target for member_id, target in session.execute(
        select(Member.id, Member.merged_into_id).where(Member.merged_into_id.is_not(None)))
        if target is not None}
    for entry_id, member_id in session.execute(
            select(Entry.id, Entry.member_id).where(Entry.member_id.in_(list(merged)))):
        found.append(Difference(f"entry {entry_id}", "member", member_id,
                                "a visible member (this one was merged away)"))
    in_force = list(session.execute(
        select(Merge.id, Merge.source_id, Merge.target_id).where(Merge.undone_at.is_(None))))
    recorded = {(source, target) for _merge_id, source, target in in_force}
    for source, target in merged.items():
        if (source, target) not in recorded:
            found.append(Difference(f"member {source}", "merged_into", target,
                                    "a merge in force into that member"))
    for merge_id, source, target in in_force:
        if merged.get(source) != target:
            found.append(Difference(f"merge {merge_id}", "source merged into",
                                    merged.get(source), target))
    for event_id, member_id, count in session.execute(
            select(Entry.event_id, Entry.member_id, func.count(Entry.id))
            .where(Entry.member_id.is_not(None))
            .group_by(Entry.event_id, Entry.member_id).having(func.count(Entry.id) > 1)):
        found.append(Difference(f"event {event_id}, member {member_id}", "entries", count, 1))
    return found
