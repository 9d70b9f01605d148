"""The real prompts (questionary on prompt_toolkit), fed keys through a pipe as a terminal
would send them (design.md §8): what each returns, what it refuses, the keys always at
hand, Ctrl-C, and the live footer that never holds an answer back."""

from __future__ import annotations

import pytest

from moderator.ui.prompts import Choice, QuestionaryPrompter, Shortcut, instruction

DOWN, ENTER, SPACE, CTRL_C = "\x1b[B", "\r", " ", "\x03"

PLAYERS = [Choice("1 Anna", 0, key="1"), Choice("2 Ben", 1, key="2"), Choice("3 Cleo", 2, key="3")]
KEYS = (Shortcut("u", "undo", "undo"), Shortcut("q", "quit", "quit"))


@pytest.fixture
def keys():
    """Type into every prompt of the test, as into a terminal."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield pipe.send_text


@pytest.fixture
def ask():
    return QuestionaryPrompter()


def test_a_checkbox_returns_the_ticked_values_in_list_order(keys, ask):
    keys(DOWN + DOWN + SPACE + "k" + "k" + SPACE + ENTER)  # tick Cleo, then Anna
    assert ask.checkbox("Team?", PLAYERS) == [0, 2]


def test_a_checkbox_refuses_an_answer_its_check_refuses_and_waits_for_a_good_one(keys, ask):
    keys(SPACE + ENTER)  # one ticked: refused, the prompt stays
    keys(DOWN + SPACE + ENTER)  # two ticked: taken
    answer = ask.checkbox("Team of two?", PLAYERS,
                          validate=lambda ticked: None if len(ticked) == 2 else "two, please")
    assert answer == [0, 1]


def test_nothing_ticked_is_an_answer_too(keys, ask):
    keys(ENTER)
    assert ask.checkbox("Who rejected?", PLAYERS) == []


def test_a_shortcut_key_leaves_a_checkbox_or_a_menu_with_the_shortcut(keys, ask):
    keys(SPACE + "u")
    left = ask.checkbox("Team?", PLAYERS, shortcuts=KEYS)
    assert (left.command, left.ticked) == ("undo", (0,))  # and what was ticked so far
    keys("q")
    assert ask.select("Fails?", [Choice("0", 0), Choice("1", 1)], shortcuts=KEYS) == KEYS[1]


def test_letters_that_are_no_shortcut_do_nothing(keys, ask):
    keys("x" + "z" + DOWN + ENTER)
    assert ask.select("Fails?", [Choice("none", 0), Choice("one", 1)], shortcuts=KEYS) == 1


def test_a_menu_returns_the_chosen_value(keys, ask):
    keys(DOWN + DOWN + ENTER)
    assert ask.select("Who leads?", PLAYERS) == 2


def test_text_takes_the_suggestion_on_enter_and_a_typed_name_otherwise(keys, ask):
    keys(ENTER)
    assert ask.text("Seat 1:", suggestion="Player 1") == "Player 1"
    keys("Anna" + ENTER)
    assert ask.text("Seat 2:", suggestion="Player 2") == "Anna"


def test_text_refuses_what_its_check_refuses(keys, ask):
    keys("7" + ENTER)  # refused: stays
    keys("\x7fEve" + ENTER)  # backspace, then a name
    assert ask.text("Seat 3:", validate=lambda v: "no numbers" if v.isdigit() else None) == "Eve"


@pytest.mark.parametrize("prompt", ["text", "select", "checkbox"])
def test_ctrl_c_at_any_prompt_raises_keyboard_interrupt(keys, ask, prompt):
    keys(CTRL_C)
    with pytest.raises(KeyboardInterrupt):
        if prompt == "text":
            ask.text("Seat 1:")
        else:
            getattr(ask, prompt)("Who?", PLAYERS)


def test_a_live_footer_never_holds_the_answer_back(keys, ask):
    shown = []
    keys(SPACE + DOWN + SPACE + ENTER)

    def footer() -> str:
        shown.append("drawn")
        return "Discussion 1:00 left"

    assert ask.checkbox("Team?", PLAYERS, footer=footer) == [0, 1]
    assert shown  # the footer was drawn while the prompt was up


def test_the_instruction_says_how_to_answer_and_lists_the_keys():
    assert instruction("Space ticks", KEYS) == "\n  Space ticks\n  u undo · q quit"
    assert instruction("Enter continues", ()) == "\n  Enter continues"


def test_a_long_question_and_hint_are_broken_at_words_to_fit_the_screen():
    """prompt_toolkit cuts a question's and a hint's line at the screen's edge: they are
    broken to fit under their two-column indent instead."""
    from moderator.ui.prompts import question_text

    long = "Who is on Anna's team? Tick 5 for mission 4. This mission fails only with two " \
           "or more Fail cards."
    assert question_text(long, 60) == (
        "Who is on Anna's team? Tick 5 for mission 4. This mission\n"
        "  fails only with two or more Fail cards.")
    hint = instruction("↑↓ move · Space or the seat number ticks · Enter confirms (nobody "
                       "ticked: everyone approved)", KEYS, 60)
    assert hint == ("\n  ↑↓ move · Space or the seat number ticks · Enter confirms"
                    "\n  (nobody ticked: everyone approved)\n  u undo · q quit")
    assert all(len(line) <= 59 for line in hint.split("\n"))


def test_a_seat_number_ticks_its_player_in_a_list_and_again_unticks_them(keys, ask):
    keys("3" + "1" + "2" + "2" + ENTER)  # Cleo, Anna, Ben, Ben again: Ben unticked
    assert ask.checkbox("Team?", PLAYERS) == [0, 2]


def test_a_seat_number_points_at_its_player_in_a_menu(keys, ask):
    keys("3" + ENTER)
    assert ask.select("Who leads?", PLAYERS) == 2


def test_questionarys_hidden_tick_all_and_invert_keys_do_nothing(keys, ask):
    keys("a" + "i" + "2" + "a" + "i" + ENTER)
    assert ask.checkbox("Who rejected?", PLAYERS) == [1]


def test_a_seat_key_still_checks_the_list(keys, ask):
    keys("1" + ENTER)  # one ticked: refused, the prompt stays
    keys("2" + ENTER)
    answer = ask.checkbox("Team of two?", PLAYERS,
                          validate=lambda ticked: None if len(ticked) == 2 else "two, please")
    assert answer == [0, 1]
