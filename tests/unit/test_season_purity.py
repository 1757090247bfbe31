"""The seasons / sections / bughouse / pool-health / Glicko-2 core stays pure (DESIGN.md).

``import ladder`` itself builds the Flask app factory, so the check reads the source: the
modules and everything of ``ladder`` they import, transitively, must not import Flask,
SQLAlchemy or the database, service, query and web layers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["ladder.rating.glicko2", "ladder.history", "ladder.seasons", "ladder.sections",
           "ladder.bughouse", "ladder.health", "ladder.health_charts"]
FORBIDDEN = ("flask", "sqlalchemy", "flask_", "ladder.models", "ladder.extensions",
             "ladder.services", "ladder.queries", "ladder.web", "ladder.cli")


def _path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _imports(module: str) -> set[str]:
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    package = module if _path(module).name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
    return found


@pytest.mark.parametrize("module", MODULES)
def test_pure(module: str) -> None:
    seen: set[str] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for name in _imports(current):
            assert not name.startswith(FORBIDDEN), f"{current} imports {name}"
            if name.startswith("ladder.") and _path(name).exists():
                todo.append(name)
            elif name.startswith("ladder."):
                parent = name.rpartition(".")[0]  # "from ladder.x import y" of a function
                if _path(parent).exists():
                    todo.append(parent)
    assert module in seen
