"""The base game as a state machine: each action checks the rules and returns the game after it.

Seats are 0-based and clockwise. The engine knows only what the whole table sees (teams, votes,
how many Fail cards were revealed); roles are dealt on paper and never reach it.

This file knows the round of the base game and nothing of any module: at each point it asks
the modules in play (`rules/module.py`), in the orders the table plays them
(`rules/modules/__init__.py`). It is also the engine's hot path (random games are a
benchmark), so an action makes one copy of the game and every hook works on that copy;
the fixed setup is held once, in `Config`, and shared by every state of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import is_, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, cast

from moderator.rules import setup, tables
from moderator.rules.deals import (
    FAILS, Dealt, Deals, Fact, Play, Reveal, Table, holds_refusal, mask, record_limit,
)
from moderator.rules.deals import table as deal_table
from moderator.rules.errors import ImpossibleRecord, RuleError
from moderator.rules.flow import (
    FULL, GAME_OVER, MISSION, PROPOSAL, RESISTANCE, SPIES, VOTE, Input, Limit, Phases,
    check_seats, seat_set,
)
from moderator.rules.house_rules import settle as settle_house_rules
from moderator.rules.records import Mission, Proposal

if TYPE_CHECKING:
    from typing import Self

    from moderator.rules.module import Deck, Given, Module
    from moderator.rules.modules import Game, PlayMission, Propose


@dataclass(frozen=True)
class Config:
    """What a game is set up with, fixed from the first proposal to the end: held once."""

    players: int
    first_leader: int
    modules: frozenset[str]
    variants: frozenset[str]
    roles: frozenset[str]  # optional characters chosen at setup
    characters: frozenset[str]  # every character card in the deck
    deck: tuple[tuple[str, int], ...]  # each character card and how many
    house_rules: tuple[tuple[str, str], ...]
    # Derived once, for the hot path and the hook loops (the orders of the table).
    settings: dict[str, str] = field(compare=False, repr=False)
    in_play: tuple[Module, ...] = field(compare=False, repr=False)
    asked: tuple[Module, ...] = field(compare=False, repr=False)  # inputs, in asking order
    ending: tuple[Module, ...] = field(compare=False, repr=False)  # at a third result
    agenda: tuple[tuple[Module, str], ...] = field(compare=False, repr=False)
    spies: int = field(compare=False, repr=False)
    sizes: tuple[int, ...] = field(compare=False, repr=False)  # team size of missions 1-5
    needed: tuple[int, ...] = field(compare=False, repr=False)  # Fail cards that fail them
    targeting: bool = field(compare=False, repr=False)
    #: The deals of this setup: the spy sets and the modules' cards a deal places.
    table: Table = field(compare=False, repr=False)
    #: Inputs worked out once for this setup (they depend on it and on the counts alone).
    kept: dict[tuple[Any, ...], Input] = field(default_factory=dict, compare=False, repr=False)


class BaseGame:
    """One game of The Resistance; immutable, every action returns a new game.

    The state is the instance's attributes; `Config` holds the setup. The concrete `Game`
    (rules/modules/__init__.py) adds the modules' state and their actions.
    """

    #: The modules, by contract order, and the orders in which the table plays them.
    MODULES: ClassVar[tuple[Module, ...]] = ()
    ASK_ORDER: ClassVar[tuple[str, ...]] = ()
    THIRD_ORDER: ClassVar[tuple[str, ...]] = ()
    AGENDA: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: The modules' state fields at their defaults, put on every new game.
    DEFAULTS: ClassVar[dict[str, Any]] = {}
    #: Every module's fields of `propose` and of `play_mission`: field -> (module id,
    #: refusal when the module is not in play, default).
    PROPOSAL_FIELDS: ClassVar[dict[str, tuple[str, str, Any]]] = {}
    CARD_FIELDS: ClassVar[dict[str, tuple[str, str, Any]]] = {}
    # Whether an action gives any of those fields (not at its default): on the engine's hot
    # path, the usual answer (no) comes from one comparison (the team's are seats, None
    # when not given).
    _team_values: ClassVar[Callable[[Mapping[str, Any]], tuple[Any, ...]]]
    _no_team: ClassVar[tuple[None, ...]]
    _card_values: ClassVar[Callable[[Mapping[str, Any]], tuple[Any, ...]]]
    _no_cards: ClassVar[tuple[Any, ...]]  # each compared by identity: a bool is no count
    #: The phases that share a property (`flow.Phases`), the modules' steps included: while a
    #: leader holds the token, while a team awaits its vote or mission, before the team, while
    #: the round's mission is named, and a new round's steps before its leader acts.
    PLAYING, TEAM_CHOSEN, BEFORE_TEAM, NAMED, OPENING = Phases.of(())

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        assert all(default is None for _, _, default in cls.PROPOSAL_FIELDS.values())
        cls._team_values = _values(tuple(cls.PROPOSAL_FIELDS))
        cls._no_team = (None,) * len(cls.PROPOSAL_FIELDS)
        cls._card_values = _values(tuple(cls.CARD_FIELDS))
        cls._no_cards = tuple(default for _, _, default in cls.CARD_FIELDS.values())

    config: Config
    proposals: tuple[Proposal, ...]
    missions: tuple[Mission, ...]
    phase: str
    seat: int  # who leads now, or led the team that awaits its vote or its mission
    rejections: int  # rejected proposals in this round: the vote track
    winner: str | None  # the winning side; None also when a Rogue won alone
    reason: str | None
    winners: tuple[tuple[str, str], ...]  # everyone who won: (who, "full" | "partial")
    deals: Deals  # the deals of the Character cards the record allows (rules/deals.py)

    @classmethod
    def new(
        cls,
        players: int,
        first_leader: int = 0,
        modules: Iterable[str] = (),
        variants: Iterable[str] = (),
        house_rules: Mapping[str, str] | None = None,
        allow_incompatible: bool = False,
        roles: Iterable[str] = (),
    ) -> Self:
        """Set a game up; the first leader is chosen at random by the caller (rules.md §1.3)."""
        roles = tuple(roles)
        checked = setup.check(players, modules, variants, allow_incompatible, roles)
        if isinstance(first_leader, bool) or not isinstance(first_leader, int) or not (
                0 <= first_leader < players):
            raise RuleError("errors.seat_range", seat=first_leader, players=players)
        settled = _DEFAULT_RULES if not house_rules else tuple(
            sorted(settle_house_rules(house_rules).items()))
        config = cls._configure(checked, first_leader, frozenset(roles), settled)
        game = object.__new__(cls)
        game.__dict__.update(cls.DEFAULTS)
        game._put(config=config, proposals=(), missions=(), phase=PROPOSAL, seat=first_leader,
                  rejections=0, winner=None, reason=None, winners=(),
                  deals=Deals.start(config.table))
        for module in config.in_play:
            module.start(game._game)
        game._next()
        return game

    @classmethod
    def _configure(cls, checked: setup.Setup, first_leader: int, roles: frozenset[str],
                   settled: tuple[tuple[str, str], ...]) -> Config:
        """The fixed setup, made once per configuration and checked by every module."""
        key = (cls, checked, first_leader, roles, settled)
        config = _CONFIGS.get(key)
        if config is None:
            config = cls._new_config(checked, first_leader, roles, dict(settled))
            for module in config.in_play:
                module.check_setup(config)
            if len(_CONFIGS) > 512:
                _CONFIGS.clear()
            _CONFIGS[key] = config
        return config

    @classmethod
    def _new_config(cls, checked: setup.Setup, first_leader: int, roles: frozenset[str],
                    settled: dict[str, str]) -> Config:
        by_id = {m.id: m for m in cls.MODULES if m.id in checked.modules}
        players = checked.players
        extra = sum(m.extra_team_members(players) for m in by_id.values())
        dealt = frozenset().union(*(m.dealt_cards for m in by_id.values()))
        cards = tuple(Dealt(card, card in setup.SPY_CHARACTERS, count)
                      for card, count in checked.characters if card in dealt)
        return Config(
            players=players, first_leader=first_leader, modules=checked.modules,
            variants=checked.variants, roles=roles, characters=frozenset(checked.deck),
            deck=checked.characters,
            house_rules=tuple(sorted(settled.items())), settings=settled,
            in_play=tuple(by_id.values()),
            asked=tuple(by_id[i] for i in cls.ASK_ORDER if i in by_id),
            ending=tuple(by_id[i] for i in cls.THIRD_ORDER if i in by_id),
            agenda=tuple((by_id[i], step) for i, step in cls.AGENDA if i in by_id),
            spies=tables.spies(players),
            sizes=tuple(tables.team_size(players, k) + extra
                        for k in range(1, tables.MISSIONS + 1)),
            needed=tuple(tables.fails_needed(players, k) for k in range(1, tables.MISSIONS + 1)),
            targeting="targeting" in checked.variants,
            table=deal_table(players, tables.spies(players), cards),
        )

    # -- a game is a value ----------------------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a game never changes: every action returns a new one")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({fields})"

    @property
    def _game(self) -> Game:
        """This game as the modules see it: the concrete game, with their state (only the
        concrete game is ever made)."""
        return self  # type: ignore[return-value]

    def _copy(self) -> Self:
        """The game an action builds: a shallow copy that only this action changes (on the
        hot path through its state, `game.__dict__`: the one copy per action)."""
        game = _new(type(self))
        game.__dict__.update(self.__dict__)
        return game

    def beyond_proof(self) -> Self:
        """This game, its record taken as already impossible: the next action is not
        checked against the deals, nor is any after it. Only for loading a game saved before
        the check (`session.replay`), never for an action the host reports now."""
        game = self._copy()
        game.__dict__["deals"] = self.deals.given_up()
        return game

    def _learn(self, fact: Fact, code: str, **params: object) -> None:
        """A module's fact about the deals (a card shown), on the game being built; a fact no
        deal left allows is refused with `code`, the seat it speaks of and the proofs."""
        deals = self.deals
        if not deals.allows(fact):
            raise ImpossibleRecord(code, **holds_refusal(deals, fact), **params)
        self.__dict__["deals"] = deals.learn(fact)

    def _put(self, **changes: object) -> None:
        """Change the game being built (never a game anyone else has seen)."""
        self.__dict__.update(changes)

    # -- the setup ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def first_leader(self) -> int:
        return self.config.first_leader

    @property
    def modules(self) -> frozenset[str]:
        return self.config.modules

    @property
    def variants(self) -> frozenset[str]:
        return self.config.variants

    @property
    def roles(self) -> frozenset[str]:
        return self.config.roles

    @property
    def characters(self) -> frozenset[str]:
        return self.config.characters

    @property
    def house_rules(self) -> tuple[tuple[str, str], ...]:
        return self.config.house_rules

    @property
    def settings(self) -> dict[str, str]:
        return dict(self.config.settings)

    def setting(self, name: str) -> str:
        return self.config.settings[name]

    @property
    def spies(self) -> int:
        return self.config.spies

    @property
    def targeting(self) -> bool:
        return self.config.targeting

    # -- what the table sees --------------------------------------------------------------------

    @property
    def successes(self) -> int:
        return sum(m.succeeded for m in self.missions)

    @property
    def failures(self) -> int:
        return len(self.missions) - self.successes

    @property
    def round(self) -> int | None:
        """1-based round (one per mission carried out), None once the game is decided."""
        return len(self.missions) + 1 if self.phase in self.PLAYING else None

    @property
    def leader(self) -> int | None:
        return self.seat if self.phase in self.PLAYING else None

    @property
    def pending(self) -> Proposal | None:
        """The team that awaits its vote or its mission."""
        return self.proposals[-1] if self.phase in self.TEAM_CHOSEN else None

    @property
    def team(self) -> tuple[int, ...] | None:
        pending = self.pending
        return pending.team if pending else None

    @property
    def mission(self) -> int | None:
        """The mission being proposed for; under Targeting unknown until the leader names it."""
        if self.phase in self.TEAM_CHOSEN:
            return self.proposals[-1].mission
        if self.phase in self.NAMED and not self.config.targeting:
            return len(self.missions) + 1
        return None

    @property
    def attempt(self) -> int | None:
        return self.rejections + 1 if self.phase in self.PLAYING else None

    @property
    def team_size(self) -> int | None:
        mission = self.mission
        return self.config.sizes[mission - 1] if mission else None

    def team_size_for(self, mission: int) -> int:
        """The tableau's number, with every module's extra members (rules.md §1.2, §5.3)."""
        return self.config.sizes[mission - 1]

    @property
    def fails_needed(self) -> int | None:
        mission = self.mission
        return self.config.needed[mission - 1] if mission else None

    @property
    def open_missions(self) -> tuple[int, ...]:
        """Missions a leader may choose now under Targeting (rules.md §2.1): any not played,
        the fifth only after two successes."""
        if self.phase != PROPOSAL:
            return ()
        played = {m.mission for m in self.missions}
        return tuple(
            k for k in range(1, tables.MISSIONS + 1)
            if k not in played and (k < tables.MISSIONS or self.successes >= 2)
        )

    @property
    def next_leaders(self) -> tuple[int, ...]:
        """The seats in the order they will lead after the current leader, if every proposal
        is rejected: the token moves clockwise, unless a module sends it elsewhere first
        (rules.md §1.7)."""
        if self.leader is None:
            return ()
        first = self._next_seat()
        return tuple((first + step) % self.players for step in range(self.players - 1))

    def deck(self, step: str) -> Deck | None:
        """The shuffled deck `step` draws from, with the cards drawn so far, if it draws: the
        shell shuffles it (the engine never does) and the engine checks what was drawn."""
        for module in self.config.in_play:
            deck = module.deck(self._game, step)
            if deck is not None:
                return deck
        return None

    # -- what the current step asks for ---------------------------------------------------------

    def inputs(self, given: Given | None = None) -> tuple[Input, ...]:
        """What the current step asks the host for, in the order the table does it, each with
        the values the rules allow given the answers so far (`given`, by field name)."""
        given = given or {}
        if self.phase == PROPOSAL:
            return self._team_inputs(given)
        if self.phase == MISSION:
            return self._card_inputs(given)
        return tuple(self._phase_inputs(given))

    def next_input(self, given: Given | None = None) -> Input | None:
        """The first input of the current step not answered in `given`."""
        given = given or {}
        for asked in self.inputs(given):
            if asked.name not in given:
                return asked
        return None

    def _phase_inputs(self, given: Given) -> Iterable[Input]:
        """A module's step: what the module asks for."""
        for module in self.config.in_play:
            yield from module.phase_inputs(self._game, given)

    def _team_inputs(self, given: Given) -> tuple[Input, ...]:
        config = self.config
        mission = given.get("mission", self.mission)
        size = config.sizes[mission - 1] if mission in range(1, tables.MISSIONS + 1) else 0
        key = ("team", size)
        team = config.kept.get(key)
        if team is None:  # any team of that size: made once per size, kept with the setup
            team = config.kept[key] = Input("team", "seats", tuple(range(config.players)),
                                            size=size)
        if not config.targeting and not config.asked:  # the base game's one input
            return (team,)
        asked: list[Input] = []
        if config.targeting:
            asked.append(Input("mission", "mission", self.open_missions))
        asked.append(team)
        for module in config.asked:
            asked.extend(module.team_inputs(self._game, given))
        return tuple(asked)

    def _card_inputs(self, given: Given) -> tuple[Input, ...]:
        """Before the reveal the modules' choices on the table (trap, switch), then the Fail
        cards, then the modules' cards counted in the reveal (rules.md §1.5, §5.3, §8)."""
        config = self.config
        if not config.in_play:  # the base game: the Fail cards alone
            fails = self._fails_input(self.revealed(given), config.spies)
            return (fails.narrowed((self._on_record(FAILS, {}),)),)
        game = self._game
        asked = [i for module in config.asked for i in module.card_inputs(game, given, False)]
        revealed, most = self.revealed(given), config.spies
        for module in config.in_play:
            most += module.spy_fails(game, given)
        asked.append(self._fails_input(revealed, most))
        asked += [i for module in config.asked for i in module.card_inputs(game, given, True)]
        asked = [self._limited(i, given) for i in asked]
        for index, one in enumerate(asked):  # each count as the record so far allows it
            if one.kind == "count":
                before = {a.name: given.get(a.name, a.default) for a in asked[:index]}
                asked[index] = one.narrowed((self._on_record(one.name, before),))
        return tuple(asked)

    def _on_record(self, name: str, before: Given) -> Limit:
        """The limit that some deal left allows `name`'s count with the answers before it
        (rules.md §1.5; `rules/deals.py`): a record no deal could have made is refused with
        what the record proves."""
        return record_limit(self.deals, lambda n: self._reveal({**before, name: n}),
                            "errors.record_impossible",
                            lambda n: self._impossible({**before, name: n}, name))

    def _reveal(self, given: Given) -> Reveal:
        """A mission's revealed cards as a fact about the deals: the team's cards less those
        taken out, each count, who may show the modules' cards, the card switched."""
        pending = self.proposals[-1]
        event = (MISSION, pending.mission)
        fails = given.get(FAILS, 0)
        if not self.config.in_play:  # the hot path: made directly
            return tuple.__new__(Reveal, (event, mask(pending.team), _COUNTED.get(fails) or (
                (FAILS, fails),), (), 0))
        game, fields = self._game, self.CARD_FIELDS
        counts = ((FAILS, fails), *sorted(
            (name, n) for name, n in given.items() if name in fields and fields[name][2] == 0
            and n))
        out: list[int] = []
        switched: int | None = None
        plays: list[Play] = []
        for module in self.config.in_play:
            out.extend(module.taken_out(game, given))
            switched = module.switched_seat(game, given) if switched is None else switched
            plays.extend(module.mission_cards(game, given))
        counted = dict(counts)
        revealed = mask(pending.team) & ~mask(out)
        return Reveal(event, revealed, counts, tuple(
            p for p in plays if counted.get(p.kind) or (p.instead_of_fail and fails)),
            revealed & (1 << switched) if switched is not None else 0)

    def _impossible(self, given: Given, name: str) -> dict[str, object]:
        """What a refusal of an impossible mission record says: the count, the counts the
        record allows there, and the proofs of the players whose cards were revealed."""
        fact = self._reveal(given)
        seats = [s for s in range(self.players) if (fact.revealed | fact.switched) >> s & 1]
        readings = sorted({r for m in self.config.in_play for r in m.readings(self._game, given)})
        return {"mission": fact.event[1], "count": given[name], "kind": name,
                "allowed": self.deals.allowed_counts(fact, name, fact.revealed.bit_count()),
                "proofs": self.deals.proofs(seats),
                "switched": [s for s in seats if fact.switched >> s & 1],
                "settings": [(r, self.config.settings[r]) for r in readings]}

    def _fails_input(self, revealed: int, most: int) -> Input:
        """The Fail cards: no more than the cards revealed, nor than the spies can play.
        Made once per count and kept with the setup (a mission asks it every time)."""
        key = ("fails", revealed, most)
        kept = self.config.kept.get(key)
        if kept is None:
            kept = self.config.kept[key] = Input("fails", "count", range(revealed + 1), 1, (
                Limit(lambda n: n <= revealed, "errors.fails_range", (("size", revealed),)),
                Limit(lambda n: n <= most, self._fewer_fails(), (("spies", most),)),
            ), 0)
        return kept

    def _fewer_fails(self) -> str:
        """The refusal for too many Fail cards, naming the module that makes them fewer
        (a spy Chief plays Chief Fail, the Spy Reverser never Fail: rules.md §6.1, §6.2)."""
        for module in self.config.asked:
            reason = module.fewer_fails(self._game)
            if reason:
                return reason
        return "errors.fails_spies"

    def _limited(self, asked: Input, given: Given) -> Input:
        """An input with every other module's limits on it."""
        extra = tuple(rule for module in self.config.in_play
                      for rule in module.limits(self._game, asked.name, given))
        return asked.narrowed(extra) if extra else asked

    def revealed(self, given: Given | None = None) -> int:
        """How many Mission cards are revealed: the team's, less those taken out (§5.3)."""
        team = len(self.proposals[-1].team)
        if not self.config.in_play:
            return team
        given = given or {}
        return team - sum(len(m.taken_out(self._game, given)) for m in self.config.in_play)

    # -- what the current mission decides --------------------------------------------------------

    def stakes(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """For a side whose third result this mission can be: what comes, in order (rules.md
        §1.6, §5.1, §6.1, §7). Each step is the module's, until one that always comes; a side
        with no such step wins (`three_successes` / `three_failures`)."""
        if self.phase not in self.PLAYING:
            return ()
        stakes = []
        for side, count in ((RESISTANCE, self.successes), (SPIES, self.failures)):
            if count != tables.WINS_NEEDED - 1:
                continue
            steps: list[str] = []
            for module in self.config.ending:
                stake = module.stakes(self._game, side)
                if stake is None:
                    continue
                steps.append(stake[0])
                if stake[1]:
                    break
            else:
                steps.append("three_successes" if side == RESISTANCE else "three_failures")
            stakes.append((side, tuple(steps)))
        return tuple(stakes)

    def warnings(self) -> tuple[str, ...]:
        """Warnings that hold now: `fifth_proposal` while the round's fifth team is still to
        be proposed or voted on (rules.md §1.4), and the modules' own."""
        found: list[str] = []
        if self.rejections == tables.MAX_REJECTIONS - 1 and (
                self.phase in self.BEFORE_TEAM or self.phase == VOTE):
            found.append("fifth_proposal")
        for module in self.config.in_play:
            found.extend(module.warnings(self._game))
        return tuple(found)

    # -- actions --------------------------------------------------------------------------------

    def _propose(self, action: Propose) -> Self:
        """The leader's team (rules.md §1.4); under Targeting also the mission it goes on
        (§2.1); with modules what the leader names besides (the Sergeant, the Investigator):
        the action's fields the modules declare (`PROPOSAL_FIELDS`)."""
        if self.phase != PROPOSAL:
            self._expect(PROPOSAL)
        config, mission = self.config, action.mission
        if mission is None and not config.targeting:
            mission = len(self.missions) + 1  # the next mission: no choice to check
        else:
            mission = self._chosen_mission(mission)
        team = action.team
        seat_set(config.players, team)  # every seat a real one, none twice
        size = config.sizes[mission - 1]
        if len(team) != size:
            raise RuleError("errors.team_size", size=size, mission=mission, given=len(team))
        fields, kind = action.__dict__, type(self)
        named: dict[str, Any] = _NONE_NAMED
        if kind._team_values(fields) != kind._no_team:
            named = {name: seat for name in self.PROPOSAL_FIELDS
                     if (seat := fields[name]) is not None}
            self._owned(named, self.PROPOSAL_FIELDS)
        if config.in_play:
            for module in config.in_play:
                module.check_team(self._game, team)
            given = {"team": team, "mission": mission, **named}
            for module in config.asked:  # what the leader names besides the team
                for asked in module.team_inputs(self._game, given):
                    self._check(asked, given.get(asked.name, asked.default))
        proposal = Proposal(mission, self.rejections + 1, self.seat, tuple(sorted(team)),
                            **named) if named else tuple.__new__(Proposal, (
            mission, self.rejections + 1, self.seat, tuple(sorted(team)), *_UNVOTED))
        game = self._copy()
        state = game.__dict__
        state["proposals"], state["phase"] = self.proposals + (proposal,), VOTE
        for module in config.in_play:
            module.proposed(game._game)
        return game

    def vote(self, approvals: Iterable[int]) -> Self:
        """Everyone's open vote; the seats given approved, every other seat rejected.

        A team needs strictly more than half of all players; a tie rejects (rules.md §1.4).
        """
        if self.phase != VOTE:
            self._expect(VOTE)
        players, in_play = self.config.players, self.config.in_play
        approving = seat_set(players, tuple(approvals))
        approved = 2 * len(approving) > players
        voted = _voted(self.proposals[-1], approving, approved)
        game = self._copy()
        state = game.__dict__
        state["proposals"] = self.proposals[:-1] + (voted,)
        for module in in_play:
            module.voted(game._game, approved)
        if not approved:
            game._reject()
            return game
        for module in in_play:
            step = module.before_mission(game._game)
            if step:
                state["phase"] = step
                return game
        state["phase"] = MISSION
        return game

    def _play_mission(self, action: PlayMission) -> Self:
        """The revealed Mission cards: how many Fail cards were among them (rules.md §1.5),
        and what the modules add, the action's fields they declare (`CARD_FIELDS`: their
        cards, and the choices made on the table before the reveal). The answers are checked
        as the mission's inputs ask for them, by field name."""
        if self.phase != MISSION:
            self._expect(MISSION)
        pending = self.proposals[-1]
        given: dict[str, Any] = {"fails": action.fails}
        values, modules = action.__dict__, self.config.modules
        kind = type(self)
        if not all(map(is_, kind._card_values(values), kind._no_cards)):
            for name, (owner, refusal, default) in self.CARD_FIELDS.items():
                value = values[name]
                if value is None or (value == default and type(value) is int):
                    continue  # not reported: the input's default (nobody, none, as declared)
                if owner not in modules and value != default:
                    raise RuleError(refusal)  # a card of a module not in the game
                given[name] = value
        for name, value in given.items():  # a count is a whole number, never below zero
            if (type(value) is not int or value < 0) and (
                    name == "fails" or self.CARD_FIELDS[name][2] == 0):
                raise RuleError("errors.fails_range", size=len(pending.team))
        if not self.config.in_play:  # the base game's one input, as `_card_inputs` makes it
            fails = action.fails
            for rule in self._fails_input(len(pending.team), self.config.spies).limits:
                if not rule.allows(fails):
                    rule.check(fails)
            deals = self.deals.learn(self._reveal(given))
            if deals.empty:
                self._on_record(FAILS, {}).check(fails)  # raises the refusal
            return self._carried_out(pending, action, deals)
        for one in self._card_inputs(given):
            value = given.get(one.name, one.default)
            given[one.name] = value
            if one.kind == "seat" and value is not None:
                check_seats(self.config.players, (value,))
            for rule in one.limits:
                if not rule.allows(value):
                    rule.check(value)  # raises the refusal
        fact = self._reveal(given)
        return self._carried_out(pending, action, self.deals.learn(fact))

    def _carried_out(self, pending: Proposal, action: PlayMission, deals: Deals) -> Self:
        """The mission goes into the record, and its revealed cards into what the record
        proves (`deals`); the round is over (rules.md §1.5-§1.7)."""
        fail_cards, in_play = action.fails, self.config.in_play
        if in_play:
            modules = self._game
            for module in in_play:
                fail_cards += module.fail_cards(modules, action)
        succeeded = fail_cards < self.config.needed[pending.mission - 1]
        if in_play:
            extra: dict[str, Any] = {}
            for module in in_play:
                succeeded = module.result(modules, succeeded, action)
                extra.update(module.mission_record(modules, pending, action))
            done = Mission(pending.mission, pending.team, action.fails, succeeded,
                           leader=pending.leader, **extra)
        else:
            done = tuple.__new__(Mission, (pending.mission, pending.team, action.fails,
                                           succeeded, *_NO_CARDS, pending.leader, *_NO_TOKEN))
        game = self._copy()
        state = game.__dict__
        state["missions"] = self.missions + (done,)
        state["rejections"], state["phase"], state["deals"] = 0, PROPOSAL, deals
        game._pass_leader()
        for module in in_play:
            module.mission_done(game._game)
        if not game._decided(turned=False):
            game._next()
        return game

    # -- the steps of the round -----------------------------------------------------------------

    def _reject(self) -> None:
        """A failed vote: the track moves on, the fifth in a round ends the game (§1.4)."""
        rejections = self.rejections + 1
        state = self.__dict__
        state["rejections"] = rejections
        for module in self.config.in_play:
            module.rejected(self._game)
        if rejections == tables.MAX_REJECTIONS:
            self._over(SPIES, "five_rejections")
            return
        state["phase"] = PROPOSAL
        self._pass_leader()

    def _next_seat(self) -> int:
        seat = (self.seat + 1) % self.config.players
        for module in self.config.in_play:
            seat = module.next_seat(self._game, seat)
        return seat

    def _pass_leader(self) -> None:
        """The leader token moves one seat clockwise (rules.md §1.7), or where a module says."""
        self.__dict__["seat"] = self._next_seat()
        for module in self.config.in_play:
            module.leader_passed(self._game)

    def _next(self) -> None:
        """After a mission or a step between missions: the first step due in the table's
        order (rules.md §13.1), else the next team."""
        for module, step in self.config.agenda:
            if module.due(self._game, step):
                self._put(phase=step)
                module.enter(self._game, step)
                return
        self.__dict__["phase"] = PROPOSAL

    def _decided(self, turned: bool) -> bool:
        """A third success or failure, whether a mission was just played or an accusation
        turned one over (`turned`): it ends the game, or a module's step comes first."""
        missions = self.missions
        successes = sum(map(_SUCCEEDED, missions))
        if len(missions) - successes == tables.WINS_NEEDED:
            self._third(SPIES, turned)
            return True
        if successes == tables.WINS_NEEDED:
            self._third(RESISTANCE, turned)
            return True
        return False

    def _third(self, side: str, turned: bool, after: str | None = None) -> None:
        """A side's third result: each module in the table's order may take over (a Rogue's
        claim or win, the Assassination, the Hunter's accusation); else the side wins. With
        `after`, the modules up to that one have had their turn."""
        ending = self.config.ending
        if after is not None:
            ending = ending[[m.id for m in ending].index(after) + 1:]
        for module in ending:
            if module.third(self._game, side, turned):
                return
        self._over(side, "three_successes" if side == RESISTANCE else "three_failures")

    def _over(self, winner: str, reason: str) -> None:
        """A side has won, and with it whoever shares its victory."""
        winners: tuple[tuple[str, str], ...] = ((winner, FULL),)
        for module in self.config.in_play:
            winners += module.also_won(self._game, winner, reason)
        self._put(phase=GAME_OVER, winner=winner, reason=reason, winners=winners)

    def _event(self, what: str) -> None:
        """A module's step was taken: the other modules hear of it."""
        for module in self.config.in_play:
            module.happened(self._game, what)

    # -- checks ---------------------------------------------------------------------------------

    def _expect(self, phase: str) -> None:
        if self.phase == GAME_OVER:
            raise RuleError("errors.game_over")
        if self.phase != phase:
            raise RuleError(f"errors.turn.{self.phase}")

    def _check_seats(self, seats: tuple[object, ...]) -> None:
        check_seats(self.config.players, seats)

    def _check(self, asked: Input, value: object) -> None:
        """A value the host gave for an input: a real seat first, then the input's limits."""
        if asked.kind == "seat" and value is not None:
            check_seats(self.config.players, (value,))
        asked.check(value)

    def _owned(self, given: Mapping[str, object],
               fields: Mapping[str, tuple[str, str, Any]]) -> None:
        """A module's field given in a game without the module is refused."""
        for name, value in given.items():
            if value is None:
                continue  # left out
            owner = fields.get(name)
            if owner is None:
                raise TypeError(f"unexpected field {name!r}")
            if value != owner[2] and owner[0] not in self.config.modules:
                raise RuleError(owner[1])

    def _chosen_mission(self, mission: int | None) -> int:
        current = len(self.missions) + 1
        if not self.config.targeting:
            if mission is not None and mission != current:
                raise RuleError("errors.mission_not_targeting", mission=current)
            return current
        if mission is None:
            raise RuleError("errors.mission_required", missions=self.open_missions)
        if mission not in self.open_missions:
            if mission == tables.MISSIONS and mission not in {m.mission for m in self.missions}:
                raise RuleError("errors.mission_five_locked")
            raise RuleError("errors.mission_played", mission=mission, missions=self.open_missions)
        return mission


def _values(names: tuple[str, ...]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    """What reads the values of `names` from an action's state at once (in C)."""
    if len(names) > 1:
        return cast("Callable[[Mapping[str, Any]], tuple[Any, ...]]", itemgetter(*names))
    return lambda state: tuple(state[name] for name in names)



# The records made directly, for the engine's hot path (a named tuple's own constructor
# takes several times as long): a proposal before its vote and without a module's field, a
# mission of the base game; and a mission's result read in C.
_UNVOTED = tuple(Proposal._field_defaults[name] for name in Proposal._fields[4:])
_LEADER = Mission._fields.index("leader")
_NO_CARDS = tuple(Mission._field_defaults[name] for name in Mission._fields[4:_LEADER])
_NO_TOKEN = tuple(Mission._field_defaults[name] for name in Mission._fields[_LEADER + 1:])
_SUCCEEDED = itemgetter(Mission._fields.index("succeeded"))
assert Proposal._fields[:4] == ("mission", "attempt", "leader", "team")
assert Mission._fields[:4] == ("mission", "team", "fails", "succeeded")

_VOTE = Proposal._fields.index("approvals")
assert Proposal._fields[_VOTE + 1] == "approved"


def _voted(proposal: Proposal, approvals: frozenset[int], approved: bool) -> Proposal:
    """The proposal with its vote: `_replace(approvals=…, approved=…)`, made directly, for
    the engine's hot path."""
    return tuple.__new__(Proposal, (*proposal[:_VOTE], approvals, approved,
                                    *proposal[_VOTE + 2:]))


_new = object.__new__
_NONE_NAMED: dict[str, Any] = {}  # a proposal's modules' fields when none is given: never changed

#: The base game's counts of a mission, made once (the engine's hot path).
_COUNTED = {n: ((FAILS, n),) for n in range(tables.MISSIONS + 1)}

#: Every house rule at its default, the usual setup.
_DEFAULT_RULES = tuple(sorted(settle_house_rules(None).items()))

#: Configurations made so far (a random-game run sets the same one up thousands of times).
_CONFIGS: dict[tuple[Any, ...], Config] = {}
