"""The one display-name policy (pure): every name on a page, fragment, export or JSON obeys it.

docs/privacy.md: a junior without a recorded consent, and everyone when the club chooses "initials for
all", is shown by initials only; equal initials get a stable suffix (ordered by member id, so a
label never changes when an unrelated member joins a page). The full name then appears nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass


def shows_initials(junior: bool, consent: bool, initials_for_all: bool) -> bool:
    """True when this member's name is shown as initials on public pages (docs/privacy.md).

    >>> shows_initials(junior=True, consent=False, initials_for_all=False)
    True
    >>> shows_initials(junior=True, consent=True, initials_for_all=False)
    False
    """
    return initials_for_all or (junior and not consent)


@dataclass(frozen=True)
class NameBook:
    """Display names of every member under the club's policy, computed once per request."""

    labels: dict[int, str]

    def __call__(self, member_id: int | None) -> str:
        """The display name of a member (an em dash for an unknown id: never a raw name)."""
        if member_id is None:
            return "—"
        return self.labels.get(member_id, "—")


def guest_name(name: str, junior: bool, initials_for_all: bool) -> str:
    """A club night's guest (a name not on the roster yet) on a public page, under the same
    policy as a member (a guest has no recorded consent).

    >>> guest_name("Ann Lee", junior=True, initials_for_all=False)
    'A. L.'
    >>> guest_name("Ann Lee", junior=False, initials_for_all=False)
    'Ann Lee'
    """
    from .initials import initials
    return initials(name) if shows_initials(junior, False, initials_for_all) else name
