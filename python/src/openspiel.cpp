// Seega in the shape of OpenSpiel's Python API (pyspiel): a Game that makes states, and a State with
// current_player, legal_actions, apply_action, returns, observation_tensor and clone, so that code
// written against OpenSpiel's API (an MCTS, a random rollout) runs on Seega unchanged.
//
// Actions are integers. Most mean the same move in every position: 0 is a pass; 1 + k the placement of
// the k-th pair of squares a < b (pairs in order of a, then b); then 8 per square, the step from that
// square in direction d (north, east, south, west, then the diagonals: bitboard.hpp's order). A chain
// turn (several capturing steps of one stone) is not a pair of squares: its action is the last block's
// base plus its place among the position's chain turns in the generator's order, so a chain action means
// a move only in its own position. num_distinct_actions bounds them all.
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bindings.hpp"

namespace seega::python {

namespace {

// OpenSpiel's player id of a terminal state (kTerminalPlayerId).
constexpr int kTerminalPlayer = -4;
// The most chain turns the engines index in one position (movegen.hpp).
constexpr long long kChainActions = static_cast<long long>(kMaxIndexedMoves) + 1;

long long placement_actions(int n) {
  const long long s = static_cast<long long>(n) * n;
  return s * (s - 1) / 2;
}
long long step_base(int n) { return 1 + placement_actions(n); }
long long chain_base(int n) { return step_base(n) + 8LL * n * n; }

// The action of each move of list (a position's legal moves), in list order.
template <int N>
std::vector<long long> actions_of(const MoveList<N>& list) {
  constexpr long long S = N * N;
  std::vector<long long> out;
  out.reserve(list.size());
  long long chains = 0;
  for (const auto& m : list) {
    switch (m.kind) {
      case MoveKind::Pass: out.push_back(0); break;
      case MoveKind::Place: {
        const long long a = m.from, b = m.to;
        out.push_back(1 + a * S - a * (a + 1) / 2 + (b - a - 1));
        break;
      }
      case MoveKind::Step: {
        int d = 0;
        while (d < 8 && Geometry<N>::kNeighbour[m.from][d] != m.to) ++d;
        out.push_back(step_base(N) + 8LL * m.from + d);
        break;
      }
      case MoveKind::Chain: out.push_back(chain_base(N) + chains++); break;
    }
  }
  return out;
}

class State {
 public:
  explicit State(AnyPosition pos) : pos_(std::move(pos)) {}

  bool is_terminal() const {
    return pos_.visit([](const auto& p) { return p.outcome().over(); });
  }
  int current_player() const {
    if (is_terminal()) return kTerminalPlayer;
    return int(pos_.visit([](const auto& p) { return p.side(); }));
  }
  std::vector<long long> legal_actions() const {
    return pos_.visit([](const auto& p) {
      constexpr int N = size_of<decltype(p)>;
      MoveList<N> list;
      legal_moves(p, list);
      auto actions = actions_of(list);
      std::sort(actions.begin(), actions.end());
      return actions;
    });
  }
  std::vector<long long> legal_actions_of(int player) const {
    if (player != current_player()) return {};
    return legal_actions();
  }
  void apply_action(long long action) {
    pos_.visit([&](auto& p) {
      p.play(find(p, action));
      history_.push_back(action);
    });
  }
  std::string action_to_string(long long action) const {
    return pos_.visit([&](const auto& p) { return to_string(p, find(p, action)); });
  }
  long long string_to_action(const std::string& text) const {
    return pos_.visit([&](const auto& p) {
      constexpr int N = size_of<decltype(p)>;
      const Move<N> m = move_arg(p, py::str(text));
      MoveList<N> list;
      legal_moves(p, list);
      const auto actions = actions_of(list);
      for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i] == m) return actions[i];
      throw py::value_error("not a legal move here: " + text);
    });
  }
  std::vector<double> returns() const {
    const Outcome o = pos_.visit([](const auto& p) { return p.outcome(); });
    if (!o.over() || o.draw()) return {0.0, 0.0};
    return o.winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }
  // The planes of the position from player's point of view (4, N, N): player's stones, the other's, all
  // ones when player is to move, and player's stones still in hand over the stones a side places.
  std::vector<float> observation_tensor(int player) const {
    if (player != 0 && player != 1) throw py::value_error("observation_tensor: player 0 or 1");
    return pos_.visit([player](const auto& p) {
      constexpr int N = size_of<decltype(p)>;
      std::vector<float> t(4 * N * N, 0.0f);
      const Color me = Color(player);
      for (int k = 0; k < 2; ++k)
        for (auto b = p.stones(k == 0 ? me : ~me); b;) {
          const int s = pop_lsb(b);
          t[k * N * N + (N - 1 - s / N) * N + s % N] = 1.0f;
        }
      const float to_move = p.side() == me ? 1.0f : 0.0f;
      const float hand = static_cast<float>(p.in_hand(me)) / Geometry<N>::kStonesPerSide;
      std::fill(t.begin() + 2 * N * N, t.begin() + 3 * N * N, to_move);
      std::fill(t.begin() + 3 * N * N, t.end(), hand);
      return t;
    });
  }
  std::string to_string_() const {
    return pos_.visit([](const auto& p) { return to_string(p); });
  }
  const AnyPosition& position() const { return pos_; }
  const std::vector<long long>& history() const { return history_; }

 private:
  template <int N>
  Move<N> find(const Position<N>& p, long long action) const {
    if (p.outcome().over()) throw py::value_error("the game is over: " + to_string(p.outcome()));
    MoveList<N> list;
    legal_moves(p, list);
    const auto actions = actions_of(list);
    for (std::size_t i = 0; i < list.size(); ++i)
      if (actions[i] == action) return list[i];
    throw py::value_error("action " + std::to_string(action) + " is not legal here (legal_actions() lists them)");
  }

  AnyPosition pos_;
  std::vector<long long> history_;
};

class Game {
 public:
  explicit Game(RulesPtr rules) : rules_(std::move(rules)) {}
  State new_initial_state() const { return State(AnyPosition(rules_)); }
  long long num_distinct_actions() const { return chain_base(rules_->size) + kChainActions; }
  std::vector<int> observation_tensor_shape() const { return {4, rules_->size, rules_->size}; }
  int observation_tensor_size() const { return 4 * rules_->size * rules_->size; }
  // Placement turns, then the movement plies the rules allow (with no cap: the quiet-ply limit bounds
  // only the plies between captures, so the bound is that limit times the captures plus one).
  int max_game_length() const {
    const int placement = rules_->stones_per_side();  // two stones a turn, both sides
    if (rules_->max_plies) return placement + rules_->max_plies;
    const int quiet = rules_->quiet_plies ? rules_->quiet_plies : 1000;
    return placement + quiet * (2 * rules_->stones_per_side() + 1);
  }
  const Rules& rules() const { return *rules_; }

 private:
  RulesPtr rules_;
};

}  // namespace

void bind_openspiel(py::module_& m) {
  py::class_<State>(m, "State",
                    "A game state in the shape of OpenSpiel's pyspiel.State. Players are colours: 0 white, 1 "
                    "black; a state is never a chance or simultaneous node.")
      .def(py::init<AnyPosition>(), py::arg("position"),
           "The state of a seega.Position (its history starts empty there); Game.new_initial_state makes the "
           "start.")
      .def("current_player", &State::current_player, "The player to move (0 or 1), or -4 (terminal) when over.")
      .def("legal_actions", &State::legal_actions, "The legal actions, ascending; none when over.")
      .def("legal_actions", &State::legal_actions_of, py::arg("player"),
           "The legal actions of player: those of the player to move, else none.")
      .def("apply_action", &State::apply_action, py::arg("action"), "Plays an action. ValueError if it is not legal.")
      .def(
          "action_to_string", [](const State& s, long long action) { return s.action_to_string(action); },
          py::arg("action"), "The action's move in notation (the action must be legal here).")
      .def(
          "action_to_string", [](const State& s, int, long long action) { return s.action_to_string(action); },
          py::arg("player"), py::arg("action"), "The same, OpenSpiel's form with the player first.")
      .def("string_to_action", &State::string_to_action, py::arg("move"), "The action of a move's notation.")
      .def(
          "string_to_action", [](const State& s, int, const std::string& move) { return s.string_to_action(move); },
          py::arg("player"), py::arg("move"), "The same, with the player first.")
      .def("is_terminal", &State::is_terminal, "Whether the game is over.")
      .def(
          "is_chance_node", [](const State&) { return false; }, "Always False: Seega has no chance.")
      .def(
          "is_simultaneous_node", [](const State&) { return false; }, "Always False.")
      .def(
          "is_player_node", [](const State& s) { return !s.is_terminal(); }, "Whether a player is to move.")
      .def("returns", &State::returns,
           "Each player's return: 1 the winner, -1 the loser, 0 both for a draw or "
           "a game not over.")
      .def("rewards", &State::returns, "The returns (Seega rewards only at the end).")
      .def(
          "player_return", [](const State& s, int p) { return s.returns().at(p == 1); }, py::arg("player"),
          "The return of player.")
      .def("observation_tensor", &State::observation_tensor, py::arg("player") = 0,
           "The observation of player as a flat list of 4 * size * size floats (Game.observation_tensor_shape): "
           "player's stones, the other's, all ones when player is to move, and player's stones in hand over a "
           "side's stones; rows as Position.planes has them.")
      .def(
          "observation_string", [](const State& s, int) { return s.to_string_(); }, py::arg("player") = 0,
          "The position's notation (Seega has no hidden information).")
      .def(
          "information_state_string", [](const State& s, int) { return s.to_string_(); }, py::arg("player") = 0,
          "The position's notation.")
      .def("history", &State::history, "The actions played from the initial state.")
      .def(
          "move_number", [](const State& s) { return s.history().size(); }, "The actions played.")
      .def(
          "clone", [](const State& s) { return s; }, "A copy.")
      .def(
          "position", [](const State& s) { return s.position(); }, "The state's seega.Position (a copy).")
      .def("__str__", &State::to_string_)
      .def("__repr__", [](const State& s) { return "seega.State('" + s.to_string_() + "')"; });

  py::class_<Game>(m, "Game", "Seega in the shape of OpenSpiel's pyspiel.Game: it makes states.")
      .def(py::init([](const py::object& rules) { return Game(rules_arg(rules)); }), py::arg("rules") = "standard",
           "A game under rules (a seega.Rules or a spec string).")
      .def("new_initial_state", &Game::new_initial_state, "The start of a game.")
      .def("num_distinct_actions", &Game::num_distinct_actions,
           "A bound on the actions: pass, placements, steps, then the chain turns' block.")
      .def(
          "num_players", [](const Game&) { return 2; }, "2.")
      .def(
          "min_utility", [](const Game&) { return -1.0; }, "-1.")
      .def(
          "max_utility", [](const Game&) { return 1.0; }, "1.")
      .def(
          "utility_sum", [](const Game&) { return 0.0; }, "0: zero-sum.")
      .def("observation_tensor_shape", &Game::observation_tensor_shape, "[4, size, size].")
      .def("observation_tensor_size", &Game::observation_tensor_size, "4 * size * size.")
      .def("max_game_length", &Game::max_game_length, "A bound on the actions of a game.")
      .def_property_readonly(
          "rules", [](const Game& g) { return g.rules(); }, "The rules (a copy).")
      .def("__str__", [](const Game& g) { return "seega(rules=" + g.rules().to_string() + ")"; });

  m.def(
      "load_game",
      [](const std::string& name, const py::dict& params) {
        if (name != "seega") throw py::value_error("load_game: the one game here is 'seega', not '" + name + "'");
        std::string rules = "standard";
        for (const auto& [key, value] : params) {
          const auto k = key.cast<std::string>();
          if (k != "rules") throw py::value_error("load_game: unknown parameter '" + k + "' (one: rules)");
          rules = py::str(value).cast<std::string>();
        }
        return Game(rules_of(rules));
      },
      py::arg("name") = "seega", py::arg("params") = py::dict(),
      "OpenSpiel's load_game: load_game('seega', {'rules': 'diagonal(size=7)'}).");
}

}  // namespace seega::python
