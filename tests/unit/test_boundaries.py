"""The layers keep their shape (DESIGN.md "The house in one picture").

* The pure core — ``rating``, ``tiebreaks``, ``formats``, ``names``, ``elo`` and the pure
  top-level modules — imports no Flask, no SQLAlchemy and none of ``ladder.models``,
  ``extensions``, ``services``, ``queries``, ``web`` (nor the CLI), not even indirectly.
* ``queries`` (reads) imports no ``services`` and no ``web``; ``services`` imports no ``web``.

``import ladder`` itself builds the Flask app factory, so the check reads the source with
``ast``: every module and everything of ``ladder`` it imports, transitively.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "ladder"

PURE_PACKAGES = ("rating", "tiebreaks", "formats", "names", "elo")
PURE_MODULES = ("tournament", "messages", "numbers", "charts", "prizes", "history",
                "seasons", "sections", "bughouse", "health", "health_charts")
IMPURE = ("flask", "flask_", "sqlalchemy", "htmx_flask", "ladder.models", "ladder.extensions",
          "ladder.services", "ladder.queries", "ladder.web", "ladder.cli", "ladder.display",
          "ladder.bench", "ladder.demo")


def _path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _imports(module: str) -> set[str]:
    """Every module name ``module`` imports (relative imports resolved)."""
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
    return {name for name in found if name}


def _closure(module: str) -> dict[str, set[str]]:
    """``module`` and every ladder module it reaches, each with its own imports."""
    seen: dict[str, set[str]] = {}
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


PURE = [m for package in PURE_PACKAGES for m in _modules_of(package)] + \
    [f"ladder.{name}" for name in PURE_MODULES]


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
