"""Compiling the translation catalogues (``.po`` → ``.mo``) with Babel.

Used by ``ladder init`` (an editable install or a checkout whose ``.mo`` files are missing or
older than their ``.po``) and by the wheel's build hook (``hatch_build.py``, which loads this
file by path, so it imports nothing of the app: only Babel and the standard library).
``.mo`` files are never committed (``.gitignore``); they are made here or by ``make``.
"""

from __future__ import annotations

from pathlib import Path


def stale(folder: Path) -> list[Path]:
    """The ``.po`` files under ``folder`` whose ``.mo`` is missing or older than them."""
    found = []
    for po in sorted(folder.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime_ns < po.stat().st_mtime_ns:
            found.append(po)
    return found


def compile_catalogue(po: Path, mo: Path) -> None:
    """Write the compiled ``mo`` of ``po`` (fuzzy entries left out, as ``pybabel compile``)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    locale = po.parent.parent.name
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=locale)
    mo.parent.mkdir(parents=True, exist_ok=True)
    partial = mo.with_name(mo.name + ".tmp")
    with partial.open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)
    partial.replace(mo)  # a server reading the catalogue never sees half a file


def compile_stale(folder: Path) -> list[str]:
    """Compile every stale catalogue under ``folder``; the locales compiled."""
    done = []
    for po in stale(folder):
        compile_catalogue(po, po.with_suffix(".mo"))
        done.append(po.parent.parent.name)
    return done
