"""Whether a file says it is a partial event (test_desk_intake.py): "after round 5 of 6" in its
title, or fewer rounds played than it announces (TRF ``XXR``/``142``, rounds left blank).

A partial event can be published (a club may rate each evening), but the organizer should
know before the ladder changes: the confirm-names page warns and offers to save it as a draft.
"""

from __future__ import annotations

import re

from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import Kind, Tournament

#: "after round 5 of 6", "after 5 of 6 rounds", "round 5 of 6", "R5/6" in a title.
_TITLE = re.compile(r"(?:after\s+)?\b(?:round|rd|r)\.?\s*(\d{1,3})\s*(?:of|/)\s*(\d{1,3})"
                    r"|after\s+(\d{1,3})\s+of\s+(\d{1,3})\s+rounds", re.IGNORECASE)


def rounds_played(t: Tournament) -> int:
    """The last round in which anyone has a result other than an absence (a blank round)."""
    return max((r.round for p in t.players for r in p.results if r.kind is not Kind.ZERO_BYE),
               default=0)


def partial_event(t: Tournament) -> Message | None:
    """Why this event looks unfinished, or None: its title names a round before the last,
    or rounds announced were not played."""
    played = rounds_played(t)
    match = _TITLE.search(t.name or "")
    if match:
        done, total = (int(g) for g in (match.group(1, 2) if match.group(1) else match.group(3, 4)))
        if 0 < done < total:
            return msg("The file says it is partial: “%(title)s” (%(done)d of %(total)d rounds "
                       "played).", title=t.name.strip(), done=done, total=total)
    if 0 < played < t.rounds:
        return msg("Only %(done)d of the %(total)d rounds the file announces have results.",
                   done=played, total=t.rounds)
    return None


__all__ = ["partial_event", "rounds_played"]
