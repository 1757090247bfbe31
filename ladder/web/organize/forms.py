"""The organizer desk's declared forms (see :mod:`ladder.web.forms` for the rules they share)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import BooleanField, HiddenField

from ...models import Event
from ..forms import Filled, IsoDateField, VersionedForm, text_field


class EventDetailsForm(VersionedForm):
    """An event's name, date and rated flag (version-checked)."""

    name = text_field(lazy_pgettext("event", "Name"), Event.name, required=True)
    date = IsoDateField(_l("Date"), validators=[Filled()])
    rated = BooleanField(_l("Rated (counts for the ladder)"))


class EventStatusForm(VersionedForm):
    """Publish a draft, or take a published event back to draft (version-checked)."""

    publish = HiddenField()

    @property
    def publishing(self) -> bool:
        """True when the button pressed publishes."""
        return self.publish.data == "1"


class EventTiebreaksForm(VersionedForm):
    """The tie-break rules and order of an event (version-checked; the service checks the
    codes and the edition)."""

    edition = text_field(_l("Rules"), Event.tiebreak_edition)  # the service names an unknown one
    order_preset = text_field(_l("Order"), Event.tiebreak_order)
    order_custom = text_field(_l("or type an order (wins over the list)"), Event.tiebreak_order)
    unrated_rating = text_field(_l("Rating for unrated players (C.07 Art. 10)"), limit=4)
