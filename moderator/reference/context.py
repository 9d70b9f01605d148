"""What the rules say about the moment a game is in: the ruling for "what now?".

It reads only what the whole table sees (the engine knows no roles), so it can never give a
hidden role away. Module steps appear only for the modules in the game.
"""

from __future__ import annotations

from typing import NamedTuple

from moderator import i18n
from moderator.codec import number, numbers
from moderator.reference.topics import TOPICS
from moderator.rules import ASSASSINATION, GAME_OVER, MISSION, PROPOSAL, VOTE, Game, tables
from moderator.rules.flow import (
    ACCUSATION, EXAMINATION, INVESTIGATION, LOYALTY, PLOT_DRAW, PLOT_GIVE, ROGUE_CLAIM, WATCH,
)
from moderator.rules.house_rules import defaults
from moderator.rules.modules import hunter, plot


class Now(NamedTuple):
    """The rules that apply in this phase, as sentences, and the topics to read more."""

    phase: str
    lines: tuple[str, ...]
    topics: tuple[tuple[str, str], ...]  # (topic id, title)
    facts: dict  # the numbers behind the sentences, for --json


def now(game: Game, names: list[str], lang: str) -> Now:
    """The ruling for the game as it stands."""
    say = _Say(lang)
    lines = [say("phase", phase=i18n.t(lang, f"phase.{game.phase}"),
                 resistance=game.successes, spies=game.failures)]
    facts: dict = {"phase": game.phase}
    step = _STEPS.get(game.phase)
    topics = step(game, names, say, lines, facts) if step else []
    if game.plot is not None:
        topics += _plot_cards(game, names, say, lines, facts)
    lines += _house_rules(game, lang)
    return Now(
        phase=game.phase,
        lines=tuple(lines),
        topics=tuple((t, i18n.t(lang, f"topics.{t}.title")) for t in dict.fromkeys(topics)),
        facts=facts,
    )


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
    asked = {i.name: i for i in game.inputs()}
    if "sergeant" in asked:
        lines.append(say("sergeant_needed", leader=leader))
        topics.append("sergeant")
    if "investigator" in asked and None not in asked["investigator"].choices:
        lines.append(i18n.t(say.lang, "now.investigator_token", leader=leader))
        topics.append("hunter")
    lines.append(say("track", count=game.rejections, limit=tables.MAX_REJECTIONS))
    if "fifth_proposal" in game.warnings():
        lines.append(say("fifth"))
    lines += _stakes(game, say)
    return topics + ["five-rejections"]


def _plot_draw(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    facts.update(leader=number(game.seat), plot_draws=game.plot_draws)
    lines.append(say("plot_draw", leader=names[game.seat], count=game.plot_draws))
    if game.settings["plot-hand-out"] == "different-players":
        lines.append(say("plot_different"))
    return ["plot-draw", "strong-leader"]


def _plot_give(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    facts.update(leader=number(game.seat), drawn=list(plot.state(game).drawn))
    if plot.state(game).drawn:
        cards = ", ".join(i18n.t(say.lang, f"plot_card.{card}") for card in plot.state(game).drawn)
        lines.append(say("plot_give", leader=names[game.seat], cards=cards))
        if game.settings["plot-hand-out"] == "different-players":
            lines.append(say("plot_different"))
    return ["plot-draw", "plot-timing"]


def _plot_cards(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    """Who must or may use a Plot card right now, and who votes first (rules.md §3.3)."""
    usable = game.usable()
    facts["plot_usable"] = [{"card": c.card, "holder": number(c.holder)} for c in usable]
    lines += [i18n.t(say.lang, reminder_key(game, c), holder=names[c.holder]) for c in usable]
    cards = [c.card for c in usable]
    if game.phase == VOTE and game.opinion_makers:
        from moderator.narration import opinion_first

        lines.append(opinion_first(game, names, say.lang))
        cards.append("opinion_maker")
    return list(dict.fromkeys(card.replace("_", "-") for card in cards))


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


def _watch(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    team = game.proposals[-1].team
    facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team))
    lines.append(say("watch", team=", ".join(names[s] for s in game.proposals[-1].team),
                     leader=names[game.seat]))
    return ["watch-token", "rogue"]


def _mission(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    team = game.proposals[-1].team
    facts.update(leader=number(game.seat), mission=game.mission, team=numbers(team),
                 fails_needed=game.fails_needed)
    inputs = game.inputs()
    three = any(asked.name == "rogue_success" for asked in inputs)  # Rogue module (§7)
    lines.append(say("mission_rogue" if three else "mission",
                     team=", ".join(names[s] for s in game.proposals[-1].team),
                     mission=game.mission))
    topics = ["mission-cards", "mission-result"]
    for asked in inputs:  # what the host reports of this mission, in the table's order
        if asked.name == "fails" or len(asked.choices) < 2:
            continue
        line, topic = MISSION_STEPS[asked.name]
        params = {"leader": names[game.seat],
                  "sergeant": names[game.sergeant] if game.sergeant is not None else ""}
        lines.append(i18n.t(say.lang, line, **params))
        if asked.name == "rogue_success" and game.watch is not None:
            lines.append(say("watch_held", holder=names[game.watch]))
        topics.append(topic)
    lines.append(say("reveal"))
    lines.append(_fails(game, say))
    lines += _stakes(game, say)
    lines.append(say("after_mission", following=names[game.next_leaders[0]]))
    return topics + (["two-fails"] if game.fails_needed == 2 else [])


def _narrated(game: Game, names, lang: str) -> str:
    """What narration says comes now at a module step: one sentence, asked of narration,
    imported only here so that a question (most of `moderator rules`) does not load it."""
    from moderator import narration

    return narration.NOW[game.phase](game, names, lang)


def _loyalty(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    """Defector module: the round opens with a Loyalty card (rules.md §5.2)."""
    facts.update(round=game.round, loyalty=list(game.loyalty))
    lines.append(_narrated(game, names, say.lang))
    return ["defector"]


def _examination(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    """Inquisitor module: the token holder examines someone new (rules.md §2.3)."""
    facts.update(inquisitor=number(game.inquisitors[-1]), held=numbers(game.inquisitors))
    lines.append(_narrated(game, names, say.lang))
    return ["inquisitor"]


def _investigation(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    """Hunter module: who investigates after this mission (rules.md §6.1)."""
    facts["investigator"] = number(hunter.investigator_now(game))
    lines.append(_narrated(game, names, say.lang))
    return ["hunter", "chief"]


def _accusation(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    """Hunter module: whose Hunter accuses, and what it decides (rules.md §6.1)."""
    facts.update(accuser=hunter.state(game).accuser, early=hunter.state(game).early)
    lines.append(_narrated(game, names, say.lang))
    return ["accusation", "hunter"]


def _rogue_claim(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    lines.append(say("rogue_claim"))
    return ["spy-rogue"]


def _assassination(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    lines += [say("assassination"), say("assassination_result")]
    return ["assassin", "commander"]


def _game_over(game: Game, names, say, lines: list, facts: dict) -> list[str]:
    won = ", ".join(i18n.t(say.lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    lines += [say("over", winner=won, reason=i18n.t(say.lang, f"reason.{game.reason}")),
              say("over_undo")]
    return ["game-end"]


#: The sentence and the topic of each module's input at the mission step.
MISSION_STEPS = {
    "trapped": ("now.trap", "trapper"),
    "switched": ("reference.now.sergeant_switch", "sergeant"),
    "chief_fail": ("now.chief_fail", "chief"),
    "rogue_success": ("reference.now.rogue_cards", "rogue"),
    "reverse": ("now.reverse", "reverser"),
}


def _stakes(game: Game, say) -> list[str]:
    """What a success or a failure of this mission decides, as the engine says (rules.md
    §1.6, §5.1, §6.1, §7): each module's step in order, until one that always comes."""
    lines = []
    for side, steps in game.stakes():
        conditional = False
        for step in steps:
            lines.append(say(f"stakes.{side}.{step}" + ("_otherwise" if conditional else "")))
            conditional = step in ("rogue_success_wins", "rogue_claim")
    return lines


class _Say(NamedTuple):
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


_STEPS = {
    PLOT_DRAW: _plot_draw, PLOT_GIVE: _plot_give, PROPOSAL: _proposal, VOTE: _vote,
    WATCH: _watch, MISSION: _mission,
    ROGUE_CLAIM: _rogue_claim, ASSASSINATION: _assassination, GAME_OVER: _game_over,
    LOYALTY: _loyalty, EXAMINATION: _examination, INVESTIGATION: _investigation,
    ACCUSATION: _accusation,
}


def reminder_key(game: Game, card) -> str:
    """"… may use" for a held card whose moment has come; "… must" for a card that acts on
    receipt (a received Take Responsibility included, by default: rules.md §3.4); a No
    Confidence that would be the round's fifth rejection says the spies would win (§1.4)."""
    if card in plot.state(game).pending and card.card == "take_responsibility":
        return "plot_now.take_responsibility_received"
    if card.card == "no_confidence" and "no_confidence_ends_game" in game.warnings():
        return "plot_now.no_confidence_fifth"
    return f"plot_now.{card.card}"
