"""Login throttling, counted in the database so it holds across workers (docs/qualities.md §1).

More than :data:`ACCOUNT_LIMIT` failures within :data:`WINDOW` for one login name, or more than
:data:`ADDRESS_LIMIT` from one address, and further attempts are refused until the window has
passed. A successful login clears the account's failures.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, func, select

from ..extensions import db
from ..models import LoginAttempt, utcnow
from .uow import use_case

WINDOW = dt.timedelta(minutes=1)
ACCOUNT_LIMIT = 5
ADDRESS_LIMIT = 20
KEEP = dt.timedelta(hours=1)  # old failures are purged when new ones are written


def _key(username: str) -> str:
    return username.strip().casefold()[:80]


def _failures(username: str, address: str, since: dt.datetime) -> tuple[int, int]:
    account = db.session.scalar(select(func.count(LoginAttempt.id)).where(
        LoginAttempt.username == _key(username), LoginAttempt.at > since)) or 0
    by_address = db.session.scalar(select(func.count(LoginAttempt.id)).where(
        LoginAttempt.address == address[:64], LoginAttempt.at > since)) or 0
    return account, by_address


@use_case(changes_pages=False)
def reserve_attempt(username: str, address: str, now: dt.datetime | None = None) -> bool:
    """Count this login attempt before the password is checked; False when throttled.

    Checking and counting happen under the write lock in one transaction, so workers and
    threads trying passwords at the same moment cannot all slip under the limit. The attempt
    counts as a failure until :func:`clear` forgets it after a successful login.
    """
    now = now or utcnow()
    account, by_address = _failures(username, address, now - WINDOW)
    if account >= ACCOUNT_LIMIT or by_address >= ADDRESS_LIMIT:
        return False
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - KEEP))
    db.session.add(LoginAttempt(username=_key(username), address=address[:64], at=now))
    return True


@use_case(changes_pages=False)
def clear(username: str) -> None:
    """Forget the failures of this login name (after a successful login)."""
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.username == _key(username)))
