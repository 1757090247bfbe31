"""Addresses the long lists build thousands of times: computed once per request, then joined."""

from __future__ import annotations

from collections.abc import Sequence

from flask import request, url_for

_MEMBER_PREFIX = "ladder.member_prefix"


def member_href_prefix() -> str:
    """The address of a member's profile without the id, built once per request (with the
    unlisted token when the request has it): the id appended gives exactly what the ``int``
    route gives."""
    prefix = request.environ.get(_MEMBER_PREFIX)
    if prefix is None:
        probe = url_for("public.member", member_id=1)
        if not probe.endswith("/1"):  # pragma: no cover - the route changed shape
            raise RuntimeError(probe)
        prefix = request.environ[_MEMBER_PREFIX] = probe[:-1]
    return str(prefix)


def member_href(member_id: int) -> str:
    """``url_for('public.member', member_id=…)`` for the long lists (a 2,000-row ladder calls
    this 2,000 times): the prefix once per request, the id appended."""
    return member_href_prefix() + str(int(member_id))


_PROBE = 987654321


def explain_links(event_id: int, codes: Sequence[str]) -> dict[str, tuple[str, str]]:
    """For each tie-break code, the explanation address split around the start number:
    ``before + str(start_no) + after`` equals ``url_for('public.explain', …)`` (one url_for
    per code instead of one per value of a large standings table)."""
    links = {}
    for code in codes:
        probe = url_for("public.explain", event_id=event_id, start_no=_PROBE, code=code)
        before, found, after = probe.partition(f"/explain/{_PROBE}/")
        if not found:  # pragma: no cover - the route changed shape
            raise RuntimeError(probe)
        links[code] = (before + "/explain/", "/" + after)
    return links


def rating_detail_link(event_id: int) -> tuple[str, str]:
    """The address of a member's rating change in an event split around the member id:
    ``before + str(member_id) + after`` equals ``url_for('public.rating_detail', …)`` (one
    url_for per standings table instead of one per row)."""
    probe = url_for("public.rating_detail", event_id=event_id, member_id=_PROBE)
    before, found, after = probe.partition(f"/rating/{_PROBE}")
    if not found:  # pragma: no cover - the route changed shape
        raise RuntimeError(probe)
    return before + "/rating/", after
