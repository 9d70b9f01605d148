"""Random legal and illegal actions through the log (design.md §3): a refused action leaves
the file byte for byte as it was, and loading the file always gives the game in memory."""

import os
import shutil
import tempfile

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from moderator import codec, session, store
from moderator.rules import RuleError, tables

seats = st.lists(st.integers(0, 11), max_size=6)


@settings(max_examples=60, stateful_step_count=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
class LogMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.home = tempfile.mkdtemp()
        os.environ["MODERATOR_HOME"] = self.home
        self.game_id = None
        self.game = None

    @initialize(players=st.integers(5, 10), leader=st.integers(0, 9),
          targeting=st.booleans(), commander=st.booleans())
    def start(self, players, leader, targeting, commander):
        os.environ["MODERATOR_HOME"] = self.home
        names = [f"P{s}" for s in range(1, players + 1)]
        started = session.start(
            players, names, "en", ["commander"] if commander else [],
            ["targeting"] if targeting else [], {}, leader % players, 1, False,
        )
        self.game_id, self.game = started.game_id, started.game

    def _try(self, action):
        os.environ["MODERATOR_HOME"] = self.home
        path = store.path_of(self.game_id)
        before = path.read_bytes()
        try:
            self.game = session.act(self.game_id, codec.decode(action)).game
        except RuleError:
            assert path.read_bytes() == before

    @rule(team=seats, mission=st.none() | st.integers(0, 6))
    def propose(self, team, mission):
        action = {"type": "propose", "team": team}
        if mission is not None:
            action["mission"] = mission
        self._try(action)

    @rule(data=st.data())
    def propose_legal(self, data):
        game = self.game
        if game.phase != "proposal":
            return
        mission = data.draw(st.sampled_from(game.open_missions)) if game.targeting else None
        size = tables.team_size(game.players, mission or game.mission)
        team = data.draw(st.lists(st.integers(1, game.players), min_size=size, max_size=size,
                                  unique=True))
        self._try({"type": "propose", "team": team, **({"mission": mission} if mission else {})})

    @rule(data=st.data())
    def vote_legal(self, data):
        everyone = range(1, self.game.players + 1)
        self._try({"type": "vote", "approve": data.draw(st.lists(st.sampled_from(everyone),
                                                                 unique=True))})

    @rule(data=st.data())
    def mission_legal(self, data):
        self._try({"type": "mission", "fails": data.draw(st.integers(0, self.game.spies))})

    @rule(approve=seats)
    def vote(self, approve):
        self._try({"type": "vote", "approve": approve})

    @rule(fails=st.integers(-1, 6))
    def mission(self, fails):
        self._try({"type": "mission", "fails": fails})

    @rule(named=st.integers(0, 11), commander=st.integers(0, 11))
    def assassinate(self, named, commander):
        self._try({"type": "assassinate", "target": named, "commander": commander})

    @rule(back=st.booleans())
    def undo_or_redo(self, back):
        os.environ["MODERATOR_HOME"] = self.home
        path = store.path_of(self.game_id)
        before = path.read_bytes()
        try:
            self.game = (session.undo if back else session.redo)(self.game_id)[0].game
        except RuleError:
            assert path.read_bytes() == before

    def teardown(self):
        shutil.rmtree(self.home, ignore_errors=True)

    @invariant()
    def the_file_is_the_game(self):
        os.environ["MODERATOR_HOME"] = self.home
        assert session.open_game(self.game_id).game == self.game


TestLog = LogMachine.TestCase
