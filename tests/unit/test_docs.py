"""The README and ``docs/`` say what is true, and a clone can follow every reference.

* The README stays a door (at most 10 kB); the manuals are in ``docs/``.
* Every relative link in README.md and ``docs/*.md`` leads to a file that exists and, when it
  names an anchor, to a heading of that file (GitHub's anchors: lower case, punctuation
  dropped, spaces as hyphens, a repeated heading numbered).
* Every ``ladder …`` command written in them (in code spans and code blocks) exists, with each
  option it shows: read from the ``ladder`` command group itself (Click's own description of
  its commands), and ``docs/command-line.md`` lists every command there is.
* A comment or page that cites ``docs/<page>.md §N`` names a page and a section that exist,
  and none cites an issue number (the tracker is not in the repository): code cites the rule,
  the docs page or the test instead.

The self-hosting steps themselves are run as written by ``tests/install/test_wheel.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from ladder.cli import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
#: Flask's own commands on every Flask group, documented by Flask.
FLASK_OWN = {("routes",), ("shell",)}

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
CODE_SPAN = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
OPTION = re.compile(r"(?<![\w-])--[a-z0-9][\w-]*")


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks (a ``#`` there is a shell comment)."""
    return FENCE.sub("", text)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading's text."""
    text = re.sub(r"[`*]", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (a repeated one as ``name-1``, ``name-2``)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", _prose(path.read_text("utf-8")), re.M):
        name = anchor(heading)
        found.add(f"{name}-{seen[name]}" if name in seen else name)
        seen[name] = seen.get(name, 0) + 1
    return found


def test_the_readme_is_a_door() -> None:
    assert README.stat().st_size <= 10 * 1024
    for page in ("self-hosting", "command-line", "organizer-guide", "architecture",
                 "development"):
        assert f"(docs/{page}.md)" in README.read_text("utf-8"), page


def test_the_anchor_is_githubs() -> None:
    assert anchor("6. Speed: `ladder bench pairing`") == "6-speed-ladder-bench-pairing"
    assert anchor("3. Unplayed rounds (FIDE 2024 and 2026, Art. 15–16)") == \
        "3-unplayed-rounds-fide-2024-and-2026-art-1516"
    assert anchor("Decisions of the native-quality review") == \
        "decisions-of-the-native-quality-review"


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_leads_to_a_file_and_heading(page: Path) -> None:
    text = CODE_SPAN.sub("code", _prose(page.read_text("utf-8")))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:: not ours to check offline
        path, _hash, name = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(target)
        elif name and (file.suffix != ".md" or name not in anchors(file)):
            broken.append(target)
    assert broken == []


def _written_commands(page: Path) -> list[str]:
    """Each ``ladder …`` written on ``page``: in a code block (a line, or after a pipe) and
    in a code span that starts with it; the text after ``ladder``."""
    text = page.read_text("utf-8")
    found = []
    for block in FENCE.findall(text):
        for line in block.splitlines():
            line = line.split("  #")[0]
            found += re.findall(r"(?:^|[|;&]\s*)ladder\s+(.*)$", line.strip())
    for span in CODE_SPAN.findall(_prose(text)):
        span = span.replace("\\|", "|")
        if span.startswith("ladder "):
            found.append(span.removeprefix("ladder "))
    return found


def _resolve(words: str) -> tuple[click.Command, list[str], str]:
    """The command ``words`` names (groups walked), its path, and the rest of the words;
    a word where a group expects a subcommand stays the first of the rest."""
    command: click.Command = cli
    path: list[str] = []
    rest = words.split()
    while isinstance(command, click.Group) and rest:
        # get_command, not .commands: the ladder group imports a command when it is asked for
        found = command.get_command(click.Context(command), rest[0])
        if found is None:
            break
        path.append(rest[0])
        command, rest = found, rest[1:]
    return command, path, " ".join(rest)


def _options(command: click.Command) -> set[str]:
    return {"--help"} | {name for param in command.params if isinstance(param, click.Option)
                         for name in (*param.opts, *param.secondary_opts)}


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_ladder_command_written_exists_with_its_options(page: Path) -> None:
    wrong = []
    for words in _written_commands(page):
        command, path, rest = _resolve(words)
        named = " ".join(["ladder", *path])
        if isinstance(command, click.Group) and re.match(r"[a-z][\w-]*(\s|$)", rest):
            wrong.append(f"{named} {rest.split()[0]}: no such command")
            continue
        unknown = sorted(set(OPTION.findall(rest)) - _options(command))
        if unknown:
            wrong.append(f"{named}: {unknown}")
    assert wrong == []


def test_the_commands_are_read_from_the_pages() -> None:
    # The checks above would pass on a page whose commands were never found.
    written = _written_commands(DOCS / "self-hosting.md")
    assert any(w.startswith("init --club-name") for w in written)
    assert any(w.startswith("create-organizer") for w in written)
    assert _resolve("elo fide --rating R")[1] == ["elo", "fide"]
    assert _resolve("bench speed")[2] == "speed"  # reported as no such command
    assert "--password-stdin" in _options(_resolve("create-organizer alice")[0])


def _leaves(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    context = click.Context(group)
    # list_commands/get_command: the ladder group names every command and imports one when
    # asked; Flask-Migrate's `db` group is Flask's own (docs point to its documentation).
    for name in sorted(group.list_commands(context)):
        command = group.get_command(context, name)
        if command is None or (not path and name == "db"):
            continue
        if isinstance(command, click.Group):
            out += _leaves(command, (*path, name))
        else:
            out.append((*path, name))
    return out


def test_the_command_line_page_lists_every_command() -> None:
    text = (DOCS / "command-line.md").read_text("utf-8")
    listed = {span.replace("\\|", "|") for span in CODE_SPAN.findall(text)}
    missing = [" ".join(path) for path in _leaves(cli) if path not in FLASK_OWN
               and not any(s == "ladder " + " ".join(path)
                           or s.startswith("ladder " + " ".join(path) + " ") for s in listed)]
    assert len(_leaves(cli)) > 20 and missing == []


def _sources() -> list[Path]:
    """The files whose comments and text cite docs pages: code, tests, templates, static
    files, the docs themselves, deploy/ and CI."""
    files = [*ROOT.glob("ladder/**/*.py"), *ROOT.glob("tests/**/*.py"),
             *ROOT.glob("templates/**/*.html"), *ROOT.glob("static/*.js"),
             *ROOT.glob("static/*.css"), *PAGES, *ROOT.glob("deploy/*"), ROOT / ".ci" / "run",
             ROOT / "Makefile"]
    return [f for f in files if f.is_file() and f.name != "htmx.min.js"]


def test_every_cited_docs_section_exists() -> None:
    wrong = []
    for source in _sources():
        text = source.read_text("utf-8", errors="replace")
        for page, section in re.findall(r"docs/([\w-]+\.md)`?(?:\s*§\s*(\d+))?", text):
            file = DOCS / page
            if not file.is_file():
                wrong.append(f"{_rel(source)}: docs/{page}")
            elif section and not re.search(rf"^#+\s+{section}\.\s", file.read_text("utf-8"),
                                           re.M):
                wrong.append(f"{_rel(source)}: docs/{page} §{section}")
    assert wrong == []


def test_no_reference_cites_an_issue_number() -> None:
    cites = re.compile(r"\bissues? \d")
    found = [f"{_rel(source)}:{number}" for source in _sources()
             for number, line in enumerate(source.read_text("utf-8", errors="replace")
                                           .splitlines(), start=1)
             if cites.search(line)]
    assert found == []
