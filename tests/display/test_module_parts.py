"""Each module's part of the table display (`display/parts/`), on the page of a real game
recorded through the commands: what the module puts on the table for everyone to see
(rules.md §2.3, §3, §5.2, §8), drawn from the public status alone."""

from __future__ import annotations

from html import unescape

from moderator.display import page, view


def shown(lang: str | None = None) -> str:
    """The page of the newest game, as text."""
    return unescape(page.render(view.of_game(None, lang, None)))


def test_the_inquisitor_token_is_on_the_table(cli):
    """rules.md §2.3: the token starts with the player to the first leader's right."""
    cli("new --players 7 --names Ann,Ben,Cat,Dan,Eve,Fay,Gus --modules inquisitor "
        "--leader 2 --no-play")
    assert "Inquisitor token: Ann (held so far: Ann)" in shown()


def test_the_loyalty_cards_revealed_are_on_the_table(cli):
    """rules.md §5.2: from round 3 a Loyalty card is turned over for everyone to see."""
    cli("new --players 7 --names Ann,Ben,Cat,Dan,Eve,Fay,Gus --modules defector "
        "--leader 1 --no-play",
        "propose 1 2", "vote --approve all", "mission --fails 0",
        "propose 2 3 4", "vote --approve all", "mission --fails 0")
    assert "Loyalty cards: none revealed yet (5 in the deck)" in shown()
    cli("loyalty switch")
    assert "Loyalty cards: Switch Allegiance (4 in the deck)" in shown()


def test_the_plot_cards_drawn_are_in_their_section(cli):
    """rules.md §3.2: the round's first leader draws; the cards are handed out in the open."""
    cli("new --players 7 --names Ann,Ben,Cat,Dan,Eve,Fay,Gus --modules plot --leader 1 "
        "--no-play", "plot draw no_confidence close_eye")
    page_text = shown()
    assert "Plot cards" in page_text
    assert "Drawn, to be handed out: No Confidence, Keeping a Close Eye on You" in page_text
    cli("plot give no_confidence ben")
    assert "<b>No Confidence</b> — Ben" in shown()


def test_the_sergeant_is_marked_in_the_vote_grid(cli):
    """rules.md §8: the leader names the Sergeant with the team; the grid marks them."""
    cli("new --players 5 --names Ann,Ben,Cat,Dan,Eve --modules sergeant --leader 1 --no-play",
        "propose 1 3 --sergeant 3", "vote --approve all")
    page_text = shown()
    assert '<span class="mark">S</span>' in page_text and "S Sergeant" in page_text
