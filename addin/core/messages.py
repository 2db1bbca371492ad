"""Sentences for the organiser, in the organiser's language (French by default, English on request).

Every sentence a user can see is written once in the code, in English, as a template with
named fields: ``TournamentError("The file {path} does not exist.", path=path)``. That English
template is the message's identifier (gettext's *msgid*); the French text lives in one
catalogue, ``addin/locale/fr/LC_MESSAGES/appariements.po``, compiled to the ``.mo`` file beside
it (``python tools/catalogue.py``; a test keeps both in step). At run time only the standard
library's :mod:`gettext` reads the ``.mo``, so the catalogue also works under Pyodide.

A message is translated when it is shown, not when it is raised: the door that shows it
(command line, Excel cell, button alert) chooses the language with :func:`language`; without
one, the environment variable ``APPARIEMENTS_LANG`` decides, then the system's locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``: ``en_GB.UTF-8`` is English, ``fr_FR.UTF-8`` French), and French
otherwise (``C.UTF-8``, a German locale, nothing set). A template
that the catalogue does not know is shown in English, so a missing translation never hides a
message.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import io
import os

TYPE_CHECKING = False  # typing stays off the import path of a Molter library lookup (annotations only)
if TYPE_CHECKING:
    import gettext
    from typing import Any, Iterator

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"
DOMAIN = "appariements"
ENV_VAR = "APPARIEMENTS_LANG"
#: the system's locale variables, in the order POSIX consults them for messages
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")

_chosen: contextvars.ContextVar[str | None] = contextvars.ContextVar("appariements_lang", default=None)


def current_lang() -> str:
    """The language of the messages shown now: the door's choice, else the environment, else French."""
    lang = _chosen.get() or os.environ.get(ENV_VAR, "").strip().lower() or _system_lang()
    return lang if lang in LANGS else DEFAULT_LANG


def chosen_lang() -> str | None:
    """The language the organiser chose for this run (``--lang``, else ``APPARIEMENTS_LANG``), or None.

    A command that reads an event workbook speaks the workbook's language when none is chosen
    (``appariements export-trf`` on an English workbook answers in English).
    """
    lang = _chosen.get() or os.environ.get(ENV_VAR, "").strip().lower()
    return lang if lang in LANGS else None


def workbook_lang() -> str:
    """The language of a workbook, a CSV or a table the run writes: the run's ``--lang``, else the system's
    locale, else French. ``APPARIEMENTS_LANG`` chooses the sentences only (the test suite's and xlwings
    Lite's switch), so it never turns a French organiser's workbook English."""
    lang = _chosen.get() or _system_lang()
    return lang if lang in LANGS else DEFAULT_LANG


def _system_lang() -> str:
    """The language of the system's locale (``en_US.UTF-8`` → ``en``), or "" when none is set."""
    for name in LOCALE_VARS:
        value = os.environ.get(name, "").strip()
        if value:
            return value[:2].lower()
    return ""


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Show messages in ``lang`` (``"fr"`` or ``"en"``) inside the ``with`` block; ``None`` keeps the current one."""
    if lang is None or str(lang).strip().lower() not in LANGS:
        yield current_lang()
        return
    token = _chosen.set(str(lang).strip().lower())
    try:
        yield current_lang()
    finally:
        _chosen.reset(token)


def set_language(lang: str | None) -> None:
    """Choose the language for the rest of the enclosing :func:`scope` (a command-line run): ``fr`` or ``en``."""
    if lang is not None and str(lang).strip().lower() in LANGS:
        _chosen.set(str(lang).strip().lower())


@contextlib.contextmanager
def scope() -> Iterator[None]:
    """A run whose :func:`set_language` calls end with it (the language before it comes back)."""
    token = _chosen.set(_chosen.get())
    try:
        yield
    finally:
        _chosen.reset(token)


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English is the templates themselves)."""
    import gettext  # here, not at import: a lookup that raises nothing never needs it

    if lang == "en":
        return gettext.NullTranslations()
    data = package_bytes("locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    if data is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


def package_bytes(*parts: str) -> bytes | None:
    """The bytes of a data file of the ``addin`` package, or None if it is missing.

    Read beside the package's own files (``os.path``, cheap to import); when the
    package is not a folder of files (a zip), through :mod:`importlib.resources`.
    """
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        with open(os.path.join(root, *parts), "rb") as fh:
            return fh.read()
    except OSError:
        pass
    try:
        from importlib import resources

        return resources.files("addin").joinpath(*parts).read_bytes()
    except (OSError, ValueError, TypeError, ModuleNotFoundError):
        return None


class Message:
    """A sentence to show: an English template with named fields, rendered in a language on demand."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params: Any):
        self.template = template
        self.params = params

    def text(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: :func:`current_lang`); nested messages follow the same language."""
        lang = lang if lang in LANGS else current_lang()
        translated = catalogue(lang).gettext(self.template)
        if not self.params:
            return translated
        values = {key: (value.text(lang) if isinstance(value, Message) else value)
                  for key, value in self.params.items()}
        return translated.format(**values)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash(self.template)


def tr(template: str, /, **params: Any) -> str:
    """Shorthand: the sentence of ``Message(template, **params)`` in the current language."""
    return Message(template, **params).text()


def N_(template: str) -> str:
    """Mark a template kept in a table (not passed directly to a message) for the catalogue."""
    return template
