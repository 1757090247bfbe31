"""The layers keep their shape (docs/architecture.md §1).

* The top of ``ladder/`` holds the app shell only (``__init__``, ``config``, ``extensions``,
  ``models``); everything else lives in a folder, and every folder has a layer.
* The pure folders (:data:`PURE_PACKAGES`) import no Flask, no SQLAlchemy and none of
  ``ladder.models``, ``extensions``, ``services``, ``queries``, ``web`` (nor the CLI), not
  even indirectly.
* ``queries`` (reads) imports no ``services`` and no ``web``; ``services`` imports no ``web``.
* No import circle: the graph of every import (function-level ones included) has no cycle.
  A module importing its own package (``from . import bp`` in a blueprint's views, the
  Flask pattern) is not an edge: the package imports its views after defining ``bp``.

``import ladder`` itself builds the Flask app factory, so the check reads the source with
``ast``: every module and everything of ``ladder`` it imports, transitively.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "ladder"

#: The app shell: the only modules at the top of ``ladder/`` (as flaskr and microblog).
APP_SHELL = ("__init__", "config", "extensions", "models")
#: Folders of the pure core: plain data in, plain data out; rules cited in comments.
PURE_PACKAGES = ("vocabulary", "club", "rating", "tiebreaks", "formats", "names", "elo",
                 "pairing", "competition")
#: Every other folder, with its layer (so a new folder must say where it belongs).
OUTER_PACKAGES = {"queries": "reads", "services": "writes", "web": "web", "cli": "shell",
                  "bench": "shell", "demo": "shell", "migrations": "schema"}
IMPURE = ("flask", "flask_", "sqlalchemy", "htmx_flask", "ladder.models", "ladder.extensions",
          "ladder.services", "ladder.queries", "ladder.web", "ladder.cli", "ladder.bench",
          "ladder.demo")


def _path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


@functools.cache
def _imports(module: str) -> frozenset[str]:
    """Every module name ``module`` imports (relative imports resolved). Kept for the test
    process: the 175 tests here walk overlapping closures, and the files do not change."""
    path = _path(module)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                if not node.module:  # "from . import x": the modules x themselves
                    found.update(f"{base}.{alias.name}" for alias in node.names)
            found.add(base)
    return frozenset(name for name in found if name)


def _closure(module: str) -> dict[str, frozenset[str]]:
    """``module`` and every ladder module it reaches, each with its own imports."""
    seen: dict[str, frozenset[str]] = {}
    todo = [module]
    while todo:
        current = todo.pop()
        if current in seen or not _path(current).exists():
            continue
        seen[current] = _imports(current)
        for name in seen[current]:
            if not name.startswith("ladder"):
                continue
            if _path(name).exists():
                todo.append(name)
            elif _path(name.rpartition(".")[0]).exists():  # "from ladder.x import function"
                todo.append(name.rpartition(".")[0])
    return seen


def _modules_of(package: str) -> list[str]:
    base = LADDER / package
    return sorted("ladder." + ".".join(p.relative_to(LADDER).with_suffix("").parts)
                  .removesuffix(".__init__") for p in base.rglob("*.py"))


PURE = [m for package in PURE_PACKAGES for m in _modules_of(package)]


def test_the_top_level_holds_the_app_shell_only() -> None:
    modules = sorted(p.stem for p in LADDER.glob("*.py"))
    assert modules == sorted(APP_SHELL)


def test_every_folder_has_a_layer() -> None:
    folders = {p.parent.name for p in LADDER.glob("*/__init__.py")} | {
        p.name for p in LADDER.iterdir() if p.is_dir() and any(p.glob("*.py"))}
    assert folders <= set(PURE_PACKAGES) | set(OUTER_PACKAGES), folders
    assert all((LADDER / name).is_dir() for name in PURE_PACKAGES)


def _forbidden(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p if p.endswith("_") else p + ".")
               for p in prefixes)


@pytest.mark.parametrize("module", PURE)
def test_the_pure_core_imports_no_framework_and_no_outer_layer(module: str) -> None:
    assert _path(module).exists(), module
    for current, imported in _closure(module).items():
        bad = sorted(name for name in imported if _forbidden(name, IMPURE))
        assert not bad, f"{module}: {current} imports {bad}"


@pytest.mark.parametrize("module", _modules_of("queries"))
def test_queries_import_no_services_and_no_web(module: str) -> None:
    for current, imported in _closure(module).items():
        bad = sorted(n for n in imported if _forbidden(n, ("ladder.services", "ladder.web")))
        assert not bad, f"{module}: {current} imports {bad}"


@pytest.mark.parametrize("module", _modules_of("services"))
def test_services_import_no_web(module: str) -> None:
    for current, imported in _closure(module).items():
        bad = sorted(n for n in imported if _forbidden(n, ("ladder.web",)))
        assert not bad, f"{module}: {current} imports {bad}"


def test_the_checker_sees_a_violation() -> None:
    # The web layer does import Flask and the services: the closure must find them, or the
    # tests above would pass for the wrong reason.
    imported = set().union(*_closure("ladder.web.organize.results").values())
    assert "flask" in imported and any(n.startswith("ladder.services") for n in imported)


def _graph() -> dict[str, set[str]]:
    """Every ladder module with the ladder modules it imports (function-level ones too),
    without the edges from a module to its own packages (see the module docstring)."""
    modules = [m for m in _modules_of("") if _path(m).exists()]
    graph: dict[str, set[str]] = {}
    for module in modules:
        targets = set()
        for name in _imports(module):
            while name and not _path(name).exists():
                name = name.rpartition(".")[0]
            if name.startswith("ladder") and name != module and not module.startswith(name + "."):
                targets.add(name)
        graph[module] = targets
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    assert _cycles(_graph()) == []


def test_the_circle_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert len(_graph()) > 150  # the real graph was read


def test_no_test_module_imports_another_test_module() -> None:
    """Tests read as documentation: fixtures live in ``conftest.py`` and shared helpers in
    support modules (``tests/factories.py``, ``tests/served.py``, ``tests/*/..._support.py``),
    so no ``test_*`` module or ``conftest`` is ever imported by another module."""
    offenders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                last = name.rpartition(".")[2]
                if last.startswith("test_") or last == "conftest":
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_mypy_checks_the_pure_core_strictly() -> None:
    """pyproject.toml's strict mypy section names exactly the pure folders, so a new pure
    folder is typed as strictly as the others; ``py.typed`` tells users of the package so."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    strict = [section for section in config["tool"]["mypy"]["overrides"]
              if section.get("disallow_untyped_defs")]
    assert len(strict) == 1
    assert sorted(strict[0]["module"]) == sorted(f"ladder.{p}.*" for p in PURE_PACKAGES)
    assert strict[0]["warn_return_any"] and strict[0]["disallow_any_generics"]
    assert (LADDER / "py.typed").is_file()
