"""The OpenSpiel-shaped game: code written for pyspiel's API runs on Seega unchanged."""

import importlib.util
import pathlib
import random

import pytest

import seega

RULESETS = ["standard", "diagonal", "chain"]
SIZES = [5, 7, 9]
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("size", SIZES)
def test_legal_actions_are_perft_1_over_random_games(rules, size):
    game = seega.load_game("seega", {"rules": f"{rules}(size={size})"})
    rng = random.Random(size * 31 + len(rules))
    limit = game.num_distinct_actions()
    for _ in range(2):
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal() and plies < 150:
            actions = state.legal_actions()
            pos = state.position()
            assert len(actions) == len(set(actions)) == pos.perft(1)
            assert actions == sorted(actions) and 0 <= actions[0] and actions[-1] < limit
            assert state.current_player() == pos.side
            # Every action names a legal move, and back.
            for a in rng.sample(actions, min(5, len(actions))):
                assert state.string_to_action(state.action_to_string(a)) == a
                assert state.action_to_string(state.current_player(), a) in pos.legal_move_strings()
            state.apply_action(rng.choice(actions))
            plies += 1
        assert len(state.history()) == plies
        if state.is_terminal():
            assert state.current_player() == -4
            assert state.legal_actions() == []
            outcome = state.position().outcome()
            want = [0.0, 0.0] if outcome["winner"] is None else [1.0, -1.0] if outcome["winner"] == 0 else [-1.0, 1.0]
            assert state.returns() == want


def test_actions_mean_the_same_move_in_every_position():
    game = seega.load_game()
    first = game.new_initial_state()
    a = first.legal_actions()[7]
    move = first.action_to_string(a)
    later = first.clone()
    later.apply_action(first.legal_actions()[-1])  # another pair, far from the first
    assert later.action_to_string(a) == move


def test_clone_is_independent_and_illegal_actions_raise():
    state = seega.load_game().new_initial_state()
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert str(state) == "5/5/5/5/5 w 12/12 0 0" and str(other) != str(state)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(-1)
    assert state.legal_actions(1) == [] and state.legal_actions(0) == state.legal_actions()


def test_observation_tensor():
    game = seega.load_game("seega", {"rules": "standard(size=7)"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # white places two stones
    assert game.observation_tensor_shape() == [4, 7, 7]
    mine = state.observation_tensor(0)
    theirs = state.observation_tensor(1)
    assert len(mine) == game.observation_tensor_size() == 4 * 49
    assert sum(mine[:49]) == 2 and sum(mine[49:98]) == 0 and sum(theirs[49:98]) == 2
    assert set(mine[98:147]) == {0.0} and set(theirs[98:147]) == {1.0}  # black to move
    assert mine[147] == pytest.approx(22 / 24)


def test_load_game_refuses_what_it_does_not_know():
    with pytest.raises(ValueError, match="seega"):
        seega.load_game("chess")
    with pytest.raises(ValueError, match="parameter"):
        seega.load_game("seega", {"board": 5})
    with pytest.raises(ValueError):
        seega.load_game("seega", {"rules": "standard(size=6)"})


def load_example(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pure_python_mcts_plays_level_1():
    mcts = load_example("mcts")
    game = seega.load_game()
    results = []
    for g in range(2):
        bot = mcts.MCTSBot(simulations=40, seed=g)
        result, state = mcts.play(game, bot, seega.Player("level(1)", seed=g), bot_player=g % 2)
        results.append(result)
        # A game played to its end, or to the example's cap, on legal actions alone.
        assert state.is_terminal() or len(state.history()) == 400
    assert all(r in (-1.0, 0.0, 1.0) for r in results)


def test_mcts_beats_random_play():
    """The example searches: against uniformly random moves it scores more than half."""
    mcts = load_example("mcts")
    game = seega.load_game()
    score = 0.0
    for g in range(4):
        bot = mcts.MCTSBot(simulations=30, seed=100 + g)
        result, _ = mcts.play(game, bot, seega.Player("random", seed=g), bot_player=g % 2)
        score += (result + 1) / 2
    assert score / 4 > 0.5


def test_game_and_state_describe_themselves():
    game = seega.Game("chain(size=9)")
    assert game.rules == seega.Rules("chain(size=9)") and "chain" in str(game)
    assert (game.num_players(), game.min_utility(), game.max_utility(), game.utility_sum()) == (2, -1.0, 1.0, 0.0)
    assert game.max_game_length() == 40 + 160  # 40 placement turns, then at most 160 movement plies
    state = game.new_initial_state()
    assert not state.is_chance_node() and not state.is_simultaneous_node() and state.is_player_node()
    assert state.observation_string(0) == state.information_state_string(1) == str(state) == state.position().notation()
    assert state.rewards() == state.returns() == [0.0, 0.0] and state.player_return(1) == 0.0
    state.apply_action(state.legal_actions()[3])
    assert state.move_number() == 1 and state.history() == [4]
    # A state from a position: its actions are the position's moves.
    pos = seega.Position("chain", "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31")
    there = seega.State(pos)
    assert there.history() == [] and str(there) == pos.notation()
    assert sorted(there.action_to_string(a) for a in there.legal_actions()) == sorted(pos.legal_move_strings())
