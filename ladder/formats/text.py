"""Turning an uploaded or named file's bytes into text, refusing what is not text."""

from __future__ import annotations

from .errors import FormatError


def decode_text(data: bytes, source: str) -> str:
    """Decode ``data`` as UTF-8 (BOM allowed), else Windows-1252/Latin-1 (older TRF files).

    A NUL byte means a binary file: FormatError, so callers answer with one clear line.
    """
    if b"\x00" in data:
        raise FormatError(source, None, None, "not a text file (it contains NUL bytes)")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
