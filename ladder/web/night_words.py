"""A club night's sentences at the web edge: the engine's reasons (Messages naming players
by start number) with the display names put in, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from ..club.night import HAND_CHANGES
from ..vocabulary.messages import Message
from .i18n import translate

#: The values of a pairing Message that name a player by start number.
PLAYER_KEYS = ("white", "black", "player", "opponent")
#: What a translation writes after a player's number ("3번", "3 号") and drops with a name.
COUNTERS = ("번", " 号", "号")


def render_named(message: Message, names: Mapping[int, str]) -> str:
    """``message`` in the reader's language with the display names of the players it names;
    a placeholder written ``%(player)d`` takes the name too (the number stays in the catalogue's
    sentence, the name in what the reader sees)."""
    from flask_babel import get_translations, gettext
    if message.plural is not None and message.count is not None:
        template = get_translations().ungettext(message.id, message.plural, message.count)
    else:
        template = gettext(message.id)
    params: dict[str, object] = {}
    for key, value in message.values:
        if isinstance(value, Message):
            params[key] = render_named(value, names)
        elif key in PLAYER_KEYS and isinstance(value, int) and value in names:
            for counter in COUNTERS:  # "%(player)d번" → the name, without the number's counter
                template = template.replace(f"%({key})d{counter}", f"%({key})s")
            template = template.replace(f"%({key})d", f"%({key})s")
            params[key] = names[value]
        else:
            params[key] = value
    if message.count is not None:
        params.setdefault("num", message.count)
    try:
        return template % params if params else template
    except (KeyError, TypeError, ValueError):
        return translate(message)


def sentence(reasons: tuple[Message, ...], names: Mapping[int, str]) -> str:
    """The board's one sentence: its most decisive reason, named and translated. A board
    changed by hand says everything: what the organizer changed, then each rule it breaks."""
    if not reasons:
        return ""
    if reasons[0].id in HAND_CHANGES:
        return " ".join(render_named(reason, names) for reason in reasons)
    return render_named(reasons[0], names)


def sentences(messages: tuple[Message, ...], names: Mapping[int, str]) -> list[str]:
    """Every message (a round's warnings), named and translated."""
    return [render_named(m, names) for m in messages]
