// Monte Carlo tree search: UCT (UCB1) over a tree kept in one vector, one node per playout, with
// uniformly random playouts to the end of the game.
//
// Whose turn it is cannot be inferred from depth in Seega: after the last placement the same side moves
// again. Each node therefore records the side that made the move into it, and a playout's result is
// credited from that side's point of view.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

#include "engine/player.hpp"
#include "rules/movegen.hpp"

namespace seega {
namespace {

constexpr double kExploration = 1.4142135623730951;  // sqrt(2): UCB1 for rewards in [0, 1]
constexpr std::uint32_t kNoNode = 0xFFFFFFFF;
constexpr std::uint16_t kUnknown = 0xFFFF;               // move count not generated yet
constexpr std::size_t kMaxNodes = std::size_t{1} << 22;  // bounds memory for very large budgets
static_assert(kMaxMoves<9> < kUnknown);

// A node of the tree. Children are expanded one at a time, interleaved with other nodes' children, so
// they form a list through next_sibling rather than a contiguous range; no node owns heap memory.
// Untried moves are not stored: they are taken in the order (offset + k * stride) mod moves of the
// node's generated move list, a random permutation held in two numbers, so a node with 3,160
// placements costs no more than one with 3.
template <int N>
struct Node {
  Move<N> move;       // the move into this node (a pass at the root, unused)
  double reward = 0;  // summed rewards for `mover`: win 1, draw 0.5, loss 0
  std::uint32_t visits = 0;
  std::uint32_t parent = kNoNode;
  std::uint32_t first_child = kNoNode;
  std::uint32_t next_sibling = kNoNode;
  std::uint16_t index = 0;  // the move's index in the parent's legal move list
  std::uint16_t moves = kUnknown;
  std::uint16_t tried = 0;  // children expanded so far
  std::uint16_t offset = 0, stride = 1;
  Color mover = White;  // the side that played `move`
};

// The k-th (from 0) set square of b. Precondition: k < popcount(b).
template <typename BB>
int nth_square(BB b, int k) {
  while (k-- > 0) b &= b - 1;
  return lsb(b);
}

template <int N>
class Uct {
 public:
  Uct(const Position<N>& root, std::size_t max_nodes, Rng& rng) : root_(root), max_nodes_(max_nodes), rng_(rng) {
    nodes_.reserve(std::min<std::size_t>(max_nodes, 1 << 16));
    Node<N> r;
    r.move = Move<N>::pass();
    nodes_.push_back(r);
    legal_moves(root_, list_);
    init_order(nodes_[0], list_.size());
  }

  // The root's move when it has exactly one, else nullptr.
  const Move<N>* only_move() const { return nodes_[0].moves == 1 ? &list_[0] : nullptr; }

  void iterate() {
    Position<N> pos = root_;
    std::uint32_t n = descend(pos);
    back_up(n, simulate(pos));
  }

  // The root child with the most visits; among equals the one with more reward (with fewer playouts
  // than moves, as on a 9x9 placement, every child has one visit), then the lowest move index.
  Move<N> best() const {
    std::uint32_t best = kNoNode;
    for (std::uint32_t c = nodes_[0].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
      if (best == kNoNode) {
        best = c;
        continue;
      }
      const Node<N>& x = nodes_[c];
      const Node<N>& y = nodes_[best];
      if (x.visits != y.visits ? x.visits > y.visits : x.reward != y.reward ? x.reward > y.reward : x.index < y.index)
        best = c;
    }
    assert(best != kNoNode);  // only a terminal root has no child
    return best == kNoNode ? Move<N>::pass() : nodes_[best].move;
  }

 private:
  // Selection and expansion: walks down by UCB1 from the root, playing the moves on pos, until it
  // expands a new child (returned, with pos after its move), reaches a terminal node, or finds the
  // tree full.
  std::uint32_t descend(Position<N>& pos) {
    std::uint32_t n = 0;
    while (true) {
      bool generated = false;
      if (nodes_[n].moves == kUnknown) {
        legal_moves(pos, list_);
        generated = true;
        init_order(nodes_[n], list_.size());
      }
      Node<N>& node = nodes_[n];
      if (node.moves == 0) return n;  // terminal
      if (node.tried < node.moves && nodes_.size() < max_nodes_) {
        if (!generated) legal_moves(pos, list_);
        assert(list_.size() == node.moves);
        const auto k = static_cast<std::uint16_t>((node.offset + std::uint32_t{node.tried} * node.stride) % node.moves);
        ++node.tried;
        Node<N> child;
        child.move = list_[k];
        child.parent = n;
        child.next_sibling = node.first_child;
        child.index = k;
        child.mover = pos.side();
        const auto c = static_cast<std::uint32_t>(nodes_.size());
        node.first_child = c;  // before push_back, which may move `node`
        nodes_.push_back(child);
        pos.play(child.move);
        return c;
      }
      if (node.first_child == kNoNode) return n;  // tree full before this node had a child
      n = select(node);
      pos.play(nodes_[n].move);
    }
  }

  // A random order of the node's moves: offset + k * stride (mod moves) with stride coprime to moves.
  void init_order(Node<N>& node, std::size_t moves) {
    check_indexable(moves);  // kUnknown (0xFFFF) stays free
    node.moves = static_cast<std::uint16_t>(moves);
    if (moves < 2) return;
    node.offset = static_cast<std::uint16_t>(rng_.below(moves));
    std::size_t stride;
    do stride = 1 + rng_.below(moves - 1);
    while (std::gcd(stride, moves) != 1);
    node.stride = static_cast<std::uint16_t>(stride);
  }

  // The child maximising UCB1. Every child has been visited (expansion visits it at once).
  std::uint32_t select(const Node<N>& node) const {
    const double log_visits = std::log(static_cast<double>(node.visits));
    std::uint32_t best = kNoNode;
    double best_value = -1;
    for (std::uint32_t c = node.first_child; c != kNoNode; c = nodes_[c].next_sibling) {
      const Node<N>& x = nodes_[c];
      const double v = x.reward / x.visits + kExploration * std::sqrt(log_visits / x.visits);
      if (v > best_value) {
        best_value = v;
        best = c;
      }
    }
    return best;
  }

  // Plays uniformly random legal moves to the end of the game; returns the winner (-1 for a draw).
  int simulate(Position<N>& pos) {
    using BB = Bitboard<N>;
    while (true) {
      if (pos.placing()) {
        // Two distinct squares drawn in order make every unordered pair equally likely, without
        // listing all C(n, 2) of them.
        const BB free = pos.empty() & ~Geometry<N>::kCentreBB;
        const int n = popcount(free);
        const int i = static_cast<int>(rng_.below(n));
        int j = static_cast<int>(rng_.below(n - 1));
        if (j >= i) ++j;
        pos.play(Move<N>::place(nth_square(free, i), nth_square(free, j)));
        continue;
      }
      legal_moves(pos, list_);
      if (list_.empty()) return pos.outcome().winner;
      pos.play(list_[rng_.below(list_.size())]);
    }
  }

  void back_up(std::uint32_t n, int winner) {
    for (; n != kNoNode; n = nodes_[n].parent) {
      Node<N>& node = nodes_[n];
      ++node.visits;
      node.reward += winner < 0 ? 0.5 : winner == node.mover ? 1.0 : 0.0;
    }
  }

  const Position<N> root_;
  const std::size_t max_nodes_;
  Rng& rng_;
  std::vector<Node<N>> nodes_;
  MoveList<N> list_;
};

}  // namespace

template <int N>
Move<N> mcts_move(const Position<N>& pos, int playouts, Rng& rng, const std::atomic<bool>* stop) {
  assert(!pos.outcome().over());
  playouts = std::max(playouts, 1);
  // On the heap: a 9x9 move list alone is 100 KB.
  auto uct = std::make_unique<Uct<N>>(pos, std::min<std::size_t>(std::size_t(playouts) + 1, kMaxNodes), rng);
  if (const Move<N>* only = uct->only_move()) return *only;
  for (int i = 0; i < playouts; ++i) {
    // A playout takes microseconds: a look every 256 answers Ctrl-C at once at no measurable cost. The
    // first playout always runs: it expands the root's first child, so there is a move to return.
    if (stop && i > 0 && (i & 255) == 0 && stop->load(std::memory_order_relaxed)) break;
    uct->iterate();
  }
  return uct->best();
}

#define SEEGA_INSTANTIATE(N) template Move<N> mcts_move(const Position<N>&, int, Rng&, const std::atomic<bool>*);
SEEGA_FOR_EACH_SIZE(SEEGA_INSTANTIATE)
#undef SEEGA_INSTANTIATE

}  // namespace seega
