"""How simulated players decide: `random` (coin flips, for comparison) and `sensible`.

A player decides from their `View` (their card and what they were shown) and the public
record (the game), among the choices the engine offers (`turn.py` asks them). Each policy is
a few plain rules, seeded and deterministic; none is a strong player, and they are not people.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from moderator.simulate.belief import Belief

if TYPE_CHECKING:
    from moderator.rules import Game, Input
    from moderator.simulate.table import View

POLICIES = ("sensible", "random")


class Players:
    """Everyone's decisions in one game: coin flips. Each spy on a team plays Fail with
    probability `fail`, each player approves with probability `approve`; the rest is a
    random choice among what the engine allows, and a Plot card is used 3 times in 10."""

    def __init__(self, views: Sequence[View], game: Game, rng: random.Random,
                 approve: float = 0.5, fail: float = 0.5) -> None:
        self.rng, self.approve, self.fail = rng, approve, fail

    def choose(self, view: View, game: Game, asked: Input, given: dict[str, Any]) -> Any:
        if asked.size > 1:
            return self.rng.sample(asked.choices, asked.size)
        return self.rng.choice(asked.choices)

    def vote(self, view: View, game: Game) -> bool:
        return self.rng.random() < self.approve

    def card(self, view: View, game: Game, hand: tuple[str, ...], face_up: bool) -> str:
        return hand[1] if len(hand) > 1 and self.rng.random() < self.fail else hand[0]

    def plot(self, view: View, game: Game, card: str, targets: list[int] | None,
             must: bool) -> int | bool | None:
        """Whom to use a Plot card on (None: a card used on nobody), or False to pass."""
        if not must and self.rng.random() >= 0.3:
            return False
        return None if targets is None else self.rng.choice(targets)

    def take(self, view: View, game: Game, cards: list[str]) -> str:
        return self.rng.choice(cards)


class Sensible(Players):
    """Players with sense (issue 24), each rule a line or two:

    - The resistance weighs every seating of the spies by the record (`belief.py`) and a gut
      feeling of its own about each player, proposes itself with the least suspected
      players, approves a team nearly as safe as the best it could name itself (more readily
      as the vote track fills) and always the fifth team.
    - Spies propose themselves with players who look clean and approve teams that hold
      enough spies to fail them; a clean team they approve only until the resistance has a
      success, and on the fifth proposal (rejecting it would give them away). On a mission
      one spy (enough spies) plays Fail unless the record would then all but name them, and
      always when the mission decides the game. Face up (In the Spotlight) a spy plays
      Success.
    - The Commander leans on what they saw without showing it: spies they know count as
      suspects, not certainties. The Assassin names the resistance player whose votes and
      teams looked best informed.
    - Plot cards: the resistance looks at (and puts in the spotlight) its main suspect and
      cancels a doubtful approval; spies cancel an approval of a clean team (always on the
      fifth, which ends the game) and take the lead from the resistance.
    """

    #: How much more a Commander suspects a spy they saw than the record says (as an extra
    #: chance of being a spy, before the seat's suspicion is capped at 1).
    COMMANDER_LEAN = 0.35
    #: A team is approved when its chance of being safe is within this much of the best
    #: team the voter could name, plus `LENIENCY` per rejection so far in the round.
    TOLERANCE, LENIENCY = 0.12, 0.06
    #: How strong a resistance player's gut feeling about each other player is (the
    #: spread of a log-factor on their prior): people read faces, not only the record.
    GUT = 1.4
    #: From how many successes on the spies reject every team without enough spies (before,
    #: they approve clean teams too, as everybody does early on).
    BLOCK = 1
    #: A spy does not play Fail when the record would then make them a spy this surely.
    EXPOSED = 0.8

    def __init__(self, views: Sequence[View], game: Game, rng: random.Random,
                 approve: float = 0.5, fail: float = 0.5) -> None:
        super().__init__(views, game, rng)
        self.belief = Belief(game.players, game.spies)
        self.order = list(range(game.players))  # who is preferred on a tie: a seeded order
        rng.shuffle(self.order)
        self.rank = {s: i for i, s in enumerate(self.order)}
        self.best: dict[tuple[int, int, int, int], float] = {}  # a voter's best team, kept
        for view in views:
            if not view.spy:
                self.belief.feel(view.seat, [math.exp(rng.gauss(0, self.GUT))
                                             for _ in range(game.players)])

    # -- what a player makes of the record ------------------------------------------------

    def _suspicion(self, view: View, game: Game) -> list[float]:
        self.belief.update(game)
        if _leans(view):  # what the Commander saw, softened
            found = self.belief.suspicion(_self_only(view))
            for spy in view.spies_known() - {view.seat}:
                found[spy] = min(1.0, found[spy] + self.COMMANDER_LEAN)
            return found
        return self.belief.suspicion(view)

    def _spies(self, view: View) -> frozenset[int]:
        return view.spies_known() if view.spy else frozenset()

    def _ranked(self, view: View, game: Game, among: Any, worst: bool = False) -> list[int]:
        """Seats from least to most suspected by `view` (most to least with `worst`)."""
        found = self._suspicion(view, game)
        sign = -1 if worst else 1
        return sorted(among, key=lambda s: (sign * found[s], self.rank[s]))

    def _team(self, view: View, game: Game, size: int) -> list[int]:
        """The team a player would name: themselves and the players they trust most (a spy:
        the players the record finds least suspect, and no other spy unless two Fail cards
        are needed)."""
        seats = [s for s in range(game.players) if s != view.seat]
        if not view.spy:
            return [view.seat, *self._ranked(view, game, seats)[:size - 1]]
        self.belief.update(game)
        looks = self.belief.suspicion(None)
        spies = self._spies(view)
        needed = (game.fails_needed or 1) - 1
        partners = sorted(spies - {view.seat}, key=lambda s: looks[s])[:needed]
        clean = sorted((s for s in seats if s not in spies), key=lambda s: (looks[s], self.rank[s]))
        return [view.seat, *partners, *clean][:size]

    def _safe(self, view: View, game: Game, team: Any) -> float:
        needed = game.fails_needed or 1
        if _leans(view):
            known = view.spies_known() - {view.seat}
            lean = (1 - self.COMMANDER_LEAN) ** sum(s in known for s in team)
            return lean * self.belief.safe(_self_only(view), team, needed)
        return self.belief.safe(view, team, needed)

    # -- decisions ------------------------------------------------------------------------

    def choose(self, view: View, game: Game, asked: Input, given: dict[str, Any]) -> Any:
        name, choices = asked.name, asked.choices
        if name == "team":
            return self._team(view, game, asked.size)
        if name == "mission":  # under Targeting: the mission with the smallest team first
            return min(choices, key=lambda k: (game.team_size_for(k), k))
        if name == "target":  # the Assassin
            return self._assassin(view, game, choices)
        seats = [c for c in choices if c is not None]
        if name == "claimant":  # the spy Rogue claims whenever the record lets them
            return view.seat if view.seat in choices else None
        if name == "accused":
            if None in choices or not seats:  # an early accusation is left alone
                return None
            # Nobody is accused twice by one side: the table saw the card they showed.
            side = "spies" if view.spy else "resistance"
            shown = {a.accused for a in game.hunt.accusations if a.accuser == side} \
                if game.hunt is not None else set()
            seats = [s for s in seats if s not in shown] or seats
            return self._informed(view, game, seats)[0] if view.spy \
                else self._ranked(view, game, seats, worst=True)[0]
        if name == "switched":  # the Sergeant switches nobody's card
            return None if None in choices else choices[0]
        if asked.kind == "seat":
            if not seats:
                return None
            # A look goes to the main suspect; a token or card to the most trusted (a spy:
            # to another spy, else to the player the record trusts most).
            looks = name in ("player", "trapped")
            spies = self._spies(view)
            if view.spy and not looks:
                friends = [s for s in seats if s in spies]
                if friends:
                    return friends[0]
            return self._ranked(view, game, seats, worst=looks and not view.spy)[0]
        return choices[0]

    def vote(self, view: View, game: Game) -> bool:
        pending = game.proposals[-1]
        if pending.attempt == 5:
            return True  # the fifth team: never let five rejections end the game
        if not view.spy:
            if pending.leader == view.seat:
                return True
            key = (view.seat, view.told, len(game.missions), len(pending.team))
            best = self.best.get(key)
            if best is None:
                best = self.best[key] = self._safe(
                    view, game, self._team(view, game, len(pending.team)))
            room = self.TOLERANCE + self.LENIENCY * (pending.attempt - 1)
            return self._safe(view, game, pending.team) >= best - room
        spies = self._spies(view)
        if sum(s in spies for s in pending.team) >= (game.fails_needed or 1):
            return True
        return game.successes < self.BLOCK  # a clean team: approved to look loyal, at first

    def card(self, view: View, game: Game, hand: tuple[str, ...], face_up: bool) -> str:
        if len(hand) == 1:
            return hand[0]
        special = hand[1]
        if special == "reverse":
            return self._reverse(view, game)
        if special == "rogue_success":  # the resistance Rogue plays it from mission 3 on
            return special if len(game.missions) >= 2 else "success"
        deciding = game.failures == 2 or game.successes == 2
        if face_up and not deciding:
            return "success"
        team = game.proposals[-1].team
        spies = sorted(s for s in team if s in self._spies(view))
        needed = game.fails_needed or 1
        if view.seat in spies and spies.index(view.seat) >= needed:
            return "success"  # another spy on the team plays the Fail
        if deciding:
            return special
        return special if self._cover(view, game, team, needed) else "success"

    def _cover(self, view: View, game: Game, team: Any, needed: int) -> bool:
        """Whether the record would leave the spy unnamed after a failure of this team."""
        self.belief.update(game)
        mask, me = sum(1 << s for s in team), 1 << view.seat
        total = mine = 0.0
        for seating, weight in self.belief.kept(None)[0]:
            if (seating & mask).bit_count() >= needed:
                total += weight
                if seating & me:
                    mine += weight
        return not total or mine / total < self.EXPOSED

    def _reverse(self, view: View, game: Game) -> str:
        """A Reverser turns a mission over: the spy one a team about to succeed, the
        resistance one a team it thinks holds enough spies to fail it."""
        team = game.proposals[-1].team
        needed = game.fails_needed or 1
        if view.spy:
            failing = sum(s in self._spies(view) for s in team if s != view.seat)
            return "reverse" if failing < needed else "success"
        return "reverse" if self._safe(view, game, team) < 0.4 else "success"

    def _informed(self, view: View, game: Game, among: Any) -> list[int]:
        """Players by how well informed they looked to this spy, best first."""
        score = informed(game, self._spies(view), among)
        return sorted(score, key=lambda s: (-score[s], self.rank[s]))

    def _assassin(self, view: View, game: Game, choices: Any) -> int:
        spies = self._spies(view)
        return self._informed(view, game, [s for s in choices if s not in spies])[0]

    def plot(self, view: View, game: Game, card: str, targets: list[int] | None,
             must: bool) -> int | bool | None:
        spies = self._spies(view)
        if card == "no_confidence":
            pending = game.proposals[-1]
            if view.spy:
                clean = not spies.intersection(pending.team)
                return None if clean or pending.attempt == 5 else False
            return None if pending.attempt < 5 and self._safe(
                view, game, pending.team) < 0.5 else False
        if card == "strong_leader":
            leader = game.seat
            if view.spy:
                return None if leader not in spies and game.missions else False
            return None if self._suspicion(view, game)[leader] > 0.5 else False
        assert targets is not None
        if card in ("in_the_spotlight", "close_eye", "overheard_conversation"):
            others = [s for s in targets if s != view.seat] or targets
            if view.spy and not must:
                return False
            return self._ranked(view, game, others, worst=not view.spy)[0]
        if card == "take_responsibility":
            return self._ranked(view, game, targets, worst=not view.spy)[0]
        # Establish Confidence, Open Up: shown to the most trusted (a spy: to another spy)
        friends = [s for s in targets if s in spies and s != view.seat]
        return friends[0] if friends else self._ranked(view, game, targets)[0]

    def take(self, view: View, game: Game, cards: list[str]) -> str:
        return min(cards)


def informed(game: Game, spies: frozenset[int], among: Any) -> dict[int, int]:
    """How well informed each player's votes and teams looked to spies who know `spies`: a
    vote against a team with a spy or for a clean team counts for them, one the other way
    against them, and a clean team they proposed counts twice (either way)."""
    score = dict.fromkeys(among, 0)
    for proposal in game.proposals:
        clean = not spies.intersection(proposal.team)
        if proposal.leader in score:
            score[proposal.leader] += 2 if clean else -2
        if proposal.approvals is None:
            continue
        for seat in score:
            score[seat] += 1 if (seat in proposal.approvals) == clean else -1
    return score


def _leans(view: View) -> bool:
    """A resistance player who saw spies in the reveal (the Commander): they lean on what
    they saw without showing it."""
    return view.named_spies


def _self_only(view: View) -> View:
    """The view of someone who knows only their own card (the Commander's, reasoning as if
    they had seen nothing, so as not to give themselves away)."""
    from moderator.simulate.table import View

    return View(view.seat, view.character, view.spy, [(1 << view.seat, int(view.spy))],
                told=-1)  # never learns: its own key in the belief's cache


def players(policy: str, views: Sequence[View], game: Game, rng: random.Random,
            approve: float = 0.5, fail: float = 0.5) -> Players:
    """The players of one game under a policy (`POLICIES`): they get each player's view, never
    the table's cards."""
    kind = Sensible if policy == "sensible" else Players
    return kind(views, game, rng, approve, fail)
