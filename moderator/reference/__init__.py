"""Rulings: the rules topics, found from a question, and what applies in a game right now.

    >>> ruling = lookup("does a tie pass?", "en")
    >>> ruling.topic
    'tie'

Everything here returns data (translated text and ids) and prints nothing: the command line
and the guided loop render it with `moderator.ui.rulings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from moderator import i18n
from moderator.i18n.theming import topic_id
from moderator.reference.context import Now, now
from moderator.reference.matching import fold, language, search, sure
from moderator.reference.topics import TOPICS, Topic, arises
from moderator.rules.house_rules import READINGS, SETTINGS
from moderator.rules.setup import MODULES

#: How many other topics a ruling lists after the best one, and how close to the best one's
#: score they must come (a share of it): weaker matches are noise, not help.
OTHERS, OTHERS_SHARE = 4, 0.4
#: How many topics are offered when no topic fits a question well.
NEAREST = 3
#: Below this score nothing the host asked is in the topics: the weakest question of the test
#: table scores about 10, a lone word that only resembles a word of some topic less than 4.
LEAST_SCORE = 4.0


class Choice(NamedTuple):
    """One value of a house-rule setting."""

    value: str
    text: str
    default: bool


class HouseRule(NamedTuple):
    """A point the rules leave open (rules.md §13): why, its values, and this game's choice."""

    id: str
    title: str
    section: str
    why: str
    choices: tuple[Choice, ...]
    chosen: str | None = None  # the game's value, when a game is open

    @property
    def default(self) -> str:
        return self.choices[0].value


class Reading(NamedTuple):
    """A point moderator plays one way without a source or a setting (rules.md §13.1): listed
    as unsettled, with how moderator plays it."""

    id: str
    title: str
    section: str
    how: str


class Ruling(NamedTuple):
    """A topic in full, the settings that decide its open points, and the next best topics."""

    topic: str
    title: str
    answer: str
    detail: str
    section: str  # where in the rules reference (rules.md)
    confidence: str  # the mark of that section: A, B+, B, B-, C or U
    source: str  # section and confidence in words
    applies: str | None  # "only with …" for a module's or a variant's topic
    unsettled: tuple[HouseRule, ...]
    others: tuple[tuple[str, str], ...]  # (topic id, title)
    readings: tuple[Reading, ...] = ()  # unsettled points without a setting (§13.1)
    sure: bool = True  # False: the topic is only the nearest, `others` the next nearest
    lang: str = "en"  # the language it is told in: the question's, when clearly another one
    #: in a theme's game, a topic on the modules in general: The Resistance's own modules may
    #: be played under the theme too (rules.md §14.3.4)
    note: str | None = None


def lookup(query: str, lang: str, settings: Mapping[str, str] | None = None,
           in_play: frozenset[str] | None = None) -> Ruling | None:
    """The ruling a question asks for, in `lang` or in the question's language when it is
    clearly the other one; None if no topic matches it. When no topic fits well, the ruling
    is not `sure` and its `others` are the next nearest topics.

    A topic id (`two-fails`, `strong_leader`) opens that topic. `settings` are the game's
    house rules, so a ruling can say which way this game plays an open point; `in_play` its
    modules and variants, so it names only the open points that can arise in it."""
    wanted = fold(query).strip().replace("_", "-").replace(" ", "-")
    wanted = topic_id(wanted)  # a theme's id: `merlin`, `quest-cards`
    if wanted not in TOPICS:  # an id is no sentence: its words say nothing of the language
        lang = language(query) or lang
    def fits(topic: str) -> bool:  # in a game: a topic of it, not of a module not in play
        needs = TOPICS[topic].needs
        return in_play is None or (arises(topic, in_play) if topic in SETTINGS
                                   else needs is None or needs in in_play)

    if wanted in TOPICS:
        found = search(i18n.t(lang, f"topics.{wanted}.title"), OTHERS + 2)
        found = [(wanted, found[0][1])] + [(t, score) for t, score in found if t != wanted]
    else:
        found = search(query, OTHERS + 1)
        if not found or found[0][1] < LEAST_SCORE:
            return None
        if not sure(query, found):
            nearest = [t for t, _ in found[1:NEAREST]]
            return ruling(found[0][0], lang, settings, nearest, in_play)._replace(sure=False)
    best = found[0][1]
    others = [t for t, score in found[1:OTHERS + 1]
              if score >= OTHERS_SHARE * best and fits(t)]
    return ruling(found[0][0], lang, settings, others, in_play)


def ruling(topic_id: str, lang: str, settings: Mapping[str, str] | None = None,
           others: Sequence[str] = (), in_play: frozenset[str] | None = None) -> Ruling:
    """One topic as a ruling; with a game's modules and variants `in_play`, only the open
    points that can arise in it."""
    topic = TOPICS[topic_id]
    text = lambda part: i18n.t(lang, f"topics.{topic_id}.{part}")  # noqa: E731
    return Ruling(
        topic=topic_id,
        title=text("title"),
        answer=text("answer"),
        detail=text("detail"),
        section=topic.section,
        confidence=topic.confidence,
        source=source(topic, lang),
        applies=applies(topic, lang),
        unsettled=tuple(house_rule(s, lang, settings) for s in topic.settings
                        if _arises(s, in_play)),
        others=tuple((other, i18n.t(lang, f"topics.{other}.title")) for other in others),
        readings=tuple(reading(r, lang, in_play) for r in topic.readings
                       if _arises(r, in_play)),
        lang=lang,
        note=i18n.t(lang, "reference.theme_modules")
        if topic.general and i18n.theme() != i18n.DEFAULT_THEME else None,
    )


def source(topic: Topic, lang: str) -> str:
    return i18n.t(lang, "reference.source", section=topic.section, mark=topic.confidence,
                  meaning=i18n.t(lang, f"reference.confidence.{topic.confidence[0]}"))


def applies(topic: Topic, lang: str) -> str | None:
    if topic.needs is None:
        return None
    kind = "variant" if i18n.has(lang, f"variant.{topic.needs}") else "module"
    return i18n.t(lang, "reference.applies", name=i18n.t(lang, f"{kind}.{topic.needs}"))


def house_rule(setting: str, lang: str, settings: Mapping[str, str] | None = None) -> HouseRule:
    values, section = SETTINGS[setting]
    return HouseRule(
        id=setting,
        title=i18n.t(lang, f"topics.{setting}.title"),
        section=section,
        why=i18n.t(lang, f"topics.{setting}.answer"),
        choices=tuple(
            Choice(value, i18n.t(lang, f"topics.{setting}.values.{value}"), value == values[0])
            for value in values
        ),
        chosen=(settings or {}).get(setting),
    )


def house_rules(lang: str, settings: Mapping[str, str] | None = None,
                in_play: frozenset[str] | None = None) -> list[HouseRule]:
    """Every house-rule setting (rules.md §13), in the order of the rules reference; with a
    game's modules and variants `in_play`, those that can arise in it and those it chose
    other than the default."""
    return [house_rule(setting, lang, settings) for setting in SETTINGS
            if _arises(setting, in_play)
            or (settings or {}).get(setting, SETTINGS[setting][0][0]) != SETTINGS[setting][0][0]]


def _arises(point: str, in_play: frozenset[str] | None) -> bool:
    return in_play is None or arises(point, in_play)


def reading(point: str, lang: str, in_play: frozenset[str] | None = None) -> Reading:
    """A point played one way without a setting, told of the modules `in_play` alone (every
    module without a game): the steps between two missions in the engine's order
    (`AGENDA`), and what a module in play adds (`with.<module>`)."""
    key = f"reference.readings.{point}"
    shown = (lambda module: in_play is None or module in in_play)  # noqa: E731
    params = {}
    if point == "agenda-order":
        from moderator.rules.modules import AGENDA

        params["steps"] = i18n.listed(lang, [i18n.t(lang, f"{key}.steps.{phase}")
                                             for module, phase in AGENDA if shown(module)])
    how = i18n.t(lang, f"{key}.how", **params)
    how += "".join(" " + i18n.t(lang, f"{key}.with.{module}") for module in MODULES
                   if shown(module) and i18n.has(lang, f"{key}.with.{module}"))
    return Reading(id=point, title=i18n.t(lang, f"{key}.title"), section=READINGS[point],
                   how=how)


def readings(lang: str, in_play: frozenset[str] | None = None) -> list[Reading]:
    """Every point moderator plays one way without a setting (rules.md §13.1, §13); with a
    game's modules and variants `in_play`, those that can arise in it."""
    return [reading(point, lang, in_play) for point in READINGS if _arises(point, in_play)]


__all__ = [
    "Choice", "HouseRule", "Now", "Reading", "Ruling", "house_rules", "lookup", "now",
    "reading", "readings", "ruling", "search",
]
