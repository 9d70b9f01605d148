"""The Plot Thickens: the deck, the draws and what kind each card is (rules.md §3).

The engine never shuffles: the shell draws (from the game's seed, or the host types the
cards drawn from the real deck) and the engine checks the draw against what is left.
"""

from __future__ import annotations

from collections import Counter

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
