"""What the public record proves (rules.md §1.1, §1.5, and each module's section): the engine
keeps the deals of the Character cards the record allows, refuses a record no deal allows with
the reason, and accepts every legal counterpart.

The base game is checked against an independent enumeration written here from the raw rules,
not from the engine: every set of spies of the table's size (§1.1), kept while each mission's
team held at least as many spies as it revealed Fail cards (§1.5: the loyal play Success, spies
either)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.rules import Game, RuleError
from moderator.rules.actions import Sides
from moderator.rules.errors import ImpossibleRecord

from rulebook import SPIES, TEAM_SIZES

ALL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)


def spy_sets(players: int, missions: list[tuple[tuple[int, ...], int]]) -> list[frozenset]:
    """rules.md §1.1, §1.5 by brute force: every spy set no mission rules out."""
    return [frozenset(s) for s in combinations(range(players), SPIES[players])
            if all(len(set(team) & set(s)) >= fails for team, fails in missions)]


def refused(code: str, action, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as caught:
        action(*args, **kwargs)
    assert caught.value.code == code, caught.value
    return caught.value


def approved(game: Game, team, **named) -> Game:
    return game.propose(team, **named).vote(range(game.players))


def between(game: Game) -> Game:
    """The Hunter's steps between missions: no early accusation, any investigation."""
    while game.phase in ("accusation", "investigation") and game.winner is None:
        if game.phase == "accusation":
            if None not in game.inputs()[0].choices:
                return game  # a Hunter must accuse: the test's step
            game = game.apply(game.action({"accused": None}))
        else:
            game = game.apply(game.action({"player": game.inputs()[0].choices[0]}))
    return game


# -- the base game ------------------------------------------------------------------------------


def test_a_mission_cannot_reveal_fails_from_players_the_record_proved_loyal():
    """rules.md §1.1, §1.5, the issue's example: team {1,2} reveals two Fail cards, so 1 and 2
    are the two spies; team {3,4,5} must then reveal none."""
    game = approved(Game.new(5, 0), (0, 1)).play_mission(2)
    game = approved(game, (2, 3, 4))
    error = refused("errors.record_impossible", game.play_mission, 1)
    assert isinstance(error, ImpossibleRecord)
    assert error.params["mission"] == 2 and error.params["allowed"] == (0,)
    (proof,) = error.params["proofs"]
    assert (proof.fact.event, proof.spies, proof.loyal) == (("mission", 1), (0, 1), (2, 3, 4))
    assert game.inputs()[0].choices == (0,)
    assert game.play_mission(0).deals.left == 1  # the legal counterpart


def test_a_refusal_changes_nothing():
    game = approved(approved(Game.new(5, 0), (0, 1)).play_mission(2), (2, 3, 4))
    before = repr(game)
    refused("errors.record_impossible", game.play_mission, 1)
    assert repr(game) == before


def test_the_two_fail_mission_counts_its_fails_from_spies_too():
    """rules.md §1.5: the fourth mission at 7+ needs two Fail cards, and two spies to play
    them. A team of four holding at most one spy by the record cannot reveal two."""
    game = Game.new(7, 0)
    game = approved(game, (0, 1)).play_mission(2)  # 0 and 1 are spies: one more somewhere
    game = approved(game, (2, 3, 4)).play_mission(0)
    game = approved(game, (2, 3, 4)).play_mission(1)  # the third spy is 2, 3 or 4
    game = approved(game, (2, 3, 5, 6))  # mission 4: at most one spy on it
    assert game.fails_needed == 2
    assert game.inputs()[0].choices == (0, 1)
    refused("errors.record_impossible", game.play_mission, 2)
    assert game.play_mission(1).missions[-1].succeeded  # one Fail: still a success


def test_the_setup_allows_every_spy_set():
    for players in range(5, 11):
        game = Game.new(players, 0)
        assert game.deals.total == game.deals.left == len(spy_sets(players, []))
        assert game.deals.proven() == (frozenset(), frozenset())


def random_game(players: int, rng: random.Random):
    """A legal game from a real deal: the spies fail at random; each step's state."""
    game = Game.new(players, rng.randrange(players))
    spies = set(rng.sample(range(players), SPIES[players]))
    played: list[tuple[tuple[int, ...], int]] = []
    while game.phase != "game_over":
        size = TEAM_SIZES[players][len(game.missions)]
        team = tuple(sorted(rng.sample(range(players), size)))
        game = game.propose(team)
        game = game.vote([s for s in range(players) if rng.random() < 0.7])
        if game.phase == "mission":
            fails = sum(1 for s in team if s in spies and rng.random() < 0.6)
            yield game, played
            game = game.play_mission(fails)
            played = played + [(team, fails)]
            yield game, played


@settings(max_examples=60, deadline=None)
@given(players=st.integers(5, 10), seed=st.integers(0, 2**32 - 1))
def test_the_deals_equal_an_independent_enumeration(players, seed):
    """rules.md §1.1, §1.5: after every mission the deals left, the proven spies and loyal
    players and every player's share are what brute force over every spy set says; at every
    mission the Fail counts offered are those some spy set left allows."""
    for game, played in random_game(players, random.Random(seed)):
        left = spy_sets(players, played)
        assert game.deals.left == len(left)
        assert set(game.deals.spy_sets()) == set(left)
        spies, loyal = game.deals.proven()
        assert spies == frozenset.intersection(*left)
        assert loyal == frozenset(range(players)) - frozenset.union(*left)
        assert game.deals.shares() == tuple(
            Fraction(sum(seat in s for s in left), len(left)) for seat in range(players))
        if game.phase == "mission":
            team = game.proposals[-1].team
            most = max(len(set(team) & s) for s in left)
            assert game.inputs()[0].choices == tuple(range(most + 1))
        assert bits_as_sets(game) == set(left)  # the bit set the simulated players read


def bits_as_sets(game: Game) -> set[frozenset[int]]:
    """The spy sets `Deals.spy_bits` names, read back through the table's sets, checked
    against `Table.holding` seat by seat."""
    table, bits = game.deals.table, game.deals.spy_bits()
    found = {frozenset(s for s in range(game.players) if table.sets[i] >> s & 1)
             for i in range(len(table.sets)) if bits >> i & 1}
    for seat in range(game.players):
        assert {spies for spies in found if seat in spies} == {
            frozenset(s for s in range(game.players) if table.sets[i] >> s & 1)
            for i in range(len(table.sets)) if (bits & table.holding(seat)) >> i & 1}
    return found


def test_the_spy_sets_as_bits_follow_placed_cards_and_changed_sides():
    """rules.md §5.2, §6.1: once the record places a module's card (a Chief Fail card) or
    turns the Defectors, the bit set names the spy sets that play for the spies now, as
    `spy_sets` does."""
    hunter = Game.new(7, 0, modules=["hunter"])
    hunter = between(approved(hunter, (0, 1), investigator=2).play_mission(0, chief_fail=1))
    assert hunter.deals.found is not None
    assert bits_as_sets(hunter) == set(hunter.deals.spy_sets())
    game = Game.new(5, 0, modules=["defector"])
    game = approved(game, (0, 1)).play_mission(2)
    game = approved(game, (2, 3, 4)).play_mission(0)
    turned = game.apply(game.action({"card": "switch"}))
    assert bits_as_sets(turned) == set(turned.deals.spy_sets()) != set(game.deals.spy_sets())


@settings(max_examples=40, deadline=None)
@given(players=st.integers(5, 10), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_fail_count_no_spy_set_allows_is_refused(players, seed, data):
    """rules.md §1.5: a count above what any spy set left allows is refused, whatever the
    game; within it, accepted."""
    for game, played in random_game(players, random.Random(seed)):
        if game.phase != "mission":
            continue
        team = game.proposals[-1].team
        most = max(len(set(team) & s) for s in spy_sets(players, played))
        if most < min(len(team), SPIES[players]):
            too_many = data.draw(st.integers(most + 1, min(len(team), SPIES[players])))
            refused("errors.record_impossible", game.play_mission, too_many)
        game.play_mission(data.draw(st.integers(0, most)))


# -- the sides after the game --------------------------------------------------------------------


def five_over() -> Game:
    """Five players: 0 and 1 proven spies by mission 1, then three successes."""
    game = approved(Game.new(5, 0), (0, 1)).play_mission(2)
    for team in ((2, 3, 4), (2, 3), (2, 3, 4)):
        game = approved(game, team).play_mission(0)
    return game


def test_sides_after_the_game_must_be_a_deal_the_record_allows():
    """rules.md §1.1, §1.5: the sides entered after the game are one of the deals left; they
    prove nothing more (the record's proof stays the public record's)."""
    game = five_over()
    assert game.phase == "game_over"
    error = refused("records.errors.sides_impossible", Sides((0, 2)).apply, game)
    assert error.params["against"].event == ("mission", 1)  # two Fail cards from 0 and 1
    assert Sides((0, 1)).apply(game).deals == game.deals


# -- modules -------------------------------------------------------------------------------------


def test_a_switched_loyal_player_shows_a_fail_card():
    """rules.md §8: the Sergeant makes a player switch; a loyal player's Success becomes a
    Fail. With 0 and 1 proven spies, a team of loyal players with a switch shows exactly one
    Fail card; a switched spy may show either."""
    game = approved(Game.new(5, 0, modules=["sergeant"]), (0, 1), sergeant=1).play_mission(2)
    game = approved(game, (1, 2, 3), sergeant=2)  # 1 is a spy, 2 and 3 loyal
    fails = lambda given: next(i for i in game.inputs(given) if i.name == "fails").choices  # noqa
    assert fails({"switched": 3}) == (1, 2)  # 3 shows a Fail; 1 may add one
    assert fails({"switched": 1}) == (0, 1)
    assert fails({"switched": None}) == (0, 1)
    error = refused("errors.record_impossible", game.play_mission, 0, switched=3)
    assert error.params["switched"] == [3]
    assert not game.play_mission(1, switched=3).missions[-1].succeeded


def test_a_declared_switch_narrows_the_fail_cards_offered_next():
    """rules.md §8, §3.3: a switch declared on its own, before the reveal, is part of the
    record the Fail cards must fit."""
    from moderator.rules.modules.sergeant import SwitchCard

    game = approved(Game.new(5, 0, modules=["sergeant"]), (0, 1), sergeant=1).play_mission(2)
    game = approved(game, (2, 3, 4), sergeant=2).apply(SwitchCard(3))
    assert [i.choices for i in game.inputs() if i.name == "fails"] == [(1,)]
    refused("errors.record_impossible", game.play_mission, 0)
    assert not game.play_mission(1).missions[-1].succeeded


def test_a_trapped_card_is_never_revealed():
    """rules.md §5.3: the leader takes the trapped card out before the reveal, so its player's
    card counts for nothing: with 0 and 1 proven spies, a team whose only spy was trapped
    reveals no Fail card."""
    game = approved(Game.new(5, 0, modules=["trapper"]), (0, 1, 2)).play_mission(2, trapped=2)
    assert game.deals.proven() == (frozenset({0, 1}), frozenset({2, 3, 4}))
    game = approved(game, (1, 2, 3, 4))
    refused("errors.record_impossible", game.play_mission, 1, trapped=1)
    assert game.play_mission(1, trapped=2).deals.left == 1


def test_a_switch_allegiance_card_turns_the_defectors():
    """rules.md §5.2: after a Switch Allegiance card the resistance Defector plays for the
    spies and may play Fail. 0 and 1 are the spies as dealt; a team of two loyal players can
    reveal a Fail card only after a switch, and only if one of them is the Defector."""
    def to_round_three(card: str) -> Game:
        game = Game.new(5, 0, modules=["defector"])
        game = approved(game, (0, 1)).play_mission(2)
        game = approved(game, (2, 3, 4)).play_mission(0)
        return game.apply(game.action({"card": card}))

    unchanged = approved(to_round_three("no-change"), (2, 3))
    refused("errors.record_impossible", unchanged.play_mission, 1)
    turned = approved(to_round_three("switch"), (2, 3))
    assert turned.deals.proven() == (frozenset(), frozenset())  # who turned is not known
    after = turned.play_mission(1)
    assert after.deals.proven()[1] == {4}  # the resistance Defector is 2 or 3, so 4 stays loyal
    assert set(after.deals.spy_sets()) == {
        frozenset({a, b}) for a in (0, 1) for b in (2, 3)}  # the Spy Defector turned loyal


def test_a_spy_reverser_never_plays_fail():
    """rules.md §6.2: 0 and 1 both failed mission 1, so neither is the Spy Reverser, who is
    then the third spy; a team where that third spy is the only one cannot reveal a Fail."""
    game = Game.new(7, 0, modules=["reverser"], roles=["spy-reverser"])
    game = approved(game, (0, 1)).play_mission(2)
    game = approved(game, (2, 3, 4))
    refused("errors.record_impossible", game.play_mission, 1)
    assert game.play_mission(0).deals.left > 0
    assert game.play_mission(0, reverse=1).deals.left > 0


def test_chief_fail_cards_are_the_spy_chiefs_and_an_accusation_must_fit_them():
    """rules.md §6.1: at 7+ the spy Chief plays Chief Fail instead of Fail, so the Chief was
    on mission 1's team; a resistance Hunter's accusation of a player who never was cannot
    show the Chief, and showing "not a Chief" is accepted."""
    game = Game.new(7, 0, modules=["hunter"])
    game = between(approved(game, (0, 1), investigator=2).play_mission(0, chief_fail=1))
    for team, investigator in (((2, 3, 4), 0), ((2, 3, 5), 0), ((2, 3, 5, 6), 0)):
        game = between(approved(game, team, investigator=investigator).play_mission(0))
    assert game.phase == "accusation"
    shown = next(i for i in game.inputs({"accused": 6}) if i.name == "shown")
    assert shown.choices == ("not-chief",)
    refused("errors.accusation_impossible", game.apply, game.action(
        {"accused": 6, "shown": "chief"}))
    assert game.apply(game.action({"accused": 0, "shown": "chief"})).winner == "resistance"
    wrong = game.apply(game.action({"accused": 6, "shown": "not-chief"}))
    assert wrong.winner is None and not wrong.missions[-1].succeeded  # turned over


def test_the_commander_shown_at_the_assassination_is_loyal():
    """rules.md §5.1: the Commander is one of the Resistance: a player the record proved a
    spy cannot be the one who shows the Commander card."""
    game = Game.new(5, 0, modules=["commander"])
    for team, fails in (((0, 1), 2), ((2, 3, 4), 0), ((2, 3), 0), ((2, 3, 4), 0)):
        game = approved(game, team).play_mission(fails)
    assert game.phase == "assassination"
    assert [i.choices for i in game.inputs() if i.name == "commander"] == [(2, 3, 4)]
    refused("errors.commander_impossible", game.assassinate, 2, 0)
    assert game.assassinate(2, 3).winner == "resistance"


def test_a_card_said_after_the_game_must_fit_the_assassination():
    """rules.md §1.1, §5.1: each player holds one Character card; the Commander is known
    after the Assassination. Sides entered after the game may not give the Commander another
    card, nor the Commander card to anyone else, and the refusal names the Assassination as
    what rules them out (not the missions that proved the sides)."""
    game = Game.new(5, 0, modules=["commander"], roles=["body-guard"])
    for team in ((0, 1), (0, 1, 2), (0, 1)):
        game = approved(game, team).play_mission(0)
    game = game.assassinate(4, 0)  # the Assassin named 4; 0 is the Commander
    cards = ("body-guard", "", "", "", "")
    error = refused("records.errors.sides_impossible", Sides((2, 3), cards).apply, game)
    assert error.params["against"].event[0] == "assassinate"
    error = refused("records.errors.sides_impossible",
                    Sides((2, 3), ("", "commander", "", "", "")).apply, game)
    assert error.params["against"].event[0] == "assassinate"
    assert Sides((2, 3), ("commander", "body-guard", "", "", "")).apply(game) is game


def test_a_spy_rogue_claim_by_a_proven_loyal_player_is_refused():
    """rules.md §7: the player who shows the spy Rogue card is a spy; a claimant the record
    proved loyal cannot hold it, though they were on both failed teams."""
    game = Game.new(5, 0, modules=["rogue"], roles=["spy-rogue"])
    game = approved(game, (0, 1)).play_mission(2)  # 0 and 1 are the spies
    game = approved(game, (1, 2, 3)).play_mission(1)
    game = approved(game, (1, 2)).play_mission(1)  # the third failure
    assert game.phase == "rogue_claim"
    assert [i.choices for i in game.inputs() if i.name == "claimant"] == [(None, 1)]
    refused("errors.rogue_claim_impossible", game.apply, game.action({"claimant": 2}))
    assert game.apply(game.action({"claimant": 1})).reason == "spy_rogue_wins"


def test_the_blame_shows_two_cards_and_swaps_their_sides():
    """rules.md §6.1: the Deep Agent reveals (a spy) and the blamed shows whether they are the
    Pretender; right, the two swap sides. A Deep Agent the record proved loyal is refused."""
    from moderator.rules.modules.hunter import Blame

    game = Game.new(7, 0, modules=["hunter"], roles=["deep-agent", "pretender"])
    game = between(approved(game, (0, 1), investigator=2).play_mission(1, chief_fail=1))
    game = game.propose((0, 1, 2), investigator=3)
    error = refused("errors.blame_impossible", game.apply, Blame(0, 1, True))  # 1 is a spy
    assert error.params["seat"] == 1
    swapped = game.apply(Blame(0, 4, True))
    spies_before = {s for group in game.deals.spy_sets() for s in group}
    assert 0 in spies_before
    for group in swapped.deals.spy_sets():
        assert 0 not in group and 4 in group  # the two swapped sides


def test_a_house_rule_reading_is_named_when_it_decides_the_record():
    """rules.md §5.3, §13 `trapper-sergeant-same-player`: a card both trapped and switched is
    taken out as it lies, so the switch shows nothing; a refusal on such a mission names the
    setting."""
    game = Game.new(5, 0, modules=["trapper", "sergeant"])
    game = approved(game, (0, 1, 2), sergeant=1).play_mission(2, trapped=2)
    game = approved(game, (0, 2, 3, 4), sergeant=2)
    error = refused("errors.record_impossible", game.play_mission, 2, trapped=3, switched=3)
    assert error.params["settings"] == [("trapper-sergeant-same-player", "allowed")]
    assert game.play_mission(1, trapped=3, switched=3).deals.left > 0
