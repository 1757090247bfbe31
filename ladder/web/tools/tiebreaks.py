"""The tie-break calculator and its compare mode (docs/tiebreaks.md §6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...tiebreaks import EDITIONS
from ..support.formatting import punctuation
from ..support.forms import quoted
from ..support.request_values import digits
from . import bp
from .calc import (
    DEFAULT_EDITION,
    codes_for,
    compute_record,
    edition_problem,
    leaders,
)
from .http import canonical_redirect, render_tool
from .state import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    PlayerInput,
    RoundInput,
    canonical_query,
    compare_query,
    from_form,
    parse_player,
    parse_token,
    player_from_form,
    validate,
)

T = TypeVar("T")

#: How much of an unknown edition a message quotes back (the longest name is 9 characters).
QUOTED_EDITION = 20

#: The first view of the calculator: docs/tiebreaks.md §6's bye-cap example (fide-2026).
EXAMPLE = ("W,w,3.5", "W,b,3", "H", "W,w,2.5", "W,b,2")

#: docs/tiebreaks.md §6 "same scoresheet, three winners": BH, BH/C1 and BH/M1 rank a different
#: player first.
THREE_WINNERS = (
    "Ana;W,w,4;W,b,3;D,w,3;L,b,2;W,w,1",
    "Bo;W,w,4;W,b,3;D,w,2.5;L,b,2;W,w,2",
    "Cai;W,w,3;W,b,3;D,w,3;L,b,2.5;W,w,1",
)


def _edition_field() -> tuple[str, str | None]:
    raw = request.args.get("edition", DEFAULT_EDITION).strip() or DEFAULT_EDITION
    if edition_problem(raw):
        return raw, _("There is no tie-break edition “%(e)s”. Choose one of the list.",
                      e=quoted(raw, QUOTED_EDITION))
    return raw, None


def _calc_url(edition: str, rows: list[RoundInput]) -> str:
    """The calculator's shareable address of ``rows``."""
    return url_for("tools.tiebreaks") + "?" + canonical_query(edition, rows)


def _compare_url(edition: str, players: list[PlayerInput]) -> str:
    """The compare mode's shareable address of ``players``."""
    return url_for("tools.compare") + "?" + compare_query(edition, players)


def _apply_op(items: list[T], op: str, new: Callable[[], T], limit: int) -> bool:
    """Add (``add``, up to ``limit``) or remove (``del:N``) a line, as the form's buttons ask;
    True when ``items`` changed. A malformed ``op`` changes nothing."""
    if op == "add" and len(items) < limit:
        items.append(new())
        return True
    if op.startswith("del:"):
        index = digits(op[4:], 6)
        if index is not None and index < len(items):
            del items[index]
            return True
    return False


@bp.get("/tiebreaks")
def tiebreaks() -> Response:
    """One player's record → every tie-break of the edition, each explained."""
    edition, edition_error = _edition_field()
    args = request.args
    op = args.get("op", "")
    if "k" in args or op:
        rows = from_form(args.getlist("k"), args.getlist("c"), args.getlist("s"),
                         args.getlist("o"), args.getlist("u"))
        changed = _apply_op(rows, op, lambda: RoundInput("W"), MAX_ROUNDS)
        # Every round typed goes into the address: the page it leads to says what it leaves out.
        redirect = canonical_redirect(_calc_url(edition, rows))
        if redirect is not None:
            return redirect
    else:
        tokens = args.getlist("r") if args else list(EXAMPLE)
        rows = [parse_token(t) for t in tokens]
        changed = False
    # More rounds than a record has: the first MAX_ROUNDS are calculated, and the page says so.
    too_many = len(rows) > MAX_ROUNDS
    rows = rows[:MAX_ROUNDS]
    canonical = _calc_url(edition, rows)
    calc_rows = validate(rows)
    result = None
    if calc_rows is not None and not edition_error and rows:
        result = compute_record(calc_rows, edition)
    return render_tool(
        "tools/tiebreaks.html",
        {"calc-results": "tools/_tiebreak_results.html", "calc": "tools/_tiebreak_calc.html"},
        canonical, rows=rows, edition=edition, edition_error=edition_error, editions=EDITIONS,
        result=result, focus_last=changed and op == "add", too_many=too_many,
        max_rounds=MAX_ROUNDS, **_focus_after_remove(op, changed, len(rows)))


def _focus_after_remove(op: str, changed: bool, count: int) -> dict[str, object]:
    """Where the focus goes after "Remove round N" (test_desk_a11y_browser.py): the round that took
    its place, else "Add a round" (never the page's body)."""
    if not (changed and op.startswith("del:")):
        return {"focus_row": None, "focus_add": False}
    index = digits(op[4:], 6)
    if index is not None and index < count:
        return {"focus_row": index, "focus_add": False}
    return {"focus_row": None, "focus_add": True}


@bp.get("/tiebreaks/compare")
def compare() -> Response:
    """Several tied players side by side: for each tie-break, who it ranks first."""
    edition, edition_error = _edition_field()
    args = request.args
    op = args.get("op", "")
    if "name" in args or op:
        names = args.getlist("name")
        texts = args.getlist("rounds")
        texts += [""] * (len(names) - len(texts))
        players = [player_from_form(n, t) for n, t in zip(names, texts, strict=False)]
        _apply_op(players, op, lambda: PlayerInput(_("Player %(n)d", n=len(players) + 1), []),
                  MAX_PLAYERS)
        # Every player typed goes into the address: the page it leads to says what it leaves out.
        redirect = canonical_redirect(_compare_url(edition, players))
        if redirect is not None:
            return redirect
    else:
        players = [parse_player(t) for t in args.getlist("p")]
        if not args:
            players = [PlayerInput(_("Player 1"), []), PlayerInput(_("Player 2"), [])]
    # More players than the page compares: the first MAX_PLAYERS are, and the page says so.
    too_many = len(players) > MAX_PLAYERS
    players = players[:MAX_PLAYERS]
    canonical = _compare_url(edition, players)
    results = []
    for player in players:
        rows = validate(player.rows) if player.rows else None
        if not player.rows:
            player.errors["rounds"] = _("Type at least one round.")
        elif rows is None:
            marks = punctuation()
            player.errors["rounds"] = marks["semicolon"].join(
                _("round %(r)d: %(m)s", r=i + 1, m=marks["gap"].join(row.errors.values()))
                for i, row in enumerate(player.rows) if row.errors)
        ok = rows is not None and not edition_error and "name" not in player.errors
        results.append(compute_record(rows, edition) if ok and rows else None)
    table = _compare_table(edition, results) if not edition_error else []
    example = url_for("tools.compare", edition="fide-2026", p=list(THREE_WINNERS))
    return render_tool(
        "tools/compare.html", {"compare-results": "tools/_compare_results.html",
                               "compare": "tools/_compare_calc.html"},
        canonical, players=players, edition=edition, edition_error=edition_error,
        editions=EDITIONS, results=results, table=table, example_url=example,
        max_players=MAX_PLAYERS, too_many=too_many)


def _compare_table(edition: str, results: list) -> list[dict]:
    """One line per tie-break: each player's value and who it ranks first."""
    lines: list[dict] = []
    computed = [r for r in results if r is not None and r.error is None]
    if not computed:
        return lines
    for n, code in enumerate(codes_for(edition)):
        values = [r.results[n].value if r is not None and r.error is None else None
                  for r in results]
        lines.append({"code": code, "values": values, "leaders": leaders(values),
                      "article": computed[0].results[n].explanation.article})
    return lines
