"""What the rules say about the moment a game is in: the ruling for "what now?".

It reads only what the whole table sees (the engine knows no roles), so it can never give a
hidden role away. Module steps appear only for the modules in the game: each module's part is
in its own file of `reference/moments/` (`moments/hunter.py`), which fills the registries
below; they are loaded when the ruling is asked, so that a question does not load them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from moderator import i18n
from moderator.codec import number, numbers
from moderator.reference.topics import TOPICS
from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, Input, tables
from moderator.rules.deals import FAILS
from moderator.rules.house_rules import defaults
from moderator.rules.modules import MODULES, import_slices, part

#: A step's ruling: it adds its sentences to `lines` and its numbers to `facts`, and returns
#: the topics to read more.
Step = Callable[[Game, list[str], "Say", list[str], dict], list[str]]
#: A module's input at the team or the mission step, the same way, given what the engine asks.
Asked = Callable[[Game, list[str], "Say", list[str], Input], list[str]]

#: Each module's own steps, by phase.
STEPS: dict[str, Step] = {}
#: What a module adds at every step while it is in play (the Plot cards that may be used),
#: by module id.
EVERY_STEP: dict[str, Step] = {}
#: What the leader names besides the team (the Sergeant, the Investigator token), by input.
TEAM: dict[str, Asked] = {}
#: What the host reports of the mission besides the Fail cards, by input.
CARDS: dict[str, Asked] = {}
#: The mission's sentence when the team holds a module's card besides Success and Fail, by
#: input: a key of `reference.now`.
HAND: dict[str, str] = {}
#: What a module in play reminds the table of after an action has been told, by module id:
#: (game, names, lang) -> sentences (the Plot cards held whose moment has come).
REMINDERS: dict[str, Callable[[Game, list[str], str], list[str]]] = {}


class Now(NamedTuple):
    """The rules that apply in this phase, as sentences, and the topics to read more."""

    phase: str
    lines: tuple[str, ...]
    topics: tuple[tuple[str, str], ...]  # (topic id, title)
    facts: dict  # the numbers behind the sentences, for --json


def now(game: Game, names: list[str], lang: str) -> Now:
    """The ruling for the game as it stands."""
    import_slices("moderator.reference.moments")  # each module's part, once asked
    say = Say(lang)
    lines = [say("phase", phase=i18n.t(lang, f"phase.{game.phase}"),
                 resistance=game.successes, spies=game.failures)]
    facts: dict = {"phase": game.phase}
    step = STEPS.get(game.phase)
    topics = step(game, names, say, lines, facts) if step else []
    for module in MODULES:
        if module.id in game.modules and module.id in EVERY_STEP:
            topics += EVERY_STEP[module.id](game, names, say, lines, facts)
    lines += _house_rules(game, lang)
    return Now(
        phase=game.phase,
        lines=tuple(lines),
        topics=tuple((t, i18n.t(lang, f"topics.{t}.title")) for t in dict.fromkeys(topics)),
        facts=facts,
    )


def reminders(game: Game, names: list[str], lang: str) -> list[str]:
    """What the modules in play remind the table of now, in MODULES order."""
    import_slices("moderator.reference.moments")
    return [line for module in MODULES
            if module.id in game.modules and module.id in REMINDERS
            for line in REMINDERS[module.id](game, names, lang)]


@part(STEPS, PROPOSAL)
def _proposal(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    leader, following = names[game.seat], names[game.next_leaders[0]]
    facts.update(leader=number(game.seat), attempt=game.attempt, vote_track=game.rejections,
                 last_attempt="fifth_proposal" in game.warnings())
    if game.targeting:
        facts["open_missions"] = [
            {"mission": m, "team_size": game.team_size_for(m),
             "fails_needed": tables.fails_needed(game.players, m)}
            for m in game.open_missions
        ]
        lines.append(say("leader_targeting", leader=leader, attempt=game.attempt,
                         following=following))
        lines.append(say("open_missions", missions=", ".join(
            say("open_mission_two" if m["fails_needed"] == 2 else "open_mission",
                mission=m["mission"], size=m["team_size"])
            for m in facts["open_missions"]
        )))
        if tables.MISSIONS not in game.open_missions and game.successes < 2:
            lines.append(say("five_locked"))
        topics = ["targeting", "team-building"]
    else:
        facts.update(mission=game.mission, team_size=game.team_size,
                     fails_needed=game.fails_needed)
        lines.append(say("leader", leader=leader, mission=game.mission, attempt=game.attempt,
                         following=following))
        lines.append(say("team_size", count=game.team_size, leader=leader))
        lines.append(_fails(game, say))
        topics = ["team-building", "leader-on-team", "team-size"]
        if game.fails_needed == 2:
            topics.append("two-fails")
    for asked in game.inputs():  # what the leader names besides the team, in the table's order
        if asked.name in TEAM:
            topics += TEAM[asked.name](game, names, say, lines, asked)
    lines.append(say("track", count=game.rejections, limit=tables.MAX_REJECTIONS))
    if "fifth_proposal" in game.warnings():
        lines.append(say("fifth"))
    lines += _stakes(game, say)
    return topics + ["five-rejections"]


@part(STEPS, VOTE)
def _vote(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    needed = game.players // 2 + 1
    facts.update(leader=number(game.seat), mission=game.mission, attempt=game.attempt,
                 team=numbers(game.proposals[-1].team), approvals_needed=needed,
                 vote_track=game.rejections,
                 last_attempt="fifth_proposal" in game.warnings())
    lines.append(say("vote", team=", ".join(names[s] for s in game.proposals[-1].team),
                     leader=names[game.seat]))
    key = "majority_even" if game.players % 2 == 0 else "majority_odd"
    lines.append(say(key, players=game.players, needed=needed, half=game.players // 2))
    if "fifth_proposal" in game.warnings():
        lines.append(say("fifth"))
    else:
        lines.append(say("if_rejected", following=names[game.next_leaders[0]],
                         count=game.rejections + 1, limit=tables.MAX_REJECTIONS))
    return ["vote", "tie", "five-rejections"]


@part(STEPS, MISSION)
def _mission(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    team = game.proposals[-1].team
    facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team),
                 fails_needed=game.fails_needed)
    inputs = game.inputs()
    hand = next((HAND[asked.name] for asked in inputs if asked.name in HAND), "mission")
    lines.append(say(hand, team=", ".join(names[s] for s in game.proposals[-1].team),
                     mission=game.mission))
    topics = ["mission-cards", "mission-result"]
    for asked in inputs:  # what the host reports of this mission, in the table's order
        if asked.name in CARDS and len(asked.choices) > 1:
            topics += CARDS[asked.name](game, names, say, lines, asked)
    lines.append(say("reveal"))
    lines.append(_fails(game, say))
    if inputs and inputs[0].name == FAILS:  # none asked before it (a trap, a switch)
        # what the record so far allows from this team: the engine's own limits (rules.md §1.5)
        allowed = inputs[0].choices
        facts["fails_allowed"] = list(allowed)
        lines.append(say("record_allows", count=len(allowed), least=allowed[0],
                         most=allowed[-1]))
    lines += _stakes(game, say)
    lines.append(say("after_mission", following=names[game.next_leaders[0]]))
    return topics + (["two-fails"] if game.fails_needed == 2 else [])


def narrated(game: Game, names: list[str], lang: str) -> str:
    """What narration says comes now at a module step: one sentence, asked of narration,
    imported only here so that a question (most of `moderator rules`) does not load it."""
    from moderator import narration

    return narration.NOW[game.phase](game, names, lang)


@part(STEPS, GAME_OVER)
def _game_over(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    won = ", ".join(i18n.t(say.lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    lines += [say("over", winner=won, reason=i18n.t(say.lang, f"reason.{game.reason}")),
              say("over_undo")]
    return ["game-end"]


def _stakes(game: Game, say) -> list[str]:
    """What a success or a failure of this mission decides, as the engine says (rules.md
    §1.6, §5.1, §6.1, §7): each module's step in order, until one that always comes, so every
    step after the first comes only if the one before did not."""
    return [say(f"stakes.{side}.{step}" + ("_otherwise" if k else ""))
            for side, steps in game.stakes() for k, step in enumerate(steps)]


class Say(NamedTuple):
    """The texts of `reference.now` in one language."""

    lang: str

    def __call__(self, key: str, **params: object) -> str:
        return i18n.t(self.lang, f"reference.now.{key}", **params)


def _fails(game: Game, say) -> str:
    if game.fails_needed == 2:
        return say("two_fails", mission=game.mission)
    return say("one_fail", mission=game.mission)


def _house_rules(game: Game, lang: str) -> list[str]:
    """The game's house rules that differ from the default, where their module is in play."""
    in_play = game.modules | game.variants
    return [
        i18n.t(lang, "reference.now.house_rule", title=i18n.t(lang, f"topics.{setting}.title"),
               value=i18n.t(lang, f"topics.{setting}.values.{value}"))
        for setting, value in game.settings.items()
        if TOPICS[setting].needs in in_play and value != defaults()[setting]
    ]
