"""What the table is told, in plain sentences of the game's language: what comes now, what the
action just recorded did, and each logged action in words.

The terminal (`ui/`), the command line, the rules lookup, the records and the table display all
say the same things in the same words, so the sentences live here, once, outside any one of
them. Nothing here prints or knows a terminal; it reads only what the whole table sees.

The base game's sentences are in this file; a module's are its part, `Sentences`, in its own
file of this package (`narration/hunter.py`), found by the module that owns the step or the
action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from moderator import codec
from moderator.i18n import listed, t
from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, tables
from moderator.rules.actions import Action, Sides, Vote
from moderator.rules.modules import ACTION_MODULE, STEP_MODULE, PlayMission, Propose
from moderator.rules.part import Part
from moderator.session import Session

SUCCESS, FAIL = "✔", "✘"
REJECTED, FREE = "●", "○"

Line = tuple[str, "str | None"]  # a text and its style
A = TypeVar("A", bound=Action)  # the module's actions


class Say(Protocol):
    def __call__(self, key: str, style: str | None = None, **params: object) -> None: ...


class Sentences(Part, Generic[A]):
    """A module's sentences: what comes now at its steps, its actions (`A`) in the log's words
    and what they just did, and its fields of the team and of the mission."""

    package = "moderator.narration"
    #: What the table is told of the module's inputs at the mission, by input name: an i18n
    #: key (with `sergeant` and `leader`).
    mission_now: ClassVar[Mapping[str, str]] = {}
    #: The module's players named with the team, as the result says them, by field name: an
    #: i18n key with the field's name as its parameter.
    named_with_team: ClassVar[Mapping[str, str]] = {}

    def now(self, game: Game, names: list[str], lang: str) -> str | None:
        """What comes now at one of the module's steps (the game's phase)."""
        return None

    def log(self, action: A, names: list[str], lang: str,
            before: Game | None = None) -> str | None:
        """One of the module's actions in the log's words; `before`, the game as it stood
        before the action where it is at hand, lets the line name who acted."""
        return None

    def result(self, session: Session, action: A, say: Say, lang: str) -> None:
        """What one of the module's actions just did (`session` is the game after it), said
        line by line by `say`, in `lang` (asked for, or the game's)."""

    def field(self, name: str, value: int, names: list[str], lang: str) -> str | None:
        """One of the module's fields of the team or of the mission in the log's words (said
        when it is not at its default: a seat or a count)."""
        return None


def of_step(phase: str) -> Sentences[Any] | None:
    """The sentences of the module whose step `phase` is (None for the base game's)."""
    module = STEP_MODULE.get(phase)
    return None if module is None else Sentences.of(module)


def of_action(action: Action) -> Sentences[Any] | None:
    """The sentences of the module whose action this is (None for the base game's)."""
    module = ACTION_MODULE.get(type(action))
    return None if module is None else Sentences.of(module)


def who(names: list[str], seats: Iterable[int]) -> str:
    """Players by name in seat order, as status and export list a team; a dash for nobody."""
    return ", ".join(names[s] for s in sorted(seats)) or "—"


# -- what comes now -----------------------------------------------------------------------


def describe_now(session: Session, lang: str) -> str:
    game, names = session.game, session.names
    if game.phase == GAME_OVER:
        return outcome(game, lang)
    said = step_sentence(game, names, lang)
    if said is not None:
        return said
    leader = names[game.seat]
    if game.phase == PROPOSAL:
        if game.mission is None:
            text = t(lang, "now.proposal_targeting", leader=leader,
                     missions=", ".join(map(str, game.open_missions)))
        else:
            text = t(lang, "now.proposal", leader=leader, count=game.team_size,
                     mission=game.mission, attempt=game.attempt)
            if game.fails_needed == 2:
                text += " " + t(lang, "now.two_fails")
        if investigator_due(game):
            text += " " + t(lang, "now.investigator_token", leader=leader)
        if "fifth_proposal" in game.warnings():
            text += " " + t(lang, "now.last_attempt")
        return text
    team = listed(lang, (names[s] for s in game.proposals[-1].team))
    if game.phase == VOTE:
        text = t(lang, "now.vote", team=team)
        if game.sergeant is not None:
            text += " " + t(lang, "now.sergeant_named", sergeant=names[game.sergeant])
        if game.opinion_makers:
            text += " " + opinion_first(game, names, lang)
        if "fifth_proposal" in game.warnings():
            text += " " + t(lang, "now.last_attempt")
        return text
    asked = mission_options(game)
    key = "now.mission_rogue" if "rogue_success" in asked else "now.mission"
    text = t(lang, key, team=team, mission=game.mission)
    if game.watch is not None:
        text += " " + t(lang, "now.watch_held", holder=names[game.watch])
    for name in asked:  # what the host reports besides the Fail cards, in the table's order
        sergeant = names[game.sergeant] if game.sergeant is not None else ""
        told = Sentences.of(Game.CARD_FIELDS[name][0]).mission_now.get(name)
        if told is not None:
            text += " " + t(lang, told, sergeant=sergeant, leader=leader)
    if game.fails_needed == 2:
        text += " " + t(lang, "now.two_fails")
    return text


def step_sentence(game: Game, names: list[str], lang: str) -> str | None:
    """What comes now at a module's step, from the module's sentences (None at the base
    game's steps)."""
    sentences = of_step(game.phase)
    return None if sentences is None else sentences.now(game, names, lang)


def opinion_first(game: Game, names: list[str], lang: str) -> str:
    """Who votes first with Opinion Maker: one holder alone, or two together (rules.md
    §3.4)."""
    first = game.opinion_makers
    return t(lang, "now.opinion_first", count=len(first),
             names=listed(lang, (names[s] for s in first)))


def outcome(game: Game, lang: str) -> str:
    """Who won, fully or partly, and why."""
    won = ", ".join(t(lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    return t(lang, "now.game_over", winner=won, reason=t(lang, f"reason.{game.reason}"))


def investigator_due(game: Game) -> bool:
    """Does the leader have to give the Investigator token with this team? The engine's
    team step says so (rules.md §6.1)."""
    asked = {i.name: i for i in game.inputs()} if game.phase == PROPOSAL else {}
    return "investigator" in asked and None not in asked["investigator"].choices


def mission_options(game: Game) -> tuple[str, ...]:
    """What the host reports of this mission besides the Fail cards (its fields), in the
    engine's order; only what has more than one possible value."""
    if game.phase != MISSION:
        return ()
    return tuple(i.name for i in game.inputs() if i.name != "fails" and len(i.choices) > 1)


# -- what the action just recorded did ----------------------------------------------------


def result_lines(session: Session, lang: str) -> list[Line]:
    """The result of the newest action of the log, line by line."""
    said: list[Line] = []

    def say(key: str, style: str | None = None, **params: object) -> None:
        said.append((t(lang, key, **params), style))

    action = session.last_action
    sentences = of_action(action)
    if sentences is not None:
        sentences.result(session, action, say, lang)
    elif isinstance(action, Propose):
        _proposed(session, say, lang)
    elif isinstance(action, Vote):
        _voted(session, say)
    elif isinstance(action, PlayMission):
        _played(session, say)
    # the sides entered after a game (`Sides`) are said by `moderator roles` itself
    return said


def _proposed(session: Session, say: Say, lang: str) -> None:
    game, names = session.game, session.names
    p = game.proposals[-1]
    say("result.proposed", "bold", leader=names[p.leader],
        team=listed(lang, (names[s] for s in p.team)), mission=p.mission, attempt=p.attempt)
    for name, (module, _, _) in Game.PROPOSAL_FIELDS.items():  # in the record's order
        seat = getattr(p, name)
        key = Sentences.of(module).named_with_team.get(name)
        if key is not None and seat is not None:
            say(key, **{name: names[seat]})


def _voted(session: Session, say: Say) -> None:
    game, names = session.game, session.names
    p = game.proposals[-1]
    approvals = p.approvals or frozenset()  # voted: never None here
    approve = sorted(approvals)
    reject = sorted(set(range(game.players)) - approvals)
    key = "result.approved" if p.approved else "result.rejected"
    say(key, "bold blue" if p.approved else "bold red", yes=len(approve), no=len(reject))
    say("result.approve_list", names=", ".join(names[s] for s in approve) or "—")
    say("result.reject_list", names=", ".join(names[s] for s in reject) or "—")
    if p.approved or game.winner is not None:
        return
    track = REJECTED * game.rejections + FREE * (
        tables.MAX_REJECTIONS - game.rejections)
    say("play.track", track=track, count=game.rejections, limit=tables.MAX_REJECTIONS,
        leader=names[game.seat])
    if "fifth_proposal" in game.warnings():
        say("status.last_chance", "bold yellow")


def _played(session: Session, say: Say) -> None:
    game, names = session.game, session.names
    m = game.missions[-1]
    if m.switched is not None:
        assert m.sergeant is not None  # only the Sergeant's team switches
        say("result.switched", sergeant=names[m.sergeant], switched=names[m.switched])
    if m.trapped is not None:
        say("result.trapped", trapped=names[m.trapped])
    key = "result.mission_success" if m.succeeded else "result.mission_fail"
    say(key, "bold blue" if m.succeeded else "bold red", mission=m.mission,
        count=m.fails + m.chief_fail)
    if m.chief_fail:
        say("result.chief_fail", count=m.chief_fail)
    if m.rogue_success:  # a Success card like any other: it cannot outweigh a Fail card
        say("result.rogue_success" if m.succeeded else "result.rogue_success_failed",
            count=m.rogue_success)
    if m.reverse:
        say("result.reversed", count=m.reverse)
    elif m.succeeded and m.fails:
        say("result.two_fails_held")
    say("result.score", resistance=game.successes, spies=game.failures)


# -- the log in words --------------------------------------------------------------------


def describe_action(lang: str, names: list[str], action: Action,
                    before: Game | None = None) -> str:
    """One action in words (`moderator log`, "taken back: …" after an undo); `before`, the
    game as it stood before the action, lets a line name who acted."""
    sentences = of_action(action)
    if sentences is not None:
        said = sentences.log(action, names, lang, before)
        assert said is not None, action  # every module says its actions (tests/architecture)
        return said
    if isinstance(action, Propose):
        return _propose_log(lang, names, action)
    if isinstance(action, Vote):
        return _vote_log(lang, names, action)
    if isinstance(action, PlayMission):
        return _mission_log(lang, names, action)
    assert isinstance(action, Sides), action
    return t(lang, "records.event.sides", spies=who(names, action.spies))  # `moderator roles`


def describe_line(lang: str, names: list[str], line: Mapping[str, Any],
                  before: Game | None = None) -> str:
    """A game file's line in words; a line this version does not know (a newer module's,
    in an imported game) by its kind."""
    try:
        action = codec.decode(line)
    except (KeyError, TypeError, ValueError):
        return str(line.get("type"))
    return describe_action(lang, names, action, before)


def where(lang: str, names: list[str], before: Game, action: Action) -> str:
    """Where in the game a logged action came (its mission, attempt and leader), as
    `moderator log` shows it before the action; nothing between missions (module steps)."""
    mission = before.mission or (action.mission if isinstance(action, Propose) else None)
    if before.leader is None or not mission:  # under Targeting: the proposal's mission
        return ""
    return t(lang, "log.where", mission=mission, attempt=before.attempt,
             leader=names[before.leader])


def logged(lang: str, names: list[str], action: Action, before: Game | None = None) -> str:
    """A logged action in words after `where` (which names its mission already); `before`,
    the game as the action found it, lets it name who acted."""
    if isinstance(action, Propose) and action.mission is not None:
        action = Propose(action.team, None, action.sergeant, action.investigator)
    return describe_action(lang, names, action, before)


def _fields(lang: str, names: list[str], action: Action,
            owners: Mapping[str, tuple[str, str, Any]]) -> list[str]:
    """The modules' fields of a team or a mission in the log's words, where not at their
    default."""
    said = []
    for name, default in action.fields:
        value = getattr(action, name)
        if name in owners and value != default:
            clause = Sentences.of(owners[name][0]).field(name, value, names, lang)
            if clause is not None:
                said.append(clause)
    return said


def _propose_log(lang: str, names: list[str], action: Propose) -> str:
    text = t(lang, "log.propose", team=who(names, action.team))
    if action.mission:
        text += " " + t(lang, "log.for_mission", mission=action.mission)
    return "; ".join([text, *_fields(lang, names, action, Game.PROPOSAL_FIELDS)])


def _vote_log(lang: str, names: list[str], action: Vote) -> str:
    reject = [s for s in range(len(names)) if s not in action.approve]
    return t(lang, "log.vote", yes=len(action.approve), no=len(reject),
             approve=who(names, action.approve), reject=who(names, reject))


def _mission_log(lang: str, names: list[str], action: PlayMission) -> str:
    return "; ".join([t(lang, "log.mission", count=action.fails),
                      *_fields(lang, names, action, Game.CARD_FIELDS)])
