"""Hunter module (rules.md §6.1): the Investigator token and investigations, Chief Fail cards
at 7+, the Hunters' accusations at a third result and the spy Hunter's early one, and the
Deep Agent's Blame."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from moderator.rules import tables
from moderator.rules.actions import Action, Seat
from moderator.rules.deals import Holds, Play, Turn, holds_refusal, record_limit
from moderator.rules.errors import RuleError
from moderator.rules.flow import (
    BETWEEN, OUTSIDE, PROPOSAL, RESISTANCE, SPIES, VOTE, Input, Limit, ask, could_play, limit,
)
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Mission, Proposal


#: The Hunter's steps (rules.md §6.1): the Investigator looks at a player between missions;
#: a Hunter accuses, early between missions or after the third result.
INVESTIGATION, ACCUSATION = "investigation", "accusation"

#: From this many players on: Chief Fail cards and three kinds of Hunter Loyalty card.
CHIEF_FAIL_PLAYERS = 7

#: What the accused player's card shows when a Hunter accuses them.
CHIEF, NOT_CHIEF, COORDINATOR = "chief", "not-chief", "coordinator"

#: The Character cards whose holders the record can speak about (rules.md §6.1): the Chiefs
#: (Chief Fail cards, accusations), the Coordinator, the Deep Agent and the Pretender (Blame).
SPY_CHIEF, RESISTANCE_CHIEF, DEEP_AGENT, PRETENDER = (
    "spy-chief", "resistance-chief", "deep-agent", "pretender")


def spy_chiefs(players: int) -> int:
    """How many spy Chiefs: two at 10 players, else one (rules.md §6.1)."""
    return 2 if players >= 10 else 1


def chief_fail_cards(players: int) -> bool:
    """At 7+ each spy Chief plays Chief Fail instead of an ordinary Fail."""
    return players >= CHIEF_FAIL_PLAYERS


def loyalty_cards(players: int) -> str:
    """The Hunter Loyalty cards in use: `two` (Chief, Not a Chief) at 5-6 players, `three`
    (spy Chief, resistance Chief, Not a Chief) at 7+."""
    return "three" if players >= CHIEF_FAIL_PLAYERS else "two"


def verdict(accuser: str, shown: str | None, coordinator: bool) -> str | None:
    """What an accusation decides: "found" (the accuser's side wins), "wrong" (the mission
    turns over), or None if `shown` cannot answer this accusation. Only the spy Hunter can
    hit the Coordinator, which wins for the spies."""
    if shown == CHIEF:
        return "found"
    if shown == NOT_CHIEF:
        return "wrong"
    if shown == COORDINATOR and accuser == SPIES and coordinator:
        return "coordinator"
    return None


def shown_cards(game: Game) -> tuple[str, ...]:
    """What the accused player's card can show, for the Hunter who accuses now."""
    if game.hunt is not None and state(game).accuser == SPIES and "coordinator" in game.characters:
        return (CHIEF, NOT_CHIEF, COORDINATOR)
    return (CHIEF, NOT_CHIEF)


class Accusation(NamedTuple):
    """A Hunter's accusation, for the record (rules.md §6.1)."""

    accuser: str  # RESISTANCE: the resistance Hunter names a spy Chief; SPIES: the other way
    accused: int
    shown: str  # what the accused player's card showed: chief, not-chief or coordinator
    mission: int  # the mission that brought it about
    early: bool = False  # the spy Hunter's early accusation after a Chief's Fail


class Hunt(NamedTuple):
    """The Hunter module's state (rules.md §6.1)."""

    accuser: str | None = None  # whose Hunter accuses now
    early: bool = False  # the accusation due is the early one, which may be declined
    accusations: tuple[Accusation, ...] = ()
    investigations: tuple[tuple[int, int, int], ...] = ()  # (mission, investigator, target)
    blame: tuple[int, int, bool] | None = None  # (Deep Agent, blamed, was the Pretender)
    declined: tuple[int, ...] = ()  # missions after which the early accusation was declined


def state(game: Game) -> Hunt:
    """The Hunter state of a game with the module (the hooks run only then)."""
    assert game.hunt is not None
    return game.hunt


def chiefs_possible(game: Game) -> int:
    """How many Chief Fail cards a team can reveal: one per spy Chief, at 7+ only."""
    if game.hunt is None or not chief_fail_cards(game.players):
        return 0
    return spy_chiefs(game.players)


def possible_chief_fail(game: Game, given: Given) -> Limit:
    """The Chief Fail record must stay possible (rules.md §6.1, §13.1): only the spy Chiefs
    (one, two at 10 players) play Chief Fail, a card the table tells apart, so they were on
    every team that revealed one; a trapped card was taken out before the reveal (§5.3)."""
    pending = game.proposals[-1]
    record = [m for m in game.missions if m.chief_fail]
    earlier = [(m.chief_fail, frozenset(m.team) - {m.trapped}) for m in record]
    now = frozenset(pending.team) - {given.get("trapped")}
    chiefs = spy_chiefs(game.players)
    missions = tuple(sorted({m.mission for m in record} | {pending.mission}))
    return limit(lambda n: n == 0 or could_play(chiefs, [*earlier, (n, now)]),
                 "errors.chief_fail_impossible", count=chiefs, together=missions)


def investigator(game: Game) -> int | None:
    """Who investigates now: the leader after a success, the Investigator token's holder
    after a failure (the result after any turn)."""
    if game.phase != INVESTIGATION:
        return None
    last = game.missions[-1]
    return last.leader if last.succeeded else last.investigator


def investigator_now(game: Game) -> int:
    """`investigator`, during the investigation (where it is always known)."""
    by = investigator(game)
    assert by is not None
    return by


def early_accusations(game: Game) -> int:
    return sum(a.early for a in state(game).accusations) if game.hunt else 0


def blame_open(game: Game) -> bool:
    """May the Deep Agent blame now? Once per game, during team building before the vote,
    with the Deep Agent and the Pretender in the game (rules.md §6.1)."""
    return (game.hunt is not None and game.hunt.blame is None
            and {"deep-agent", "pretender"} <= game.characters
            and game.phase in (PROPOSAL, VOTE))


class Investigate(Action):
    """The investigator looks at a player's Hunter Loyalty card (rules.md §6.1)."""

    kind, step = "investigate", INVESTIGATION
    player: Seat

    def apply(self, game: Game) -> Game:
        return investigate(game, self.player)


class Accuse(Action):
    """A Hunter names the other side's Chief, and what the card shows; the early
    accusation may be declined (`accused` None)."""

    kind, step = "accuse", ACCUSATION
    accused: Seat | None
    shown: str | None = None

    def apply(self, game: Game) -> Game:
        return accuse(game, self.accused, self.shown)


class Blame(Action):
    """The Deep Agent names the Pretender, once, before a vote."""

    kind = "blame"
    deep_agent: Seat
    blamed: Seat
    pretender: bool

    def apply(self, game: Game) -> Game:
        return blame(game, self.deep_agent, self.blamed, self.pretender)


class Hunter(Module):
    id = "hunter"
    actions = (Investigate, Accuse, Blame)
    phases = {INVESTIGATION: BETWEEN, ACCUSATION: OUTSIDE}
    hidden_characters = True
    proposal_fields = {"investigator": ("errors.no_hunter_module", None)}
    card_fields = {"chief_fail": ("errors.no_chief_fail", 0)}
    dealt_cards = frozenset({SPY_CHIEF, RESISTANCE_CHIEF, COORDINATOR, DEEP_AGENT, PRETENDER})

    def start(self, game: Game) -> None:
        game._put(hunt=Hunt())

    def team_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        """The Investigator token, to a player neither leading nor on the team; before the
        last mission only, since nobody investigates after it."""
        team, leader = given.get("team", ()), game.seat
        optional = len(game.missions) >= tables.MISSIONS - 1
        return (ask(
            "investigator", (None, *range(game.players)),
            limit(lambda seat: seat is not None or optional, "errors.investigator_required"),
            limit(lambda seat: seat != leader, "errors.investigator_is_leader"),
            limit(lambda seat: seat not in team, "errors.investigator_on_team"),
        ),)

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if not reveal:
            return ()
        chiefs = chiefs_possible(game)
        room = game.revealed(given) - given.get("fails", 0)
        return (ask(
            "chief_fail", range(chiefs + 1),
            limit(lambda n: n == 0 or chiefs > 0, "errors.no_chief_fail", count=chiefs),
            limit(lambda n: n <= chiefs, "errors.chief_fail_count", count=chiefs),
            limit(lambda n: n <= room, "errors.fails_range", size=game.revealed(given)),
            possible_chief_fail(game, given),
            kind="count", default=0,
        ),)

    def fewer_fails(self, game: Game) -> str | None:
        return "errors.fails_spy_chief" if chiefs_possible(game) else None

    def spy_fails(self, game: Game, given: Given) -> int:
        return -chiefs_possible(game)  # a spy Chief plays Chief Fail instead

    def fail_cards(self, game: Game, mission: PlayMission) -> int:
        return mission.chief_fail  # each counts as one Fail

    def mission_cards(self, game: Game, given: Given) -> tuple[Play, ...]:
        """At 7+ a spy Chief plays Chief Fail instead of an ordinary Fail (§6.1)."""
        if not chief_fail_cards(game.players):
            return ()
        return (Play(SPY_CHIEF, "chief_fail", instead_of_fail=True),)

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, object]:
        return {"chief_fail": mission.chief_fail, "investigator": proposal.investigator}

    def third(self, game: Game, side: str, turned: bool) -> bool:
        """A side's third result: its Hunter must accuse first."""
        game._put(phase=ACCUSATION, hunt=state(game)._replace(accuser=side, early=False))
        return True

    def stakes(self, game: Game, side: str) -> tuple[str, bool] | None:
        return ("accusation", True)

    def due(self, game: Game, step: str) -> bool:
        last = game.missions[-1] if game.missions else None
        if last is None:
            return False
        if step == INVESTIGATION:
            return all(m != last.mission for m, _, _ in state(game).investigations)
        return self._early_due(game, last)

    @staticmethod
    def _early_due(game: Game, last: Mission) -> bool:
        """After a failed mission with a spy Chief's Fail the spy Hunter may accuse at once:
        at 7+ a Chief Fail shows it, at 5-6 the host confirms the claim (rules.md §6.1)."""
        hunt = state(game)
        if last.succeeded or last.turned or last.mission in hunt.declined:
            return False
        if any(a.early and a.mission == last.mission for a in hunt.accusations):
            return False
        if game.setting("hunter-early-accusation") == "once-per-game" and early_accusations(game):
            return False
        return bool(last.chief_fail if chief_fail_cards(game.players) else last.fails)

    def enter(self, game: Game, step: str) -> None:
        if step == ACCUSATION:
            game._put(hunt=state(game)._replace(accuser=SPIES, early=True))

    def phase_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        if game.phase == INVESTIGATION:
            by = investigator(game)
            return (Input("player", "seat", tuple(s for s in range(game.players) if s != by)),)
        if game.phase == ACCUSATION:
            seats = tuple(range(game.players))
            accused = Input("accused", "seat", (None, *seats) if state(game).early else seats)
            seat = given.get("accused", 0)
            if seat is None:
                return (accused,)

            def fact(shown: object) -> Holds | None:
                return shown_fact(game, seat, shown)

            def why(shown: object) -> dict[str, object]:
                return {**holds_refusal(game.deals, fact(shown)), "card_shown": shown}

            return (accused, Input("shown", "shown", shown_cards(game), limits=(record_limit(
                game.deals, fact, "errors.accusation_impossible", why),)))
        return ()


def shown_fact(game: Game, accused: object, shown: object) -> Holds | None:
    """What the accused player's card showed, as a fact about the deals: the Chief the
    accusing Hunter hunts (a spy Chief for the resistance Hunter), the Coordinator, or
    neither (rules.md §6.1); None for a value that is no seat or no card."""
    accuser = state(game).accuser
    if type(accused) is not int or not 0 <= accused < game.players or accuser is None or \
            shown not in shown_cards(game):
        return None
    event = (Accuse.kind, game.missions[-1].mission)
    sought = SPY_CHIEF if accuser == RESISTANCE else RESISTANCE_CHIEF
    if shown == CHIEF:
        return Holds(event, accused, (sought,))
    if shown == COORDINATOR:
        return Holds(event, accused, (COORDINATOR,))
    if accuser == SPIES and COORDINATOR in game.characters:
        return Holds(event, accused, (sought, COORDINATOR), holds=False)
    return Holds(event, accused, (sought,), holds=False)


def investigate(game: Game, target: int) -> Game:
    """The investigator sees `target`'s Hunter Loyalty card, privately."""
    game._expect(INVESTIGATION)
    game._check_seats((target,))
    by = investigator(game)
    assert by is not None  # the leader or the Investigator token's holder of that mission
    if target == by:
        raise RuleError("errors.investigate_self")
    done = game._copy()
    record = (game.missions[-1].mission, by, target)
    done._put(hunt=state(game)._replace(investigations=state(game).investigations + (record,)))
    done._next()
    return done


def accuse(game: Game, accused: int | None, shown: str | None = None) -> Game:
    """A Hunter names a player as the other side's Chief; the accused shows whether they
    are (chief, not-chief, coordinator). Only the early accusation may be declined."""
    game._expect(ACCUSATION)
    hunt, last = state(game), game.missions[-1]
    done = game._copy()
    if accused is None:
        if not hunt.early:
            raise RuleError("errors.accusation_required")
        done._put(hunt=hunt._replace(accuser=None, early=False,
                               declined=hunt.declined + (last.mission,)))
        done._next()
        return done
    game._check_seats((accused,))
    accuser = hunt.accuser
    assert accuser is not None  # an accusation is due: its Hunter's side is known
    found = verdict(accuser, shown, "coordinator" in game.characters)
    if found is None or shown is None:
        raise RuleError("errors.accusation_shown", shown=shown)
    record = Accusation(accuser, accused, shown, last.mission, hunt.early)
    fact = shown_fact(game, accused, shown)
    assert fact is not None  # a seat and a card that answers, checked above
    done._learn(fact, "errors.accusation_impossible", card_shown=shown)
    done._put(hunt=hunt._replace(accuser=None, early=False,
                           accusations=hunt.accusations + (record,)))
    if found == "found":
        done._over(accuser, "hunter_found_chief")
    elif found == "coordinator":
        done._over(SPIES, "hunter_found_coordinator")
    else:  # a wrong accusation turns the mission over, and play goes on
        turned = last._replace(succeeded=not last.succeeded, turned=last.turned + 1)
        done._put(missions=game.missions[:-1] + (turned,))
        if not done._decided(turned=True):
            done._next()
    return done


def blame(game: Game, deep_agent: int, blamed: int, pretender: bool) -> Game:
    """Once per game, before a vote, the Deep Agent reveals and names the Pretender; if
    right, the two swap characters and sides (rules.md §6.1)."""
    if game.hunt is None or not {"deep-agent", "pretender"} <= game.characters:
        raise RuleError("errors.no_blame")
    if game.phase not in (PROPOSAL, VOTE):
        raise RuleError("errors.blame_window")
    if game.hunt.blame is not None:
        raise RuleError("errors.blame_twice")
    game._check_seats((deep_agent, blamed))
    done = game._copy()
    event = (Blame.kind, len(game.missions))
    # the Deep Agent reveals, the blamed shows their card; right, the two swap sides
    done._learn(Holds(event, deep_agent, (DEEP_AGENT,)), "errors.blame_impossible")
    done._learn(Holds(event, blamed, (PRETENDER,), holds=bool(pretender)),
                "errors.blame_impossible")
    if pretender:
        done._put(deals=done.deals.learn(Turn(event, (DEEP_AGENT, PRETENDER))))
    done._put(hunt=state(game)._replace(blame=(deep_agent, blamed, pretender)))
    return done
