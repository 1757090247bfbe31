"""The command line imports what a command needs when it runs (ladder/cli/group.py).

``ladder --help`` and the pure commands (``pair``, ``tiebreaks``, ``elo``) build no app and
open no database: run in a fresh interpreter, they leave Flask, SQLAlchemy and the names
stack's data (pypinyin, opencc, nicknames) unimported. A structural check, not a timing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ladder.cli.group import COMMANDS, LadderGroup, cli
from ladder.formats.trf_cut import cut_to_round
from tests.factories import TESTDATA

#: Never imported by --help or a pure command.
HEAVY = ("flask", "flask_babel", "flask_sqlalchemy", "sqlalchemy", "alembic", "werkzeug",
         "jinja2", "pypinyin", "opencc", "nicknames", "ladder.models", "ladder.services",
         "ladder.web", "ladder.queries")

PROBE = """
import json
import sys
from ladder.cli import main
sys.argv = ["ladder", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    code = stop.code
else:
    code = None
with open({out!r}, "w") as handle:
    json.dump({{"code": code, "modules": sorted(sys.modules)}}, handle)
"""


def imported_by(args: list[str], tmp_path: Path) -> tuple[int, list[str]]:
    """Run ``ladder ARGS`` in a new interpreter: its exit status and the modules it held."""
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", PROBE.format(out=str(out)), json.dumps(args)],
                   capture_output=True, text=True, timeout=120, check=False)
    found = json.loads(out.read_text(encoding="utf-8"))
    return found["code"], found["modules"]


def heavy(modules: list[str], more: tuple[str, ...] = ()) -> list[str]:
    return [name for name in modules
            if any(name == h or name.startswith(h + ".") for h in HEAVY + more)]


#: Not even the names stack itself for a file that holds no pasted results.
NAMES = ("ladder.names", "rapidfuzz")


def test_help_imports_no_framework_and_no_name_data(tmp_path: Path) -> None:
    code, modules = imported_by(["--help"], tmp_path)
    assert code == 0
    assert heavy(modules) == []
    # Nor the pure packages the commands use: listing a command does not import it.
    assert not [m for m in modules if m.startswith(("ladder.tiebreaks", "ladder.elo",
                                                    "ladder.pairing", "ladder.formats",
                                                    "ladder.names"))]


def test_pair_imports_no_framework_and_no_name_data(tmp_path: Path) -> None:
    posed = tmp_path / "round.trf"
    finished = (TESTDATA / "pairings" / "driven" / "club-001.trf").read_text(encoding="utf-8")
    posed.write_text(cut_to_round(finished, 3), encoding="utf-8", newline="")
    code, modules = imported_by(["pair", str(posed), "--json"], tmp_path)
    assert code == 0
    assert "ladder.pairing.dutch" in modules  # it did pair
    assert heavy(modules, NAMES) == []


def test_tiebreaks_and_elo_import_no_framework_and_no_name_data(tmp_path: Path) -> None:
    trf = TESTDATA / "pairings" / "driven" / "club-001.trf"
    code, modules = imported_by(["tiebreaks", str(trf), "--json"], tmp_path)
    assert code == 0 and "ladder.tiebreaks.ranking" in modules
    assert heavy(modules, NAMES) == []
    code, modules = imported_by(["elo", "fide", "--rating", "1500", "--opponents",
                                 "1600,1700", "--score", "1.5"], tmp_path)
    assert code == 0 and "ladder.elo.fide" in modules
    assert heavy(modules) == []


def test_a_database_command_still_builds_the_app(tmp_path: Path) -> None:
    # The other side: a command that needs the app gets it (here it finds no database).
    code, modules = imported_by(["--app", "no_such_module_here", "standings"], tmp_path)
    assert code != 0
    assert "flask" in modules


def test_help_lists_every_command_with_its_own_help() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0, result.output
    listed = result.output.split("Commands:", 1)[1]
    for name in COMMANDS:
        assert f"\n  {name} " in listed, name
    group = cli
    assert isinstance(group, LadderGroup)
    for name, entry in COMMANDS.items():
        command = group.get_command(None, name)
        assert isinstance(command, click.Command), name
        if entry.help is not None:  # listed without importing it: the same words
            own = command.short_help or (command.help or "").strip()
            assert entry.help == own, name


@pytest.mark.parametrize("name", sorted(n for n, e in COMMANDS.items() if not e.needs_app))
def test_pure_commands_show_their_own_help(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"], prog_name="ladder")
    assert result.exit_code == 0, result.output
    assert f"Usage: ladder {name}" in result.output
