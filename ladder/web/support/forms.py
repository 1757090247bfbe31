"""Declared organizer forms: the base of every blueprint's ``forms.py`` (docs/development.md §1).

* **Limits declared once.** A text field takes its limit from the column it fills
  (:func:`column_limit`); a longer value is refused with a message naming the field, never
  cut short. The same number is the input's ``maxlength`` (:func:`limit_of`), so a browser
  stops the typing first and the server still refuses what a script posts.
* **Messages in the reader's language.** Every validator message here is ours, through
  ``lazy_gettext``: WTForms ships no Indonesian catalogue, and its sentences are not ours.
* **One refusal path.** :meth:`ClubForm.checked` raises :class:`FormInvalid`, an
  :class:`~ladder.services.InvalidInput` that carries the form, so a view catches
  :class:`~ladder.services.ServiceError` once and hands it to
  :func:`ladder.web.support.errors.refused`, which also puts a service's message on the field it
  names (:meth:`ClubForm.take`).
* **CSRF** through ``form.hidden_tag()`` (``action_form()`` for a bare button). An htmx
  request sends the token as a header, which :class:`flask_wtf.CSRFProtect` checked for the
  whole request before the view ran; the form then skips its own check (``g.csrf_valid``).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from typing import Any, Self

from flask import Flask, g
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField, Field, HiddenField, StringField
from wtforms.validators import ValidationError
from wtforms.widgets import DateInput, HiddenInput, TextInput

from ...models import column_limit
from ...names import code_points, control_characters
from ...services import InvalidInput, ServiceError

#: How much of a typed value a message quotes back ("“31/02/2025” is not a date").
QUOTED = 20


def quoted(text: str, length: int = QUOTED) -> str:
    """``text`` as a message quotes it back: its first ``length`` characters, "…" when longer.

    >>> quoted("31/02/2025"), quoted("x" * 30, 5)
    ('31/02/2025', 'xxxxx…')
    """
    return text if len(text) <= length else text[:length] + "…"


def label_of(field: Field) -> str:
    """The field's label as shown beside it (what a message names the field by)."""
    return str(field.label.text)


class Limit:
    """At most ``max`` characters (after surrounding spaces are stripped by the field)."""

    def __init__(self, max: int, message: Any = None) -> None:
        self.max = max
        self.message = message
        self.field_flags = {"maxlength": max}

    def __call__(self, form: FlaskForm, field: Field) -> None:
        length = len(field.data or "")
        if length > self.max:
            message = self.message or _l("%(field)s: at most %(max)d characters; this one has "
                                         "%(length)d.")
            raise ValidationError(str(message) % {"field": label_of(field), "max": self.max,
                                                   "length": length})


class NoControl:
    """No control character (NUL, ESC …; :func:`ladder.names.control_characters`): no name
    or typed text holds one, and PostgreSQL refuses NUL outright. Refused naming the field
    and the characters, on every declared text field."""

    def __call__(self, form: FlaskForm, field: Field) -> None:
        found = control_characters(field.data) if isinstance(field.data, str) else ()
        if found:
            raise ValidationError(ngettext(
                "%(field)s: remove the control character %(codes)s; no name or text typed "
                "here may contain one.",
                "%(field)s: remove the control characters %(codes)s; no name or text typed "
                "here may contain them.", len(found), field=label_of(field),
                codes=code_points(found)))


class Filled:
    """The field must not be empty (spaces alone are empty)."""

    field_flags = {"required": True}

    def __init__(self, message: Any = None) -> None:
        self.message = message

    def __call__(self, form: FlaskForm, field: Field) -> None:
        if field.process_errors:
            return  # typed but unreadable (a bad date): that message says enough
        empty = not field.data.strip() if isinstance(field.data, str) else field.data is None
        if empty:
            message = self.message or _l("%(field)s: fill this in.")
            raise ValidationError(str(message) % {"field": label_of(field)})


class OneOf:
    """The value must be one of ``values`` (a select or radio posted with something else)."""

    def __init__(self, values: Sequence[str], message: Any = None) -> None:
        self.values = tuple(values)
        self.message = message

    def __call__(self, form: FlaskForm, field: Field) -> None:
        if field.data not in self.values:
            message = self.message or _l("%(field)s: choose one of the offered values.")
            raise ValidationError(str(message) % {"field": label_of(field)})


def text_field(label: Any, column: Any = None, *, limit: int | None = None,
               required: bool = False, **kwargs: Any) -> Any:
    """A text field filling ``column`` (its limit from the column) or with its own ``limit``.

    Surrounding spaces are stripped; the limit is checked on what is left; a control
    character is refused (:class:`NoControl`)."""
    most = limit if limit is not None else column_limit(column)
    validators = [NoControl(),
                  *([Filled(kwargs.pop("required_message", None))] if required else []),
                  Limit(most, kwargs.pop("limit_message", None))]
    return StringField(label, validators=validators, filters=[_strip], **kwargs)


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class Checkbox(BooleanField):
    """A tick box: ticked for any posted value but the ones that plainly mean "no" ("0",
    "off", "false", empty): a posted ``junior=0`` never sets a flag."""

    false_values = (False, "", "0", "false", "off")


class IsoDateField(Field):
    """A date typed as YYYY-MM-DD (what ``<input type="date">`` posts); ``data`` is a
    :class:`datetime.date`, or None when left empty. A value that is not a date is refused
    with the sentence the other date fields use, quoting what was typed."""

    widget = DateInput()

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return self.data.isoformat() if isinstance(self.data, dt.date) else ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the posted text; an unreadable date becomes this field's error."""
        text = str(valuelist[0]).strip() if valuelist else ""
        self.data = None
        if not text:
            return
        try:
            self.data = dt.date.fromisoformat(text)
        except ValueError:
            raise ValueError(_("“%(value)s” is not a date (YYYY-MM-DD).",
                               value=quoted(text))) from None


#: How many characters a typed number may have (more is refused: no number needs them).
NUMBER_LIMIT = 32


class NumberField(Field):
    """A number typed as text: a decimal comma reads as a point (``0,5`` is 0.5), as in the
    club's languages. ``data`` is a float (an int with ``integer=True``: ``20.7`` is 20), or
    None when left empty; a field not posted at all keeps the value it was given (``obj`` or
    ``data``). Text that is no finite number is refused naming the field and quoting it."""

    widget = TextInput()

    def __init__(self, label: Any = None, validators: Any = None, *, integer: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(label, validators, **kwargs)
        self.integer = integer

    def _value(self) -> str:
        # A number read is shown as a number ("32,5" as 32.5: a number input shows no comma);
        # what could not be read, as typed.
        if self.data is not None and not self.process_errors:
            return f"{self.data:g}"
        return str(self.raw_data[0]) if self.raw_data else ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the posted text; what is no number becomes this field's error."""
        if not valuelist:
            return  # not posted: the value given to the form stands
        text = str(valuelist[0]).strip()
        self.data = None
        if not text:
            return
        if len(text) > NUMBER_LIMIT:
            raise ValueError(_("%(field)s: at most %(max)d characters; this one has "
                               "%(length)d.", field=label_of(self), max=NUMBER_LIMIT,
                               length=len(text)))
        try:
            value = float(text.replace(",", "."))
        except ValueError:
            value = math.nan
        if not math.isfinite(value):  # "nan", "inf" and 1e309 read as floats, but are none
            raise ValueError(_("%(field)s: “%(value)s” is not a number.", field=label_of(self),
                               value=quoted(text)))
        self.data = int(value) if self.integer else value


class ClubForm(FlaskForm):
    """An organizer form: our messages, one refusal path, a form-level message slot."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: A refusal that names no field of this form (shown above the form).
        self.refusal: str | None = None

    def checked(self) -> Self:
        """This form when every field is valid; else :class:`FormInvalid` (nothing changed)."""
        if not self.validate():
            raise FormInvalid(self)
        return self

    def take(self, error: ServiceError) -> None:
        """Show a refused change: beside the field it names, else above the form."""
        if isinstance(error, FormInvalid) and error.form is self:
            return  # the fields hold their own messages already
        field = self._fields.get(error.field) if error.field else None
        if field is not None:
            field.errors = [*field.errors, error.message]
        else:
            self.refusal = error.message

    def hidden_tag(self, *fields: Any) -> Markup:
        """The hidden fields (the CSRF token, a version…) as inputs without an ``id``: a page
        holds many forms, and ids must be unique on it."""
        chosen = fields or [f for f in self if isinstance(f.widget, HiddenInput)]
        return Markup("").join(
            Markup('<input type="hidden" name="{}" value="{}">').format(f.name, f._value())
            for f in chosen)

    def messages(self) -> list[str]:
        """Every message of the form, form-level first (for a summary above it)."""
        found = [self.refusal] if self.refusal else []
        for field in self:
            found.extend(str(message) for message in field.errors)
        return found


class FormInvalid(InvalidInput):
    """A declared form refused what was posted; every field keeps its own messages."""

    def __init__(self, form: ClubForm) -> None:
        name, messages = next((name, list(errors)) for name, errors in form.errors.items())
        message = messages[0] if messages else ""
        super().__init__(message, field=name if name in form._fields else None)
        self.form = form


class VersionedForm(ClubForm):
    """A form that edits a versioned row: its ``version`` travels in ``hidden_tag()``."""

    version = HiddenField()

    def posted_version(self) -> int:
        """The version the page was rendered with; -1 when unreadable (no row has it, so the
        service reports a stale edit)."""
        text = (self.version.data or "").strip()
        return int(text) if text.isdecimal() and len(text) <= 10 else -1


def action_form() -> ClubForm:
    """The form behind a bare button (publish, undo, delete…): the CSRF token alone, once
    per request."""
    form = g.get("_action_form")
    if form is None:
        form = g._action_form = ClubForm(formdata=None)
    return form


def limit_of(field: Field) -> int | None:
    """The ``maxlength`` of a declared text field (for the template's input)."""
    return next((v.max for v in field.validators if isinstance(v, Limit)), None)


def init_forms(app: Flask) -> None:
    """Give templates ``action_form()`` and ``limit_of(field)``."""
    app.jinja_env.globals.update(action_form=action_form, limit_of=limit_of)
