"""The club's time zone: IANA names (zoneinfo), checked once, looked up once.

Stored times are naive UTC (``models.utcnow``); pages, fragments and exports write them in
the club's zone through ``ladder.web.support.formatting.time_text``. ``ladder init --timezone`` and
the settings page accept only a name the zone database knows (``Asia/Seoul``, ``UTC``).
"""

from __future__ import annotations

from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

#: What a club starts with (and what every club was shown before the setting existed).
DEFAULT = "UTC"


@lru_cache(maxsize=1)
def known() -> frozenset[str]:
    """Every IANA zone name the zone database holds (``UTC`` included)."""
    return frozenset(available_timezones()) | {DEFAULT}


def is_known(name: str) -> bool:
    """True for an IANA zone name such as ``Asia/Seoul`` (case as the database writes it)."""
    return name in known()


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    """The zone called ``name``; UTC for a name the database does not know (a row edited
    by hand), so a page never fails over it."""
    try:
        return ZoneInfo(name) if is_known(name) else ZoneInfo(DEFAULT)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT)
