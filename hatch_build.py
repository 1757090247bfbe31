"""The wheel's build hook (hatchling): the whole product goes into the wheel.

A wheel holds only the ``ladder`` package unless told otherwise, and the site would answer
500 without its templates and speak only English without compiled catalogues. So, for a
wheel (``pip install .`` builds one too; an editable install reads the checkout instead):

* ``templates/`` and ``static/`` go in as ``ladder/templates`` and ``ladder/static``;
* every ``translations/<locale>/LC_MESSAGES/messages.po`` is compiled here, with Babel, into
  ``ladder/translations/<locale>/LC_MESSAGES/messages.mo`` (``.mo`` files are never
  committed, so a wheel built from a fresh clone has them all).

``ladder/config.py`` then finds these folders inside the installed package.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _catalogues_module(root: Path) -> Any:
    """``ladder/cli/catalogues.py`` loaded by path (the package's ``__init__`` needs Flask)."""
    spec = importlib.util.spec_from_file_location("_ladder_catalogues",
                                                  root / "ladder" / "cli" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class WholeProductHook(BuildHookInterface):
    """Adds the templates, the static files and the compiled catalogues to the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        include = build_data.setdefault("force_include", {})
        include[str(root / "templates")] = "ladder/templates"
        include[str(root / "static")] = "ladder/static"
        catalogues = _catalogues_module(root)
        self._compiled = Path(tempfile.mkdtemp(prefix="ladder-mo-"))
        sources = sorted((root / "translations").glob("*/LC_MESSAGES/messages.po"))
        if not sources:
            raise RuntimeError("no catalogues under translations/: the wheel would speak "
                               "English only")
        for po in sources:
            relative = po.relative_to(root / "translations").with_suffix(".mo")
            mo = self._compiled / relative
            catalogues.compile_catalogue(po, mo)
            include[str(mo)] = f"ladder/translations/{relative.as_posix()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            shutil.rmtree(compiled, ignore_errors=True)
