"""The compact notation, Markdown, CSV and the JSON summary of a game: every proposal with its
public votes (rules.md §1.4), every mission with its revealed cards (§1.5, §7, §8), module
events, and how the game ended. Built straight from a setup and its actions, no disk."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from moderator.records import notation

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi"]


def setup(players=5, modules=(), lang="en", names=None, **extra) -> dict:
    return {
        "created": "2026-11-30T20:00:00+00:00", "players": players,
        "names": names or NAMES[:players], "lang": lang, "modules": list(modules),
        "variants": [], "roles": [], "house_rules": {}, "allow_incompatible": False,
        "first_leader": 1, "leader_chosen": True, "seed": 424242, **extra,
    }


def propose(*team, **extra):
    return {"type": "propose", "team": list(team), **extra}


def vote(*approve):
    return {"type": "vote", "approve": list(approve)}


def mission(fails, **extra):
    return {"type": "mission", "fails": fails, **extra}


def lines(actions, lang="en", **options):
    return notation.lines(notation.written("G", setup(**options), actions), lang)


RESISTANCE_WINS = [
    propose(1, 2), vote(1, 2, 5), mission(0),
    propose(2, 3, 4), vote(3, 4),  # rejected
    propose(3, 4, 5), vote(3, 4, 5), mission(1),
    propose(4, 5), vote(2, 3, 4, 5), mission(0),
    propose(1, 2, 5), vote(1, 3, 4, 5), mission(0),
]


def test_each_voted_proposal_and_each_mission_is_one_line():
    """§1.4: votes are public, so the line names the smaller side; §1.5: Fail cards counted."""
    assert lines(RESISTANCE_WINS) == [
        "Game G · 5 players: Anna, Ben, Carl, Dora, Emil",
        "M1.1 L=Anna T=Anna,Ben +3 -2 ✔ -Carl,Dora",
        "M1 ✔ 0F",
        "M2.1 L=Ben T=Ben,Carl,Dora +2 -3 ✘ +Carl,Dora",
        "M2.2 L=Carl T=Carl,Dora,Emil +3 -2 ✔ -Anna,Ben",
        "M2 ✘ 1F",
        "M3.1 L=Dora T=Dora,Emil +4 -1 ✔ -Anna",
        "M3 ✔ 0F",
        "M4.1 L=Emil T=Anna,Ben,Emil +4 -1 ✔ -Ben",
        "M4 ✔ 0F",
        "= Game over: the Resistance wins (three missions succeeded).",
    ]


def test_a_tie_is_a_rejection_and_names_who_rejected():
    """§1.4: approved only by a strict majority; at six players 3 to 3 rejects."""
    assert lines([propose(1, 2), vote(1, 2, 3)], players=6)[1] == (
        "M1.1 L=Anna T=Anna,Ben +3 -3 ✘ -Dora,Emil,Fritz")


def test_a_unanimous_vote_names_nobody():
    assert lines([propose(1, 2), vote(1, 2, 3, 4, 5)])[1] == "M1.1 L=Anna T=Anna,Ben +5 -0 ✔"


def test_one_fail_on_the_fourth_mission_at_seven_players_is_a_success():
    """§1.5: at 7+ players the 4th mission fails only with two Fail cards."""
    everyone = range(1, 8)
    actions = [
        propose(1, 2), vote(*everyone), mission(0),
        propose(2, 3, 4), vote(*everyone), mission(1),
        propose(3, 4, 5), vote(*everyone), mission(1),
        propose(4, 5, 6, 7), vote(*everyone), mission(1),
    ]
    shown = lines(actions, players=7)
    assert shown[-2:] == ["M4 ✔ 1F", "… the leader chooses a team"]


def test_a_team_awaiting_its_vote_is_shown_pending():
    assert lines([propose(1, 2)])[1:] == ["M1.1 L=Anna T=Anna,Ben …", "… the table votes"]


def test_rogue_success_and_the_watch_token_are_on_the_mission_line():
    """§7: at 7+ players the Watch token goes out after every approval; Rogue Success counts
    as a success."""
    actions = [propose(1, 2), vote(*range(1, 8)), {"type": "watch", "holder": 2},
               mission(0, rogue_success=1)]
    assert lines(actions, players=7, modules=["rogue"])[1:3] == [
        "M1.1 L=Anna T=Anna,Ben +7 -0 ✔", "M1 ✔ 0F 1RS W=Ben"]


def test_the_sergeant_is_on_the_proposal_line_and_the_switch_on_the_mission_line():
    """§8: the leader names a Sergeant other than themselves; a switch can add a Fail."""
    actions = [propose(1, 2, sergeant=2), vote(1, 2, 3), mission(1, switched=1)]
    assert lines(actions, modules=["sergeant"])[1:3] == [
        "M1.1 L=Anna T=Anna,Ben Sg=Ben +3 -2 ✔ -Dora,Emil", "M1 ✘ 1F ⇄Anna"]


def test_a_reverse_card_turns_the_result_and_shows_on_the_mission_line():
    """§6.2: the threshold first, then one flip per Reverse card."""
    actions = [propose(1, 2), vote(1, 2, 3), mission(0, reverse=1)]
    assert lines(actions, modules=["reverser"])[2] == "M1 ✘ 0F 1Rv"


def test_the_letters_are_german_in_a_german_export():
    actions = [propose(1, 2), vote(*range(1, 8)), {"type": "watch", "holder": 2},
               mission(0, rogue_success=1)]
    assert lines(actions, lang="de", players=7, modules=["rogue"])[1:3] == [
        "M1.1 A=Anna T=Anna,Ben +7 -0 ✔", "M1 ✔ 0F 1EE B=Ben"]


def test_module_events_get_a_line_of_their_own():
    """§5.1: the Assassination after the third success."""
    actions = RESISTANCE_WINS[:-1] + [mission(0), {"type": "assassinate", "target": 3,
                                                   "commander": 5}]
    assert lines(actions, modules=["commander"])[-2:] == [
        "⚑ the Assassin named Carl; the Commander is Emil",
        "= Game over: the Resistance wins (the Assassin named the wrong player).",
    ]


@dataclass(frozen=True)
class NewerMission:
    """A played mission as a later engine might record it, with a module unknown here."""

    mission: int
    team: tuple
    fails: int
    succeeded: bool
    watch: int | None = None
    mirror: int | None = None  # a seat, by the engine's convention (default None)
    echoes: int = 0  # a count


def test_a_mission_field_not_known_here_is_shown_by_its_name():
    assert notation.mission_line(NewerMission(1, (0, 1), 0, True, watch=1, mirror=2, echoes=3),
                                 NAMES, "en") == "M1 ✔ 0F W=Ben mirror=Carl echoes=3"


def test_an_approval_cancelled_with_no_confidence_is_said_after_the_vote():
    """rules.md §3.4: No Confidence cancels an approval, which then counts as rejected; the
    line says who cancelled it, and the CSV has its column."""
    actions = [{"type": "plot_draw", "cards": ["no_confidence", "close_eye"]},
               {"type": "plot_give", "card": "no_confidence", "to": 2},
               {"type": "plot_give", "card": "close_eye", "to": 3},
               propose(1, 2), vote(1, 2, 3, 4, 5, 6, 7),
               {"type": "plot_use", "card": "no_confidence", "by": 2}]
    record = notation.written("G", setup(7, modules=["plot"]), actions)
    assert "M1.1 L=Anna T=Anna,Ben +7 -0 ✘ (No Confidence: Ben)" in notation.lines(record, "en")
    row = next(csv.DictReader(io.StringIO(notation.csv_text(record))))
    assert (row["approved"], row["cancelled_by"]) == ("false", "Ben")


def test_sides_entered_after_the_game_are_an_event():
    record = notation.written("G", setup(), RESISTANCE_WINS + [{"type": "sides",
                                                                 "spies": [2, 4]}])
    assert notation.lines(record, "en")[-2] == "⚑ after the game: the spies were Ben, Dora"
    assert record.sides == [1, 3]


# -- Markdown ---------------------------------------------------------------------------------


def markdown(actions=RESISTANCE_WINS, **options):
    return notation.markdown(notation.written("G", setup(**options), actions), "en")


def test_markdown_puts_the_notation_and_the_votes_in_code_blocks_for_a_chat():
    text = markdown()
    assert "**The Resistance · game G**" in text
    assert "```\nM1.1 L=Anna T=Anna,Ben +3 -2 ✔ -Carl,Dora\nM1 ✔ 0F\n" in text
    assert "     1.1 2.1 2.2 3.1 4.1\nAnna LT+   −   −   −  T+\n" in text
    assert "| " not in text  # no table: most chats do not draw them


def test_markdown_lists_the_setup_but_never_the_seed():
    text = markdown(house_rules={"rogue-earlier-mission": "same-result"})
    assert "- **5 players:** 1 Anna · 2 Ben · 3 Carl · 4 Dora · 5 Emil" in text
    assert "- **First leader:** Anna (chosen)" in text
    assert "- **House rules:** rogue-earlier-mission = same-result" in text
    assert "424242" not in text


def test_names_cannot_break_the_markdown():
    names = ["*Anna*", "Ben`", "C```", "Dora", "Emil"]
    text = markdown(names=names)
    assert r"1 \*Anna\* · 2 Ben\` · 3 C\`\`\`" in text
    assert "````\nM1.1 L=*Anna* T=*Anna*,Ben` " in text  # the fence outgrows the name


# -- CSV ------------------------------------------------------------------------------------


def test_csv_has_one_row_per_proposal_with_the_mission_on_the_approved_team_row():
    rows = list(csv.DictReader(io.StringIO(
        notation.csv_text(notation.written("G", setup(), RESISTANCE_WINS)))))
    assert len(rows) == 5
    assert [(r["mission"], r["attempt"], r["approved"], r["result"], r["fails"])
            for r in rows] == [
        ("1", "1", "true", "success", "0"), ("2", "1", "false", "", ""),
        ("2", "2", "true", "fail", "1"), ("3", "1", "true", "success", "0"),
        ("4", "1", "true", "success", "0"),
    ]
    assert rows[1]["approve"] == "Carl, Dora" and rows[1]["reject"] == "Anna, Ben, Emil"
