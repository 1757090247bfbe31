"""A club night's sentences at the web edge: the engine's reasons (Messages naming players
by start number) with the display names put in, in the reader's language
(:func:`ladder.web.support.i18n.with_names`, the one helper that puts a name where a number was)."""

from __future__ import annotations

from collections.abc import Mapping

from ...club.night import HAND_CHANGES
from ...vocabulary.messages import Message
from .formatting import punctuation
from .i18n import PLAYER_KEYS, with_names

__all__ = ["PLAYER_KEYS", "render_named", "sentence", "sentences"]


def render_named(message: Message, names: Mapping[int, str]) -> str:
    """``message`` in the reader's language with the display names of the players it names
    (:func:`~ladder.web.support.i18n.with_names`)."""
    return with_names(message, names)


def sentence(reasons: tuple[Message, ...], names: Mapping[int, str]) -> str:
    """The board's one sentence: its most decisive reason, named and translated. A board
    changed by hand says everything: what the organizer changed, then each rule it breaks."""
    if not reasons:
        return ""
    if reasons[0].id in HAND_CHANGES:
        return punctuation()["gap"].join(render_named(reason, names) for reason in reasons)
    return render_named(reasons[0], names)


def sentences(messages: tuple[Message, ...], names: Mapping[int, str]) -> list[str]:
    """Every message (a round's warnings), named and translated."""
    return [render_named(m, names) for m in messages]
