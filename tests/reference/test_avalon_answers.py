"""In an Avalon game the rules answers speak of Avalon only (issue 35, item 2; rules.md §14):
every topic of the game, `rules house-rules` and what applies now, in English and German,
scanned against the theme's name table. No module of The Resistance alone (the Avalon theme
names none of them, §14.3.4) nor any of its characters is named unless the game plays it;
no Resistance word the theme says otherwise (Commander, Inquisitor, spies, mission …); no
setting, reading or value id the theme names otherwise (`inquisitor-…`,
`completed-missions`)."""

from __future__ import annotations

import re

import pytest

from moderator import i18n
from moderator.i18n import theming
from moderator.reference.topics import TOPICS, arises
from moderator.rules.house_rules import SETTINGS
from moderator.rules.setup import MODULES, ROLE_MODULE, VARIANTS

THEME = "avalon"
#: Avalon games: all of Avalon (Targeting too), the box's defaults, and one that plays a
#: module of The Resistance alone under the theme (§14.3.4).
GAMES = {
    "all": "--players 10 --roles percival,morgana,mordred "
           "--modules lady-of-the-lake,lancelot,excalibur --variants targeting",
    "plain": "--players 5",
    "rogue": "--players 7 --modules lady-of-the-lake,rogue",
}
#: The cards a module of The Resistance alone deals that are not optional characters.
DEALT = {"resistance-chief": "hunter", "spy-chief": "hunter", "resistance-hunter": "hunter",
         "spy-hunter": "hunter"}


def resistance_only() -> set[str]:
    """The modules the theme has no name of its own for: The Resistance's alone."""
    return set(MODULES) - set(theming.data(THEME)["modules"].values())


def words_of(name: str) -> set[str]:
    """The words of a name that name a thing, not a side or an article."""
    sides = {w for theme in i18n.THEMES for lang in i18n.LANGUAGES
             for key in ("resistance", "spies", "spy", "spion", "spione", "widerstands")
             for w in re.findall(r"\w+", i18n.theme_table(theme, lang)["names"].get(key, ""))}
    return {w for w in re.findall(r"\w+", name)
            if w[:1].isupper() and len(w) >= 4 and w not in sides
            and w not in ("The", "Der", "Die", "Das", "With", "Mit")}


def banned(lang: str, in_play: frozenset[str]) -> dict[str, str]:
    """What an Avalon game with these modules must not say: word -> why."""
    found: dict[str, str] = {}
    characters = {**ROLE_MODULE, **DEALT}
    with i18n.speaking(THEME):
        named = {module: {word: f"module {module}" for word in words_of(
                     i18n.t(lang, f"module.{module}"))} for module in resistance_only()}
        for character, owner in characters.items():
            for word in words_of(i18n.t(lang, f"character.{character}")) if owner in named \
                    else ():
                named[owner].setdefault(word, f"character {character} of {owner}")
    played = {word for module in resistance_only() & in_play for word in named[module]}
    for module in resistance_only() - in_play:  # a word a module in play says too is its
        found.update({w: why for w, why in named[module].items() if w not in played})
    own = i18n.theme_table(THEME, lang)["names"]
    for key, word in i18n.theme_table(i18n.DEFAULT_THEME, lang)["names"].items():
        if word != own[key] and len(word) >= 5 and key not in ("game_title",):
            found[word] = f"the Resistance's {key}"
    points, values = theming.data(THEME)["points"], theming.data(THEME)["values"]
    found.update({point: "a setting's id" for point in points})
    found.update({value: f"a value of {setting}" for setting, renamed in values.items()
                  for value in renamed})
    found["inquisitor-"] = "an Inquisitor id"
    return found


def strays(text: str, lang: str, in_play: frozenset[str]) -> list[str]:
    """The banned words in `text`, with why; the theme's own names taken out first (the
    one line that says The Resistance's modules may be played under the theme names no
    module), and the command line's options, which every theme shares (`--commander`)."""
    with i18n.speaking(THEME):
        text = text.replace(i18n.t(lang, "reference.theme_modules"), " ")
    text = re.sub(r"--\w[\w-]*", " ", text)
    own = i18n.theme_table(THEME, lang)["names"]
    for word in sorted(set(own.values()), key=len, reverse=True):
        text = text.replace(word, " ")
    return sorted(f"{word} ({why})" for word, why in banned(lang, in_play).items()
                  if re.search(rf"(?<![\w]){re.escape(word)}", text, re.IGNORECASE))


def game_topics(in_play: frozenset[str]) -> list[str]:
    """The topics of the game: the base game's, those of its modules and variants, and the
    settings that can arise in it."""
    return [topic for topic, facts in TOPICS.items()
            if (arises(topic, in_play) if topic in SETTINGS
                else facts.needs is None or facts.needs in in_play)]


def in_play_of(game: str) -> frozenset[str]:
    from moderator import session

    current = session.open_game(None)
    assert current.theme == THEME, game
    return frozenset(current.game.modules) | frozenset(current.game.variants)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_an_avalon_games_answers_speak_of_avalon_only(home, play, moderator, game, lang):
    play(f"new --theme avalon --lang {lang} --leader 1 --no-play {GAMES[game]}")
    in_play = in_play_of(game)
    assert in_play & set(VARIANTS) or game != "all"
    said = {"house-rules": play("rules house-rules"), "now": play("rules")}
    for topic in game_topics(in_play):
        said[topic] = play(f"rules {topic}")
    wrong = {asked: found for asked, text in said.items() if (found := strays(text, lang,
                                                                                 in_play))}
    assert wrong == {}
    assert len(said) > 20


def test_the_scan_finds_what_it_looks_for():
    """A Resistance answer in an Avalon game would be caught: the check is no formality."""
    plain = frozenset({"commander"})
    assert strays("The Hunter and the Inquisitor after mission 2", "en", plain) == [
        "Hunter (module hunter)", "Inquisitor (the Resistance's inquisitor)",
        "mission (the Resistance's mission)"]
    assert strays("Nach dem Jäger: inquisitor-targeting-timing=completed-missions", "de",
                  plain) == [
        "Jäger (module hunter)", "Mission (the Resistance's mission)",
        "Missions (the Resistance's missions_)",
        "completed-missions (a value of inquisitor-targeting-timing)",
        "inquisitor- (an Inquisitor id)", "inquisitor-targeting-timing (a setting's id)"]
    assert strays("Der Einzelgänger", "de", plain | {"rogue"}) == []
