"""Measure name suggestions against the labelled pairs in tests/data/name_pairs.csv.

Run: .venv/bin/python tests/unit/name_matching_report.py

The roster is every distinct "existing" name in the file, plus real player
names from the TRF and PGN files under tests/data as distractors. For each
typed name with a labelled match we check whether the right member comes
first / in the top 3; for typed names that match nobody ("new people") we
count how many suggestions they get anyway. The figures are computed, not
tuned: the test in test_names_report.py only asserts floors.
"""
from __future__ import annotations

import csv
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running as a plain script
    sys.path.insert(0, str(ROOT))

from ladder.names import name_key, suggest  # noqa: E402

PAIRS_CSV = ROOT / "tests" / "data" / "name_pairs.csv"
#: The tournament files copied into tests/data (tests/data/README.md names their sources).
TESTDATA = ROOT / "tests" / "data"
_PGN_PLAYER = re.compile(r'^\[(?:White|Black) "([^"]+)"\]', re.M)


@dataclass(frozen=True)
class Pair:
    """One labelled row of name_pairs.csv."""

    typed: str
    existing: str
    same_person: bool
    note: str


@dataclass(frozen=True)
class Report:
    """The measured figures."""

    roster_size: int
    matched_typed: int  # typed names with a labelled right member
    top1: float
    top3: float
    in_spec_top1: float  # same, leaving out rows noted "not required by spec"
    in_spec_top3: float
    misses: list[tuple[str, str, list[str]]]  # typed, expected, what came first
    new_people: int
    avg_suggestions_new: float
    new_with_none: float  # share of new people with no suggestion at all
    labelled_negatives: int
    negatives_suggested: float  # share of same_person=0 rows whose name was suggested
    negatives_above_right: int  # same_person=0 names ranked above the right member
    ms_per_call: float


def load_pairs(path: Path = PAIRS_CSV) -> list[Pair]:
    """Read the labelled pairs."""
    with path.open(encoding="utf-8", newline="") as f:
        return [
            Pair(r["typed"], r["existing"], r["same_person"].strip() == "1", r["note"])
            for r in csv.DictReader(f)
        ]


def extra_names(testdata: Path = TESTDATA) -> list[str]:
    """Real player names from the TRF/PGN files under tests/data (distractors)."""
    names: set[str] = set()
    if not testdata.is_dir():
        return []
    for trf in sorted(testdata.rglob("*.trf*")):
        for line in trf.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("001") and len(line) > 15:
                names.add(line[14:47].strip())
    for pgn in sorted(testdata.rglob("*.pgn")):
        names.update(_PGN_PLAYER.findall(pgn.read_text(encoding="utf-8", errors="replace")))
    return sorted(n for n in names if n)


def build_roster(pairs: list[Pair], extras: list[str]) -> list[tuple[int, str]]:
    """Every distinct existing name, then the extras whose key is not taken."""
    roster: list[tuple[int, str]] = []
    seen: set[str] = set()
    for name in [p.existing for p in pairs] + extras:
        key = name_key(name)
        if key not in seen:
            seen.add(key)
            roster.append((len(roster) + 1, name))
    return roster


def measure(pairs: list[Pair] | None = None, extras: list[str] | None = None) -> Report:
    """Compute the figures for the labelled set."""
    pairs = load_pairs() if pairs is None else pairs
    extras = extra_names() if extras is None else extras
    roster = build_roster(pairs, extras)
    right: dict[str, set[str]] = defaultdict(set)
    wrong: dict[str, set[str]] = defaultdict(set)
    for p in pairs:
        (right if p.same_person else wrong)[p.typed].add(name_key(p.existing))
    typed_names = sorted({p.typed for p in pairs})

    hits1 = hits3 = 0
    out_of_spec = {p.typed for p in pairs if p.same_person and "not required by spec" in p.note}
    spec_hits1 = spec_hits3 = 0
    misses: list[tuple[str, str, list[str]]] = []
    new_counts: list[int] = []
    neg_suggested = neg_above = 0
    started = time.perf_counter()
    for typed in typed_names:
        found = suggest(typed, roster)
        keys = [name_key(s.name) for s in found]
        neg_suggested += sum(k in wrong[typed] for k in keys)
        if right[typed]:
            first_right = next((i for i, k in enumerate(keys) if k in right[typed]), None)
            hits1 += first_right == 0
            hits3 += first_right is not None and first_right < 3
            if typed not in out_of_spec:
                spec_hits1 += first_right == 0
                spec_hits3 += first_right is not None and first_right < 3
            if first_right != 0:
                misses.append((typed, " / ".join(sorted(right[typed])),
                               [s.name for s in found[:3]]))
            cutoff = len(keys) if first_right is None else first_right
            neg_above += sum(k in wrong[typed] for k in keys[:cutoff])
        else:
            new_counts.append(len(found))
    elapsed = time.perf_counter() - started

    matched = sum(1 for t in typed_names if right[t])
    negatives = sum(1 for p in pairs if not p.same_person)
    return Report(
        roster_size=len(roster),
        matched_typed=matched,
        top1=hits1 / matched,
        top3=hits3 / matched,
        in_spec_top1=spec_hits1 / (matched - len(out_of_spec)),
        in_spec_top3=spec_hits3 / (matched - len(out_of_spec)),
        misses=misses,
        new_people=len(new_counts),
        avg_suggestions_new=sum(new_counts) / len(new_counts),
        new_with_none=sum(c == 0 for c in new_counts) / len(new_counts),
        labelled_negatives=negatives,
        negatives_suggested=neg_suggested / negatives,
        negatives_above_right=neg_above,
        ms_per_call=1000 * elapsed / len(typed_names),
    )


def main() -> None:
    """Print the report."""
    r = measure()
    print(f"roster: {r.roster_size} names ({len(load_pairs())} labelled pairs)")
    print(f"typed names with a right member: {r.matched_typed}")
    print(f"  right member first:  {r.top1:6.1%}")
    print(f"  right member top 3:  {r.top3:6.1%}")
    print(f"  (cases the spec requires: first {r.in_spec_top1:.1%}, top 3 {r.in_spec_top3:.1%})")
    print(f"new people (typed names matching nobody): {r.new_people}")
    print(f"  average suggestions: {r.avg_suggestions_new:.2f}")
    print(f"  with no suggestion:  {r.new_with_none:6.1%}")
    print(f"labelled non-matches (same_person=0): {r.labelled_negatives}")
    print(f"  suggested anyway:    {r.negatives_suggested:6.1%}")
    print(f"  ranked above the right member: {r.negatives_above_right}")
    print(f"time per suggest() over the roster: {r.ms_per_call:.1f} ms")
    if r.misses:
        print("not first:")
        for typed, expected, got in r.misses:
            print(f"  {typed!r}: expected {expected!r}, got {got}")


if __name__ == "__main__":
    main()
