"""Message catalogues: dotted keys loaded from <lang>.yaml next to this file.

Placeholders are ``str.format`` fields. A leaf that is a mapping of plural forms (``one``,
``other``, optionally ``zero``) is chosen by the ``count`` parameter, and ``{count_word}`` says
that count as a word (the ``number`` section), as a spoken line needs it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
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
def catalogue(lang: str) -> dict[str, str | dict[str, str]]:
    import yaml  # only here: `moderator --version` must not pay for it

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    text = files(__package__).joinpath(f"{lang}.yaml").read_text(encoding="utf-8")
    return _flatten(yaml.load(text, Loader=loader) or {})


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
