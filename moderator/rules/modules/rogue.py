"""Rogue Agent module (rules.md §7): the Watch token, Rogue Success cards, and the Rogues who
win alone.

Rogue Success cards are visibly different and only the resistance Rogue may play them, so that
Rogue's win is read from the recorded cards. Fail cards all look alike, so for the spy Rogue the
record can only rule a claim out; the rest is the claimant's word, confirmed by the host.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from moderator.rules import tables
from moderator.rules.actions import Action, Seat
from moderator.rules.deals import Holds, Play, holds_refusal, record_limit
from moderator.rules.errors import RuleError
from moderator.rules.flow import (
    APPROVED, FULL, GAME_OVER, MISSION, OUTSIDE, PARTIAL, RESISTANCE, RESISTANCE_ROGUE, SPIES,
    SPY_ROGUE, Input, Limit, ask, could_play, limit,
)
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Mission, Proposal


#: The leader hands the Watch token to a team member (rules.md §7); the spy Rogue may claim
#: the win at the third failure.
WATCH, ROGUE_CLAIM = "watch", "rogue_claim"


def resistance_rogue_wins(missions: Sequence[Mission], earlier_rule: str) -> bool:
    """Rogue Success on the winning third success and on an earlier mission."""
    *earlier, last = missions
    if not last.rogue_success:
        return False
    return earlier_rogue_success(earlier, earlier_rule)


def earlier_rogue_success(earlier: Sequence[Mission], earlier_rule: str) -> bool:
    """A Rogue Success on an earlier mission that counts for the Rogue's own win."""
    if earlier_rule == "same-result":  # house rule: only earlier successes count
        earlier = [m for m in earlier if m.succeeded]
    return any(m.rogue_success for m in earlier)


def unwatched(team: Collection[int], watch: int | None, trapped: int | None) -> frozenset[int]:
    """Who on a team could have played a revealed Rogue Success: not the Watch holder, and not
    the player whose card the Trapper took out before the reveal (rules.md §5.3, §7)."""
    return frozenset(team) - {watch, trapped}


def rogue_seats(missions: Sequence[Mission]) -> frozenset[int] | None:
    """Who can be the resistance Rogue by the Rogue Success cards on record (every one is
    theirs: rules.md §7, §13.1); None when no Rogue Success was revealed."""
    played = [unwatched(m.team, m.watch, m.trapped) for m in missions if m.rogue_success]
    return frozenset.intersection(*played) if played else None


def possible_rogue_success(game: Game, given: Given) -> Limit:
    """The Rogue Success record must stay possible (rules.md §7, §13.1): the one resistance
    Rogue played every Rogue Success, so one player, never the Watch holder there, was on
    every team that revealed one. Else the record is refused before anything is written."""
    pending = game.proposals[-1]
    trapped = given.get("trapped")
    record = [m for m in game.missions if m.rogue_success]
    earlier = [(m.rogue_success, unwatched(m.team, m.watch, m.trapped)) for m in record]
    now = unwatched(pending.team, game.watch, trapped)
    takes_out = trapped is not None or any(m.trapped is not None for m in record)
    code = "errors.rogue_success_impossible" + ("_trapped" if takes_out else "")
    missions = tuple(sorted({m.mission for m in record} | {pending.mission}))
    return limit(lambda n: n == 0 or could_play(1, [*earlier, (n, now)]), code,
                 together=missions)


def spy_claim_refusal(missions: Sequence[Mission], seat: int, earlier_rule: str,
                      resistance_rogue: bool = False) -> str | None:
    """Why the record rules out a spy Rogue claim by `seat`, as an i18n key; None if it can
    stand (the claimant was on this failed team, which revealed a Fail, and on an earlier team
    that revealed a Fail, and is not the only player who can have played the Rogue Success
    cards on record, who is the resistance Rogue: rules.md §7, §13.1)."""
    *earlier, last = missions
    if resistance_rogue and rogue_seats(missions) == frozenset({seat}):
        return "errors.rogue_claim_resistance_rogue"
    if seat not in last.team:
        return "errors.rogue_claim_not_on_team"
    if not last.fails:  # failed without a Fail card (a Reverse card turned it)
        return "errors.rogue_claim_no_fail"
    candidates = [m for m in earlier if seat in m.team and m.fails]
    if earlier_rule == "same-result":
        candidates = [m for m in candidates if not m.succeeded]
    if not candidates:
        return "errors.rogue_claim_no_earlier"
    return None


def rogue_may_be_on_team(game: Game) -> bool:
    """Can the team of this round reveal a Rogue Success? Only if it holds a player who can
    be the resistance Rogue by the record, not holding the Watch token (rules.md §7, §13.1);
    before a team is proposed, it may."""
    if game.phase not in game.TEAM_CHOSEN or not game.proposals:
        return True
    seats = rogue_seats(game.missions)
    now = unwatched(game.proposals[-1].team, game.watch, None)
    return seats is None or bool(seats & now)


#: At 5-6 players the Watch token is not used on the first two approved missions (§7).
SMALL_GAME_UNWATCHED = 2


def watch_due(game: Game) -> bool:
    """Does an approved team get the Watch token? Only with the resistance Rogue, and at
    5-6 players not on the first two missions (rules.md §7)."""
    return RESISTANCE_ROGUE in game.characters and (
        game.players >= 7 or len(game.missions) >= SMALL_GAME_UNWATCHED
    )


class GiveWatch(Action):
    """The leader gives the Watch token to a team member (rules.md §7)."""

    kind, step = "watch", WATCH
    holder: Seat

    def apply(self, game: Game) -> Game:
        return give_watch(game, self.holder)


class ClaimRogue(Action):
    """A spy Rogue claims the win, or nobody does (`claimant` None)."""

    kind, step = "rogue_claim", ROGUE_CLAIM
    claimant: Seat | None

    def apply(self, game: Game) -> Game:
        return claim_rogue(game, self.claimant)


class Rogue(Module):
    id = "rogue"
    actions = (GiveWatch, ClaimRogue)
    phases = {WATCH: APPROVED, ROGUE_CLAIM: OUTSIDE}
    hidden_characters = True
    character_card_refusal = "errors.plot_reveals_rogue"  # rules.md §7: Loyalty cards only
    dealt_cards = frozenset({RESISTANCE_ROGUE, SPY_ROGUE})
    card_fields = {"rogue_success": ("errors.no_rogue_success", 0)}

    def start(self, game: Game) -> None:
        game._put(watch=None)

    def before_mission(self, game: Game) -> str | None:
        return WATCH if watch_due(game) else None

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if not reveal:
            return ()
        present = RESISTANCE_ROGUE in game.characters
        room = game.revealed(given) - given.get("fails", 0) - given.get("chief_fail", 0)
        return (ask(
            "rogue_success", range(2),
            limit(lambda n: n == 0 or present, "errors.no_rogue_success"),
            limit(lambda n: n <= 1, "errors.rogue_success_one"),  # one Rogue, one card
            limit(lambda n: n <= room, "errors.fails_range", size=game.revealed(given)),
            possible_rogue_success(game, given),
            kind="count", default=0,
        ),)

    def mission_cards(self, game: Game, given: Given) -> tuple[Play, ...]:
        """The resistance Rogue may play Rogue Success, not while holding the Watch token."""
        if RESISTANCE_ROGUE not in game.characters:
            return ()
        barred = 0 if game.watch is None else 1 << game.watch
        return (Play(RESISTANCE_ROGUE, "rogue_success", barred=barred),)

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, object]:
        return {"rogue_success": mission.rogue_success, "watch": game.watch}

    def mission_done(self, game: Game) -> None:
        game._put(watch=None)

    def rejected(self, game: Game) -> None:
        game._put(watch=None)  # an approval cancelled by No Confidence takes the token back

    def third(self, game: Game, side: str, turned: bool) -> bool:
        # A third failure reached through a wrong accusation goes straight to the spy
        # Hunter's accusation, without a spy Rogue claim (rules.md §13.1,
        # `hunter-turned-third-failure`): no Fail of the claimant's made that failure.
        if side == SPIES and SPY_ROGUE in game.characters and not turned:
            game._put(phase=ROGUE_CLAIM)
            return True
        if side == RESISTANCE and RESISTANCE_ROGUE in game.characters and resistance_rogue_wins(
                game.missions, game.setting("rogue-earlier-mission")):
            rogue_wins(game, RESISTANCE_ROGUE)
            return True
        return False

    def stakes(self, game: Game, side: str) -> tuple[str, bool] | None:
        """The spy Rogue may claim first; a Rogue Success now wins for the resistance Rogue
        who has one on record (rules.md §7). Either only under a condition."""
        if side == SPIES and SPY_ROGUE in game.characters:
            return ("rogue_claim", False)
        if side == RESISTANCE and RESISTANCE_ROGUE in game.characters and \
                earlier_rogue_success(game.missions, game.setting("rogue-earlier-mission")) \
                and rogue_may_be_on_team(game):
            return ("rogue_success_wins", False)
        return None

    def also_won(self, game: Game, winner: str, reason: str) -> tuple[tuple[str, str], ...]:
        """A Rogue whose team won without them winning alone shares a partial victory."""
        rogue = RESISTANCE_ROGUE if winner == RESISTANCE else SPY_ROGUE
        decided_in = len(game.missions) + (reason == "five_rejections")
        if rogue in game.characters and (
            game.setting("rogue-partial-win") == "whenever-team-wins"
            or decided_in == tables.MISSIONS
        ):
            return ((rogue, PARTIAL),)
        return ()

    def phase_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        if game.phase == WATCH:
            return (Input("holder", "seat", game.proposals[-1].team),)
        if game.phase == ROGUE_CLAIM:
            can = tuple(s for s in range(game.players) if claim_refusal(game, s) is None)
            return (Input("claimant", "seat", (None, *can), limits=(record_limit(
                game.deals, lambda seat: None if seat is None else claim(game, seat),
                "errors.rogue_claim_impossible",
                lambda seat: holds_refusal(game.deals, claim(game, seat))),)),)
        return ()


def rogue_wins(game: Game, who: str) -> None:
    """A Rogue wins alone and the game ends; no team wins or loses (rules.md §7), unless
    the house rule gives the Rogue's team a partial victory."""
    winners: tuple[tuple[str, str], ...] = ((who, FULL),)
    if game.setting("rogue-win-team") == "team-partial":
        winners += ((RESISTANCE if who == RESISTANCE_ROGUE else SPIES, PARTIAL),)
    game._put(phase=GAME_OVER, winner=None, reason=f"{who.replace('-', '_')}_wins",
              winners=winners)


def claim_refusal(game: Game, seat: int) -> str | None:
    """Why this game's record rules out a spy Rogue claim by `seat` (an i18n key), or None."""
    return spy_claim_refusal(game.missions, seat, game.setting("rogue-earlier-mission"),
                             RESISTANCE_ROGUE in game.characters)


def give_watch(game: Game, seat: int) -> Game:
    """After approval the leader hands the Watch token to a team member (rules.md §7). On a
    mission that uses no Watch token the refusal says why, not merely that it is not time."""
    if "rogue" not in game.modules:
        raise RuleError("errors.no_rogue_module")
    if game.phase != GAME_OVER and not watch_due(game):
        if RESISTANCE_ROGUE not in game.characters:
            raise RuleError("errors.watch_spy_rogue_only")
        raise RuleError("errors.watch_first_missions", missions=SMALL_GAME_UNWATCHED)
    game._expect(WATCH)
    game._check_seats((seat,))
    if seat not in game.proposals[-1].team:
        raise RuleError("errors.watch_not_on_team")
    done = game._copy()
    done._put(watch=seat, phase=MISSION)
    done._event("watch_given")
    return done


def claim_rogue(game: Game, claimant: int | None) -> Game:
    """At the third failure: the player who shows the spy Rogue card and claims the win
    alone, or None when nobody does (rules.md §7)."""
    game._expect(ROGUE_CLAIM)
    done = game._copy()
    if claimant is None:
        done._third(SPIES, turned=False, after="rogue")
        return done
    game._check_seats((claimant,))
    refusal = claim_refusal(game, claimant)
    if refusal:
        raise RuleError(refusal, seat=claimant)
    done._learn(claim(game, claimant), "errors.rogue_claim_impossible")
    rogue_wins(done, SPY_ROGUE)
    return done


def claim(game: Game, seat: int) -> Holds:
    """A claim shows the spy Rogue card: its holder is a spy (rules.md §7)."""
    return Holds((ClaimRogue.kind, len(game.missions)), seat, (SPY_ROGUE,))
