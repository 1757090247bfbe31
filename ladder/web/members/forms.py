"""The members pages' declared forms (see :mod:`ladder.web.support.forms` for the rules they share).

Names are checked twice on purpose: the form refuses what is longer than the column (naming
the field), the service (:func:`ladder.services.members.checked_name`) what no name may be
(empty, markup characters) — a script posting past the form meets the same service.
"""

from __future__ import annotations

import datetime as dt

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import StringField

from ...club.consent import JUNIOR_AGE, Consenter, WhoConsented
from ...models import Member
from ...services import InvalidInput
from ..support.forms import Checkbox, ClubForm, IsoDateField, OneOf, text_field
from ..support.request_values import digits

#: The longest id a select or a hidden input carries (a database key).
ID_DIGITS = 12


class RosterSearchForm(ClubForm):
    """The roster's search box (a GET filter: no CSRF token)."""

    class Meta:
        csrf = False

    q = text_field(_l("Find a member"), limit=100,
                   limit_message=_l("%(field)s: at most %(max)d characters; this one has "
                                    "%(length)d. That search was ignored."))

    @property
    def query(self) -> str:
        """What to search for: the typed text, or nothing when it was refused."""
        return "" if self.q.errors else (self.q.data or "")


class AddMemberForm(ClubForm):
    """Add a member by hand (the service refuses an empty name or markup characters)."""

    name = text_field(_l("Full name"), Member.name)
    junior = Checkbox(_l("junior (under %(age)d)", age=JUNIOR_AGE))


class RenameForm(ClubForm):
    """Correct a member's spelling (named by its section, "Name", in messages)."""

    name = text_field(lazy_pgettext("person", "Name"), Member.name)


class RelinkForm(ClubForm):
    """Move one entry to another member, or to a new member."""

    member = StringField(_l("Member"))

    def target(self) -> int | None:
        """The chosen member's id; None for "a new member"; else :class:`InvalidInput`."""
        choice = (self.member.data or "").strip()
        if choice == "new":
            return None
        chosen = digits(choice, ID_DIGITS)
        if chosen is None:
            raise InvalidInput(_("Choose a member, or “a new member”."))
        return chosen


class JuniorForm(ClubForm):
    """Set or clear the junior flag (an unticked box posts nothing: not junior). A junior is
    a member under 18 (:data:`~ladder.club.consent.JUNIOR_AGE`), whatever the club's consent
    age, which says only who consents (docs/privacy.md, "Consent by country")."""

    junior = Checkbox(_l("Junior (under %(age)d): shown with initials on public pages unless "
                         "a consent is recorded", age=JUNIOR_AGE))


class ConsentForm(ClubForm):
    """Record or withdraw the consent to show a junior's full name (docs/privacy.md,
    "Consent by country"). The organizer picks which case applies, ``who`` — under the club's
    consent age a parent's or guardian's consent and the child's own agreement, at or above it
    the member's own consent (no birth date is stored, so the product cannot tell) — and ticks
    what was given; the service refuses what is missing for that case, who recorded it and a
    date in the future. The page writes the age into the labels of ``who``."""

    given = StringField(_l("Consent given"), validators=[
        OneOf(("yes", "no"), message=_l("Choose whether consent was given."))])
    who = StringField(_l("Who consents"), default="", validators=[
        OneOf(("", *(case.value for case in Consenter)),
              message=_l("%(field)s: choose one of the offered values."))])
    guardian_consent = Checkbox(_l("A parent or guardian consented"))
    child_agreement = Checkbox(_l("The child agreed too"))
    own_consent = Checkbox(_l("The member consented themselves"))
    date = IsoDateField(_l("Date of the consent"))
    recorded_by = text_field(_l("Recorded by"), Member.consent_recorded_by)
    note = text_field(_l("Note (optional)"), Member.consent_note)

    @classmethod
    def of(cls, member: Member, today: dt.date, recorder: str) -> ConsentForm:
        """The form as the member page first shows it: the stored consent, else today's date
        and the organizer as the recorder."""
        return cls(formdata=None, data={
            "given": "yes" if member.consent_given else "no",
            "date": member.consent_date or today,
            "recorded_by": member.consent_recorded_by or recorder,
            "note": member.consent_note or ""})

    @property
    def giving(self) -> bool:
        """True when the form records a consent (rather than withdrawing one)."""
        return self.given.data == "yes"

    @property
    def who_consented(self) -> WhoConsented:
        """The chosen case and the ticked boxes, as the service checks them."""
        case = Consenter(self.who.data) if self.who.data else None
        return WhoConsented(case, guardian=bool(self.guardian_consent.data),
                            child=bool(self.child_agreement.data),
                            own=bool(self.own_consent.data))


class MergeForm(ClubForm):
    """Merge the member ``source`` into ``target`` (a suggestion's button or the merge-any
    form's two selects)."""

    source = StringField(_l("Duplicate record (hidden after the merge)"))
    target = StringField(_l("Member to keep (receives the entries)"))

    def chosen(self, name: str) -> int | None:
        """The id chosen in ``source`` or ``target``; None when none (or no id) was."""
        return digits(self[name].data, ID_DIGITS)

    def ids(self) -> tuple[int, int]:
        """(source, target); :class:`InvalidInput` unless both are chosen."""
        source, target = self.chosen("source"), self.chosen("target")
        if source is None or target is None:
            raise InvalidInput(_("Choose both members: the duplicate and the one to keep."))
        return source, target
