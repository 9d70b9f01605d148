"""Themes (rules.md §14): a name table per language, the same words in every theme, and the
default theme saying exactly the game's own words."""

import re

import pytest

from moderator import i18n
from moderator.i18n import LANGUAGES, THEMES, catalogue, theme_table


def words(lang):
    """Every theme word the catalogue asks for, as its table spells the key."""
    found = set()
    for entry in catalogue(lang).values():
        for text in entry.values() if isinstance(entry, dict) else [entry]:
            found.update(m[:1].lower() + m[1:] for m in re.findall(r"\{@(\w+)\}", text))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_names_exactly_the_words_the_catalogue_uses(theme, lang):
    assert sorted(theme_table(theme, lang)["names"].keys() ^ words(lang)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", THEMES)
def test_a_theme_replaces_only_texts_that_exist_with_the_same_parameters(theme, lang):
    from test_catalogues import fields  # the same folder: on sys.path in pytest's import mode

    texts = theme_table(theme, lang)["text"]
    assert sorted(k for k in texts if k not in catalogue(lang)) == []
    assert {k: v for k, v in texts.items() if fields(v) != fields(catalogue(lang)[k])} == {}


def test_a_capital_placeholder_gives_the_word_with_a_capital():
    with i18n.speaking("avalon"):
        assert i18n.themed("en", "{@Mission} 3; {@the_commander}") == "Quest 3; Merlin"
    assert i18n.themed("en", "{@Mission} 3; {@the_commander}") == "Mission 3; the Commander"


def test_a_theme_is_spoken_for_the_call_in_its_thread_never_for_the_process():
    """Issue 35: the display serves several games from several threads; a game's theme is
    the call's (`speaking`), so another thread drawing a page meanwhile speaks its own."""
    import threading

    inside, outside = threading.Event(), threading.Event()
    heard: dict[str, str] = {}

    def avalon() -> None:
        with i18n.speaking("avalon"):
            inside.set()
            outside.wait(10)
            heard["avalon"] = i18n.t("de", "display.missions")

    thread = threading.Thread(target=avalon)
    thread.start()
    inside.wait(10)
    heard["meanwhile"] = i18n.t("de", "display.missions")  # while the other speaks Avalon
    with i18n.speaking("resistance"):
        i18n.use_theme("avalon")  # within the block: for the rest of it
        heard["used"] = i18n.t("de", "display.missions")
    heard["after"] = i18n.t("de", "display.missions")
    outside.set()
    thread.join(10)
    assert heard == {"meanwhile": "Missionen", "used": "Questen", "after": "Missionen",
                     "avalon": "Questen"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_avalon_never_says_the_resistance_words(lang):
    """Every Avalon word is free of mission, spy and Commander (rules.md §14.2)."""
    banned = re.compile(r"mission|spy|spies|commander|spion|kommandeur", re.I)
    names = theme_table("avalon", lang)["names"]
    assert {k: v for k, v in names.items() if banned.search(v)} == {}


def test_a_game_without_a_theme_is_the_default_themes():
    """The log's default (session) is the default theme of the words (i18n)."""
    from moderator.session import UNTHEMED

    assert UNTHEMED == i18n.DEFAULT_THEME


@pytest.mark.parametrize("theme", THEMES)
def test_a_theme_s_data_names_only_what_the_engine_and_the_rules_lookup_know(theme):
    """A theme's names (themes/<theme>.yaml, rules.md §14.2) stand for real module, character
    and topic ids, and its uncovered characters are none of its named ones (§14.3.3)."""
    from moderator.i18n import theming
    from moderator.reference.topics import TOPICS
    from moderator.rules import setup

    data = theming.data(theme)
    assert sorted(set(data["modules"].values()) - set(setup.MODULES)) == []
    assert sorted(set(data["default_modules"]) - set(setup.MODULES)) == []
    assert sorted(set(data["roles"].values()) - set(setup.ROLES)) == []
    assert sorted(set(data["topics"]) - set(TOPICS)) == []
    assert sorted(set(data["aliases"].values()) - set(TOPICS)) == []
    named = {*data["modules"], *data["roles"]}
    assert sorted(named & set(data["uncovered"])) == []
    from moderator.rules.house_rules import READINGS, SETTINGS

    assert sorted(set(data["points"]) - set(SETTINGS) - set(READINGS)) == []
    assert {setting: sorted(set(values) - set(SETTINGS[setting][0]))
            for setting, values in data["values"].items()} == dict.fromkeys(data["values"], [])
    taken = [*TOPICS, *READINGS, *data["topics"].values(), *data["points"].values()]
    assert sorted({name for name in taken if taken.count(name) > 1}) == []  # none twice


def test_avalon_s_names_become_the_engine_s_ids_in_any_theme():
    """rules.md §14.2-§14.3: Lancelot named among the roles is the Defector module, Percival
    the Body Guard, Merlin and the Assassin come with every Avalon game, a Lunatic is
    refused; the rules topics answer to Avalon's ids and the short words."""
    from moderator.i18n import theming

    assert theming.engine_ids("avalon", ["excalibur"], ["percival", "lancelot"]) == (
        ["sergeant", "defector", "commander"], ["body-guard"])
    assert theming.engine_ids("resistance", ["lady"], ["Morgana"]) == (
        ["inquisitor"], ["false-commander"])
    with pytest.raises(theming.Uncovered):
        theming.engine_ids("resistance", [], ["lunatic"])
    assert [theming.topic_id(w) for w in ("merlin", "quest-cards", "lady", "quest", "tie")] == [
        "commander", "mission-cards", "inquisitor", "mission-result", "tie"]
    assert theming.topic_name("sergeant", "avalon") == "excalibur"
    assert theming.topic_name("sergeant", "resistance") == "sergeant"


def test_avalon_names_the_settings_its_games_show_and_takes_either_name():
    """Issue 35, item 2: an Avalon table reads Avalon's ids for the settings and their
    values; --house-rule takes them (or the engine's) in any game, and a game keeps the
    engine's, so its file is the same in both themes."""
    from moderator.i18n import theming

    setting = "inquisitor-targeting-timing"
    assert theming.point_name(setting, "avalon") == "lady-of-the-lake-targeting-timing"
    assert theming.value_name(setting, "mission-spaces", "avalon") == "quest-spaces"
    assert theming.point_name(setting, "resistance") == setting
    assert theming.topic_name(setting, "avalon") == "lady-of-the-lake-targeting-timing"
    assert theming.topic_id("lady-of-the-lake-targeting-timing") == setting
    assert theming.setting_ids("lady-of-the-lake-targeting-timing", "quest-spaces") == (
        setting, "mission-spaces")
    assert theming.setting_ids(setting, "mission-spaces") == (setting, "mission-spaces")
    assert theming.setting_ids("plot-deck", "nonsense") == ("plot-deck", "nonsense")
