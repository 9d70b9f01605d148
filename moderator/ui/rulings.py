"""Rich views of rulings: a rules topic, what applies now, and the house-rule settings.

They return renderables and print nothing, so the command line and the guided loop show a
ruling the same way. Every text is a `rich.text.Text`, never markup: names and catalogue
texts are shown as written. The ids a host reads or types (topics, settings, readings, values)
are the game's theme's (`merlin`, `lady-of-the-lake-targeting-timing`, `quest-spaces`); the
rulings hold the engine's, as `--json` shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from moderator import i18n
from moderator.reference import HouseRule, Now, Reading, Ruling
from moderator.reference.sections import Section


def ruling(found: Ruling, lang: str):
    """A topic in full: the answer first, then the detail, the open points, the source. When
    no topic fits the question well, the nearest topics to choose from instead."""
    from rich.console import Group
    from rich.text import Text

    if not found.sure:
        nearest = [(found.topic, found.title), *found.others]
        return Group(Text(i18n.t(lang, "reference.unsure", count=len(nearest)), style="bold"),
                     Text("\n".join(_other(topic, title, lang) for topic, title in nearest)),
                     Text(i18n.t(lang, "reference.unsure_hint"), style="dim"))
    return Group(short(found), details(found, lang))


def short(found: Ruling):
    """A topic's title and short answer: what guided play shows first, within any screen."""
    from rich.console import Group
    from rich.text import Text

    return Group(Text(found.title, style="bold"), Text(found.answer))


def details(found: Ruling, lang: str):
    """The rest of a topic: the detail, the open points, the source, the topics to read."""
    from rich.console import Group
    from rich.text import Text

    parts = [Text(found.detail)]
    if found.note:
        parts.append(Text(found.note))
    if found.applies:
        parts.append(Text(found.applies, style="italic"))
    for setting in found.unsettled:
        parts.append(_setting(setting, lang, i18n.t(
            lang, "reference.unsettled", setting=_point(setting.id), section=setting.section,
            title=setting.title)))
    parts += [_reading(point, lang) for point in found.readings]
    parts.append(Text(found.source, style="dim"))
    parts += _read_more(found.others, lang, "reference.others")
    return Group(*parts)


def section(found: Section, lang: str):
    """A section of the rules reference: its number and title, then its text as written
    (the reference is in English; another language says so above it)."""
    from rich.console import Group
    from rich.text import Text

    parts = [Text(f"§{found.number} {found.title}", style="bold")]
    if lang != "en":
        parts.append(Text(i18n.t(lang, "reference.section_in_english"), style="italic"))
    parts.append(Text(found.text))
    return Group(*parts)


def now(current: Now, game_id: str, lang: str):
    """What applies in the game right now, and which topics to read for more."""
    from rich.console import Group
    from rich.text import Text

    parts = [Text(i18n.t(lang, "reference.heading", game=game_id), style="bold")]
    parts += [Text(line) for line in current.lines]
    parts += _read_more(current.topics, lang, "reference.read_more")
    return Group(*parts)


def house_rules(settings: list[HouseRule], lang: str, readings: Sequence[Reading] = (),
                game: str | None = None):
    """The house-rule settings: why each is open, its values, the default first; then the
    points moderator plays one way without a setting (rules.md §13.1). Those of `game`, when
    it is named: the heading says so, and how to see every one."""
    from rich.console import Group
    from rich.text import Text

    heading = i18n.t(lang, "reference.house_rules_of", game=game) if game else \
        i18n.t(lang, "reference.house_rules")
    parts = [Text(heading, style="bold")]
    if game and not settings and not readings:
        parts.append(Text(i18n.t(lang, "reference.house_rules_none")))
    for setting in settings:
        heading = i18n.t(lang, "reference.house_rule", setting=_point(setting.id),
                         section=setting.section, title=setting.title)
        parts.append(Text(""))
        parts.append(_setting(setting, lang, heading, why=True))
    if readings:
        parts += [Text(""), Text(i18n.t(lang, "reference.readings_heading"), style="bold")]
    for point in readings:
        parts += [Text(""), _reading(point, lang)]
    return Group(*parts)


def _reading(point: Reading, lang: str):
    from rich.text import Text

    return Text(i18n.t(lang, "reference.reading", point=_point(point.id),
                       section=point.section, title=point.title, how=point.how))


def _setting(setting: HouseRule, lang: str, heading: str, why: bool = False):
    from rich.text import Text

    text = Text(heading, style="bold" if why else "")
    if why:
        text.append("\n" + setting.why, style="")
    for choice in setting.choices:
        key = "reference.default" if choice.default else "reference.alternative"
        text.append("\n" + i18n.t(lang, key, value=_value(setting.id, choice.value),
                                  text=choice.text), style="")
    if setting.chosen not in (None, setting.default):  # a default needs no second mention
        chosen = next(c for c in setting.choices if c.value == setting.chosen)
        text.append("\n" + i18n.t(lang, "reference.chosen", value=_value(
            setting.id, chosen.value), text=chosen.text), style="bold")
    return text


def _point(point: str) -> str:
    """A setting's or reading's id as the game's theme shows it."""
    from moderator.i18n.theming import point_name

    return point_name(point, i18n.theme())


def _value(setting: str, value: str) -> str:
    from moderator.i18n.theming import value_name

    return value_name(setting, value, i18n.theme())


def _read_more(topics, lang: str, heading: str) -> list:
    from rich.text import Text

    if not topics:
        return []
    lines = [_other(topic, title, lang) for topic, title in topics]
    return [Text(i18n.t(lang, heading), style="dim"), Text("\n".join(lines), style="dim")]


def _other(topic: str, title: str, lang: str) -> str:
    """Another topic to read, by the id the game's theme gives it (`moderator rules merlin`)."""
    from moderator.i18n.theming import topic_name

    return i18n.t(lang, "reference.other", title=title, topic=topic_name(topic, i18n.theme()))
