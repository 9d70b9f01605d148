"""Avalon as a theme of the same engine (rules.md §14): its words in every output, its
defaults and refusals, the reveal step for step the Resistance's, and a log that is the
unthemed game's plus the theme (§14.4)."""

from __future__ import annotations

import itertools
import json
import re

import pytest

#: Words Avalon never says (rules.md §14.2), per language.
BANNED = {
    "en": re.compile(r"mission|\bspy\b|\bspies\b|commander", re.IGNORECASE),
    "de": re.compile(r"mission|spion|kommandeur", re.IGNORECASE),
}
#: A command line in a hint keeps the contract's names (`moderator mission --fails K`); an id
#: a host types is checked apart (test_avalon_names_the_house_rules_by_its_own_ids).
COMMAND = re.compile(r"moderator(?: [\w.-]+| --[\w-]+)+|\b[a-z]+(?:-[a-z]+)+\b")

NAMES = "Anna,Ben,Carl,Dora,Emil,Fay,Gus"


def banned_words(lang: str, text: str) -> list[str]:
    return [line for line in COMMAND.sub("", text).splitlines() if BANNED[lang].search(line)]


#: A 7-player game with the Lady of the Lake to the Assassination: quests 1 ✔ 2 ✘ 3 ✔ 4 ✘ 5 ✔
#: (a team rejected once), an examination after quests 2, 3 and 4.
GAME = [
    "propose Anna Ben", "vote --approve all", "mission --fails 0", "status",
    "propose Ben Carl Dora", "vote --approve all", "mission --fails 1", "examine Dora",
    "propose Carl Dora Emil", "vote --approve all", "mission --fails 0", "examine Emil",
    "propose Dora Emil Fay Gus", "vote --reject all",
    "propose Anna Emil Fay Gus", "vote --approve all", "mission --fails 2", "examine Fay",
    "status", "rules",
    "propose Anna Ben Fay Gus", "vote --approve all", "mission --fails 0", "rules", "status",
    "assassinate Carl --merlin Dora", "undo",  # Avalon's word for the same option
    "assassinate Carl --commander Dora", "status", "games", "log", "export",
    "export --format line",
    "undo", "status", "redo",
]


def play_game(moderator, lang: str, theme: str = "--theme avalon", modules="lady-of-the-lake"):
    """Every command of the game, with what each wrote (both streams)."""
    said = []
    for command in [f"new {theme} --lang {lang} --players 7 --names {NAMES} --leader Anna "
                    f"--seed 5 --no-play --modules {modules}", *GAME]:
        result = moderator(command)
        assert result.exit_code == 0, f"{command}\n{result.output}"
        said.append(result.stdout + result.stderr)
    return said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_avalon_game_speaks_avalons_words_only(moderator, lang):
    said = play_game(moderator, lang)
    everything = "".join(said)
    assert banned_words(lang, everything) == []
    merlin, assassin, lady = {"en": ("Merlin", "Assassin", "Lady of the Lake"),
                              "de": ("Merlin", "Meuchelmörder", "Herrin vom See")}[lang]
    assert merlin in said[0] and assassin in said[0] and lady in said[0]
    # The Lady of the Lake examines after quests 2, 3 and 4 (rules.md §14.2, §5.4).
    hint = lady.split()[0], "→ moderator examine"
    after_quests_2_3_4 = [GAME.index("mission --fails 1") + 1,
                          GAME.index("mission --fails 0", 8) + 1,
                          GAME.index("mission --fails 2") + 1]
    assert [i for i, text in enumerate(said)
            if all(part in text for part in hint)] == after_quests_2_3_4
    won = {"en": "Good wins", "de": "Das Gute gewinnt"}[lang]
    assert won in said[GAME.index("assassinate Carl --commander Dora") + 1]
    # the hint after the third success names Avalon's option; --commander is the same
    at = GAME.index("assassinate Carl --merlin Dora")  # after `status`, which says the hint
    assert "--merlin" in said[at] and "--commander" not in said[at]
    assert won in said[at + 1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_resistance_game_still_speaks_its_own_words(moderator, lang):
    """The control: the same game unthemed says what the Avalon one must not."""
    said = "".join(play_game(moderator, lang, theme="", modules="commander,inquisitor"))
    assert banned_words(lang, said)


def test_the_log_is_the_unthemed_games_plus_the_theme(moderator, status, game_file, home):
    play_game(moderator, "en")
    avalon_file = game_file()
    avalon = [json.loads(line) for line in avalon_file.read_text().splitlines()]
    avalon_status = status()
    assert avalon[0].pop("theme") == "avalon" and avalon_status["theme"] == "avalon"
    play_game(moderator, "en", theme="", modules="commander,inquisitor")
    plain = [json.loads(line) for line in game_file().read_text().splitlines()]
    assert untimed(avalon) == untimed(plain)
    # The Avalon file without its theme replays as the same game, unthemed.
    copy = home / "games" / "2000-01-01-1.jsonl"
    lines = avalon_file.read_text().splitlines()
    setup = json.loads(lines[0])
    del setup["theme"]
    copy.write_text("\n".join([json.dumps(setup), *lines[1:]]) + "\n")
    replayed = status("--game 2000-01-01-1")
    assert replayed["theme"] == "resistance"
    assert {k: v for k, v in replayed.items() if k not in ("game", "theme")} == \
        {k: v for k, v in avalon_status.items() if k not in ("game", "theme")}


def untimed(entries: list[dict]) -> list[dict]:
    """A log without the moments its lines were written and its game's id."""
    moment = re.compile(r"^\d{4}-\d\d-\d\dT")
    return [{k: v for k, v in entry.items()
             if not (isinstance(v, str) and moment.match(v)) and k != "game"}
            for entry in entries]


def test_later_commands_speak_the_games_theme_and_an_option_overrides_it(play, status):
    play("new --theme avalon --players 5 --no-play --seed 1")
    assert "quest 1" in play("status")
    assert "The Resistance: Avalon ·" in play("export")
    assert "The Resistance ·" in play("export --theme resistance")
    assert status()["modules"] == ["commander"]  # Merlin and the Assassin by default


def test_a_game_saved_before_themes_is_a_resistance_game(play, status, game_file):
    play("new --players 5 --no-play --seed 1")
    assert "theme" not in json.loads(game_file().read_text().splitlines()[0])
    assert status()["theme"] == "resistance"


@pytest.mark.parametrize("role", [
    "lunatic", "brute", "cleric", "revealer", "trickster", "troublemaker",
    "untrustworthy-servant", "messengers", "sorcerers", "guinevere", "tristan-and-isolde",
    "norebo", "melron", "moregano",
])
def test_avalon_characters_with_no_counterpart_are_refused(refused, role):
    line = refused(f"new --theme avalon --players 7 --roles {role} --no-play")
    assert "not cover" in line and "Percival" in line
    assert refused(f"new --theme avalon --players 7 --roles {role} --no-play --lang de")
    assert "nicht abdeckt" in refused(f"script --players 7 --roles {role} --lang de")


def test_an_unknown_theme_is_refused_as_an_unknown_language_is(refused):
    assert "avalon" in refused("new --theme camelot --players 5 --no-play")
    assert "avalon" in refused("script --theme camelot --players 5 --lang de")


def test_avalon_names_are_taken_for_modules_and_roles(status, play):
    play("new --theme avalon --players 10 --no-play --seed 2 "
         "--roles percival,morgana,oberon,lancelot --modules excalibur,lady-of-the-lake")
    found = status()
    assert found["modules"] == ["commander", "defector", "inquisitor", "sergeant"]
    assert found["roles"] == ["blind-spy", "body-guard", "false-commander"]


# -- the reveal, step for step (rules.md §14.3.2) ---------------------------------------------

AVALON_ROLES = {"percival": "body-guard", "morgana": "false-commander", "mordred": "deep-cover",
                "oberon": "blind-spy"}


def script(moderator, command):
    result = moderator(command)
    return result.exit_code, json.loads(result.stdout) if result.exit_code == 0 else None


@pytest.mark.parametrize("lancelot", [False, True])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_avalon_reveal_has_the_resistance_reveals_steps(moderator, lang, lancelot):
    """Every combination of Percival, Morgana, Mordred, Oberon (and Lancelot) with Merlin:
    the same steps, pauses, open eyes and thumbs as the Resistance script with the Body
    Guard, False Commander, Deep Cover, Blind Spy (and Defector); only the words differ."""
    compared = 0
    for count in range(len(AVALON_ROLES) + 1):
        for chosen in itertools.combinations(AVALON_ROLES, count):
            avalon_roles = ",".join(chosen)
            ours = ",".join(AVALON_ROLES[name] for name in chosen)
            modules = "commander,defector" if lancelot else "commander"
            avalon = script(moderator, f"script --theme avalon --players 10 --json --lang {lang}"
                            + (f" --roles {avalon_roles}" if chosen else "")
                            + (" --modules lancelot" if lancelot else ""))
            plain = script(moderator, f"script --players 10 --json --lang {lang} "
                           f"--modules {modules}" + (f" --roles {ours}" if chosen else ""))
            assert avalon[0] == plain[0], (chosen, lancelot)
            if plain[1] is None:
                continue
            assert (avalon[1]["theme"], plain[1]["theme"]) == ("avalon", "resistance")
            shape = [(s["key"], s["pause"], s["everyone"], s["open"], s["thumb"])
                     for s in plain[1]["steps"]]
            assert [(s["key"], s["pause"], s["everyone"], s["open"], s["thumb"])
                    for s in avalon[1]["steps"]] == shape
            words = "\n".join(s["text"] for s in avalon[1]["steps"])
            assert banned_words(lang, words) == [], (chosen, lancelot)
            compared += 1
    assert compared >= 8


def test_the_avalon_script_names_merlin_the_assassin_and_the_minions(play):
    text = play("script --theme avalon --players 7")
    assert "Merlin" in text and "Minions of Mordred" in text and "Assassin" in text
    assert banned_words("en", text) == []
    text = play("script --theme avalon --players 10 --roles percival,morgana,mordred,oberon")
    assert "Merlin and Morgana, extend your thumb so that Percival may know of you." in text
    assert "Mordred, keep your fist closed." in text
    assert "Oberon, keep your eyes closed." in text
    text = play("script --theme avalon --players 7 --lang de")
    assert "Merlin" in text and "Diener Mordreds" in text and "Meuchelmörder" in text
    assert banned_words("de", text) == []


# -- the rules lookup in Avalon's words (rules.md §14) ---------------------------------------


@pytest.mark.parametrize("lang, question, title", [
    ("en", "can Merlin be assassinated if the evil team wins", "The Assassin and the"),
    ("en", "who does Percival see", "Percival"),
    ("de", "wann kommt die Herrin vom See", "Herrin vom See"),
    ("de", "wen sieht Parzival", "Parzival"),
    ("en", "can a loyal servant fail a quest", "Quest cards"),
    ("de", "darf ein loyaler Diener sabotieren", "Questkarten"),
])
def test_the_rules_lookup_answers_in_avalons_words(play, lang, question, title):
    answer = play(f"rules --theme avalon --lang {lang} {question}")
    assert answer.splitlines()[0].startswith(title)
    assert banned_words(lang, answer) == []


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("asked, title", [
    ("merlin", {"en": "Merlin", "de": "Merlin"}),
    ("assassin", {"en": "The Assassin and the Assassination", "de": "Der Meuchelmörder und"}),
    ("percival", {"en": "Percival", "de": "Parzival"}),
    ("morgana", {"en": "Morgana", "de": "Morgana"}),
    ("mordred", {"en": "Mordred", "de": "Mordred"}),
    ("oberon", {"en": "Oberon", "de": "Oberon"}),
    ("lancelot", {"en": "Lancelot", "de": "Lancelot"}),
    ("excalibur", {"en": "Excalibur", "de": "Der Träger von Excalibur"}),
    ("lady of the lake", {"en": "Lady of the Lake", "de": "Herrin vom See"}),
    ("quest", {"en": "Revealing a quest", "de": "Eine Queste aufdecken"}),
    ("quest-cards", {"en": "Quest cards", "de": "Questkarten"}),
])
def test_avalons_names_open_their_rules_topics(play, lang, asked, title):
    """rules.md §14.2: Avalon's names are the topics' names in its games, as they are the
    modules' and characters' names at setup; the Merlin topic is called Merlin."""
    play(f"new --theme avalon --lang {lang} --players 7 --no-play")
    answer = play(f"rules {asked}").splitlines()
    assert answer[0].startswith(title[lang]), answer[0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lookups_hints_name_avalons_topic_ids(play, lang):
    """A hint names the topic as the game's theme does; the Resistance keeps its ids."""
    play(f"new --theme avalon --lang {lang} --players 7 --leader 1 --no-play",
         "propose 1 2", "vote --approve all")
    hints = [line for line in play("rules").splitlines() if "moderator rules " in line]
    named = {line.rsplit(" ", 1)[1] for line in hints}
    assert {"quest-cards", "quest-result"} <= named, hints
    assert not named & {"mission-cards", "mission-result", "commander", "inquisitor"}
    assert "moderator rules merlin" in play("rules merlin percival")
    play(f"new --lang {lang} --players 7 --leader 1 --no-play", "propose 1 2",
         "vote --approve all")
    assert "moderator rules mission-cards" in play("rules")


def test_house_rules_are_listed_in_the_themes_words(play):
    listed = play("rules --theme avalon house-rules")
    assert "Lady of the Lake" in listed and "Inquisitor" not in listed


def test_a_command_leaves_the_words_as_it_found_them(play):
    """One process may run several commands (these tests do): a theme lasts one command."""
    from moderator import i18n

    play("new --theme avalon --players 5 --no-play", "status")
    assert i18n.theme() == "resistance"


@pytest.mark.parametrize("lang, recommended", [
    ("en", "  Recommended for 7 or more players; with 5 you may still play it."),
    ("de", "  Empfohlen ab 7 Personen; mit 5 dürft ihr es trotzdem spielen."),
])
def test_the_lady_of_the_lake_is_recommended_from_seven_players(play, lang, recommended):
    """rules.md §14.3.5: recommended for 7 or more players, said at setup, not enforced; the
    Inquisitor it stands for gets the same note (§2.3)."""
    avalon = play(f"new --theme avalon --lang {lang} --players 5 --modules lady-of-the-lake "
                  "--no-play")
    assert recommended in avalon.splitlines()
    resistance = play(f"new --lang {lang} --players 5 --modules inquisitor --no-play")
    assert recommended in resistance.splitlines()
    seven = play(f"new --theme avalon --lang {lang} --players 7 --modules lady-of-the-lake "
                 "--no-play")
    assert recommended.split(";")[0] not in seven


@pytest.mark.parametrize("lang,verb,other", [("de", "prüft", re.compile("verhör", re.I)),
                                             ("en", "examines", re.compile("interrogat", re.I))])
def test_the_lady_of_the_lake_has_one_verb_and_the_log_names_who_holds_her(moderator, lang,
                                                                           verb, other):
    """Issue 35, item 5: the step, the log and the rules topic say the same verb for what the
    Lady of the Lake's holder does, and the log names that holder (rules.md §2.3, §14.2)."""
    from moderator.i18n import speaking, t
    from moderator.rules.modules.inquisitor import first_holder

    said = play_game(moderator, lang)
    topic = moderator(f"rules lady-of-the-lake --lang {lang}").stdout
    everything = "".join(said) + topic
    assert other.findall(everything) == []
    step = said[GAME.index("mission --fails 1") + 1]
    log = said[GAME.index("log") + 1]
    assert verb in step and verb in log and verb in topic.splitlines()[1]
    names = NAMES.split(",")
    holders = [names[first_holder(0, 7)], "Dora", "Emil"]
    with speaking("avalon"):
        for holder, examined in zip(holders, ["Dora", "Emil", "Fay"], strict=True):
            assert t(lang, "log.examine_by", inquisitor=holder, player=examined) in log


@pytest.mark.parametrize("lang", ["en", "de"])
def test_avalon_names_the_house_rules_by_its_own_ids(moderator, play, game_file, lang):
    """Issue 35, item 2: an Avalon table reads and types Avalon's ids for a house rule and
    its values; the game file keeps the engine's, the same in both themes."""
    play(f"new --theme avalon --lang {lang} --players 8 --modules lady-of-the-lake,lancelot "
         "--variants targeting --no-play "
         "--house-rule lady-of-the-lake-targeting-timing=quest-spaces")
    setup = json.loads(game_file().read_text().splitlines()[0])
    assert setup["house_rules"]["inquisitor-targeting-timing"] == "mission-spaces"
    listed = play("rules house-rules")
    for shown in ("lady-of-the-lake-targeting-timing (§2.1)", "completed-quests: ",
                  "quest-spaces: ", "lady-of-the-lake-lancelot-allegiance", "lancelot-reveal"):
        assert shown in listed
    assert not re.search(r"inquisitor-|defector-|-missions?\b|mission-", listed)
    opened = play("rules lady-of-the-lake-targeting-timing")
    assert opened.splitlines()[0] == play("rules inquisitor-targeting-timing").splitlines()[0]
    assert "lady-of-the-lake-targeting-timing = quest-spaces" in play("export")
    refused = moderator("new --theme avalon --players 8 --modules lady --variants targeting "
                        "--house-rule lady-of-the-lake-targeting-timing=soon --no-play")
    assert refused.exit_code == 1
    assert "lady-of-the-lake-targeting-timing" in refused.stderr
    assert "completed-quests, quest-spaces" in refused.stderr
    play("new --players 8 --modules inquisitor --variants targeting --no-play "
         "--house-rule lady-of-the-lake-targeting-timing=quest-spaces")  # taken in any game
    assert json.loads(game_file().read_text().splitlines()[0])["house_rules"][
        "inquisitor-targeting-timing"] == "mission-spaces"
    assert "inquisitor-targeting-timing = mission-spaces" in play("export")
