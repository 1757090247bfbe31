"""Static files under an address that changes with their content, kept by browsers for a year.

Every ``url_for("static", filename=…)`` gets ``?v=`` and the first 12 hex digits of the file's
SHA-256 (read once per file and change time). An answer for an address whose ``v`` is the file's
current digest is ``Cache-Control: public, max-age=31536000, immutable``: a phone loads the
stylesheets and scripts once, not again on every page (nine conditional requests per page
before). Any other address (no ``v``, or the digest of an older file: a page cached before an
upgrade) is answered as Flask answers it, ``no-cache`` with an ETag, so a browser never keeps a
file that is not the current one for long. An upgrade changes the digest of every file it
changes, so pages then name new addresses (docs/self-hosting.md §9).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from typing import Any

from flask import Flask, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

#: The query argument that carries a file's digest.
VERSION_ARG = "v"
#: A year, in seconds: how long a browser may keep a file at its versioned address.
YEAR = 365 * 24 * 60 * 60


@lru_cache(maxsize=256)
def _digest(path: str, changed_ns: int, size: int) -> str:
    """The first 12 hex digits of the file's SHA-256 (``changed_ns`` and ``size`` are the key:
    a file edited in place gets a new digest)."""
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()[:12]


def static_version(folder: str, filename: str) -> str | None:
    """The digest of ``filename`` inside ``folder``; ``None`` for a name outside it or a file
    that does not exist."""
    path = safe_join(folder, filename)
    if path is None:
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    if not os.path.isfile(path):
        return None
    return _digest(path, status.st_mtime_ns, status.st_size)


def init_static_files(app: Flask) -> None:
    """Version the static addresses ``app`` builds and let browsers keep what they name."""
    folder = app.static_folder
    if folder is None:
        return

    @app.url_defaults
    def add_version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and VERSION_ARG not in values and "filename" in values:
            version = static_version(folder, str(values["filename"]))
            if version is not None:
                values[VERSION_ARG] = version

    @app.after_request
    def keep_versioned(response: Response) -> Response:
        if request.endpoint != "static" or response.status_code not in (200, 304):
            return response
        asked = request.args.get(VERSION_ARG)
        filename = (request.view_args or {}).get("filename")
        if asked and filename and asked == static_version(folder, str(filename)):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
            response.expires = None
        return response
