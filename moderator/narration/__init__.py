"""What the table is told, in plain sentences of the game's language: what comes now, what the
action just recorded did, and each logged action in words.

The terminal (`ui/`), the command line, the rules lookup, the records and the table display all
say the same things in the same words, so the sentences live here, once, outside any one of
them. Nothing here prints or knows a terminal; it reads only what the whole table sees.

The sentences of an action are found by its type, those of a step by its phase, in the
registries below: the base game fills them in this file, each module in its own file of this
package (`narration/hunter.py`), loaded with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from moderator import codec
from moderator.i18n import listed, t
from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, tables
from moderator.rules.actions import Action, Sides, Vote
from moderator.rules.modules import PlayMission, Propose, import_slices
from moderator.session import Session

SUCCESS, FAIL = "✔", "✘"
REJECTED, FREE = "●", "○"

Line = tuple[str, "str | None"]  # a text and its style
A = TypeVar("A", bound=Action)
F = TypeVar("F", bound=Callable[..., Any])


class Say(Protocol):
    def __call__(self, key: str, style: str | None = None, **params: object) -> None: ...


#: What comes now at a module's step, by phase: (game, names, lang) -> sentence.
NOW: dict[str, Callable[[Game, list[str], str], str]] = {}
#: Each action in the log's words, by type: (lang, names, action) -> line.
LOG: dict[type[Action], Callable[[str, list[str], Any], str]] = {}
#: The log's words for an action that names who acts from the game before it (the holder of
#: the Inquisitor token), by type: (lang, names, action, before) -> line; where that game is
#: not at hand, LOG's line is said.
LOG_AT: dict[type[Action], Callable[[str, list[str], Any, Game], str]] = {}
#: What an action just did, by type: (session, action, say).
RESULT: dict[type[Action], Callable[[Session, Any, Say], None]] = {}
#: A module's field of the team or of the mission in the log's words, by field name:
#: (lang, names, value) -> clause; shown when the field is not at its default.
FIELD_LOG: dict[str, Callable[[str, list[str], Any], str]] = {}
#: What the table is told of a module's input at the mission, by field name: an i18n key
#: (with `sergeant` and `leader`).
MISSION_NOW: dict[str, str] = {}


def now(phase: str) -> Callable[[F], F]:
    def register(said: F) -> F:
        NOW[phase] = said
        return said
    return register


def log_line(kind: type[A]) -> Callable[[F], F]:
    def register(said: F) -> F:
        LOG[kind] = said
        return said
    return register


def log_line_at(kind: type[A]) -> Callable[[F], F]:
    def register(said: F) -> F:
        LOG_AT[kind] = said
        return said
    return register


def result(kind: type[A]) -> Callable[[F], F]:
    def register(said: F) -> F:
        RESULT[kind] = said
        return said
    return register


def field_log(name: str) -> Callable[[F], F]:
    def register(said: F) -> F:
        FIELD_LOG[name] = said
        return said
    return register


def who(names: list[str], seats: Iterable[int]) -> str:
    """Players by name in seat order, as status and export list a team; a dash for nobody."""
    return ", ".join(names[s] for s in sorted(seats)) or "—"


# -- what comes now -----------------------------------------------------------------------


def describe_now(session: Session, lang: str) -> str:
    game, names = session.game, session.names
    if game.phase == GAME_OVER:
        return outcome(game, lang)
    step = NOW.get(game.phase)
    if step is not None:
        return step(game, names, lang)
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
        if name in MISSION_NOW:
            text += " " + t(lang, MISSION_NOW[name], sergeant=sergeant, leader=leader)
    if game.fails_needed == 2:
        text += " " + t(lang, "now.two_fails")
    return text


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
    RESULT[type(action)](session, action, say)
    return said


@result(Propose)
def _proposed(session: Session, action: Propose, say: Say) -> None:
    game, names, lang = session.game, session.names, session.lang
    p = game.proposals[-1]
    say("result.proposed", "bold", leader=names[p.leader],
        team=listed(lang, (names[s] for s in p.team)), mission=p.mission, attempt=p.attempt)
    for name, value in zip(p._fields, p, strict=True):
        if name in PROPOSAL_RESULT and value is not None:
            say(PROPOSAL_RESULT[name], **{name: names[value]})  # type: ignore[index]  # a seat


@result(Sides)
def _sides(session: Session, action: Sides, say: Say) -> None:
    """Said by `moderator roles` itself."""


@result(Vote)
def _vote(session: Session, action: Vote, say: Say) -> None:
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


@result(PlayMission)
def _mission(session: Session, action: PlayMission, say: Say) -> None:
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
    said = LOG_AT.get(type(action))
    if said is not None and before is not None:
        return said(lang, names, action, before)
    return LOG[type(action)](lang, names, action)


def describe_line(lang: str, names: list[str], line: Mapping[str, Any],
                  before: Game | None = None) -> str:
    """A game file's line in words; a line this version does not know (a newer module's,
    in an imported game) by its kind."""
    try:
        action = codec.decode(line)
    except (KeyError, TypeError, ValueError):
        return str(line.get("type"))
    return describe_action(lang, names, action, before)


def where(lang: str, names: list[str], before: Game, line: Mapping[str, Any]) -> str:
    """Where in the game a logged action came (its mission, attempt and leader), as
    `moderator log` shows it before the action; nothing between missions (module steps)."""
    mission = before.mission or line.get("mission")  # under Targeting: the proposal's
    if before.leader is None or not mission:
        return ""
    return t(lang, "log.where", mission=mission, attempt=before.attempt,
             leader=names[before.leader])


def logged(lang: str, names: list[str], line: Mapping[str, Any],
           before: Game | None = None) -> str:
    """A logged action in words after `where` (which names its mission already); `before`,
    the game as the action found it, lets it name who acted."""
    return describe_line(lang, names, {**line, "mission": None}, before)


def _fields(lang: str, names: list[str], action: Action, skip: str) -> list[str]:
    """The modules' fields of a team or a mission in the log's words."""
    return [FIELD_LOG[name](lang, names, getattr(action, name))
            for name, default in action.fields
            if name != skip and name in FIELD_LOG and getattr(action, name) != default]


@log_line(Propose)
def _propose_log(lang: str, names: list[str], action: Propose) -> str:
    text = t(lang, "log.propose", team=who(names, action.team))
    if action.mission:
        text += " " + t(lang, "log.for_mission", mission=action.mission)
    return "; ".join([text, *_fields(lang, names, action, "mission")])


@log_line(Vote)
def _vote_log(lang: str, names: list[str], action: Vote) -> str:
    reject = [s for s in range(len(names)) if s not in action.approve]
    return t(lang, "log.vote", yes=len(action.approve), no=len(reject),
             approve=who(names, action.approve), reject=who(names, reject))


@log_line(PlayMission)
def _mission_log(lang: str, names: list[str], action: PlayMission) -> str:
    return "; ".join([t(lang, "log.mission", count=action.fails),
                      *_fields(lang, names, action, "fails")])


@log_line(Sides)
def _sides_log(lang: str, names: list[str], action: Sides) -> str:
    """`moderator roles`, after the game."""
    return t(lang, "records.event.sides", spies=who(names, action.spies))


#: A module's named player at the team, as the result says it, by field name (an i18n key
#: with the field's name as its parameter).
PROPOSAL_RESULT: dict[str, str] = {}

# Every module's sentences, in the table's order of asking (rules/modules/__init__.py).
import_slices(__name__)  # each module's file here, if it has one
