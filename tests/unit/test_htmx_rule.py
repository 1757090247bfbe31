"""The htmx rule lives in one module (ladder/web/support/htmx.py's docstring states it).

A GET answers a page or a fragment by the htmx target, a POST answers a fragment to any htmx
request, an error page replaces the body: each case has its helper in
``ladder/web/support/htmx.py``.
No other file of ``ladder/`` names an ``HX-*`` header or asks ``is_htmx()`` itself, so a view
cannot decide by the mere presence of ``HX-Request`` behind the rule's back. Templates (at the
top of the repository, not in ``ladder/``) keep their lowercase ``hx-*`` attributes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "ladder"
#: The one module allowed to read and write htmx headers.
HOME = LADDER / "web" / "support" / "htmx.py"
#: What only the home module may spell: a header name (case as htmx sends and reads them) and
#: the bare presence test.
FORBIDDEN = ("HX-", "is_htmx(")


def _sources() -> list[Path]:
    """Every text file of ``ladder/`` (compiled files and caches aside)."""
    return sorted(path for path in LADDER.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts
                  and path.suffix not in {".pyc", ".pyo"})


def _offences(path: Path, root: Path = ROOT) -> list[str]:
    """``path:line: text`` of every line of ``path`` that spells a forbidden string."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [f"{path.relative_to(root)}:{number}: {line.strip()}"
            for number, line in enumerate(lines, 1)
            if any(word in line for word in FORBIDDEN)]


def test_the_scan_reads_the_web_layer() -> None:
    """The scan sees the views and the home module (so a moved tree cannot make it vacuous)."""
    found = _sources()
    assert HOME in found
    assert LADDER / "web" / "organize" / "night.py" in found
    assert LADDER / "bench" / "pages.py" in found


def test_the_home_module_holds_the_rule() -> None:
    """The home module does name the headers (the check below would find them elsewhere)."""
    assert _offences(HOME)


@pytest.mark.parametrize("word", FORBIDDEN)
def test_the_check_finds_a_stray_use(word: str, tmp_path: Path) -> None:
    """A view that tests presence itself or writes a header by hand is found."""
    stray = tmp_path / "view.py"
    stray.write_text(f"x = 1\nif {word}Request: pass\n", encoding="utf-8")
    assert [line.split(":")[1] for line in _offences(stray, tmp_path)] == ["2"]


def test_no_module_but_htmx_spells_a_header_or_asks_presence() -> None:
    """``HX-`` and ``is_htmx(`` appear in ``ladder/web/support/htmx.py`` only: views use its helpers
    (page_or_fragment/wants_fragment for a GET, answers_fragment/fragment_or_page for a
    POST's answer, error_answer for an error page, request_variant for a cache key,
    fragment_request for a client such as the benchmark)."""
    offences = [line for path in _sources() if path != HOME for line in _offences(path)]
    assert offences == [], "\n".join(offences)
