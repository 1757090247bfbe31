"""A QR code as inline SVG, made on the server (docs/club-night.md §6): the night's link for the
players' phones, on the desk, its poster and the pairing sheet.

`segno <https://pypi.org/project/segno/>`_ (BSD, pure Python, no dependencies) writes it. Its
import costs about 35 ms of CPU once the app is loaded (``python -X importtime``), so it is
imported on the first QR code, not at start; a code is made in about 4 ms and kept (the same
address draws the same code), so a desk polling every few seconds never draws it again.

The SVG has no size of its own (``viewBox`` only): the page's CSS sizes it, and it prints
sharp at any size. It carries a title for screen readers (the address itself).
"""

from __future__ import annotations

import functools
import io

from markupsafe import Markup


@functools.lru_cache(maxsize=64)
def _svg(text: str, title: str) -> str:
    import segno  # lazily: see the module docstring
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True, border=4,
              dark="#000", light="#fff", title=title, svgclass="qr", lineclass=None)
    return out.getvalue().decode("utf-8")


def qr_svg(text: str, title: str | None = None) -> Markup:
    """``text`` (an address) as an inline ``<svg>`` QR code, titled ``title`` (the text)."""
    # segno escapes the title itself; the SVG is segno's own markup, nothing typed inside.
    return Markup(_svg(text, title or text))  # noqa: S704


__all__ = ["qr_svg"]
