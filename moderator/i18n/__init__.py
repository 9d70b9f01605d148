"""Message catalogues: dotted keys loaded from <lang>.yaml next to this file.

Placeholders are ``str.format`` fields. A leaf that is a mapping of plural forms (``one``,
``other``, optionally ``zero``) is chosen by the ``count`` parameter, and ``{count_word}`` says
that count as a word (the ``number`` section), as a spoken line needs it.

The YAML files are the source; parsing one takes longer than all the rest of a command's
start, so each is parsed once and kept, flattened, by `moderator.kept` (keyed by a hash of the
file and of this module). A language is loaded only when a text of it is asked for.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

LANGUAGES = ("en", "de")
DEFAULT = "en"
PLURAL_FORMS = frozenset({"zero", "one", "other"})


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
def sources(lang: str) -> tuple[bytes, bytes]:
    """What a language's catalogue is made from: its YAML file, and this module (which says
    how the file is read), as they are on disk."""
    here = os.path.dirname(__file__)
    with open(os.path.join(here, f"{lang}.yaml"), "rb") as text, \
            open(os.path.join(here, "__init__.py"), "rb") as code:
        return text.read(), code.read()


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
    """The text of `key` in `lang`, filled with `params`."""
    entry = catalogue(lang)[key]
    if isinstance(entry, dict):
        count = params["count"]
        if count == 0 and "zero" in entry:
            entry = entry["zero"]
        else:
            entry = entry["one" if count == 1 else "other"]
    if "{count_word}" in entry:
        word = catalogue(lang).get(f"number.{params['count']}")
        params = {**params, "count_word": word if isinstance(word, str) else params["count"]}
    return entry.format(**params)


def has(lang: str, key: str) -> bool:
    return key in catalogue(lang)


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
