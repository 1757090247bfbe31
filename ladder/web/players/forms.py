"""The phone pages' declared forms (see :mod:`ladder.web.forms` for the rules they share)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import StringField

from ...club.night_self import MY_RESULTS
from ...models import NightArrival
from ..forms import Checkbox, ClubForm, OneOf, text_field
from ..request_values import digits

#: The longest start number, member id or board id a phone form sends.
ID_DIGITS = 10


class CodeForm(ClubForm):
    """The night's code, as the organizer shows it (six characters; spaces and case do not
    matter)."""

    code = text_field(_l("The night's code"), limit=40, required=True)


class PhoneCheckInForm(ClubForm):
    """A phone's check-in: tonight's player it is (``player``: a start number), a member it
    is (``member``), or a typed ``name`` (``new``: send it to the organizer as it is)."""

    player = StringField()
    member = StringField()
    name = text_field(_l("Your name"), NightArrival.name)
    junior = Checkbox(_l("I am a junior (under 18): show my name by initials"))
    new = Checkbox()

    @property
    def start_no(self) -> int | None:
        """The start number chosen from the list, if any."""
        return digits(self.player.data, ID_DIGITS)

    @property
    def member_id(self) -> int | None:
        """The member chosen, if any."""
        return digits(self.member.data, ID_DIGITS)


class ReportForm(ClubForm):
    """A player's report of their board: ``mine`` is their own result (a win, a draw, a
    loss); ``version`` the board's as the page showed it, ``revision`` the report's as the
    page showed it (0: none), ``key`` the form's own key."""

    board = StringField()
    mine = StringField(_l("Result"), validators=[OneOf(MY_RESULTS, _l("Choose a result: a "
                                                                       "win, a draw or a loss."))])
    version = StringField()
    revision = StringField()
    key = text_field(_l("Key"), limit=40)

    def numbers(self) -> tuple[int, int, int]:
        """The board's id, its version and the report's revision (0 when unreadable)."""
        return (digits(self.board.data, ID_DIGITS) or 0, digits(self.version.data, ID_DIGITS)
                or 0, digits(self.revision.data, ID_DIGITS) or 0)
