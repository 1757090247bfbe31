"""Measure name matching across romanisations on the set built from the romanisation tables.

Run: .venv/bin/python tests/unit/name_romanisation_report.py

tests/data/name_romanisation_roster.csv is a roster of Cantonese, Hokkien, Korean and Indonesian
names; tests/data/name_romanisation_cases.csv holds typed names, each with the member it must
find (or none: a different person whose name is close to a member's). tests/data/README.md says
how both were built and from which tables. The roster is padded with the holdout roster and the
labelled and real names of tests/data (name_holdout_report.build_roster) as distractors.

Printed: per category, the share of typed names whose right member comes first / in the top 3
and "confident wrong" (a wrong member first at 85 or more); for the different people, the number
of suggestions and whether any reached 85. test_names_romanisation_sources.py asserts floors.
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running as a plain script
    sys.path.insert(0, str(ROOT))

from ladder.names import IndexedMember  # noqa: E402
from tests.unit.name_holdout_report import (  # noqa: E402
    NEW,
    Report,
    build_roster,
    load_cases,
    load_roster,
    measure,
)

CASES_CSV = ROOT / "tests" / "data" / "name_romanisation_cases.csv"
ROSTER_CSV = ROOT / "tests" / "data" / "name_romanisation_roster.csv"
CONFIDENT = 85  # a wrong member first (or any member, for a new person) at this score misleads


def romanisation_roster() -> list[IndexedMember]:
    """The roster of the set, then the holdout roster (ids moved past ours) and the distractors."""
    with ROSTER_CSV.open(encoding="utf-8", newline="") as f:
        members = [IndexedMember(int(r["id"]), r["name"]) for r in csv.DictReader(f)]
    members += [IndexedMember(m.id + 5000, m.name, m.aliases) for m in load_roster()]
    return build_roster(members)


def run() -> Report:
    """The figures on the romanisation set."""
    return measure(load_cases(CASES_CSV), romanisation_roster(), bench=False, confident=CONFIDENT)


def main() -> None:
    """Print the report."""
    r = run()
    print(f"roster: {r.roster_size} members ({len(load_cases(CASES_CSV))} typed names)")
    print(f"{'category':<12} {'cases':>5} {'top 1':>7} {'top 3':>7} {'conf. wrong (>=85)':>19}")
    same = [f for c, f in r.by_category.items() if c != NEW]
    for category, fig in sorted(r.by_category.items()):
        if category != NEW:
            print(f"{category:<12} {fig.cases:>5} {fig.top1 / fig.cases:>7.1%} "
                  f"{fig.top3 / fig.cases:>7.1%} {fig.confident_wrong:>19}")
    total = sum(f.cases for f in same)
    print(f"{'all':<12} {total:>5} {sum(f.top1 for f in same) / total:>7.1%} "
          f"{sum(f.top3 for f in same) / total:>7.1%} {sum(f.confident_wrong for f in same):>19}")
    new = r.by_category.get(NEW)
    if new:
        print(f"{NEW:<12} {new.cases:>5}  suggestions per name {new.suggestions / new.cases:.2f}, "
              f"none {new.with_none / new.cases:.1%}, highest score {new.max_score}, "
              f"confident wrong (>=85) {new.confident_wrong}")
    for category, fig in sorted(r.by_category.items()):
        for miss in fig.misses:
            print(f"  {category}: {miss}")


if __name__ == "__main__":
    main()
