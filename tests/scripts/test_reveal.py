"""The reveal script of every module, word for word, in English and German (rules.md §9).

Each test reads a configuration's script the way the host hears it, or checks who has their
eyes open and whose thumb is up at each step. The English lines follow the wording of rules.md
§9; the German lines follow GL §2 (style A: the role first, third person; exception before
action). Expected scripts are written out here, not derived from the code.
"""

from __future__ import annotations

import pytest

from moderator.i18n import t
from moderator.rules import RuleError, configure
from moderator.scripts import SPIES_LOOK, for_game, reveal


def steps(players, modules="", roles="", variants="", allow_incompatible=False, **house_rules):
    """The script's steps; house rules as keyword arguments with `_` for `-`."""
    setup = configure(players, _ids(modules), _ids(variants), _ids(roles), allow_incompatible)
    return reveal(setup, {k.replace("_", "-"): v for k, v in house_rules.items()})


def spoken(lang, players, modules="", roles="", variants="", **options):
    return [t(lang, s.key, **s.params)
            for s in steps(players, modules, roles, variants, **options)]


def _ids(text):
    return [item for item in text.split(",") if item]


def line(steps_, key):
    """The one step with this i18n key (without the `script.` prefix)."""
    found = [s for s in steps_ if s.key == f"script.{key}"]
    assert len(found) == 1, [s.key for s in steps_]
    return found[0]


# -- §9.1 base game ---------------------------------------------------------------------------

BASE_EN = [
    "Everyone, close your eyes.",
    "Spies, open your eyes and look around: remember every other spy.",
    "Spies, close your eyes. Now every eye should be closed.",
    "Everyone, open your eyes.",
]
BASE_DE = [
    "Alle schließen die Augen.",
    "Die Spione öffnen die Augen und schauen, wer alles dazugehört.",
    "Die Spione schließen die Augen. Jetzt sind alle Augen geschlossen.",
    "Alle öffnen die Augen.",
]


@pytest.mark.parametrize("players", range(5, 11))
def test_base_game_reveal(players):
    """rules.md §9.1: eyes closed, the spies open and look, close, everyone opens."""
    assert spoken("en", players) == BASE_EN
    assert spoken("de", players) == BASE_DE


def test_base_game_only_the_spies_open_and_have_time_to_look():
    """rules.md §9.1 steps 2-3: all spies open, then a pause of 5-10 s; nobody raises a
    thumb, so nobody is asked for a fist."""
    script = steps(7)
    assert [(s.open, s.thumb) for s in script] == [((), ()), (("spy",), ()), ((), ()), ((), ())]
    assert 5 <= line(script, "spies_open").pause <= 10
    assert [s.everyone for s in script] == [True, False, False, True]


# -- §9.2 Blind Spies -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 10])
def test_blind_spies_have_no_reveal_and_the_script_says_so(players):
    """rules.md §9.2: no reveal; at most a line saying so, to the whole table."""
    assert spoken("en", players, variants="blind-spies") == [
        "Blind Spies: there is no reveal. Nobody opens their eyes; the spies stay unknown to "
        "each other.",
    ]
    assert spoken("de", players, variants="blind-spies") == [
        "Variante Blinde Spione: Es gibt keine Enthüllung. Niemand öffnet die Augen. Die Spione "
        "bleiben einander unbekannt.",
    ]
    assert all(s.everyone and not s.open and not s.thumb
               for s in steps(players, variants="blind-spies"))


def test_blind_spies_with_the_commander_as_a_house_rule_keep_only_the_commanders_steps():
    """rules.md §10.3 leaves Blind Spies with the Commander open (refused unless
    --allow-incompatible); played anyway, no spy ever opens their eyes (§2.2) while the
    Commander still sees the thumbs (§9.4)."""
    script = steps(7, "commander", variants="blind-spies", allow_incompatible=True)
    assert script[0].key == "script.blind_spies_note"
    assert all("spy" not in s.open and "assassin" not in s.open for s in script)
    assert line(script, "commander_open").thumb == ("assassin", "spy")


# -- §9.3 Rogue Agent -------------------------------------------------------------------------


def test_rogue_the_spy_rogue_keeps_their_eyes_closed():
    """rules.md §9.3: the spy Rogue keeps their eyes closed, said before the others open
    (GL §2.2); the resistance Rogue does nothing and is never mentioned."""
    assert spoken("en", 7, "rogue") == [
        "Everyone, close your eyes.",
        "Spy Rogue, keep your eyes closed.",
        "All other spies, open your eyes and look around: remember every other spy.",
        "Spies, close your eyes. Now every eye should be closed.",
        "Everyone, open your eyes.",
    ]
    assert spoken("de", 7, "rogue") == [
        "Alle schließen die Augen.",
        "Der Einzelgänger der Spione lässt die Augen geschlossen.",
        "Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.",
        "Die Spione schließen die Augen. Jetzt sind alle Augen geschlossen.",
        "Alle öffnen die Augen.",
    ]
    assert line(steps(7, "rogue"), "others_open").open == ("spy",)


def test_rogue_with_only_the_resistance_rogue_is_the_base_reveal():
    """rules.md §9.3: with only the resistance Rogue the script is that of §9.1."""
    assert spoken("en", 6, "rogue", "resistance-rogue") == BASE_EN
    assert spoken("de", 6, "rogue", "resistance-rogue") == BASE_DE


# -- §9.4 the Commander module ----------------------------------------------------------------

COMMANDER_EN = [
    "Everyone, close your eyes and hold a fist out in front of you.",
    "Spies, open your eyes and look around: remember every other spy.",
    "Spies, close your eyes.",
    "Every eye should now be closed, and every fist held out.",
    "Spies, raise your thumb. Keep your eyes closed.",
    "Now two thumbs should be up.",
    "Commander, open your eyes and remember whose thumbs are up.",
    "Spies, lower your thumbs. Commander, close your eyes.",
    "Every eye closed, every thumb down.",
    "Everyone, put your fist away and open your eyes.",
]
COMMANDER_DE = [
    "Alle schließen die Augen und strecken eine Faust nach vorn.",
    "Die Spione öffnen die Augen und schauen, wer alles dazugehört.",
    "Die Spione schließen die Augen.",
    "Jetzt sind alle Augen geschlossen, und alle strecken die Faust nach vorn.",
    "Die Spione strecken den Daumen nach oben.",
    "Jetzt sind zwei Daumen oben.",
    "Der Kommandeur öffnet die Augen und merkt sich, wer den Daumen oben hat.",
    "Alle Daumen gehen wieder herunter. Der Kommandeur schließt die Augen.",
    "Jetzt sind alle Augen geschlossen und alle Daumen unten.",
    "Alle ziehen die Faust zurück und öffnen die Augen.",
]


def test_commander_base_form():
    """rules.md §9.4 base form (GP's official German script): fists out, spies find each
    other, the check line, spies' thumbs up, the Commander looks, thumbs down, everyone
    opens."""
    assert spoken("en", 5, "commander") == COMMANDER_EN
    assert spoken("de", 5, "commander") == COMMANDER_DE


def test_commander_who_opens_and_who_raises_a_thumb():
    """rules.md §9.4: all spies incl. the Assassin open in step 2 and raise a thumb in step 5;
    the Commander alone looks at them."""
    script = steps(6, "commander")
    assert line(script, "spies_open").open == ("assassin", "spy")
    assert line(script, "spies_thumb").thumb == ("assassin", "spy")
    assert line(script, "commander_open").open == ("commander",)
    assert line(script, "commander_open").thumb == ("assassin", "spy")
    assert line(script, "thumb_count").params == {"count": 2}


def test_the_thumb_count_counts_cards_not_kinds():
    """rules.md §9.4 sanity numbers: thumbs = spies − Deep Cover − spy Rogue; at 10 players
    four spies, three of them ordinary."""
    assert line(steps(10, "commander"), "thumb_count").params == {"count": 4}
    assert line(steps(10, "commander", "deep-cover"), "thumb_count").params == {"count": 3}


def test_blind_spy_keeps_eyes_closed_but_raises_a_thumb():
    """rules.md §9.4 Blind Spy: not among the spies who open (said first), but the Commander
    sees their thumb."""
    script = steps(7, "commander", "blind-spy")
    keys = [s.key for s in script]
    assert keys.index("script.eyes_closed.blind-spy") < keys.index("script.others_open")
    assert "blind-spy" not in line(script, "others_open").open
    assert "blind-spy" in line(script, "commander_open").thumb
    assert spoken("de", 7, "commander", "blind-spy")[1:3] == [
        "Der Isolierte Spion lässt die Augen geschlossen.",
        "Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.",
    ]


def test_deep_cover_opens_with_the_spies_but_keeps_the_fist_closed():
    """rules.md §9.4 Deep Cover: opens in step 2 like any spy; 'Spies, except the Deep Cover,
    raise your thumb' — the exception said first."""
    script = steps(7, "commander", "deep-cover")
    assert "deep-cover" in line(script, "spies_open").open
    assert "deep-cover" not in line(script, "commander_open").thumb
    assert spoken("en", 7, "commander", "deep-cover")[4:7] == [
        "Deep Cover, keep your fist closed.",
        "All other spies, raise your thumb. Keep your eyes closed.",
        "Now two thumbs should be up.",
    ]


def test_body_guard_sees_the_commander():
    """rules.md §9.4 Body Guard, without a False Commander: one thumb, singular forms."""
    assert spoken("en", 6, "commander", "body-guard")[8:11] == [
        "Commander, raise your thumb.",
        "Body Guard, open your eyes and remember whose thumb is up.",
        "Commander, lower your thumb. Body Guard, close your eyes.",
    ]
    assert spoken("de", 6, "commander", "body-guard")[8:11] == [
        "Der Kommandeur streckt den Daumen nach oben.",
        "Der Leibwächter öffnet die Augen und merkt sich, wer den Daumen oben hat.",
        "Der Daumen geht wieder herunter. Der Leibwächter schließt die Augen.",
    ]
    assert line(steps(6, "commander", "body-guard"), "body_guard_open").thumb == ("commander",)


def test_body_guard_sees_two_thumbs_with_a_false_commander():
    """rules.md §9.4: the False Commander raises a thumb for the Body Guard, who sees two
    thumbs and cannot tell which is the real Commander; to the Commander the False Commander
    is an ordinary spy."""
    script = steps(7, "commander", "body-guard,false-commander")
    assert line(script, "body_guard_open_two").open == ("body-guard",)
    assert line(script, "body_guard_open_two").thumb == ("commander", "false-commander")
    assert "false-commander" in line(script, "spies_open").open
    assert "false-commander" in line(script, "commander_open").thumb


def test_false_commander_without_body_guard_is_an_ordinary_spy():
    """rules.md §9.4: without a Body Guard there is no step for the False Commander."""
    assert [s.key for s in steps(7, "commander", "false-commander")] == \
        [s.key for s in steps(7, "commander")]


def test_ten_players_with_every_commander_module_role_in_german():
    """rules.md §9.4 full example (10 players: Commander, Body Guard, Assassin, False
    Commander, Deep Cover, Blind Spy), as GL §2.3 writes it; the Blind Spy's thumb is a
    sentence of its own (GL §2.2 rule 5: one action per sentence)."""
    assert spoken("de", 10, "commander", "body-guard,false-commander,deep-cover,blind-spy") == [
        "Alle schließen die Augen und strecken eine Faust nach vorn.",
        "Der Isolierte Spion lässt die Augen geschlossen.",
        "Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.",
        "Die Spione schließen die Augen.",
        "Jetzt sind alle Augen geschlossen, und alle strecken die Faust nach vorn.",
        "Der Geheime Informant lässt die Faust geschlossen.",
        "Alle anderen Spione strecken den Daumen nach oben.",
        "Auch der Isolierte Spion streckt den Daumen nach oben.",
        "Jetzt sind drei Daumen oben.",
        "Der Kommandeur öffnet die Augen und merkt sich, wer den Daumen oben hat.",
        "Alle Daumen gehen wieder herunter. Der Kommandeur schließt die Augen.",
        "Der Kommandeur und der Falsche Kommandeur strecken den Daumen nach oben.",
        "Der Leibwächter öffnet die Augen und merkt sich die beiden Daumen.",
        "Die Daumen gehen wieder herunter. Der Leibwächter schließt die Augen.",
        "Jetzt sind alle Augen geschlossen und alle Daumen unten.",
        "Alle ziehen die Faust zurück und öffnen die Augen.",
    ]


def test_ten_players_with_every_commander_module_role_counts_in_words_and_pauses_to_act():
    """issue 16 item 5: the 10-player German reveal with every Commander-module role says
    every count as a word (GL §2.2 rule 7, §2.4) and leaves time after every line that asks
    someone to act: everyone closing their eyes (3 s), each thumb going up or down and each
    closing of eyes (2 s), the spies and the two lookers looking (rules.md §9.1 step 3: 5-10 s;
    §9.4 steps 6 and 7b). Lines that only ask someone to stay still, and the checks, need no
    time; the last line ends the reading."""
    script = steps(10, "commander", "body-guard,false-commander,deep-cover,blind-spy")
    assert [(t("de", s.key, **s.params), s.pause) for s in script] == [
        ("Alle schließen die Augen und strecken eine Faust nach vorn.", 3),
        ("Der Isolierte Spion lässt die Augen geschlossen.", 0),
        ("Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.", 8),
        ("Die Spione schließen die Augen.", 2),
        ("Jetzt sind alle Augen geschlossen, und alle strecken die Faust nach vorn.", 0),
        ("Der Geheime Informant lässt die Faust geschlossen.", 0),
        ("Alle anderen Spione strecken den Daumen nach oben.", 2),
        ("Auch der Isolierte Spion streckt den Daumen nach oben.", 2),
        ("Jetzt sind drei Daumen oben.", 0),
        ("Der Kommandeur öffnet die Augen und merkt sich, wer den Daumen oben hat.", 6),
        ("Alle Daumen gehen wieder herunter. Der Kommandeur schließt die Augen.", 2),
        ("Der Kommandeur und der Falsche Kommandeur strecken den Daumen nach oben.", 2),
        ("Der Leibwächter öffnet die Augen und merkt sich die beiden Daumen.", 6),
        ("Die Daumen gehen wieder herunter. Der Leibwächter schließt die Augen.", 2),
        ("Jetzt sind alle Augen geschlossen und alle Daumen unten.", 0),
        ("Alle ziehen die Faust zurück und öffnen die Augen.", 0),
    ]


@pytest.mark.parametrize("count,en,de", [
    (1, "Now one thumb should be up.", "Jetzt ist ein Daumen oben."),
    (2, "Now two thumbs should be up.", "Jetzt sind zwei Daumen oben."),
    (3, "Now three thumbs should be up.", "Jetzt sind drei Daumen oben."),
    (4, "Now four thumbs should be up.", "Jetzt sind vier Daumen oben."),
])
def test_every_thumb_count_the_table_can_have_is_a_word(count, en, de):
    """rules.md §9.4 sanity numbers: one to four thumbs (four spies at 10 players)."""
    assert (t("en", "script.thumb_count", count=count),
            t("de", "script.thumb_count", count=count)) == (en, de)


def test_the_base_reveal_gives_time_to_close_the_eyes():
    """issue 16 item 5: a pause after "everyone, close your eyes" (rules.md §9.1 step 1)."""
    assert [s.pause for s in steps(5)] == [3, SPIES_LOOK, 2, 0]


def test_ten_players_with_every_commander_module_role_who_opens_and_who_thumbs():
    """rules.md §9.4 full example: Assassin, False Commander and Deep Cover open; Assassin,
    False Commander and Blind Spy raise a thumb for the Commander."""
    script = steps(10, "commander", "body-guard,false-commander,deep-cover,blind-spy")
    looks = [(s.open, s.thumb) for s in script if s.open]
    assert looks == [
        (("assassin", "deep-cover", "false-commander"), ()),
        (("commander",), ("assassin", "blind-spy", "false-commander")),
        (("body-guard",), ("commander", "false-commander")),
    ]


def test_ten_players_with_every_commander_module_role_in_english():
    """rules.md §9.4 full example in English."""
    assert spoken("en", 10, "commander", "body-guard,false-commander,deep-cover,blind-spy") == [
        "Everyone, close your eyes and hold a fist out in front of you.",
        "Blind Spy, keep your eyes closed.",
        "All other spies, open your eyes and look around: remember every other spy.",
        "Spies, close your eyes.",
        "Every eye should now be closed, and every fist held out.",
        "Deep Cover, keep your fist closed.",
        "All other spies, raise your thumb. Keep your eyes closed.",
        "Blind Spy, raise your thumb too.",
        "Now three thumbs should be up.",
        "Commander, open your eyes and remember whose thumbs are up.",
        "Spies, lower your thumbs. Commander, close your eyes.",
        "Commander and False Commander, raise your thumbs.",
        "Body Guard, open your eyes and remember both thumbs.",
        "Thumbs down. Body Guard, close your eyes.",
        "Every eye closed, every thumb down.",
        "Everyone, put your fist away and open your eyes.",
    ]


def test_more_special_spies_than_the_table_has_spies_is_refused():
    """rules.md §10.1: each special character replaces an ordinary card of its side; 5
    players have 2 spies, so the Assassin leaves room for one more special spy."""
    with pytest.raises(RuleError) as refused:
        steps(5, "commander", "deep-cover,blind-spy")
    assert refused.value.code == "errors.too_many_specials_spies"
    assert refused.value.params["seats"] == 2


# -- §9.5 Rogue with the Commander --------------------------------------------------------------

DONE_WHEN = ("commander,rogue", "body-guard,false-commander,deep-cover,spy-rogue,resistance-rogue")


def test_rogue_with_commander_in_german():
    """rules.md §9.5: the spy Rogue is left out of both steps, each exception said before the
    action; the resistance Rogue is an ordinary Resistance player."""
    assert spoken("de", 10, *DONE_WHEN) == [
        "Alle schließen die Augen und strecken eine Faust nach vorn.",
        "Der Einzelgänger der Spione lässt die Augen geschlossen.",
        "Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.",
        "Die Spione schließen die Augen.",
        "Jetzt sind alle Augen geschlossen, und alle strecken die Faust nach vorn.",
        "Der Geheime Informant lässt die Faust geschlossen.",
        "Der Einzelgänger der Spione lässt die Faust geschlossen.",
        "Alle anderen Spione strecken den Daumen nach oben.",
        "Jetzt sind zwei Daumen oben.",
        "Der Kommandeur öffnet die Augen und merkt sich, wer den Daumen oben hat.",
        "Alle Daumen gehen wieder herunter. Der Kommandeur schließt die Augen.",
        "Der Kommandeur und der Falsche Kommandeur strecken den Daumen nach oben.",
        "Der Leibwächter öffnet die Augen und merkt sich die beiden Daumen.",
        "Die Daumen gehen wieder herunter. Der Leibwächter schließt die Augen.",
        "Jetzt sind alle Augen geschlossen und alle Daumen unten.",
        "Alle ziehen die Faust zurück und öffnen die Augen.",
    ]


def test_rogue_with_commander_in_english():
    """rules.md §9.5 in English."""
    assert spoken("en", 10, *DONE_WHEN) == [
        "Everyone, close your eyes and hold a fist out in front of you.",
        "Spy Rogue, keep your eyes closed.",
        "All other spies, open your eyes and look around: remember every other spy.",
        "Spies, close your eyes.",
        "Every eye should now be closed, and every fist held out.",
        "Deep Cover, keep your fist closed.",
        "Spy Rogue, keep your fist closed.",
        "All other spies, raise your thumb. Keep your eyes closed.",
        "Now two thumbs should be up.",
        "Commander, open your eyes and remember whose thumbs are up.",
        "Spies, lower your thumbs. Commander, close your eyes.",
        "Commander and False Commander, raise your thumbs.",
        "Body Guard, open your eyes and remember both thumbs.",
        "Thumbs down. Body Guard, close your eyes.",
        "Every eye closed, every thumb down.",
        "Everyone, put your fist away and open your eyes.",
    ]


def test_rogue_with_commander_the_spy_rogue_is_never_seen_and_never_looks():
    """rules.md §9.5, §12 item 9: the spy Rogue is excluded from every reveal step."""
    script = steps(10, *DONE_WHEN)
    assert all("spy-rogue" not in s.open and "spy-rogue" not in s.thumb for s in script)
    assert all("resistance-rogue" not in s.open + s.thumb for s in script)
    assert line(script, "commander_open").thumb == ("assassin", "false-commander")


# -- §9.6 Defector ----------------------------------------------------------------------------


def test_defector_the_spies_learn_the_spy_defector_by_a_thumb():
    """rules.md §9.6 default: the Spy Defector raises a thumb with eyes closed, the other spies
    open and note it; the Spy Defector learns nobody."""
    assert spoken("de", 6, "defector") == [
        "Alle schließen die Augen und strecken eine Faust nach vorn.",
        "Der Überläufer der Spione streckt den Daumen nach oben und lässt die Augen "
        "geschlossen.",
        "Alle anderen Spione öffnen die Augen, schauen, wer alles dazugehört, und merken sich "
        "den erhobenen Daumen.",
        "Alle Daumen gehen wieder herunter. Die Spione schließen die Augen.",
        "Jetzt sind alle Augen geschlossen und alle Daumen unten.",
        "Alle ziehen die Faust zurück und öffnen die Augen.",
    ]
    script = steps(6, "defector")
    assert line(script, "others_open_thumbs").open == ("spy",)
    assert line(script, "others_open_thumbs").thumb == ("spy-defector",)
    assert all("spy-defector" not in s.open for s in script)


def test_defectors_who_know_each_other_meet_at_the_end():
    """rules.md §9.6 step 6, house rule defector-reveal=know-each-other (§13)."""
    script = steps(6, "defector", defector_reveal="know-each-other")
    assert [s.key for s in script][-4:-2] == ["script.defectors_open", "script.defectors_close"]
    assert line(script, "defectors_open").open == ("resistance-defector", "spy-defector")
    assert spoken("en", 6, "defector", defector_reveal="know-each-other")[4:6] == [
        "Defectors, open your eyes and look at each other.",
        "Defectors, close your eyes.",
    ]


def test_defector_with_commander_the_spy_defector_raises_a_thumb_with_the_spies():
    """rules.md §9.6 step 5: in the Commander steps the Spy Defector raises a thumb with the
    other spies; the Commander sees him as a spy (§5.2)."""
    script = steps(7, "defector,commander")
    assert "spy-defector" in line(script, "commander_open").thumb
    assert line(script, "thumb_too.spy-defector").thumb == ("assassin", "spy", "spy-defector")


# -- §9.7 Hunter ------------------------------------------------------------------------------


def test_hunter_the_spies_learn_their_chief():
    """rules.md §9.7 steps 1, 3-5, 7: with one resistance Chief and no Coordinator there is no
    resistance step; Hunters have no step."""
    assert spoken("en", 7, "hunter") == [
        "Everyone, close your eyes and hold a fist out in front of you.",
        "Spies, open your eyes and look around: remember every other spy.",
        "Spy Chief, raise your thumb, so that the spies know their Chief.",
        "Thumbs down. Spies, close your eyes.",
        "Every eye closed, every thumb down.",
        "Everyone, put your fist away and open your eyes.",
    ]
    script = steps(7, "hunter")
    chief = line(script, "spy_chief_thumb")
    assert (chief.open, chief.thumb, chief.pause) == (
        ("spy", "spy-chief", "spy-hunter"), ("spy-chief",), SPIES_LOOK)


def test_hunter_the_deep_agent_s_thumb_goes_down_before_the_spy_chief_s_goes_up():
    """issue 16 item 5, rules.md §9.7 steps 2-4: the spies note the Deep Agent's thumb, it goes
    down, and only then does the Spy Chief raise a thumb, so that the spies can tell which
    thumb is their Chief's."""
    assert spoken("en", 7, "hunter", "deep-agent") == [
        "Everyone, close your eyes and hold a fist out in front of you.",
        "Deep Agent, raise your thumb and keep your eyes closed.",
        "All other spies, open your eyes: remember every other spy, and the raised thumb.",
        "Deep Agent, lower your thumb.",
        "Spy Chief, raise your thumb, so that the spies know their Chief.",
        "Thumbs down. Spies, close your eyes.",
        "Every eye closed, every thumb down.",
        "Everyone, put your fist away and open your eyes.",
    ]
    assert spoken("de", 10, "hunter", "deep-agent,pretender")[1:5] == [
        "Der Doppelagent und der Täuscher strecken den Daumen nach oben und lassen die Augen "
        "geschlossen.",
        "Alle anderen Spione öffnen die Augen, schauen, wer alles dazugehört, und merken sich "
        "die zwei erhobenen Daumen.",
        "Der Doppelagent und der Täuscher nehmen den Daumen wieder herunter.",
        "Die Vorsitzenden der Spione strecken den Daumen nach oben, damit die Spione sie kennen.",
    ]
    script = steps(7, "hunter", "deep-agent")
    assert [(s.key, s.open, s.thumb, s.pause) for s in script[2:5]] == [
        ("script.others_open_thumbs", ("spy-chief", "spy-hunter"), ("deep-agent",),
         SPIES_LOOK),
        ("script.seen_down.deep-agent", ("spy-chief", "spy-hunter"), (), 2),
        ("script.spy_chief_thumb", ("spy-chief", "spy-hunter"), ("spy-chief",),
         SPIES_LOOK),
    ]


def test_hunter_two_resistance_chiefs_see_each_other_from_eight_players():
    """rules.md §9.7 step 6 and §6.1: a second resistance Chief at 8+ players."""
    assert spoken("de", 8, "hunter")[4:6] == [
        "Die Vorsitzenden des Widerstands öffnen die Augen und sehen einander an.",
        "Die Vorsitzenden schließen die Augen.",
    ]
    assert line(steps(8, "hunter"), "chiefs_open").open == ("resistance-chief",)


def test_hunter_two_spy_chiefs_at_ten_players():
    """rules.md §6.1: 10 players have a second spy Chief; the plural line."""
    assert spoken("de", 10, "hunter")[2] == (
        "Die Vorsitzenden der Spione strecken den Daumen nach oben, damit die Spione sie kennen."
    )


def test_hunter_coordinator_is_learnt_by_the_chief():
    """rules.md §9.7 step 6 and §6.1 Coordinator: the resistance Chief(s) learn him."""
    assert spoken("de", 7, "hunter", "coordinator")[4:8] == [
        "Der Koordinator streckt den Daumen nach oben und lässt die Augen geschlossen.",
        "Der Vorsitzende des Widerstands öffnet die Augen und merkt sich den erhobenen Daumen.",
        "Der Koordinator nimmt den Daumen herunter.",
        "Der Vorsitzende schließt die Augen.",
    ]
    script = steps(7, "hunter", "coordinator")
    assert line(script, "chief_open_thumb").thumb == ("coordinator",)


def test_hunter_deep_agent_and_pretender_raise_thumbs_for_the_spies():
    """rules.md §9.7 step 2 and §6.1: the spies know the Deep Agent, who does not know them;
    the Pretender looks like him."""
    script = steps(10, "hunter", "deep-agent,pretender")
    assert spoken("de", 10, "hunter", "deep-agent,pretender")[1:3] == [
        "Der Doppelagent und der Täuscher strecken den Daumen nach oben und lassen die Augen "
        "geschlossen.",
        "Alle anderen Spione öffnen die Augen, schauen, wer alles dazugehört, und merken sich "
        "die zwei erhobenen Daumen.",
    ]
    assert line(script, "others_open_thumbs").thumb == ("deep-agent", "pretender")
    assert all("deep-agent" not in s.open and "pretender" not in s.open for s in script)


def test_hunter_dummy_agent_has_no_step():
    """rules.md §9.7: the Hunters and the Dummy Agent have no step."""
    assert [s.key for s in steps(7, "hunter", "dummy-agent")] == \
        [s.key for s in steps(7, "hunter")]


# -- §9.8 other modules, the Reverser ---------------------------------------------------------


@pytest.mark.parametrize("chosen", [
    {"modules": "trapper"}, {"modules": "inquisitor"}, {"modules": "sergeant"},
    {"modules": "plot"}, {"variants": "targeting"}, {"modules": "reverser"},
])
def test_other_modules_do_not_change_the_reveal(chosen):
    """rules.md §9.8: Trapper, Inquisitor, Sergeant, Plot Thickens (and Targeting) change
    nothing; by default the Spy Reverser is an ordinary spy."""
    assert spoken("en", 7, **chosen) == BASE_EN


def test_spy_reverser_hidden_keeps_eyes_closed_but_thumbs_for_the_commander():
    """rules.md §9.8 and §6.2, reverser-spy-visibility=hidden."""
    script = steps(7, "reverser,commander", reverser_spy_visibility="hidden")
    assert "spy-reverser" not in line(script, "others_open").open
    assert "spy-reverser" in line(script, "commander_open").thumb
    assert spoken("de", 7, "reverser", reverser_spy_visibility="hidden")[1] == \
        "Der Hacker der Spione lässt die Augen geschlossen."


def test_spy_reverser_hidden_from_commander_opens_but_keeps_the_fist_closed():
    """rules.md §9.8 and §6.2, reverser-spy-visibility=hidden-from-commander."""
    script = steps(7, "reverser,commander", reverser_spy_visibility="hidden-from-commander")
    assert "spy-reverser" in line(script, "spies_open").open
    assert "spy-reverser" not in line(script, "commander_open").thumb
    assert line(script, "fist_closed.spy-reverser").thumb == ()


def test_an_unknown_house_rule_value_is_refused():
    """rules.md §13: only the listed values."""
    with pytest.raises(RuleError):
        steps(7, "reverser", reverser_spy_visibility="sometimes")


# -- a saved game -----------------------------------------------------------------------------


def test_a_games_script_is_that_of_its_configuration():
    from moderator.rules import Game

    game = Game.new(10, 0, modules=["commander", "rogue"], roles=DONE_WHEN[1].split(","))
    assert for_game(game) == steps(10, *DONE_WHEN)
