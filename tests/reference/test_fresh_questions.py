"""Rulings asked in free words (issue 17, Deliver 6): questions written the way players ask
them, before the search was tuned for them and without looking at the topics' aliases, in
data/fresh_questions.yaml. The first hit must be the expected topic for at least 90% of them
in each language; the rate is printed at the end of the run. When no topic fits a question
well, the lookup says so and offers the three nearest topics instead of one answer."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from moderator.reference import lookup, search
from moderator.reference.topics import TOPICS

DATA = Path(__file__).parent / "data" / "fresh_questions.yaml"
QUESTIONS: dict[str, list[list[str]]] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
HELD_OUT = QUESTIONS.pop("held_out")
LEAST_RATE, LEAST_HELD_OUT = 0.9, 0.8


@pytest.mark.parametrize("lang", ["en", "de"])
def test_there_are_sixty_questions_per_language_each_with_a_real_topic(lang):
    asked = QUESTIONS[lang]
    assert len(asked) >= 60
    assert len({question for question, _ in asked}) == len(asked)
    assert {topic for _, topic in asked} <= set(TOPICS)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_hit_is_right_for_nine_in_ten_fresh_questions(lang, first_hits):
    missed = [(question, topic, search(question, 3)) for question, topic in QUESTIONS[lang]
              if [t for t, _ in search(question, 1)] != [topic]]
    asked = len(QUESTIONS[lang])
    first_hits[lang] = (asked - len(missed), asked)
    assert (asked - len(missed)) / asked >= LEAST_RATE, missed


@pytest.mark.parametrize("lang", ["en", "de"])
def test_questions_kept_out_of_the_tuning_are_mostly_found_too(lang, first_hits):
    """The held-out questions were never tuned for: they show how the search does on new
    questions (a lower bar; a fall below it means the tuning overfitted)."""
    asked = HELD_OUT[lang]
    hits = sum(1 for question, topic in asked if [t for t, _ in search(question, 1)] == [topic])
    first_hits[f"{lang} (held out)"] = (hits, len(asked))
    assert hits / len(asked) >= LEAST_HELD_OUT


def test_counts_and_the_people_at_the_table_are_read_alike():
    from moderator.reference.matching import words

    assert words("zu siebt, seven players, 7 Leute, fünfmal") == [
        "zu", "7", "7", "players", "7", "personen", "5"]


@pytest.mark.parametrize("lang, question, count", [
    ("en", "banana bread recipe", 2),  # only two topics share a word with it at all
    ("de", "kann ich pizza bestellen", 3), ("de", "karte um anführer zu werden", 3),
])
def test_a_question_no_topic_fits_well_gets_the_three_nearest(lang, question, count):
    found = lookup(question, lang)
    assert found is not None and not found.sure
    nearest = [found.topic, *(topic for topic, _ in found.others)]
    assert nearest == [topic for topic, _ in search(question, 3)]
    assert len(nearest) == count


@pytest.mark.parametrize("lang, question, topic", [
    ("en", "does a tie pass", "tie"), ("de", "fuehrungsstaerke", "strong-leader"),
    ("en", "strong_leader", "strong-leader"),  # a topic id is always sure
])
def test_a_question_a_topic_fits_well_gets_one_answer(lang, question, topic):
    found = lookup(question, lang)
    assert found.sure and found.topic == topic
