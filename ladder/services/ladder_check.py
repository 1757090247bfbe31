"""The ladder check: recompute the whole ladder from scratch and compare with what is stored.

One module for ``ladder check``, the dashboard's stored check and "Check now".

Deliberately independent of the replay's fast path: it reads the events through
:func:`~ladder.services.replay.load_inputs` (ORM-free but separate SQL) and rates them with the
engine's dataclass API, then compares every stored value (rows, and each member's rating,
games and last change) exactly.

**Stored with the generation it verified** (docs/club-rating.md §2; test_stored_check.py).

A check replays the whole history in memory (about a second on a 20-year club). Its answer
can only change when something was written, and every committed write moves the ladder
generation, so:

* :func:`current_check` (the organizer's dashboard) returns the stored check while the
  generation is the one it verified, and checks again, storing the new answer, once the
  generation moved. It also checks again when the members' stored ratings no longer match
  the stored :func:`fingerprint` (a fraction of a millisecond to read): an edit made outside
  the app moves no generation, and catching what went wrong behind the app's back is what
  a check is for. (An out-of-band edit of older rating rows alone shows at the next change,
  at the latest: fingerprinting every rating row would cost more than the page may.)
* :func:`run_check` (``ladder check``, the dashboard's "Check now") always checks from
  scratch and stores what it found.

Storing the answer is bookkeeping no public page shows: it commits without moving the
generation (``@use_case(changes_pages=False)``), so it never invalidates a cached page.
The generation is read in the same transaction as the check's own reads; should a write
commit in between (possible on PostgreSQL), the answer is recorded under the older
generation and the next visit checks again.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, func, select
from sqlalchemy.orm import Session, scoped_session

from ..extensions import DbSession, db
from ..models import Entry, LadderCheck, Member, Merge, RatingRow, utcnow
from ..queries.club import club_settings, committed_generation
from ..rating import replay as replay_events
from .replay import _juniors, _session, load_inputs, rating_options
from .uow import use_case

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
    (tests/web/test_concurrency.py): an entry owned by a member merged away, a merge in force
    whose source is not merged into its target, a member merged away without a merge in force
    that says so, and two entries of one event owned by one member.

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


#: Differences kept with a stored check (the dashboard shows the first twenty).
MAX_STORED = 200
_ROW_ID = 1


@dataclass(frozen=True)
class CheckResult:
    """What a check found, for which generation, and when."""

    generation: int
    checked_at: dt.datetime
    total: int  # differences found
    differences: tuple[str, ...]  # the first :data:`MAX_STORED` of them, as text
    fresh: bool  # True when this call ran the check (not read from the store)

    @property
    def verified(self) -> bool:
        """True when the stored ladder equals a replay from scratch."""
        return self.total == 0


def generation(session: DbSession | None = None) -> int:
    """The ladder generation as committed (0 before the first write)."""
    return committed_generation(session or db.session)


def fingerprint(session: DbSession | None = None) -> str:
    """A cheap digest of the members' stored ratings and games and of the rating rows' count
    (integers, so the same state always gives the same text)."""
    session = session or db.session
    micro = func.cast(func.round(Member.rating * 1_000_000), BigInteger)
    members = session.execute(select(func.count(Member.id), func.sum(Member.games),
                                     func.sum(micro))).one()
    rows = session.scalar(select(func.count()).select_from(RatingRow))
    return ",".join(str(int(value or 0)) for value in (*members, rows))


def stored_check(session: DbSession | None = None) -> CheckResult | None:
    """The last stored check, whatever generation it verified."""
    session = session or db.session
    row = session.get(LadderCheck, _ROW_ID)
    return _result(row) if row is not None else None


def _result(row: LadderCheck) -> CheckResult:
    lines = tuple(line for line in row.differences.split("\n") if line)
    return CheckResult(row.generation, row.checked_at, row.total, lines, fresh=False)


def current_check(session: DbSession | None = None) -> CheckResult:
    """The check of the current generation: the stored one when it is current, else a new
    check (stored)."""
    session = session or db.session
    row = session.get(LadderCheck, _ROW_ID)
    if (row is not None and row.generation == generation(session)
            and row.fingerprint == fingerprint(session)):
        return _result(row)
    return run_check(session)


def run_check(session: DbSession | None = None) -> CheckResult:
    """Check from scratch now, store the answer with its generation and return it."""
    session = session or db.session
    verified = generation(session)  # read before the check, in its transaction
    digest = fingerprint(session)
    differences = check(session)  # type: ignore[arg-type]  # the request's scoped session
    result = CheckResult(verified, utcnow(), len(differences),
                         tuple(str(d) for d in differences[:MAX_STORED]), fresh=True)
    _store(result, digest)
    return result


@use_case(changes_pages=False)
def _store(result: CheckResult, digest: str) -> None:
    """Keep ``result`` unless a check of a newer generation is already stored."""
    row = db.session.get(LadderCheck, _ROW_ID)
    if row is None:
        row = LadderCheck(id=_ROW_ID)
        db.session.add(row)
    elif row.generation > result.generation:
        return  # a later check (another worker, after a newer write) won
    row.generation = result.generation
    row.fingerprint = digest
    row.checked_at = result.checked_at
    row.total = result.total
    row.differences = "\n".join(result.differences)


__all__ = ["CheckResult", "Difference", "MAX_STORED", "current_check", "fingerprint",
           "generation", "run_check", "stored_check"]
