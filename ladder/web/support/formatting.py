"""Template filters and globals: points, tie-break values, ratings, result marks, colours.

Registered app-wide (:func:`register_formatting`) so that a partial such as
``public/_result_cell.html`` renders the same wherever it is included, including from the
organizer's inline editor. The numbers themselves are written by :mod:`ladder.vocabulary.numbers`
(the one formatter); the words (result kinds, colours) come from their one home beside ``Kind``
and are translated here, at the edge.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from flask import Flask, g, has_request_context
from flask_babel import gettext as _
from markupsafe import Markup, escape

from ...queries.events import ResultCell
from ...vocabulary.numbers import decimal_text, points_text, styled_text
from ...vocabulary.numbers import signed_text as _signed
from ...vocabulary.tournament import EventKind, Kind
from .i18n import decimal_symbol


def localiser() -> Callable[[str], str]:
    """:func:`localised` with this request's separator looked up once (for long lists)."""
    symbol = decimal_symbol()
    if symbol == ".":
        return lambda text: text
    return lambda text: text.replace(".", symbol)


def localised(text: str) -> str:
    """A number written by :mod:`ladder.vocabulary.numbers` with the locale's decimal separator.

    Ratings and tie-break values never get a thousands separator (1413.8, not 1,413.8: a
    rating is read as one figure, the glossary's rule); ½ stays as chess programs print it.
    """
    return localiser()(text)


def typed_number(text: Any) -> str:
    """A number echoed into an input as the reader types it (Indonesian 3,5 and 0,5; the
    parsers read a comma as a point): a decimal written with a point gets the locale's
    separator, anything else is shown as it was typed."""
    import re
    shown = "" if text is None else str(text)
    if re.fullmatch(r"[−+-]?\d+\.\d+", shown.strip()):
        return localised(shown.strip())
    return shown


def points_filter(value: Fraction | int | float | None) -> str:
    """Points with a half as ``½`` (3½), other fractions as localised decimals."""
    return localised(points_text(value))


def styled_filter(value: Fraction | int | float | None, style: str) -> str:
    """A table's number in the table's one style (:func:`~ladder.vocabulary.numbers.table_style`),
    with the locale's decimal separator; empty for None."""
    return localised(styled_text(value, style))


def standings_style(rows: Any) -> str:
    """The one number style of a standings table (points and every tie-break value together,
    :func:`~ladder.vocabulary.numbers.table_style`): the event page writes its table as the
    club night's does."""
    from ...vocabulary.numbers import table_style
    return table_style([value for row in rows
                        for value in (row.points, *row.tiebreaks.values())])


def tiebreak_text(value: Fraction | None) -> str:
    """A tie-break value as an exact decimal (2.5, 13.375), empty when dropped."""
    return localised(decimal_text(value))


def rating_text(value: float | None, decimals: int = 1) -> str:
    """A rating with ``decimals`` decimals (detail pages one, the ladder none)."""
    if value is None:
        return "—"
    return localised(f"{value:.{decimals}f}")


def signed_text(value: float | None, decimals: int = 1) -> str:
    """A rating change with its sign (+13.8, −6.0, ±0.0); a true minus sign for readers."""
    return localised(_signed(value, decimals))


def operand_text(value: float | Fraction | None, places: int = 4) -> str:
    """A number as a factor inside a worked formula: a negative one in brackets, as
    arithmetic writes it ("40 × (−0.5501)", never "40 × −0.5501")."""
    text = decimal_filter(value, places)
    return f"({text})" if text.startswith("−") else text


def term_text(value: float | Fraction | None, places: int = 4) -> str:
    """A signed number added in a worked formula, its operator apart: "+ 13.7657",
    "− 22.0033" ("1400.0000 + 13.7657", never "1400.0000 +13.7657")."""
    text = signed_text(None if value is None else float(value), places)
    return f"{text[0]} {text[1:]}" if text[:1] in "+−" else text


def decimal_filter(value: float | Fraction | None, places: int = 2) -> str:
    """A number with ``places`` decimals, the locale's separator and a true minus sign."""
    if value is None:
        return "—"
    return localised(f"{float(value):.{places}f}").replace("-", "−")


def date_text(value: dt.date | dt.datetime | None, style: str = "medium") -> str:
    """A date as the reader's locale writes it (7 Jan 2025, 2025. 1. 7., 2025年1月7日)."""
    if value is None:
        return "—"
    if not isinstance(value, dt.datetime):
        # A calendar day has no time zone: the same text for every request in a language.
        return _day_text(_locale(), style, value)
    from flask_babel import format_date
    return str(format_date(value, format=style))


def month_year(day: dt.date) -> str:
    """A month and its year as the reader's locale writes them (Jun 2026, 2026년 6월,
    2026年6月): the chart axes' ticks. CLDR's skeleton ``yMMM`` puts the year where the
    language puts it (a fixed "MMM y" pattern gave "6월 2026")."""
    return _skeleton_text(_locale(), "yMMM", day)


def day_label(day: dt.date) -> str:
    """A day as a short tick or tooltip (18 Jun 2026, 2026년 6월 18일, 2026年6月18日)."""
    return _skeleton_text(_locale(), "yMMMd", day)


# Babel works a date's text out from the CLDR pattern on every call (tens of microseconds); a
# profile's chart writes a few hundred dates. The text depends on the language and the day
# only, so it is kept (a few thousand days cover every club's history).
@lru_cache(maxsize=8192)
def _day_text(locale: str, style: str, day: dt.date) -> str:
    from babel.dates import format_date
    return str(format_date(day, format=style, locale=locale))


@lru_cache(maxsize=8192)
def _skeleton_text(locale: str, skeleton: str, day: dt.date) -> str:
    from babel.dates import format_skeleton
    return str(format_skeleton(skeleton, day, locale=locale))


def _locale() -> str:
    from flask_babel import get_locale
    return str(get_locale() or "en")


def number_text(value: float | int | Fraction | None) -> str:
    """A plain number as ``%g`` writes it (0.5, 1500, 0.06), with the locale's separator:
    the settings' values (τ, K, the start rating) quoted in sentences."""
    if value is None:
        return "—"
    return localised(f"{float(value):g}").replace("-", "−")


#: How an edition is written in running text; the ids stay in files and URLs.
EDITION_NAMES = {"fide-2026": "FIDE 2026", "fide-2024": "FIDE 2024", "fide-2012": "FIDE 2012",
                 "uscf": "US Chess"}


def edition_name(edition: str | None) -> str:
    """A tie-break rules edition as a reader writes it ("FIDE 2026", "US Chess")."""
    text = str(getattr(edition, "name", edition) or "fide-2026")
    return EDITION_NAMES.get(text.strip().lower(), text)


def order_text(order: str | None) -> str:
    """A tie-break order as stored (``BH/C1,BH,SB,WIN``) as running text writes it:
    ``BH/C1, BH, SB, WIN``. The codes are Latin in every language, so the comma is too;
    "—" for none."""
    codes = [code.strip() for code in (order or "").split(",") if code.strip()]
    return ", ".join(codes) if codes else "—"


def tiebreak_name(code: str, article: Any) -> str:
    """A tie-break's name with its article, and what its modifier leaves out, so that each
    variant reads differently (BH/C1 "Buchholz, 1 lowest value cut", BH/M1 "… 1 lowest and
    1 highest value cut"); the name alone for a code without a cut."""
    from ...tiebreaks.codes import parse_code
    from ...tiebreaks.errors import TiebreakError
    from .i18n import translate
    name = translate(article)
    try:
        parsed = parse_code(code)
    except TiebreakError:
        return name
    if not parsed.has_cuts:
        return name
    from flask_babel import ngettext
    n = parsed.low
    if parsed.name == "PS":
        cut = ngettext("the first round left out", "the first %(num)d rounds left out", n)
    elif parsed.high:
        cut = ngettext("the lowest and the highest value left out",
                       "the %(num)d lowest and %(num)d highest values left out", n)
    else:
        cut = ngettext("the lowest value left out", "the %(num)d lowest values left out", n)
    return name + punctuation()["comma"] + cut


def result_letters(text: str) -> str:
    """A record written in result letters ("W W W L W") in the reader's letters (id
    M/R/K, ko 승/무/패, zh 胜/和/负), as the glossary's W/D/L row writes them."""
    from flask_babel import pgettext
    letters = {"W": pgettext("result letter", "W"), "D": pgettext("result letter", "D"),
               "L": pgettext("result letter", "L")}
    return " ".join(letters.get(part, part) for part in text.split())


def formula_text(text: str | None) -> str:
    """A worked formula of the Elo tools with the locale's decimal separator (id: 0,6401) and
    its few words in the reader's language (the pure core writes the formula in English)."""
    import re
    if not text:
        return ""
    label = _("special formula:")
    words = (("special formula: ", label if label.endswith("：") else label + " "),
             ("iterated over the knots Ri ± 400 to", _("iterated over the knots Ri ± 400 to")),
             ("at most", _("at most")))
    for english, translated in words:
        text = text.replace(english, translated)
    text = re.sub(r"(?<=[(\s])-(?=\d)", "−", text)  # a true minus sign, as in the tables
    text = re.sub(r"× (−[\d.]+)", r"× (\1)", text)  # a negative factor in brackets
    symbol = decimal_symbol()
    if symbol != ".":
        text = re.sub(r"(?<=\d)\.(?=\d)", symbol, text)
        if symbol == ",":  # with a decimal comma, the arguments of min() are set apart by ";"
            text = re.sub(r"\bmin\(([^,()]+), ", r"min(\1; ", text)
    return text


def percent(value: float | None, places: int = 0) -> str:
    """A share (0.25) as the locale writes a percentage: "25 %" in the product's English
    (its house style since the first version, with a space), "25%" in Korean, Chinese and
    Indonesian (with Indonesian's decimal comma)."""
    if value is None:
        return "—"
    from flask_babel import get_locale
    number = localised(f"{100 * float(value):.{places}f}")
    return f"{number} %" if str(get_locale() or "en") == "en" else f"{number}%"


def month_names() -> tuple[str, ...]:
    """The twelve abbreviated month names of the reader's locale (for chart axes)."""
    from babel.dates import get_month_names
    from flask_babel import get_locale
    try:
        names = get_month_names("abbreviated", locale=str(get_locale() or "en"))
    except (ValueError, LookupError):
        names = get_month_names("abbreviated", locale="en")
    return tuple(str(names[month]) for month in range(1, 13))


def result_mark(cell: ResultCell) -> tuple[str, str]:
    """(the short mark, its description) of one round's result, as the legend explains."""
    kind = cell.kind
    if kind is Kind.UNRATED_PLAYED:
        return points_filter(cell.points) + "*", _(kind.label)
    if _scored_otherwise(kind, cell.points):
        # The event's own scoring (a ½-point pairing-allocated bye): its points, not 1.
        worth = points_filter(cell.points)
        return (_bye_mark(kind, worth),
                _("pairing-allocated bye worth %(points)s in this event", points=worth)
                if kind is Kind.PAIRING_BYE else
                _("%(kind)s, worth %(points)s in this event", kind=_(kind.label), points=worth))
    return _marks()[kind]


def _scored_otherwise(kind: Kind, points: Fraction | int) -> bool:
    """A bye worth other points than its usual mark says (the event's scoring)."""
    return kind in _BYE_POINTS and points_text(points) != _BYE_POINTS[kind]


def _marks() -> dict[Kind, tuple[str, str]]:
    """The translated marks, built once per request (a crosstable asks hundreds of times)."""
    if "result_marks" not in g:
        g.result_marks = _build_marks()
    return g.result_marks


#: The short marks of the crosstable (the words come from ``Kind.label``).
_MARKS = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+",
          Kind.FORFEIT_LOSS: "−", Kind.DOUBLE_FORFEIT: "−−"}
_BYE_POINTS = {Kind.PAIRING_BYE: "1", Kind.FULL_BYE: "1", Kind.HALF_BYE: "½",
               Kind.ZERO_BYE: "0"}


def _bye_mark(kind: Kind, points: str) -> str:
    """A bye's short mark: "bye 1", "bye ½"; the zero-point bye has a mark of its own, since
    a language may not call an absence a bye (Korean 불참 0: a 부전승 is a win)."""
    if kind is Kind.ZERO_BYE:
        from flask_babel import pgettext
        return pgettext("zero-point bye", "bye %(points)s", points=points)
    return _("bye %(points)s", points=points)


def _build_marks() -> dict[Kind, tuple[str, str]]:
    marks = {kind: (mark, _(kind.label)) for kind, mark in _MARKS.items()}
    for kind, points in _BYE_POINTS.items():
        marks[kind] = (_bye_mark(kind, points), _(kind.label))
    return marks


def short_mark(kind: Kind, points: Fraction | int) -> str:
    """A result as the public pages write it (docs/glossary.md): 1 ½ 0 over the board, + − for
    forfeits, "bye ½" (1, 0) for the byes, never a TRF code (H, Z, PAB); the organizer's grid
    and the preview use it too, with the points of an unrated game and a star."""
    if kind is Kind.UNRATED_PLAYED:
        return points_filter(points) + "*"
    if _scored_otherwise(kind, points):
        return _bye_mark(Kind(kind), points_filter(points))
    return _marks()[kind][0]


def short_result(cell: ResultCell) -> str:
    """:func:`short_mark` of one stored result."""
    return short_mark(cell.kind, cell.points)


def reasons_text(reasons: Any) -> str:
    """Name-matching reasons (or any Messages) translated and listed as a sentence lists
    ("A, B and C", "A、B和C": :func:`ladder.web.support.i18n.join_list`)."""
    from .i18n import join_list
    return join_list((getattr(reason, "message", reason) for reason in reasons or ()),
                     conjunction=True)


def same_name_only(reasons: Any) -> bool:
    """The reasons of a pre-selected identical name say nothing beyond "same name", which the
    badge "identical name" already says (confirm-names shows them only when they say more)."""
    ids = {getattr(getattr(reason, "message", reason), "id", str(reason)) for reason in reasons}
    return ids <= {"same name"}


def event_kind_label(kind: str | EventKind) -> str:
    """An event's kind in the reader's words (its one home is ``EventKind.label``)."""
    try:
        return _(EventKind(kind).label)
    except ValueError:
        return str(kind)


def format_label(file_format: str | None) -> str:
    """A results format in the reader's words (TRF, PGN, pasted results, crosstable)."""
    from ...formats import FORMAT_LABELS
    label = FORMAT_LABELS.get(file_format or "")
    return _(label) if label else str(file_format or "")


def kind_label(kind: str | Kind) -> str:
    """A result kind in the reader's words (its one home is ``Kind.label``)."""
    return _(Kind(kind).label)


def colour_text(colour: str | None) -> tuple[str, str]:
    """(the one-letter colour mark, its word)."""
    if "colour_words" not in g:
        g.colour_words = {"w": ("w", _("white")), "b": ("b", _("black"))}
    return g.colour_words.get(colour or "", ("", ""))


@dataclass(frozen=True)
class CellText:
    """The words of one crosstable cell, computed in one call (a crosstable has hundreds)."""

    mark: str
    meaning: str
    colour: str
    colour_word: str
    label: str  # "Round 3: win, white, opponent no. 7" for screen readers and the tooltip
    css: str
    hidden: str = ""  # the label in the locale's parentheses, after the visible mark


def punctuation() -> dict[str, str]:
    """The colon, comma, list separator, semicolon, parentheses, sentence gap and full stop
    of running text in the reader's language (:data:`ladder.vocabulary.sentences.PUNCTUATION`:
    Chinese full-width, also in a cell's hidden words)."""
    from ...vocabulary.sentences import punctuation as for_locale
    return for_locale(_locale())


def cell_text(cell: ResultCell) -> CellText:
    """The mark, meaning, colour, accessible label and CSS classes of one result cell."""
    if "cell_patterns" not in g:
        # The translated patterns, once per request; the numbers are put in per cell.
        g.cell_patterns = (_("Round %(n)d"), _("opponent no. %(no)d"), punctuation())
    round_pattern, opponent_pattern, marks = g.cell_patterns
    mark, meaning = result_mark(cell)
    colour, colour_word = colour_text(cell.colour)
    label = round_pattern % {"n": cell.round} + marks["colon"] + meaning
    if colour_word:
        label += marks["comma"] + colour_word
    if cell.opponent_start_no:
        label += marks["comma"] + opponent_pattern % {"no": cell.opponent_start_no}
    css = "result " + cell.kind.value + ("" if cell.kind.played else " unplayed")
    return CellText(mark, meaning, colour, colour_word, label, css,
                    marks["open"] + label + marks["close"])


def format_named(pattern: str, **values: object) -> Markup:
    """``pattern`` (a translated sentence whose placeholders were left as ``%(name)s``) with
    ``values`` put in, each escaped: one translation for a whole table instead of one per
    cell. The pattern is trusted (it came from ``_()``), the values are not.

    The same text as ``Markup(pattern) % values``, without its per-placeholder wrappers (a
    standings table fills hundreds): text is escaped first, numbers go in as they are."""
    return Markup(str(pattern) % {  # noqa: S704 - the pattern is trusted, the values escaped
        key: value if isinstance(value, int | float) else escape(value)
        for key, value in values.items()})


def legend() -> list[tuple[str, str]]:
    """Every mark of the crosstables with its meaning."""
    return [("1 ½ 0", _("win, draw, loss over the board")),
            ("w b", _("played with white, with black")),
            ("+ −", _("won, lost by forfeit (not rated)")),
            ("−−", _("double forfeit")),
            (_("bye %(points)s", points="1 / ½"), _("a bye: full point, half point")),
            (_bye_mark(Kind.ZERO_BYE, "0"), _("absent (zero-point bye)")),
            ("*", _("played, not rated"))]


def club_zone() -> ZoneInfo:
    """The club's time zone (a setting, ``ClubSettings.timezone``); UTC when unknown.

    In a request it comes with the small per-request state (also for an answer from the
    page cache); outside one (the CLI) from the settings row.
    """
    from ...services.timezones import zone
    if has_request_context():
        from .request_state import club_state
        try:
            return zone(club_state().timezone)
        except Exception:  # no database yet (the 503 page): UTC
            return zone("UTC")
    from ...queries.club import club_settings
    return zone(club_settings().timezone)


def local_time(value: dt.datetime) -> dt.datetime:
    """``value`` in the club's time zone; a naive value is UTC (as every stored time)."""
    aware = value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)
    return aware.astimezone(club_zone())


def time_text(value: dt.datetime | None, seconds: bool = False, iso: bool = False) -> str:
    """A moment (an audit entry, the last check, a printout's "as of") in the club's time zone
    with the zone's abbreviation.

    The one formatter of times for pages, fragments and exports. English keeps the product's
    ISO-like house style (``2026-12-01 23:05 KST``); the other languages write the day as
    CLDR does and a 24-hour clock (``2026. 12. 1. 23:05 KST``, ``2026年12月1日 23:05 KST``,
    ``1 Des 2026 23.05 KST``); ``iso`` keeps the ISO form in any language (files: the audit
    log's CSV). Event dates are days, not moments: :func:`date_text`.
    """
    if value is None:
        return "—"
    day, clock = _time_parts(value, seconds, iso)
    return f"{day} {clock}"


def _time_parts(value: dt.datetime, seconds: bool, iso: bool) -> tuple[str, str]:
    """(the day, the clock with its zone) of :func:`time_text`."""
    local = local_time(value)
    locale = _locale() if has_request_context() and not iso else "en"
    if locale == "en":
        day = f"{local:%Y-%m-%d}"
        clock = f"{local:%H:%M:%S}" if seconds else f"{local:%H:%M}"
    else:
        from babel.dates import format_date, format_skeleton
        day = str(format_date(local.date(), format="medium", locale=locale))
        clock = str(format_skeleton("Hms" if seconds else "Hm", local, locale=locale))
    return day, f"{clock} {local.tzname() or ''}".strip()


def time_lines(value: dt.datetime | None, seconds: bool = False) -> Markup:
    """:func:`time_text` for a narrow column: the day and the clock each kept on one line
    ("2026. 12. 6." over "09:19:03 UTC", not four broken lines at 390 px)."""
    if value is None:
        return Markup("—")
    day, clock = _time_parts(value, seconds, False)
    return Markup('<span class="nowrap">{}</span> <span class="nowrap">{}</span>').format(
        day, clock)


def as_of_text(now: dt.datetime | None = None) -> str:
    """When this page was made, for printouts: ``2026-12-01 14:05 KST`` (the club's zone)."""
    return time_text(now or dt.datetime.now(dt.UTC))


def register_formatting(app: Flask) -> None:
    """Make the filters and globals available to every template of the app."""
    app.add_template_filter(points_filter, "points")
    app.add_template_filter(date_text, "date")
    app.add_template_filter(percent, "percent")
    app.add_template_filter(tiebreak_text, "tiebreak")
    app.add_template_filter(styled_filter, "styled")
    app.add_template_global(standings_style, "standings_style")
    app.add_template_filter(decimal_filter, "decimal")
    app.add_template_filter(operand_text, "operand")
    app.add_template_filter(term_text, "term")
    app.add_template_filter(rating_text, "rating")
    app.add_template_filter(signed_text, "signed")
    app.add_template_global(result_mark, "result_mark")
    app.add_template_global(colour_text, "colour_text")
    app.add_template_global(cell_text, "cell_text")
    app.add_template_filter(format_named, "format_named")
    app.add_template_global(legend, "result_legend")
    app.add_template_global(short_mark, "short_mark")
    app.add_template_global(short_result, "short_result")
    app.add_template_global(kind_label, "kind_label")
    app.add_template_global(event_kind_label, "event_kind_label")
    app.add_template_global(format_label, "format_label")
    app.add_template_filter(reasons_text, "reasons")
    app.add_template_global(same_name_only, "same_name_only")
    app.add_template_global(as_of_text, "as_of_text")
    app.add_template_filter(time_text, "time")
    app.add_template_filter(time_lines, "time_lines")
    app.add_template_global(punctuation, "punctuation")
    app.add_template_global(tiebreak_name, "tiebreak_name")
    app.add_template_filter(result_letters, "result_letters")
    app.add_template_filter(number_text, "number")
    app.add_template_filter(typed_number, "typed_number")
    app.add_template_filter(edition_name, "edition")
    app.add_template_filter(order_text, "order")
    app.add_template_filter(formula_text, "formula")
    app.add_template_filter(month_year, "month_year")
    app.add_template_global(club_zone, "club_zone")
