"""The table display speaks the game's theme (rules.md §14): Avalon's words on the screen,
or the theme the display was started with."""

from __future__ import annotations

import re

import pytest

from moderator import i18n
from moderator.display import view

BANNED = re.compile(r"mission|\bspy\b|\bspies\b|commander", re.IGNORECASE)


def sentences(data: dict) -> str:
    """What the screen says in words: the banner and the last actions."""
    return "\n".join([data["banner"], *(line["text"] for line in data["last"])])


def test_the_display_speaks_avalon_for_an_avalon_game(cli):
    cli("new --theme avalon --players 7 --leader 1 --no-play", "propose 1 2",
        "vote --approve all", "mission --fails 1")
    data = view.of_game(None, None, None)
    said = sentences(data)
    assert "quest 2" in said and not BANNED.search(said)
    assert data["status"]["theme"] == "avalon"
    assert i18n.theme() == i18n.DEFAULT_THEME  # the page's words, not the process's


def test_a_display_started_with_a_theme_speaks_it(cli):
    cli("new --theme avalon --players 7 --leader 1 --no-play")
    assert "mission 1" in sentences(view.of_game(None, None, None, theme="resistance"))


# -- a display that follows games of both themes -----------------------------------------------

MODULES = "--modules commander,inquisitor,defector,sergeant --roles body-guard,false-commander"


def page_text(update: dict) -> str:
    """Every text an update puts on a screen or reads to a screen reader: the fragment's
    words and labels, the title, the announcement, the dark screen's, the buttons' and the
    timer's."""
    html = update["html"]
    words = [re.sub(r"<[^>]+>", " ", html), *re.findall(r'aria-label="([^"]*)"', html)]
    older = update["older"]  # a plural's forms, counted on the page
    words += [update["title"], update["announce"], update["eyes_closed"],
              *(older.values() if isinstance(older, dict) else [older]),
              *update["sound"].values(), *(update["timer"] or {}).values()]
    return "\n".join(str(word) for word in words)


def strays(text: str, theme: str, lang: str) -> list[str]:
    """The words of the theme's name table that another theme says otherwise, found in
    `text` (the own theme's words taken out first: Avalon's title holds "The Resistance")."""
    own = i18n.theme_table(theme, lang)["names"]
    for word in sorted(set(own.values()), key=len, reverse=True):
        text = text.replace(word, " ").replace(word[:1].upper() + word[1:], " ")
    found = []
    for other in i18n.THEMES:
        names = i18n.theme_table(other, lang)["names"]
        for key, word in names.items():
            if other != theme and len(word) >= 5 and word != own[key] and re.search(
                    rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE):
                found.append(word)
    return sorted(set(found))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_display_following_games_of_both_themes_draws_each_page_in_its_own_words(cli, lang):
    """Issue 35: the table's screen follows the newest game; a night that mixes themes shows
    each game in its own words, the heading and score too (a German Avalon page said
    "Kommandeur", "Missionen", "Spione": the page was drawn outside the game's theme)."""
    from moderator.display.watcher import Table

    table = Table(None, None, None)
    for theme in ("resistance", "avalon", "resistance"):
        cli(f"new --theme {theme} --lang {lang} --players 8 --leader 1 {MODULES} --no-play",
            "propose 1 2 3 --sergeant 2", "vote --approve all", "mission --fails 1")
        assert table.refresh()
        text = page_text(table.update)
        with i18n.speaking(theme):
            assert i18n.t(lang, "display.missions") in text  # its own words are there
            assert i18n.t(lang, "module.commander") in text
        assert strays(text, theme, lang) == []
    assert i18n.theme() == i18n.DEFAULT_THEME
