"""How simulated players decide: `random` (coin flips, for comparison) and `sensible`.

A player decides from their `View` (their card and what they were shown) and the public
record (the game), among the choices the engine offers (`turn.py` asks them). Each policy is
a few plain rules, seeded and deterministic; none is a strong player, and they are not people.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from moderator.simulate.belief import Belief, chance
from moderator.simulate.turn import Moves

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
        self.views, self.rng, self.approve, self.fail = views, rng, approve, fail

    def choose(self, view: View, game: Game, asked: Input, given: dict[str, Any]) -> Any:
        if asked.size > 1:
            return self.rng.sample(asked.choices, asked.size)
        return self.rng.choice(asked.choices)

    def votes(self, game: Game) -> tuple[int, ...]:
        """Who approves the team put to the vote (one draw per seat, in seat order)."""
        rand, approve = self.rng.random, self.approve
        return tuple(s for s in range(game.players) if rand() < approve)

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


@dataclass(frozen=True)
class Style:
    """How the sensible players play: a few figures of behaviour, the same at every player
    count and in every setup, fitted to real games (docs/simulation.md). A vote is a coin
    weighted by the log-odds these add up to."""

    #: A team one is not on, as safe as one would pick oneself and surely safe.
    approve: float = 4.925
    #: On the team (the leader always approves their own).
    on_team: float = 2.993
    #: On the round's last team (the fifth, or earlier while others hold No Confidence),
    #: where no team one would rather pick can follow (`choosy` does not count there); not
    #: felt by a resistance player who knows a spy is on it (`Belief.named`).
    hammer: float = 4.572
    #: How much of `hammer` a spy feels on a last team the spies cannot fail, whose
    #: rejection would win them the game: one who rejects it where it then passes has
    #: shown what they are.
    spy_hammer: float = 0.475
    #: Times the log of how likely the team looks safe: a table of 8 or 10 starts out more
    #: doubtful than one of 7 or 9, as real ones do (their first teams are rejected more).
    trust: float = 1.893
    #: Times the log of how much less safe it is than the team one would pick oneself.
    choosy: float = 4.247
    #: Off the team, how far one measures it against the team one would lead oneself (with
    #: oneself on it) rather than the best team of the others: people like to be on teams.
    left_out: float = 0.337
    #: How far a resistance player's feeling about each other player drifts with each
    #: mission played (from none at first, a step of this spread each time), as each draws
    #: their own conclusions.
    drift: float = 1.054
    #: How much the table follows what the votes say of each player, per vote, weighed by
    #: how well each voter's votes matched the missions played (`belief.py`).
    follow: float = 2.817
    #: A spy's pull towards a team with enough spies to fail it, and away from a clean one.
    spy_bias: float = 1.982
    #: How much the Commander leans on what they saw (0: hides it fully, 1: votes by it).
    lean: float = 0.535
    #: A spy plays Success rather than Fail when the record would then make them a spy at
    #: least this surely (unless the mission decides the game).
    exposed: float = 0.932
    #: Otherwise a spy able to fail the mission plays Fail with these log-odds, each on
    #: their own (always when it decides the game).
    fail: float = -2.256
    #: How hard a resistance player speaks against those they suspect after a mission (the
    #: Commander: the spies they saw), as that many votes against them: the table follows
    #: it as it follows votes, and the Assassin hears it too (`belief.py`).
    hint: float = 2.700
    #: The chance each resistance player speaks after a mission.
    speaks: float = 0.252
    #: How unsure the Assassin's guess is: they name a player with a weight of e to the
    #: power of how informed that player looked (`informed`) divided by this (0: the best).
    guess: float = 9.957
    #: How far a table's mood varies from game to game (the spread of a term every vote of
    #: the game shares): some tables trust, some doubt everything. A doubtful table reaches
    #: the fifth team more often and rejects it more, at any count.
    temper: float = 1.276


#: A resistance Sergeant makes a team member switch when they take them for a spy this surely
#: (a switched Success becomes a Fail: only with good reason).
SWITCH_SURE = 0.6
#: The chance that a team is safe never counts below this (its log stays finite).
SAFEST_DOUBT = 0.02


class Sensible(Players):
    """Players with sense (issue 24, issue 32), each rule a line or two:

    - Everyone reads the record as the engine proves it (`game.deals`), narrowed by what
      they know themselves, moved by how the table reads the votes, by what resistance
      players say after each mission (the Commander against the spies they saw) and by a
      feeling that drifts.
    - A vote is a weighted coin: more likely on a team that looks safe and as safe as one
      would pick, on the team, on the round's last team (unless one knows a spy is on
      it), and at a trusting table (a mood per game). Spies vote as the record looks to
      the table, pulled towards teams they can fail.
    - Leaders propose themselves with the players they trust most; spies with players who
      look clean, and enough spies to fail the team.
    - A spy fails a mission unless the record would then all but name them, and always when
      it decides the game; face up (In the Spotlight) a spy plays Success.
    - The Commander leans on what they saw without showing it fully; the Assassin names a
      player whose votes, teams and words looked informed, the best informed most likely.
    - Module moves with sense: a spy Sergeant frames a loyal team member with a switch, a
      resistance Sergeant switches a player they are sure of; a look goes to the player one
      is least sure of; Plot cards to the trusted, used on suspects (`plot`).
    """

    def __init__(self, views: Sequence[View], game: Game, rng: random.Random,
                 approve: float = 0.5, fail: float = 0.5, style: Style | None = None) -> None:
        super().__init__(views, game, rng)
        self.style = style = style or Style()
        self.belief = Belief(game, views, rng, style.follow, style.drift, style.hint,
                             style.speaks)
        self.order = list(range(game.players))  # who is preferred on a tie: a seeded order
        rng.shuffle(self.order)
        self.rank = {s: i for i, s in enumerate(self.order)}
        self.others = [[s for s in self.order if s != seat] for seat in range(game.players)]
        self.commander = [_leans(view) for view in views]
        # who reads a vote, and how: as they know (False), as the table does (True), the
        # Commander both ways (`_approvals`)
        self.reads = [((view, False), (view, True)) if lean else ((view, view.spy),)
                      for view, lean in zip(views, self.commander, strict=True)]
        self.memo: dict[tuple[Any, ...], Any] = {}  # kept per state of the record
        self.state: Any = None
        self.fail_chance = chance(style.fail)
        self.mood = rng.gauss(0.0, style.temper)  # the table's, for this game (`temper`)

    # -- what a player makes of the record ------------------------------------------------

    def _kept(self, game: Game) -> dict[tuple[Any, ...], Any]:
        """What players worked out in this state of the record (what they measure a team
        against, whether the Commander hides what they saw), kept while the deals it allows
        stay: the table reads a round's votes when its mission is played."""
        if game.deals is not self.state:
            self.state = game.deals
            self.memo.clear()
        return self.memo

    def _hides(self, view: View, game: Game) -> bool:
        """Whether the player reasons as the table does in this state of the record, knowing
        nothing of their own: a spy always (as the record looks to the table), the Commander
        unless they lean on what they saw this time (a draw per state: `Style.lean`)."""
        if view.spy:
            return True
        if not self.commander[view.seat]:
            return False
        memo = self._kept(game)
        key = ("hides", view.seat)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.rng.random() >= self.style.lean
        return found

    def _suspicion(self, view: View, game: Game) -> list[float]:
        return self.belief.suspicion(view, game, pretend=self._hides(view, game))

    def _spies(self, view: View) -> frozenset[int]:
        return view.spies_known() if view.spy else frozenset()

    def _ranked(self, view: View, game: Game, among: Any, worst: bool = False) -> list[int]:
        """Seats from least to most suspected by `view` (most to least with `worst`); a spy
        ranks by how the record looks, their fellow spies last."""
        spies = self._spies(view)
        found = self.belief.looks(game) if view.spy else self._suspicion(view, game)
        ranked = sorted(among, key=lambda s: (s in spies, found[s], self.rank[s]))
        return ranked[::-1] if worst else ranked

    def _team(self, view: View, game: Game, size: int) -> list[int]:
        """The team a player would name: themselves and the players they trust most (a spy:
        the players the record finds least suspect, and no other spy unless the team needs
        more Fail cards than one)."""
        others = self.others[view.seat]  # in the tie order: a stable sort keeps it on ties
        if not view.spy:
            seen = self._suspicion(view, game)
            return [view.seat, *sorted(others, key=seen.__getitem__)[:size - 1]]
        looks = self.belief.looks(game)
        spies = view.spies_known()
        needed = (game.fails_needed or 1) - 1
        partners = sorted(spies - {view.seat}, key=looks.__getitem__)[:needed]
        clean = sorted((s for s in others if s not in spies), key=looks.__getitem__)
        return [view.seat, *partners, *clean][:size]

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
            return self._accused(view, game, choices, seats)
        if name == "switched":
            return self._switch(view, game, seats)
        if asked.kind == "seat":
            if not seats:
                return None
            if name == "player":  # a look: at the player one is least sure of
                return self._look(view, game, seats)
            if name == "trapped":  # the resistance takes out a suspect's card, a spy a
                return self._ranked(view, game, seats, worst=not view.spy)[0]  # loyal one's
            # a token or a card: to the most trusted (a spy: to another spy)
            spies = self._spies(view)
            friends = [s for s in seats if s in spies and s != view.seat]
            if friends:
                return friends[0]
            return self._ranked(view, game, seats)[0]
        return choices[0]

    def _look(self, view: View, game: Game, seats: list[int]) -> int:
        """Whom a player looks at (an examination, an investigation): the resistance the
        player it is least sure of; a spy a loyal player the table suspects."""
        if view.spy:
            spies = self._spies(view)
            loyal = [s for s in seats if s not in spies] or seats
            return self._ranked(view, game, loyal, worst=True)[0]
        found = self._suspicion(view, game)
        doubt = [s for s in seats if 0.0 < found[s] < 1.0] or seats
        return max(doubt, key=lambda s: (_unsure(found[s]), found[s], -self.rank[s]))

    def votes(self, game: Game) -> tuple[int, ...]:
        rand = self.rng.random
        return tuple([seat for seat, likely in enumerate(self._approvals(game, self.views))
                      if rand() < likely])

    def approval(self, view: View, game: Game) -> float:
        """How likely the player approves the team put to the vote."""
        return self._approvals(game, (view,))[0]

    def _approvals(self, game: Game, views: Sequence[View]) -> list[float]:
        """How likely each player approves the team put to the vote, which they take to be
        as safe as `Belief.safes` says (worked out for all of them at once): the round's
        last team or not, measured against the team they would rather see (`_marks`). The
        Commander votes as they lean on what they saw, or not; the leader approves their
        own. The simulator's inner loop: written out in one."""
        pending, needed, style = game.proposals[-1], game.fails_needed or 1, self.style
        leader, team, modules = pending.leader, pending.team, game.config.in_play
        readers = [read for view in views if view.seat != leader for read in self.reads[view.seat]]
        safes = self.belief.safes(game, team, needed, readers)
        memo, size, exp, log = self._kept(game), len(team), math.exp, math.log
        chances = []
        for (view, hides), safe in zip(readers, safes, strict=True):
            seat = view.seat
            safe = log(safe if safe > SAFEST_DOUBT else SAFEST_DOUBT)
            odds = style.approve + self.mood + style.trust * safe
            on = seat in team
            if on:
                odds += style.on_team
            spies = len(view.spies_known().intersection(team)) if view.spy else 0
            # the round's last team: the fifth, or earlier while others hold No Confidence;
            # no better team can follow, and its rejection ends the game for the spies; a
            # resistance player who knows a spy on it rejects it all the same
            if pending.attempt >= 5 - (self.cancels(game, seat) if modules else 0):
                if view.spy:
                    odds += style.hammer if spies >= needed else style.spy_hammer * style.hammer
                elif not self.belief.named(view, game, hides, team):
                    odds += style.hammer
            else:
                marks = memo.get(("marks", seat, view.told, size, hides)) or self._marks(
                    view, game, size, hides, needed)
                mark = marks[0] if on else marks[1]
                if safe < mark:
                    odds += style.choosy * (safe - mark)
            if view.spy:
                odds += style.spy_bias * (1 if spies >= needed else -1 if not spies else 0)
            chances.append(1.0 / (1.0 + exp(-odds)))  # `chance`, written out
        found, each, lean = [], iter(chances), style.lean
        for view in views:
            if view.seat == leader:
                found.append(1.0)
            elif self.commander[view.seat]:  # as they know, and as the table does
                found.append(lean * next(each) + (1 - lean) * next(each))
            else:
                found.append(next(each))
        return found

    def _marks(self, view: View, game: Game, size: int, hides: bool,
               needed: int) -> tuple[float, float]:
        """What the player measures a team of this size against, in log, on it and off it:
        how safe they take the safest team they could name with themselves on it, and the
        safest team of the others moved towards their own (`Style.left_out`). Kept per
        state of the record."""
        mine, others = self.belief.bests(view, game, hides, self.others[view.seat], size,
                                         needed)
        mine = math.log(max(mine, SAFEST_DOUBT))
        others = math.log(max(others, SAFEST_DOUBT))
        found = self._kept(game)[("marks", view.seat, view.told, size, hides)] = (
            mine, others + self.style.left_out * (mine - others))
        return found

    def cancels(self, game: Game, seat: int) -> int:
        """How many more approvals the other players could cancel in this round (a module's
        cards: No Confidence)."""
        in_play = game.config.in_play
        return sum(Moves.of(m.id).cancels(game, seat) for m in in_play) if in_play else 0

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
        pending = game.proposals[-1]
        team = pending.team
        needed = game.fails_needed or 1
        spies = self._spies(view)
        framed = self._framed(view, game)
        if framed is not None:
            needed -= 1  # the spy Sergeant's switch makes a Fail of a loyal card
            if view.seat == pending.sergeant or not needed:
                return "success"
        able = sum(1 for s in team if s in spies and s != pending.sergeant) if framed \
            else sum(1 for s in team if s in spies)
        if able < needed:
            return "success"  # too few spies to fail it: a Fail would only show a spy
        if deciding:
            return special
        if self.belief.exposure(view.seat, game, team, needed) >= self.style.exposed:
            return "success"
        # each spy decides alone (spies cannot confer at the table): two may both fail
        return special if self.rng.random() < self.fail_chance else "success"

    def _framed(self, view: View, game: Game) -> int | None:
        """The loyal team member a spy Sergeant makes switch, so that their Success shows
        as a Fail (rules.md §8), when the spies mean to fail the mission; None otherwise."""
        pending = game.proposals[-1]
        sergeant = pending.sergeant
        if sergeant is None or sergeant not in self._spies(view):
            return None
        key = ("framed", len(game.proposals))
        memo = self._kept(game)
        if key in memo:
            return memo[key]
        deciding = game.failures == 2 or game.successes == 2
        spies = self._spies(view)
        loyal = [s for s in pending.team if s not in spies]
        found = None
        if loyal and (deciding or self.belief.exposure(
                sergeant, game, pending.team, 1) < self.style.exposed):
            found = self._ranked(self.views[sergeant], game, loyal, worst=True)[0]
        memo[key] = found
        return found

    def _switch(self, view: View, game: Game, seats: list[int]) -> int | None:
        """The Sergeant's switch: a spy frames a loyal player; the resistance switches the
        team member they take for a spy surely enough, to turn their Fail over."""
        if not seats:
            return None
        if view.spy:
            framed = self._framed(view, game)
            return framed if framed in seats else None
        found = self._suspicion(view, game)
        suspect = max(seats, key=lambda s: (found[s], -self.rank[s]))
        return suspect if found[suspect] >= SWITCH_SURE else None

    def _reverse(self, view: View, game: Game) -> str:
        """A Reverser turns a mission over: the spy one a team about to succeed, the
        resistance one a team it thinks holds enough spies to fail it."""
        team = game.proposals[-1].team
        needed = game.fails_needed or 1
        if view.spy:
            failing = sum(s in self._spies(view) for s in team if s != view.seat)
            return "reverse" if failing < needed else "success"
        return "reverse" if self.belief.safe(view, game, team, needed) < 0.4 else "success"

    def _accused(self, view: View, game: Game, choices: Any, seats: list[int]) -> int | None:
        """A Hunter's accusation: the resistance Hunter names the player most likely the spy
        Chief (on every team that revealed a Chief Fail card, if any did), the spy Hunter the
        player whose votes looked best informed; an early accusation is left alone."""
        if None in choices or not seats:
            return None
        side = "spies" if view.spy else "resistance"
        shown = {a.accused for a in game.hunt.accusations if a.accuser == side} \
            if game.hunt is not None else set()
        seats = [s for s in seats if s not in shown] or seats
        if view.spy:
            spies = self._spies(view)
            return self._informed(view, game, [s for s in seats if s not in spies] or seats)[0]
        chiefs = [set(m.team) - {m.trapped} for m in game.missions if m.chief_fail]
        if chiefs:
            seats = [s for s in seats if all(s in team for team in chiefs)] or seats
        return self._ranked(view, game, seats, worst=True)[0]

    def _informed(self, view: View, game: Game, among: Any) -> list[int]:
        """Players by how well informed they looked to this spy, best first."""
        score = informed(game, self._spies(view), among, self.belief.spoken)
        return sorted(score, key=lambda s: (-score[s], self.rank[s]))

    def _assassin(self, view: View, game: Game, choices: Any) -> int:
        """The Assassin names a player who looked informed: the best informed most likely,
        the others less so as `Style.guess` says (other players act informed too)."""
        spies = self._spies(view)
        ranked = self._informed(view, game, [s for s in choices if s not in spies])
        if self.style.guess <= 0:
            return ranked[0]
        score = informed(game, spies, ranked, self.belief.spoken)
        best = score[ranked[0]]
        weights = [math.exp((score[s] - best) / self.style.guess) for s in ranked]
        return self.rng.choices(ranked, weights)[0]

    def plot(self, view: View, game: Game, card: str, targets: list[int] | None,
             must: bool) -> int | bool | None:
        spies = self._spies(view)
        if card == "no_confidence":
            pending = game.proposals[-1]
            if view.spy:  # a clean team, or the round's last: five rejections win
                enough = sum(s in spies for s in pending.team) >= (game.fails_needed or 1)
                return None if pending.attempt == 5 or not enough else False
            if pending.attempt == 5:
                return False
            return None if self.approval(view, game) < 0.5 else False
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
        if card == "take_responsibility":  # from the player the taker trusts least
            return self._ranked(view, game, targets, worst=not view.spy)[0]
        # Establish Confidence, Open Up: shown to the most trusted (a spy: to another spy)
        friends = [s for s in targets if s in spies and s != view.seat]
        return friends[0] if friends else self._ranked(view, game, targets)[0]

    def take(self, view: View, game: Game, cards: list[str]) -> str:
        """The card taken: No Confidence first (it can end a round), then Strong Leader."""
        return min(cards, key=lambda c: (_TAKEN.index(c) if c in _TAKEN else len(_TAKEN), c))


#: The Plot cards a player would rather take from another, first to last.
_TAKEN = ("no_confidence", "strong_leader", "in_the_spotlight", "close_eye")


def _unsure(likely: float) -> float:
    """How unsure a chance leaves one (most at one half)."""
    return likely * (1 - likely)


def informed(game: Game, spies: frozenset[int], among: Any,
             spoken: Sequence[Sequence[int]] = ()) -> dict[int, float]:
    """How well informed each player's votes, teams and words looked to spies who know
    `spies`: a vote against a team with a spy or for a clean team counts for them, one the
    other way against them, a clean team they proposed counts twice (either way), and so
    does each player `spoken` against (`Belief.spoken`), once: a spy for them, a loyal player
    against them."""
    score = {seat: float(sum(1 if s in spies else -1 for s in spoken[seat])) if spoken else 0.0
             for seat in among}
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


def players(policy: str, views: Sequence[View], game: Game, rng: random.Random,
            approve: float = 0.5, fail: float = 0.5, style: Style | None = None) -> Players:
    """The players of one game under a policy (`POLICIES`): they get each player's view, never
    the table's cards."""
    if policy == "sensible":
        return Sensible(views, game, rng, approve, fail, style)
    return Players(views, game, rng, approve, fail)
