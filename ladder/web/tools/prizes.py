"""The prize helper page (docs/tiebreaks.md §4): prizes + standings → who receives what.

State in the query string: ``prizes`` (one line per place), ``standings`` (one line per
player: ``name; points; rank``) and optionally ``event=<id>``, which fills the standings from
a published event the visitor may see (names through the display-name function only,
docs/privacy.md).
"""

from __future__ import annotations

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from werkzeug.wrappers import Response

from ...club.prizes import PrizeError, distribute, parse_prizes, parse_standings, total_cents
from ...club.prizes import money as _money
from ...extensions import db
from ...vocabulary.numbers import decimal_text
from ..support.formatting import localised
from ..support.i18n import decimal_symbol
from ..support.request_state import names
from ..support.request_values import digits
from ..support.visibility import can_see_club
from . import bp
from .http import render_tool

#: Longest text each box takes (a longer one is refused on its box, never cut).
MAX_TEXT = 8000

#: The first view's example (a message: "Trophy" and "Qualification" read in every language).
EXAMPLE_PRIZES = lazy_gettext("500 + Trophy\n300\n200\n100 + Qualification")
EXAMPLE_STANDINGS = "Ana; 5; 1\nBo; 5; 2\nCai; 4.5; 3\nDee; 4.5; 4\nEve; 4.5; 5\nFay; 3; 6"


def money(cents: int) -> str:
    """An amount as the reader writes money: the locale's thousands and decimal separators
    (id 400.000 and 58,33; en 400,000 and 58.33), cents only when there are any."""
    from decimal import Decimal

    from babel.numbers import format_decimal
    from flask_babel import get_locale
    pattern = "#,##0" if cents % 100 == 0 else "#,##0.00"
    try:
        return str(format_decimal(Decimal(cents) / 100, format=pattern,
                                  locale=str(get_locale() or "en")))
    except (ValueError, LookupError):
        return localised(_money(cents))


def _fmt_points(points: object) -> str:
    # A plain decimal (4.5): the standings text is read back by the prize parser.
    return decimal_text(points)  # type: ignore[arg-type]


def event_standings(event_id: str) -> tuple[str | None, str | None]:
    """(standings text, event name) of a published event the visitor may see, else an error.

    Returns ``(text, name)`` or ``(None, message)``. A private club's events are for its
    organizers; an unlisted club's events only through their unguessable address (so not
    here); the message never tells whether a hidden event exists.
    """
    from ...queries.events import event_view, load_event
    missing = _("There is no published event with that number.")
    number = digits(event_id, 9)
    if number is None:
        return None, missing
    # The tool lives outside /c/<token>: an unlisted club's events are not read here.
    visible = can_see_club(with_token=False)
    event = load_event(db.session, number) if visible else None
    if event is None:
        return None, missing
    view = event_view(db.session, event)
    book = names()
    lines = []
    for row in view.rows:
        name = book(row.member_id) if row.member_id is not None else f"#{row.start_no}"
        lines.append(f"{name.replace(';', ',')}; {_fmt_points(row.points)}; {row.rank}")
    return "\n".join(lines), event.name


@bp.get("/prizes")
def prizes() -> Response:
    """Split the cash among tied players; tie-breaks decide the indivisible prizes."""
    args = request.args
    prize_text = args.get("prizes", "")
    standings_text = args.get("standings", "")
    errors: dict[str, str] = {}
    # A text longer than a field takes is kept whole and marked, and nothing is computed from it.
    for name, label, typed in (("prizes", _("Prizes"), prize_text),
                               ("standings", _("Standings"), standings_text)):
        if len(typed) > MAX_TEXT:
            errors[name] = _("%(field)s: at most %(max)d characters; this one has %(length)d.",
                             field=label, max=MAX_TEXT, length=len(typed))
    event_name = None
    event_id = args.get("event", "").strip()
    # The first view (no field of the tool asked; ``?lang=`` alone is still the first view).
    if not any(field in args for field in ("prizes", "standings", "event")):
        prize_text, standings_text = str(EXAMPLE_PRIZES), EXAMPLE_STANDINGS
    if event_id and not standings_text.strip():
        text, info = event_standings(event_id)
        if text is None:
            errors["event"] = info or ""
        else:
            standings_text, event_name = text, info
    prize_list = players = None
    try:
        # Amounts are read with the reader's decimal mark: 500.000 is Rp 500.000 to an
        # Indonesian reader and refused (not 500) to an English one (ladder/club/prizes.py).
        prize_list = None if "prizes" in errors else parse_prizes(prize_text, decimal_symbol())
    except PrizeError as error:
        errors["prizes"] = _("Line %(n)d is not a prize: “%(t)s”. Write an amount (500 or "
                             "12.50), an item (Trophy) or both (500 + Trophy).",
                             n=error.line, t=error.text)
    try:
        players = None if "standings" in errors else parse_standings(standings_text)
    except PrizeError as error:
        errors["standings"] = (
            _("List the standings best first (most points, then the rank after tie-breaks).")
            if error.line == 0 else
            _("Line %(n)d is not “name; points; rank”: “%(t)s”.", n=error.line, t=error.text))
    if players is not None and not players and "standings" not in errors:
        errors["standings"] = _("Type the standings, or open the helper from an event.")
    awards = distribute(prize_list, players) if prize_list is not None and players else None
    summary = None
    if awards is not None and prize_list is not None:
        summary = {"total": money(total_cents(prize_list)),
                   "paid": money(sum(a.cents for a in awards)),
                   "unawarded": [p for p in prize_list if p.place > len(players or ())]}
    canonical = request.full_path.rstrip("?")
    return render_tool("tools/prizes.html", {"prize-results": "tools/_prize_results.html"},
                       canonical, prize_text=prize_text, standings_text=standings_text,
                       event_id=event_id, event_name=event_name, errors=errors, awards=awards,
                       summary=summary, money=money, points=_fmt_points)
