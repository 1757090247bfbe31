"""The organizer desk's declared forms (see :mod:`ladder.web.support.forms` for the rules they
share).

One class per form the organize blueprint reads: the event page, the club night (new night,
check-in, a player's change, two players, a round's action, a result tap, the member search),
seasons, the inline result editor, the new event and its names step, the sections query.
A view builds the form, reads it through the form's own reader and hands a refusal to
:func:`ladder.web.support.errors.refused`; no view reads ``request.form`` itself.

Forms with as many rows as the page showed (the names step, the bughouse teams) declare their
fixed fields and read the rows through one reader, :class:`RowsForm`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import Field, HiddenField, StringField
from wtforms.validators import ValidationError

from ...club.bughouse import BughouseTeam as Team
from ...models import BughouseTeam, Event, Member, Night, NightPlayer, PublishToken, Season
from ...services import InvalidInput
from ...services.intake import ACCEPT_SCORE, IntakeForm, Preview
from ...services.night import MAX_ROUNDS, Arrival, NightSettings
from ...vocabulary.lists import split_list
from ...vocabulary.tournament import EventKind
from ..support.forms import (
    Checkbox,
    ClubForm,
    Filled,
    IsoDateField,
    Limit,
    OneOf,
    VersionedForm,
    column_limit,
    text_field,
)
from ..support.request_values import digits

#: How much of a start number a form reads (the club's events have fewer than 10 000 players).
START_DIGITS = 4


class RowsForm(ClubForm):
    """A form with as many rows as the page showed: the fixed fields are declared, the row
    fields (``<prefix>-<row>``, e.g. ``link-3``) are kept as posted, in :attr:`posted_rows`."""

    #: The prefixes of the row fields ("link" keeps ``link-1``, ``link-2`` …).
    row_prefixes: ClassVar[tuple[str, ...]] = ()

    def process(self, formdata: Any = None, obj: Any = None,
                data: Mapping[str, Any] | None = None, extra_filters: Any = None,
                **kwargs: Any) -> None:
        """Read the declared fields, and keep the row fields as posted (text)."""
        formdata = self.meta.wrap_formdata(self, formdata)
        prefixes = "|".join(map(re.escape, self.row_prefixes))
        pattern = re.compile(rf"(?:{prefixes})-\d{{1,{START_DIGITS}}}")
        #: The row fields as posted, by field name.
        self.posted_rows: dict[str, str] = {} if formdata is None else {
            key: str(formdata.get(key)) for key in formdata if pattern.fullmatch(key)}
        super().process(formdata, obj, data=data, extra_filters=extra_filters, **kwargs)


# ------------------------------------------------------------------ the event page


class EventDetailsForm(VersionedForm):
    """An event's name, date and rated flag (version-checked)."""

    name = text_field(lazy_pgettext("event", "Name"), Event.name, required=True)
    date = IsoDateField(_l("Date"), validators=[Filled()])
    rated = Checkbox(_l("Rated (counts for the ladder)"))


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


#: The most team rows a bughouse teams form is read for (a page shows one per two players).
MAX_TEAM_ROWS = 200


class TeamsForm(RowsForm):
    """A bughouse event's teams of two: per row the two start numbers and a name (``a-<row>``,
    ``b-<row>``, ``name-<row>``); ``rows`` says how many rows the page showed."""

    row_prefixes = ("a", "b", "name")
    rows = StringField()  # written by the template: the rows shown, not the rows posted
    #: A team name's limit (the column's), for the template's inputs.
    name_limit = column_limit(BughouseTeam.name)

    def typed_rows(self) -> list[tuple[str, str, str]]:
        """The rows as posted: (first start number, second, name), as typed — never cut
        short: a start number that is not one is refused by :meth:`teams`, a name too long
        by the service (``BughouseTeam.name``'s column)."""
        count = min(digits(self.rows.data, 4) or 0, MAX_TEAM_ROWS)
        return [tuple(self.posted_rows.get(f"{part}-{row}", "")  # type: ignore[misc]
                      for part in ("a", "b", "name")) for row in range(1, count + 1)]

    def teams(self) -> list[Team]:
        """The teams of the typed rows (empty rows skipped; a half-filled row is refused)."""
        teams: list[Team] = []
        for row, (a_text, b_text, name) in enumerate(self.typed_rows(), start=1):
            a, b = digits(a_text, START_DIGITS), digits(b_text, START_DIGITS)
            if a is None and b is None and not name.strip():
                continue
            if a is None or b is None:
                raise InvalidInput(_("Team row %(row)d: choose both players.", row=row),
                                   field="teams")
            teams.append(Team((a, b), name))
        return teams


# ------------------------------------------------------------------ the club night

NIGHT_KINDS = (EventKind.SWISS.value, EventKind.ROUND_ROBIN.value)
COLOURS = ("white1", "black1")


class NightForm(ClubForm):
    """A new club night: name, date, kind, rounds, the PAB's value, tie-breaks, colours."""

    name = text_field(lazy_pgettext("event", "Name"), Night.name, required=True)
    date = IsoDateField(_l("Date"), validators=[Filled()])
    kind = StringField(_l("Kind and pairing system"), default=EventKind.SWISS.value,
                       validators=[OneOf(NIGHT_KINDS, _l("A club night is a Swiss or a "
                                                         "round-robin."))])
    rounds = StringField(_l("Rounds (Swiss)"))
    pab = StringField(_l("Pairing-allocated bye is worth"), default="full")
    double = Checkbox(_l("Double round-robin (colours reversed in the second cycle)"))
    swap = Checkbox(_l("Swap the first cycle's last two rounds (FIDE's recommendation)"))
    tiebreak_order = text_field(_l("Tie-break order"), Night.tiebreak_order)
    initial_colour = StringField(
        _l("Colour of the top player in round 1"), default=COLOURS[0],
        validators=[OneOf(COLOURS, _l("Choose the colour of the top player in round 1."))])
    rated = Checkbox(_l("Rated (counts for the club ladder)"))

    def validate_rounds(self, field: Field) -> None:
        """A Swiss needs its number of rounds (the service checks the range)."""
        if self.kind.data == EventKind.SWISS.value and digits(field.data, 3) is None:
            raise ValidationError(_("Rounds: give a number from 1 to %(max)d.", max=MAX_ROUNDS))

    def settings(self) -> NightSettings:
        """The night's settings as chosen (call once the form is :meth:`checked`)."""
        return NightSettings(
            name=self.name.data or "", date=self.date.data, kind=EventKind(self.kind.data or ""),
            rounds=digits(self.rounds.data, 3) or 0, pab_half=self.pab.data == "half",
            tiebreak_order=self.tiebreak_order.data or None, double=bool(self.double.data),
            swap_last_two=bool(self.swap.data), initial_colour=self.initial_colour.data or "",
            rated=bool(self.rated.data))


class CheckInForm(VersionedForm):
    """A check-in: a member offered for a typed name (``member_id``), or a new name, as a
    new member or a guest (version-checked); ``different`` says a name that is a member's
    is another person's."""

    member_id = StringField()
    name = text_field(_l("New player's name"), NightPlayer.name)
    guest = Checkbox(_l("Guest (not on the roster until the night goes into the ladder)"))
    junior = Checkbox(_l("Junior (shown by initials on public pages)"))
    different = Checkbox(_l("A different person of the same name"))

    def arrival(self) -> Arrival:
        """Who arrives (call once the form is :meth:`checked`)."""
        return Arrival(member_id=digits(self.member_id.data, 10), name=self.name.data or "",
                       guest=bool(self.guest.data), junior=bool(self.junior.data),
                       different=bool(self.different.data))


class TickForm(ClubForm):
    """A tap on the check-in list: ``member_id`` is here (``here=1``) or not (``here=0``);
    ``q`` carries the list's search back to the page when there is no JavaScript."""

    member_id = StringField()
    here = StringField(validators=[OneOf(("0", "1"), _l("Choose what to do."))])
    q = text_field(_l("Find a member"), Member.name)

    @property
    def member(self) -> int:
        """The member tapped (0 when unreadable: the service says there is none)."""
        return digits(self.member_id.data, 10) or 0


class PlayerActionForm(VersionedForm):
    """A player's change between rounds: withdraw, off the list, a bye asked for (``H``,
    ``Z``) or taken back (``cancel``) for a round."""

    action = StringField(validators=[OneOf(("withdraw", "remove", "H", "Z", "cancel"),
                                           _l("Choose what to do."))])
    round = text_field(_l("Round"), limit=3)

    @property
    def round_no(self) -> int:
        """The round a bye is asked for (0 when none was typed: the service says so)."""
        return digits(self.round.data, 3) or 0


class RoundActionForm(VersionedForm):
    """Pair, publish or undo a round (version-checked)."""

    action = StringField(validators=[OneOf(("pair", "publish", "undo"),
                                           _l("Choose what to do."))])


class StartNumber:
    """The field holds a start number (a player chosen from a list)."""

    def __call__(self, form: ClubForm, field: Field) -> None:
        if digits(field.data, START_DIGITS) is None:
            raise ValidationError(_("Choose a player."))


class TwoPlayersForm(VersionedForm):
    """Two players by start number: a swap by hand, or a pair that must not meet."""

    first = StringField(_l("First player"), validators=[StartNumber()])
    second = StringField(_l("Second player"), validators=[StartNumber()])

    def numbers(self) -> tuple[int, int]:
        """The two start numbers (call once the form is :meth:`checked`)."""
        return (digits(self.first.data, START_DIGITS) or 0,
                digits(self.second.data, START_DIGITS) or 0)


class BoardResultForm(VersionedForm):
    """One tap: a board's result (the service names one it does not know); ``version`` is
    the board's, ``night_version`` the night's as the desk showed it (what tells the desk
    whether its page is still the night as it is)."""

    result = StringField(_l("Result"))
    night_version = StringField()

    @property
    def page_version(self) -> int | None:
        """The night's version the desk showed (None when not sent: a page without it)."""
        return digits(self.night_version.data, 10)


class FinishForm(RowsForm):
    """The finish page: each guest's member (``link-<no>``: ``m<id>`` or ``new``), the
    night's version and the ladder generation its preview was computed at."""

    row_prefixes = ("link",)
    version = StringField()
    ladder_generation = StringField()
    do = StringField()

    def posted_version(self) -> int:
        """The night's version the page showed; -1 when unreadable."""
        return digits(self.version.data, 10) or -1

    @property
    def generation(self) -> int | None:
        """The ladder's generation the preview showed (None when unreadable)."""
        return digits(self.ladder_generation.data, 12)


class MemberSearchForm(ClubForm):
    """The night desk's search of the check-in list (a GET form: no CSRF token), what the
    list's filter-as-you-type does without JavaScript."""

    class Meta:
        csrf = False

    q = text_field(_l("Find a member"), Member.name)


# ------------------------------------------------------------------ seasons


class SeasonForm(ClubForm):
    """A season's name and its first and last day (the service checks overlaps, the order
    of the days and the name)."""

    name = text_field(lazy_pgettext("event", "Name"), Season.name)
    first = IsoDateField(_l("First day"), validators=[Filled()])
    last = IsoDateField(_l("Last day"), validators=[Filled()])


# ------------------------------------------------------------------ the inline result editor


class ResultForm(VersionedForm):
    """One result's kind (and an unrated game's outcome), and which cell the editor came
    from: the organizer's grid (``ui=desk``) or the public page's, and whether that cell is
    an inline ``<span>`` (``inline=1``) instead of a ``<td>``."""

    kind = StringField(_l("Result"))  # the service names a kind it does not know
    outcome = StringField(_l("Result of the unrated game"))
    ui = HiddenField()
    inline = HiddenField()

    @property
    def outcome_halves(self) -> int | None:
        """An unrated game's outcome in half points (0, 1, 2), or None."""
        text = self.outcome.data or ""
        return int(text) if text in ("0", "1", "2") else None

    def variant(self) -> dict[str, Any]:
        """The cell's variant, carried through Save and Cancel so it comes back the same."""
        return {"ui": "desk" if self.ui.data == "desk" else "", "inline": self.inline.data == "1"}


# ------------------------------------------------------------------ a new event


class NewEventForm(ClubForm):
    """The new-event form, and its fields carried through the names step in hidden inputs.

    The form checks the limits; the service reads the rest (a date that is none, an unknown
    kind or tie-break code) into the preview's problems, shown beside the same fields."""

    name = text_field(lazy_pgettext("event", "Name"), Event.name,
                      limit_message=_l("The name is longer than %(max)d characters."))
    date = StringField(_l("Date"))
    kind = StringField(_l("Kind"))
    rated = Checkbox(_l("Rated (counts for the ladder)"))
    edition = StringField(_l("Tie-break rules"))
    order_preset = StringField(_l("Tie-break order"))
    order_custom = text_field(_l("or type an order (wins over the list)"), Event.tiebreak_order)
    format = StringField(_l("Format"))
    text = StringField(_l("Results: paste them here"))
    source = StringField()

    #: The preview's name of a problem whose field is named otherwise here.
    PROBLEM_OF: ClassVar[dict[str, str]] = {"order_custom": "order"}

    def intake(self) -> IntakeForm:
        """What was typed, for the service's preview."""
        return IntakeForm(
            name=self.name.data or "", date=self.date.data or "", kind=self.kind.data or "",
            rated=bool(self.rated.data), edition=self.edition.data or "",
            order_preset=self.order_preset.data or "",
            order_custom=self.order_custom.data or "", file_format=self.format.data or "",
            text=self.text.data or "", source=self.source.data or "<paste>")

    def problems(self) -> dict[str, str]:
        """What the form refuses, by the preview's field names (call after ``validate()``)."""
        return {self.PROBLEM_OF.get(name, name): str(errors[0])
                for name, errors in self.errors.items() if errors}

    @classmethod
    def showing(cls, result: Preview | None) -> NewEventForm:
        """The form showing a preview: what it read (a detected format, a file's text) and
        each problem beside its field."""
        typed = result.form if result is not None else IntakeForm()
        form = cls(formdata=None, data={
            "name": typed.name, "date": typed.date, "kind": typed.kind, "rated": typed.rated,
            "edition": typed.edition, "order_preset": typed.order_preset,
            "order_custom": typed.order_custom, "format": typed.file_format,
            "text": typed.text, "source": typed.source})
        fields = {problem: name for name, problem in cls.PROBLEM_OF.items()}
        for problem, message in (result.field_errors if result is not None else {}).items():
            field = form._fields.get(fields.get(problem, problem))
            if field is not None:
                field.errors = [message]
        return form


class NamesForm(RowsForm):
    """The confirm-names step: per row the member chosen (``link-<no>``), a new member's
    name (``name-<no>``), the junior flag (``junior-<no>``) and the row it is the same player
    as (``same-<no>``); the buttons and the preview's one-time token."""

    # Written by the templates (the token the page issued, the generation its ladder preview
    # showed), so none of them is a HiddenField: hidden_tag() carries the CSRF token alone.
    row_prefixes = ("link", "name", "junior", "same")
    names_step = StringField()
    do = StringField()
    accept_score = StringField(_l("Lowest score to accept"))
    publish_token = StringField()
    ladder_generation = StringField()
    as_draft = StringField()

    #: A new member's name's limit (the column's).
    name_limit = column_limit(Member.name)

    @property
    def score(self) -> int:
        """The lowest score to accept (the default when none was typed; at most 100)."""
        score = digits(self.accept_score.data, 3)
        return ACCEPT_SCORE if score is None else min(score, 100)

    @property
    def token(self) -> str | None:
        """The preview's publish token as posted, when it can be one we issued (the column
        holds 64 characters); anything else is no token, so a new preview gets a fresh one."""
        text = (self.publish_token.data or "").strip()
        return text if 0 < len(text) <= column_limit(PublishToken.token) else None

    @property
    def generation(self) -> int | None:
        """The ladder's generation the preview showed (None when unreadable)."""
        return digits(self.ladder_generation.data, 12)

    @property
    def drafting(self) -> bool:
        """True when "Save as a draft" was pressed."""
        return self.as_draft.data == "1"

    def spelling_problems(self) -> dict[str, str]:
        """A new member's name longer than the column holds, by field (nothing is cut; the
        length is the stored one's, spaces run together as the service stores them)."""
        label = _("Name of a new member")
        lengths = {key: len(" ".join(value.split())) for key, value in self.posted_rows.items()
                   if key.startswith("name-")}
        return {key: _("%(field)s: at most %(max)d characters; this one has %(length)d.",
                       field=label, max=self.name_limit, length=length)
                for key, length in lengths.items() if length > self.name_limit}


# ------------------------------------------------------------------ sections

#: The most pasted names text the sections form reads (a club's roster is far shorter).
MAX_NAMES_TEXT = 20_000
#: The most rating bands' bounds (13 sections is more than any club night has).
MAX_BANDS = 12
DEFAULT_COUNT = 2


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class MemberIds(Field):
    """Every ``m`` ticked: member ids (values that are none are left out, as no member)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the ticked ids."""
        self.data = [n for n in (digits(str(v), 10) for v in valuelist) if n is not None]


class SectionsQuery(ClubForm):
    """The sections form (a GET form: every split is a URL; nothing is stored)."""

    class Meta:
        csrf = False

    m = MemberIds(default=list)
    all = StringField()  # "Tick everyone on the ladder"
    # As pasted, surrounding blank lines too: the unmatched names are reported by line.
    names = StringField(_l("Pasted names"), validators=[Limit(MAX_NAMES_TEXT)])
    mode = StringField()
    count = StringField(_l("Number of sections"), default=str(DEFAULT_COUNT), filters=[_strip])
    bands = StringField(_l("Rating bands"), filters=[_strip])
    split = StringField()

    @property
    def by_bands(self) -> bool:
        """True when the split is by rating bands (else into sections of equal size)."""
        return self.mode.data == "bands"

    def validate_bands(self, field: Field) -> None:
        """At most :data:`MAX_BANDS` bounds (none is dropped)."""
        if self.by_bands and len(_band_parts(field.data or "")) > MAX_BANDS:
            raise ValidationError(_("Rating bands: at most %(max)d bounds.", max=MAX_BANDS))

    def bounds(self) -> list[float] | None:
        """The band bounds typed as "1600, 1400" (any order); None when one is no number."""
        try:
            return sorted(float(p) for p in _band_parts(self.bands.data or ""))
        except ValueError:
            return None


def _band_parts(text: str) -> list[str]:
    return split_list(text)  # commas, semicolons, spaces, and a Chinese keyboard's ，and 、
