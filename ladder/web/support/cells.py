"""The cells a public event page has hundreds of, each written by one function.

``public/_cell.html``'s ``result_cell`` macro writes every kind of result cell: the
organizer's editable ones, the desk's, and the visitor's. The visitor's, which every public
crosstable is made of, is written here instead (:func:`public_cell`), byte for byte as the
macro writes it (a macro call per cell cost a fifth of a cold event page); an organizer's
page still goes through the macro. The standings' tie-break cells likewise
(:func:`tiebreak_cells`). tests/web/test_page_costs.py compares both with the templates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from ...queries.events import ResultCell, StandingRow
from .formatting import cell_text, format_named, styled_filter


def public_cell(cell: ResultCell, matrix: bool = False, inline: bool = False) -> Markup:
    """The cell as ``result_cell(cell, …, matrix=matrix, inline=inline)`` writes it for a
    visitor (not editable, not the desk's, nothing just saved)."""
    from ..guide import NC_SYMBOL
    from ..guide.texts import reason, reason_anchor
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


def tiebreak_cells(row: StandingRow, codes: Sequence[str],
                   links: Mapping[str, tuple[str, str]], explained: str, not_applied: str,
                   name: str, style: str) -> Markup:
    """A standings row's tie-break cells, byte for byte as ``public/_standings.html``'s loop
    over the codes wrote them (each value a link to its explanation, labelled from the
    table's one translated ``explained`` pattern; a tie-break not applied, a dash), in the
    table's one number ``style`` (:func:`~ladder.web.support.formatting.standings_style`)."""
    out = []
    for number, code in enumerate(codes, start=1):
        css = "num tb opt" if number > 4 else "num tb"
        value = row.tiebreaks.get(code)
        if value is None:
            inner = f'<span title="{escape(not_applied)}">—</span>'
        else:
            shown = styled_filter(value, style)
            before, after = links[code]
            label = format_named(explained, code=code, value=shown, name=name)
            inner = (f'<a class="tb" href="{escape(before)}{escape(row.start_no)}'
                     f'{escape(after)}" aria-label="{label}">{escape(shown)}</a>')
        out.append(f'\n      <td class="{css}">{inner}</td>\n      ')
    return Markup("".join(out))  # noqa: S704 - every value above is escaped
