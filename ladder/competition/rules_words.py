"""A competition's rules in words: one sentence per setting, as the season page and the guide
state them (message ids with their values; the web edge translates).

Pure: the settings in, :class:`~ladder.vocabulary.messages.Message` values out.
"""

from __future__ import annotations

from ladder.competition.keizer_params import KeizerParams
from ladder.competition.roundrobin import RoundRobinRules
from ladder.competition.swiss import SwissRules
from ladder.competition.words import share_text
from ladder.vocabulary.messages import N_, Message, msg

#: Away with notice, one whole sentence per requested bye's value (the Swiss settings' codes,
#: TRF H and Z): a zero-point "bye" is an absence in Korean and Indonesian (docs/glossary.md),
#: and Chinese writes the value as a word, so no value phrase is filled into a sentence.
EXCUSED_SAID = {
    "H": N_("Away with notice: a requested bye worth half a point."),
    "Z": N_("Away with notice: counted as absent, no points."),
}
#: Away for the club's team match, per value (TRF H, Z, F).
CLUB_SAID = {
    "H": N_("Away playing for the club's team: a bye worth half a point."),
    "Z": N_("Away playing for the club's team: counted as absent, no points."),
    "F": N_("Away playing for the club's team: a bye worth a full point."),
}
#: Each round before a late entrant's entry, per value (TRF Z, H).
LATE_SAID = {
    "Z": N_("Each round before a late entrant joined: counted as absent, no points; from "
            "their first round they are ranked by rating among the others (C.04.2)."),
    "H": N_("Each round before a late entrant joined: a bye worth half a point; from their "
            "first round they are ranked by rating among the others (C.04.2)."),
}


def keizer_rules(params: KeizerParams, points_display: str = "exact") -> tuple[Message, ...]:
    """The Keizer settings, one sentence each (docs/competitions.md §2)."""
    said: list[Message] = []
    if params.value_mode == "ratio":
        said.append(msg("Values: each place is worth %(step)d less than the one above it, and "
                        "the first place about %(ratio)s times the last.",
                        step=params.value_step, ratio=share_text(params.ratio)))
    else:
        said.append(msg("Values: the first place is worth %(top)d, each place below it %(step)d "
                        "less.", top=params.top_value, step=params.value_step))
    said.append(msg("Every player's own value counts once in the season.")
                if params.count_start_value else
                msg("A player's own value is not counted as a start bonus."))
    said.append(msg("A game scores a share of the opponent's value: a win %(win)s, a draw "
                    "%(draw)s, a loss %(loss)s.", win=share_text(params.win_fraction),
                    draw=share_text(params.draw_fraction),
                    loss=share_text(params.loss_fraction)))
    if params.forfeit_win == "opponent_value":
        said.append(msg("A win by forfeit scores as a win: %(share)s × the opponent's value.",
                        share=share_text(params.win_fraction)))
    else:
        said.append(msg("A win by forfeit scores %(share)s × the winner's own value.",
                        share=share_text(params.forfeit_win_fraction)))
    said.append(msg("A loss by forfeit, and both sides of a double forfeit: %(share)s × own "
                    "value.", share=share_text(params.forfeit_loss_fraction)))
    said.append(msg("The bye of an odd number of players: %(share)s × own value.",
                    share=share_text(params.bye_fraction)))
    if params.excused_cap is None:
        said.append(msg("Away with notice: %(share)s × own value, every time.",
                        share=share_text(params.excused_fraction)))
    else:
        said.append(msg("Away with notice: %(share)s × own value, for the first %(cap)d such "
                        "absences of the season; after that, nothing.",
                        share=share_text(params.excused_fraction), cap=params.excused_cap))
    said.append(msg("Absent without notice: %(share)s × own value.",
                    share=share_text(params.unexcused_fraction)))
    said.append(msg("Away playing for the club's team: %(share)s × own value, with no limit.",
                    share=share_text(params.club_fraction)))
    said.append(msg("Each round before a late entrant joined: %(share)s × own value.",
                    share=share_text(params.pre_entry_fraction)))
    if params.recalc == "frozen":
        said.append(msg("No recalculation: each round is scored once, with the values of the "
                        "ranking it was paired on."))
    elif params.max_iterations == 1:
        said.append(msg("After each round the whole season is scored again once, with the "
                        "values of the new table."))
    else:
        said.append(msg("After each round the whole season is scored again with the values of "
                        "the new table, and again, until the table stays the same (at most "
                        "%(passes)d passes).", passes=params.max_iterations))
        said.append(msg("If the table goes round in a cycle, the last pass is kept.")
                    if params.cycle_rule == "last" else
                    msg("If the table goes round in a cycle, each player gets the average of "
                        "the cycle's passes."))
    said.append(msg("Equal points: the higher rating ranks first.")
                if params.tie_break == "rating" else
                msg("Equal points: the better place before the round ranks first."))
    if params.rematch_gap:
        said.append(msg("Two players meet again only when at least %(gap)d other rounds lie "
                        "between their games.", gap=params.rematch_gap))
    else:
        said.append(msg("Two players may meet again in the very next round."))
    if params.max_meetings is not None:
        said.append(msg("Two players meet at most %(most)d times in the season.",
                        most=params.max_meetings))
    said.append(msg("The bye goes to the lowest-ranked of the players present with the fewest "
                    "byes.") if params.bye_rule == "fewest_byes" else
                msg("The bye goes to the lowest-ranked player present."))
    if params.colour_rule == "balance":
        said.append(msg("Colours: nobody gets one colour three times running where it can be "
                        "avoided; then whoever has had White less often gets White; then the "
                        "colours alternate; otherwise the lower-ranked player gets White.")
                    if params.avoid_three else
                    msg("Colours: whoever has had White less often gets White; then the "
                        "colours alternate; otherwise the lower-ranked player gets White."))
    else:
        said.append(msg("Colours: whoever has had fewer White games gets White; then their last "
                        "game's colours are reversed; otherwise the lower-ranked player gets "
                        "White."))
    said.append(msg("Points are shown exactly (as fractions).") if points_display == "exact"
                else msg("Points are shown to the nearest half point; the table is computed "
                         "exactly."))
    return tuple(said)


def swiss_rules(rules: SwissRules) -> tuple[Message, ...]:
    """The slow Swiss's settings, one sentence each (docs/competitions.md §8)."""
    return (
        msg("A Swiss of %(rounds)d rounds by the FIDE Dutch system (C.04.3): each round is "
            "paired from all the rounds before it.", rounds=rules.rounds),
        msg(EXCUSED_SAID[rules.excused_bye]),
        msg(CLUB_SAID[rules.club_bye]),
        msg("Absent without notice: a bye worth no point."),
        msg(LATE_SAID[rules.late_bye]),
        msg("The bye of an odd number of players is worth half a point.") if rules.pab_half
        else msg("The bye of an odd number of players is worth a point."),
    )


def round_robin_rules(rules: RoundRobinRules) -> tuple[Message, ...]:
    """The slow round-robin's settings, one sentence each (docs/competitions.md §9)."""
    said = [msg("Everyone meets everyone twice, the second time with the colours reversed.")
            if rules.double else msg("Everyone meets everyone once."),
            msg("The rounds follow FIDE's Berger tables (C.05 Annex 1), fixed at the start by "
                "pairing number.")]
    if rules.double and rules.swap_last_two:
        said.append(msg("The first cycle's last two rounds are swapped, as FIDE recommends."))
    said.append(msg("A game with a player away is postponed: it is played on a later night, "
                    "counts for the ladder on the night it is played, and is shown as pending "
                    "until then."))
    return tuple(said)


__all__ = ["keizer_rules", "swiss_rules", "round_robin_rules", "EXCUSED_SAID", "CLUB_SAID",
           "LATE_SAID"]
