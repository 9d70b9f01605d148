"""The host's page in a real browser (issue 34, "done when"): Debian's Chromium at a phone's
size plays whole games from the host's page alone, tap by tap, and after every step the game
it recorded says in `status --json` and in its log what the same commands recorded. The page
must fit the phone: touch targets of at least 44 px, no sideways scrolling, in the game's
language and theme. Screenshots are kept in tests/artefacts/display/.
"""

from __future__ import annotations

import re

import host_games
import pytest
from browsing import SIZES, keep

from moderator.i18n import t

pytestmark = pytest.mark.integration

#: How a finger finds a choice: its words, or their start (as `host_client.HostPage.choice`).
CHOICES = "() => [...document.querySelectorAll('#step [data-i]')]" \
          ".map(b => b.textContent.replace(/\\s+/g, ' ').trim())"

#: Everything that can be tapped on the page, and whether the page scrolls sideways.
MEASURE = """() => ({
  small: [...document.querySelectorAll('button, summary, input')]
    .filter(e => e.offsetParent !== null)
    .map(e => [e.textContent.trim().slice(0, 40), e.getBoundingClientRect()])
    .filter(([, r]) => r.height < 44 || r.width < 44).map(([name]) => name),
  wide: document.documentElement.scrollWidth > innerWidth,
})"""


class Clicked:
    """A driver for `host_games.play`: a finger on the page in Chromium."""

    def __init__(self, page, lang: str) -> None:
        self.page, self.lang, self.measured = page, lang, 0

    def choices(self) -> list[str]:
        return self.page.evaluate(CHOICES)

    def _index(self, title: str) -> int:
        choices = self.choices()
        exact = [i for i, shown in enumerate(choices) if shown == title]
        found = exact or [i for i, shown in enumerate(choices) if shown.startswith(title)]
        assert len(found) == 1, (title, choices)
        return found[0]

    def _done(self) -> None:
        """The page has its answer, and it is not a refusal; it still fits the phone."""
        from playwright.sync_api import expect

        expect(self.page.locator("body")).not_to_have_class(re.compile(r"\bbusy\b"))
        assert self.page.locator("#notice.refused").count() == 0, \
            self.page.locator("#notice").text_content()
        seen = self.page.evaluate(MEASURE)
        assert seen == {"small": [], "wide": False}, seen
        self.measured += 1

    def tap(self, title: str) -> None:
        self.page.click(f'#step [data-i="{self._index(title)}"]')
        self._done()

    def tick(self, titles: tuple[str, ...]) -> None:
        for title in titles:
            self.page.click(f'#step [data-i="{self._index(title)}"]')
        self.page.click("#step [data-confirm]")
        self._done()

    def move(self, name: str) -> None:
        self.page.click(f'#tools [data-post="{name}"]')
        self._done()


@pytest.mark.parametrize("name", host_games.GAMES)
def test_a_whole_game_is_played_from_the_host_page_in_chromium_at_phone_size(
        cli, moderator, display, open_page, monkeypatch, name):
    from playwright.sync_api import expect

    game = host_games.GAMES[name]
    phone, commands = host_games.set_up(cli, game, monkeypatch)
    shown = display(game_id=phone)
    page = open_page(shown.host_url, "phone")
    expect(page.locator("html")).to_have_attribute("lang", game.lang)
    assert page.viewport_size == {"width": SIZES["phone"][0], "height": SIZES["phone"][1]}
    driver = Clicked(page, game.lang)

    shot = False

    def command(line: str) -> None:
        nonlocal shot
        if line.startswith("propose") and not shot:  # the first vote, as the host sees it
            keep(page, f"host-{name}-vote")
            shot = True
        cli(f"{line} --game {commands}")

    checked = host_games.play(game, driver, command,
                              host_games.recorder(moderator, phone, commands))
    assert checked == len(game.steps) and driver.measured >= checked
    expect(page.locator("#step h2")).to_have_text(t(game.lang, "play.end_title"))
    keep(page, f"host-{name}-over")
    if game.lang == "de":  # Avalon's words in German: quests, not missions
        assert "Queste" in page.locator("main").text_content()
        assert not re.search(r"\bMission", page.locator("main").text_content())
