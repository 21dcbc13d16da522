"""A pure-Python Monte Carlo tree search (UCT) written against OpenSpiel's Python game API, and nothing
else: new_initial_state, current_player, legal_actions, apply_action, clone, is_terminal and returns.
It plays Seega through seega.load_game, unchanged from how it would play an OpenSpiel game.

    PYTHONPATH=build/release/python /usr/bin/python3 examples/mcts.py --games 2 --simulations 60

plays it against seega.Player("level(1)") and prints each game's result.
"""

import argparse
import math
import random


class Node:
    __slots__ = ("player", "untried", "children", "visits", "value")

    def __init__(self, state, rng):
        self.player = state.current_player()
        self.untried = list(state.legal_actions())
        rng.shuffle(self.untried)
        self.children = {}
        self.visits = 0
        self.value = 0.0  # the sum of returns for the player who moved into this node


class MCTSBot:
    """UCT with random rollouts cut at rollout_depth plies (a cut rollout scores 0)."""

    def __init__(self, simulations=100, uct_c=1.4, rollout_depth=60, seed=1):
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollout_depth = rollout_depth
        self.rng = random.Random(seed)

    def step(self, state):
        root = Node(state, self.rng)
        for _ in range(self.simulations):
            s = state.clone()
            path = [root]
            node = root
            # Selection
            while not node.untried and node.children:
                action, node = max(
                    node.children.items(),
                    key=lambda kv: kv[1].value / kv[1].visits
                    + self.uct_c * math.sqrt(math.log(path[-1].visits + 1) / kv[1].visits),
                )
                s.apply_action(action)
                path.append(node)
            # Expansion
            if node.untried and not s.is_terminal():
                action = node.untried.pop()
                s.apply_action(action)
                child = Node(s, self.rng)
                node.children[action] = child
                path.append(child)
            # Rollout
            depth = 0
            while not s.is_terminal() and depth < self.rollout_depth:
                s.apply_action(self.rng.choice(s.legal_actions()))
                depth += 1
            returns = s.returns() if s.is_terminal() else [0.0, 0.0]
            # Backpropagation: each node's value is for the player who chose the move into it.
            for parent, child in zip(path, path[1:]):
                child.visits += 1
                child.value += returns[parent.player]
            root.visits += 1
        return max(root.children.items(), key=lambda kv: kv[1].visits)[0]


def play(game, bot, opponent, bot_player, max_actions=400):
    """One game of bot (OpenSpiel-shaped) against a seega.Player; the bot's return."""
    state = game.new_initial_state()
    for _ in range(max_actions):
        if state.is_terminal():
            break
        if state.current_player() == bot_player:
            state.apply_action(bot.step(state))
        else:
            move = opponent.choose(state.position())
            state.apply_action(state.string_to_action(str(move)))
    return state.returns()[bot_player], state


def main():
    import seega

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=60)
    parser.add_argument("--opponent", default="level(1)")
    args = parser.parse_args()
    game = seega.load_game("seega", {"rules": args.rules})
    for g in range(args.games):
        bot = MCTSBot(simulations=args.simulations, seed=g)
        result, state = play(game, bot, seega.Player(args.opponent, seed=g), bot_player=g % 2)
        print(f"game {g}: MCTS as player {g % 2}: return {result:+.0f} ({state})")


if __name__ == "__main__":
    main()
