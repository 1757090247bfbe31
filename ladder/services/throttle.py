"""Login throttling, counted in the database so it holds across workers (SPEC §11).

More than :data:`ACCOUNT_LIMIT` failures within :data:`WINDOW` for one login name, or more than
:data:`ADDRESS_LIMIT` from one address, and further attempts are refused until the window has
passed. A successful login clears the account's failures.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, func, select

from ..extensions import db
from ..models import LoginAttempt, utcnow

WINDOW = dt.timedelta(minutes=1)
ACCOUNT_LIMIT = 5
ADDRESS_LIMIT = 20
KEEP = dt.timedelta(hours=1)  # old failures are purged when new ones are written


def _key(username: str) -> str:
    return username.strip().casefold()[:80]


def is_throttled(username: str, address: str, now: dt.datetime | None = None) -> bool:
    """True when this login name or this address has used up its failures for the minute."""
    since = (now or utcnow()) - WINDOW
    account = db.session.scalar(select(func.count(LoginAttempt.id)).where(
        LoginAttempt.username == _key(username), LoginAttempt.at > since)) or 0
    if account >= ACCOUNT_LIMIT:
        return True
    by_address = db.session.scalar(select(func.count(LoginAttempt.id)).where(
        LoginAttempt.address == address[:64], LoginAttempt.at > since)) or 0
    return by_address >= ADDRESS_LIMIT


def record_failure(username: str, address: str, now: dt.datetime | None = None) -> None:
    """Count one failed login (one short transaction), forgetting failures older than an hour."""
    now = now or utcnow()
    try:
        db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - KEEP))
        db.session.add(LoginAttempt(username=_key(username), address=address[:64], at=now))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def clear(username: str) -> None:
    """Forget the failures of this login name (after a successful login)."""
    try:
        db.session.execute(delete(LoginAttempt).where(
            LoginAttempt.username == _key(username)))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
