"""A name says one thing (docs/architecture.md §1, beside the layer test in test_boundaries.py).

* A public class name (no leading underscore) is defined once at module level in ``ladder/``,
  so ``Player`` or ``Round`` in an import means one thing wherever it is read. The few names
  kept twice are in :data:`SAME_CLASS_NAME`, each with its reason.
* Two modules (or a module and a package) share a basename only when they are the same feature
  in different layers — the night's rules in ``club/``, its writes in ``services/``, its reads
  in ``queries/``, its pages in ``web/`` — or the same role in different packages (each form
  module, each error module). Those basenames are listed in :data:`SAME_FEATURE`, each with its
  reason; any other repeat fails, e.g. three ``engine.py`` that hold three unrelated things.

Both lists must stay true: an entry that no longer repeats fails too, so they only shrink.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "ladder"

#: Class names defined twice on purpose: the ORM row (``ladder/models.py``) and the pure
#: core's plain value of the same thing (the core may not import the model).
SAME_CLASS_NAME = {
    "BughouseTeam": "ORM row and club/bughouse.py's plain value of the same team of two",
    "RatingRow": "ORM row and rating/types.py's plain value of the same rating row",
    "Season": "ORM row and club/seasons.py's plain value of the same club season",
}

#: Basenames shared by modules of one feature in different layers (or one role in each
#: package). The reason names the feature and the layers.
SAME_FEATURE = {
    # One feature, its layers: rules (club/ or a pure package), writes (services/), reads
    # (queries/), pages (web/…), the command (cli/), the measurement (bench/).
    "aliases": "a member's other spellings: the rules (names/) and their writes (services/)",
    "audit": "the audit trail: its writes, its reads and its pages (web/audit/)",
    "bench": "the measurements: the package and its command",
    "bughouse": "bughouse nights: rules, writes, reads",
    "club": "the club's rules (the package) and the reads of the club's own data",
    "club_settings": "the club's settings: writes and pages",
    "competition": "competitions: the rules (package), their audit sentences, the demo's",
    "competitions": "competitions: writes, reads, public and organizer pages",
    "crosstable": "the crosstable: the file format (formats/) and its read (queries/)",
    "dashboard": "the organizer's dashboard: read and page",
    "elo": "the public Elo tools: the pure package and its page (web/tools/)",
    "events": "events: writes, reads, public and organizer pages, the command",
    "health": "the rating's health: rules, reads, public and organizer pages",
    "history": "rating history: the rules (club/) and the read",
    "intake": "the results intake: writes and the organizer's page",
    "ladder": "the ladder table: read and public page",
    "matching": "the pairing matcher (pairing/) and its measurement (bench/)",
    "members": "members: writes, reads, public pages and the members' pages (web/members/)",
    "names": "names: the matching rules (package) and the read of the name index",
    "night": "the club night: rules, writes, reads, public, organizer and audit pages",
    "night_finish": "finishing a night: write and organizer page",
    "night_phones": "players' phones on a night: organizer page and audit sentences",
    "night_self": "self-service on a night: rules, writes, reads",
    "pairing": "pairings: the engine (package), its command and its measurement",
    "prepared": "tie-breaks' prepared view (tiebreaks/) and the read that builds it (queries/)",
    "prizes": "prizes: the rules (club/) and the tool page (web/tools/)",
    "replay": "the rating replay: the write (services/) and its measurement (bench/)",
    "seasons": "seasons: rules, writes, reads, public and organizer pages",
    "sections": "sections: rules, reads, organizer page",
    "tiebreaks": "tie-breaks: the package, its tool page and its measurement",
    "tools": "the public tools: their pages (web/tools/) and the tools' share of bench/",
    # One role, each in its own package: the name says the role, the folder says whose.
    "command": "each pure tool package's command line (elo/, tiebreaks/)",
    "errors": "each package's own errors",
    "forms": "each blueprint's forms",
    "reasons": "the sentences each engine explains itself with (pairing/, names/)",
    "uscf": "US Chess: its rating formulas (elo/) and its tie-break edition (tiebreaks/)",
    "words": "sentences: the Keizer core's reasons (competition/), the audit log's (web/)",
}


def _modules() -> list[Path]:
    """Every module of ``ladder/`` but the migration scripts (written once, never imported)."""
    return [path for path in sorted(LADDER.rglob("*.py"))
            if "versions" not in path.relative_to(LADDER).parts]


def _basename(path: Path) -> str | None:
    """A module's name, a package's folder name (``ladder/`` itself has none)."""
    if path.name != "__init__.py":
        return path.stem
    return None if path.parent == LADDER else path.parent.name


def test_a_public_class_name_is_defined_once() -> None:
    defined: dict[str, list[str]] = defaultdict(list)
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                defined[node.name].append(str(path.relative_to(ROOT)))
    repeated = {name: where for name, where in defined.items() if len(where) > 1}
    unexplained = {name: where for name, where in repeated.items()
                   if name not in SAME_CLASS_NAME}
    assert unexplained == {}, "name each class for what it is (or list it with a reason)"
    stale = sorted(set(SAME_CLASS_NAME) - set(repeated))
    assert stale == [], "no longer defined twice: drop from SAME_CLASS_NAME"


def test_modules_share_a_name_only_within_one_feature() -> None:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in _modules():
        name = _basename(path)
        if name is not None:
            by_name[name].append(str(path.relative_to(ROOT)))
    repeated = {name: where for name, where in by_name.items() if len(where) > 1}
    unexplained = {name: where for name, where in repeated.items() if name not in SAME_FEATURE}
    assert unexplained == {}, "rename the module for what it holds (or list it with a reason)"
    stale = sorted(set(SAME_FEATURE) - set(repeated))
    assert stale == [], "no longer shared: drop from SAME_FEATURE"


def test_the_scan_sees_what_it_guards() -> None:
    """The scan finds the modules and classes it is about (so an empty scan cannot pass)."""
    names = {_basename(path) for path in _modules()}
    assert {"night", "next_round", "club_elo", "pairing"} <= names
    assert _basename(LADDER / "__init__.py") is None
