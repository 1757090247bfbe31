"""Blueprint 'guide' (docs/qualities.md §2): the rules made visible, in the reader's language.

* ``guide.ladder``    — ``/guide/ladder``: how the club rating works, with the club's settings;
* ``guide.tiebreaks`` — ``/guide/tiebreaks``: every tie-break in plain words, the editions;
* ``guide.pairing``   — ``/guide/pairing``: how a club night is paired (Swiss and round-robin,
  byes, forbidden pairs, late entries), with examples paired live by the engines;
* ``guide.competitions`` — ``/guide/competitions``: club competitions over a season (Keizer,
  the slow Swiss and the slow round-robin), with examples computed live by the engines;
* ``guide.faq``       — ``/guide/faq``: the questions members and parents ask.

Like the tools, the guide is public in every visibility mode (it is not a ``public_route``):
it shows no member, no event and no name of the club — only the club's rating settings and
invented example data, whose every number is computed by the engines (:mod:`.examples`).
Like them it is served through the page cache (:mod:`ladder.web.support.cache`: ETag, 304, one
render per generation and language).
``/guide``, ``/help`` and ``/faq`` redirect here.
"""

from __future__ import annotations

from flask import Blueprint, Flask, g, redirect, render_template, url_for
from flask_babel import get_locale
from werkzeug.wrappers import Response

from ...club.consent import JUNIOR_AGE, LAW_AGES, every_junior_needs_a_guardian
from ...rating import RatingOptions
from ...tiebreaks.codes import NAMES
from ..support.cache import register_cache
from ..support.request_state import club_settings, club_state
from . import texts
from .examples import initials_examples, ladder_examples, tiebreak_examples

bp = Blueprint("guide", __name__, url_prefix="/guide")

#: The tie-breaks the guide lists, grouped as the page explains them.
FIDE_NAMES = ("BH", "SB", "PS", "DE", "KS", "WIN", "WON", "BPG", "BWG", "ARO", "TPR", "PTP",
              "APRO", "APPO", "AOB", "FB", "REP", "STD")
USCF_NAMES = ("MM", "SOLK", "HARK", "CUM", "OPCUM", "KASH", "MB")


def club_options() -> RatingOptions:
    """The club's rating settings (only numbers: nothing else of a private club shows)."""
    from ...services.replay import rating_options
    return rating_options(club_settings())


@bp.before_request
def _not_for_search_engines() -> None:
    # A private or unlisted club's guide is still answered (it shows only settings), but it
    # is not for search engines: it carries the club's name. (The small per-request read, so
    # that a cached answer opens no ORM session.)
    if club_state().visibility != "public":
        g.noindex = True


# After the hook above (a cached answer still needs its noindex): the guide depends only on
# the club's settings (part of the generation), the locale and the query string.
register_cache(bp)


@bp.context_processor
def _helpers() -> dict[str, object]:
    from ...club.prizes import money
    return {"money": money}


@bp.get("")
@bp.get("/")
def index() -> Response:
    """The guide starts with the ladder."""
    return redirect(url_for("guide.ladder"), code=302)


@bp.get("/ladder")
def ladder() -> str:
    """How the club rating works, with this club's settings and live examples."""
    return render_template("guide/ladder.html", ex=ladder_examples(club_options()))


@bp.get("/tiebreaks")
def tiebreaks() -> str:
    """Every tie-break in plain words, the editions, prizes and the fixed order."""
    known = [name for name in (*FIDE_NAMES, *USCF_NAMES) if name in NAMES]
    return render_template("guide/tiebreaks.html", tb=tiebreak_examples(),
                           fide_names=[n for n in known if n in FIDE_NAMES],
                           uscf_names=[n for n in known if n in USCF_NAMES])


@bp.get("/pairing")
def pairing() -> str:
    """How a club night is paired, with examples paired live by the Dutch engine and Berger."""
    from ...club.night import PAIRING_NUMBER_RULE
    from ..support.night_words import sentence
    from .pairing_examples import pairing_examples
    return render_template("guide/pairing.html", px=pairing_examples(),
                           rule=PAIRING_NUMBER_RULE, say=sentence)


@bp.get("/competitions")
def competitions() -> str:
    """Club competitions over a season: Keizer, the slow Swiss and the slow round-robin, with
    examples computed live by the engines."""
    from ...competition.keizer_params import DEFAULTS
    from ...competition.words import share_text
    from ..support.competition_words import HOW_WORDS, word
    from .competition_examples import competition_examples
    return render_template("guide/competitions.html", cx=competition_examples(),
                           defaults=DEFAULTS, how_words=HOW_WORDS, word=word, share=share_text)


@bp.get("/faq")
def faq() -> str:
    """The questions members and parents ask, answered with live numbers."""
    consent_age = club_settings().consent_age
    return render_template("guide/faq.html", ex=ladder_examples(club_options()),
                           tb=tiebreak_examples(),
                           initials=initials_examples(str(get_locale() or "en")),
                           consent_age=consent_age, junior_age=JUNIOR_AGE, law_ages=LAW_AGES,
                           every_junior_needs_a_guardian=every_junior_needs_a_guardian(
                               consent_age))


#: The mark of a game that did not count (its reason is always given in words beside it).
NC_SYMBOL = "†"


def register_guide(app: Flask) -> None:
    """The app-wide pieces: ``/help`` and ``/faq`` lead to the guide (they were 404s), and
    the template globals with which the data pages mark uncounted games and name tie-breaks."""
    app.jinja_env.globals.update(
        nc_symbol=NC_SYMBOL, uncounted_reason=texts.reason,
        uncounted_anchor=texts.reason_anchor, uncounted_summary=texts.reasons_summary,
        tiebreak_plain=texts.plain, tiebreak_anchor=texts.anchor)
    app.add_url_rule("/help", "guide_help", lambda: redirect(url_for("guide.ladder"), 302))
    app.add_url_rule("/faq", "guide_faq", lambda: redirect(url_for("guide.faq"), 302))
