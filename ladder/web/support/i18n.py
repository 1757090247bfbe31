"""The reader's language: choosing it, remembering it, and translating at the edge
(docs/qualities.md §2).

Choice, first match wins:

1. ``?lang=ko`` on any page: used now and remembered in the ``lang`` cookie (a year);
2. the ``lang`` cookie;
3. the club's default language (a setting);
4. the browser's ``Accept-Language``;
5. English.

An unknown ``lang`` value, a malformed cookie or header falls through to the next rule,
silently. ``zh``, ``zh-CN``, ``zh-SG`` and ``zh-Hans`` get Simplified Chinese; so do the other
Chinese variants (Traditional readers read Simplified far more easily than English; there is
no Traditional catalogue).

The pure core says things as :class:`ladder.vocabulary.messages.Message` (an English message id with
its values); templates print them translated without any filter, because :func:`finalize` is the
Jinja finaliser of every ``{{ … }}``.

Every value put into a translated sentence goes through :func:`fill` (docs/development.md,
"Putting a name into a sentence"): Python's ``gettext``/``ngettext``/``pgettext``/``npgettext``
(Flask-Babel's default domain is :class:`FillingDomain`), the templates' ``_()`` and
``{% trans %}`` (:func:`init_i18n` installs the same), and the core's Messages
(:func:`translate`). A message naming players by start number is shown with their names by
:func:`with_names`; a list of names or values is joined by :func:`join_list`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, g, request
from flask_babel import Domain, get_locale, get_translations, gettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from ...vocabulary import sentences
from ...vocabulary.messages import Message
from .request_state import club_state

#: The supported locales (catalogues under ``translations/``); English is the source.
LOCALES = ("en", "ko", "zh_Hans", "id")
#: Each language in its own words, for the switcher.
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "zh_Hans": "简体中文", "id": "Bahasa Indonesia"}
#: The BCP 47 tag of each locale, for ``<html lang>`` and ``hreflang``.
HTML_LANG = {"en": "en", "ko": "ko", "zh_Hans": "zh-Hans", "id": "id"}
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def normalise(value: str | None) -> str | None:
    """A supported locale for a language tag (``ko-KR`` → ``ko``, ``zh-CN`` → ``zh_Hans``),
    or None when the tag is unknown or malformed."""
    if not value or len(value) > 35:
        return None
    tag = value.strip().replace("_", "-").lower()
    primary = tag.split("-", 1)[0]
    if not primary.isalpha():
        return None
    if primary == "zh":
        return "zh_Hans"
    if primary == "in":  # the old ISO code of Indonesian, still sent by some phones
        return "id"
    return primary if primary in LOCALES else None


def _from_accept_language() -> str | None:
    try:
        languages = [(value, quality) for value, quality in request.accept_languages]
    except Exception:  # a header werkzeug cannot parse: ignore it
        return None
    for value, _quality in sorted(languages, key=lambda item: -item[1]):
        locale = normalise(value)
        if locale:
            return locale
    return None


def _club_default() -> str | None:
    try:
        return normalise(club_state().default_language)
    except Exception:  # no database yet (a first start): the other rules still work
        return None


def select_locale() -> str:
    """The locale of this request (see the module docstring for the order)."""
    if "locale" in g:
        return str(g.locale)
    asked = normalise(request.args.get("lang"))
    if asked:
        g.remember_locale = asked
    locale = (asked or normalise(request.cookies.get(COOKIE)) or _club_default()
              or _from_accept_language() or "en")
    g.locale = locale
    return locale


def html_lang() -> str:
    """``<html lang>`` of this page."""
    return HTML_LANG.get(str(get_locale() or "en"), "en")


def _plural(singular: str, plural: str, count: int) -> str:
    """The translated plural template, not yet filled in: flask_babel's ``ngettext`` fills
    in only ``%(num)d`` and fails on a sentence with other placeholders, which
    :meth:`Message.render` fills in itself."""
    return str(get_translations().ungettext(singular, plural, count))


def decimal_symbol() -> str:
    """The reader's decimal separator ("," in Indonesian), once per request: the one source
    for the formatters (:mod:`.formatting`) and the localised messages."""
    if "decimal_symbol" not in g:
        from babel.numbers import get_decimal_symbol
        try:
            g.decimal_symbol = get_decimal_symbol(str(get_locale() or "en"))
        except (ValueError, LookupError):
            g.decimal_symbol = "."
    return str(g.decimal_symbol)


def _localised(message: Message) -> Message:
    """``message`` with its decimals and days as the reader writes them
    (:func:`ladder.vocabulary.sentences.localised`)."""
    return sentences.localised(message, decimal_symbol(), _reader())


def _reader() -> str:
    """The reader's locale ("en" outside a request)."""
    try:
        return str(get_locale() or "en")
    except RuntimeError:  # no application context
        return "en"


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` (a translated sentence) with ``values`` put in, right for any value in
    the reader's language: a Chinese sentence spaces a Latin name from Han text and not a Han
    one (:func:`ladder.vocabulary.sentences.fill`). A markup template escapes the values, as
    ``Markup % values`` does."""
    if isinstance(template, Markup):
        return Markup(sentences.fill(template, values, _reader(), escape=escape))
    return sentences.fill(template, values, _reader())


def with_names(message: Message, names: Mapping[int, str]) -> str:
    """``message`` in the reader's language with each player it names by start number
    (``white``, ``black``, ``player``, ``opponent``) shown by name: the number's counter goes
    (Korean "3번 선수가" → "Anna Kowalska 선수가", Chinese "3 号" → "Anna Kowalska") and the
    name is spaced as the language needs. A nested Message is named too."""
    if message.plural is not None and message.count is not None:
        template = get_translations().ungettext(message.id, message.plural, message.count)
    else:
        template = gettext(message.id)
    params: dict[str, object] = {}
    named = []
    for key, value in _localised(message).values:
        if isinstance(value, Message):
            params[key] = with_names(value, names)
        elif key in PLAYER_KEYS and isinstance(value, int) and value in names:
            named.append(key)
            params[key] = names[value]
        else:
            params[key] = value
    template = sentences.name_placeholders(template, named, _reader())
    if message.count is not None:
        params.setdefault("num", message.count)
    try:
        return fill(template, params) if params else template
    except (KeyError, TypeError, ValueError):
        return translate(message)


#: The values of a pairing Message that name a player by start number.
PLAYER_KEYS = ("white", "black", "player", "opponent")


def join_list(items: Iterable[Any], conjunction: bool = False) -> str:
    """Items (names, values, Messages) as the reader's language enumerates them in running
    text: "A, B, C" (en, ko, id), "A、B、C" (zh); with ``conjunction``, as a sentence says
    "A, B and C" (CLDR's list patterns through Babel's ``format_list``: "A, B 및 C",
    "A、B和C", "A, B, dan C")."""
    words = [translate(item) for item in items]
    if not words:
        return ""
    locale = _reader()
    if conjunction:
        from babel.lists import format_list
        try:
            return str(format_list(words, style="standard", locale=locale))
        except (ValueError, LookupError):
            pass
    return sentences.punctuation(locale)["list"].join(words)


def translate(value: Any) -> str:
    """A Message or a message id in the reader's language; anything else as text."""
    if isinstance(value, Message):
        return _localised(value).render(gettext, _plural, fill)
    return "" if value is None else str(value)


def finalize(value: Any) -> Any:
    """Jinja's finaliser: a Message printed in a template is translated first."""
    if isinstance(value, Message):
        return _localised(value).render(gettext, _plural, fill)
    return "" if value is None else value


class FillingDomain(Domain):  # type: ignore[misc]
    """Flask-Babel's message domain, with every value put in by :func:`fill` (Python's
    ``gettext(…, name=…)`` and its siblings)."""

    def gettext(self, string: str, **variables: Any) -> str:
        text = self.get_translations().ugettext(string)
        return fill(text, variables) if variables else text

    def ngettext(self, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return fill(self.get_translations().ungettext(singular, plural, num), variables)

    def pgettext(self, context: str, string: str, **variables: Any) -> str:
        text = self.get_translations().upgettext(context, string)
        return fill(text, variables) if variables else text

    def npgettext(self, context: str, singular: str, plural: str, num: int,
                  **variables: Any) -> str:
        variables.setdefault("num", num)
        return fill(self.get_translations().unpgettext(context, singular, plural, num),
                    variables)


def _markup(context: Context, text: str) -> str:
    return Markup(text) if context.eval_ctx.autoescape else text


# The templates' gettext family, as Jinja's "newstyle" gettext (jinja2.ext): always a format
# string, escaped values in an autoescaped template; the values put in by fill().
@pass_context
def _template_gettext(context: Context, string: str, **variables: Any) -> str:
    return fill(_markup(context, get_translations().ugettext(string)), variables)


@pass_context
def _template_ngettext(context: Context, singular: str, plural: str, num: int,
                       **variables: Any) -> str:
    variables.setdefault("num", num)
    return fill(_markup(context, get_translations().ungettext(singular, plural, num)),
                variables)


@pass_context
def _template_pgettext(context: Context, msgctxt: str, string: str, **variables: Any) -> str:
    variables.setdefault("context", msgctxt)
    return fill(_markup(context, get_translations().upgettext(msgctxt, string)), variables)


@pass_context
def _template_npgettext(context: Context, msgctxt: str, singular: str, plural: str, num: int,
                        **variables: Any) -> str:
    variables.setdefault("context", msgctxt)
    variables.setdefault("num", num)
    return fill(_markup(context, get_translations().unpgettext(msgctxt, singular, plural, num)),
                variables)


def switch_links() -> list[tuple[str, str, str, bool]]:
    """(locale, its name, the current URL in that language, is current) for the switcher."""
    current = str(get_locale() or "en")
    if g.get("error_page"):
        # An error page names no path: a hidden page and a missing one must answer the
        # same bytes (docs/privacy.md), so its switcher leads to the front page.
        return [(locale, LANGUAGE_NAMES[locale], f"/?lang={locale}", locale == current)
                for locale in LOCALES]
    args = request.args.to_dict(flat=False)
    links = []
    for locale in LOCALES:
        query = {**args, "lang": [locale]}
        parts = [f"{_quote(key)}={_quote(item)}" for key, values in query.items()
                 for item in values]
        links.append((locale, LANGUAGE_NAMES[locale], f"{request.path}?{'&'.join(parts)}",
                      locale == current))
    return links


def _quote(text: str) -> str:
    from urllib.parse import quote
    return quote(text, safe="")


def init_i18n(app: Flask) -> None:
    """Remember a chosen language, translate Messages in templates, expose the switcher."""
    app.jinja_env.finalize = finalize
    app.jinja_env.globals.update(html_lang=html_lang, language_links=switch_links,
                                 translate=translate, join_list=join_list)
    # Every value put into a sentence goes through fill(): Flask-Babel's default domain (a
    # cached property of its one instance, which the app's config names) and the templates'
    # gettext family, installed by Flask-Babel and replaced here.
    state = app.extensions["babel"]
    vars(state.instance)["domain_instance"] = FillingDomain(domain=state.default_domain)
    app.jinja_env.globals.update(gettext=_template_gettext, ngettext=_template_ngettext,
                                 pgettext=_template_pgettext, npgettext=_template_npgettext)

    @app.after_request
    def _remember(response: Response) -> Response:
        # A response that translated nothing (a redirect: the QR code's address of a phone)
        # still remembers a ``?lang=`` it was asked in, for the page it leads to.
        locale = g.get("remember_locale") or normalise(request.args.get("lang"))
        if locale:
            response.set_cookie(COOKIE, locale, max_age=COOKIE_AGE, samesite="Lax",
                                httponly=True,
                                secure=bool(app.config.get("SESSION_COOKIE_SECURE")))
        response.vary.add("Cookie")
        response.vary.add("Accept-Language")
        return response
