"""The audit log: who, when, what, old value, new value (docs/club-rating.md §2)."""

from __future__ import annotations

import json
from typing import Any

from ..extensions import db
from ..models import AuditEntry


def _encode(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def record(actor: str, action: str, summary: str, *, event_id: int | None = None,
           member_id: int | None = None, old: Any = None, new: Any = None,
           context: dict[str, Any] | None = None) -> AuditEntry:
    """Add an audit entry to the current transaction (committed with the change it describes).

    ``context`` keeps what the change was about as it read at the time (player and event
    names, the round), so the log can describe it in words later.
    """
    entry = AuditEntry(actor=actor, action=action, summary=summary[:500], event_id=event_id,
                       member_id=member_id, old_value=_encode(old), new_value=_encode(new),
                       context=_encode(context) if context else None)
    db.session.add(entry)
    return entry
