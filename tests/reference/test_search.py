"""Finding the topic a table's question is about (issue 7, Deliver 2).

The tables below are questions as a host types them mid-game, English and German, with typos,
umlauts typed or not, word order as it comes. Each must find its topic *first*. Many were
written before the search aliases they now rely on, so a miss here is a real miss: fix the
aliases in the catalogues (or the search), never this table.
"""

from __future__ import annotations


import pytest

from moderator import i18n
from moderator.reference import lookup, search
from moderator.reference.matching import fold, index
from moderator.reference.topics import TOPICS
from moderator.rules.house_rules import SETTINGS

ENGLISH = [
    ('can the leader put himself on the team?', 'leader-on-team'),
    ('does a tie pass?', 'tie'),
    ('what happens if the vote is tied', 'tie'),
    ('how many spies with 7 players', 'sides'),
    ('how many people go on mission 3', 'team-size'),
    ('what happens after five rejected teams', 'five-rejections'),
    ('does the vote track reset after a mission?', 'five-rejections'),
    ('can resistance play a fail card', 'mission-cards'),
    ('does mission 4 need two fails', 'two-fails'),
    ('who becomes leader next', 'leader-rotation'),
    ('are votes secret?', 'vote'),
    ('does the leader vote too', 'vote'),
    ("can I show my card to prove I'm resistance", 'secrecy'),
    ('is lying allowed', 'secrecy'),
    ('when does the assassin shoot', 'assassin'),
    ('who does the commander see', 'commander'),
    ('what does the body guard see', 'body-guard'),
    ('strong leader', 'strong-leader'),
    ('stronk leadr', 'strong-leader'),
    ('can I use no confidence after the team was approved', 'no-confidence'),
    ('opinion maker', 'opinion-maker'),
    ('keeping a close eye', 'close-eye'),
    ('how many plot cards does the leader draw', 'plot-draw'),
    ('can the leader keep a plot card', 'plot-draw'),
    ('in the spotlight', 'in-the-spotlight'),
    ('overheard conversation', 'overheard-conversation'),
    ('establish confidence who shows the card', 'establish-confidence'),
    ('blind spies', 'blind-spies'),
    ('blind spy', 'blind-spy'),
    ('what does the defector do', 'defector'),
    ('trapper', 'trapper'),
    ('sergeant switch', 'sergeant'),
    ('can the sergeant be combined with the rogue', 'compatibility'),
    ('two reverse cards', 'reverser'),
    ('rogue success', 'rogue'),
    ('chief fail', 'chief'),
    ('what if the hunter accuses the wrong player', 'accusation'),
    ('inquisitor', 'inquisitor'),
    ('how do you win', 'game-end'),
    ('house rules', 'house-rules'),
    ('who starts?', 'setup'),
    ('do spies know each other', 'reveal'),
    ('deep cover', 'deep-cover'),
    ('is the leader allowed to go on his own mission', 'leader-on-team'),
    ('50/50 vote what happens', 'tie'),
    ('3 yes 3 no', 'tie'),
    ('how many fails do we need on the fourth mission with eight players', 'two-fails'),
    ('who gets the leader token after a mission', 'leader-rotation'),
    ('do spies have to play fail', 'mission-cards'),
    ('can a spy play a success card', 'mission-cards'),
    ('what is the vote track', 'five-rejections'),
    ('how many spies are there with 10 players', 'sides'),
    ('team size for 6 players', 'team-size'),
    ('can I tell people what my card is', 'secrecy'),
    ('when does the assassination happen', 'assassin'),
    ('can the spies discuss before the assassin picks', 'assassin'),
    ('who can play the strong leader card', 'strong-leader'),
    ('how many plot cards at 5 players', 'plot'),
    ("can I look at someone's mission card", 'close-eye'),
    ('what does the sergeant do', 'sergeant'),
    ('rogue wins alone', 'rogue'),
    ('spy rogue', 'spy-rogue'),
    ('reverser', 'reverser'),
    ('hunter', 'hunter'),
    ('dummy agent', 'dummy-agent'),
    ('coordinator', 'coordinator'),
    ('pretender', 'pretender'),
    ('false commander', 'false-commander'),
    ('body guard', 'body-guard'),
    ('mission 5 under targeting', 'targeting'),
    ('what happens when the leader gets no confidence played', 'no-confidence'),
    ('which modules can I combine', 'compatibility'),
    ('Team Vorschlag', 'team-building'),
    ('how many approvals do we need with 8 players', 'tie'),
    ('the leader picked 4 people but mission 1 needs 3', 'team-size'),
    ('does the resistance know anything at the start', 'reveal'),
    ('after rejection does the leader move left', 'rejected-team'),
    ('spies win by rejections?', 'five-rejections'),
    ('is no confidence a rejection', 'no-confidence'),
    ('can the strong leader draw plot cards', 'strong-leader'),
    ('how does take responsibility work', 'take-responsibility'),
    ('what does open up do', 'open-up'),
    ('can the body guard tell the false commander apart', 'body-guard'),
    ('inquisitor token starts where', 'inquisitor'),
    ('can the leader be sergeant', 'sergeant'),
    ('trapper removes a card', 'trapper'),
    ('who investigates after a failed mission', 'hunter'),
    ('does chief fail count as one fail', 'chief'),
    ('deep agent blame', 'deep-agent'),
    ('hidden spy reverser', 'reverser-spy-visibility'),
    ('Team zu gross', 'team-size'),
    ('must the team size be exact', 'team-size'),
    ('how many team members on mission 2 with 9 players', 'team-size'),
    ('is the leader chosen at random', 'setup'),
    ('do we shuffle the vote cards', 'vote'),
    ('mission 4 one fail card 8 players', 'two-fails'),
    ('how many missions are there', 'game-end'),
    ('can the resistance lie', 'secrecy'),
    ('can the assassin talk to other spies', 'assassin'),
    ('does the commander know the deep cover', 'deep-cover'),
    ('blind spy and commander', 'blind-spy'),
    ('when is the defector card revealed', 'defector'),
    ('how many reverse cards flip', 'reverser'),
    ('who gets the investigator token', 'hunter'),
    ('what does the coordinator know', 'coordinator'),
    ('can a plot card go to the leader', 'plot-draw'),
    ('when can I play keeping a close eye on you', 'close-eye'),
    ('what happens if the no confidence is played on the fifth vote', 'no-confidence'),
    ('opinion maker both out', 'opinion-maker'),
    ('targeting when can we do mission 5', 'targeting'),
    ('watch token', 'watch-token'),
    ('one fail on mission 4 with 7 players', 'two-fails'),
    ('defector deck how many switch cards', 'defector'),
    ('what happens on the fifth failed vote', 'five-rejections'),
    ('do the spies have to fail every mission', 'mission-cards'),
    ('who shuffles the mission cards', 'mission-result'),
    ('with 9 players how many fails on mission 4', 'two-fails'),
    ('how many spies in a 6 player game', 'sides'),
    ('do the votes get revealed at the same time', 'vote'),
    ('can we talk during the vote', 'secrecy'),
    ('who is the first leader', 'setup'),
    ('which direction does leadership go', 'leader-rotation'),
    ('assassin guesses wrong', 'assassin'),
    ('can the commander say who the spies are', 'commander'),
    ('deep cover and commander', 'deep-cover'),
    ('keeping an eye on you card', 'close-eye'),
    ('no confidence on fifth proposal', 'no-confidence'),
    ('spotlight card face up', 'in-the-spotlight'),
    ('sergeant and rogue together', 'compatibility'),
    ('how many plot cards do we draw with 10 players', 'plot-draw'),
    ('what does the investigator see', 'hunter'),
    ('the trapper card is removed', 'trapper'),
]

GERMAN = [
    ('Darf der Anfüher sich selbst ins Team nehmen?', 'leader-on-team'),
    ('reicht ein Gleichstand?', 'tie'),
    ('Gleichstnd bei der Abstimmung', 'tie'),
    ('wer darf Misstrauen spielen?', 'no-confidence'),
    ('Fuhrungsstarke', 'strong-leader'),
    ('Führungsstärke wann spielen', 'strong-leader'),
    ('wie viele Spione bei 8 Spielern', 'sides'),
    ('wie gross ist das Team bei Mission 3', 'team-size'),
    ('Teamgrösse', 'team-size'),
    ('was passiert nach fünf Ablehnungen', 'five-rejections'),
    ('fünf abgelente Teams', 'five-rejections'),
    ('darf der Widerstand Fehlschlag spielen', 'mission-cards'),
    ('reicht ein Fehlschlag bei der vierten Mission', 'two-fails'),
    ('wer ist als nächstes Anfuehrer', 'leader-rotation'),
    ('sind die Stimmen geheim', 'vote'),
    ('darf man lügen', 'secrecy'),
    ('wann schießt der Attentäter', 'assassin'),
    ('wen sieht der Kommandeur', 'commander'),
    ('Leibwaechter', 'body-guard'),
    ('Überwachung', 'close-eye'),
    ('Meinungsmacher', 'opinion-maker'),
    ('Abhörmasnahme', 'overheard-conversation'),
    ('Vertrauen bilden', 'establish-confidence'),
    ('Sich offenbahren', 'open-up'),
    ('Im Fokus', 'in-the-spotlight'),
    ('Verantwortung ubernehmen', 'take-responsibility'),
    ('wie viele Plotkarten zieht der Anführer', 'plot-draw'),
    ('Feldwebel Karte tauschen', 'sergeant'),
    ('Einzelgänger-Erfolg', 'rogue'),
    ('Beobachtungsmarker', 'watch-token'),
    ('Vorsitzender Fehlschlag', 'chief'),
    ('falsche Beschuldigung des Jägers', 'accusation'),
    ('Verhörspezialist', 'inquisitor'),
    ('Überläufer Seitenwechsel', 'defector'),
    ('Fallensteller', 'trapper'),
    ('zwei Hacken Karten', 'reverser'),
    ('Isolierter Spion', 'blind-spy'),
    ('Geheimer Informant', 'deep-cover'),
    ('Doppelagent bloßstellen', 'deep-agent'),
    ('Freie Missionswahl Mission 5', 'targeting'),
    ('Blinde Spione', 'blind-spies'),
    ('wie gewinnt man', 'game-end'),
    ('Hausregeln', 'house-rules'),
    ('kennen sich die Spione', 'reveal'),
    ('wer fängt an', 'setup'),
    ('Anführer im Uhrzeigersinn links oder rechts', 'leader-rotation'),
    ('Anfuhrer Team selbst', 'leader-on-team'),
    ('unentschieden Abstimmung', 'tie'),
    ('Patt was nun', 'tie'),
    ('wie viele Spione sind bei zehn Spielern dabei', 'sides'),
    ('Ablehnungen zählen', 'five-rejections'),
    ('müssen Spione einen Fehlschlag spielen', 'mission-cards'),
    ('dürfen Spione Erfolg spielen', 'mission-cards'),
    ('vierte Mission zwei Fehlschläge', 'two-fails'),
    ('wer wird nach der Mission Anführer', 'leader-rotation'),
    ('darf ich meine Rolle verraten', 'secrecy'),
    ('wan darf der Attentäter schießen', 'assassin'),
    ('Kommandeur sieht wen', 'commander'),
    ('Plotkarten bei fünf Spielern', 'plot'),
    ('Misstrauen spielen', 'no-confidence'),
    ('Meinungsmacher muss zuerst', 'opinion-maker'),
    ('Feldwebel', 'sergeant'),
    ('Einzelgänger gewinnt allein', 'rogue'),
    ('Hacken', 'reverser'),
    ('Jäger Ermittler Marker', 'hunter'),
    ('Doppelgaenger', 'dummy-agent'),
    ('Koordinator', 'coordinator'),
    ('Täuscher', 'pretender'),
    ('Falscher Kommandant', 'false-commander'),
    ('Verhörspezialist nach welcher Mission', 'inquisitor'),
    ('welche Module kann man kombinieren', 'compatibility'),
    ('Hausregeln einstellen', 'house-rules'),
    ('Spielende', 'game-end'),
    ('Enthüllungsfase', 'reveal'),
    ('Stimmen geheim oder offen', 'vote'),
    ('wie viele Stimmen brauchen wir bei acht', 'tie'),
    ('darf der Anführer wählen wen er will', 'team-building'),
    ('wann ist das Spiel vorbei', 'game-end'),
    ('gewinnen die Spione bei fünf Ablehnungen sofort', 'five-rejections'),
    ('Misstrauen nach der Abstimmung', 'no-confidence'),
    ('Führungstärke ziehen', 'strong-leader'),
    ('Überwachung mehrere Karten', 'close-eye'),
    ('Abhörmaßnahme Nachbar', 'overheard-conversation'),
    ('wer zeigt bei Vertrauen bilden die Karte', 'establish-confidence'),
    ('Im Fokus offen spielen', 'in-the-spotlight'),
    ('Leibwächter sieht zwei Daumen', 'body-guard'),
    ('Geheimer Informant Daumen', 'deep-cover'),
    ('Überläufer kennen sich', 'defector-reveal'),
    ('Fallensteller Anführer im Team', 'trapper-leader-on-team'),
    ('Beschuldigung falsch was passiert', 'accusation'),
    ('Hacker darf Fehlschlag spielen', 'reverser'),
    ('Beobachtungsmarker bei fünf Spielern', 'watch-token'),
    ('Feldwebel mit Einzelgänger', 'compatibility'),
    ('Plotkarten wie viele ziehen', 'plot-draw'),
    ('wie viele Missionen gibt es', 'game-end'),
    ('muss die Teamgröße genau stimmen', 'team-size'),
    ('wird der Anführer ausgelost', 'setup'),
    ('werden die Abstimmungskarten gemischt', 'vote'),
    ('darf der Widerstand lügen', 'secrecy'),
    ('kennt der Kommandeur den Geheimen Informanten', 'deep-cover'),
    ('wann wird die Überläuferkarte aufgedeckt', 'defector'),
    ('wer bekommt den Ermittler-Marker', 'hunter'),
    ('darf der Anführer eine Plotkarte bekommen', 'plot-draw'),
    ('wann darf ich Überwachung spielen', 'close-eye'),
    ('Meinungsmacher beide im Spiel', 'opinion-maker'),
    ('Einzelgänger Erfolg zählt als Erfolg', 'rogue'),
    ('Feldwebel darf Anführer sein', 'sergeant'),
    ('Darf der Anführer dasselbe Team nochmal vorschlagen', 'team-building'),
    ('fünfte Abstimmung abgelehnt', 'five-rejections'),
    ('müssen Spione immer sabotieren', 'mission-cards'),
    ('bei 9 Spielern wie viele Fehlschläge bei Mission 4', 'two-fails'),
    ('wie viele Spione bei sechs', 'sides'),
    ('werden die Stimmen gleichzeitig aufgedeckt', 'vote'),
    ('wer ist der erste Anfüher', 'setup'),
    ('in welche Richtung geht der Anführer', 'leader-rotation'),
    ('Überwachungskarte', 'close-eye'),
    ('Feldwebel und Einzelgänger zusammen', 'compatibility'),
    ('wie viele Plotkarten bei zehn Spielern', 'plot-draw'),
    ('Fallensteller Karte entfernen', 'trapper'),
]

QUESTIONS = ENGLISH + GERMAN


#: Questions of the table typed with mistakes (and umlauts left out), half of them German.
TYPOS = [
    "stronk leadr", "Darf der Anfüher sich selbst ins Team nehmen?",
    "Gleichstnd bei der Abstimmung", "Fuhrungsstarke", "fünf abgelente Teams", "Abhörmasnahme",
    "Sich offenbahren",
    "Verantwortung ubernehmen", "Anfuhrer Team selbst", "wan darf der Attentäter schießen",
    "Enthüllungsfase", "Führungstärke ziehen", "wer ist der erste Anfüher",
]


def test_the_table_is_big_enough_and_about_half_german():
    assert len(QUESTIONS) >= 60
    assert len(GERMAN) >= 30
    assert abs(len(GERMAN) - len(ENGLISH)) <= len(QUESTIONS) // 10
    assert {topic for _, topic in QUESTIONS} <= set(TOPICS)


@pytest.mark.parametrize("question", TYPOS)
def test_the_typos_are_in_the_table_and_really_typos(question):
    """Each holds a word that is in no topic as typed, so only the fuzzy match can find it."""
    assert question in dict(QUESTIONS)
    found = index()
    assert any(word not in found.rarity for word in found.keep(question))


@pytest.mark.parametrize("question,topic", QUESTIONS)
def test_the_question_finds_its_topic_first(question, topic):
    found = search(question)
    assert found and found[0][0] == topic, found[:3]


# -- names of cards, roles, modules and variants -------------------------------------------------

#: rules.md §3.1: every Plot card's English and German name.
PLOT_CARDS = {
    "strong-leader": ("Strong Leader", "Führungsstärke"),
    "close-eye": ("Keeping a Close Eye on You", "Überwachung"),
    "no-confidence": ("No Confidence", "Misstrauen"),
    "opinion-maker": ("Opinion Maker", "Meinungsmacher"),
    "take-responsibility": ("Take Responsibility", "Verantwortung übernehmen"),
    "overheard-conversation": ("Overheard Conversation", "Abhörmaßnahme"),
    "establish-confidence": ("Establish Confidence", "Vertrauen bilden"),
    "open-up": ("Open Up", "Sich offenbaren"),
    "in-the-spotlight": ("In the Spotlight", "Im Fokus"),
}


def spellings(name: str) -> list[str]:
    """A name as typed: as printed, umlauts spelled out, umlauts without dots, in capitals."""
    out = name.translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
    dotless = name.translate(str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "s"}))
    return sorted({name, out, dotless, name.upper()})


@pytest.mark.parametrize("topic,name", [
    (topic, spelled) for topic, names in PLOT_CARDS.items()
    for name in names for spelled in spellings(name)
])
def test_a_plot_card_name_finds_its_card(topic, name):
    assert search(name)[0][0] == topic


def test_fuhrungsstarke_finds_fuhrungsstaerke():
    """The issue's own example: umlauts typed without dots."""
    assert search("Fuhrungsstarke")[0][0] == "strong-leader"


#: Each character, module and variant of the command-line contract, and the topic its
#: name must find (rules.md §4 to §8).
NAMED = {
    "character": {
        "commander": "commander", "assassin": "assassin", "body-guard": "body-guard",
        "false-commander": "false-commander", "deep-cover": "deep-cover",
        "blind-spy": "blind-spy", "resistance-rogue": "rogue", "spy-rogue": "spy-rogue",
        "resistance-reverser": "reverser", "spy-reverser": "reverser",
        "resistance-defector": "defector", "spy-defector": "defector",
        "resistance-chief": "chief", "spy-chief": "chief", "resistance-hunter": "hunter",
        "spy-hunter": "hunter", "dummy-agent": "dummy-agent", "coordinator": "coordinator",
        "deep-agent": "deep-agent", "pretender": "pretender",
    },
    "module": {
        "plot": "plot", "rogue": "rogue", "sergeant": "sergeant", "commander": "commander",
        "defector": "defector", "trapper": "trapper", "inquisitor": "inquisitor",
        "hunter": "hunter", "reverser": "reverser",
    },
    "variant": {"targeting": "targeting", "blind-spies": "blind-spies"},
}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("kind,name,topic", [
    (kind, name, topic) for kind, names in NAMED.items() for name, topic in names.items()
])
def test_a_name_as_the_game_shows_it_finds_its_topic(lang, kind, name, topic):
    shown = i18n.t(lang, f"{kind}.{name}")
    assert search(shown)[0][0] == topic, shown


def test_every_module_role_and_card_of_the_contract_is_named_above():
    from moderator.rules.setup import MODULES, ROLES, VARIANTS

    assert set(NAMED["module"]) == set(MODULES)
    assert set(NAMED["variant"]) == set(VARIANTS)
    assert set(ROLES) <= set(NAMED["character"])


# -- folding ---------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["Führungsstärke", "fuehrungsstaerke", "FÜHRUNGSSTÄRKE"])
def test_umlauts_fold_to_the_spelled_out_form(typed):
    assert fold(typed) == "fuehrungsstaerke"


def test_sz_folds_to_ss():
    assert fold("Abhörmaßnahme") == fold("ABHOERMASSNAHME")


# -- lookup: what the command line and the guided loop call ----------------------------------


def test_lookup_gives_the_best_topic_in_full_and_lists_the_next_ones():
    found = lookup("does a tie pass?", "en")
    assert found.topic == "tie"
    assert found.answer == i18n.t("en", "topics.tie.answer")
    assert found.detail == i18n.t("en", "topics.tie.detail")
    assert all(other != "tie" for other, _ in found.others)


def test_a_german_question_in_an_english_game_answers_in_german():
    """Issue 25: a question clearly in the other language is answered in its language."""
    found = lookup("wer darf Misstrauen spielen?", "en")
    assert (found.topic, found.title, found.lang) == (
        "no-confidence", "„Misstrauen“ (Plotkarte)", "de")


def test_an_english_question_in_a_german_game_answers_in_english():
    found = lookup("can the leader put himself on the team?", "de")
    assert (found.title, found.lang) == ("Can the leader be on the team?", "en")


@pytest.mark.parametrize("typed", ["Misstrauen", "no confidence", "Misstrauen no confidence"])
def test_a_name_alone_is_answered_in_the_games_language(typed):
    """A card's name says nothing of the language the host wants: the game's is kept."""
    assert lookup(typed, "en").lang == "en" and lookup(typed, "de").lang == "de"


@pytest.mark.parametrize("typed", ["two-fails", "two_fails", "Two Fails"])
def test_a_topic_id_opens_that_topic(typed):
    assert lookup(typed, "en").topic == "two-fails"


@pytest.mark.parametrize("nonsense", ["xyzzy plugh", "the", "?", "qqqq wwww"])
def test_nothing_found_is_none(nonsense):
    assert lookup(nonsense, "en") is None


def test_an_unsettled_point_says_how_the_tool_plays_it():
    """rules.md §13: the first value of a setting is its default."""
    found = lookup("take responsibility", "en")
    setting = next(s for s in found.unsettled if s.id == "plot-take-responsibility")
    assert setting.default == "immediate"
    assert [c.value for c in setting.choices] == ["immediate", "held"]
    assert setting.chosen is None


def test_a_game_s_own_choice_is_shown_with_the_ruling():
    found = lookup("take responsibility", "en", {"plot-take-responsibility": "held"})
    setting = next(s for s in found.unsettled if s.id == "plot-take-responsibility")
    assert setting.chosen == "held"


def test_every_house_rule_setting_is_reached_from_a_topic_a_table_asks_about():
    """An open point shows up where the table asks, not only in the list of settings."""
    linked = {s for topic in TOPICS.values() if topic.id not in SETTINGS for s in topic.settings}
    assert linked == set(SETTINGS)
