"""Questions tables ask in their own words (issue 35, item 2): the issue's examples find their
topic first, in English and German, in an Avalon game; and what made them fail is read
generally: a tie said as "four against four", a tag that only asks to be told yes, a name
that holds another ("Diener Mordreds" is not Mordred), a bracketed module in a title, and
the game's own word for a theme's ("mission" in an Avalon game). The question sets the search
was tuned on before do not drop, in either theme."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from moderator import i18n
from moderator.reference import lookup, search
from moderator.reference.matching import held_names, index, theme_words, words

DATA = Path(__file__).parent / "data"

#: The issue's examples, each also in the other language, with the topic a host wants first.
EXAMPLES = [
    ("four against four on the vote, does the team still go?", "tie"),
    ("Vier zu vier bei der Abstimmung, geht das Team trotzdem los?", "tie"),
    ("who does Merlin see when the minions put their thumbs up?", "commander"),
    ("Wen sieht Merlin, wenn die Diener Mordreds den Daumen hochstrecken?", "commander"),
    ("does Merlin know who Mordred is?", "deep-cover"),
    ("Weiß Merlin, wer Mordred ist?", "deep-cover"),
    ("Oberon keeps his eyes closed, right?", "blind-spy"),
    ("Oberon lässt die Augen zu, oder?", "blind-spy"),
    ("Can the minions of Mordred talk it over before the Assassin points at Merlin?",
     "assassin"),
    ("Dürfen sich die Diener Mordreds absprechen, bevor der Meuchelmörder auf Merlin zeigt?",
     "assassin"),
    ("wann darf die Herrin vom See benutzt werden", "inquisitor"),
    ("when can the Lady of the Lake be used", "inquisitor"),
]


@pytest.mark.parametrize("question, topic", EXAMPLES)
def test_the_issues_questions_find_their_topic_first_in_an_avalon_game(question, topic):
    with i18n.speaking("avalon"):
        assert [t for t, _ in search(question, 1)] == [topic], search(question, 3)
        found = lookup(question, "en")
    assert found is not None and found.topic == topic and found.sure


@pytest.mark.parametrize("question", ["four against four on the vote, does the team still go?",
                                      "Vier zu vier bei der Abstimmung, geht das Team trotzdem "
                                      "los?"])
def test_a_tied_vote_is_a_tie_in_the_games_own_words_too(question):
    assert search(question, 1)[0][0] == "tie"


def test_a_count_against_the_same_count_reads_as_a_tie_and_a_yes_tag_is_dropped():
    assert words("four against four") == words("vier zu vier") == words("4:4") == ["tie"]
    assert words("3 to 5 players") == ["3", "to", "5", "players"]  # not a tie
    assert words("Oberon keeps his eyes closed, right?")[-1] == "closed"
    assert words("Oberon lässt die Augen zu, oder?")[-1] == "zu"
    assert "right" in words("who sits on the leader's right")  # not a tag there


def test_a_name_that_holds_another_is_not_that_character():
    """'Mordreds' in „Diener Mordreds“ must not pull the Mordred topic ahead."""
    held = dict(held_names("avalon"))
    assert held["minions of mordred"] == "minions" and held["diener mordreds"] == "diener"
    assert not any("lancelot" in name for name in held)  # „der gute Lancelot“ is Lancelot
    assert held_names("resistance") == ()  # „des Widerstands“ is the side, held by nobody
    with i18n.speaking("avalon"):
        assert "mordred" not in index().keep("Dürfen die Diener Mordreds reden?")
        assert "mordred" in index().keep("Weiß Merlin, wer Mordred ist?")


def test_in_an_avalon_game_the_games_own_words_are_read_as_avalons():
    own = theme_words("avalon", held_names("avalon"))
    assert own["mission"] == "quest" and own["kommandeur"] == "merlin"
    assert own["spies"] == "minions" and own["spione"] == "diener"
    assert theme_words("resistance", ()) == {}


def test_a_bracketed_module_is_no_part_of_a_characters_name():
    """„Mordred (Modul Merlin und der Meuchelmörder)“: Merlin is not Mordred's title word."""
    with i18n.speaking("avalon"):
        weights = index().weights
    assert weights["deep-cover"]["mordred"] > weights["deep-cover"]["merlin"]
    assert weights["commander"]["merlin"] > weights["deep-cover"]["merlin"]


def _sets() -> dict[str, list]:
    fresh = yaml.safe_load((DATA / "fresh_questions.yaml").read_text(encoding="utf-8"))
    second = yaml.safe_load((DATA / "second_fresh_questions.yaml").read_text(encoding="utf-8"))
    return {**{lang: fresh[lang] for lang in ("en", "de")},
            **{f"{lang} held out": fresh["held_out"][lang] for lang in ("en", "de")},
            **{f"{lang} second": second[lang] for lang in ("en", "de")}}


#: First hits before issue 35 changed the search, per theme: none may drop.
BEFORE = {
    "resistance": {"en": 63, "de": 64, "en held out": 21, "de held out": 22, "en second": 37,
                   "de second": 38},
    "avalon": {"en": 58, "de": 59, "en held out": 20, "de held out": 22, "en second": 33,
               "de second": 36},
}


@pytest.mark.parametrize("theme", ["resistance", "avalon"])
def test_the_question_sets_do_not_drop_in_either_theme(theme):
    with i18n.speaking(theme):
        hits = {name: sum(search(question, 1)[0][0] == topic for question, topic in asked)
                for name, asked in _sets().items()}
    assert all(hits[name] >= least for name, least in BEFORE[theme].items()), hits
