"""The setup sheet: one checklist, printed by `new` and shown by guided play before the reveal,
that lists every component the chosen modules put on the table (rules.md §2-§8), in both
languages. Each test names the rule the component comes from."""

from __future__ import annotations

import pytest

from moderator import session
from moderator.i18n import t
from moderator.ui import guided, views


@pytest.fixture
def sheet(cli, newest):
    """The setup sheet of a new game (`new OPTIONS --no-play`), one line per line shown."""
    def make(options: str, lang: str = "en") -> list[str]:
        from rich.console import Console

        cli(f"new {options} --no-play --lang {lang}")
        console = Console(width=400, record=True, highlight=False, no_color=True)
        console.print(views.setup_sheet(session.open_game(newest()), lang))
        return [line.rstrip() for line in console.export_text().splitlines()]

    return make


def boxes(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("☐ ")]


def test_the_command_line_and_guided_play_show_the_same_sheet(newest):
    """One sheet for both: what `new` prints before the reveal is guided play's checklist."""
    from rich.console import Console
    from typer.testing import CliRunner

    from moderator.cli.app import build

    printed = CliRunner().invoke(build("en"), ["new", "--players", "7", "--modules",
                                               "plot,sergeant", "--leader", "2"]).stdout
    console = Console(width=200, record=True, highlight=False, no_color=True)
    console.print(guided.checklist(session.open_game(newest()), "en"))
    shown = console.export_text()
    assert printed.startswith(shown.split("\n", 1)[0])  # the game line
    assert shown.split("\n", 1)[1] in printed


def test_the_base_game(sheet):
    """rules.md §1.1-§1.5: the deck, the board with mission 4's two Fail cards at 7 players,
    vote tokens, one Team token and one Success-Fail pair per member of the largest team."""
    assert boxes(sheet("--players 7 --leader 1")) == [
        "☐ Shuffle these 7 character cards and deal one to each player, face down:",
        "☐ Lay out the board for 7 players: teams of 2-3-3-4-4 on missions 1 to 5.",
        "☐ Give every player one Approve and one Reject vote token.",
        "☐ Keep 4 Team tokens and 4 pairs of Mission cards (Success and Fail) at hand.",
        "☐ Put the vote marker on the first space of the vote track.",
        "☐ First leader: Player 1 (seat 1). Give them the leader card.",
    ]


def test_rogue_three_card_sets_and_the_watch_token(sheet):
    """rules.md §7: every team member gets Success, Fail and Rogue Success; the Watch token,
    at 5-6 players not on the first two missions."""
    shown = sheet("--players 5 --modules rogue")
    assert "☐ Keep 3 Team tokens and 3 sets of three Mission cards (Success, Fail, Rogue " \
           "Success) at hand: every team member gets all three." in shown
    assert "☐ Put the Watch token beside the board: after each approval from mission 3 on, " \
           "the leader gives it to a team member." in shown
    assert "☐ Put the Watch token beside the board: after each approval the leader gives it " \
           "to a team member." in sheet("--players 7 --modules rogue")


def test_rogue_without_the_resistance_rogue_needs_no_watch_token(sheet):
    """rules.md §7: the Watch token restricts only the resistance Rogue."""
    shown = " ".join(sheet("--players 7 --modules rogue --roles spy-rogue"))
    assert "Watch token beside" not in shown
    assert "sets of three Mission cards" in shown


def test_the_sergeant_token(sheet):
    """rules.md §8: each leader makes a team member other than themselves Sergeant."""
    assert "☐ Put the Sergeant token beside the board: each leader gives it to a team member " \
           "other than themselves." in sheet("--players 6 --modules sergeant")


def test_the_trappers_extra_team_member(sheet):
    """rules.md §5.3: one more Team token and Mission card pair than the largest team."""
    shown = sheet("--players 8 --modules trapper")
    assert "☐ Keep 6 Team tokens and 6 pairs of Mission cards (Success and Fail) at hand." \
        in shown
    assert "  One more than the largest team: the Trapper's extra team member." in shown


def test_reverse_cards(sheet):
    """rules.md §6.2: the Reversers may play Reverse instead of Success."""
    assert "☐ Keep the Reverse Mission cards at hand: a Reverser may play Reverse instead of " \
           "Success." in sheet("--players 7 --modules reverser")


@pytest.mark.parametrize("players, chief_fail, loyalty", [
    (6, False, "Chief and Not a Chief"),
    (7, True, "Spy Chief, Resistance Chief and Not a Chief"),
])
def test_the_hunters_cards_and_token(sheet, players, chief_fail, loyalty):
    """rules.md §6.1: Hunter Loyalty cards (two kinds at 5-6, three at 7+), Chief Fail cards
    at 7+, the Investigator token."""
    shown = sheet(f"--players {players} --modules hunter")
    assert (f"☐ Lay out the Hunter Loyalty cards {loyalty}: an investigated player hands over "
            "the one that is true for them.") in shown
    assert ("☐ Keep the Chief Fail Mission cards at hand: a spy Chief plays Chief Fail instead "
            "of Fail." in shown) is chief_fail
    assert "☐ Put the Investigator token beside the board." in shown


def test_the_defectors_loyalty_deck(sheet):
    """rules.md §5.2: 3 No Change and 2 Switch Allegiance, one turned over in rounds 3-5."""
    assert "☐ Shuffle the 5 Defector Loyalty cards (3 No Change, 2 Switch Allegiance) and put " \
           "them face down: at the start of rounds 3, 4 and 5 the top one is turned over." \
        in sheet("--players 7 --modules defector")


def test_the_inquisitor_token_goes_to_the_first_leaders_right(sheet):
    """rules.md §2.3: the token starts on the first leader's right; in the base game the
    examined player shows the Character card, so no Loyalty card is needed."""
    shown = sheet("--players 7 --modules inquisitor --leader 1")
    assert "☐ Give the Inquisitor token to Player 7 (seat 7), on the first leader's right." \
        in shown
    assert "Loyalty cards" not in " ".join(shown)


def test_an_inquisitor_with_special_characters_uses_loyalty_cards(sheet):
    """rules.md §2.3: with the Assassin, Hunter, Reverser or Rogue (and the Defector) module
    the examined player hands over an Inquisitor Loyalty card."""
    assert "☐ Lay out the two Inquisitor Loyalty cards (Spy and Resistance). An examined " \
           "player hands over the one of their side." \
        in sheet("--players 7 --modules inquisitor,commander")


def test_the_plot_deck_for_the_player_count(sheet):
    """rules.md §3.1: 7 Plot cards at 5-6 players, all 15 at 7+."""
    assert any("set the 7 cards of this player count aside" in line
               for line in sheet("--players 5 --modules plot"))
    assert any("set the 15 cards of this player count aside" in line
               for line in sheet("--players 7 --modules plot"))


@pytest.mark.parametrize("options, needed", [
    ("--players 7 --modules plot,rogue", True),  # §7: Loyalty cards instead
    ("--players 7 --modules plot,commander", True),  # §3.4, plot-reveals=loyalty-card
    ("--players 7 --modules plot,commander --house-rule plot-reveals=character-card", False),
    ("--players 7 --modules plot", False),  # no special character to hide
    ("--players 6 --modules plot,rogue", False),  # §3.1: no revealing card in the 5-6 deck
])
def test_loyalty_cards_when_plot_reveals_use_them(sheet, options, needed):
    """rules.md §3.4: a revealing Plot card shows a Loyalty card when a special character is
    in the game (house rule `plot-reveals`); only the 7+ deck has revealing cards."""
    line = "☐ Lay out the two Inquisitor Loyalty cards (Spy and Resistance). A Plot card that " \
           "would show a Character card shows one of these instead."
    assert (line in sheet(options)) is needed


def test_inquisitor_and_plot_share_the_loyalty_cards(sheet):
    """rules.md §2.3, §3.4: one pair of Loyalty cards serves both."""
    shown = [line for line in sheet("--players 9 --modules plot,rogue,inquisitor")
             if "Loyalty cards" in line]
    assert shown == ["☐ Lay out the two Inquisitor Loyalty cards (Spy and Resistance). An "
                     "examined player hands over the one of their side. A Plot card that would "
                     "show a Character card shows one of these instead."]


@pytest.mark.parametrize("options, keys", [
    ("--players 9 --modules plot,rogue,inquisitor --leader 2", [
        ("setup.component.tokens_rogue", {"count": 5}), ("setup.component.watch", {}),
        ("setup.component.inquisitor", {"holder": "Spieler 1", "seat": 1}),
        ("play.check_plot", {"count": 15}),
    ]),
    ("--players 8 --modules sergeant,trapper,defector", [
        ("setup.component.tokens", {"count": 6}), ("setup.component.trapper", {}),
        ("setup.component.sergeant", {}), ("setup.component.defector", {}),
    ]),
    ("--players 7 --modules hunter,reverser", [
        ("setup.component.chief_fail", {}), ("setup.component.hunter_loyalty.three", {}),
        ("setup.component.investigator", {}), ("setup.component.reverse", {}),
    ]),
])
def test_the_sheet_in_german(sheet, options, keys):
    """The same components in German, with the glossary's names (Beobachtungsmarker,
    Feldwebel-Marker, Ermittler-Marker, Loyalitäts-Wechselkarten, Hacken …)."""
    shown = " ".join(sheet(options, lang="de"))
    for key, params in keys:
        assert t("de", key, **params) in shown
    glossary = {"defector": "Loyalitäts-Wechselkarten", "rogue": "Beobachtungsmarker",
                "sergeant": "Feldwebel", "hunter": "Ermittler"}
    for module, word in glossary.items():
        assert (word in shown) is (module in options), word


@pytest.mark.parametrize("lang, token", [("en", "Watch token"), ("de", "Beobachtungsmarker")])
def test_with_only_the_spy_rogue_the_rogue_note_says_nothing_of_the_watch_token(
        sheet, lang, token):
    """rules.md §7: the Watch token only stops the resistance Rogue; without that Rogue it is
    not used, so the module's note does not speak of it (issue 25)."""
    spy_only = sheet("--players 7 --modules rogue --roles spy-rogue", lang)
    assert not [line for line in spy_only if token in line]
    assert any(("Rogue Success" if lang == "en" else "Einzelgänger-Erfolg") in line
               for line in spy_only)  # every team member still holds three cards
    both = sheet("--players 7 --modules rogue", lang)
    assert [line for line in both if token in line]
