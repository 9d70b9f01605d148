"""Plot cards from the command line (rules.md §3): `moderator plot draw|give|use|list`."""

import pytest

NAMES = "--names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi,Hans,Ida"


def test_a_nine_player_game_with_plot_cards(play, status, refused, moderator):
    play(f"new --players 9 {NAMES} --modules plot --leader anna")
    assert status()["phase"] == "plot_draw"
    assert refused("propose anna ben carl") == (
        "Not now: the leader first draws this round's Plot cards: moderator plot draw."
    )
    output = play("plot draw overheard_conversation strong_leader no_confidence")
    assert "Anna draws: Overheard Conversation, Strong Leader and No Confidence." in output
    assert refused("plot give strong anna") == (
        "The leader never keeps a Plot card: hand it to another player."
    )
    output = play("plot give overheard ben")
    assert "Ben received Overheard Conversation and now looks at the Character card of a " \
           "neighbour." in output
    assert refused("plot use overheard --target emil") == (
        "Overheard Conversation looks at a neighbour of Ben: the player on their left or on "
        "their right."
    )
    play("plot use overheard --target carl", "plot give strong carl",
         "plot give misstrauen dora")
    shown = status()["plot"]
    assert shown["deck"] == 12
    assert shown["held"] == [{"card": "strong_leader", "holder": 3},
                             {"card": "no_confidence", "holder": 4}]
    assert shown["discarded"] == ["overheard_conversation"]
    # Anna's team is approved, but Dora cancels the approval with No Confidence.
    play("propose anna ben carl")
    output = play("vote --reject ida")
    assert "Dora may use No Confidence now, to cancel this approval." in output
    output = play("plot use no_confidence")
    assert "Dora uses No Confidence: the approval is cancelled" in output
    assert (status()["vote_track"], status()["leader"]) == (1, 2)
    # Ben leads now and has not acted: Carl takes over with Strong Leader.
    output = play("plot use strong_leader")
    assert "Carl uses Strong Leader and is now the leader." in output
    play("propose carl dora emil", "vote --reject ida", "mission --fails 0")
    shown = status()
    assert (shown["phase"], shown["leader"], shown["score"]["resistance"]) == (
        "plot_draw", 4, 1)
    assert shown["proposals"][0]["approved"] is False
    log = moderator("log").stdout
    assert "Dora uses No Confidence" in log and "Carl uses Strong Leader" in log


def test_the_tool_draws_from_the_games_shuffled_deck(play, status, moderator):
    """rules.md §3.2: shuffled from the game's seed, every draw recorded in the log."""
    play("new --players 9 --modules plot --seed 11 --leader 1")
    first = status()
    play("plot draw")
    drawn = status()["plot"]["drawn"]
    assert len(drawn) == 3 and status()["plot"]["deck"] == first["plot"]["deck"] - 3
    play("undo", "plot draw")
    assert status()["plot"]["drawn"] == drawn  # the same cards come off again
    play("new --players 9 --modules plot --seed 11 --leader 1", "plot draw")
    assert status()["plot"]["drawn"] == drawn


def test_a_five_player_deck_never_shows_a_card_that_is_not_in_it(play, refused):
    play("new --players 5 --modules plot --leader 1")
    assert refused("plot draw open_up") == (
        "Open Up cannot be drawn: it is not left in this game's Plot deck."
    )
    output = play("plot list")
    assert "Plot cards: 7 left in the deck." in output
    for card in ("Overheard Conversation", "Open Up", "In the Spotlight", "Establish"):
        assert card not in output


def test_german_card_names_and_refusals(play, refused, status):
    play(f"new --players 9 {NAMES} --modules plot --leader anna --lang de")
    output = play("plot draw fuehrungsstaerke ueberwachung im_fokus")
    assert "Anna zieht: Führungsstärke, Überwachung und Im Fokus." in output
    assert refused("plot give Fuhrungsstarke anna") == (
        "Der Anführer behält nie eine Plotkarte: Gib sie einer anderen Person."
    )
    play("plot give führungsstärke ben", "plot give überwachung carl", "plot give fokus dora")
    assert [c["card"] for c in status()["plot"]["held"]] == [
        "strong_leader", "close_eye", "in_the_spotlight"]
    assert refused("plot use fokus --target anna") == (
        "Nicht jetzt: „Im Fokus“ wird nach der Annahme eines Teams gespielt, bevor jemand "
        "eine Missionskarte wählt."
    )


def test_plot_commands_are_refused_without_the_module(play, refused):
    play("new --players 7")
    assert refused("plot list") == "This game is played without Plot cards."
    assert refused("plot use strong_leader --by 2") == "This game is played without Plot cards."


@pytest.mark.parametrize("lang, cards, line", [
    ("en", "opinion_maker close_eye",
     "Opinion Maker: first Emil reveals their vote, then everyone else votes at once."),
    ("en", "opinion_maker opinion_maker",
     "Opinion Maker: first Emil and Fritz reveal their votes together, then everyone else "
     "votes at once."),
    ("de", "opinion_maker close_eye",
     "„Meinungsmacher“: Zuerst deckt Emil die eigene Stimme auf, dann stimmen alle anderen "
     "gleichzeitig ab."),
    ("de", "opinion_maker opinion_maker",
     "„Meinungsmacher“: Zuerst decken Emil und Fritz gemeinsam ihre Stimmen auf, dann stimmen "
     "alle anderen gleichzeitig ab."),
])
def test_the_opinion_maker_line_reads_right_with_one_holder_and_with_two(play, lang, cards,
                                                                         line):
    """rules.md §3.4: the holder reveals their vote before anyone else chooses; two holders
    reveal together, then everyone else votes."""
    play(f"new --players 7 {NAMES.replace(',Hans,Ida', '')} --modules plot --leader anna "
         f"--lang {lang}", f"plot draw {cards}")
    second = cards.split()[1]
    output = play("plot give opinion_maker emil", f"plot give {second} fritz",
                  "propose anna ben", "status")
    assert output.count(line) == 3  # after the team, in the table's "now" and the Plot cards


# -- what the engine says, in every ring (issue 12) ---------------------------------------------


SEVEN = "--names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi"


@pytest.mark.parametrize("lang,leads", [
    ("en", "Leader: Dora · then Carl, Dora, Emil, Fritz"),
    ("de", "Anführer: Dora · danach Carl, Dora, Emil, Fritz"),
])
def test_after_a_strong_leader_the_table_names_the_next_leader_of_the_house_rule(
        play, status, moderator, lang, leads):
    """rules.md §1.7, §13 `plot-strong-leader-rotation=resume-order`: after Dora's Strong
    Leader replaced Ben, the token goes back to Ben's left neighbour, Carl."""
    play(f"new --players 7 {SEVEN} --modules plot --leader anna --lang {lang} "
         "--house-rule plot-strong-leader-rotation=resume-order --no-play",
         "plot draw strong_leader close_eye", "plot give strong_leader dora",
         "plot give close_eye emil", "propose anna ben", "vote --reject all",
         "plot use strong_leader --by dora")
    assert status()["leader"] == 4
    assert status()["next_leaders"][:2] == [3, 4]
    assert leads in moderator("status").stdout
    ruling = {"en": "If this team is rejected, Carl leads next",
              "de": "Wird das Team abgelehnt, ist als Nächstes Carl dran"}[lang]
    assert ruling in moderator("rules").stdout


@pytest.mark.parametrize("lang,first", [
    ("en", "Not yet: with the Sergeant the switch comes first."),
    ("de", "Noch nicht: Mit dem Feldwebel kommt zuerst der Tausch."),
])
def test_keeping_a_close_eye_comes_after_the_sergeants_switch(play, refused, status, lang,
                                                               first):
    """rules.md §3.3 window 6, §8: cards played face down, then the Sergeant's switch, then
    Keeping a Close Eye on You, then the reveal."""
    play(f"new --players 7 {SEVEN} --modules plot,sergeant --leader anna --lang {lang} "
         "--no-play", "plot draw close_eye in_the_spotlight", "plot give close_eye ben",
         "plot give in_the_spotlight carl", "propose anna ben --sergeant ben",
         "vote --approve all")
    assert refused("plot use close_eye --by ben --target anna").startswith(first)
    play("switch anna")
    assert refused("plot use in_the_spotlight --by carl --target anna")  # cards are played
    play("plot use close_eye --by ben --target anna", "mission --fails 1")
    done = status()["missions"][0]
    assert (done["switched"], done["fails"], done["result"]) == (1, 1, "fail")
    assert [u["card"] for u in status()["plot"]["uses"]] == ["close_eye"]


def test_a_card_not_in_the_deck_is_refused_by_its_name(play, refused):
    """rules.md §3.1: at 5 players the deck holds no Overheard Conversation; the refusal
    names the card as the table does, in the game's language."""
    play("new --players 5 --modules plot --lang de --leader 1 --no-play")
    assert refused("plot draw overheard") == (
        "Abhörmaßnahme kann nicht gezogen werden: Im Plotstapel dieser Partie ist diese Karte "
        "nicht (mehr) vorhanden.")


@pytest.mark.parametrize("lang, warned", [
    ("en", "it is the fifth rejected team of the round: the spies win at once"),
    ("de", "der fünfte abgelehnte Teamvorschlag der Runde: Die Spione gewinnen sofort"),
])
def test_no_confidence_on_the_fifth_proposal_is_said_to_end_the_game(play, lang, warned):
    """rules.md §3.4, §1.4: a No Confidence on the fifth proposal of a round is the fifth
    rejection; the host is told before it is used."""
    play(f"new --players 7 --modules plot --leader 1 --no-play --lang {lang}",
         "plot draw no_confidence close_eye", "plot give no_conf 3", "plot give close 4")
    for leader in range(1, 5):
        assert warned not in play(f"propose {leader} {leader + 1}", "vote --reject all")
    assert warned in play("propose 5 6", "vote --approve all")
