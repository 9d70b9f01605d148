"""Plot cards in the guided game (rules.md §3): drawn, handed out, resolved at once or offered
at their moment, holder by holder from the leader; the log equals the commands' log."""

import pytest
from scripted import Key, Meanwhile

from moderator import session
from moderator.ui import guided

NINE = "new --players 9 --modules plot --leader 1 --seed 3 --no-play"


def test_a_round_with_plot_cards_through_the_prompts(cli, guide, newest, screen, log):
    cli(NINE)
    host = guide(
        "We drew from our own deck", "Overheard Conversation", "No Confidence",
        "Strong Leader",
        "Overheard Conversation", "Player 2",  # Overheard Conversation goes to Player 2 ...
        "Player 3",  # ... who looks at a neighbour's card at once
        "No Confidence", "Player 4",
        "Player 5",  # Strong Leader, the last card: handed out without asking which
        ["Player 1", "Player 2", "Player 3"],  # the team
        [],  # nobody rejected
        "No",  # Player 4 keeps No Confidence
        0,  # no Fail card
        Key("q"),
    )
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    questions = [asked.question for asked in host.prompter.asked]
    assert questions[:2] == ["How does Player 1 draw?", "Card 1 of 3 drawn:"]
    assert "Player 1 hands Overheard Conversation to whom?" in questions
    assert questions.count("Which drawn card does Player 1 hand out next?") == 2
    target = questions.index("Whose card does Player 2 look at (a neighbour)?")
    assert host.prompter.asked[target].titles == ["1 Player 1", "3 Player 3"]
    assert "Player 4: use No Confidence now?" in questions
    # Received in this round after its first leader drew: first offered before round 2's draw.
    fails = next(i for i, q in enumerate(questions) if "Fail" in q)
    assert questions.index("Player 5: use Strong Leader now?") > fails
    assert log() == log(cli(
        NINE, "plot draw overheard_conversation no_confidence strong_leader",
        "plot give overheard 2", "plot use overheard --target 3", "plot give no_confidence 4",
        "plot give strong 5", "propose 1 2 3", "vote --reject ''", "mission --fails 0",
        apart=True,
    ))


def test_a_strong_leader_is_offered_before_a_later_leaders_first_action(cli, guide, newest):
    cli(NINE, "plot draw strong_leader no_confidence close_eye", "plot give strong 5",
        "plot give no_conf 4", "plot give close 3", "propose 1 2 3", "vote --approve 1")
    host = guide("Yes, now", Key("q"))  # Player 2 leads; Player 5 takes over
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].question == "Player 5: use Strong Leader now?"
    assert session.open_game(newest()).game.leader == 4


def test_the_tool_draws_from_its_shuffled_deck(cli, guide, newest):
    cli(NINE)
    host = guide("Let moderator draw from its shuffled deck", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert session.open_game(newest()).game.plot.drawn != ()


def test_keeping_a_close_eye_is_offered_after_the_sergeants_switch(cli, guide, newest, log):
    """rules.md §3.3 window 6, §8: the cards are played face down, the Sergeant switches,
    then Keeping a Close Eye on You, then the reveal; guided play asks in that order."""
    new = "new --players 7 --modules plot,sergeant --leader 1 --no-play"
    cli(new, "plot draw close_eye in_the_spotlight", "plot give close_eye 2",
        "plot give in_the_spotlight 3", "propose 1 2 --sergeant 2", "vote --approve all")
    host = guide("No",  # Player 3 keeps In the Spotlight, before anyone picks a card
                 "1 Player 1",  # the Sergeant makes Player 1 switch
                 "Yes, now", "1 Player 1",  # then Player 2 looks at Player 1's card
                 1, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    questions = [asked.question for asked in host.prompter.asked]
    switch = questions.index("Did the Sergeant Player 2 order someone to switch cards?")
    look = questions.index("Player 2: use Keeping a Close Eye on You now?")
    fails = questions.index("How many Fail cards were revealed?")
    assert questions.index("Player 3: use In the Spotlight now?") < switch < look < fails
    assert log() == log(cli(
        new, "plot draw close_eye in_the_spotlight", "plot give close_eye 2",
        "plot give in_the_spotlight 3", "propose 1 2 --sergeant 2", "vote --approve all",
        "switch 1", "plot use close_eye --by 2 --target 1", "mission --fails 1", apart=True))


def test_a_cards_rule_is_shown_once_when_received_and_again_on_the_table_key(
        cli, guide, newest, screen):
    """A card's text is read when the card is handed out, not at each window it is offered
    in; `t` (named "table and card texts" in a game with Plot cards) shows every text of the
    cards on the table (rules.md §3.2-§3.4)."""
    from moderator.i18n import t
    from moderator.ui.guide import shortcuts

    cli(NINE, "plot draw strong_leader no_confidence opinion_maker")
    most = [f"Player {seat}" for seat in range(1, 6)]
    shown = []
    host = guide(
        "Strong Leader", "Player 5", "No Confidence", "Player 4", "Player 3",  # the hand-out
        ["Player 1", "Player 2", "Player 3"], most,  # rejected: Player 2 leads
        "No",  # Player 5 keeps Strong Leader ...
        ["Player 2", "Player 3", "Player 4"], most,  # rejected: Player 3 leads
        "No",  # ... and again
        Meanwhile(lambda: shown.append(screen(host))), Key("t"), Key("q"),
    )
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    questions = [asked.question for asked in host.prompter.asked]
    assert questions.count("Player 5: use Strong Leader now?") == 2
    rules = {card: words(t("en", f"plot_rule.{card}", shown="Character card"))
             for card in ("strong_leader", "no_confidence", "opinion_maker")}
    before, after = words(shown[0]), words(screen(host)[len(shown[0]):])
    for card, rule in rules.items():
        assert before.count(rule) == 1, card  # once, at the hand-out
        assert rule in after, card  # and on request
    keys = {key.command: key.label for key in shortcuts("en", plot=True)}
    assert keys["table"] == "table and card texts"
    assert shortcuts("de", plot=True)[1].label == "Tisch und Kartentexte"


def words(text: str) -> str:
    """Text as read, whatever the lines it wraps into on screen."""
    return " ".join(text.split())


def test_the_leader_chooses_which_drawn_card_to_hand_out_next(cli, guide, newest):
    """rules.md §3.4: the leader chooses the order of the hand-out; a card that acts at once
    is resolved before the next one is handed out (§3.3 window 2)."""
    cli(NINE, "plot draw overheard_conversation no_confidence strong_leader")
    host = guide("Strong Leader", "Player 5", "Overheard Conversation", "Player 2",
                 "Player 3", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    asked = host.prompter.asked
    assert asked[0].titles == ["Overheard Conversation", "No Confidence", "Strong Leader"]
    assert asked[3].question == "Player 1 hands Overheard Conversation to whom?"
    assert asked[4].question == "Whose card does Player 2 look at (a neighbour)?"
    assert asked[5].question == "Player 1 hands No Confidence to whom?"  # the last card left
    game = session.open_game(newest()).game
    assert [(c.card, c.holder) for c in game.plot.held] == [("strong_leader", 4)]
    assert game.plot.uses[-1].card == "overheard_conversation"


@pytest.mark.parametrize("lang, told, offer", [
    ("en", "play their mission cards", "Player 2: use Keeping a Close Eye on You now?"),
    ("de", "ihre Missionskarten für Mission 1", "Spieler 2: „Überwachung“ jetzt spielen?"),
])
def test_keeping_a_close_eye_is_offered_after_the_team_is_told_to_play(
        cli, guide, newest, screen, lang, told, offer):
    """rules.md §3.3 window 6: the cards go down first, then Keeping a Close Eye on You, then
    shuffle and reveal; so the team is told to play its cards before the holder is asked."""
    new = f"new --players 5 --modules plot --leader 1 --no-play --lang {lang}"
    cli(new, "plot draw close_eye", "plot give close_eye 2", "propose 1 2",
        "vote --approve all")
    shown = []
    host = guide(Meanwhile(lambda: shown.append(screen(host))), Key("q"), lang=lang)
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].question == offer
    assert told in shown[0]


def test_no_confidence_offered_on_the_fifth_proposal_says_the_spies_would_win(
        cli, guide, newest, screen):
    """rules.md §3.4, §1.4: cancelling the fifth approval of a round is its fifth rejection."""
    rejected = [line for leader in range(1, 5)
                for line in (f"propose {leader} {leader + 1}", "vote --reject all")]
    cli("new --players 5 --modules plot --leader 1 --no-play", "plot draw no_confidence",
        "plot give no_confidence 3", *rejected, "propose 5 1", "vote --approve all")
    shown = []
    host = guide(Meanwhile(lambda: shown.append(screen(host))), Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].question == "Player 3: use No Confidence now?"
    assert "the spies win at once" in shown[0]
