"""The rules of The Resistance, pure: no I/O, no text, no clock, no global random.

    >>> g = Game.new(players=5, first_leader=0)
    >>> g = g.propose([0, 3]).vote(approvals={0, 1, 3})
    >>> g.phase, g.team
    ('mission', (0, 3))
    >>> g.inputs()[0].name, g.inputs()[0].choices
    ('fails', (0, 1, 2))
"""

from moderator.rules.errors import RuleError
from moderator.rules.flow import GAME_OVER, MISSION, PROPOSAL, RESISTANCE, SPIES, VOTE, Input
from moderator.rules.modules import Game
from moderator.rules.records import Mission, Proposal
from moderator.rules.setup import MODULES, ROLES, VARIANTS, Setup, character_cards, configure

__all__ = [
    "GAME_OVER", "MISSION", "MODULES", "PROPOSAL", "RESISTANCE", "ROLES", "SPIES", "VARIANTS",
    "VOTE", "Game", "Input", "Mission", "Proposal", "RuleError", "Setup", "character_cards",
    "configure",
]
