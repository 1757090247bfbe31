"""The audit log's sentences for the players' phones at a club night (docs/club-night.md §6):
the code changed, the phones switched off or on, a phone's check-in, a name sent, accepted or
refused, a result reported (with the board's version the report was made for)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _

from ...models import AuditEntry


class PhoneSentences:
    """Mixed into :class:`~ladder.web.audit.words.Describer`: one method per ``phones.*``."""

    def _phones_code(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                     new: Any) -> str:
        return _("A new code for the players' phones at “%(night)s”; the old one stopped "
                 "working.", night=context["night"])

    def _phones_switch(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        if new:
            return _("The players' phones are welcome again at “%(night)s”.",
                     night=context["night"])
        return _("The players' phones were switched off at “%(night)s”.",
                 night=context["night"])

    def _phones_claim(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("A phone says it is %(player)s at “%(night)s”.", player=context["player"],
                 night=context["night"])

    def _phones_request(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        if context.get("player"):
            return _("A phone asked to check in “%(player)s” at “%(night)s”.",
                     player=context["player"], night=context["night"])
        return _("A phone asked to check in a member at “%(night)s” (after round 1 was "
                 "paired).", night=context["night"])

    def _phones_forget(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("A phone at “%(night)s” is no longer who it said.", night=context["night"])

    def _phones_accept(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        how = {"member": _("as the member"), "guest": _("as a guest"),
               "new": _("as a new member")}.get(str(context.get("how")), "")
        return _("%(player)s, who checked in from a phone, accepted at “%(night)s” "
                 "%(how)s.", player=context["player"], night=context["night"], how=how)

    def _phones_refuse(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        if context.get("taken_off"):
            return _("The check-in of %(player)s from a phone was refused at “%(night)s”; "
                     "taken off the list.", player=context["player"], night=context["night"])
        return _("The check-in of %(player)s from a phone was refused at “%(night)s”.",
                 player=context.get("player") or _("a name"), night=context["night"])

    def _phones_report(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        if old:
            return _("“%(night)s”, round %(round)d, board %(board)d (%(player)s – "
                     "%(opponent)s, change %(version)d): %(by)s changed the report from the "
                     "phone from %(old)s to %(new)s.", night=context["night"],
                     round=context["round"], board=context["board"],
                     player=context["player"], opponent=context["opponent"],
                     version=context["board_version"], by=context["by"], old=old, new=new)
        return _("“%(night)s”, round %(round)d, board %(board)d (%(player)s – %(opponent)s, "
                 "change %(version)d): %(by)s reported %(new)s from the phone.",
                 night=context["night"], round=context["round"], board=context["board"],
                 player=context["player"], opponent=context["opponent"],
                 version=context["board_version"], by=context["by"], new=new)


#: Each ``phones.*`` action the services record → its sentence (part of
#: :data:`ladder.web.audit.words.SENTENCES`).
PHONE_SENTENCES: dict[str, Callable[..., str]] = {
    "phones.code": PhoneSentences._phones_code,
    "phones.switch": PhoneSentences._phones_switch,
    "phones.claim": PhoneSentences._phones_claim,
    "phones.request": PhoneSentences._phones_request,
    "phones.forget": PhoneSentences._phones_forget,
    "phones.accept": PhoneSentences._phones_accept,
    "phones.refuse": PhoneSentences._phones_refuse,
    "phones.report": PhoneSentences._phones_report,
}
