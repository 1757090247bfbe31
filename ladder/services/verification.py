"""The ladder check, stored with the generation it verified (issue 16.5, SPEC §3).

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

from sqlalchemy import BigInteger, func, select

from ..extensions import DbSession, db
from ..models import LadderCheck, Member, RatingRow, utcnow
from ..queries.club import committed_generation
from .check import Difference, check
from .uow import use_case

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
