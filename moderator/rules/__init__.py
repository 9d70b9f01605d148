"""The rules of The Resistance, pure: no I/O, no text, no clock, no global random.

    >>> g = Game.new(players=5, first_leader=0)
    >>> g = g.propose([0, 3]).vote(approvals={0, 1, 3})
    >>> g.phase, g.team
    ('mission', (0, 3))
    >>> g.inputs()[0].name, g.inputs()[0].choices
    ('fails', (0, 1, 2))
"""

from moderator.rules.errors import RuleError
from moderator.rules.flow import (
    ACCUSATION, ASSASSINATION, EXAMINATION, GAME_OVER, INVESTIGATION, LOYALTY, MISSION,
    PLOT_DRAW, PLOT_GIVE, PROPOSAL, RESISTANCE, ROGUE_CLAIM, SPIES, VOTE, WATCH, Input,
)
from moderator.rules.modules import Game
from moderator.rules.modules.commander import Assassination
from moderator.rules.records import Mission, Proposal
from moderator.rules.setup import MODULES, ROLES, VARIANTS, Setup, character_cards, configure

__all__ = [
    "ACCUSATION", "ASSASSINATION", "EXAMINATION", "GAME_OVER", "INVESTIGATION", "LOYALTY",
    "MISSION", "MODULES", "PLOT_DRAW", "PLOT_GIVE", "PROPOSAL", "RESISTANCE", "ROGUE_CLAIM",
    "ROLES", "SPIES", "VARIANTS", "VOTE", "WATCH", "Assassination", "Game", "Input", "Mission",
    "Proposal", "RuleError", "Setup", "character_cards", "configure",
]
