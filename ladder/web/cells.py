"""A result cell as a visitor sees it, written in one function (a crosstable has hundreds).

``public/_cell.html``'s ``result_cell`` macro writes every kind of cell: the organizer's
editable ones, the desk's, and the visitor's. The visitor's, which every public crosstable
is made of, is written here instead, byte for byte as the macro writes it (a macro call per
cell cost a fifth of a cold event page). The templates call :func:`public_cell` only for a
visitor; an organizer's page still goes through the macro.
"""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from ..queries.events import ResultCell
from .formatting import cell_text


def public_cell(cell: ResultCell, matrix: bool = False, inline: bool = False) -> Markup:
    """The cell as ``result_cell(cell, …, matrix=matrix, inline=inline)`` writes it for a
    visitor (not editable, not the desk's, nothing just saved)."""
    from .guide import NC_SYMBOL
    from .guide.texts import reason, reason_anchor
    text = cell_text(cell)
    tag = "span" if inline else "td"
    out = [f'<{tag} class="{escape(text.css)}"><span class="cell" title="{escape(text.label)}">']
    if not matrix and cell.opponent_start_no:
        out.append(f"{escape(cell.opponent_start_no)}{escape(text.colour)}")
    out.append(str(escape(text.mark)))
    if matrix and text.colour:
        out.append(f'<span class="colour">{escape(text.colour)}</span>')
    out.append(f'<span class="visually-hidden">{escape(text.hidden)}</span></span>')
    nc = cell.not_counted_mark
    if nc:
        href = url_for("guide.ladder", _anchor=reason_anchor(nc))
        out.append(
            f'<span class="nc" data-reason="{escape(nc.value)}"><a class="nc-mark" '
            f'href="{escape(href)}" aria-describedby="nc-{escape(cell.result_id)}"><span '
            f'aria-hidden="true">{escape(NC_SYMBOL)}</span><span class="visually-hidden">'
            f'{escape(_("not counted"))}</span></a><span class="nc-tip" role="tooltip" '
            f'id="nc-{escape(cell.result_id)}">{escape(reason(nc))}</span></span>')
    out.append(f"</{tag}>")
    return Markup("".join(out))  # noqa: S704 - every value above is escaped
