"""Message catalogues: dotted keys loaded from <lang>.yaml, package data next to this module.

Placeholders are ``str.format`` fields. A leaf that is a mapping of plural forms (``one``,
``other``, optionally ``zero``) is chosen by the ``count`` parameter, and ``{count_word}`` says
that count as a word (the ``number`` section), as a spoken line needs it.

The YAML files are the source; parsing one takes longer than all the rest of a command's
start, so each is parsed once and kept, flattened, by `moderator.kept` (keyed by a hash of the
file and of what identifies this module's code). A language is loaded only when a text of it
is asked for.

Themes (rules.md §14): role, side, module and mission words are written ``{@word}`` in the
catalogues and filled from the theme's name table for the language,
``themes/<theme>.<lang>.yaml`` (its ``names``); a theme may also replace a few whole texts
(its ``text``). The default theme, ``resistance``, gives the game's own words. The theme in
use is a value of the call, never of the process: `speaking(theme)` speaks it for the block
it wraps, in this thread alone (a thread's own value), and `use_theme` changes it within that
block (a command, once its game is loaded). A long-running process (the display serves
several games, a night can mix themes) speaks each game's words only where it says so; any
other thread speaks the default.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
import threading
from contextlib import contextmanager
from functools import cache
from typing import Any

LANGUAGES = ("en", "de")
DEFAULT = "en"
PLURAL_FORMS = frozenset({"zero", "one", "other"})
THEMES = ("resistance", "avalon")
DEFAULT_THEME = "resistance"
#: A word from the theme's name table: ``{@spies}``; ``{@Spies}`` is the same word with a
#: capital first letter (at the start of a sentence).
THEME_WORD = re.compile(r"\{@(\w+)\}")

#: The theme spoken now (`theme`): per thread and per `speaking` block, never the
#: process's. (A thread's own value, as `threading` is loaded anyway: `contextvars` would
#: add to every command's start.)
_spoken = threading.local()


def use_theme(theme: str | None) -> None:
    """Speak `theme` for the rest of the `speaking` block this runs in (None: the default):
    a command, once it has loaded its game."""
    _spoken.theme = theme if theme in THEMES else DEFAULT_THEME


def theme() -> str:
    return getattr(_spoken, "theme", DEFAULT_THEME)


@contextmanager
def speaking(theme: str | None) -> Iterator[None]:
    """Speak `theme` (None: the default) for the block, in this thread; then as before."""
    before = getattr(_spoken, "theme", DEFAULT_THEME)
    use_theme(theme)
    try:
        yield
    finally:
        _spoken.theme = before


def choose(explicit: str | None = None) -> str:
    """`--lang`, then MODERATOR_LANG, then the locale, then English (design.md §4)."""
    for candidate in (explicit, os.environ.get("MODERATOR_LANG")):
        if candidate:
            return candidate if candidate in LANGUAGES else DEFAULT
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str | dict[str, str]]:
    flat: dict[str, str | dict[str, str]] = {}
    for key, value in tree.items():
        if not isinstance(key, str):
            raise TypeError(f"non-string key {key!r} under {prefix!r} (unquoted yes/no/on/off?)")
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and value and set(value) <= PLURAL_FORMS:
            flat[path] = {form: str(text) for form, text in value.items()}
        elif isinstance(value, Mapping):
            flat.update(_flatten(value, f"{path}."))
        elif isinstance(value, str):
            flat[path] = value
        else:
            raise TypeError(f"{path}: expected text, got {value!r}")
    return flat


@cache
def code() -> bytes:
    """What identifies this package's code, which says how its files are read: once a run, for
    every kept form made from them."""
    from moderator import resources

    return resources.code(__name__)


@cache
def sources(lang: str) -> tuple[bytes, bytes]:
    """What a language's catalogue is made from: its YAML file (package data), and what
    identifies this module's code (which says how the file is read)."""
    from moderator import resources

    return resources.data(__name__, f"{lang}.yaml"), code()


@cache
def theme_sources(theme: str, lang: str) -> tuple[bytes, bytes]:
    """A theme's name table and texts for a language (package data), and what identifies this
    module's code."""
    from moderator import resources

    return resources.data(__name__, f"themes/{theme}.{lang}.yaml"), code()


@cache
def theme_table(theme: str, lang: str) -> dict[str, dict]:
    """``names`` (word -> text) and ``text`` (catalogue key -> text replacing it)."""
    from moderator import kept

    def make() -> dict[str, dict]:
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        tree = yaml.load(theme_sources(theme, lang)[0].decode("utf-8"), Loader=loader) or {}
        return {"names": {str(k): str(v) for k, v in (tree.get("names") or {}).items()},
                "text": _flatten(tree.get("text") or {})}

    return kept.form(f"theme-{theme}-{lang}", theme_sources(theme, lang), make)


def word(lang: str, name: str) -> str:
    """One word of the theme's name table; a capital first letter asks for a capitalised
    word."""
    names = theme_table(theme(), lang)["names"]
    if name in names:
        return names[name]
    lower = name[:1].lower() + name[1:]
    return capitalised(names[lower])


def themed(lang: str, text: str) -> str:
    """`text` with its theme words filled in."""
    if "{@" not in text:
        return text
    return THEME_WORD.sub(lambda match: word(lang, match.group(1)), text)


def entry(lang: str, key: str) -> str | dict[str, str]:
    """A catalogue entry as the theme in use has it (its own text if it replaces the key),
    theme words not yet filled."""
    spoken = theme()
    if spoken != DEFAULT_THEME:
        replaced = theme_table(spoken, lang)["text"].get(key)
        if replaced is not None:
            return replaced
    return catalogue(lang)[key]


@cache
def catalogue(lang: str) -> dict[str, str | dict[str, str]]:
    from moderator import kept

    return kept.form(f"catalogue-{lang}", sources(lang), lambda: parse(sources(lang)[0]))


def parse(text: bytes) -> dict[str, str | dict[str, str]]:
    """A catalogue from its YAML source, flattened to dotted keys."""
    import yaml  # only here: a kept catalogue needs no parser

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return _flatten(yaml.load(text.decode("utf-8"), Loader=loader) or {})


def t(lang: str, key: str, /, **params: object) -> str:
    """The text of `key` in `lang`, in the theme's words, filled with `params`."""
    found = entry(lang, key)
    if isinstance(found, dict):
        count = params["count"]
        if count == 0 and "zero" in found:
            found = found["zero"]
        else:
            found = found["one" if count == 1 else "other"]
    if "{count_word}" in found:
        number = catalogue(lang).get(f"number.{params['count']}")
        params = {**params, "count_word": number if isinstance(number, str) else params["count"]}
    return themed(lang, found).format(**params)


def has(lang: str, key: str) -> bool:
    return key in catalogue(lang)


def capitalised(text: str) -> str:
    """A sentence begins with a capital, however its first word came (a name, a theme's
    word, a clause said under another)."""
    return text[:1].upper() + text[1:]


def listed(lang: str, items: Iterable[str]) -> str:
    """Names as a host says them in a sentence: "Anna, Ben and Carl", „Anna, Ben und Carl“."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t(lang, 'listed.and')} {items[-1]}"


def possessive(lang: str, name: str) -> str:
    """A player's name as the owner of something: "Anna's team", „Annas Team“; German adds only
    an apostrophe after s, ß, x and z („Hans’ Team“)."""
    if lang == "de":
        return name + ("’" if name[-1:].casefold() in ("s", "ß", "x", "z") else "s")
    return f"{name}'s"
