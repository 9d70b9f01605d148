"""A refusal in words, the one way it is said wherever it is said: on the command line, in
guided play, on the host's page and on the table's screen.

The engine's parameters are ids and 0-based seats; a person reads seats as names, ids as
names in the language (a house rule's by the theme's ids), lists joined, what the record
proves in sentences (`proof`), and typed input with what would act on a terminal written
out. Where nothing is typed (guided
play, the host's page: `typed=False`), a refusal whose words name a command or an option
to type says the same without them (`untyped.<code>` in the catalogues), since the next
question follows it there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from moderator import i18n

#: Parameters that hold a module, variant or character id, shown by their name.
NAMED = frozenset({"module", "variant", "role", "first", "second", "card", "character"})
#: Where the words of a refusal are kept that say it without a command to type.
UNTYPED = "untyped"


def said(code: str, params: Mapping[str, object], names: Sequence[str], lang: str,
         typed: bool = True) -> str:
    """The refusal `code` with its parameters in words; with `typed` False, where nothing
    is typed, without a command or option to type when it names one."""
    if not typed and i18n.has(lang, f"{UNTYPED}.{code}"):
        code = f"{UNTYPED}.{code}"
    return i18n.t(lang, code, **readable(params, names, lang))


def readable(params: Mapping[str, object], names: Sequence[str],
             lang: str = i18n.DEFAULT) -> dict:
    """Engine parameters as a person reads them: seats as names, ids as names, lists joined,
    what the record proves in words, typed text escaped."""
    from moderator.i18n.theming import point_name, value_name

    if "proofs" in params:
        from moderator.narration import proof

        params = proof.readable(params, names, lang)
    theme, setting = i18n.theme(), params.get("setting")
    shown: dict[str, object] = {}
    for key, value in params.items():
        if key == "seat" and type(value) is int and 0 <= value < len(names):
            value = names[value]
        elif key == "setting" and isinstance(value, str):  # a house rule, in the theme's ids
            value = point_name(value, theme)
        elif key in ("value", "values") and isinstance(value, str) and isinstance(setting, str):
            value = ", ".join(value_name(setting, v, theme) for v in value.split(", "))
        elif key == "known" and isinstance(value, str):  # ids: a theme renames settings alone
            value = ", ".join(point_name(v, theme) for v in value.split(", "))
        elif key in NAMED and isinstance(value, str):
            shown[f"{key}_id"] = value  # the id as typed, beside its name in the language
            value = _name_of(lang, value, "character" if key == "character" else "module")
        elif key in ("characters", "cards") and isinstance(value, str):
            value = ", ".join(_name_of(lang, item) for item in value.split(", "))
        elif key == "card_shown" and isinstance(value, str) and i18n.has(lang, f"{key}.{value}"):
            value = i18n.t(lang, f"{key}.{value}")  # the Hunter's accused card, in words
        elif key == "missions" and isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        elif key == "together" and isinstance(value, (list, tuple)):  # "1 and 3", „1 und 3“
            value = i18n.listed(lang, (str(v) for v in value))
        shown[key] = escaped(value) if isinstance(value, str) else value
    return shown


def _name_of(lang: str, item: str, first: str = "module") -> str:
    """An id's name: a module's, a variant's, a character's or a Plot card's (the
    Commander is a module's id and a character's: `first` says which it is)."""
    for section in dict.fromkeys((first, "module", "variant", "character", "plot_card")):
        if i18n.has(lang, f"{section}.{item}"):
            return i18n.t(lang, f"{section}.{item}")
    return item


def escaped(text: str) -> str:
    """Typed input echoed in a message, with what would act on a terminal instead of
    showing (an escape sequence, a line break, a bidirectional override) written as `\\x1b`."""
    if text.isprintable():
        return text
    from moderator.session import acting

    return "".join(char.encode("unicode_escape").decode("ascii") if acting(char) else char
                   for char in text)
