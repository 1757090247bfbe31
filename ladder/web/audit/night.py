"""The audit log's sentences for a club night's steps (docs/club-night.md §3): each entry's
context keeps the night's and the players' names as they were."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...club.night import message_from_json
from ...models import AuditEntry
from ..support.formatting import order_text, punctuation
from ..support.i18n import translate


class NightSentences:
    """Mixed into :class:`~ladder.web.audit.words.Describer`: one method per ``night.*``."""

    def _night_create(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("Club night “%(night)s” started (tie-breaks %(order)s).",
                 night=context["night"], order=order_text(context.get("order")))

    def _night_checkin(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        if context.get("round"):
            return _("%(player)s checked in late for “%(night)s”: plays from round "
                     "%(round)d.", player=context["player"], night=context["night"],
                     round=context["round"])
        if context.get("guest"):
            return _("%(player)s checked in as a guest for “%(night)s”.",
                     player=context["player"], night=context["night"])
        return _("%(player)s checked in for “%(night)s”.", player=context["player"],
                 night=context["night"])

    def _night_checkout(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        return _("%(player)s taken off the list of “%(night)s”.", player=context["player"],
                 night=context["night"])

    def _night_withdraw(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        return _("%(player)s withdrew from “%(night)s” from round %(round)d on.",
                 player=context["player"], night=context["night"], round=context["round"])

    def _night_bye(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                   new: Any) -> str:
        words = {"H": _("a half-point bye"), "Z": _("a zero-point bye"), None: _("no bye")}
        return _("%(player)s, round %(round)d of “%(night)s”: %(old)s → %(new)s.",
                 player=context["player"], round=context["round"], night=context["night"],
                 old=words.get(old, "—"), new=words.get(new, "—"))

    def _night_forbid(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("%(player)s and %(opponent)s must not be paired in “%(night)s”.",
                 player=context["player"], opponent=context["opponent"],
                 night=context["night"])

    def _night_pair(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                    new: Any) -> str:
        return ngettext("Round %(round)d of “%(night)s” paired (%(num)d board), not yet "
                        "public.", "Round %(round)d of “%(night)s” paired (%(num)d boards), "
                        "not yet public.", int(context["boards"]), round=context["round"],
                        night=context["night"])

    def _night_publish(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Round %(round)d of “%(night)s” published.", round=context["round"],
                 night=context["night"])

    def _night_undo(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                    new: Any) -> str:
        return _("The pairing of round %(round)d of “%(night)s” was undone.",
                 round=context["round"], night=context["night"])

    def _night_swap(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                    new: Any) -> str:
        # Each broken rule is a Message (an entry written before that: English text).
        broken = [translate(message_from_json(item)) if isinstance(item, dict) else str(item)
                  for item in context.get("broken") or []]
        if not broken:
            return _("Round %(round)d of “%(night)s” changed by hand: %(player)s and "
                     "%(opponent)s changed places; no rule of C.04.1 is broken.",
                     round=context["round"], night=context["night"],
                     player=context["player"], opponent=context["opponent"])
        return _("Round %(round)d of “%(night)s” changed by hand: %(player)s and "
                 "%(opponent)s changed places (breaks: %(broken)s).",
                 round=context["round"], night=context["night"], player=context["player"],
                 opponent=context["opponent"], broken=punctuation()["semicolon"].join(broken))

    def _night_result(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("“%(night)s”, round %(round)d, board %(board)d: %(player)s – %(opponent)s "
                 "%(old)s → %(new)s.", night=context["night"], round=context["round"],
                 board=context["board"], player=context["player"],
                 opponent=context["opponent"], old=old or "—", new=new or "—")

    def _night_finish(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("“%(night)s” finished and put into the ladder.", night=context["night"])

    def _night_reopen(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("“%(night)s” taken back from the ladder: the night runs again.",
                 night=context["night"])


#: Each ``night.*`` action the services record → its sentence (part of
#: :data:`ladder.web.audit.words.SENTENCES`).
NIGHT_SENTENCES: dict[str, Callable[..., str]] = {
    "night.create": NightSentences._night_create,
    "night.checkin": NightSentences._night_checkin,
    "night.checkout": NightSentences._night_checkout,
    "night.withdraw": NightSentences._night_withdraw,
    "night.bye": NightSentences._night_bye,
    "night.forbid": NightSentences._night_forbid,
    "night.pair": NightSentences._night_pair,
    "night.publish": NightSentences._night_publish,
    "night.undo": NightSentences._night_undo,
    "night.swap": NightSentences._night_swap,
    "night.result": NightSentences._night_result,
    "night.finish": NightSentences._night_finish,
    "night.reopen": NightSentences._night_reopen,
}
