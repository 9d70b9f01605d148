"""Random full games with the real engine: for property tests, balance checks and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from moderator.rules.errors import RuleError
from moderator.rules.flow import (
    ACCUSATION, ASSASSINATION, EXAMINATION, GAME_OVER, INVESTIGATION, LOYALTY, MISSION,
    PLOT_DRAW, PLOT_GIVE, PROPOSAL, RESISTANCE, ROGUE_CLAIM, SPIES, VOTE, WATCH,
)
from moderator.rules.modules import Game, defector, hunter, plot
from moderator.rules.modules.defector import RevealLoyalty
from moderator.rules.modules.hunter import Accuse, Investigate
from moderator.rules.modules.inquisitor import Examine
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch

#: Whom a random player names with each Plot card, given the game and the card's holder: the
#: random policy (its order and weights are kept so that a seeded run repeats), not a rule;
#: a target the rules refuse would fail the run.
_TARGETS: dict[str, Callable[[Game, int], list[int]]] = {
    "overheard_conversation": lambda g, by: [(by - 1) % g.players, (by + 1) % g.players],
    "establish_confidence": lambda g, by: [s for s in range(g.players) if s != g.leader],
    "open_up": lambda g, by: [s for s in range(g.players) if s != by],
    "in_the_spotlight": lambda g, by: [s for s in g.proposals[-1].team if s != by],
    "close_eye": lambda g, by: [s for s in g.proposals[-1].team
                                if s not in plot.state(g).looked_at],
    "take_responsibility": lambda g, by: [c.holder for c in plot.state(g).held if c.holder != by],
}


def _use(game: Game, card: plot.Card, rng: random.Random) -> Game:
    """Use a Plot card with a random legal target (a held card whose targets ran out waits)."""
    aim = _TARGETS.get(card.card)
    targets: list[int | None] = [None] if aim is None else list(aim(game, card.holder))
    if not targets:
        return game if card not in plot.state(game).pending else game.apply(UsePlot(
            card.card, card.holder, target=None))
    target = rng.choice(targets)
    take = None
    if card.card == "take_responsibility":
        take = rng.choice([c.card for c in plot.state(game).held if c.holder == target])
    return game.apply(UsePlot(card.card, card.holder, target=target, take=take))


def _cast(game: Game, side: list[int], prefix: str) -> dict[str, int]:
    """Seat the side's special characters in a fixed order (a second Chief as `…-chief-2`)."""
    deck = dict(game.config.deck)
    order = [f"{prefix}-rogue", f"{prefix}-reverser", f"{prefix}-defector", f"{prefix}-chief"]
    wanted = [c for c in order if c in deck]
    if deck.get(f"{prefix}-chief", 0) == 2:
        wanted.append(f"{prefix}-chief-2")
    return dict(zip(wanted, side, strict=False))  # fewer characters than seats


def random_game(
    players: int,
    rng: random.Random,
    approve: float = 0.5,
    fail: float = 0.5,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
) -> Game:
    """Play one game to its end: random spies, teams and votes; each spy on a team fails with
    probability `fail`; every player approves with probability `approve`."""
    game = Game.new(players, rng.randrange(players), modules=modules, variants=variants)
    seats = range(players)
    spies = rng.sample(seats, game.spies)
    resistance = [s for s in seats if s not in spies]
    # The special characters sit in order on each side: the Rogue first (it plays Rogue
    # Success or claims the win), then the Reverser, the Defector and the Chiefs.
    specials = len(game.config.deck) > 2 or game.modules  # any card but the ordinary two
    cast = _cast(game, resistance, "resistance") | _cast(game, spies, "spy") if specials else {}
    rogue, spy_rogue = cast.get("resistance-rogue"), cast.get("spy-rogue")
    spy_reverser = cast.get("spy-reverser")
    reversers = {cast[c] for c in ("resistance-reverser", "spy-reverser") if c in cast}
    defectors = {cast[c] for c in ("resistance-defector", "spy-defector") if c in cast}
    chiefs = {side: {cast[c] for c in (f"{card}-chief", f"{card}-chief-2") if c in cast}
              for side, card in ((RESISTANCE, "resistance"), (SPIES, "spy"))} if cast else {
        RESISTANCE: set(), SPIES: set()}
    chief_fails = game.hunt is not None and hunter.chief_fail_cards(players)
    # What does not change during the game, looked up once: the loop is a benchmark.
    plotting, targeting = game.plot is not None, game.targeting
    sergeants, hunting = "sergeant" in game.modules, game.hunt is not None
    trapping, spy_set = "trapper" in game.modules, set(spies)
    rand, sample = rng.random, rng.sample
    while True:
        phase = game.phase
        if phase == GAME_OVER:
            return game
        if plotting:
            usable = game.usable()
            if usable and rng.random() < 0.3:
                game = _use(game, rng.choice(usable), rng)
                continue
        if phase == PROPOSAL:
            mission = rng.choice(game.open_missions) if targeting else None
            team = sample(seats, game.config.sizes[(mission or len(game.missions) + 1) - 1])
            leader = game.seat
            sergeant = rng.choice([s for s in team if s != leader]) if sergeants else None
            investigator = rng.choice([s for s in seats if s not in team and s != leader]
                                      ) if hunting else None
            game = game.propose(team, mission=mission, sergeant=sergeant,
                                investigator=investigator)
        elif phase == VOTE:
            game = game.vote([s for s in seats if rand() < approve])
        elif phase == MISSION:
            on_team = game.proposals[-1].team
            trapped = rng.choice(on_team) if trapping else None
            playing = [s for s in on_team if s != trapped] if trapping else on_team
            # After a Switch the two Defectors play for the other side (rules.md §5.2).
            failing = spy_set ^ defectors if defectors and game.defectors_switched else spy_set
            failed = [s for s in playing if s in failing and s != spy_reverser
                      and rand() < fail]
            # At 7+ a spy Chief's Fail is a Chief Fail card (rules.md §6.1).
            chief_fail = sum(s in chiefs[SPIES] for s in failed) if chief_fails else 0
            reverse = sum(1 for s in playing if s in reversers and s not in failing - {spy_reverser}
                          and rng.random() < 0.3) if reversers else 0
            rogue_success = int(rogue is not None and rogue in playing and rogue not in failing
                                and game.watch != rogue and rand() < 0.5)
            game = game.play_mission(len(failed) - chief_fail, rogue_success=rogue_success,
                                     reverse=reverse, trapped=trapped, chief_fail=chief_fail)
        elif phase == PLOT_DRAW:
            game = game.apply(DrawPlot(tuple(rng.sample(plot.state(game).deck, game.plot_draws))))
        elif phase == PLOT_GIVE:
            cards = plot.state(game)
            if cards.pending:  # a ★ card resolves before the next is handed out (§3.3)
                game = _use(game, cards.pending[0], rng)
            else:
                taken = set(cards.given_to)
                others = [s for s in seats if s != game.leader and s not in taken] or [
                    s for s in seats if s != game.leader]
                game = game.apply(GivePlot(cards.drawn[0], rng.choice(others)))
        elif phase == WATCH:
            game = game.apply(GiveWatch(rng.choice(game.proposals[-1].team)))
        elif phase == LOYALTY:
            game = game.apply(RevealLoyalty(rng.choice(defector.left(game.loyalty))))
        elif phase == INVESTIGATION:
            game = game.apply(Investigate(rng.choice([s for s in seats if s != game.investigator])))
        elif phase == ACCUSATION:
            if hunter.state(game).early and rng.random() < 0.5:
                game = game.apply(Accuse(None))
            else:
                accused = rng.randrange(players)
                other = SPIES if hunter.state(game).accuser == RESISTANCE else RESISTANCE
                shown = "chief" if accused in chiefs[other] else "not-chief"
                game = game.apply(Accuse(accused, shown))
        elif phase == EXAMINATION:
            game = game.apply(Examine(rng.choice([s for s in seats if s not in game.inquisitors])))
        elif phase == ROGUE_CLAIM:
            claims = spy_rogue is not None and rng.random() < 0.5
            try:
                game = game.apply(ClaimRogue(spy_rogue if claims else None))
            except RuleError:  # the record rules the claim out
                game = game.apply(ClaimRogue(None))
        elif phase == ASSASSINATION:
            game = game.assassinate(rng.randrange(players), rng.choice(resistance))
