"""The web layer's shared helpers, used by the app's setup (``ladder/web/__init__.py``) and by
every blueprint; none of them is a blueprint.

:mod:`.htmx` (the only code touching the htmx headers), :mod:`.forms` (the base of the
declared forms), :mod:`.errors` (service errors to HTTP), :mod:`.guards` (login and CSRF
answers), :mod:`.visibility` (the public pages' gate), :mod:`.cache` (the page cache),
:mod:`.readiness` (the 503 page of a database that cannot serve, ``/healthz``),
:mod:`.request_state` (what one request knows: settings, club state, names, actor),
:mod:`.check_state`, :mod:`.i18n` (the reader's language), :mod:`.formatting` (template
filters), :mod:`.cells`, :mod:`.competition_words`, :mod:`.night_words`,
:mod:`.competition_exports`, :mod:`.urls` (addresses built once per request),
:mod:`.request_values` (typed values read safely), :mod:`.paging`, :mod:`.qr`.
"""
