"""The host ring without a server (issue 34, item 2): guided play's steps run with a page's
answers ask exactly what the engine offers, take only answers that fit, record through the
session, and never put a value the table has not seen on the page.
"""

from __future__ import annotations

import pytest

from moderator import session, store
from moderator.host import Host
from moderator.host.remote import Asked, Scripted, Unfit
from moderator.i18n import t
from moderator.rules import PROPOSAL
from moderator.ui.guide import allowed
from moderator.ui.prompts import Choice

SEVEN = "new --players 7 --names Ann,Bob,Cat,Dan,Eve,Fay,Gus --leader 1 --no-play"


@pytest.fixture(autouse=True)
def own_home(home):
    """A fresh MODERATOR_HOME (tests/conftest.py)."""


def current():
    return session.open_game(store.game_ids()[-1])


# -- the prompter: answers by index, checked ---------------------------------------------------


CHOICES = [Choice("Ann", 0), Choice("Bob", 1), Choice("Cat", 2)]


def test_an_answer_is_a_choice_s_index_and_the_first_one_missing_is_asked():
    asking = Scripted([2, [0, 1]])
    assert asking.select("Who?", CHOICES) == 2
    assert asking.checkbox("Which?", CHOICES, validate=lambda ticked: None) == [0, 1]
    with pytest.raises(Asked) as asked:
        asking.select("And then?", CHOICES)
    assert asked.value.question == "And then?" and asked.value.kind == "one"


@pytest.mark.parametrize("answer", [3, -1, True, "1", 1.0, None, [0]])
def test_a_choice_that_is_not_offered_is_refused(answer):
    with pytest.raises(Unfit):
        Scripted([answer]).select("Who?", CHOICES)


@pytest.mark.parametrize("answer", [[0, 0], [5], 1, ["0"], [True]])
def test_a_list_with_what_it_does_not_offer_is_refused(answer):
    with pytest.raises(Unfit):
        Scripted([answer]).checkbox("Which?", CHOICES)


def test_a_list_the_step_refuses_says_why_and_the_page_knows_how_many_fit():
    def two(ticked):
        return None if len(ticked) == 2 else f"two, not {len(ticked)}"

    with pytest.raises(Unfit) as unfit:
        Scripted([[0, 1, 2]]).checkbox("Team?", CHOICES, validate=two)
    assert unfit.value.reason == "two, not 3"
    with pytest.raises(Asked) as asked:
        Scripted([]).checkbox("Team?", CHOICES, validate=two)
    assert asked.value.sizes == [2]


def test_too_many_answers_or_too_long_a_line_are_refused():
    with pytest.raises(Unfit):
        Scripted([0] * 41)
    with pytest.raises(Unfit):
        Scripted(["x" * 201]).text("Your question")


# -- the steps: the engine's choices, and only them ----------------------------------------------


def test_the_team_is_asked_with_every_player_and_the_size_of_the_mission(play):
    play(SEVEN)
    host, now = Host(), current()
    ran = host.step(now, "en")
    assert ran.asked.kind == "some" and ran.asked.sizes == [now.game.team_size]
    assert [c.value for c in ran.asked.choices] == list(range(7))
    assert ran.title == t("en", "play.round", mission=1, attempt=1, limit=5, leader="Ann")


def test_the_fail_cards_offered_are_the_engine_s(play):
    play(SEVEN, "propose 1 2", "vote --approve all")
    host, now = Host(), current()
    ran = host.step(now, "en")
    assert [c.value for c in ran.asked.choices] == list(allowed(now.game, "fails"))


def test_the_assassination_asks_the_engine_s_two_questions(play):
    play("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --modules commander "
         "--no-play")
    for team in ("1 2", "2 3 4", "3 4"):
        play(f"propose {team}", "vote --approve all", "mission --fails 0")
    host, now = Host(), current()
    first = host.step(now, "en").asked
    assert [c.value for c in first.choices] == list(allowed(now.game, "target"))
    second = host.step(now, "en", [2]).asked
    assert second.question == t("en", "play.commander_shows", target="Cat",
                                 the_commander="the Commander")


def test_a_value_still_secret_never_reaches_the_page(play):
    """The Loyalty card the game's deck gives next is a choice's value, but only indices
    travel: two games the table cannot tell apart, whose decks give different cards next,
    show the same page."""
    from moderator.display import hostpage

    shown, drawn = [], []
    for seed in (1, 2, 3, 4, 5, 6):
        play("new --players 7 --names Ann,Bob,Cat,Dan,Eve,Fay,Gus --leader 1 --modules "
             f"defector --seed {seed} --no-play")
        for team, fails in (("1 2", 0), ("2 3 4", 1)):
            play(f"propose {team}", "vote --approve all", f"mission --fails {fails}")
        now = current()
        ran = Host().step(now, "en")
        assert ran.asked.choices[0].title == t("en", "play.loyalty_draw")
        drawn.append(session.draw(now, "loyalty")[0])
        html = hostpage.step(ran, (now.game_id, now.history.lines), "en", False)
        shown.append(html.replace(now.game_id, "GAME"))
    assert len(set(drawn)) == 2  # the decks differ
    assert len(set(shown)) == 1  # the pages do not


def test_an_answer_is_recorded_through_the_session_and_a_stale_one_refused(play):
    from moderator.rules import RuleError

    play(SEVEN)
    host, now = Host(), current()
    ran, done = host.answer(now, "en", [[0, 1]])
    assert done is not None and done.game.phase == "vote"
    assert session.open_game(now.game_id).history.lines == now.history.lines + 1
    with pytest.raises(RuleError) as refused:
        host.answer(now, "en", [[2, 3]])  # chosen for the game before the team
    assert refused.value.code == "errors.moved_on"
    with pytest.raises(RuleError) as moved:
        with host.game(now.game_id, (now.game_id, now.history.lines)):
            pass
    assert moved.value.code == "errors.moved_on"


def test_undo_says_what_it_takes_back(play):
    play(SEVEN, "propose 1 2")
    host, now = Host(), current()
    said = host.history(now, "en")
    assert said == {"undo": "team Ann, Bob", "redo": None}
    assert host.move(now, "en", "undo") == t("en", "history.undo", text=said["undo"])
    assert current().game.phase == PROPOSAL


def test_at_the_end_the_page_asks_for_another_game_with_the_same_table(play):
    """As guided play ends: another game with the same table (`new --again`: the same
    names in the same seats, the leader card one seat on, rules.md §1.3), started from the
    phone; the table's screen follows the newest game."""
    play("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-play",
         *[c for team in ("1 2", "2 3 4", "3 4") for c in (
             f"propose {team}", "vote --approve all", "mission --fails 0")])
    host, over = Host(), current()
    ran = host.step(over, "en")
    assert ran.title == t("en", "play.end_title") and ran.asked is not None
    assert ran.asked.question == t("en", "play.end_question")
    assert [c.title for c in ran.asked.choices] == [t("en", "play.again_yes", leader="Bob")]
    started, done = host.answer(over, "en", [0])
    assert done is not None and current().game_id == done.game_id != over.game_id
    assert done.names == over.names and done.game.leader == 1 and not done.history.done
    assert started.lines == [(t("en", "setup.again", game=over.game_id,
                                names="Ann → Bob → Cat → Dan → Eve"), "bold")]
