"""The Keizer core's reasons as sentences (message ids the web edge translates), and points
written as a person reads them (docs/competitions.md §5, §10).

The core says *why* with a :class:`~ladder.competition.keizer_score.Reason`: a code
(``keizer.win``, ``keizer.colour.balance`` …) and its values, players named by member id.
:func:`line_message` and :func:`board_messages` turn them into
:class:`~ladder.vocabulary.messages.Message` values whose id is the English sentence (marked
with ``N_`` for the catalogues) — players still named by whatever the caller maps the ids to
(a display name, or a club night's start number that the night's pages name).

Pure: no Flask; nothing is translated here.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ladder.competition.keizer_pairing import KeizerBoard, KeizerPairing
from ladder.competition.keizer_score import OWN, Line, Reason
from ladder.vocabulary.messages import N_, Message, msg

#: Unicode's vulgar fractions: how a share or the part of a point is written (⅔, ¼ …).
VULGAR = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼",
          Fraction(3, 4): "¾", Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗",
          Fraction(4, 5): "⅘", Fraction(1, 6): "⅙", Fraction(5, 6): "⅚", Fraction(1, 8): "⅛",
          Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞"}


def exact_text(value: Fraction | int) -> str:
    """Exact points as a person writes them: 29⅔, 13⅓, 4¼, ½, −⅓; a part Unicode has no sign
    for as an exact decimal when one exists (0.35), else as p/q (15 2/7).

    >>> exact_text(Fraction(89, 3)), exact_text(Fraction(1, 2)), exact_text(7)
    ('29⅔', '½', '7')
    >>> exact_text(Fraction(7, 20)), exact_text(Fraction(107, 7))
    ('0.35', '15 2/7')
    """
    value = Fraction(value)
    if value < 0:
        return "−" + exact_text(-value)
    whole, part = divmod(value, 1)
    head = str(int(whole)) if whole or not part else ""
    if not part:
        return head
    if part in VULGAR:
        return head + VULGAR[part]
    for digits in range(1, 5):
        if (value * 10 ** digits).denominator == 1:
            return f"{float(value):.{digits}f}"
    return (head + " " if head else "") + f"{part.numerator}/{part.denominator}"


def share_text(fraction: str | Fraction) -> str:
    """A setting's share (``"2/3"``) as written in a sentence: ⅔, ½, 1, 0.35."""
    return exact_text(Fraction(fraction))


# ---------------------------------------------------------------- why this many points

_LINES: dict[str, str] = {
    "keizer.start": N_("Own value, counted once in the season: %(points)s."),
    "keizer.win": N_("Won against %(opponent)s: %(share)s × their value %(value)d = "
                     "%(points)s."),
    "keizer.draw": N_("Drew with %(opponent)s: %(share)s × their value %(value)d = "
                      "%(points)s."),
    "keizer.loss": N_("Lost to %(opponent)s: %(share)s × their value %(value)d = %(points)s."),
    "keizer.forfeit_loss": N_("Lost by forfeit to %(opponent)s: %(share)s × own value "
                              "%(value)d = %(points)s."),
    "keizer.double_forfeit": N_("Double forfeit with %(opponent)s (neither played): %(share)s "
                                "× own value %(value)d = %(points)s."),
    "keizer.bye": N_("The bye of an odd number of players: %(share)s × own value %(value)d = "
                     "%(points)s."),
    "keizer.excused_over_cap": N_("Away with notice, absence %(number)d: beyond the %(cap)d "
                                  "excused absences that score, 0."),
    "keizer.absent": N_("Absent without notice: %(share)s × own value %(value)d = "
                        "%(points)s."),
    "keizer.unpaired": N_("Present but not paired: %(share)s × own value %(value)d = "
                          "%(points)s."),
    "keizer.club": N_("Playing for the club's team: %(share)s × own value %(value)d = "
                      "%(points)s."),
    "keizer.pre_entry": N_("Before joining the competition: %(share)s × own value %(value)d = "
                           "%(points)s."),
}
_FORFEIT_WIN_OPPONENT = N_("Won by forfeit against %(opponent)s: %(share)s × their value "
                           "%(value)d = %(points)s.")
_FORFEIT_WIN_OWN = N_("Won by forfeit against %(opponent)s: %(share)s × own value %(value)d = "
                      "%(points)s.")
_EXCUSED_CAPPED = N_("Away with notice, excused absence %(number)d of the %(cap)d that score "
                     "(%(left)d left): %(share)s × own value %(value)d = %(points)s.")
_EXCUSED = N_("Away with notice: %(share)s × own value %(value)d = %(points)s.")
_AVERAGED = N_("The recalculation went round in a cycle of %(passes)d passes: the average of "
               "their points, %(points)s (%(each)s).")


def _line_values(reason: Reason, name: Callable[[str], Any]) -> dict[str, Any]:
    args = reason.args
    values: dict[str, Any] = {"points": exact_text(Fraction(args.get("points", 0)))}
    if "fraction" in args:
        values["share"] = share_text(args["fraction"])
    if "value" in args:
        values["value"] = int(args["value"])
    if args.get("opponent") is not None:
        values["opponent"] = name(str(args["opponent"]))
    for key in ("number", "cap", "left"):
        if args.get(key) is not None:
            values[key] = int(args[key])
    return values


def reason_message(reason: Reason, name: Callable[[str], Any]) -> Message:
    """One line's reason as a sentence; ``name`` maps a member id to what the sentence shows
    (a display name)."""
    code = reason.message_id
    if code == "keizer.averaged":
        inner = tuple(reason.args.get("reasons", ()))
        each = "; ".join(exact_text(Fraction(r.args.get("points", 0))) for r in inner)
        return msg(_AVERAGED, passes=int(reason.args.get("passes", len(inner))),
                   points=exact_text(Fraction(reason.args.get("points", 0))), each=each)
    values = _line_values(reason, name)
    if code == "keizer.forfeit_win":
        own = reason.args.get("basis") == OWN
        forfeit_win = _FORFEIT_WIN_OWN if own else _FORFEIT_WIN_OPPONENT
        return msg(forfeit_win, **values)
    if code == "keizer.excused":
        if reason.args.get("cap") is None:
            return msg(_EXCUSED, **{k: v for k, v in values.items()
                                    if k not in ("number", "cap", "left")})
        return msg(_EXCUSED_CAPPED, **values)
    sentence = _LINES.get(code)
    if sentence is None:  # a reason this edge does not know yet: its code, never nothing
        return Message(code)
    if code == "keizer.excused_over_cap":
        return msg(sentence, number=values.get("number", 0), cap=values.get("cap", 0))
    if code == "keizer.start":
        return msg(sentence, points=values["points"])
    return msg(sentence, **values)


def line_message(line: Line, name: Callable[[str], Any]) -> Message:
    """:func:`reason_message` of one line of the table."""
    return reason_message(line.reason, name)


# ---------------------------------------------------------------- why this pairing

_COLOURS: dict[str, str] = {
    "keizer.colour.avoid_three": N_("Keizer colours: %(player)s had the same colour in their "
                                    "last two games and gets the other one."),
    "keizer.colour.balance": N_("Keizer colours: %(white)s has had White less often than "
                                "%(black)s and gets White."),
    "keizer.colour.alternate": N_("Keizer colours: the colours alternate from each player's "
                                  "last game."),
    "keizer.colour.higher_due": N_("Keizer colours: both are due the same colour; the "
                                   "higher-ranked player gets it."),
    "keizer.colour.lower_white": N_("Keizer colours: nothing else decides, so the lower-ranked "
                                    "player, %(white)s, gets White."),
    "keizer.colour.fewer_whites": N_("Keizer colours: %(white)s has had fewer White games and "
                                     "gets White."),
    "keizer.colour.reversed": N_("Keizer colours: the colours of their last game against each "
                                 "other, reversed."),
}
_SKIPPED: dict[str, str] = {
    "keizer.pair.rematch_gap": N_("%(player)s did not meet %(opponent)s, ranked nearer: they "
                                  "played in round %(last_round)d, and %(gap)d rounds must "
                                  "lie between two meetings."),
    "keizer.pair.max_meetings": N_("%(player)s did not meet %(opponent)s, ranked nearer: they "
                                   "have met %(meetings)d times, the most allowed."),
    "keizer.pair.incomplete": N_("%(player)s did not meet %(opponent)s, ranked nearer: then "
                                 "the others could not all have been paired."),
}
_NEAREST = N_("Keizer pairing: %(player)s, the highest-ranked player not yet paired, meets "
              "the nearest-ranked player they may meet, %(opponent)s.")
_BYE_FEWEST = N_("Keizer bye: %(player)s is the lowest-ranked of the players present with "
                 "the fewest byes so far (%(byes)d).")
_BYE_LOWEST = N_("Keizer bye: %(player)s is the lowest-ranked player present.")
_RELAXED = N_("No complete pairing kept every rematch rule: pairs that met %(gap)d or more "
              "rounds ago may meet again this round.")
_RELAXED_MEETINGS = N_("No complete pairing kept the limit of meetings: it is not applied "
                       "this round.")


def board_messages(board: KeizerBoard, ranking: tuple[str, ...],
                   who: Callable[[str], Any]) -> tuple[Message, ...]:
    """Why this board is as it is: who met whom (and why nearer players were passed over),
    then the colours. ``who`` maps a member id to the value the sentence names a player by
    (a night's start number, so the night's pages put the display name in)."""
    place = {member: index for index, member in enumerate(ranking)}
    higher, lower = sorted((board.white, board.black), key=lambda m: place.get(m, 0))
    found = [msg(_NEAREST, player=who(higher), opponent=who(lower))]
    for skipped in board.skipped:
        sentence = _SKIPPED.get(skipped.message_id)
        if sentence is None:
            continue
        values: dict[str, Any] = {"player": who(higher),
                                  "opponent": who(str(skipped.args.get("opponent")))}
        for key in ("last_round", "gap", "meetings"):
            if key in skipped.args:
                values[key] = int(skipped.args[key])
        found.append(msg(sentence, **values))
    colour = board.colour
    sentence = _COLOURS.get(colour.message_id)
    if sentence is not None:
        values = {"white": who(board.white), "black": who(board.black)}
        if "player" in colour.args:
            values["player"] = who(str(colour.args["player"]))
        found.append(msg(sentence, **{k: v for k, v in values.items()
                                      if f"%({k})" in sentence}))
    # The colour sentence decides the board's one-sentence summary on the night's pages;
    # the meeting comes first in the full list.
    return (found[-1], *found[:-1]) if sentence is not None else tuple(found)


def bye_message(pairing: KeizerPairing, who: Callable[[str], Any]) -> Message | None:
    """Why the pairing-allocated bye went to whom it went (None: no bye)."""
    if pairing.bye is None or pairing.bye_reason is None:
        return None
    if pairing.bye_reason.message_id == "keizer.bye.fewest_byes":
        return msg(_BYE_FEWEST, player=who(pairing.bye),
                   byes=int(pairing.bye_reason.args.get("byes", 0)))
    return msg(_BYE_LOWEST, player=who(pairing.bye))


def pairing_notes(pairing: KeizerPairing, gap: int, max_meetings: int | None) -> tuple[Message,
                                                                                      ...]:
    """What the round as a whole must say: the rematch rules relaxed to pair everyone."""
    notes: list[Message] = []
    if max_meetings is not None and pairing.max_meetings_used is None:
        notes.append(msg(_RELAXED_MEETINGS))
    if pairing.gap_used < gap:
        notes.append(msg(_RELAXED, gap=pairing.gap_used + 1))
    return tuple(notes)


LINE_CODES = (*_LINES, "keizer.forfeit_win", "keizer.excused", "keizer.averaged")
COLOUR_CODES = tuple(_COLOURS)
SKIP_CODES = tuple(_SKIPPED)

__all__ = ["exact_text", "share_text", "reason_message", "line_message", "board_messages",
           "bye_message", "pairing_notes", "LINE_CODES", "COLOUR_CODES", "SKIP_CODES", "VULGAR"]
