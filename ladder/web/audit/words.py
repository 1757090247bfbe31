"""The audit log in words (docs/club-rating.md §2): each change as a sentence with names and
values.

"Result of Ann Lee vs Bo Chen, round 3: 1-0 → ½-½" reads better than ``result.edit`` and two
codes. Each entry keeps what it was about at the time (``AuditEntry.context``: names, the
round), so the sentence stays right after a later rename or delete; entries written before
that column existed fall back on their stored summary. :data:`SENTENCES` says which sentence
writes which action (tests/web/test_audit_every_action.py: every action the services record
has one).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...club.consent import Consenter
from ...models import AuditEntry
from ...vocabulary.messages import N_
from ...vocabulary.tournament import Kind
from ..support.formatting import date_text, edition_name, order_text, punctuation
from ..support.i18n import LANGUAGE_NAMES
from .competition import COMPETITION_SENTENCES, CompetitionSentences
from .night import NIGHT_SENTENCES, NightSentences
from .night_phones import PHONE_SENTENCES, PhoneSentences

log = logging.getLogger(__name__)

#: A game's result from the recorded player's side, as a score line.
_SCORE = {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1", Kind.FORFEIT_WIN: "+:−",
          Kind.FORFEIT_LOSS: "−:+", Kind.DOUBLE_FORFEIT: "−:−"}


def _json(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text  # stored as a plain string (a result kind, say)


def _result(value: Any) -> str:
    """A stored result kind (``win``, ``unrated_played ½``) as the reader reads it."""
    text = str(value or "")
    kind_text, _sep, outcome = text.partition(" ")
    try:
        kind = Kind(kind_text)
    except ValueError:
        return text or "—"
    if kind is Kind.UNRATED_PLAYED:
        return _("%(score)s (not rated)", score={"1": "1-0", "½": "½-½", "0": "0-1"}
                 .get(outcome, outcome))
    return _SCORE.get(kind) or _(kind.label)


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def day(value: Any) -> str:
    """A stored day (ISO text, ``2026-11-26``) as the reader writes a date in a sentence
    (2026년 11월 26일, 2026年11月26日, 26 November 2026): the entries keep ISO, the page
    never shows it (docs/glossary.md, "Formatting"). Anything else is said as stored."""
    if isinstance(value, dt.date):
        return date_text(value, "long")
    try:
        return date_text(dt.date.fromisoformat(str(value)), "long")
    except ValueError:
        return str(value) if value not in (None, "") else "—"


def joined(parts: list[str]) -> str:
    """Parts of one entry (the changed settings, an event's changes) joined as the reader's
    language joins clauses that may hold commas: "; " in English and Indonesian, "；" in
    Chinese, ", " in Korean (no semicolon in Korean prose)."""
    return punctuation()["semicolon"].join(parts)


#: The club's settings in words (the settings page's own labels, short where theirs are long).
_SETTING_LABELS = {
    "club_name": N_("Club name"), "visibility": N_("Who can see the club's pages"),
    "initials_for_all": N_("Initials for everyone"), "start_rating": N_("Start rating"),
    "k_new": N_("K for new players"), "k_established": N_("K for established players"),
    "k_threshold": N_("new-player K until this many rated games"),
    "provisional_games": N_("Provisional below this many rated games"),
    "junior_k": N_("Junior K"), "rating_floor": N_("Rating floor"),
    "default_language": N_("Language"), "award_min_games": N_("games needed for season awards"),
    "glicko_tau": N_("Glicko-2 constant τ"), "health_public": N_("pool-health page public"),
    "timezone": N_("time zone"), "player_results": N_("results from the players' phones"),
    "consent_age": N_("age under which a parent's or guardian's consent is asked"),
}
_VISIBILITY_WORDS = {"private": N_("private"), "unlisted": N_("unlisted"),
                     "public": N_("public")}
_PLAYER_RESULT_WORDS = {"agree": N_("entered when both players agree"),
                        "organizer": N_("entered by the organizer")}
#: Yes/no settings: one never set before reads "no", its default, not "none".
_BOOLEAN_SETTINGS = frozenset({"initials_for_all", "health_public"})


def _setting_value(key: str, value: Any) -> str:
    """One setting's value as the reader reads it (yes/no, a language's name, a number)."""
    if key in _BOOLEAN_SETTINGS and value in (None, ""):
        return _yes_no(False)
    if value is None or value == "":
        return _("none") if key != "default_language" else _("the visitor's browser language")
    if isinstance(value, bool):
        return _yes_no(value)
    if key == "visibility":
        return _(_VISIBILITY_WORDS.get(str(value), str(value)))
    if key == "default_language":
        return str(LANGUAGE_NAMES.get(str(value), value))
    if key == "player_results":
        return _(_PLAYER_RESULT_WORDS.get(str(value), str(value)))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Describer(NightSentences, CompetitionSentences, PhoneSentences):
    """Sentences for audit entries; ``member``/``event`` give today's names of ids."""

    def __init__(self, member: Callable[[int | None], str],
                 event: Callable[[int | None], str]) -> None:
        self.member = member
        self.event = event

    def __call__(self, entry: AuditEntry) -> str:
        """The entry as one or more sentences in the reader's language."""
        context: Mapping[str, Any] = _json(entry.context) or {}
        if not isinstance(context, Mapping):
            context = {}
        old, new = _json(entry.old_value), _json(entry.new_value)
        sentence = SENTENCES.get(entry.action)
        if sentence is None:
            return self.unknown(entry)
        try:
            return str(sentence(self, entry, context, old, new))
        except (KeyError, TypeError) as missing:
            # An entry stored without a field its sentence reads (None or a plain string
            # where a mapping was) is said as an unknown one, and logged, so a sentence that
            # reads a field its service never writes shows up; any other error is raised.
            log.warning("audit entry %s (%s) lacks what its sentence reads: %r", entry.id,
                        entry.action, missing)
            return self.unknown(entry)

    def unknown(self, entry: AuditEntry) -> str:
        """An entry no sentence knows (an old or foreign one): what it was about, in the
        reader's language, with the summary written at the time (never a code or JSON)."""
        about = []
        if entry.event_id:
            about.append(_("event: %(name)s", name=self.event(entry.event_id)))
        if entry.member_id:
            about.append(_("member: %(name)s", name=self.member(entry.member_id)))
        marks = punctuation()
        return _("A change was recorded: “%(summary)s”%(about)s.", summary=entry.summary,
                 about=(marks["open"] + joined(about) + marks["close"]) if about else "")

    def _event_name(self, entry: AuditEntry, context: Mapping[str, Any]) -> str:
        return str(context.get("event") or self.event(entry.event_id))

    def _result_edit(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                     new: Any) -> str:
        if not context:
            return entry.summary
        if context.get("opponent"):
            return _("Result of %(player)s vs %(opponent)s, round %(round)d of “%(event)s”: "
                     "%(old)s → %(new)s", player=context["player"],
                     opponent=context["opponent"], round=context["round"],
                     event=self._event_name(entry, context), old=_result(old),
                     new=_result(new))
        return _("Round %(round)d of %(player)s in “%(event)s”: %(old)s → %(new)s",
                 round=context["round"], player=context["player"],
                 event=self._event_name(entry, context), old=_result(old), new=_result(new))

    def _event_publish(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Published “%(event)s” of %(date)s.", event=new["name"], date=day(new["date"]))

    def _event_delete(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return ngettext("Deleted “%(event)s” of %(date)s (%(num)d player).",
                        "Deleted “%(event)s” of %(date)s (%(num)d players).", old["players"],
                        event=old["name"], date=day(old["date"]))

    def _event_unpublish(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                         new: Any) -> str:
        return _("Took “%(event)s” of %(date)s back to draft: hidden and left out of the "
                 "ladder.", event=self._event_name(entry, context), date=day(context["date"]))

    def _event_publish_draft(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                             new: Any) -> str:
        return _("Published the draft “%(event)s” of %(date)s.",
                 event=self._event_name(entry, context), date=day(context["date"]))

    def _event_draft(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                     new: Any) -> str:
        return ngettext("Saved “%(event)s” of %(date)s as a draft (%(num)d player).",
                        "Saved “%(event)s” of %(date)s as a draft (%(num)d players).",
                        new["players"], event=new["name"], date=day(new["date"]))

    def _event_update(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        parts = []
        if old["name"] != new["name"]:
            parts.append(_("renamed “%(old)s” → “%(new)s”", old=old["name"], new=new["name"]))
        if old["date"] != new["date"]:
            parts.append(_("date %(old)s → %(new)s", old=day(old["date"]), new=day(new["date"])))
        if old["rated"] != new["rated"]:
            parts.append(_("rated: %(old)s → %(new)s", old=_yes_no(old["rated"]),
                           new=_yes_no(new["rated"])))
        changes = joined(parts) or _("no change")
        return _("Event “%(event)s”: %(changes)s.", event=old["name"], changes=changes)

    def _event_tiebreaks(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                         new: Any) -> str:
        return _("Tie-breaks of “%(event)s”: %(old)s → %(new)s (%(old_edition)s → "
                 "%(new_edition)s).", event=self._event_name(entry, context),
                 old=order_text(old.get("order")), new=order_text(new.get("order")),
                 old_edition=edition_name(old["edition"]) if old.get("edition") else "—",
                 new_edition=edition_name(new["edition"]) if new.get("edition") else "—")

    def _member_merge(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        source = context.get("source") or self.member(old["source"])
        target = context.get("target") or self.member(new["target"])
        moved = len(old.get("entries", []))
        return ngettext("Merged “%(source)s” into “%(target)s” (%(num)d event moved).",
                        "Merged “%(source)s” into “%(target)s” (%(num)d events moved).",
                        moved, source=source, target=target)

    def _member_unmerge(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        source = context.get("source") or self.member(new["source"])
        target = context.get("target") or self.member(old["target"])
        return _("Undid the merge of “%(source)s” into “%(target)s”.", source=source,
                 target=target)

    def _entry_relink(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                      new: Any) -> str:
        return _("“%(typed)s” in “%(event)s” moved from %(old)s to %(new)s.",
                 typed=context["typed"], event=self._event_name(entry, context),
                 old=context.get("from") or self.member(old["member"]),
                 new=context.get("to") or self.member(new["member"]))

    def _member_junior(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        name = context.get("member") or self.member(entry.member_id)
        return (_("%(name)s flagged junior.", name=name) if new
                else _("%(name)s no longer flagged junior.", name=name))

    def _member_consent(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        name = context.get("member") or self.member(entry.member_id)
        if new.get("given") and isinstance(new.get("under"), int):
            # Who consented, with the club's consent age on the day (docs/privacy.md,
            # "Consent by country"): a later change of the setting leaves the entry as it was.
            values = dict(name=name, age=new["under"], by=new.get("by") or "—",
                          date=day(new.get("date")))
            if new.get("who") == Consenter.OWN:
                return _("%(name)s: the member's own consent (a member %(age)d or older) "
                         "recorded by %(by)s (%(date)s); the full name is shown.", **values)
            return _("%(name)s: a parent's or guardian's consent and the child's own agreement "
                     "(a member under %(age)d) recorded by %(by)s (%(date)s); the full name is "
                     "shown.", **values)
        if new.get("given"):  # an entry written before the consent age was a setting
            return _("Consent to show the full name of %(name)s recorded by %(by)s (%(date)s).",
                     name=name, by=new.get("by") or "—", date=day(new.get("date")))
        return _("Consent to show the full name of %(name)s withdrawn.", name=name)

    def _member_rename(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Renamed %(old)s to %(new)s.", old=old["name"], new=new["name"])

    def _member_add(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                    new: Any) -> str:
        return _("Added %(name)s to the roster.", name=new["name"])

    def _settings_update(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                         new: Any) -> str:
        changes = joined([
            _("%(setting)s: %(old)s → %(new)s", setting=_(_SETTING_LABELS.get(key, key)),
              old=_setting_value(key, old.get(key)), new=_setting_value(key, value))
            for key, value in new.items()])
        return _("Settings changed: %(changes)s.", changes=changes)

    def _settings_token(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        return _("A new unlisted link was made; the old one stopped working.")

    def _season_create(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Season “%(name)s” created: %(first)s – %(last)s.", name=new["name"],
                 first=day(new["first"]), last=day(new["last"]))

    def _season_update(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Season “%(old_name)s” (%(old_first)s – %(old_last)s) is now “%(name)s” "
                 "(%(first)s – %(last)s).", old_name=old["name"], old_first=day(old["first"]),
                 old_last=day(old["last"]), name=new["name"], first=day(new["first"]),
                 last=day(new["last"]))

    def _season_delete(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("Season “%(name)s” deleted.", name=old["name"])

    def _event_teams(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                     new: Any) -> str:
        return ngettext("Bughouse teams of “%(event)s”: %(num)d team.",
                        "Bughouse teams of “%(event)s”: %(num)d teams.", len(new or []),
                        event=self._event_name(entry, context))

    def _organizer_create(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                          new: Any) -> str:
        return _("An organizer login was created: %(login)s.",
                 login=entry.summary.removeprefix("Organizer "))

    def _organizer_password(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                            new: Any) -> str:
        return _("An organizer's password was changed: %(login)s.",
                 login=entry.summary.removeprefix("Organizer "))

    def _ladder_backup(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                       new: Any) -> str:
        return _("A full backup was downloaded (%(bytes)d bytes).", bytes=new["bytes"])

    def _ladder_rebuild(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                        new: Any) -> str:
        return _("The ladder was rebuilt from scratch.")

    def _demo_remove(self, entry: AuditEntry, context: Mapping[str, Any], old: Any,
                     new: Any) -> str:
        return _("The demo club was removed, leaving an empty club.")


#: One audit entry's sentence: (describer, entry, context, old value, new value) → words.
Sentence = Callable[[Describer, AuditEntry, Mapping[str, Any], Any, Any], str]

#: Each action the services record (``audit.record(actor, ACTION, …)``) → its sentence.
SENTENCES: dict[str, Sentence] = {
    "result.edit": Describer._result_edit,
    "event.publish": Describer._event_publish,
    "event.draft": Describer._event_draft,
    "event.delete": Describer._event_delete,
    "event.unpublish": Describer._event_unpublish,
    "event.publish_draft": Describer._event_publish_draft,
    "event.update": Describer._event_update,
    "event.tiebreaks": Describer._event_tiebreaks,
    "event.teams": Describer._event_teams,
    "member.merge": Describer._member_merge,
    "member.unmerge": Describer._member_unmerge,
    "entry.relink": Describer._entry_relink,
    "member.junior": Describer._member_junior,
    "member.consent": Describer._member_consent,
    "member.rename": Describer._member_rename,
    "member.add": Describer._member_add,
    "settings.update": Describer._settings_update,
    "settings.token": Describer._settings_token,
    "season.create": Describer._season_create,
    "season.update": Describer._season_update,
    "season.delete": Describer._season_delete,
    "organizer.create": Describer._organizer_create,
    "organizer.password": Describer._organizer_password,
    "ladder.backup": Describer._ladder_backup,
    "ladder.rebuild": Describer._ladder_rebuild,
    "demo.remove": Describer._demo_remove,
    **NIGHT_SENTENCES,
    **COMPETITION_SENTENCES,
    **PHONE_SENTENCES,
}
