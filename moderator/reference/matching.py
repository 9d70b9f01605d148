"""Finding the topic a question is about, in either language, with typos and umlauts as typed.

Text is folded first (design.md §8), so `Führungsstärke`, `fuehrungsstaerke` and
`FUHRUNGSSTARKE` read alike, and question words (`does`, `darf`, …) are dropped. Then two
rapidfuzz measures are added up:

- word by word: each word of the question is matched to the topics' words despite typos, and
  a topic scores by the words it shares with the question, rare words counting more than
  common ones ("leader" decides less than "tie"), and a word of its title (the card or role
  name, mostly) more than one of its aliases, its short answer or, least, its detail;
- as a whole: how close the question is to the topic's nearest title or alias, which tells
  "who does the commander see" (an alias of the Commander) from the Body Guard's "who does the
  body guard see", although both share every rare word but one.

House-rule topics count a little less: a table asks about the card before the open point.

How tables say things is read first: a count against the same count is a tie ("four against
four", „vier zu vier“), a tag that only asks to be told yes ("…, right?", „…, oder?“) is
dropped, a name holding another name is read without it ("Minions of Mordred" is not
Mordred), a title's bracketed module counts as an alias, and in a theme's game the game's own
word is read as the theme's ("mission" as "quest", rules.md §14.4).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from typing import NamedTuple

from moderator import i18n
from moderator.reference.index_cache import kept_between_runs
from moderator.reference.topics import TOPICS
from moderator.rules.house_rules import SETTINGS

_SPELL_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_WORD = re.compile(r"[^\W_]+")
#: Words after which a name is not held by the one before it: "des Widerstands" is the
#: side's genitive, "die Lancelots" a plural, "X und Y" two names.
_NOT_HOLDING = frozenset({"der", "die", "das", "des", "dem", "den", "und", "beiden", "and",
                          "the"})
#: The part of a title in brackets: the module a card or character belongs to.
_QUALIFIER = re.compile(r"\(([^)]*)\)")

#: How much a word counts by where the topic has it: title, aliases, answer, detail.
TITLE, HEADING, BODY, DETAIL = 4.5, 3.0, 2.0, 0.5
#: The least similarity (0-100) for two words to count as the same word despite a typo; words
#: of up to SHORT_WORD letters must be typed exactly.
SHORT, LONG, SHORT_WORD = 100, 80, 3
#: A word the host typed may be part of a compound in the topics ("groesse" in "teamgroesse"),
#: or the other way round; such a part (of at least PART_LENGTH letters) counts this much.
PART, PART_LENGTH = 0.7, 4
#: The whole question against a title or alias: from PHRASE (0-100) on it adds up to
#: PHRASE_WEIGHT, as much as a rare word.
PHRASE, PHRASE_WEIGHT = 60, 12.0
#: How much a house-rule topic's score counts.
HOUSE_RULE = 0.8
#: A first hit is trusted when it scores at least SURE, the next one stays below CLOSE of it,
#: and more than KNOWN of the question's words are words of the topics (despite typos). Below
#: that the host is offered the nearest topics instead of one answer that may be wrong. Set
#: on the fresh questions of tests/reference/data: it flags about 3 in 100 right first hits,
#: and half of the wrong ones and of questions about something else.
SURE, CLOSE, KNOWN = 10.0, 0.9, 0.5


def fold(text: str) -> str:
    """Case, ß and umlauts folded: umlauts spelled out (ä → ae), as Germans type them without
    a German keyboard; other accents kept."""
    return unicodedata.normalize("NFC", text).casefold().translate(_SPELL_OUT)


def words(text: str) -> list[str]:
    """The folded words of `text`, each as `SAME` reads it ("zu siebt" and "seven" as 7), a
    count against the same count as a tie ("four against four", „vier zu vier“, "4:4"), and
    without a tag that only asks to be told yes ("…, right?", „…, oder?“)."""
    said: list[str] = []
    text = _SCORE.sub(TIED, _TAG.sub("", fold(text)))
    for word in (SAME.get(w, w) for w in _WORD.findall(text)):
        if word.isdigit() and said[-2:-1] == [word] and said[-1] in _AGAINST:
            said[-2:] = [TIED]
        else:
            said.append(word)
    return said


#: A question's last words that only ask to be told yes.
_TAG = re.compile(r"[,;]\s*(right|correct|isn'?t it|is that right|yes|or not|oder|oder nicht|"
                  r"ne|gell|stimmt'?s|nicht wahr|richtig)\s*[?!.]*\s*$")
#: The words between two counts of a vote that make it a tie ("four against four").
_AGAINST = frozenset({"against", "to", "vs", "versus", "zu", "gegen"})
#: What such a tie reads as: the tie topic's own word.
TIED = "tie"
#: A tie written as a score: "4:4", "3-3".
_SCORE = re.compile(r"\b(\d+)\s*[:\-–]\s*\1\b")
#: Counts as a table says them: "seven players", "zu siebt", "fünfmal abgelehnt".
NUMBERS = {
    **{word: str(n) for n, word in enumerate(
        "two three four five six seven eight nine ten".split(), start=2)},
    **{word: str(n) for n, word in enumerate(
        "zwei drei vier fuenf sechs sieben acht neun zehn".split(), start=2)},
    **dict(zip("fuenft sechst siebt neunt zehnt".split(), ("5", "6", "7", "9", "10"),
               strict=True)),
    **{f"{word}mal": str(n) for n, word in enumerate("zwei drei vier fuenf".split(), start=2)},
}
#: Words a table uses for the same thing, read as one: numbers as digits, a negation, and the
#: people at the table ("players", "people", „Spieler“, „Leute“, „Personen“).
SAME = {
    **NUMBERS,
    **dict.fromkeys(("player", "players", "people"), "players"),
    # "don't know" is "do not know", and "wins" too short a word to be read as "win" by a typo
    **dict.fromkeys(("dont", "don", "doesnt", "isnt", "arent"), "not"),
    **dict.fromkeys(("wins", "won"), "win"),
    **dict.fromkeys(("spieler", "spielern", "spielerin", "spielerinnen", "leute", "leuten",
                     "person", "personen", "mitspieler", "mitspielern", "mitspielende",
                     "mitspielenden"), "personen"),
    # the side the table calls the bad one, and German's everyday "selber"
    **dict.fromkeys(("evil", "bad", "baddies", "baddie"), "spies"),
    **dict.fromkeys(("boese", "boesen", "boeser", "boesewichte"), "spione"),
    "selber": "selbst",
    # the German Avalon box's word for a quest (rules.md §14.4): the same thing as a mission
    **dict.fromkeys(("abenteuer", "abenteuern", "abenteuers"), "mission"),
    # "at the start", „am Anfang“: the first of something
    **dict.fromkeys(("anfang", "anfangs"), "erste"),
}


class Index(NamedTuple):
    """Every topic's words with their weights, how rare each word is, and its phrases."""

    weights: dict[str, dict[str, float]]  # topic id -> word -> weight
    rarity: dict[str, float]  # word -> inverse document frequency
    vocabulary: tuple[str, ...]
    phrases: tuple[str, ...]  # titles and aliases, folded, without question words
    phrase_topics: tuple[str, ...]  # the topic of each phrase
    stopwords: frozenset[str]
    own_words: dict[str, frozenset[str]]  # language -> its small words the other lacks
    held: tuple[tuple[str, str], ...] = ()  # names holding a name, as they are read
    own: dict[str, str] = {}  # the game's own word -> the theme's (rules.md §14.4)

    def keep(self, text: str) -> list[str]:
        """The words of `text` that carry meaning, a word of the game's own names read as the
        theme's ("mission" as "quest" in an Avalon game)."""
        return [self.own.get(w, w) for w in words(unheld(text, self.held))
                if w not in self.stopwords]


def theme_words(theme: str, held: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """A theme's game is the same game (rules.md §14.4), and a table may still say the game's
    own word for a theme's ("mission" for "quest", „Kommandeur“ for „Merlin“): each name of
    one word, read as the theme's name of one word (a name holding another counted as it is
    read: "Minions of Mordred" is "minions")."""
    own: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        plain = i18n.theme_table(i18n.DEFAULT_THEME, lang)["names"]
        themed = i18n.theme_table(theme, lang)["names"]
        for key, name in plain.items():
            said, read = words(name), words(unheld(themed.get(key, name), held))
            if len(said) == len(read) == 1 and said != read:
                own.setdefault(said[0], read[0])
    return own


def held_names(theme: str) -> tuple[tuple[str, str], ...]:
    """The theme's names that hold another of its names as theirs ("Minions of Mordred",
    „Diener Mordreds“ hold Mordred): each folded, and as it is read instead, without the held
    name ("minions", „diener“), so that the side's name does not count as that character's.
    A name held by "of" or in a genitive without an article (Mordred-s) is another's; „der
    gute Lancelot“ is Lancelot himself. Longest first."""
    held: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        names = i18n.theme_table(theme, lang)["names"].values()
        single = {fold(name) for name in names if len(_WORD.findall(fold(name))) == 1}
        for name in names:
            said = _WORD.findall(fold(name))
            gone = {n for n, w in enumerate(said) if n and said[n - 1] not in _NOT_HOLDING
                    and ((w in single and said[n - 1] == "of")
                         or (w.endswith("s") and w[:-1] in single))}
            if gone:
                held[" ".join(said)] = " ".join(
                    w for n, w in enumerate(said)
                    if n not in gone and not (n + 1 in gone and w == "of"))
    return tuple(sorted(held.items(), key=lambda pair: -len(pair[0])))


def unheld(text: str, held: tuple[tuple[str, str], ...]) -> str:
    """`text` folded, each name holding another read as `held_names` says."""
    text = fold(text)
    for name, read in held:
        between = r"[\W_]+"  # "Minions of Mordred's": any spaces or marks between the words
        text = re.sub(rf"\b{between.join(map(re.escape, name.split()))}\b", read, text)
    return text


@kept_between_runs(Index)
def index() -> Index:
    """Built once per process from both catalogues, so a German question finds a topic in an
    English game and the other way round."""
    held = held_names(i18n.theme())
    small = {lang: frozenset(words(i18n.t(lang, "reference.stopwords")))
             for lang in i18n.LANGUAGES}
    stopwords = frozenset().union(*small.values())
    own_words = {lang: mine.difference(*(small[o] for o in small if o != lang))
                 for lang, mine in small.items()}
    weights: dict[str, dict[str, float]] = {topic: {} for topic in TOPICS}
    phrases: list[tuple[str, str]] = []
    for topic in TOPICS:
        seen = weights[topic]
        for lang in i18n.LANGUAGES:
            text = {part: i18n.t(lang, f"topics.{topic}.{part}")
                    for part in ("title", "aliases", "answer", "detail")}
            # "Mordred (Merlin and Assassin module)": the name is the title, the module in
            # brackets only says where it belongs, as an alias would
            title = _QUALIFIER.sub("", text["title"]).strip()
            qualifier = " ".join(_QUALIFIER.findall(text["title"]))
            heading = [title, *text["aliases"].split(";")]
            for weight, parts in ((TITLE, [title]), (HEADING, [*heading[1:], qualifier]),
                                  (BODY, [text["answer"]]), (DETAIL, [text["detail"]])):
                for word in (w for part in parts for w in words(unheld(part, held))
                             if w not in stopwords):
                    seen[word] = max(seen.get(word, 0.0), weight)
            phrases += [(topic, " ".join(w for w in words(unheld(p, held))
                                         if w not in stopwords)) for p in heading]
    frequency: dict[str, int] = defaultdict(int)
    for seen in weights.values():
        for word in seen:
            frequency[word] += 1
    rarity = {word: math.log(1 + len(TOPICS) / count) for word, count in frequency.items()}
    return Index(
        weights=weights, rarity=rarity, vocabulary=tuple(sorted(rarity)),
        phrases=tuple(p for _, p in phrases), phrase_topics=tuple(t for t, _ in phrases),
        stopwords=stopwords, own_words=own_words, held=held, own=theme_words(i18n.theme(), held),
    )


#: A question is clearly in a language when it holds this many of that language's small words
#: ("can", "the"; „darf“, „der“) and none of the other's.
CLEARLY = 2


def language(query: str) -> str | None:
    """The language `query` is clearly written in, if it is."""
    said = set(words(query))
    counts = {lang: len(said & own) for lang, own in index().own_words.items()}
    clear = [lang for lang, count in counts.items()
             if count >= CLEARLY and all(counts[o] == 0 for o in counts if o != lang)]
    return clear[0] if len(clear) == 1 else None


def search(query: str, limit: int = 5) -> list[tuple[str, float]]:
    """The topics that best answer `query`, best first, with their scores (none if nothing in
    the question is in any topic)."""
    from rapidfuzz import fuzz, process

    found = index()
    asked = found.keep(query) or words(query)
    scores: dict[str, float] = defaultdict(float)
    for word in dict.fromkeys(asked):
        matches = _similar(word, found.vocabulary, fuzz, process)
        # A common word typed is no rarer for being part of a rare compound ("leadership").
        rarity = {match: min(found.rarity[match], found.rarity.get(word, math.inf))
                  for match, _ in matches}
        for topic, seen in found.weights.items():
            scores[topic] += max((similarity * seen[match] * rarity[match]
                                  for match, similarity in matches if match in seen), default=0.0)
    if not any(scores.values()):
        return []
    closest: dict[str, float] = {}
    for _, score, position in process.extract(
        " ".join(asked), found.phrases, scorer=fuzz.token_sort_ratio, score_cutoff=PHRASE,
        limit=None,
    ):
        topic = found.phrase_topics[position]
        closest[topic] = max(closest.get(topic, 0.0), score)
    for topic, score in closest.items():
        scores[topic] += PHRASE_WEIGHT * (score - PHRASE) / (100 - PHRASE)
    for topic in SETTINGS:
        scores[topic] *= HOUSE_RULE
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [(topic, round(score, 3)) for topic, score in ranked[:limit] if score > 0]


def sure(query: str, found: list[tuple[str, float]]) -> bool:
    """Is the first of `found` (what `search(query)` gave) clearly the topic asked about?"""
    from rapidfuzz import fuzz, process

    if not found or found[0][1] < SURE:
        return False
    if len(found) > 1 and found[1][1] >= CLOSE * found[0][1]:
        return False
    index_ = index()
    asked = list(dict.fromkeys(index_.keep(query) or words(query)))
    known = [w for w in asked if _similar(w, index_.vocabulary, fuzz, process)]
    return len(known) > KNOWN * len(asked)


def _similar(word: str, vocabulary: tuple[str, ...], fuzz, process) -> list[tuple[str, float]]:
    """Words of the topics that are `word` despite a typo (similarity 0-1), and, at a lower
    weight, compounds that hold it or parts it holds ("groesse" and "teamgroesse")."""
    cutoff = SHORT if len(word) <= SHORT_WORD else LONG
    matches = {
        match: score / 100
        for match, score, _ in process.extract(
            word, vocabulary, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None
        )
        if len(match) > SHORT_WORD or match == word  # "time" is no typo of "tie"
    }
    if len(word) >= PART_LENGTH:
        for match, score, _ in process.extract(
            word, vocabulary, scorer=fuzz.partial_ratio, score_cutoff=LONG + 10, limit=None
        ):
            if (match not in matches and min(len(match), len(word)) >= PART_LENGTH
                    and abs(len(match) - len(word)) >= 3):
                matches[match] = PART * score / 100
    return list(matches.items())
