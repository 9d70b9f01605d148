"""A refusal in guided play reads as the command line says it (issue 35): the same players by
name, the same cards and modules by their names, the same lists, from one place
(`narration.refusals`); where the command line names a command or an option to type, guided
play says the refusal without it, in one line (the next question follows it)."""

from __future__ import annotations

import pytest

from moderator import session
from moderator.i18n import t
from moderator.rules.modules import PlayMission, Propose
from moderator.rules.modules.plot import UsePlot
from moderator.ui import guided

NAMES = "--names Ada,Bo,Cy,Di,Ed --leader 1 --no-play"
#: Refusals whose words name players or ids some other way than by `seat`: the played card
#: a Sergeant made switch (a list of seats, said by the record's proof), the missions a Rogue
#: Success record spans (a list), a Plot card by its id and its holder by seat.
CASES = {
    "switched": (
        (f"new --players 5 {NAMES} --modules sergeant", "propose 1 2 --sergeant 2",
         "vote --approve all", "mission --fails 2", "propose 2 3 4 --sergeant 3",
         "vote --approve all"),
        "mission --fails 0 --switch di", PlayMission(fails=0, switched=3)),
    "together": (
        (f"new --players 5 {NAMES} --modules rogue", "propose 1 2", "vote --approve all",
         "mission --fails 0 --rogue-success 1", "propose 3 4 5", "vote --approve all"),
        "mission --fails 0 --rogue-success 1", PlayMission(fails=0, rogue_success=1)),
    "card": (
        (f"new --players 5 {NAMES} --modules plot --seed 1",),
        "plot use strong_leader --by ada", UsePlot(card="strong_leader", by=0)),
}


def said_in_guided_play(guide, screen, action, lang: str) -> str:
    ids = session.store.game_ids()
    shown = guide(lang=lang)
    guided.record(shown, session.open_game(ids[-1]), action)
    return screen(shown)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("case", CASES)
def test_a_refusal_reads_the_same_in_guided_play_as_on_the_command_line(
        cli, moderator, guide, screen, case, lang):
    setup, line, action = CASES[case]
    cli(setup[0] + f" --lang {lang}", *setup[1:])
    refused = moderator(line)
    assert refused.exit_code == 1, refused.output
    said = said_in_guided_play(guide, screen, action, lang)
    assert " ".join(said.split()) == " ".join(refused.stderr.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refusal_in_guided_play_names_no_command_to_type(cli, moderator, guide, screen, lang):
    """Issue 35, item 5: at the vote a team cannot be proposed. The command line says which
    command records the vote; guided play says only why, in one line, and asks the vote."""
    cli(f"new --players 5 {NAMES} --lang {lang}", "propose 1 2")
    typed = moderator("propose 3 4").stderr.strip()
    assert "moderator vote" in typed
    said = said_in_guided_play(guide, screen, Propose(team=(2, 3)), lang).strip()
    assert said == t(lang, "untyped.errors.turn.vote") and "\n" not in said
    assert typed.startswith(said.split(".")[0])  # the same refusal


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_host_page_says_a_refusal_as_guided_play_does(cli, guide, screen, lang):
    """The host's page records from guided play's steps, with no command to type either: its
    refusals are guided play's, the players by name."""
    from moderator.display.host import Remote
    from moderator.display.watcher import Table
    from moderator.rules import RuleError

    cli(f"new --players 5 {NAMES} --lang {lang} --modules plot --seed 1")
    remote = Remote(Table(None, None, None))
    refused = RuleError("errors.plot_not_held", card="strong_leader", seat=0)
    with remote.host.game(None) as (current, spoken):
        on_the_page = remote.said(refused, current.names, spoken)
    in_guided_play = said_in_guided_play(guide, screen, UsePlot(card="strong_leader", by=0),
                                         lang)
    assert on_the_page == in_guided_play.strip() and on_the_page.startswith("Ada ")
    vote = RuleError("errors.turn.vote")
    assert remote.said(vote, current.names, lang) == t(lang, "untyped.errors.turn.vote")
