"""Explanations (docs/tiebreaks.md §5): why a player's tie-break has the value it has, round by
round.

Each row says who the opponent was, which score was used (the opponent's adjusted score, the
dummy or virtual opponent, ...) and why, the category of an unplayed round, the contribution
and, if the round was cut, which rule cut it — citing the article — so that a user can see
where two programs disagree.

The contributions and the cuts are not worked out again here: they are the terms of the
tie-break's :class:`~ladder.tiebreaks.terms.Tally` and the cuts of
:func:`~ladder.tiebreaks.terms.evaluate`, the very ones its value is computed from. Only the
words (notes, categories) are added.

Every text is a :class:`~ladder.vocabulary.messages.Message` (a
:class:`~ladder.tiebreaks.wording.TextMessage`): the web edge translates it, ``str()`` gives
the English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ladder.tiebreaks import buchholz, fide_tables
from ladder.tiebreaks.codes import NAMES, Code, parse_code
from ladder.tiebreaks.compute_table import compute_prepared, prepare
from ladder.tiebreaks.definitions import tally
from ladder.tiebreaks.editions import Edition, category_text
from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.modifiers import Cuts
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.terms import MEAN, MEAN_HALF_UP, SUM, Tally, evaluate, percent, round_half_up
from ladder.tiebreaks.wording import N_, TextMessage, label, msg
from ladder.vocabulary.messages import Message
from ladder.vocabulary.numbers import decimal_text, points_text
from ladder.vocabulary.tournament import Kind, Tournament

_KIND_TEXT: dict[Kind, TextMessage] = {
    Kind.WIN: label(N_("win")), Kind.DRAW: label(N_("draw")), Kind.LOSS: label(N_("loss")),
    Kind.FORFEIT_WIN: label(N_("forfeit win")),
    Kind.FORFEIT_LOSS: label(N_("forfeit loss")),
    Kind.DOUBLE_FORFEIT: label(N_("double forfeit")),
    Kind.PAIRING_BYE: label(N_("pairing bye")), Kind.FULL_BYE: label(N_("full-point bye")),
    Kind.HALF_BYE: label(N_("half-point bye")), Kind.ZERO_BYE: label(N_("zero-point bye")),
    Kind.UNRATED_PLAYED: label(N_("played, unrated")),
}

_PLAYED = label(N_("played"))
_COUNTED_AS_GAME = label(N_("counted as a game (15.2)"))
_UNPLAYED = label(N_("unplayed"))

#: The headings of :meth:`Explanation.text`.
HEADINGS = (N_("Rd"), N_("Opp"), N_("Result"), N_("Pts"), N_("Category"), N_("Score used"),
            N_("Contribution"), N_("Cut"), N_("How"))


@dataclass(frozen=True)
class ExplainRow:
    """One round of an explanation (``None``: does not apply to this round).

    ``result`` (the result kind in words), ``category`` (the 16.2 category of an unplayed
    round, or "played"), ``note`` (how the score used was obtained, or what the round adds)
    and ``cut`` (why the round was cut, or None) are messages: ``str()`` gives the English.
    ``contribution`` is the term the value is computed from (None: the round has no term).
    """

    round: int
    opponent: int | None
    result: Message
    points: Fraction
    category: Message
    score_used: Fraction | None
    note: Message
    contribution: Fraction | None
    cut: Message | None = None


@dataclass(frozen=True)
class Explanation:
    """A tie-break value with its per-round working.

    ``article`` (the tie-break's name with its article) and ``notes`` are messages.
    ``combine`` says how the contributions of the rows that were not cut make the value
    (:data:`~ladder.tiebreaks.terms.SUM`, ``MEAN``, ``MEAN_HALF_UP``, ``TPR`` or ``PTP``).
    """

    start_no: int
    name: str
    code: str
    edition: str
    value: Fraction | None
    article: Message
    rows: tuple[ExplainRow, ...]
    notes: tuple[Message, ...] = ()
    combine: str = SUM

    def text(self, translate: Callable[[str], str] | None = None) -> str:
        """The explanation as an aligned plain-text table (``translate``: message id ->
        translation; None gives the English)."""
        def say(message: Message | None) -> str:
            return "" if message is None else message.render(translate)

        head = msg("%(code)s for %(start_no)d %(name)s under %(edition)s: %(value)s  "
                   "(%(article)s)", code=self.code, start_no=self.start_no, name=self.name,
                   edition=self.edition, value=decimal_text(self.value), article=self.article)
        table = [tuple(say(label(h)) for h in HEADINGS)]
        for row in self.rows:
            table.append((str(row.round), "" if row.opponent is None else str(row.opponent),
                          say(row.result), decimal_text(row.points), say(row.category),
                          decimal_text(row.score_used), decimal_text(row.contribution),
                          say(row.cut), say(row.note)))
        widths = [max(len(r[k]) for r in table) for k in range(len(table[0]))]
        lines = [say(head)]
        for r in table:
            lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip())
        lines.extend(say(note) for note in self.notes)
        return "\n".join(lines)


def score_note(prep: Prepared, i: int, r: int) -> TextMessage:
    """How the opponent score of round ``r`` (0-based) of player ``i`` was obtained."""
    ed: Edition = prep.edition
    j = prep.opp[i][r]
    kind = prep.kind[i][r]
    f = prep.frac
    if prep.value[i][r] is None:
        return label(N_("a round-robin bye is not an unplayed round (C.07 15.2): no term"))
    if prep.meets[i][r]:
        score = points_text(f(prep.points[j]))  # a score as scores are written: 3½
        if prep.adjusted[j] == prep.points[j]:
            if kind.played:
                return msg("opponent's final score %(score)s", score=score)
            return msg("forfeit counted as a game against the scheduled opponent (C.07 15.2); "
                       "opponent's final score %(score)s", score=score)
        if ed.opponents_unplayed == "fide16":
            late = [str(k + 1) for k, c in enumerate(prep.category[j]) if c == "16.2.5"]
            return msg("opponent's adjusted score (C.07 16.3): final score %(score)s, "
                       "round(s) %(rounds)s of category 16.2.5 counted as draws",
                       score=score, rounds=", ".join(late))
        rule = "C.02 13.15.3" if ed.own_unplayed == "virtual" else "US Chess 34E"
        return msg("opponent's adjusted score (%(rule)s): final score %(score)s, unplayed "
                   "rounds counted as draws", rule=rule, score=score)
    own_score = points_text(f(prep.points[i]))
    if ed.own_unplayed == "dummy":
        if not ed.dummy_caps:
            return msg("dummy opponent (C.07 16.4) with the player's own score %(score)s",
                       score=own_score)
        if kind.has_opponent:
            return msg("dummy opponent (C.07 16.4) with the player's own score %(score)s, "
                       "capped at the scheduled opponent %(opponent)d's adjusted score "
                       "%(cap)s (16.4.1)", score=own_score, opponent=prep.start_nos[j],
                       cap=points_text(f(prep.adjusted[j])))
        return msg("dummy opponent (C.07 16.4) with the player's own score %(score)s, capped "
                   "at draw x %(rounds)d rounds = %(cap)s (16.4.2)", score=own_score,
                   rounds=prep.rounds, cap=points_text(f(prep.draw * prep.rounds)))
    if ed.own_unplayed == "virtual":
        before = decimal_text(f(sum(prep.pts[i][:r])))
        later_rounds = prep.rounds - r - 1
        later = decimal_text(f(prep.draw * later_rounds))
        if kind is Kind.DOUBLE_FORFEIT:
            return msg("virtual opponent (C.02 13.15.2): %(before)s before the round + 0 "
                       "(double forfeit) + draws in %(later_rounds)d later round(s) %(later)s",
                       before=before, later_rounds=later_rounds, later=later)
        return msg("virtual opponent (C.02 13.15.2): %(before)s before the round + "
                   "%(given)s in the round + draws in %(later_rounds)d later round(s) "
                   "%(later)s", before=before, given=decimal_text(f(prep.win - prep.pts[i][r])),
                   later_rounds=later_rounds, later=later)
    return label(N_("own unplayed round: an opponent with adjusted score 0 (US Chess 34E)"))


def _category(prep: Prepared, i: int, r: int) -> Message:
    kind = prep.kind[i][r]
    cat = prep.category[i][r]
    if cat and prep.edition.opponents_unplayed != "fide16":
        cat = None  # the 16.2 categories belong to C.07 2023+ only
    if cat:
        return category_text(cat, kind, r == prep.rounds - 1)
    if kind.played:
        return _PLAYED
    return _COUNTED_AS_GAME if prep.meets[i][r] else _UNPLAYED


#: What a row says: ``(view, player, round (0-based), term index or None)`` -> the note,
#: and the score to show when the round has no term (else None).
Describe = Callable[[Prepared, int, int, "int | None"], "tuple[Message, Fraction | None]"]


def rows_of(t: Tally, i: int, cuts: Cuts, describe: Describe) -> tuple[ExplainRow, ...]:
    """The rows of player ``i``: every round of the tally's view, with the term of that round
    (its contribution, the score it used and, if it was cut, why) where it has one."""
    view = t.view
    terms = t.terms[i]
    at = {r: k for k, r in enumerate(terms.rounds)}
    reasons = dict(cuts)
    rows = []
    for r in range(view.rounds):
        k = at.get(r + 1)
        note, score = describe(view, i, r, k)
        contribution = None
        cut = None
        if k is not None:
            contribution = Fraction(terms.contributions[k], t.scale)
            shown = terms.shown[k]
            score = None if shown is None else Fraction(shown, t.shown_scale)
            cut = reasons.get(k)
        j = view.opp[i][r]
        rows.append(ExplainRow(r + 1, view.start_nos[j] if j >= 0 else None,
                               _KIND_TEXT[view.kind[i][r]], view.frac(view.pts[i][r]),
                               _category(view, i, r), score, note, contribution, cut))
    return tuple(rows)


# --- what the rows say, per tie-break -----------------------------------------------------

def _opponent_score(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, None]:
    return score_note(view, i, r), None


def _koya(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, Fraction | None]:
    j = view.opp[i][r]
    if k is not None:
        return label(N_("reached the limit")), None
    if j < 0:
        return label(N_("no opponent")), None
    return label(N_("below the limit")), view.frac(view.points[j])


def _rated(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, None]:
    if k is not None:
        return label(N_("opponent's rating")), None
    return label(N_("not a game over the board against a rated opponent (C.07 10)")), None


def _of_opponents(what: str) -> Describe:
    def describe(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, None]:
        if k is not None:
            return label(what), None
        return label(N_("not a game over the board")), None
    return describe


def _direct(t: Tally) -> Describe:
    def describe(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, None]:
        if k is None:
            return label(N_("not against a tied player")), None
        j = view.opp[i][r]
        games = sum(1 for rd in t.terms[i].rounds if view.opp[i][rd - 1] == j)
        if games == 1:
            return label(N_("against a player with the same points (C.07 6.1)")), None
        return msg("against a player with the same points, met %(games)d times: each game "
                   "counts its share of the average (C.07 6.1.2)", games=games), None
    return describe


_OWN_NOTES: dict[str, TextMessage] = {
    "PTS": label(N_("points")),
    "WIN": label(N_("a win's points, played or not (7.1)")),
    "WON": label(N_("won over the board (7.2)")),
    "BPG": label(N_("played with Black (7.3)")),
    "BWG": label(N_("won with Black (7.4)")),
    "REP": label(N_("round elected to play in (7.6)")),
    "STD": label(N_("standard points (7.7)")),
    "PS": label(N_("running score (7.5)")),
    "KASH": label(N_("Kashdan 4/2/1/0")),
    "MB": label(N_("played with Black")),
}


def _own(name: str) -> Describe:
    def describe(view: Prepared, i: int, r: int, k: int | None) -> tuple[Message, None]:
        if name == "CUM":
            if view.kind[i][r].played:
                return label(N_("running score")), None
            return label(N_("running score minus the unplayed round's points")), None
        if name == "OPCUM":
            if view.otb[i][r]:
                return label(N_("opponent's cumulative score")), None
            return label(N_("unplayed: 0")), None
        return _OWN_NOTES[name], None
    return describe


def _describe(name: str, t: Tally) -> Describe:
    if name in ("BH", "FB", "SB", "MM", "SOLK", "HARK"):
        return _opponent_score
    if name == "KS":
        return _koya
    if name in ("ARO", "TPR", "PTP"):
        return _rated
    if name == "AOB":
        return _of_opponents(N_("opponent's Buchholz"))
    if name == "APRO":
        return _of_opponents(N_("opponent's TPR"))
    if name == "APPO":
        return _of_opponents(N_("opponent's PTP"))
    if name == "DE":
        return _direct(t)
    if name in _OWN_NOTES or name in ("CUM", "OPCUM"):
        return _own(name)
    raise TiebreakError(f"no explanation for {name}")  # pragma: no cover


def _notes(prep: Prepared, code: Code, t: Tally, i: int, cuts: Cuts) -> list[Message]:
    """The notes under the table: what the whole value is made of."""
    name = code.name
    notes: list[Message] = []
    if name == "FB":
        notes.append(label(N_("Fore Buchholz (8.3): every game of the final round counted "
                              "as a draw")))
    elif name in ("MM", "SOLK", "HARK"):
        low, high = t.cuts_of(i)
        notes.append(msg("US Chess 34E: cut %(low)d lowest and %(high)d highest",
                         low=low, high=high))
    elif name == "KS":
        limit = Fraction(buchholz.koya_limit(prep, code), 2 * prep.unit)
        notes.append(msg("Koya limit (9.2, 14.5): opponents with at least %(limit)s points",
                         limit=decimal_text(limit)))
        notes.append(msg("maximum possible score %(maximum)s (C.07 9.2): a win's points for "
                         "every round with a scheduled game, or what a round-robin bye awards",
                         maximum=decimal_text(prep.frac(buchholz.maximum_score(prep)))))
    elif name in ("ARO", "TPR", "PTP"):
        terms = t.terms[i]
        gone = {k for k, _ in cuts}
        kept = [k for k in range(len(terms.rounds)) if k not in gone]
        if kept:
            total = sum(int(terms.contributions[k]) for k in kept)
            halves = sum(prep.half[i][terms.rounds[k] - 1] for k in kept)
            games = len(kept)
            pct = percent(halves, games)
            notes.append(msg("ARO = %(total)d / %(games)d rounded half up = %(aro)d (10.1)",
                             total=total, games=games, aro=round_half_up(total, games)))
            if name == "TPR":
                notes.append(msg("p = %(points)s / %(games)d = %(p)s, dp = %(dp)d (B.02 8.1.1); "
                                 "TPR = ARO + dp (10.2)", points=decimal_text(Fraction(halves, 2)),
                                 games=games, p=f"{pct // 100}.{pct % 100:02d}",
                                 dp=fide_tables.dp(pct)))
            if name == "PTP":
                notes.append(msg("PTP: lowest R with the sum of expected scores (B.02 8.1.2) "
                                 ">= %(points)s (10.3)", points=decimal_text(Fraction(halves, 2))))
    elif t.combine == MEAN:
        notes.append(label(N_("the value is the average of the contributions")))
    elif t.combine == MEAN_HALF_UP:
        notes.append(label(N_("the value is the average of the contributions, rounded half "
                              "up")))
    elif name == "DE":
        notes.append(label(N_("the ranking applies art. 6 to each still-tied group; this "
                              "value is the score among all players with the same points")))
    return notes


def explain_prepared(prep: Prepared, start_no: int, code: Code | str) -> Explanation:
    """:func:`explain` on an already prepared view (the calculator explains many codes)."""
    parsed = parse_code(code) if isinstance(code, str) else code
    if start_no not in prep.index:
        raise TiebreakError(msg("there is no player with start number %(start_no)d",
                                start_no=start_no))
    i = prep.index[start_no]
    column = compute_prepared(prep, (parsed,)).columns[parsed.text]
    t = tally(prep, parsed)
    _, cuts = evaluate(t, i)
    rows = rows_of(t, i, cuts, _describe(parsed.name, t))
    notes = _notes(prep, parsed, t, i, cuts)
    if column.dropped:
        notes = [column.dropped, *notes]
    return Explanation(start_no, prep.names[i], parsed.text, prep.edition.name,
                       column.value(i), label(NAMES[parsed.name]), rows, tuple(notes),
                       t.combine)


def explain(t: Tournament, start_no: int, code: str, edition: str | Edition = "fide-2026", *,
            unrated_rating: int | None = None) -> Explanation:
    """Why player ``start_no`` has the value they have for ``code`` under ``edition``."""
    return explain_prepared(prepare(t, edition, unrated_rating=unrated_rating), start_no, code)


__all__ = ["ExplainRow", "Explanation", "explain", "explain_prepared", "rows_of",
           "score_note"]
