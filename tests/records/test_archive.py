"""The JSON document of a game and its import checks (design.md §3: a game is its setup and
its actions): the content id tells the same game apart; a bad file is refused whole, with
where it is wrong, before anything is written."""

from __future__ import annotations

import json

import pytest

from moderator import codec, session
from moderator.records import archive



def setup(**extra) -> dict:
    return {"created": "2026-11-30T20:00:00+00:00", "players": 5,
            "names": ["Anna", "Ben", "Carl", "Dora", "Emil"], "lang": "en", "modules": [],
            "variants": [], "roles": [], "house_rules": {}, "allow_incompatible": False,
            "first_leader": 1, "leader_chosen": True, "seed": 424242, **extra}


def propose(*team):
    return {"type": "propose", "team": list(team)}


def vote(*approve):
    return {"type": "vote", "approve": list(approve)}


def mission(fails):
    return {"type": "mission", "fails": fails}


RESISTANCE_WINS = [  # mission 2 fails, the others succeed
    propose(1, 2), vote(1, 2, 5), mission(0),
    propose(2, 3, 4), vote(3, 4),
    propose(3, 4, 5), vote(3, 4, 5), mission(1),
    propose(4, 5), vote(2, 3, 4, 5), mission(0),
    propose(1, 2, 5), vote(1, 3, 4, 5), mission(0),
]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path))
    return tmp_path


def document(actions=RESISTANCE_WINS, **options) -> dict:
    return {"format": "moderator-game", "version": 1, "game": "G",
            "setup": {k: v for k, v in setup(**options).items() if k != "seed"},
            "actions": actions, "summary": {}}


def read(doc) -> archive.Imported:
    return archive.read(doc if isinstance(doc, str) else json.dumps(doc))


def refusal(doc) -> archive.Refused:
    with pytest.raises(archive.Refused) as refused:
        read(doc)
    return refused.value


def test_the_content_id_ignores_the_seed_and_the_timestamps_but_not_the_game():
    stamped = [{**a, "at": "2026-11-30T21:00:00+00:00"} for a in RESISTANCE_WINS]
    base = archive.content_id(setup(), RESISTANCE_WINS)
    assert archive.content_id({**setup(), "seed": 7}, stamped) == base
    assert archive.content_id(setup(), RESISTANCE_WINS[:-1]) != base
    assert archive.content_id(setup(names=["Anna", "Ben", "Carl", "Dora", "Emilia"]),
                              RESISTANCE_WINS) != base


def test_house_rules_left_at_their_default_count_as_written_out():
    """rules.md §13: a game records every setting, defaults included."""
    full = read(document()).setup["house_rules"]
    assert full["rogue-win-team"] == "no-team-winner" and len(full) >= 18
    assert archive.content_id(setup(house_rules=full), RESISTANCE_WINS) == \
        archive.content_id(setup(), RESISTANCE_WINS)


def test_a_document_is_replayed_through_the_rules():
    imported = read(document())
    assert imported.game.winner == "resistance" and len(imported.actions) == 14
    assert imported.setup["seed"] != 424242  # a fresh one for what is still to be drawn


def test_a_saved_game_is_found_by_its_content_and_a_changed_one_is_not():
    imported = read(document(RESISTANCE_WINS[:3]))
    game_id, new = archive.save(imported)
    assert new and archive.saved_ids() == {imported.content_id: game_id}
    assert archive.save(imported) == (game_id, False)  # the same game is saved once
    assert game_id.startswith("2026-11-30-")  # numbered from the day it was played
    session.act(game_id, codec.decode(propose(2, 3, 4)))
    assert imported.content_id not in archive.saved_ids()


@pytest.mark.parametrize("text,code,params", [
    ("{", "records.errors.import_not_json", {"line": 1}),
    ('{\n "format": "moderator-game",\n "version": 1,\n oops\n}',
     "records.errors.import_not_json", {"line": 4}),
    ("[1, 2]", "records.errors.import_not_game", {}),
    ('{"format": "something-else"}', "records.errors.import_not_game", {}),
    ("[" * 100_000, "records.errors.import_not_game", {}),
])
def test_a_file_that_is_not_a_game_is_refused(text, code, params):
    refused = refusal(text)
    assert (refused.code, refused.params) == (code, params)


def test_a_newer_format_is_refused():
    assert refusal({**document(), "version": 2}).code == "records.errors.import_newer"
    assert refusal({**document(), "version": "1"}).code == "records.errors.import_not_game"


@pytest.mark.parametrize("field,value", [
    ("names", ["Anna", "Ben", "Carl", "Dora"]),  # four names for five players
    ("names", ["Anna", "anna", "Carl", "Dora", "Emil"]),  # the same name twice
    ("names", ["Anna", "2", "Carl", "Dora", "Emil"]),  # a number stands for a seat
    ("names", ["Anna", "", "Carl", "Dora", "Emil"]),
    ("players", "5"),
    ("players", True),
    ("lang", "fr"),
    ("created", "yesterday"),
    ("modules", "commander"),
    ("house_rules", {"rogue-win-team": 1}),
    ("table", {"timer": "long"}),
    ("table", {"timer": 10 ** 400}),  # no clock counts that down (issue 35, item 6)
])
def test_a_setup_field_of_the_wrong_shape_is_named(field, value):
    doc = document()
    doc["setup"][field] = value
    refused = refusal(doc)
    assert (refused.code, refused.params) == ("records.errors.import_bad_field", {"field": field})


@pytest.mark.parametrize("name", ["all", "None", "ALLE", "niemand"])
def test_a_player_named_like_a_word_of_the_vote_is_refused(name):
    """`new` refuses such a name (`--approve all` means everyone), so an imported game may not
    bring one in."""
    doc = document()
    doc["setup"]["names"][1] = name
    refused = refusal(doc)
    assert (refused.code, refused.params) == ("records.errors.import_vote_word", {"name": name})


def test_a_setup_the_rules_refuse_is_refused_with_their_reason():
    doc = document()
    doc["setup"]["modules"] = ["hunter", "commander"]
    refused = refusal(doc)
    assert refused.code == "records.errors.import_setup_refused"
    assert refused.cause.code == "errors.uncovered"  # rules.md §10.3


def test_an_action_the_rules_refuse_is_refused_with_its_number():
    """rules.md §1.2: mission 1 at five players takes two."""
    refused = refusal(document([propose(1, 2), vote(1, 2, 3), mission(0), propose(2, 3)]))
    assert refused.code == "records.errors.import_action_refused"
    assert refused.params == {"number": 4, "kind": "propose"}
    assert refused.cause.code == "errors.team_size"


def test_a_record_no_deal_of_the_cards_allows_is_refused_with_its_number(home):
    """rules.md §1.1, §1.5: two Fail cards on Carl, Dora and Emil's mission place both spies
    there; Anna and Ben's team cannot then show a Fail card. The file is refused whole, not
    saved to load with a warning ever after."""
    impossible = [propose(1, 2), vote(1, 2, 3), mission(0),
                  propose(3, 4, 5), vote(1, 2, 3), mission(2),
                  propose(1, 2), vote(1, 2, 3), mission(1)]
    refused = refusal(document(impossible))
    assert refused.code == "records.errors.import_action_refused"
    assert refused.params == {"number": 9, "kind": "mission"}
    assert refused.cause.code == "errors.record_impossible"
    assert not list(home.iterdir())
    assert read(document([*impossible[:-1], mission(0)])).game.missions[-1].fails == 0


@pytest.mark.parametrize("action,kind", [
    ({"type": "undo"}, "undo"),  # an imported game starts with a clean history
    ({"type": "teleport"}, "teleport"),
    ({"team": [1, 2]}, "None"),
    ("propose", "None"),
    ({"type": "propose", "team": "12"}, "propose"),
    ({"type": "vote"}, "vote"),
])
def test_an_action_that_is_no_action_is_refused_with_its_number(action, kind):
    refused = refusal(document([propose(1, 2), action]))
    assert (refused.code, refused.params) == (
        "records.errors.import_bad_action", {"number": 2, "kind": kind})


def test_an_action_with_a_field_no_rule_reads_is_refused_with_its_number():
    """Issue 25: an import writes only what it checked; a field the replay never read would
    be written unchecked (here 4.9 MB, over the store's 1 MB line limit)."""
    padded = [*RESISTANCE_WINS]
    padded[0] = {**padded[0], "junk": "x" * 4_900_000}
    refused = refusal(document(padded))
    assert (refused.code, refused.params) == (
        "records.errors.import_unknown_field", {"number": 1, "kind": "propose", "field": "junk"})
    assert archive.saved_ids() == {}


def test_a_line_the_store_would_refuse_to_read_is_never_imported():
    """Issue 25: even a known field (a time stamp) too long for one log line is refused."""
    from moderator import store

    padded = [*RESISTANCE_WINS]
    padded[1] = {**padded[1], "at": "2026-11-30T20:00:00+00:00" + " " * store.LONGEST_LINE}
    refused = refusal(document(padded))
    assert (refused.code, refused.params) == ("records.errors.import_line_long", {"number": 2})
