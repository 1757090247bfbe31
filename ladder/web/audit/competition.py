"""The audit log's sentences for a competition's changes (docs/competitions.md §7): each
entry's context keeps the competition's and the players' names as they were."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...models import AuditEntry
from ..support.competition_words import STATUS_WORDS, SYSTEM_NAMES, word


class CompetitionSentences:
    """Mixed into :class:`~ladder.web.audit.words.Describer`: one method per
    ``competition.*`` action."""

    def _competition_create(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return ngettext("Competition “%(competition)s” (%(system)s) created with %(num)d "
                        "member.", "Competition “%(competition)s” (%(system)s) created with "
                        "%(num)d members.", int(context.get("members") or 0),
                        competition=context["competition"],
                        system=word(SYSTEM_NAMES, context.get("system")))

    def _competition_update(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return _("The rules of “%(competition)s” were changed (%(changed)s).",
                 competition=context["competition"],
                 changed=", ".join(context.get("changed") or []) or "—")

    def _competition_members(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                             new: Any) -> str:
        return _("%(players)s joined “%(competition)s” (from round %(round)d).",
                 players=", ".join(context.get("players") or []),
                 competition=context["competition"], round=int(context.get("round") or 1))

    def _competition_enter(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                           new: Any) -> str:
        return _("%(player)s entered “%(competition)s” from round %(round)d at the check-in "
                 "of “%(night)s”.", player=context["player"],
                 competition=context["competition"], round=int(context.get("round") or 1),
                 night=context.get("night") or "—")

    def _competition_remove(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return _("%(player)s was taken off “%(competition)s”.", player=context["player"],
                 competition=context["competition"])

    def _competition_rating(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return _("%(player)s's rating in “%(competition)s”: %(old)s → %(new)s.",
                 player=context["player"], competition=context["competition"],
                 old="—" if old is None else old, new="—" if new is None else new)

    def _competition_attendance(self, entry: AuditEntry, context: Mapping[str, Any],
                                old: Any, new: Any) -> str:
        none = _("no mark")
        return _("%(player)s, round %(round)d of “%(competition)s”: %(old)s → %(new)s.",
                 player=context["player"], round=int(context.get("round") or 0),
                 competition=context["competition"],
                 old=word(STATUS_WORDS, old) if old else none,
                 new=word(STATUS_WORDS, new) if new else none)

    def _competition_night(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                           new: Any) -> str:
        first, last = int(context.get("first") or 0), int(context.get("last") or 0)
        if first == last:
            return _("Club night “%(night)s” plays round %(round)d of “%(competition)s”.",
                     night=context["night"], round=first, competition=context["competition"])
        return _("Club night “%(night)s” plays rounds %(first)d–%(last)d of "
                 "“%(competition)s”.", night=context["night"], first=first, last=last,
                 competition=context["competition"])

    def _competition_catch_up(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                              new: Any) -> str:
        if new:
            return _("Club night “%(night)s” also plays postponed games of “%(competition)s”.",
                     night=context["night"], competition=context["competition"])
        return _("Club night “%(night)s” plays no postponed games of “%(competition)s”.",
                 night=context["night"], competition=context["competition"])

    def _competition_delete(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return _("Competition “%(competition)s” was deleted.",
                 competition=context["competition"])


#: Each ``competition.*`` action the services record → its sentence (part of
#: :data:`ladder.web.audit.words.SENTENCES`).
COMPETITION_SENTENCES: dict[str, Callable[..., str]] = {
    "competition.create": CompetitionSentences._competition_create,
    "competition.update": CompetitionSentences._competition_update,
    "competition.members": CompetitionSentences._competition_members,
    "competition.enter": CompetitionSentences._competition_enter,
    "competition.remove": CompetitionSentences._competition_remove,
    "competition.rating": CompetitionSentences._competition_rating,
    "competition.attendance": CompetitionSentences._competition_attendance,
    "competition.night": CompetitionSentences._competition_night,
    "competition.catch_up": CompetitionSentences._competition_catch_up,
    "competition.delete": CompetitionSentences._competition_delete,
}
