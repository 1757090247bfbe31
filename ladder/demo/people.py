"""The demo club's people: names, a hidden playing strength, junior flag and habits.

The strength is never stored: it only steers the simulated results so that stronger players
win more often. ``joins`` is the index of the season event a member first comes to, and
``attendance`` how keen they are to come to a club night (a weight, not a probability;
0 means a visitor who came only to that first night).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DemoMember:
    """One person of the demo club (pure data; becomes a Member when first published)."""

    name: str
    strength: float
    joins: int = 0
    attendance: float = 0.5
    junior: bool = False


ROSTER: tuple[DemoMember, ...] = (
    # The regulars who were there on the first night of the season.
    DemoMember("Viktor Petrov", 1950, 0, 0.90),
    DemoMember("Henrik Larsen", 1880, 0, 0.85),
    DemoMember("Maria González", 1820, 0, 0.80),
    DemoMember("王小明", 1760, 0, 0.70),
    DemoMember("Anna Kowalska", 1720, 0, 0.75),
    DemoMember("김민준", 1700, 0, 0.70),
    DemoMember("John Smith", 1650, 0, 0.80),
    DemoMember("Tomáš Novák", 1610, 0, 0.60),
    DemoMember("Budi Santoso", 1600, 0, 0.65),
    DemoMember("Pierre Dubois", 1580, 0, 0.70),
    DemoMember("Mateo Fernández", 1560, 0, 0.75, junior=True),
    DemoMember("Sofia Rossi", 1540, 0, 0.70),
    DemoMember("Lucas Oliveira", 1490, 0, 0.65),
    DemoMember("Emma Johansson", 1430, 0, 0.60),
    DemoMember("Daniel Weber", 1380, 0, 0.60),
    DemoMember("Olivia Brown", 1320, 0, 0.55),
    # Newcomers during the season (the index is the event they first come to).
    DemoMember("이서연", 1400, 2, 0.65, junior=True),
    DemoMember("Siti Rahayu", 1340, 2, 0.55),
    DemoMember("Grace O'Connor", 1260, 2, 0.50),
    DemoMember("Isabel Costa", 1210, 2, 0.50),
    DemoMember("Chloé Martin", 1180, 2, 0.60, junior=True),
    DemoMember("李静", 1450, 3, 0.50),
    DemoMember("Hannah Schneider", 1150, 3, 0.45),
    DemoMember("Dewi Lestari", 1100, 3, 0.55, junior=True),
    DemoMember("Elena Popescu", 1350, 4, 0.25),
    DemoMember("Noah Becker", 1050, 4, 0.50, junior=True),
    DemoMember("陈志强", 1520, 7, 0.30),
    DemoMember("Liam Murphy", 980, 10, 0.30, junior=True),
    DemoMember("박지호", 1280, 11, 0.0),
    DemoMember("Agus Wijaya", 1470, 12, 0.40),
)

BY_NAME: dict[str, DemoMember] = {member.name: member for member in ROSTER}

#: The duplicate the organizer has to clean up: one event typed this name for ``TYPO_OF``.
TYPO = "Jon Smith"
TYPO_OF = "John Smith"

#: The one junior whose parent and child agreed to show the full name (docs/privacy.md).
CONSENTING_JUNIOR = "Mateo Fernández"
CONSENT_NOTE = ("Parent (mother) and child both agreed, in person at the club night, to show "
                "the full name on the club's public pages.")
CONSENT_RECORDED_BY = "demo organizer"


def junior_names() -> frozenset[str]:
    """The names of every junior of the demo roster."""
    return frozenset(member.name for member in ROSTER if member.junior)
