"""Measure name matching on the labelled holdout of scripts, short forms and aliases.

Run: .venv/bin/python tests/unit/name_holdout_report.py

tests/data/name_holdout_roster.csv is a club roster (Hangul, Han in both character sets,
Latin, Indonesian names; siblings; members with aliases from a publish, a merge, a rename and
a split); tests/data/name_holdout.csv holds typed names, each with the member it must find
(or none: a new person), in categories. The roster gets the labelled names of
name_pairs.csv and real player names from the files under tests/data as distractors.

Printed: per category, the share of typed names whose right member comes first / in the top
3, and "confident wrong" (a wrong member first with a score of 90 or more); for new people,
suggestions per name and the highest score of any; then the speed of ``suggest`` against a
synthetic 2,000-member roster. The figures are computed, not tuned: test_names_holdout.py
only asserts floors.
"""
from __future__ import annotations

import csv
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running as a plain script
    sys.path.insert(0, str(ROOT))

from ladder.names import Alias, IndexedMember, NameIndex, name_key  # noqa: E402
from tests.unit.name_matching_report import PAIRS_CSV, extra_names, load_pairs  # noqa: E402

HOLDOUT_CSV = ROOT / "tests" / "data" / "name_holdout.csv"
ROSTER_CSV = ROOT / "tests" / "data" / "name_holdout_roster.csv"
CONFIDENT = 90  # a wrong member first with this score would mislead the organizer
NEW = "new_person"


@dataclass(frozen=True)
class Case:
    """One labelled typed name."""

    category: str
    typed: str
    expected: tuple[str, ...]  # names of the right member(s); empty for a new person
    note: str


@dataclass
class Figures:
    """Counts for one category."""

    cases: int = 0
    top1: int = 0
    top3: int = 0
    confident_wrong: int = 0
    suggestions: int = 0  # new people: suggestions in total
    with_none: int = 0  # new people: with no suggestion at all
    max_score: int = 0  # new people: highest score of any suggestion
    misses: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Report:
    """The measured figures."""

    roster_size: int
    by_category: dict[str, Figures]
    preselect_right: int  # alias cases pre-selected as the right member (or shown ambiguous)
    preselect_cases: int
    bench: dict[str, float]


def load_roster(path: Path = ROSTER_CSV) -> list[IndexedMember]:
    """Members with their aliases ("kind:name[:merged_from]" separated by "|")."""
    members = []
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            aliases = []
            for item in filter(None, (row["aliases"] or "").split("|")):
                kind, name, *rest = item.split(":")
                aliases.append(Alias(name, kind, int(rest[0]) if rest else None))  # type: ignore[arg-type]
            members.append(IndexedMember(int(row["id"]), row["name"], tuple(aliases)))
    return members


def load_cases(path: Path = HOLDOUT_CSV) -> list[Case]:
    """The labelled typed names."""
    with path.open(encoding="utf-8", newline="") as f:
        return [Case(r["category"], r["typed"], tuple(filter(None, r["expected"].split("|"))),
                     r["note"])
                for r in csv.DictReader(f)]


def build_roster(members: list[IndexedMember]) -> list[IndexedMember]:
    """The holdout roster plus distractors whose identity key is not taken."""
    taken = ({name_key(m.name) for m in members}
             | {name_key(a.name) for m in members for a in m.aliases})
    out = list(members)
    next_id = 10_000
    for name in [p.existing for p in load_pairs(PAIRS_CSV)] + extra_names():
        if name_key(name) not in taken:
            taken.add(name_key(name))
            out.append(IndexedMember(next_id, name))
            next_id += 1
    return out


def measure(cases: list[Case] | None = None, roster: list[IndexedMember] | None = None,
            bench: bool = True, confident: int = CONFIDENT) -> Report:
    """Compute the figures; ``confident`` is the score from which a wrong first suggestion counts
    as "confident wrong"."""
    cases = load_cases() if cases is None else cases
    roster = build_roster(load_roster()) if roster is None else roster
    index = NameIndex(roster)
    by_category: dict[str, Figures] = defaultdict(Figures)
    pre_right = pre_cases = 0
    for case in cases:
        fig = by_category[case.category]
        fig.cases += 1
        found = index.suggest(case.typed, limit=5)
        keys = [name_key(s.name) for s in found]
        if not case.expected:
            fig.suggestions += len(found)
            fig.with_none += not found
            fig.max_score = max([fig.max_score] + [s.score for s in found])
            fig.confident_wrong += any(s.score >= confident for s in found)
            if found:
                fig.misses.append(f"{case.typed!r}: got {[(s.name, s.score) for s in found[:3]]}")
            continue
        right = {name_key(n) for n in case.expected}
        first_right = next((i for i, k in enumerate(keys) if k in right), None)
        fig.top1 += first_right == 0
        fig.top3 += first_right is not None and first_right < 3
        # Confident wrong: a wrong member first, at 90 or more, above the right one. A tie
        # (张伟杰 and 张伟洁 are both Zhang Weijie) shows both at one score: not misleading.
        right_score = found[first_right].score if first_right is not None else -1
        if (found and keys[0] not in right and found[0].score >= confident
                and found[0].score > right_score):
            fig.confident_wrong += 1
        if first_right != 0:
            fig.misses.append(f"{case.typed!r}: expected {case.expected}, got "
                              f"{[(s.name, s.score) for s in found[:3]]}")
        if case.category == "alias" and any(name_key(case.typed) == name_key(a.name)
                                            for m in roster for a in m.aliases):
            pre_cases += 1
            chosen = index.preselect(case.typed)
            ids = {m.id for m in roster if name_key(m.name) in right}
            pre_right += (chosen.ambiguous and set(chosen.matches) == ids) if len(ids) > 1 \
                else chosen.member in ids
    return Report(len(roster), dict(by_category), pre_right, pre_cases,
                  run_bench() if bench else {})


# ------------------------------------------------------------------ speed

_GIVEN = ("James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara "
          "Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa "
          "Anthony Betty Mark Sandra Paul Ashley Steven Kimberly Andrew Emily Kenneth Donna Joshua "
          "Michelle Lukas Sofia Jan Anna Pieter Ines Mateo Lucia Ivan Olga Piotr Zofia Lars "
          "Ingrid").split()
_SURNAME = ("Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez "
            "Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson "
            "White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright "
            "Scott Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Novak Kowalski Nowak "
            "Jansen DeVries Bakker Visser Rossi Russo Ferrari Esposito Bianchi Romano Ivanov "
            "Petrov").split()
_K_FAMILY = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진"
_K_SYLL = "민서준지우현수영진호하은도윤재혁성연아예원승희태경동석주빈채유나리시훈"
_C_FAMILY = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许邓冯曾彭萧蔡潘"
_C_GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰文斌宇浩然子涵梓轩雨欣思远嘉怡俊峰"
_I_GIVEN = ("Agus Budi Dewi Eko Fitri Hendra Indra Joko Kartika Lestari Rizky Siti Slamet Sri "
            "Teguh Wahyu Yudi Bambang Dian Putri Rina Andi Ayu Fajar Gilang Hadi Intan").split()
_I_FAMILY = ("Santoso Wijaya Pratama Saputra Hidayat Setiawan Kurniawan Nugroho Susanto Gunawan "
             "Lestari Rahmawati Hartono Wibowo Suryadi Sutanto Purnomo Ramadhan Maulana").split()


def synthetic_roster(size: int = 2000, seed: int = 2026) -> list[IndexedMember]:
    """A club of ``size`` members: 40 % Latin, 20 % Hangul, 20 % Han, 20 % Indonesian names."""
    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < size:
        kind = rng.random()
        if kind < 0.4:
            names.add(f"{rng.choice(_GIVEN)} {rng.choice(_SURNAME)}")
        elif kind < 0.6:
            names.add(rng.choice(_K_FAMILY) + rng.choice(_K_SYLL) + rng.choice(_K_SYLL))
        elif kind < 0.8:
            names.add(rng.choice(_C_FAMILY)
                      + "".join(rng.choice(_C_GIVEN) for _ in range(rng.choice((1, 2)))))
        else:
            first = rng.choice(("Muhammad ", "M. ", "", "", ""))
            names.add(f"{first}{rng.choice(_I_GIVEN)} {rng.choice(_I_FAMILY)}")
    return [IndexedMember(i + 1, n) for i, n in enumerate(sorted(names))]


def synthetic_typed(roster: list[IndexedMember], count: int = 400, seed: int = 7) -> list[str]:
    """Typed names: members' names with slips, other scripts' spellings, short forms, new people."""
    from ladder.names.hangul import standard_romanisation  # a fair query mix, not a measurement

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        name = rng.choice(roster).name
        roll = rng.random()
        if roll < 0.15 and " " in name:
            g, s = name.rsplit(" ", 1)
            out.append(f"{s}, {g}")
        elif roll < 0.3 and all("\uac00" <= c <= "\ud7a3" for c in name):
            out.append(f"{standard_romanisation(name[0]).title()} "
                       f"{standard_romanisation(name[1:]).title()}")
        elif roll < 0.45 and len(name) > 4:
            i = rng.randrange(1, len(name) - 1)
            out.append(name[:i] + name[i + 1:])
        elif roll < 0.6:
            out.append(f"{rng.choice(_GIVEN)} {rng.choice(_SURNAME)}son")  # mostly new people
        else:
            out.append(name)
    return out


def run_bench(size: int = 2000) -> dict[str, float]:
    """Index build time and suggest() time per call against a synthetic roster (cold caches
    for the roster's names; the typed names are new strings for the most part)."""
    roster = synthetic_roster(size)
    typed = synthetic_typed(roster)
    started = time.perf_counter()
    index = NameIndex(roster)
    build = time.perf_counter() - started
    times = []
    for name in typed:
        t = time.perf_counter()
        index.suggest(name)
        times.append(time.perf_counter() - t)
    times.sort()
    # The compatible call, suggest(name, [(id, name), ...]) with one list for a whole event:
    # the first call builds the index, the others re-use it.
    from ladder.names import suggest

    pairs = [(m.id, m.name) for m in roster]
    suggest(typed[0], pairs)
    t = time.perf_counter()
    for name in typed:
        suggest(name, pairs)
    compat = (time.perf_counter() - t) / len(typed)
    return {
        "compat_ms": 1000 * compat,
        "members": float(size),
        "calls": float(len(typed)),
        "build_s": build,
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * times[int(0.95 * len(times)) - 1],
        "max_ms": 1000 * times[-1],
    }


def main() -> None:
    """Print the report."""
    r = measure()
    print(f"roster: {r.roster_size} members ({len(load_cases())} labelled typed names)")
    print(f"{'category':<14} {'cases':>5} {'top 1':>7} {'top 3':>7} {'conf. wrong':>11}")
    for category, fig in sorted(r.by_category.items(), key=lambda kv: kv[0] == NEW):
        if category == NEW:
            continue
        print(f"{category:<14} {fig.cases:>5} {fig.top1 / fig.cases:>7.1%} "
              f"{fig.top3 / fig.cases:>7.1%} {fig.confident_wrong:>11}")
    new = r.by_category.get(NEW)
    if new:
        print(f"{NEW:<14} {new.cases:>5}  suggestions per name {new.suggestions / new.cases:.2f}, "
              f"none {new.with_none / new.cases:.1%}, highest score {new.max_score}, "
              f"confident wrong {new.confident_wrong}")
    print("alias pre-selection right (or shown ambiguous): "
          f"{r.preselect_right}/{r.preselect_cases}")
    if r.bench:
        b = r.bench
        print(f"speed, {int(b['members'])}-member synthetic roster: index built in "
              f"{b['build_s']:.2f} s; suggest() {b['mean_ms']:.2f} ms per call "
              f"(p95 {b['p95_ms']:.2f}, max {b['max_ms']:.2f}) over {int(b['calls'])} calls; "
              f"suggest(name, list) re-using it {b['compat_ms']:.2f} ms")
    for category, fig in sorted(r.by_category.items()):
        for miss in fig.misses:
            print(f"  {category}: {miss}")


if __name__ == "__main__":
    main()
