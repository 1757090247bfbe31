# Club Ladder — the two commands: `make run` and `make test` (README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test install install-test translations messages chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

## The packages are installed by uv (itself installed into the venv by the venv's pip): from a
## fresh clone `make install-test` took 24.2 s with pip and 6.3 s with uv (docs/development.md),
## the same packages at the same versions. Should uv not install, or not install the packages
## (no uv for this platform, a package index only pip is configured for), pip installs them.
UV_VERSION := uv>=0.13,<0.14
install_packages = { $(BIN)/pip install --quiet --disable-pip-version-check '$(UV_VERSION)' && \
	  $(BIN)/uv pip install --quiet --python $(BIN)/python $(1); } || { \
	  echo "uv did not install the packages; installing them with pip"; \
	  $(BIN)/pip install --quiet --disable-pip-version-check $(1); }

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(call install_packages,-e .)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(call install_packages,-e '.[test]')
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed translations

install-test: $(VENV)/.installed-test translations

## The catalogues under translations/ are committed as .po; the .mo files are compiled here
## (by both README commands), never by hand and never committed.
PO := $(wildcard translations/*/LC_MESSAGES/messages.po)
MO := $(PO:.po=.mo)
translations: $(MO)
translations/%/LC_MESSAGES/messages.mo: translations/%/LC_MESSAGES/messages.po | $(VENV)/.installed
	$(BIN)/pybabel -q compile -d translations -l $*

## make messages: extract every message into translations/messages.pot and merge it into the
## catalogues (new messages arrive untranslated; the catalogue test then says what is missing).
KEYWORDS := -k _l -k N_ -k msg -k msgn:1,2 -k lazy_gettext -k lazy_pgettext:1c,2 -k pgettext:1c,2 \
  -k npgettext:1c,2,3
messages: | $(VENV)/.installed
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) --no-wrap --sort-by-file \
	  --add-comments=TRANSLATORS: -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-wrap \
	  --ignore-obsolete

## make run: install, compile the translations, create/upgrade the database, load the demo
## club when empty, serve.
run: install
	$(BIN)/ladder init
	$(BIN)/ladder demo --if-empty
	$(BIN)/ladder run --host $(HOST) --port $(PORT)

## Debian's Chromium headless shell for the browser tests (Playwright cannot download its own
## browser here; the shell is Chromium's build for automation, tests/e2e/conftest.py), and the
## Noto CJK fonts so Hangul and Han render (and measure) as a reader's phone shows them.
chromium:
	@{ command -v chromium-headless-shell >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; } || { \
	  echo "Installing Debian's chromium-headless-shell and fonts-noto-cjk for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium-headless-shell fonts-noto-cjk >/dev/null; }

## make test: every test — unit, service, web and real-browser — spread over every core
## (pytest-xdist), then the 25 slowest. One test process more than the cores: browser and
## served tests wait (a poll, a server starting), and the extra process keeps the cores busy
## meanwhile (docs/development.md: 3 processes on 2 cores took 334 and 328 s, 2 took 353 and
## 374 s, run in turns). `make test TEST_JOBS=auto` runs one per core, `TEST_JOBS=0` all in
## this one process. Python may keep its compiled bytecode here (and pytest its rewritten
## test modules, in the __pycache__ folders .gitignore leaves out): an environment that
## forbids it (PYTHONDONTWRITEBYTECODE) makes every test process and every server a test
## starts compile the whole package again.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null) && echo $$((n + 1)) || echo auto)
test: install-test chromium
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup \
	  --durations=25 $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
