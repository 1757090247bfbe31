"""Turning an uploaded or named file's bytes into text, refusing what is not text."""

from __future__ import annotations

from ladder.formats.errors import FormatError
from ladder.formats.limits import MAX_BYTES, grouped
from ladder.vocabulary.messages import msg


def decode_text(data: bytes, source: str) -> str:
    """Decode ``data`` as UTF-8 (BOM allowed), else Windows-1252/Latin-1 (older TRF files).

    A NUL byte means a binary file, and more than ``MAX_BYTES`` is more than one event:
    FormatError, so callers answer with one clear line (and decode nothing too large).
    """
    if len(data) > MAX_BYTES:
        raise FormatError(source, None, None, msg(
            "the file is too large (%(size)s bytes; the limit is %(limit)s bytes, 2 MB, for "
            "one event)", size=grouped(len(data)), limit=grouped(MAX_BYTES)))
    if b"\x00" in data:
        raise FormatError(source, None, None, msg("not a text file (it contains NUL bytes)"))
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
