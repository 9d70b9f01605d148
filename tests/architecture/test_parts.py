"""A module is one slice (design.md §1): in every ring that shows it, its part is one subclass
of the ring's part class (`rules/part.py`), in the module's own file of the ring, found by the
module's id. Here every module with phases, actions or fields of the team or the mission has
its part in each ring that answers them, and every one of them is answered: each phase has its
"now" sentence, its ruling, its simulated answers, its guided step, its command and its
catalogue keys in both languages; each action its sentences and its command; each field its
sentence, question, ruling, public key, simulated answer and option. Taking a module's file out
of any of these rings fails a test here.

The games in the phases are real ones, played by the simulator's coin-flip players until every
module's every phase has come up; the checks are derived from what the rules declare
(`Module.phases`, `Module.actions`, `proposal_fields`, `card_fields`), so they hold for the next
module too.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from moderator import narration
from moderator.cli.part import Commands
from moderator.i18n import catalogue
from moderator.public import Keys
from moderator.records.notation import Columns
from moderator.reference.context import Moments, Say
from moderator.rules import Game, Mission, Proposal
from moderator.rules.actions import Action
from moderator.rules.module import Module
from moderator.rules.modules import ACTION_MODULE, MODULES, STEP_MODULE, STEPS
from moderator.rules.part import Part
from moderator.simulate.players import players
from moderator.simulate.table import Table
from moderator.simulate.turn import Moves, Turns
from moderator.ui import views
from moderator.ui.steps import Steps

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ines", "Jan"]
LANGUAGES = ("en", "de")

#: Setups that between them reach every module's phases, with the roles that make a step
#: come up (the spy Rogue's claim, the Deep Agent's Blame).
SETUPS = [
    (7, ("plot",), ()), (10, ("plot",), ()), (8, ("rogue",), ()), (7, ("sergeant",), ()),
    (6, ("commander",), ()), (9, ("defector",), ()), (10, ("trapper",), ()),
    (7, ("inquisitor",), ()), (8, ("hunter",), ()), (7, ("reverser",), ()),
    (6, ("rogue", "reverser"), ()), (8, ("plot", "defector", "inquisitor"), ()),
]


def fields(module: Module) -> dict[str, object]:
    """The module's fields of the team and of the mission, with their defaults."""
    return {name: default for name, (_, default) in
            {**module.proposal_fields, **module.card_fields}.items()}


def has_something(module: Module) -> bool:
    return bool(module.phases or module.actions or fields(module))


@cache
def played() -> tuple[dict[str, Game], dict[type[Action], list[tuple[Game, Action, Game]]]]:
    """A game in each phase the simulated games reached (the first one met), and each action
    they took, with the game before and after it."""
    phases: dict[str, Game] = {}
    actions: dict[type[Action], list[tuple[Game, Action, Game]]] = {}
    wanted = {phase for module in MODULES for phase in module.phases}
    for seed in range(400):
        count, modules, roles = SETUPS[seed % len(SETUPS)]
        rng = random.Random(seed)
        game = Game.new(count, rng.randrange(count), modules=modules, roles=roles)
        table = Table(game, rng)
        turns = Turns(table, players("random", table.views, game, rng, 0.6, 0.4), rng)
        while game.phase != "game_over":
            phases.setdefault(game.phase, game)
            action = turns.action(game)
            after = game.apply(action)
            found = actions.setdefault(type(action), [])
            if len(found) < 5:
                found.append((game, action, after))
            game = after
        if wanted <= phases.keys() and seed >= 3 * len(SETUPS):
            break
    return phases, actions


class Told:
    """A session as narration reads it: the game after an action, the players' names."""

    def __init__(self, game: Game, action: Action, lang: str) -> None:
        self.game, self.last_action, self.lang = game, action, lang
        self.names = NAMES[:game.players]


def module_phases() -> list[tuple[Module, str]]:
    return [(module, phase) for module in MODULES for phase in module.phases]


def module_actions() -> list[tuple[Module, type[Action]]]:
    return [(module, action) for module in MODULES for action in module.actions]


def module_fields() -> list[tuple[Module, str]]:
    return [(module, name) for module in MODULES for name in fields(module)]


def overrides(part: Part, method: str) -> bool:
    """Whether the module's part has its own `method`, not the ring's default."""
    ring = next(cls for cls in type(part).__mro__ if Part in cls.__bases__)
    return getattr(type(part), method) is not getattr(ring, method)


RINGS = [narration.Sentences, Keys, Steps, Moments, Moves, Commands]


# -- every module has its part where it has phases, actions or fields ------------------------


@pytest.mark.parametrize("ring", RINGS, ids=lambda ring: ring.__name__)
@pytest.mark.parametrize("module", [m for m in MODULES if has_something(m)],
                         ids=lambda m: m.id)
def test_a_module_with_phases_actions_or_fields_has_its_part(ring, module):
    part = ring.of(module.id)
    assert part.module == module.id, f"{module.id} has no part in {ring.package}"
    assert type(part).__module__ == f"{ring.package}.{module.id}"


@pytest.mark.parametrize("module", [m for m in MODULES if fields(m)], ids=lambda m: m.id)
def test_a_module_with_fields_of_the_records_has_its_part_written_out(module):
    assert Columns.of(module.id).module == module.id


def test_a_part_names_the_module_whose_file_it_is_in():
    for ring in (*RINGS, Columns):
        for part in ring.every():
            assert type(part).__module__ == f"{ring.package}.{part.module}"


def test_a_part_must_name_its_module_and_a_module_has_one_part_per_ring():
    with pytest.raises(TypeError, match="names its module"):
        type("Nameless", (narration.Sentences,), {})
    with pytest.raises(TypeError, match="has a part in this ring already"):
        type("Twice", (narration.Sentences,), {}, module="commander")


def test_a_module_without_a_part_in_a_ring_has_the_rings_defaults():
    from moderator.scripts import Blocks, Cast

    assert Blocks.of("trapper").module == ""
    assert Blocks.of("trapper").steps(Cast(deck={"trapper": 1}), True) == []


# -- every phase ---------------------------------------------------------------------------


def test_the_simulated_games_reach_every_phase_of_every_module():
    phases, _ = played()
    assert {phase for _, phase in module_phases()} <= phases.keys()


@pytest.mark.parametrize("module,phase", module_phases(), ids=lambda x: getattr(x, "id", x))
def test_every_phase_is_told_ruled_answered_asked_and_recorded(module, phase):
    game = played()[0][phase]
    assert STEP_MODULE[phase] == module.id
    for lang in LANGUAGES:
        said = narration.step_sentence(game, NAMES[:game.players], lang)
        assert said and "{" not in said, (phase, lang, said)
        lines: list[str] = []
        topics = Moments.of(module.id).step(game, NAMES[:game.players], Say(lang), lines, {})
        assert lines and topics, (phase, lang)
    assert overrides(Moves.of(module.id), "answers")
    assert Steps.of(module.id).step(game) is not None
    command = views.next_command(game)
    assert command is not None
    for lang in LANGUAGES:
        known = catalogue(lang)
        for key in (f"phase.{phase}", f"errors.turn.{phase}", f"command.{command[0]}"):
            assert key in known, (key, lang)
    assert STEPS[phase] in module.actions  # the action that answers it: its command below


# -- every action --------------------------------------------------------------------------


@pytest.mark.parametrize("module,action", module_actions(), ids=lambda x: getattr(x, "id", x))
def test_every_action_has_its_sentences(module, action):
    assert ACTION_MODULE[action] == module.id
    sentences = narration.Sentences.of(module.id)
    assert overrides(sentences, "log") and overrides(sentences, "result")
    for before, taken, after in played()[1].get(action, []):  # said, as the simulator took it
        for lang in LANGUAGES:
            names = NAMES[:before.players]
            assert "{" not in narration.describe_action(lang, names, taken)
            said = narration.result_lines(Told(after, taken, lang), lang)  # may be nothing
            assert all("{" not in text for text, _ in said)


def test_the_simulated_games_take_most_actions():
    """The sentences above are said of real actions, not only declared: all but the steps the
    simulated players never take on their own (the Blame, a switch declared before the cards)."""
    _, actions = played()
    never = {a for _, a in module_actions()} - actions.keys()
    assert {a.kind for a in never} <= {"blame", "switch"}


@cache
def cli_commands() -> dict[str, set[str]]:
    """Every command of the command line, with its subcommands (a group's)."""
    from moderator.cli.app import build

    app = build("en")
    found = {c.name: set() for c in app.registered_commands}
    for group in app.registered_groups:
        found[group.name] = {c.name for c in group.typer_instance.registered_commands}
    return found


def command_of(action: type[Action]) -> str | None:
    """The command that records an action: its kind (`rogue-claim`), or a group's (`plot
    draw`)."""
    commands = cli_commands()
    name = action.kind.replace("_", "-")
    if name in commands:
        return name
    group, _, sub = action.kind.partition("_")
    return f"{group} {sub}" if sub in commands.get(group, ()) else None


@pytest.mark.parametrize("module,action", module_actions(), ids=lambda x: getattr(x, "id", x))
def test_every_action_has_its_command(module, action):
    assert command_of(action) is not None, action.kind


def test_the_command_check_sees_a_missing_command():
    class Unheard(Action):
        kind = "unheard_of"

    assert command_of(Unheard) is None


# -- every field of the team and of the mission --------------------------------------------


@pytest.mark.parametrize("module,name", module_fields(), ids=lambda x: getattr(x, "id", x))
def test_every_field_is_said_asked_ruled_shown_answered_and_an_option(module, name):
    default = fields(module)[name]
    team = name in module.proposal_fields
    assert overrides(narration.Sentences.of(module.id), "field")
    for lang in LANGUAGES:
        said = narration.Sentences.of(module.id).field(name, 1, NAMES, lang)
        assert said and "{" not in said
        assert Steps.of(module.id).questions[name] in catalogue(lang)
    assert overrides(Moments.of(module.id), "team" if team else "cards")
    record = Proposal(1, 1, 0, (0, 1)) if team else Mission(1, (0, 1), 0, True)
    keys = Keys.of(module.id)
    assert name in (keys.proposal(record) if team else keys.mission(record))
    if not team:  # the simulated players play it: a card they count, or someone's choice
        moves = Moves.of(module.id)
        assert name in moves.cards if default == 0 else overrides(moves, "chooser")
    assert name in Commands.of(module.id).options  # its option of `propose` or `mission`

