"""Shared helpers of the competition tests: the hand-worked Keizer cases (tests/data/keizer)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

KEIZER_DATA = Path(__file__).resolve().parents[2] / "data" / "keizer"
HAND_CASES = sorted(p.name for p in KEIZER_DATA.glob("hand-*.json"))


def load_case(name: str) -> dict[str, Any]:
    """A case file of tests/data/keizer as parsed JSON."""
    data: dict[str, Any] = json.loads((KEIZER_DATA / name).read_text(encoding="utf-8"))
    return data


def season_of(case: dict[str, Any]) -> dict[str, Any]:
    """The season as ``standings`` takes it: the case's members and rounds, as in the file."""
    return {"members": case["members"], "rounds": case["rounds"]}
