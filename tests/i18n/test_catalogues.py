"""Both languages say everything (design.md §5): same keys, same placeholders, no YAML traps."""

import re
import string
from pathlib import Path

import pytest

from moderator import i18n
from moderator.i18n import LANGUAGES, catalogue

PACKAGE = Path(i18n.__file__).parent.parent


def fields(entry):
    """The parameters a text is filled with; theme words ({@spies}) are the language's own."""
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text)
            if name and not name.startswith("@")}


def test_german_has_exactly_the_english_keys():
    en, de = catalogue("en"), catalogue("de")
    assert sorted(en.keys() - de.keys()) == []
    assert sorted(de.keys() - en.keys()) == []


def test_every_text_has_the_same_placeholders_in_both_languages():
    en, de = catalogue("en"), catalogue("de")
    assert {k: (fields(en[k]), fields(de[k])) for k in en if fields(en[k]) != fields(de[k])} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plurals_have_one_and_other(lang):
    bad = [k for k, v in catalogue(lang).items()
           if isinstance(v, dict) and not {"one", "other"} <= v.keys()]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_empty_or_untranslated_english(lang):
    assert [k for k, v in catalogue(lang).items() if not v] == []


def test_german_is_not_english_copied():
    en, de = catalogue("en"), catalogue("de")
    words = {k: re.sub(r"\{[^}]*\}", "", v) for k, v in en.items() if isinstance(v, str)}
    same = [k for k, text in words.items() if en[k] == de[k] and re.search("[a-z]{4}", text)]
    # Only words that are the same in both languages, and bare command lines, may stay.
    assert {k for k in same if not k.startswith("command.")} <= {
        "status.mission", "status.team_size", "status.outcome",
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_written_twice(lang):
    """PyYAML keeps the last of two equal keys without a word; a lost text must not hide."""
    import yaml

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        keys = [loader.construct_object(k) for k, _ in node.value]
        twice = {k for k in keys if keys.count(k) > 1}
        assert not twice, f"{lang}.yaml line {node.start_mark.line + 1}: {sorted(twice)}"
        return loader.construct_mapping(node)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    yaml.load((PACKAGE / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"), Loader=Strict)


def test_yaml_booleans_are_refused():
    with pytest.raises(TypeError):
        i18n._flatten({True: "Ja"})
    with pytest.raises(TypeError):
        i18n._flatten({"vote": False})


def used_keys():
    """Every literal key the code asks for: t(lang, "…"), out.say("…"), out.t("…"), h("…"),
    RuleError("…"), Refusal("…"), StoreError("…"), Step("…"), VoiceError("…")."""
    pattern = re.compile(
        r"""(?:\bt\(\s*\w+,\s*|\.say\(\s*|\.t\(\s*|RuleError\(\s*|Refusal\(\s*|"""
        r"""StoreError\(\s*|Step\(\s*|VoiceError\(\s*)f?"([a-z_]+(?:\.[a-z_{}\-.]+)+)\""""
    )
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        keys.update(pattern.findall(path.read_text(encoding="utf-8")))
    return keys


def expand(key):
    """`errors.turn.{self.phase}` stands for every key it can become."""
    if "{" not in key:
        return {key}
    prefix = key[: key.index("{")]
    return {k for k in catalogue("en") if k.startswith(prefix)} or {key}


def test_every_key_the_code_uses_exists():
    keys = used_keys()
    assert len(keys) > 50  # the pattern really finds the code's keys
    missing = sorted(k for key in keys for k in expand(key) if k not in catalogue("en"))
    assert missing == []


def help_keys():
    """Every help text the commands ask for: h("…") in moderator/cli/, under the catalogue
    section the file's `h = helps(lang, SECTION)` names ("help" when it names none)."""
    asked = re.compile(r"""\bh\(\s*"([a-z_]+)"\s*\)""")
    prefix = re.compile(r"""\bh = helps\(lang(?:, "([a-z_.]+)")?\)""")
    keys = set()
    for path in (PACKAGE / "cli").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for section in prefix.findall(source):
            keys.update(f"{section or 'help'}.{key}" for key in asked.findall(source))
    return keys


def test_help_is_translated_for_every_option():
    """Each command's and option's help, as the commands ask for it, is in both languages
    and German is not the English copied (a word alike in both, like "Name", aside)."""
    keys = help_keys()
    assert len(keys) > 40  # the pattern really finds the commands' help
    missing = sorted(k for k in keys if k not in catalogue("en") or k not in catalogue("de"))
    assert missing == []
    copied = sorted(k for k in keys if catalogue("de")[k] == catalogue("en")[k]
                    and len(catalogue("en")[k].split()) > 1)
    assert copied == []


@pytest.mark.parametrize("value,expected", [
    ("de_DE.UTF-8", "de"), ("de_AT", "de"), ("en_GB.UTF-8", "en"), ("fr_FR.UTF-8", "en"),
    ("C", "en"),
])
def test_the_locale_chooses_the_language(monkeypatch, value, expected):
    for variable in ("MODERATOR_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", value)
    assert i18n.choose() == expected


def test_lang_beats_moderator_lang_beats_the_locale(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("MODERATOR_LANG", "de")
    assert i18n.choose() == "de"
    assert i18n.choose("en") == "en"


def test_every_module_has_a_name_and_a_setup_note():
    """The setup sheet and the guided checklist say what each module changes at the table."""
    from moderator.rules import MODULES

    missing = [key for module in MODULES
               for key in (f"module.{module}", f"setup.module_note.{module}")
               if key not in catalogue("en")]
    assert missing == []


@pytest.mark.parametrize("lang, names, said", [
    ("en", [], ""), ("en", ["Anna"], "Anna"), ("en", ["Anna", "Ben"], "Anna and Ben"),
    ("en", ["Anna", "Ben", "Carl"], "Anna, Ben and Carl"),
    ("de", ["Anna", "Ben", "Carl"], "Anna, Ben und Carl"),
])
def test_names_in_a_sentence_are_listed_as_a_host_says_them(lang, names, said):
    from moderator.i18n import listed

    assert listed(lang, iter(names)) == said


@pytest.mark.parametrize("lang, name, owner", [
    ("en", "Anna", "Anna's"), ("en", "James", "James's"), ("de", "Anna", "Annas"),
    ("de", "Hans", "Hans’"), ("de", "Fritz", "Fritz’"), ("de", "Max", "Max’"),
])
def test_a_name_as_an_owner(lang, name, owner):
    from moderator.i18n import possessive

    assert possessive(lang, name) == owner


def test_german_wording_from_the_hosts_review():
    """Issue 25, German: words that fit any player and say what they mean, one term per thing
    (glossary-de: "Anführer-Marker"), the same on the table display and in the terminal."""
    from moderator.i18n import t

    taken = t("de", "result.plot_used.strong_leader", by="Greta")
    assert "ist jetzt Anführer" not in taken and "Anführer-Marker" in taken
    for card in ("strong_leader", "close_eye", "no_confidence", "in_the_spotlight"):
        assert not t("de", f"plot_rule.{card}").startswith("Bleibt, bis sie")
    mission = t("de", "now.mission", team="Anna, Ben", mission=1)
    assert "Mische sie" not in mission and "Mische die gespielten Karten" in mission
    whole = "\n".join(map(str, catalogue("de").values()))
    assert "Regelübersicht" not in whole and "Regelreferenz" in whole
    assert t("de", "plot.held", cards="X").startswith(t("de", "display.plot_held"))

