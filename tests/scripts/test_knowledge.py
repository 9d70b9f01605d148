"""What each role learns from the reveal, for any configuration (rules.md §5.1, §9).

Hypothesis draws configurations (players, modules, optional characters, Blind Spies, the two
house rules that change the reveal); the script's `open` and `thumb` lists then say who saw
whom: whoever has their eyes open during a step sees the others whose eyes are open and every
raised thumb. That knowledge is compared with the knowledge matrix of rules.md §5.1 and the
module rules of §6.1, §6.2, §7 and §9.
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.i18n import catalogue, t
from moderator.rules import RuleError, configure
from moderator.rules.setup import ROLE_MODULE, SPY_CHARACTERS
from moderator.scripts import reveal

MODULES = ("commander", "rogue", "defector", "hunter", "reverser", "trapper", "sergeant")


@st.composite
def configurations(draw):
    modules = draw(st.sets(st.sampled_from(MODULES)))
    optional = sorted(r for r, m in ROLE_MODULE.items() if m in modules)
    roles = draw(st.sets(st.sampled_from(optional))) if optional else set()
    variants = draw(st.sets(st.just("blind-spies")))
    players = draw(st.integers(5, 10))
    house_rules = {
        "reverser-spy-visibility": draw(st.sampled_from(
            ("normal", "hidden", "hidden-from-commander"))),
        "defector-reveal": draw(st.sampled_from(("standard", "know-each-other"))),
    }
    try:
        setup = configure(players, modules, variants, roles, allow_incompatible=True)
    except RuleError:  # more special characters than seats: refused, nothing to read
        setup = configure(players, ())
    return setup, house_rules


def knowledge(steps, deck) -> dict[str, set[str]]:
    """Role id -> the role ids it saw during the reveal (a role held by two players, such as
    two resistance Chiefs, sees its own kind)."""
    seen = defaultdict(set)
    for step in steps:
        for viewer in step.open:
            alone = deck[viewer] == 1
            seen[viewer] |= (set(step.open) - ({viewer} if alone else set())) | set(step.thumb)
    return seen


@settings(max_examples=400, deadline=None)
@given(configurations())
def test_who_learns_whom(configuration):
    """rules.md §5.1 matrix, §6.1 knowledge, §6.2 visibility, §7 spy Rogue, §9.6 Defector."""
    setup, house_rules = configuration
    deck = {c for c, n in setup.deck.items() if n}
    spies = deck & SPY_CHARACTERS
    seen = knowledge(reveal(setup, house_rules), setup.deck)
    blind = "blind-spies" in setup.variants
    reverser = house_rules["reverser-spy-visibility"]

    # §9.4/§9.5/§9.8: the Commander sees every spy but Deep Cover, spy Rogue and, by the
    # house rule, the Spy Reverser.
    if "commander" in deck:
        hidden = {"deep-cover", "spy-rogue"}
        if reverser == "hidden-from-commander":
            hidden.add("spy-reverser")
        assert seen["commander"] == spies - hidden
    # §5.1: the Body Guard sees the Commander and the False Commander, nobody else.
    if "body-guard" in deck:
        assert seen["body-guard"] == deck & {"commander", "false-commander"}
    # §9.1-§9.7: spies who open see each other (incl. Deep Cover, False Commander), the Spy
    # Defector's and the Deep Agent's thumbs; never the Blind Spy or the spy Rogue.
    outsiders = {"blind-spy", "spy-rogue", "spy-defector", "deep-agent"}
    if reverser == "hidden":
        outsiders.add("spy-reverser")
    for spy in spies - outsiders:
        if blind:
            assert spy not in seen or not seen[spy] & spies
            continue
        thumbs = deck & {"spy-defector", "deep-agent"}
        if "deep-agent" in deck:  # the Pretender only poses as a Deep Agent (§6.1)
            thumbs |= deck & {"pretender"}
        assert seen[spy] >= (spies - {spy} - outsiders) | thumbs
        assert seen[spy] <= (spies - {"blind-spy", "spy-rogue"}) | {"pretender"}
        if reverser == "hidden":
            assert "spy-reverser" not in seen[spy]
        if "spy-chief" in deck and spy != "spy-chief":  # §6.1: they know their spy Chief
            assert "spy-chief" in seen[spy]
    # Those who keep their eyes closed learn nothing (§5.1 Blind Spy, §7 spy Rogue, §6.1 Deep
    # Agent, §5.2 Spy Defector — unless the Defectors know each other).
    for loner in deck & {"blind-spy", "spy-rogue", "deep-agent"}:
        assert not seen[loner]
    if "spy-defector" in deck:
        meet = house_rules["defector-reveal"] == "know-each-other"
        assert seen["spy-defector"] == ({"resistance-defector"} if meet else set())
    # §6.1: two resistance Chiefs know each other, and learn the Coordinator.
    chiefs = setup.deck.get("resistance-chief", 0)
    if chiefs >= 2 or {"resistance-chief", "coordinator"} <= deck:
        other_chief = {"resistance-chief"} if chiefs >= 2 else set()
        assert seen["resistance-chief"] == other_chief | (deck & {"coordinator"})
    # Nobody else learns anything: the Resistance, both Rogues, Hunters, Dummy Agent, Pretender.
    knowing = {"commander", "body-guard", "resistance-chief", "resistance-defector"} | spies
    assert {viewer for viewer, ids in seen.items() if ids} <= knowing


@settings(max_examples=400, deadline=None)
@given(configurations())
def test_the_spies_see_their_chief_s_thumb_alone(configuration):
    """rules.md §6.1, §9.7 step 4: the spies learn which thumb is their Chief's only if no
    other thumb (the Deep Agent's, the Pretender's, the Spy Defector's) is up at that moment."""
    setup, house_rules = configuration
    for step in reveal(setup, house_rules):
        if "spy-chief" in step.thumb and set(step.open) & SPY_CHARACTERS:
            assert step.thumb == ("spy-chief",)


#: Lines that ask nobody to move: someone stays as they are, a check, a note to the table.
STILL = ("script.blind_spies", "script.blind_spies_note", "script.no_reveal",
         "script.eyes_closed.", "script.fist_closed.", "script.check_fist", "script.thumb_count",
         "script.check_end")


@settings(max_examples=400, deadline=None)
@given(configurations())
def test_every_line_that_asks_someone_to_act_leaves_time_for_it(configuration):
    """issue 16 item 5: eyes closing or opening, a thumb going up or down: each takes a
    moment at the table before the next line. The last line ends the reading."""
    setup, house_rules = configuration
    steps = reveal(setup, house_rules)
    rushed = [s.key for s in steps[:-1] if not s.key.startswith(STILL) and s.pause <= 0]
    assert rushed == []


@settings(max_examples=400, deadline=None)
@given(configurations())
def test_every_count_spoken_is_a_word(configuration):
    """GL §2.2 rule 7, §2.4: numbers are said as words, in both languages."""
    setup, house_rules = configuration
    for step in reveal(setup, house_rules):
        for lang in ("en", "de"):
            assert not any(ch.isdigit() for ch in t(lang, step.key, **step.params))


@settings(max_examples=400, deadline=None)
@given(configurations())
def test_every_script_is_well_formed(configuration):
    """Every key exists in both languages; `everyone` steps have nobody singled out; fists
    go out only when a thumb is raised (GL §2.2); only characters in the deck act; the table
    ends with open eyes; counts match the thumbs (rules.md §9.4 sanity numbers)."""
    setup, house_rules = configuration
    steps = reveal(setup, house_rules)
    deck = {c for c, n in setup.deck.items() if n}
    for lang in ("en", "de"):
        assert all(step.key in catalogue(lang) for step in steps)
    assert all(not (s.open or s.thumb) for s in steps if s.everyone)
    assert all(set(s.open) | set(s.thumb) <= deck for s in steps)
    thumbs = any(s.thumb for s in steps)
    assert ("script.close_fist" in [s.key for s in steps]) == thumbs
    assert steps[-1].everyone
    for count in (s for s in steps if s.key == "script.thumb_count"):
        assert count.params["count"] == sum(setup.deck[c] for c in count.thumb)
    assert "resistance-rogue" not in " ".join(s.key for s in steps)
