"""The audit page's filter form (a GET form: no CSRF token; see :mod:`ladder.web.support.forms`).

A filter that cannot be read — an id that is none, a date that is none, a name longer than
the box — is ignored with a message naming it; the page still shows, never a crash.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import StringField

from ...queries.audit import MAX_ID, AuditFilter
from ..support.forms import ClubForm, IsoDateField, quoted, text_field
from ..support.request_values import digits

#: The longest name the event and member boxes take.
MAX_TEXT = 100
_TOO_LONG = _l("%(field)s: at most %(max)d characters; this one has %(length)d. That filter "
               "was ignored.")


def positive_id(value: str | None) -> int | None:
    """A positive id (or page number) from the query string, or None for anything else."""
    number = digits(value, 13)
    return number if number is not None and 0 < number <= MAX_ID else None


class AuditFilterForm(ClubForm):
    """What the audit log is filtered by: ids (from links on the member and event pages),
    names typed, a date range; and the page number."""

    class Meta:
        csrf = False

    event = StringField()
    member = StringField()
    page = StringField()
    event_name = text_field(_l("Event"), limit=MAX_TEXT, limit_message=_TOO_LONG)
    member_name = text_field(_l("Member"), limit=MAX_TEXT, limit_message=_TOO_LONG)
    since = IsoDateField(_l("From"))
    until = IsoDateField(_l("Until"))

    def wanted(self) -> tuple[AuditFilter, list[str]]:
        """The filters that could be read, and the messages about ids that could not (a
        field typed in carries its own message, shown beside it)."""
        self.validate()
        event_id, member_id = positive_id(self.event.data), positive_id(self.member.data)
        problems = []
        if (self.event.data and event_id is None) or (self.member.data and member_id is None):
            problems.append(_("An id must be a positive whole number; that filter was ignored."))
        names = {field.name: "" if field.errors else " ".join((field.data or "").split())
                 for field in (self.event_name, self.member_name)}
        for field in (self.since, self.until):
            if field.errors:
                field.errors = [_("“%(value)s” is not a date (YYYY-MM-DD); that filter was "
                                  "ignored.", value=quoted(field._value()))]
        wanted = AuditFilter(event_id=event_id, member_id=member_id, since=self.since.data,
                             until=self.until.data, **names)
        return wanted, problems

    @property
    def page_number(self) -> int | None:
        """The page asked for; None (page 1) when it is no page number."""
        return positive_id(self.page.data)
