"""Comparing two renders of a page: what differs between any two renders is masked.

The CSRF token is signed with a timestamp, and the print header says the minute the page was
made ("as of 2026-12-01 15:03 UTC"); two renders a moment apart can differ there whatever the
page (a minute boundary falls between them now and then), so both are left out.
"""

from __future__ import annotations

import re

_CSRF = re.compile(rb'<meta name="csrf-token" content="[^"]*">')
_AS_OF = re.compile(rb"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")


def comparable(body: bytes) -> bytes:
    """``body`` with its CSRF token and its print-header minute masked."""
    return _AS_OF.sub(b"<now>", _CSRF.sub(b"<csrf>", body))
