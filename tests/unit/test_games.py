"""The table of games (rules_lib.games): every game found by one key, with its rules,
presets (labels, link keys), option descriptions, new_game and bots; the *Rules
classes share with_options / preset; the widgets, links and showdown read the table."""

from __future__ import annotations

import random

import pytest

from rules_lib import strategy
from rules_lib.errors import UnknownOptionError, UnknownPresetError
from rules_lib.games import GAMES, find_game
from rules_lib.rules_base import RulesBase
from rules_lib.showdown import RULESET_KEYS, RULESETS

KEYS = [g.key for g in GAMES]
TURN_BASED = [g.key for g in GAMES if g.kind != "arrangement"]


def test_every_game_is_found_by_its_key():
    assert KEYS == [
        "mau_binh",
        "chinese_poker",
        "tien_len",
        "three_thirteen",
        "tredici",
        "pyramid",
        "indian_rummy",
    ]
    assert [find_game(key).key for key in KEYS] == KEYS
    with pytest.raises(UnknownOptionError, match="unknown game 'poker'; the games are: mau_binh"):
        find_game("poker")


@pytest.mark.parametrize("key", KEYS)
def test_every_rules_class_shares_the_base_and_names_its_game(key):
    game = find_game(key)
    assert issubclass(game.rules_class, RulesBase)
    assert key == game.rules_class.GAME
    assert "with_options" not in vars(game.rules_class)  # one copy, in the base
    assert "preset" not in vars(game.rules_class)


@pytest.mark.parametrize("key", KEYS)
def test_every_preset_has_a_label_and_a_link_key(key):
    game = find_game(key)
    assert [p.name for p in game.preset_infos] == list(game.presets)
    assert all(p.label and p.link for p in game.preset_infos)
    assert len(set(game.labels.values())) == len(game.labels)
    assert len(game.links) == len(game.preset_infos)  # link keys differ within a game
    assert all(p.link == p.link.strip().lower() and " " not in p.link for p in game.preset_infos)
    assert next(iter(game.presets)) == "source"
    assert game.presets["source"] == game.rules_class()  # the default is the source's reading


@pytest.mark.parametrize("key", KEYS)
def test_every_preset_is_found_by_its_name_and_by_its_link_key(key):
    game = find_game(key)
    for p in game.preset_infos:
        assert game.rules_class.preset(p.name) is game.presets[p.name]
        assert game.preset_for_link(p.link) is game.presets[p.name]


@pytest.mark.parametrize("key", KEYS)
def test_every_option_has_a_description(key):
    game = find_game(key)
    options = game.options
    assert [name for name, _ in options] == list(game.rules_class.options())
    for name, doc in options:
        assert doc, f"{key}.{name} has no description"
        assert doc == doc.strip() and not doc.endswith(".")
        assert doc[0].islower() or not doc[0].isalpha() or doc[:5] == "A-2-3" or doc[:5] == "Q-K-A"


@pytest.mark.parametrize("key", KEYS)
def test_with_options_rejects_an_unknown_option_naming_the_options(key):
    game = find_game(key)
    rules = game.rules_class()
    with pytest.raises(UnknownOptionError) as info:
        rules.with_options(no_such_option=True)
    message = str(info.value)
    assert message.startswith(f"{game.short_name} has no rule option 'no_such_option'; ")
    assert message.endswith("its options are: " + ", ".join(game.rules_class.options()))


@pytest.mark.parametrize("key", KEYS)
def test_every_preset_is_the_default_with_some_options_changed(key):
    game = find_game(key)
    default = game.rules_class()
    assert default.with_options() == default
    for preset in game.presets.values():
        changed = {
            name: getattr(preset, name)
            for name in default.options()
            if getattr(preset, name) != getattr(default, name)
        }
        assert default.with_options(**changed) == preset


@pytest.mark.parametrize("key", KEYS)
def test_preset_rejects_an_unknown_name_listing_the_presets(key):
    game = find_game(key)
    with pytest.raises(UnknownPresetError) as info:
        game.rules_class.preset("no such preset")
    assert str(info.value) == (
        f"no {game.short_name} preset 'no such preset'; the presets are: {', '.join(game.presets)}"
    )
    assert isinstance(info.value, UnknownOptionError)  # code catching the old error still works


def test_an_unknown_link_key_is_a_preset_error():
    with pytest.raises(UnknownPresetError, match="the keys are: mb-source, mb-poker"):
        find_game("mau_binh").preset_for_link("poker")


@pytest.mark.parametrize("key", TURN_BASED)
def test_a_turn_based_game_starts_from_a_seed_under_every_preset(key):
    game = find_game(key)
    assert game.new_game is not None
    for rules in game.presets.values():
        state = game.new_game(seed=3, rules=rules)
        assert game.new_game(seed=3, rules=rules) == state


@pytest.mark.parametrize("key", TURN_BASED)
def test_every_bot_of_a_turn_based_game_chooses_a_legal_action(key):
    game = find_game(key)
    assert game.new_game is not None and game.bots
    state = game.new_game(seed=5)
    seat = state.current_player()
    for name, make in game.bots.items():
        legal = state.legal_actions()
        choice = make().choose(state.observation(seat), legal, random.Random(0))
        assert choice in legal, name


@pytest.mark.parametrize("key", ["mau_binh", "chinese_poker"])
def test_the_bot_of_an_arrangement_game_sets_a_hand_in_order(key):
    from rules_lib.setting import deal

    game = find_game(key)
    assert game.new_game is None
    arrangement = game.bots["solver"](deal(2)[0], game.rules_class())
    assert not arrangement.is_misset()


def test_the_showdown_rule_sets_are_the_arrangement_games_presets():
    assert list(RULESETS) == [
        "Mậu Binh (source rules)",
        "Mậu Binh (straight flush and four of a kind as hands)",
        "Mậu Binh (home rules, each row for points)",
        "Chinese Poker (source rules)",
        "Chinese Poker (two specials cancel)",
        "Chinese Poker (2-4 scoring, surrender)",
        "Chinese Poker (1-6 scoring, surrender)",
    ]
    assert list(RULESET_KEYS) == [
        "mb-source",
        "mb-poker",
        "mb-home",
        "cp-source",
        "cp-cancel",
        "cp-2-4",
        "cp-1-6",
    ]
    for link, label in RULESET_KEYS.items():
        game, rules = RULESETS[label]
        assert find_game(game).preset_for_link(link) is rules


@pytest.mark.parametrize("key", KEYS)
def test_every_opponent_is_one_of_the_games_bots_with_a_label_and_a_link_key(key):
    game = find_game(key)
    assert all(o.bot in game.bots for o in game.opponent_infos)
    assert all(o.label and o.link for o in game.opponent_infos)
    assert len(game.opponents) == len(game.opponent_infos)  # link keys differ within a game
    assert all(o.link == o.link.strip().lower() and " " not in o.link for o in game.opponent_infos)
    for o in game.opponent_infos:
        assert game.opponent_bot(o.link) is game.bots[o.bot]
    with pytest.raises(UnknownOptionError, match=r"no .* opponent 'best'"):
        game.opponent_bot("best")


def test_game_names_come_from_the_table():
    assert (find_game("chinese_poker").name, find_game("mau_binh").name) == strategy.GAMES
    assert find_game("three_thirteen").short_name == "Three-Thirteen"
    assert find_game("three_thirteen").name == "Three-Thirteen Rummy"


def test_the_widgets_menus_and_links_read_the_table():
    pytest.importorskip("ipywidgets")
    from rules_lib.widgets import three_thirteen_widgets, tien_len_widgets, tredici_widgets

    assert find_game("tien_len").labels == tien_len_widgets.PRESET_LABELS
    assert find_game("tien_len").opponents == {
        "heuristic": "heuristic bots",
        "search": "search bots (strongest, slower)",
        "greedy": "greedy bots",
        "random": "random bots",
    }
    assert tredici_widgets.OPPONENTS == {
        "book": "the book's bot",
        "search": "the search bot (strongest, slower)",
    }
    assert list(tredici_widgets.RULE_CHOICES.values()) == [
        "Source rules",
        "House rules: play the card you drew, draw at will",
        "Simple: no 'last card' or 'thirteen'",
    ]
    assert three_thirteen_widgets.RULE_KEYS == {
        "source": "source",
        "variations": "variations",
        "natural": "natural in every meld",
    }


def test_the_table_is_data_read_from_games_toml():
    import tomllib
    from importlib import resources

    tables = tomllib.loads(resources.files("rules_lib").joinpath("games.toml").read_text())["game"]
    assert [t["key"] for t in tables] == KEYS
    assert find_game("tredici").jokers == tables[4]["jokers"] == 2


def test_a_game_with_no_code_registered_says_so():
    from rules_lib.games import GameInfo

    bare = GameInfo.from_table({"key": "x", "name": "X", "players": "2", "kind": "k", "goal": "g"})
    assert bare.new_game is None
    with pytest.raises(LookupError, match="X has no rules class registered"):
        _ = bare.rules_class


def test_every_game_names_an_app_of_the_book_that_plays_it() -> None:
    from pathlib import Path

    apps = Path(__file__).resolve().parents[2] / "book" / "apps"
    for game in GAMES:
        name, _, query = game.app.partition("?")
        assert (apps / f"{name}.ipynb").is_file(), game.key
        assert not query or query.startswith("rules=")
