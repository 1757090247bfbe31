"""The phone pages' declared forms (see :mod:`ladder.web.support.forms` for the rules they
share)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, StringField
from wtforms.validators import ValidationError

from ...club.night_self import MY_RESULTS
from ...models import NightArrival
from ...names import control_characters
from ..support.forms import Checkbox, ClubForm, OneOf, text_field
from ..support.request_values import digits

#: The longest start number, member id or board id a phone form sends.
ID_DIGITS = 10
#: The longest key a report form carries (the page writes it; nobody types it).
KEY_LIMIT = 40


class PageKey:
    """A value the page wrote into a hidden field (the report form's key): at most ``most``
    characters and no control character. Anything else did not come from the page as it was
    shown, so the player reads that the page is stale, never the name of a field they cannot
    see (a message naming "Key" tells them nothing)."""

    def __init__(self, most: int) -> None:
        self.most = most

    def __call__(self, form: FlaskForm, field: Field) -> None:
        text: Any = field.data
        if not isinstance(text, str):
            return
        if len(text.strip()) > self.most or control_characters(text):
            raise ValidationError(_l("This form was open too long or did not come from this "
                                     "site, so nothing was changed. Reload the page and try "
                                     "again."))


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
    key = StringField(validators=[PageKey(KEY_LIMIT)],
                      filters=[lambda value: value.strip() if isinstance(value, str) else value])

    def numbers(self) -> tuple[int, int, int]:
        """The board's id, its version and the report's revision (0 when unreadable)."""
        return (digits(self.board.data, ID_DIGITS) or 0, digits(self.version.data, ID_DIGITS)
                or 0, digits(self.revision.data, ID_DIGITS) or 0)
