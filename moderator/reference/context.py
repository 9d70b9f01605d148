"""What the rules say about the moment a game is in: the ruling for "what now?".

It reads only what the whole table sees (the engine knows no roles), so it can never give a
hidden role away. Module steps appear only for the modules in the game: each module's part,
`Moments`, is in its own file of `reference/moments/` (`moments/hunter.py`), loaded when the
ruling is asked, so that a question does not load it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, NamedTuple

from moderator import i18n
from moderator.codec import number, numbers
from moderator.reference.topics import TOPICS
from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, Input, tables
from moderator.rules.deals import FAILS
from moderator.rules.house_rules import defaults
from moderator.rules.modules import STEP_MODULE
from moderator.rules.part import Part

#: The numbers behind a ruling's sentences, for --json.
Facts = dict[str, object]


class Moments(Part):
    """A module's part of the ruling: the ruling at its own steps, what it adds at every step
    while it is in play, at the team and at the mission, and what it reminds the table of.
    Each ruling adds its sentences to `lines` (and its numbers to `facts`) and returns the
    topics to read more."""

    package = "moderator.reference.moments"
    #: The mission's sentence when the team holds the module's card besides Success and
    #: Fail, by input name: a key of `reference.now`.
    hand: ClassVar[Mapping[str, str]] = {}

    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        """The ruling at one of the module's steps (the game's phase)."""
        return []

    def every_step(self, game: Game, names: list[str], say: Say, lines: list[str],
                   facts: Facts) -> list[str]:
        """What the module adds at every step while it is in play (the Plot cards that may
        be used now)."""
        return []

    def team(self, game: Game, names: list[str], say: Say, lines: list[str],
             asked: Input) -> list[str]:
        """One of the module's inputs at the team (what the leader names besides it)."""
        return []

    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        """One of the module's inputs at the mission (what the host reports besides the Fail
        cards), when it has more than one possible value."""
        return []

    def reminders(self, game: Game, names: list[str], lang: str) -> list[str]:
        """What the module reminds the table of after an action has been told (the Plot
        cards held whose moment has come)."""
        return []


class Now(NamedTuple):
    """The rules that apply in this phase, as sentences, and the topics to read more."""

    phase: str
    lines: tuple[str, ...]
    topics: tuple[tuple[str, str], ...]  # (topic id, title)
    facts: Facts  # the numbers behind the sentences, for --json


def now(game: Game, names: list[str], lang: str) -> Now:
    """The ruling for the game as it stands."""
    say = Say(lang)
    lines = [say("phase", phase=i18n.t(lang, f"phase.{game.phase}"),
                 resistance=game.successes, spies=game.failures)]
    facts: Facts = {"phase": game.phase}
    module = STEP_MODULE.get(game.phase)
    if module is not None:
        topics = Moments.of(module).step(game, names, say, lines, facts)
    else:
        topics = _BASE[game.phase](game, names, say, lines, facts)
    for part in Moments.in_play(game.modules):
        topics += part.every_step(game, names, say, lines, facts)
    lines += _house_rules(game, lang)
    return Now(
        phase=game.phase,
        lines=tuple(lines),
        topics=tuple((t, i18n.t(lang, f"topics.{t}.title")) for t in dict.fromkeys(topics)),
        facts=facts,
    )


def reminders(game: Game, names: list[str], lang: str) -> list[str]:
    """What the modules in play remind the table of now, in the order of the modules."""
    return [line for part in Moments.in_play(game.modules)
            for line in part.reminders(game, names, lang)]


def _owner(name: str) -> Moments:
    """The part of the module whose input of the team or the mission `name` is."""
    return Moments.of((Game.PROPOSAL_FIELDS.get(name) or Game.CARD_FIELDS[name])[0])


def _proposal(game: Game, names: list[str], say: Say, lines: list[str],
              facts: Facts) -> list[str]:
    leader, following = names[game.seat], names[game.next_leaders[0]]
    facts.update(leader=number(game.seat), attempt=game.attempt, vote_track=game.rejections,
                 last_attempt="fifth_proposal" in game.warnings())
    if game.targeting:
        facts["open_missions"] = open_missions = [
            {"mission": m, "team_size": game.team_size_for(m),
             "fails_needed": tables.fails_needed(game.players, m)}
            for m in game.open_missions
        ]
        lines.append(say("leader_targeting", leader=leader, attempt=game.attempt,
                         following=following))
        lines.append(say("open_missions", missions=", ".join(
            say("open_mission_two" if m["fails_needed"] == 2 else "open_mission",
                mission=m["mission"], size=m["team_size"])
            for m in open_missions
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
        if asked.name in Game.PROPOSAL_FIELDS:
            topics += _owner(asked.name).team(game, names, say, lines, asked)
    lines.append(say("track", count=game.rejections, limit=tables.MAX_REJECTIONS))
    if "fifth_proposal" in game.warnings():
        lines.append(say("fifth"))
    lines += _stakes(game, say)
    return topics + ["five-rejections"]


def _vote(game: Game, names: list[str], say: Say, lines: list[str], facts: Facts) -> list[str]:
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


def _mission(game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
    team = game.proposals[-1].team
    facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team),
                 fails_needed=game.fails_needed)
    inputs = game.inputs()
    modules = [asked for asked in inputs if asked.name in Game.CARD_FIELDS]
    hand = next((key for asked in modules
                 if (key := _owner(asked.name).hand.get(asked.name)) is not None), "mission")
    lines.append(say(hand, team=", ".join(names[s] for s in game.proposals[-1].team),
                     mission=game.mission))
    topics = ["mission-cards", "mission-result"]
    for asked in modules:  # what the host reports of this mission, in the table's order
        if len(asked.choices) > 1:
            topics += _owner(asked.name).cards(game, names, say, lines, asked)
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

    said = narration.step_sentence(game, names, lang)
    assert said is not None  # asked at a module's step, which has its sentence
    return said


def _game_over(game: Game, names: list[str], say: Say, lines: list[str],
               facts: Facts) -> list[str]:
    won = ", ".join(i18n.t(say.lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    lines += [say("over", winner=won, reason=i18n.t(say.lang, f"reason.{game.reason}")),
              say("over_undo")]
    return ["game-end"]


def _stakes(game: Game, say: Say) -> list[str]:
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


def _fails(game: Game, say: Say) -> str:
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


#: The ruling at each of the base game's steps.
_BASE = {PROPOSAL: _proposal, VOTE: _vote, MISSION: _mission, GAME_OVER: _game_over}
