"""Explanations (SPEC §7.5): why a player's tie-break has the value it has, round by round.

Each row says who the opponent was, which score was used (the opponent's adjusted score, the
dummy or virtual opponent, ...) and why, the category of an unplayed round, the contribution
and, if the round was cut, which rule cut it — citing the article — so that a user can see
where two programs disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ladder.numbers import decimal_text
from ladder.tournament import Kind, Tournament
from ladder.tiebreaks import buchholz, own, rating_based, uscf
from ladder.tiebreaks.codes import NAMES, Code, parse_code
from ladder.tiebreaks.direct import encounters
from ladder.tiebreaks.editions import Edition, category_text
from ladder.tiebreaks.engine import compute_prepared, prepare
from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.modifiers import apply_cuts
from ladder.tiebreaks.prepared import Prepared

_KIND_TEXT = {
    Kind.WIN: "win", Kind.DRAW: "draw", Kind.LOSS: "loss", Kind.FORFEIT_WIN: "forfeit win",
    Kind.FORFEIT_LOSS: "forfeit loss", Kind.DOUBLE_FORFEIT: "double forfeit",
    Kind.PAIRING_BYE: "pairing bye", Kind.FULL_BYE: "full-point bye",
    Kind.HALF_BYE: "half-point bye", Kind.ZERO_BYE: "zero-point bye",
    Kind.UNRATED_PLAYED: "played, unrated",
}


@dataclass(frozen=True)
class ExplainRow:
    """One round of an explanation (``None``: does not apply to this round)."""

    round: int
    opponent: int | None
    result: str
    points: Fraction
    category: str
    score_used: Fraction | None
    note: str
    contribution: Fraction | None
    cut: str | None = None


@dataclass(frozen=True)
class Explanation:
    """A tie-break value with its per-round working."""

    start_no: int
    name: str
    code: str
    edition: str
    value: Fraction | None
    article: str
    rows: tuple[ExplainRow, ...]
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        """The explanation as an aligned plain-text table."""
        head = (f"{self.code} for {self.start_no} {self.name} under {self.edition}: "
                f"{decimal_text(self.value)}  ({self.article})")
        table = [("Rd", "Opp", "Result", "Pts", "Category", "Score used", "Contribution",
                  "Cut", "How")]
        for row in self.rows:
            table.append((str(row.round), "" if row.opponent is None else str(row.opponent),
                           row.result, decimal_text(row.points), row.category, decimal_text(row.score_used),
                           decimal_text(row.contribution), row.cut or "", row.note))
        widths = [max(len(r[k]) for r in table) for k in range(len(table[0]))]
        lines = [head]
        for r in table:
            lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        lines.extend(self.notes)
        return "\n".join(lines)


#: The one number formatter (:func:`ladder.numbers.decimal_text`); ``fmt`` stays as the name
#: other modules import (``from ladder.tiebreaks.explain import fmt``).
fmt = decimal_text


def score_note(prep: Prepared, i: int, r: int) -> str:
    """How the opponent score of round ``r`` (0-based) of player ``i`` was obtained."""
    ed: Edition = prep.edition
    j = prep.opp[i][r]
    kind = prep.kind[i][r]
    f = prep.frac
    if prep.value[i][r] is None:
        return "a round-robin bye is not an unplayed round (C.07 15.2): no term"
    if prep.meets[i][r]:
        pre = ("forfeit counted as a game against the scheduled opponent (C.07 15.2); "
               if not kind.played else "")
        if prep.adjusted[j] == prep.points[j]:
            return pre + f"opponent's final score {decimal_text(f(prep.points[j]))}"
        if ed.opponents_unplayed == "fide16":
            late = [str(k + 1) for k, c in enumerate(prep.category[j]) if c == "16.2.5"]
            return (pre + f"opponent's adjusted score (C.07 16.3): final score "
                    f"{decimal_text(f(prep.points[j]))}, round(s) {', '.join(late)} of category 16.2.5 "
                    "counted as draws")
        rule = "C.02 13.15.3" if ed.own_unplayed == "virtual" else "US Chess 34E"
        return (pre + f"opponent's adjusted score ({rule}): final score "
                f"{decimal_text(f(prep.points[j]))}, unplayed rounds counted as draws")
    own_score = prep.points[i]
    if ed.own_unplayed == "dummy":
        text = f"dummy opponent (C.07 16.4) with the player's own score {decimal_text(f(own_score))}"
        if ed.dummy_caps:
            if kind.has_opponent:
                cap = prep.adjusted[j]
                text += (f", capped at the scheduled opponent {prep.start_nos[j]}'s adjusted "
                         f"score {decimal_text(f(cap))} (16.4.1)")
            else:
                text += (f", capped at draw x {prep.rounds} rounds = "
                         f"{decimal_text(f(prep.draw * prep.rounds))} (16.4.2)")
        return text
    if ed.own_unplayed == "virtual":
        before = sum(prep.pts[i][:r])
        later = prep.draw * (prep.rounds - r - 1)
        if kind is Kind.DOUBLE_FORFEIT:
            return (f"virtual opponent (C.02 13.15.2): {decimal_text(f(before))} before the round + 0 "
                    f"(double forfeit) + draws in {prep.rounds - r - 1} later round(s) "
                    f"{decimal_text(f(later))}")
        return (f"virtual opponent (C.02 13.15.2): {decimal_text(f(before))} before the round + "
                f"{decimal_text(f(prep.win - prep.pts[i][r]))} in the round + draws in "
                f"{prep.rounds - r - 1} later round(s) {decimal_text(f(later))}")
    return "own unplayed round: an opponent with adjusted score 0 (US Chess 34E)"


def _base_row(prep: Prepared, i: int, r: int, score: Fraction | None, note: str,
              contribution: Fraction | None, cut: str | None = None) -> ExplainRow:
    j = prep.opp[i][r]
    kind = prep.kind[i][r]
    cat = prep.category[i][r]
    if cat and prep.edition.opponents_unplayed != "fide16":
        cat = None  # the 16.2 categories belong to C.07 2023+ only
    cat_text = category_text(cat, kind, r == prep.rounds - 1) if cat else (
        "played" if kind.played else ("counted as a game (15.2)" if prep.meets[i][r]
                                      else "unplayed"))
    return ExplainRow(r + 1, prep.start_nos[j] if j >= 0 else None, _KIND_TEXT[kind],
                      prep.frac(prep.pts[i][r]), cat_text, score, note, contribution, cut)


def _terms_rows(prep: Prepared, i: int, terms: list, low: int, high: int, vur_rule: bool,
                scale: int, score_of: Callable[[int], Fraction | None]) -> tuple[ExplainRow, ...]:
    _, cuts = apply_cuts(terms, low, high, vur_rule)
    cut_at = {terms[k][3]: reason for k, reason in cuts}
    by_round = {t[3]: t for t in terms}
    rows = []
    for r in range(prep.rounds):
        term = by_round.get(r + 1)
        if term is None:
            rows.append(_base_row(prep, i, r, None, score_note(prep, i, r), None))
            continue
        rows.append(_base_row(prep, i, r, score_of(r), score_note(prep, i, r),
                              Fraction(term[1], scale), cut_at.get(r + 1)))
    return tuple(rows)


def _explain_rows(prep: Prepared, i: int, code: Code) -> tuple[tuple[ExplainRow, ...], list[str]]:
    name = code.name
    notes: list[str] = []
    vur_rule = prep.edition.vur_cuts
    value_of = lambda p: (lambda r: None if p.value[i][r] is None else p.frac(p.value[i][r]))
    if name in ("BH", "FB"):
        view = buchholz.fore_view(prep) if name == "FB" else prep
        if name == "FB":
            notes.append("Fore Buchholz (8.3): every game of the final round counted as a draw")
        terms = list(buchholz.bh_terms(view)[i])
        return _terms_rows(view, i, terms, code.low, code.high, vur_rule, view.unit,
                           value_of(view)), notes
    if name == "SB":
        terms = list(buchholz.sb_terms(prep)[i])
        return _terms_rows(prep, i, terms, code.low, code.high, vur_rule,
                           prep.unit * prep.unit, value_of(prep)), notes
    if name in ("MM", "SOLK", "HARK"):
        view = uscf.uscf_view(prep)
        low, high = (0, 0) if name == "SOLK" else uscf.median_cuts(view, name, i)
        notes.append(f"US Chess 34E: cut {low} lowest and {high} highest")
        return _terms_rows(view, i, uscf.solkoff_terms(view, i), low, high, False, view.unit,
                           value_of(view)), notes
    if name == "KS":
        limit = Fraction(buchholz.koya_limit(prep, code), 2 * prep.unit)
        notes.append(f"Koya limit (9.2, 14.5): opponents with at least {decimal_text(limit)} points")
        rows = []
        terms = {t[3]: t for t in buchholz.koya_terms(prep, code, i)}
        for r in range(prep.rounds):
            t = terms.get(r + 1)
            if t is None:
                rows.append(_base_row(prep, i, r, None, "no opponent", None))
            else:
                rows.append(_base_row(prep, i, r, prep.frac(t[0]),
                                      "reached the limit" if t[2] else "below the limit",
                                      prep.frac(t[1]) if t[2] else Fraction(0)))
        return tuple(rows), notes
    if name in ("ARO", "TPR", "PTP"):
        games = rating_based.rated_games(prep, i)
        kept = rating_based.kept_games(prep, code, i)
        kept_rounds = {g[2] for g in kept}
        rated = {g[2]: g for g in games}
        rows = []
        for r in range(prep.rounds):
            g = rated.get(r + 1)
            if g is None:
                rows.append(_base_row(prep, i, r, None, "not a game over the board against a "
                                      "rated opponent (C.07 10)", None))
            else:
                cut = None if r + 1 in kept_rounds else "cut (C.07 14.1/14.3)"
                rows.append(_base_row(prep, i, r, Fraction(g[0]), "opponent's rating",
                                      Fraction(g[0]), cut))
        aro = rating_based.aro_of(kept)
        if kept:
            halves = sum(g[1] for g in kept)
            pct = rating_based.round_half_up(100 * halves, 2 * len(kept))
            notes.append(f"ARO = {sum(g[0] for g in kept)} / {len(kept)} rounded half up = "
                         f"{aro} (10.1)")
            if name == "TPR":
                notes.append(f"p = {decimal_text(Fraction(halves, 2))} / {len(kept)} = {pct / 100:.2f}, "
                             f"dp = {rating_based.fide_tables.dp(pct)} (B.02 8.1.1); "
                             f"TPR = ARO + dp (10.2)")
            if name == "PTP":
                notes.append(f"PTP: lowest R with the sum of expected scores (B.02 8.1.2) "
                             f">= {decimal_text(Fraction(halves, 2))} (10.3)")
        return tuple(rows), notes
    if name in ("AOB", "APRO", "APPO"):
        if name == "AOB":
            vals = buchholz.bh_totals(prep)
            conv = prep.frac
            what = "opponent's Buchholz"
        else:
            vals = rating_based.tprs(prep) if name == "APRO" else rating_based.ptps(prep)
            conv = Fraction
            what = "opponent's " + ("TPR" if name == "APRO" else "PTP")
        rows = []
        use = prep.meets if name == "AOB" else prep.otb
        for r in range(prep.rounds):
            j = prep.opp[i][r]
            if use[i][r] and vals[j] is not None:
                rows.append(_base_row(prep, i, r, conv(vals[j]), what, conv(vals[j])))
            else:
                rows.append(_base_row(prep, i, r, None, "not a game over the board", None))
        notes.append("the value is the average of the contributions"
                     + (", rounded half up" if name != "AOB" else ""))
        return tuple(rows), notes
    if name == "DE":
        group = {k for k, p in enumerate(prep.points) if p == prep.points[i]}
        met = encounters(prep, i, group, code.forfeits_played)
        rows = []
        for r in range(prep.rounds):
            j = prep.opp[i][r]
            inside = j in met
            rows.append(_base_row(prep, i, r, None,
                                  "against a player with the same points (C.07 6.1)" if inside
                                  else "not against a tied player", 
                                  prep.frac(prep.pts[i][r]) if inside else None))
        notes.append("the ranking applies art. 6 to each still-tied group; this value is the "
                     "score among all players with the same points")
        return tuple(rows), notes
    # Own-record tie-breaks: a per-round count.
    per_round = _own_contributions(prep, i, code)
    rows = tuple(_base_row(prep, i, r, None, note, c, cut)
                 for r, (c, note, cut) in enumerate(per_round))
    return rows, notes


def _own_contributions(prep: Prepared, i: int,
                       code: Code) -> list[tuple[Fraction, str, str | None]]:
    name = code.name
    out = []
    running = 0
    won = own.won_flags(prep, i)
    view = uscf.uscf_view(prep) if name in ("CUM", "OPCUM") else prep
    for r in range(prep.rounds):
        kind = prep.kind[i][r]
        p = prep.pts[i][r]
        running += p
        cut = None
        if name == "PTS":
            c, note = prep.frac(p), "points"
        elif name == "WIN":
            c, note = Fraction(int(p == prep.win)), "a win's points, played or not (7.1)"
        elif name == "WON":
            c, note = Fraction(int(won[r])), "won over the board (7.2)"
        elif name == "BPG":
            c = Fraction(int(prep.own_game[i][r] and prep.black[i][r]))
            note = "played with Black (7.3)"
        elif name == "BWG":
            c, note = Fraction(int(won[r] and prep.black[i][r])), "won with Black (7.4)"
        elif name == "REP":
            elected = not (kind in own._NOT_ELECTED and not prep.own_game[i][r])
            c, note = Fraction(int(elected)), "round elected to play in (7.6)"
        elif name == "STD":
            c, note = Fraction(own.std_round(prep, i, r), 2), "standard points (7.7)"
        elif name == "PS":
            c, note = prep.frac(running), "running score (7.5)"
            if r < code.low:
                cut = "first round(s) cut (C.07 14.1.1)"
        elif name == "CUM":
            c = prep.frac(running - (0 if kind.played else p))
            note = "running score" + ("" if kind.played else " minus the unplayed round's points")
        elif name == "OPCUM":
            j = view.opp[i][r]
            c = (view.frac(uscf.cumulative_of(view, j)) if view.otb[i][r] else Fraction(0))
            note = "opponent's cumulative score" if view.otb[i][r] else "unplayed: 0"
        elif name == "KASH":
            c, note = Fraction(uscf.kashdan_round(kind, prep.half[i][r])), "Kashdan 4/2/1/0"
        elif name == "MB":
            c, note = Fraction(int(kind.played and prep.black[i][r])), "played with Black"
        else:  # pragma: no cover - every name is handled above
            raise TiebreakError(f"no explanation for {name}")
        out.append((c, note, cut))
    return out


def explain_prepared(prep: Prepared, start_no: int, code: Code | str) -> Explanation:
    """:func:`explain` on an already prepared view (the calculator explains many codes)."""
    parsed = parse_code(code) if isinstance(code, str) else code
    if start_no not in prep.index:
        raise TiebreakError(f"there is no player with start number {start_no}")
    i = prep.index[start_no]
    column = compute_prepared(prep, (parsed,)).columns[parsed.text]
    rows, notes = _explain_rows(prep, i, parsed)
    if column.dropped:
        notes = [column.dropped, *notes]
    return Explanation(start_no, prep.names[i], parsed.text, prep.edition.name,
                       column.value(i), NAMES[parsed.name], rows, tuple(notes))


def explain(t: Tournament, start_no: int, code: str, edition: str | Edition = "fide-2026", *,
            unrated_rating: int | None = None) -> Explanation:
    """Why player ``start_no`` has the value they have for ``code`` under ``edition``."""
    return explain_prepared(prepare(t, edition, unrated_rating=unrated_rating), start_no, code)
