"""The Plot Thickens (rules.md §3): the deck and the draws, the hand-out, every card's window
and effect.

The engine never shuffles: the shell draws (from the game's seed, or the host types the
cards drawn from the real deck) and the engine checks the draw against what is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from moderator.rules import tables
from moderator.rules.actions import Action, Seat
from moderator.rules.errors import RuleError
from moderator.rules.flow import GAME_OVER, LEADING, MISSION, PROPOSAL, VOTE, Limit, limit
from moderator.rules.module import Deck, Given, Module

if TYPE_CHECKING:
    from moderator.rules.game import Config
    from moderator.rules.modules import Game


#: The round's first steps (rules.md §3.2): the leader draws, then hands the cards out.
PLOT_DRAW, PLOT_GIVE = "plot_draw", "plot_give"


STRONG_LEADER = "strong_leader"
CLOSE_EYE = "close_eye"
NO_CONFIDENCE = "no_confidence"
OPINION_MAKER = "opinion_maker"
TAKE_RESPONSIBILITY = "take_responsibility"
OVERHEARD_CONVERSATION = "overheard_conversation"
ESTABLISH_CONFIDENCE = "establish_confidence"
OPEN_UP = "open_up"
IN_THE_SPOTLIGHT = "in_the_spotlight"

CARDS = (
    STRONG_LEADER, CLOSE_EYE, NO_CONFIDENCE, OPINION_MAKER, TAKE_RESPONSIBILITY,
    OVERHEARD_CONVERSATION, ESTABLISH_CONFIDENCE, OPEN_UP, IN_THE_SPOTLIGHT,
)

#: ★ cards act as soon as they are received, then go to the discard pile (rules.md §3.1).
IMMEDIATE = frozenset({OVERHEARD_CONVERSATION, ESTABLISH_CONFIDENCE, OPEN_UP})
#: □ stays in front of its holder for the rest of the game.
LASTING = frozenset({OPINION_MAKER})

#: All 15 cards, used at 7+ players (rules.md §3.1).
FULL_DECK = {
    STRONG_LEADER: 2, CLOSE_EYE: 2, NO_CONFIDENCE: 3, OPINION_MAKER: 2, TAKE_RESPONSIBILITY: 1,
    OVERHEARD_CONVERSATION: 2, ESTABLISH_CONFIDENCE: 1, OPEN_UP: 1, IN_THE_SPOTLIGHT: 1,
}
#: The 7 cards of a 5-6 player game (rules.md §3.1).
SMALL_DECK = {
    STRONG_LEADER: 2, CLOSE_EYE: 2, NO_CONFIDENCE: 1, OPINION_MAKER: 1, TAKE_RESPONSIBILITY: 1,
}
#: The house deck of seed 002 (rules.md §13, `plot-deck=forum-game-54`): 10 cards at 5, 6, 7
#: and 9 players, all 15 at 8 and 10.
FORUM_DECK = {
    NO_CONFIDENCE: 2, CLOSE_EYE: 2, STRONG_LEADER: 2, OPINION_MAKER: 1,
    OVERHEARD_CONVERSATION: 1, IN_THE_SPOTLIGHT: 1, TAKE_RESPONSIBILITY: 1,
}


def deck(players: int, setting: str = "standard") -> tuple[str, ...]:
    """The Plot cards in play, sorted (rules.md §3.1; §13 `plot-deck`)."""
    if setting == "forum-game-54":
        counts = FULL_DECK if players in (8, 10) else FORUM_DECK
    else:
        counts = FULL_DECK if players >= 7 else SMALL_DECK
    return tuple(sorted(Counter(counts).elements()))


def draws(players: int, setting: str = "standard") -> int:
    """How many cards the round's first leader draws (rules.md §3.2; §13 `plot-deck`)."""
    if setting == "forum-game-54":
        return {5: 1, 6: 1, 7: 2, 8: 2, 9: 1, 10: 3}[players]
    return 1 if players <= 6 else 2 if players <= 8 else 3


def without(cards: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...] | None:
    """`cards` less `taken` (as multisets), or None if `taken` is not among them."""
    left = Counter(cards)
    left.subtract(taken)
    if any(n < 0 for n in left.values()):
        return None
    return tuple(sorted(left.elements()))


#: The order of the Plot windows within a round (rules.md §3.3).
WINDOW_ORDER = {
    STRONG_LEADER: 0, TAKE_RESPONSIBILITY: 1, NO_CONFIDENCE: 2, IN_THE_SPOTLIGHT: 3, CLOSE_EYE: 4,
}


class Card(NamedTuple):
    """A Plot card in someone's hands: held ("1"), in effect (□) or awaiting use (★)."""

    card: str
    holder: int
    received: int  # the round it was received in
    bound: int | None = None  # Opinion Maker: who must vote first


class PlotUse(NamedTuple):
    """A Plot card used, for the record: who used it, on whom, in which round."""

    card: str
    by: int
    round: int
    target: int | None = None
    taken: str | None = None  # Take Responsibility: the card taken


class Plot(NamedTuple):
    """The Plot cards of a game (rules.md §3)."""

    deck: tuple[str, ...]  # what is left to draw, sorted: the order is the shell's business
    drawn: tuple[str, ...] = ()  # drawn this round, not yet handed out
    given_to: tuple[int, ...] = ()  # who received a card this round
    pending: tuple[Card, ...] = ()  # ★ cards received and not yet resolved
    held: tuple[Card, ...] = ()  # "1" cards kept for later, and □ cards in effect
    discarded: tuple[str, ...] = ()
    uses: tuple[PlotUse, ...] = ()
    leader_acted: bool = False  # the current leader has drawn or handed out Team tokens
    strong_leader_used: bool = False  # since the last vote: no second one until a vote
    resume_seat: int | None = None  # `plot-strong-leader-rotation=resume-order`
    just_approved: bool = False  # the window for No Confidence
    spotlight: int | None = None  # whose card goes face up on this mission
    looked_at: tuple[int, ...] = ()  # whose played cards were looked at on this mission
    drawn_in: int = 0  # the round whose Plot cards were drawn last


def state(game: Game) -> Plot:
    """The Plot cards of a game with the module (the hooks run only then)."""
    assert game.plot is not None
    return game.plot


def _plot(game: Game, **changes: Any) -> None:
    game._put(plot=state(game)._replace(**changes))


def draws_now(game: Game) -> int:
    """How many cards the round's first leader draws now (fewer if the deck runs out)."""
    if game.plot is None:
        return 0
    return min(draws(game.players, game.setting("plot-deck")), len(state(game).deck))


def opinion_makers(game: Game) -> tuple[int, ...]:
    """Who must reveal their vote before everyone else (rules.md §3.4)."""
    if game.plot is None:
        return ()
    return tuple(sorted({c.bound for c in state(game).held
                         if c.card == OPINION_MAKER and c.bound is not None}))


def usable(game: Game) -> tuple[Card, ...]:
    """The Plot cards that may be used right now, in the order players are asked: cards
    that act at once first, then window by window as the round goes (No Confidence right
    after the approval, In the Spotlight before cards are chosen, Keeping a Close Eye once
    they are played), and within a window from the leader clockwise (rules.md §3.3)."""
    if game.plot is None or game.phase == GAME_OVER:
        return ()
    ready = [c for c in state(game).pending + state(game).held if window(game, c) is None]
    return tuple(sorted(ready, key=lambda c: (
        c not in state(game).pending, WINDOW_ORDER.get(c.card, 0),
        (c.holder - game.seat) % game.players,
    )))


def targets(game: Game, card: Card) -> list[int] | None:
    """Whom a card may be used on now (rules.md §3.4); None for a card used on nobody."""
    by, seats = card.holder, range(game.players)
    team = game.proposals[-1].team if game.proposals else ()
    found = {
        OVERHEARD_CONVERSATION: sorted({(by - 1) % game.players, (by + 1) % game.players}),
        ESTABLISH_CONFIDENCE: [s for s in seats if s != game.seat],
        OPEN_UP: [s for s in seats if s != by],
        IN_THE_SPOTLIGHT: [s for s in team if s != by or spotlight_on_self(game)],
        CLOSE_EYE: [s for s in team if s not in state(game).looked_at],
        TAKE_RESPONSIBILITY: sorted({c.holder for c in state(game).held if c.holder != by}),
    }
    return found.get(card.card)


def spotlight_on_self(game: Game) -> bool:
    """May the holder of In the Spotlight name themselves, when on the team? S3 says "a
    player" (the default), the JP card "one other player" (rules.md §3.4, §13
    `plot-spotlight-target`)."""
    return game.setting("plot-spotlight-target") == "any-team-member"


def receivers(game: Game) -> tuple[int, ...]:
    """Who may receive the next drawn card: never the leader, and under the default
    `plot-hand-out` nobody twice in a round (rules.md §3.2)."""
    given = set(state(game).given_to) if game.setting("plot-hand-out") == "different-players" \
        else set()
    return tuple(s for s in range(game.players) if s != game.seat and s not in given)


#: What a revealing Plot card shows (rules.md §3.4), as `card_shown` says it.
LOYALTY_CARD, CHARACTER_CARD = "loyalty", "character"


def card_shown(game: Game) -> str:
    """What a revealing Plot card shows: with any special character in the game the matching
    Loyalty card, else the Character card (rules.md §3.4, house rule `plot-reveals`)."""
    special = game.characters - {"resistance", "spy"}
    if special and game.setting("plot-reveals") == "loyalty-card":
        return LOYALTY_CARD
    return CHARACTER_CARD


def window(game: Game, held: Card) -> str | None:
    """Why `held` cannot be used now (an i18n key), or None (rules.md §3.3)."""
    cards, card = state(game), held.card
    if held in cards.pending:
        return None
    if card in LASTING:
        return "errors.plot_lasting"
    if game.setting("plot-same-round-use") == "next-round" and held.received == game.round:
        return "errors.plot_same_round"
    if card == STRONG_LEADER:
        refusal = strong_leader_refusal(game)
        if refusal:
            return refusal
        if cards.strong_leader_used:
            return "errors.plot_strong_leader_twice"
        if held.holder == game.seat:
            return "errors.plot_strong_leader_self"
        return None
    if card == NO_CONFIDENCE:
        return None if cards.just_approved else "errors.plot_window.no_confidence"
    played = game.phase == MISSION and not any(
        module.acts_on_cards(game) for module in game.config.in_play)
    if card == IN_THE_SPOTLIGHT:  # before anyone picks a card
        ahead = game.phase in game.TEAM_CHOSEN and game.phase != VOTE and cards.spotlight is None
        if ahead and not cards.looked_at and game.switch is None:
            return None
        return "errors.plot_window.in_the_spotlight"
    if card == CLOSE_EYE:  # cards played face down, after the Sergeant's switch (§3.3, §8)
        if played:
            return None
        if game.phase == MISSION:
            return "errors.plot_window.close_eye_switch"
        return "errors.plot_window.close_eye"
    if card == TAKE_RESPONSIBILITY:  # held: after the hand-out, before any team
        first_proposal_due = game.phase == PROPOSAL and game.rejections == 0
        if first_proposal_due and _takeable(game, held.holder):
            return None
        return "errors.plot_window.take_responsibility"
    return "errors.plot_window.other"


#: The leader's steps before their first action, when a Strong Leader may be declared
#: (rules.md §3.3 window 1), besides the steps that open a new round (`Game.OPENING`; §13.1
#: `plot-strong-leader-steps`: the Loyalty card and the examination, as S3's "before the Leader
#: takes any actions" allows).
BEFORE_LEADER_ACTS = frozenset({PLOT_DRAW, PROPOSAL})


def strong_leader_refusal(game: Game) -> str | None:
    """Why the current leader cannot be replaced by a Strong Leader now, an i18n key that
    says which moment it is; None while the leader has not acted (rules.md §3.3 window 1).
    Under `plot-strong-leader-window=before-team-tokens` the window stays open after the draw,
    but not while the drawn cards are being handed out (§13.1)."""
    phase, loose = game.phase, game.setting("plot-strong-leader-window") == "before-team-tokens"
    if phase in game.TEAM_CHOSEN:
        return "errors.plot_window.strong_leader_team"
    if phase == PLOT_GIVE:
        return "errors.plot_window.strong_leader_" + ("hand_out" if loose else "drawn")
    if phase not in BEFORE_LEADER_ACTS and phase not in game.OPENING:
        # the accusation, the investigation, the game's end
        return "errors.plot_window.strong_leader_between"
    if phase == PROPOSAL and state(game).leader_acted and not loose:
        return "errors.plot_window.strong_leader_drawn"
    return None


def _takeable(game: Game, taker: int) -> bool:
    return any(c.holder != taker for c in state(game).held)


class DrawPlot(Action):
    """The leader draws the round's Plot cards (rules.md §3.2)."""

    kind, step = "plot_draw", PLOT_DRAW
    cards: tuple[str, ...]

    def apply(self, game: Game) -> Game:
        return draw_plot(game, self.cards)


class GivePlot(Action):
    """The leader hands a drawn Plot card to a player (rules.md §3.2)."""

    kind, step = "plot_give", PLOT_GIVE
    card: str
    to: Seat

    def apply(self, game: Game) -> Game:
        return give_plot(game, self.card, self.to)


class UsePlot(Action):
    """A player uses a Plot card, on `target` if it names one, taking `take` if it takes
    a card (rules.md §3.3)."""

    kind = "plot_use"
    card: str
    by: Seat
    target: Seat | None = None
    take: str | None = None

    def apply(self, game: Game) -> Game:
        return use_plot(game, self.card, self.by, self.target, self.take)


class PlotModule(Module):
    id = "plot"
    actions = (DrawPlot, GivePlot, UsePlot)
    phases = {PLOT_DRAW: LEADING, PLOT_GIVE: LEADING}

    def check_setup(self, config: Config) -> None:
        if config.settings["plot-reveals"] != "character-card":
            return
        for module in config.in_play:  # a module whose rules allow Loyalty cards only
            if module.character_card_refusal:
                raise RuleError(module.character_card_refusal)

    def start(self, game: Game) -> None:
        game._put(plot=Plot(deck(game.players, game.setting("plot-deck"))))

    def proposed(self, game: Game) -> None:
        _plot(game, leader_acted=True, just_approved=False)

    def voted(self, game: Game, approved: bool) -> None:
        # a vote reopens Strong Leader, and an approval opens No Confidence
        _plot(game, strong_leader_used=False, just_approved=approved)

    def happened(self, game: Game, what: str) -> None:
        if what in ("watch_given", "switch_declared"):  # cards chosen: No Confidence is past
            _plot(game, just_approved=False)

    def warnings(self, game: Game) -> tuple[str, ...]:
        """A No Confidence that can cancel the round's fifth approval would be its fifth
        rejection: the spies win at once (rules.md §3.4, §1.4)."""
        if game.rejections == tables.MAX_REJECTIONS - 1 and any(
                card.card == NO_CONFIDENCE for card in usable(game)):
            return ("no_confidence_ends_game",)
        return ()

    def limits(self, game: Game, name: str, given: Given) -> tuple[Limit, ...]:
        spotlight = state(game).spotlight
        if name != "switched" or spotlight is None:
            return ()
        # played face up: it cannot be switched (rules.md §8)
        return (limit(lambda seat: seat is None or seat != spotlight, "errors.switch_spotlight"),)

    def mission_done(self, game: Game) -> None:
        _plot(game, given_to=(), spotlight=None, looked_at=())

    def next_seat(self, game: Game, seat: int) -> int:
        resume = state(game).resume_seat
        return seat if resume is None else resume

    def leader_passed(self, game: Game) -> None:
        _plot(game, resume_seat=None, leader_acted=False, just_approved=False)

    def due(self, game: Game, step: str) -> bool:
        return draws_now(game) > 0 and state(game).drawn_in != len(game.missions) + 1

    def enter(self, game: Game, step: str) -> None:
        _plot(game, leader_acted=False)

    def deck(self, game: Game, step: str) -> Deck | None:
        """The Plot deck the round's first leader draws from (rules.md §3.2)."""
        if step != PLOT_DRAW:
            return None
        cards = deck(game.players, game.setting("plot-deck"))
        drawn = without(cards, state(game).deck)
        assert drawn is not None  # what is left came off this deck
        return Deck("plot", cards, drawn, draws_now(game))


def draw_plot(game: Game, cards: Iterable[str]) -> Game:
    """The round's first leader draws (rules.md §3.2): the cards that came off the deck."""
    game._expect(PLOT_DRAW)
    cards = tuple(cards)
    count = draws_now(game)
    if len(cards) != count:
        raise RuleError("errors.plot_draw_count", count=count)
    left = without(state(game).deck, cards)
    if left is None:
        raise RuleError("errors.plot_not_in_deck", cards=", ".join(cards))
    done = game._copy()
    _plot(done, deck=left, drawn=cards, leader_acted=True, drawn_in=len(game.missions) + 1)
    done._put(phase=PLOT_GIVE)
    _handed_out(done)
    return done


def give_plot(game: Game, card: str, to: int) -> Game:
    """The leader hands a drawn card to another player, never to themselves (§3.2)."""
    game._expect(PLOT_GIVE)
    game._check_seats((to,))
    cards = state(game)
    if cards.pending:  # a ★ card resolves before the next card is handed out (§3.3 window 2)
        waiting = cards.pending[0]
        raise RuleError("errors.plot_give_pending", card=waiting.card, seat=waiting.holder)
    drawn = list(cards.drawn)
    if card not in drawn:
        raise RuleError("errors.plot_not_drawn", card=card)
    if to == game.seat:
        raise RuleError("errors.plot_give_leader")
    if to in cards.given_to and game.setting("plot-hand-out") == "different-players":
        raise RuleError("errors.plot_give_twice", seat=to)
    drawn.remove(card)
    received = Card(card, to, len(game.missions) + 1, bound=to if card in LASTING else None)
    done = game._copy()
    _plot(done, drawn=tuple(drawn), given_to=cards.given_to + (to,))
    immediate = card in IMMEDIATE or (
        card == TAKE_RESPONSIBILITY and game.setting("plot-take-responsibility") == "immediate"
    )
    if not immediate:
        _plot(done, held=state(done).held + (received,))
    elif card == TAKE_RESPONSIBILITY and not _takeable(done, to):
        # Nobody else holds a Plot card: it has no effect (rules.md §3.4, C).
        _plot(done, discarded=state(done).discarded + (card,))
    else:
        _plot(done, pending=state(done).pending + (received,))
        return done
    _handed_out(done)
    return done


def use_plot(game: Game, card: str, by: int, target: int | None = None,
             take: str | None = None) -> Game:
    """A Plot card is used: a ★ card received now, or a held card in its window (§3.3)."""
    if game.plot is None:
        raise RuleError("errors.no_plot_module")
    if game.phase == GAME_OVER:
        raise RuleError("errors.game_over")
    game._check_seats((by,))
    cards = state(game)
    mine = [c for c in cards.pending + cards.held if c.card == card and c.holder == by]
    if not mine:
        raise RuleError("errors.plot_not_held", card=card, seat=by)
    held = mine[0]
    refusal = window(game, held)
    if refusal:
        raise RuleError(refusal, card=card)
    if card != TAKE_RESPONSIBILITY and take is not None:
        raise RuleError("errors.plot_take_unused")
    if target is None and card != STRONG_LEADER and card != NO_CONFIDENCE:
        raise RuleError("errors.plot_target_needed", card=card)
    if target is not None:
        if card in (STRONG_LEADER, NO_CONFIDENCE):
            raise RuleError("errors.plot_no_target", card=card)
        game._check_seats((target,))
    done = game._copy()
    _plot(done, pending=tuple(c for c in cards.pending if c is not held),
          held=tuple(c for c in cards.held if c is not held),
          discarded=cards.discarded + (card,),
          uses=cards.uses + (PlotUse(card, by, len(game.missions) + 1, target, take),),
          just_approved=False)
    _resolve(game, done, card, by, target, take)
    return done


def _resolve(game: Game, done: Game, card: str, by: int, target: int | None,
             take: str | None) -> None:
    """What the card used does (rules.md §3.4), checked against the game as it was."""
    team = game.proposals[-1].team if game.proposals else ()
    if card == OVERHEARD_CONVERSATION:
        if target not in ((by - 1) % game.players, (by + 1) % game.players):
            raise RuleError("errors.plot_neighbour", seat=by)
    elif card == ESTABLISH_CONFIDENCE:
        if target == game.seat:
            raise RuleError("errors.plot_target_self", card=card)
    elif card == OPEN_UP:
        if target == by:
            raise RuleError("errors.plot_target_self", card=card)
    elif card == IN_THE_SPOTLIGHT:
        if target not in team:
            raise RuleError("errors.plot_target_team", card=card)
        if target == by and not spotlight_on_self(done):
            raise RuleError("errors.plot_spotlight_self", card=card)
        _plot(done, spotlight=target)
    elif card == CLOSE_EYE:
        if target not in team:
            raise RuleError("errors.plot_target_team", card=card)
        if target in state(game).looked_at:
            raise RuleError("errors.plot_looked_twice", seat=target)
        _plot(done, looked_at=state(game).looked_at + (target,))
    elif card == TAKE_RESPONSIBILITY:
        _take(done, by, target, take)
    elif card == STRONG_LEADER:
        _strong_leader(done, by)
        return
    elif card == NO_CONFIDENCE:
        cancelled = game.proposals[-1]._replace(approved=False, cancelled_by=by)
        done._put(proposals=game.proposals[:-1] + (cancelled,))
        done._reject()  # the approval counts as a failed vote (rules.md §3.4)
        return
    _handed_out(done)


def _take(done: Game, by: int, target: int | None, take: str | None) -> None:
    """Take Responsibility: `by` takes the card `take` from `target` (rules.md §3.4)."""
    if target == by:
        raise RuleError("errors.plot_target_self", card=TAKE_RESPONSIBILITY)
    theirs = [c for c in state(done).held if c.holder == target and c.card == take]
    if not theirs:
        raise RuleError("errors.plot_take_missing", seat=target)
    taken = theirs[0]
    bound = taken.bound
    if taken.card in LASTING and done.setting("plot-opinion-maker-taken") == "binds-taker":
        bound = by
    moved = taken._replace(holder=by, received=len(done.missions) + 1, bound=bound)
    _plot(done, held=tuple(moved if c is taken else c for c in state(done).held))


def _strong_leader(done: Game, by: int) -> None:
    """The holder takes over as leader (rules.md §1.7, §3.4); the vote track stays."""
    resume = None
    if done.setting("plot-strong-leader-rotation") == "resume-order":
        resume = (done.seat + 1) % done.players
    _plot(done, strong_leader_used=True, resume_seat=resume, leader_acted=False)
    done._put(seat=by)


def _handed_out(done: Game) -> None:
    """Once every drawn card is handed out and every ★ card resolved, the team is next."""
    if done.phase == PLOT_GIVE and not state(done).drawn and not state(done).pending:
        done._next()
