"""Template filters and globals of the public pages: points, ratings, result marks.

Registered app-wide (``app_template_filter``/``app_template_global``) so that a partial such as
``public/_result_cell.html`` renders the same wherever it is included, including from the
organizer's inline editor.
"""

from __future__ import annotations

from fractions import Fraction

from flask import Blueprint, g
from flask_babel import gettext as _

from ..queries.events import ResultCell
from ..tiebreaks.explain import fmt
from ..tournament import Kind


def points_text(value: Fraction | int | float | None) -> str:
    """Points with a half as ``½``: 3, 3½, ½ (other fractions as decimals)."""
    if value is None:
        return ""
    value = Fraction(value).limit_denominator(1000)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return fmt(value)


def tiebreak_text(value: Fraction | None) -> str:
    """A tie-break value as an exact decimal (2.5, 13.375), empty when dropped."""
    return fmt(value)


def rating_text(value: float | None, decimals: int = 1) -> str:
    """A rating with ``decimals`` decimals (detail pages one, the ladder none)."""
    if value is None:
        return "—"
    return f"{value:.{decimals}f}"


def signed_text(value: float | None, decimals: int = 1) -> str:
    """A rating change with its sign (+13.8, −6.0, ±0.0); a true minus sign for readers."""
    if value is None:
        return "—"
    text = f"{abs(value):.{decimals}f}"
    if text.strip("0.") == "":
        return "±" + text
    return ("+" if value > 0 else "−") + text


def result_mark(cell: ResultCell) -> tuple[str, str]:
    """(the short mark, its description) of one round's result, as the legend explains."""
    kind = cell.kind
    if kind is Kind.UNRATED_PLAYED:
        return points_text(cell.points) + "*", _("played, not rated")
    return _marks()[kind]


def _marks() -> dict[Kind, tuple[str, str]]:
    """The translated marks, built once per request (a crosstable asks hundreds of times)."""
    if "result_marks" not in g:
        g.result_marks = _build_marks()
    return g.result_marks


def _build_marks() -> dict[Kind, tuple[str, str]]:
    return {
        Kind.WIN: ("1", _("win")),
        Kind.DRAW: ("½", _("draw")),
        Kind.LOSS: ("0", _("loss")),
        Kind.FORFEIT_WIN: ("+", _("won by forfeit")),
        Kind.FORFEIT_LOSS: ("−", _("lost by forfeit")),
        Kind.DOUBLE_FORFEIT: ("−−", _("double forfeit")),
        Kind.PAIRING_BYE: (_("bye") + " 1", _("pairing bye (full point)")),
        Kind.FULL_BYE: (_("bye") + " 1", _("requested full-point bye")),
        Kind.HALF_BYE: (_("bye") + " ½", _("half-point bye")),
        Kind.ZERO_BYE: (_("bye") + " 0", _("absent (zero-point bye)")),
    }


def colour_text(colour: str | None) -> tuple[str, str]:
    """(the one-letter colour mark, its word)."""
    if "colour_words" not in g:
        g.colour_words = {"w": ("w", _("white")), "b": ("b", _("black"))}
    return g.colour_words.get(colour or "", ("", ""))


def legend() -> list[tuple[str, str]]:
    """Every mark of the crosstables with its meaning."""
    return [("1 ½ 0", _("win, draw, loss over the board")),
            ("w b", _("played with white, with black")),
            ("+ −", _("won, lost by forfeit (not rated)")),
            ("−−", _("double forfeit")),
            (_("bye") + " 1 / ½ / 0", _("a bye: full point, half point, absent")),
            ("*", _("played, not rated"))]


def register_format(bp: Blueprint) -> None:
    """Make the filters and globals available to every template of the app."""
    bp.add_app_template_filter(points_text, "points")
    bp.add_app_template_filter(tiebreak_text, "tiebreak")
    bp.add_app_template_filter(rating_text, "rating")
    bp.add_app_template_filter(signed_text, "signed")
    bp.add_app_template_global(result_mark, "result_mark")
    bp.add_app_template_global(colour_text, "colour_text")
    bp.add_app_template_global(legend, "result_legend")
