"""Comparing two renders of a page: what differs between any two renders is masked.

The CSRF token is signed with a timestamp, and the print header says the minute the page was
made ("as of 2026-12-01 15:03 UTC", in the club's zone and the reader's language); two renders
a moment apart can differ there whatever the page (a minute boundary falls between them now
and then), so both are left out: the token, and the print header's paragraph as a whole.
"""

from __future__ import annotations

import re

_CSRF = re.compile(rb'<meta name="csrf-token" content="[^"]*">')
_PRINT_HEAD = re.compile(rb'<p class="print-head">.*?</p>', re.S)


def comparable(body: bytes) -> bytes:
    """``body`` with its CSRF token and its print header (which says the minute) masked."""
    return _PRINT_HEAD.sub(b"<print-head>", _CSRF.sub(b"<csrf>", body))


def comparable_text(body: str) -> str:
    """:func:`comparable` for a decoded page."""
    return comparable(body.encode("utf-8")).decode("utf-8")
