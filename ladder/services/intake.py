"""The new-event intake: read the organizer's text → preview → confirm names → publish.

Nothing is stored until :func:`publish_intake`: every step re-reads the original text carried
in the form itself, so reloading a page or going back is harmless and nothing waits on the
server between steps (an event saved *as a draft* is stored, like a published one).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from flask_babel import gettext as _
from flask_babel import ngettext

from ..extensions import db
from ..formats import FORMATS, FormatError, ParseResult, decode_text, read_event
from ..formats.dates import FileDates, choose_event_date
from ..formats.partial import partial_event
from ..formats.same_player import SamePair, check_same, merge_same, suggested_pairs
from ..models import Event, PublishToken
from ..names import Suggestion, SuggestionReason
from ..names.display_form import display_form
from ..queries.club import club_settings
from ..queries.names import name_index
from ..queries.organizer_members import visible_members
from ..tiebreaks import DEFAULT_ORDER, EDITIONS, Standing, TiebreakError, parse_order, rank
from ..tiebreaks.definitions import BUCHHOLZ_TYPE
from ..vocabulary.messages import Message
from ..vocabulary.tournament import EventKind, Tournament
from . import Conflict, InvalidInput, say, use_case
from .events import (
    MAX_NAME,
    PublishRequest,
    default_edition,
    exact_links,
    is_junior_by_birth_year,
    publish,
)
from .ladder_preview import LadderPreview, preview_ladder

KINDS = tuple(kind.value for kind in EventKind)
USCF_ORDER = "MM,SOLK,CUM,OPCUM"
#: The order presets offered on the form (the kind's default is the empty choice).
ORDER_PRESETS = (DEFAULT_ORDER["swiss"], DEFAULT_ORDER["round_robin"], USCF_ORDER)
SUGGESTIONS = 5
#: "Accept every suggestion scoring at least …": the default score. Writing differences that
#: keep every letter score 90 and more (surname first with a comma 95, diacritics 98, CJK
#: spacing 96, a middle name missing 92); an initial (85) or a one-letter difference (84–87,
#: also "Joan" for "John": maybe another person) stays for the organizer to decide.
ACCEPT_SCORE = 90


@dataclass(frozen=True)
class IntakeForm:
    """What the organizer typed on the new-event form (strings, as posted)."""

    name: str = ""
    date: str = ""
    kind: str = ""  # "" = as detected from the text
    rated: bool = True
    edition: str = ""  # "" = by the event's date
    order_preset: str = ""  # "" = the file's own order, else the kind's default
    order_custom: str = ""  # typed order; wins over the preset when not empty
    file_format: str = ""  # "" = detect
    text: str = ""
    source: str = "<paste>"

    @classmethod
    def from_mapping(cls, data: Mapping[str, str], text: str | None = None,
                     source: str | None = None) -> IntakeForm:
        """Build from posted form data (``text``/``source`` override, e.g. from an upload)."""
        return cls(name=data.get("name", "")[:1000], date=data.get("date", "")[:20],
                   kind=data.get("kind", ""), rated=data.get("rated") in ("on", "1", "true"),
                   edition=data.get("edition", ""), order_preset=data.get("order_preset", ""),
                   order_custom=data.get("order_custom", "")[:300],
                   file_format=data.get("format", ""),
                   text=data.get("text", "") if text is None else text,
                   source=source or data.get("source", "") or "<paste>")


@dataclass
class Preview:
    """The form read and checked: errors (per field and per line) or the event to publish."""

    form: IntakeForm
    file_format: str | None = None
    tournament: Tournament | None = None
    parse_errors: list[FormatError] = field(default_factory=list)
    field_errors: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    name: str = ""
    date: dt.date | None = None
    #: Where the date came from ("typed in the form", "from the file: …", "today: …").
    date_source: Message | None = None
    file_dates: FileDates | None = None
    kind: EventKind | None = None
    edition: str = ""
    order: str = ""
    #: Why the file looks unfinished ("after round 5 of 6"), in the reader's language.
    partial: str = ""

    @property
    def ok(self) -> bool:
        """True when nothing stands in the way of publishing."""
        return self.tournament is not None and not self.parse_errors and not self.field_errors


def parse_text(text: str, source: str, file_format: str | None) -> tuple[ParseResult, str]:
    """Read ``text`` in ``file_format`` (or the detected format), collecting every error.

    The one entry point of ``ladder.formats`` detects and reads, as for ``ladder import``.
    """
    result = read_event(text, source, file_format if file_format in FORMATS else None)
    return result, result.file_format


def decode_upload(data: bytes, filename: str) -> str:
    """An uploaded file's text; FormatError for a binary file."""
    return decode_text(data, filename)


def preview(form: IntakeForm, today: dt.date | None = None) -> Preview:
    """Check the fields, read the text and, when all is well, compute the standings.

    The date is the typed one, else the file's own (``ladder.formats.dates``), else today
    for pasted results; a TRF or PGN without a readable date and no typed date is a field
    error, so nothing can be published with a guessed date.
    """
    result = Preview(form=form)
    _check_fields(form, result)
    if not form.text.strip():
        result.field_errors["text"] = _("Paste the results or choose a file.")
        return result
    parsed, result.file_format = parse_text(form.text, form.source, form.file_format or None)
    result.parse_errors = list(parsed.errors)
    t = parsed.tournament
    if t is None:
        return result
    result.tournament = t
    result.kind = EventKind(form.kind) if form.kind in KINDS else t.kind
    result.name = result.name or t.name.strip()
    if not result.name:
        result.field_errors.setdefault("name", _("Give the event a name."))
    if "date" not in result.field_errors:
        _choose_date(result, t, today or dt.date.today())
    result.edition = form.edition if form.edition in EDITIONS else (
        default_edition(result.date) if result.date else "fide-2026")
    _warn_edition(result)
    _choose_order(form, t, result)
    for player in t.players:
        if len(" ".join(player.name.split())) > MAX_NAME:
            result.field_errors.setdefault("text", _(
                "The name “%(start)s…” is longer than %(max)d characters.",
                start=player.name[:20], max=MAX_NAME))
    unfinished = partial_event(t)
    if unfinished is not None:
        result.partial = " ".join((say(unfinished), _(
            "Publishing it now rates the rounds played so far; save it as a draft to publish "
            "it once the last round is in.")))
    pairs = suggested_pairs(t)
    if pairs:
        first = pairs[0]
        result.warnings.append(ngettext(
            "%(num)d pair of typed names may be one player written two ways (such as "
            "“%(first)s” and “%(second)s”); say so on the next page. Until then they count "
            "as two players here.",
            "%(num)d pairs of typed names may be one player written two ways (such as "
            "“%(first)s” and “%(second)s”); say so on the next page. Until then they count "
            "as two players here.", len(pairs), first=t.player(first.first).name,
            second=t.player(first.second).name))
    if "order" not in result.field_errors:
        try:
            result.standings = rank(t, result.order, result.edition)
        except TiebreakError as error:
            result.field_errors["order"] = say(error.message)
    return result


def _choose_date(result: Preview, t: Tournament, today: dt.date) -> None:
    """The event's date from the form or the file, with its source and warnings."""
    chosen = choose_event_date(t, result.file_format or "paste", result.date, today)
    result.file_dates = chosen.file
    result.date, result.date_source = chosen.date, chosen.source_label
    if chosen.error is not None:
        result.field_errors["date"] = " ".join((say(chosen.error), _("Give the event's date.")))
    result.warnings.extend(say(warning) for warning in chosen.warnings)


def _warn_edition(result: Preview) -> None:
    """A typed date that puts the event under other tie-break rules than the file's own
    date would (a 2025 file dated 2026; docs/organizer-guide.md §2): say so before publishing."""
    own = result.file_dates.date if result.file_dates else None
    if result.form.edition in EDITIONS or result.date is None or own is None:
        return
    if default_edition(own) != result.edition:
        result.warnings.append(_(
            "The tie-break rules follow the event's date: %(edition)s; the file's own date "
            "would give %(file_edition)s.", edition=result.edition,
            file_edition=default_edition(own)))


def _check_fields(form: IntakeForm, result: Preview) -> None:
    name = " ".join(form.name.split())
    if len(name) > MAX_NAME:
        result.field_errors["name"] = _("The name is longer than %(max)d characters.",
                                        max=MAX_NAME)
    result.name = name
    if form.date.strip():
        try:
            result.date = dt.date.fromisoformat(form.date.strip())
        except ValueError:
            result.field_errors["date"] = _("“%(value)s” is not a date (YYYY-MM-DD).",
                                            value=form.date[:20])
    if form.kind and form.kind not in KINDS:
        result.field_errors["kind"] = _("Choose a kind of event from the list.")
    if form.edition and form.edition not in EDITIONS:
        result.field_errors["edition"] = _("Choose a tie-break edition from the list.")
    if form.file_format and form.file_format not in FORMATS:
        result.field_errors["format"] = _("Choose a format from the list.")


def _choose_order(form: IntakeForm, t: Tournament, result: Preview) -> None:
    typed = form.order_custom.strip()
    if typed:
        order = typed
    elif form.order_preset in ORDER_PRESETS:
        order = form.order_preset
    elif t.tiebreak_codes:
        order = ",".join(t.tiebreak_codes)
    else:
        order = DEFAULT_ORDER[(result.kind or t.kind).value]
    try:
        codes = parse_order(order)
    except TiebreakError as error:
        result.field_errors["order"] = _("Tie-break order: %(error)s", error=say(error.message))
        result.order = order
        return
    result.order = ",".join(code.text for code in codes)
    if result.kind is EventKind.ROUND_ROBIN:
        used = sorted({code.name for code in codes} & BUCHHOLZ_TYPE)
        if used:
            result.warnings.append(_("%(codes)s should not be used in a round-robin "
                                     "(C.07 Art. 8).", codes=", ".join(used)))


@dataclass(frozen=True)
class NameChoice:
    """One typed name on the confirmation screen: its exact match and the suggestions."""

    start_no: int
    typed: str
    exact: int | None
    suggestions: tuple[Suggestion, ...]
    junior_hint: bool
    #: Why the exact match was pre-selected when it is an alias ("was merged into …"), or
    #: why nothing was although the name is known (two members were confirmed under it).
    exact_reasons: tuple[SuggestionReason, ...] = ()
    ambiguous: tuple[int, ...] = ()

    @property
    def field(self) -> str:
        """The form field carrying the organizer's choice."""
        return f"link-{self.start_no}"

    @property
    def needs_decision(self) -> bool:
        """No identical name, but suggestions (or two members holding the name): the
        organizer must choose; these rows are listed first."""
        return self.exact is None and bool(self.suggestions or self.ambiguous)

    @property
    def group(self) -> int:
        """The row's place on the page: 0 needs a decision, 1 new member, 2 identical name."""
        if self.needs_decision:
            return 0
        return 1 if self.exact is None else 2

    @property
    def best(self) -> Suggestion | None:
        """The best suggestion when it is clearly the best (no other scores as high)."""
        if not self.suggestions:
            return None
        first = self.suggestions[0]
        if len(self.suggestions) > 1 and self.suggestions[1].score >= first.score:
            return None
        return first

    @property
    def name_field(self) -> str:
        """The form field carrying a new member's spelling."""
        return f"name-{self.start_no}"

    @property
    def display_form(self) -> str | None:
        """The typed name given name first ("Tony J Davis" for "Davis,Tony J"), if it is
        written surname first with a comma."""
        return display_form(self.typed)

    @property
    def default(self) -> str:
        """The pre-selected option: the exact match; "new" when nothing resembles the name;
        otherwise nothing, so the organizer must choose (nothing silent, docs/desk.md §2)."""
        if self.exact is not None:
            return f"m{self.exact}"
        return "" if self.suggestions else "new"


def name_choices(t: Tournament, on: dt.date | None,
                 members: list[tuple[int, str]] | None = None) -> list[NameChoice]:
    """For each typed name: the exact match (pre-selected) and the suggested members."""
    index = name_index(db.session)
    exact = exact_links(t)
    choices = []
    for player in t.players:
        preselection = index.preselect(player.name)
        found = tuple(index.suggest(player.name, limit=SUGGESTIONS))
        choices.append(NameChoice(
            start_no=player.start_no, typed=player.name, exact=exact.get(player.start_no),
            suggestions=found,
            junior_hint=bool(on) and is_junior_by_birth_year(player.birth_year, on),  # type: ignore[arg-type]
            exact_reasons=tuple(preselection.reasons),
            ambiguous=preselection.matches if preselection.ambiguous else ()))
    return choices


def ordered(choices: list[NameChoice]) -> list[NameChoice]:
    """The rows as the page lists them: names needing a decision first, then new members,
    then identical names, each in start-number order (stable: a row never moves because of
    what was chosen in it)."""
    return sorted(choices, key=lambda c: (c.group, c.start_no))


def accept_suggestions(choices: list[NameChoice], selected: Mapping[str, str],
                       score: int) -> tuple[dict[str, str], int]:
    """Choose the best suggestion for every undecided row where it scores at least
    ``score`` and is clearly the best; returns the new selections and how many were chosen.

    Nothing the organizer chose is changed, and no member is given to two rows: a member
    already chosen elsewhere, or best for two undecided rows, is left for the organizer.
    """
    out = dict(selected)
    taken = {value for value in out.values() if value.startswith("m")}
    wanted: dict[str, list[NameChoice]] = {}
    for choice in choices:
        best = choice.best
        if out.get(choice.field) or best is None or best.score < score:
            continue
        wanted.setdefault(f"m{best.candidate}", []).append(choice)
    accepted = 0
    for value, rows in wanted.items():
        if len(rows) == 1 and value not in taken:
            out[rows[0].field] = value
            accepted += 1
    return out, accepted


def skipped_suggestions(choices: list[NameChoice], before: Mapping[str, str],
                        after: Mapping[str, str], score: int) -> list[tuple[str, str]]:
    """The undecided rows with suggestions that :func:`accept_suggestions` left undecided,
    each with why (docs/desk.md §2): typed name → the reason, in the reader's language."""
    chosen_by = {value: c.typed for c in choices
                 if (value := after.get(c.field, "")).startswith("m")}
    best_for: dict[int, list[str]] = {}
    for c in choices:
        if not before.get(c.field) and c.best is not None:
            best_for.setdefault(c.best.candidate, []).append(c.typed)
    out = []
    for c in choices:
        if before.get(c.field) or after.get(c.field) or not c.suggestions:
            continue
        best = c.best
        if best is None:
            reason = _("two suggestions score the same (%(score)d): choose one",
                       score=c.suggestions[0].score)
        elif best.score < score:
            reason = _("its best suggestion, %(member)s, scores %(score)d, below %(min)d",
                       member=best.name, score=best.score, min=score)
        elif f"m{best.candidate}" in chosen_by:
            reason = _("its best suggestion, %(member)s, is already chosen for “%(other)s”",
                       member=best.name, other=chosen_by[f"m{best.candidate}"])
        else:
            others = [typed for typed in best_for.get(best.candidate, []) if typed != c.typed]
            reason = _("%(member)s is also the best suggestion for “%(other)s”: choose for "
                       "both", member=best.name, other=others[0] if others else "?")
        out.append((c.typed, reason))
    return out


@dataclass
class Links:
    """The organizer's choices read from the form: links, new juniors, new members'
    spellings (start number → name, when changed), and what is wrong."""

    links: dict[int, int | None] = field(default_factory=dict)
    new_juniors: set[int] = field(default_factory=set)
    errors: dict[str, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    #: Rows the organizer said are the same player as another row (start number → the
    #: row that stays): joined into one player when published (docs/desk.md §2).
    same: dict[int, int] = field(default_factory=dict)


def same_field(start_no: int) -> str:
    """The form field saying which row a typed name is the same player as."""
    return f"same-{start_no}"


def read_same(t: Tournament, data: Mapping[str, str]) -> tuple[dict[int, int], dict[str, str]]:
    """The rows said to be the same player as another (``same-<no>`` = the other row's
    number), and what is wrong with them (per field, in the reader's language)."""
    numbers = {p.start_no for p in t.players}
    same: dict[int, int] = {}
    for start_no in numbers:
        value = data.get(same_field(start_no), "")
        if value.isdigit() and len(value) < 6 and int(value) in numbers:
            same[start_no] = int(value)
    errors = {same_field(row): say(message) for row, message in check_same(t, same).items()}
    return {row: kept for row, kept in same.items() if same_field(row) not in errors}, errors


def same_pairs(t: Tournament, choices: list[NameChoice]) -> list[SamePair]:
    """Typed names that look like one player: matching each other, or one member's best
    match (an identical name or a clearly best suggestion) for both rows."""
    best = {c.start_no: c.exact if c.exact is not None else (c.best.candidate if c.best else None)
            for c in choices}
    return suggested_pairs(t, best)


def read_links(choices: list[NameChoice], data: Mapping[str, str],
               members: list[tuple[int, str]] | None = None,
               t: Tournament | None = None) -> Links:
    """Check each name's choice ("m<id>" or "new"); two names on one member is an error.

    With ``t``, rows said to be the same player as another row (``same-<no>``) need no
    choice of their own: they become the other row's player."""
    members = visible_members() if members is None else members
    known = {member_id: name for member_id, name in members}
    out = Links()
    if t is not None:
        out.same, out.errors = read_same(t, data)
    taken: dict[int, str] = {}
    for choice in choices:
        if choice.start_no in out.same:
            continue
        value = data.get(choice.field, "")
        if value == "new":
            out.links[choice.start_no] = None
            if data.get(f"junior-{choice.start_no}") in ("on", "1", "true"):
                out.new_juniors.add(choice.start_no)
            spelling = " ".join(data.get(choice.name_field, "")[:MAX_NAME + 1].split())
            if len(spelling) > MAX_NAME:
                out.errors[choice.name_field] = _(
                    "The name is longer than %(max)d characters.", max=MAX_NAME)
            elif spelling and spelling != " ".join(choice.typed.split()):
                out.names[choice.start_no] = spelling
            continue
        member_id = int(value[1:]) if re.fullmatch(r"m\d{1,9}", value) else None
        if member_id is None:
            out.errors[choice.field] = _("Choose a member or “new member” for “%(name)s”.",
                                         name=choice.typed)
        elif member_id not in known:
            out.errors[choice.field] = _("That member no longer exists; choose again for "
                                         "“%(name)s”.", name=choice.typed)
        elif member_id in taken:
            out.errors[choice.field] = _(
                "“%(name)s” and “%(other)s” are both linked to %(member)s: two players of "
                "one event cannot be the same member. If they are one player typed two "
                "ways, choose “Same player as” for one of them.", name=choice.typed,
                other=taken[member_id], member=known[member_id])
        else:
            taken[member_id] = choice.typed
            out.links[choice.start_no] = member_id
    return out


def new_publish_token() -> str:
    """A one-time token for the confirm-names form (publishing it twice publishes once)."""
    return secrets.token_urlsafe(24)


def publish_request(result: Preview, links: Links) -> PublishRequest:
    """What publishing this preview with these links asks for (also what the ladder
    preview rehearses, so both compute the same thing)."""
    if not result.ok or links.errors or result.tournament is None or result.date is None \
            or result.kind is None:
        raise InvalidInput(_("Fix the errors shown before publishing."))
    t, renumber = merge_same(result.tournament, links.same)
    others: dict[int, tuple[str, ...]] = {}
    for row in sorted(links.same):
        kept = renumber[row]
        others[kept] = others.get(kept, ()) + (result.tournament.player(row).name,)
    return PublishRequest(
        tournament=t, name=result.name, date=result.date, kind=result.kind,
        rated=result.form.rated, edition=result.edition, order=result.order,
        links={renumber[no]: member for no, member in links.links.items()},
        new_juniors=frozenset(renumber[no] for no in links.new_juniors),
        source_format=result.file_format,
        new_names={renumber[no]: name for no, name in links.names.items()},
        other_spellings=others)


def ladder_preview(result: Preview, links: Links) -> LadderPreview:
    """The ladder's change if this preview were published now (nothing is stored)."""
    return preview_ladder(publish_request(result, links))


@use_case
def publish_preview(result: Preview, links: Links, actor: str,
                    token: str | None = None,
                    generation: int | None = None, draft: bool = False) -> tuple[Event, bool]:
    """Publish a clean preview with the confirmed links (one unit of work, with replay).

    Returns the event and whether this request published it. With ``token`` (the form's
    one-time token) a second request for the same preview — a double click, a second tab, a
    retry after a timeout — publishes nothing and returns the event the first one published.
    With ``generation`` (the ladder generation the organizer's ladder preview was computed
    at) a ladder changed meanwhile is refused (Conflict), so what is published is exactly
    what was previewed. With ``draft`` the event is saved as a draft instead (it changes no
    ladder, so a ladder changed meanwhile does not matter).
    """
    request = dataclasses.replace(publish_request(result, links), draft=draft)
    used = db.session.get(PublishToken, token) if token else None
    if used is not None:
        event = db.session.get(Event, used.event_id) if used.event_id is not None else None
        if event is not None:
            return event, False
        raise InvalidInput(_("This preview was already published, and that event has since "
                             "been deleted. Start again from “New event”."))
    if not draft and generation is not None and club_settings().generation != generation:
        raise Conflict(_("The ladder changed since this preview was shown (another change "
                         "was saved). Check the new preview below, then publish."))
    event = publish(request, actor=actor)
    if token:
        db.session.add(PublishToken(token=token[:64], event_id=event.id))
    return event, True
