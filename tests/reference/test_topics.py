"""The rules topics (issue 7, Deliver 1): complete in both languages, true to rules.md, honest
about what the rules leave open.

The numbers below are written out from rules.md, never read from the catalogues or the engine,
so a wrong figure in a topic's text makes a test here fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from moderator import i18n
from moderator.reference import house_rules, ruling
from moderator.reference.topics import TOPICS
from moderator.rules.house_rules import SETTINGS

#: The project's rules reference (docs/rules.md, shipped as moderator/reference/rules.md).
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
PARTS = ("title", "answer", "detail", "aliases")


def text(lang: str, topic: str, part: str) -> str:
    return i18n.t(lang, f"topics.{topic}.{part}")


# -- every topic, both languages ---------------------------------------------------------------


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_topic_has_title_answer_detail_and_aliases(lang):
    missing = [(t, p) for t in TOPICS for p in PARTS if not i18n.has(lang, f"topics.{t}.{p}")]
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_catalogue_has_no_topic_the_index_does_not_know(lang):
    written = {key.split(".")[1] for key in i18n.catalogue(lang) if key.startswith("topics.")}
    assert written == set(TOPICS)


def test_the_topics_cover_every_module_variant_plot_card_and_house_rule():
    """Issue 7: the base game, both variants, every Plot card, every module, every setting."""
    from moderator.rules.setup import MODULES, VARIANTS

    plot_cards = {"strong-leader", "close-eye", "no-confidence", "opinion-maker",
                  "take-responsibility", "overheard-conversation", "establish-confidence",
                  "open-up", "in-the-spotlight"}
    assert set(MODULES) | set(VARIANTS) | plot_cards | set(SETTINGS) <= set(TOPICS)


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_house_rule_topic_describes_exactly_its_values(lang, setting):
    values = SETTINGS[setting][0]
    described = {key.rsplit(".", 1)[1] for key in i18n.catalogue(lang)
                 if key.startswith(f"topics.{setting}.values.")}
    assert described == set(values)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_house_rules_list_puts_each_default_first(lang):
    """rules.md §13: the first value is the default."""
    listed = house_rules(lang)
    assert [s.id for s in listed] == list(SETTINGS)
    assert [s.default for s in listed] == [values[0] for values, _ in SETTINGS.values()]


# -- sources ---------------------------------------------------------------------------------


def headings() -> set[str]:
    found = set()  # a missing reference fails here (FileNotFoundError), never skips
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        match = re.match(r"#{2,3} (\d+(?:\.\d+)?)[. ]", line)
        if match:
            found.add(match.group(1))
    return found


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_cites_sections_that_exist_in_rules_md(topic):
    cited = re.findall(r"§(\d+(?:\.\d+)?)", TOPICS[topic].section)
    assert cited and set(cited) <= headings()


@pytest.mark.parametrize("topic", TOPICS)
def test_every_confidence_mark_is_on_the_scale_of_rules_md(topic):
    """rules.md §0: A, B, C or U, refined by + or -."""
    assert re.fullmatch(r"[ABCU][+-]?", TOPICS[topic].confidence)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_ruling_names_its_section_and_confidence(lang):
    shown = ruling("two-fails", lang).source
    assert "§1.5" in shown and " A " in shown


# -- the facts, in both languages -------------------------------------------------------------

#: (topic, part, what the English text must say, what the German text must say), grouped by
#: the rules.md section they come from.
FACTS = [
    # §1.1: players -> resistance and spies
    ("sides", "answer", "5 players: 3 Resistance and 2 spies",
     "5 Personen: 3 Widerstand und 2 Spione"),
    ("sides", "answer", "6: 4 and 2", "6: 4 und 2"),
    ("sides", "answer", "7: 4 and 3", "7: 4 und 3"),
    ("sides", "answer", "8: 5 and 3", "8: 5 und 3"),
    ("sides", "answer", "9: 6 and 3", "9: 6 und 3"),
    ("sides", "answer", "10: 6 and 4", "10: 6 und 4"),
    # §1.2: team sizes of missions 1..5
    ("team-size", "answer", "5 players 2-3-2-3-3", "5 Personen 2-3-2-3-3"),
    ("team-size", "answer", "6 players 2-3-4-3-4", "6 Personen 2-3-4-3-4"),
    ("team-size", "answer", "7 players 2-3-3-4-4", "7 Personen 2-3-3-4-4"),
    ("team-size", "answer", "8, 9 and 10 players 3-4-4-5-5", "8, 9 und 10 Personen 3-4-4-5-5"),
    # §1.4: the leader may be on the team; votes public and simultaneous; a tie rejects
    ("leader-on-team", "answer", "Yes: the leader may put themselves on the team",
     "Ja: Der Anführer darf sich selbst ins Team nehmen"),
    ("vote", "answer", "all reveal at once, and the votes stay public",
     "decken alle gleichzeitig auf, und die Stimmen bleiben offen liegen"),
    ("tie", "answer", "a tie is a rejection", "ein Gleichstand ist also eine Ablehnung"),
    ("tie", "detail",
     "5 players need 3 approvals, 6 need 4, 7 need 4, 8 need 5, 9 need 5, 10 need 6",
     "5 Personen brauchen 3 Stimmen dafür, 6 brauchen 4, 7 brauchen 4, 8 brauchen 5, "
     "9 brauchen 5, 10 brauchen 6"),
    ("rejected-team", "answer", "one seat clockwise (to the leader's left)",
     "einen Platz im Uhrzeigersinn weiter (zum linken Nachbarn)"),
    ("five-rejections", "answer",
     "five teams in a row are rejected in the same round, the spies win the game at once",
     "in derselben Runde fünf Teams nacheinander abgelehnt, gewinnen die Spione sofort"),
    ("five-rejections", "detail", "goes back to zero as soon as a team is approved",
     "springt auf null zurück, sobald ein Team angenommen ist"),
    # §1.5: every member gets both cards; the two-fail fourth mission at 7+
    ("mission-cards", "answer", "Every team member gets a Success and a Fail card",
     "Jedes Teammitglied bekommt eine Erfolgs- und eine Fehlschlag-Karte"),
    ("two-fails", "answer",
     "7 or more players the fourth mission fails only with two or more Fail cards",
     "Ab 7 Personen scheitert die vierte Mission erst bei zwei oder mehr Fehlschlägen"),
    ("two-fails", "detail", "fourth space on the tableau", "vierten Missionsfeld"),
    # §1.6, §1.7
    ("game-end", "answer", "Three successful missions win for the Resistance",
     "Drei gelungene Missionen: Der Widerstand gewinnt"),
    ("leader-rotation", "answer", "after every rejected team and after every mission",
     "nach jedem abgelehnten Team und nach jeder Mission"),
    # §2.1, §2.3
    ("targeting", "answer", "Mission 5 can be chosen only after two missions have succeeded",
     "Mission 5 ist erst wählbar, wenn zwei Missionen gelungen sind"),
    ("inquisitor", "answer", "After missions 2, 3 and 4", "Nach den Missionen 2, 3 und 4"),
    ("inquisitor", "detail", "the player on the first leader's right",
     "die Person rechts vom ersten Anführer"),
    # §3.1, §3.2, §3.4
    ("plot", "answer", "7 cards at 5-6 players", "7 Karten bei 5-6 Personen"),
    ("plot", "answer", "all 15 at 7 or more", "alle 15 ab 7 Personen"),
    ("plot-draw", "answer", "1 at 5-6 players, 2 at 7-8, 3 at 9-10",
     "1 bei 5-6 Personen, 2 bei 7-8, 3 bei 9-10"),
    ("plot-draw", "answer", "never to themselves", "nie sich selbst"),
    ("establish-confidence", "answer", "The leader, not the receiver",
     "Der Anführer, nicht wer die Karte erhält"),
    ("no-confidence", "answer", "it counts as a rejected team", "Das zählt als abgelehntes Team"),
    # §5.1, §5.2
    ("commander", "detail", "but not the Deep Cover or a spy Rogue",
     "aber nicht den Geheimen Informanten und keinen Einzelgänger der Spione"),
    ("assassin", "answer", "Only after the Resistance's third successful mission",
     "Nur nach der dritten gelungenen Mission des Widerstands"),
    ("defector", "answer", "rounds 3, 4 and 5", "Runden 3, 4 und 5"),
    ("defector", "answer", "3 No Change, 2 Switch Allegiance",
     "3 „Keine Veränderung“, 2 „Loyalitätswechsel“"),
    # §6.1, §6.2, §7, §8
    ("hunter", "detail", "at 8 or more players a second resistance Chief, at 10 a second spy Chief",
     "ab 8 Personen ein zweiter Vorsitzender des Widerstands, "
     "bei 10 ein zweiter Vorsitzender der Spione"),
    ("reverser", "answer", "The Spy Reverser may never play Fail",
     "Der Hacker der Spione darf nie Fehlschlag spielen"),
    ("watch-token", "detail", "At 5-6 players the token is not used on the first two missions",
     "Bei 5-6 Personen wird der Marker bei den ersten beiden Missionen nicht eingesetzt"),
    ("sergeant", "detail", "The leader can never be the Sergeant",
     "Der Anführer darf sich nie selbst zum Feldwebel machen"),
]


@pytest.mark.parametrize("topic,part,english,german", FACTS)
def test_the_topics_state_the_facts_of_rules_md(topic, part, english, german):
    assert english in text("en", topic, part)
    assert german in text("de", topic, part)


# -- unsettled points --------------------------------------------------------------------------

UNSETTLED = {"en": "nsettled", "de": "ngeklärt"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("setting", [s for s in SETTINGS if s != "defector-reveal"])
def test_a_house_rule_topic_says_the_point_is_unsettled(lang, setting):
    """rules.md §13. (`defector-reveal` is an official option, and says so instead.)"""
    assert UNSETTLED[lang] in text(lang, setting, "answer")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("topic", [
    "take-responsibility",  # §3.4: immediate or held
    "chief",  # §6.1: the note that the fourth mission "requires a Chief Fail"
    "spy-rogue",  # §7: how a spy Rogue's claim is checked at a real table
    "assassin",  # §5.2: the Assassination after a Defector switch
    "defector",  # §5.2: the same point, from the Defector's side
])
def test_unsettled_points_without_a_setting_are_marked_in_the_text(lang, topic):
    """rules.md §13, "Unsettled points with no defined alternative": played by their default
    and marked as unsettled by the rules lookup."""
    said = text(lang, topic, "answer") + text(lang, topic, "detail")
    assert UNSETTLED[lang] in said


def test_a_topic_with_open_points_carries_their_settings_into_the_ruling():
    shown = ruling("strong-leader", "en")
    assert [s.id for s in shown.unsettled] == [
        "plot-strong-leader-window", "plot-strong-leader-rotation", "plot-same-round-use",
    ]
    assert shown.unsettled[0].default == "before-first-action"


def test_every_setting_and_reading_says_when_it_arises():
    """Issue 35, item 2: `rules house-rules` lists a game's own open points; each point names
    real modules or variants (rules.md §13, §13.1)."""
    from moderator.reference.topics import CONCERNS, arises
    from moderator.rules.house_rules import READINGS
    from moderator.rules.modules import MODULES
    from moderator.rules.setup import VARIANTS

    assert set(CONCERNS) == set(SETTINGS) | set(READINGS)
    known = {m.id for m in MODULES} | set(VARIANTS)
    assert all(ids <= known and 1 <= least <= len(ids) for ids, least in CONCERNS.values())
    assert arises("inquisitor-targeting-timing", frozenset({"inquisitor", "targeting"}))
    assert not arises("inquisitor-targeting-timing", frozenset({"inquisitor", "commander"}))
    assert arises("agenda-order", frozenset({"inquisitor", "defector"}))
    assert not arises("agenda-order", frozenset({"inquisitor", "commander"}))
