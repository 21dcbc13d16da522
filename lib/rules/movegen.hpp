#pragma once
// Legal move generation into a fixed-capacity list on the stack; no allocation per node.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/position.hpp"

namespace seega {

// Room on the stack for every placement pair on an empty board (C(N*N-1, 2)) and for the steps of any
// position. Chain turns without forced capture can outnumber that (measured: 495 on a 5x5 diagonal
// position), so the list moves to the heap when it fills, keeping the common case allocation-free.
template <int N>
constexpr std::size_t kMaxMoves = N == 5   ? 320
                                  : N == 7 ? 1152
                                           : 3200;

template <int N>
class MoveList {
 public:
  MoveList() = default;
  MoveList(const MoveList&) = delete;
  MoveList& operator=(const MoveList&) = delete;

  void push(const Move<N>& m) {
    if (size_ == capacity_) grow();
    data_[size_++] = m;
  }
  // push for callers that know the list has room (no check per move).
  void push_unchecked(const Move<N>& m) {
    assert(size_ < capacity_);
    data_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  void resize(std::size_t n) { size_ = n; }  // shrink only
  Move<N>& operator[](std::size_t i) { return data_[i]; }
  const Move<N>& operator[](std::size_t i) const { return data_[i]; }
  Move<N>* begin() { return data_; }
  Move<N>* end() { return data_ + size_; }
  const Move<N>* begin() const { return data_; }
  const Move<N>* end() const { return data_ + size_; }

 private:
  void grow() {
    std::vector<Move<N>> bigger(data_, data_ + size_);
    bigger.resize(capacity_ * 2);
    heap_.swap(bigger);
    data_ = heap_.data();
    capacity_ *= 2;
  }
  std::array<Move<N>, kMaxMoves<N>> inline_;
  std::vector<Move<N>> heap_;
  Move<N>* data_ = inline_.data();
  std::size_t size_ = 0, capacity_ = kMaxMoves<N>;
};

// The search and MCTS keep move indices in 16 bits. The most moves seen in a position is 7,700 (chain
// turns on 9x9 without forced capture); a position past the limit stops the engine with this error
// rather than have it play a wrong move.
constexpr std::size_t kMaxIndexedMoves = 0xFFFE;
inline void check_indexable(std::size_t moves) {
  if (moves > kMaxIndexedMoves)
    throw std::length_error("a position with " + std::to_string(moves) + " legal moves: the engines index at most " +
                            std::to_string(kMaxIndexedMoves));
}

namespace detail {

// Walks every chain turn that starts with the capturing step from -> to, which takes `first_taken`
// (not empty; the caller has worked it out), depth first, calling visit(path, length, captured) for
// each turn the rules allow to end there (path holds the squares visited, path[0] = from). Steps try
// directions in order, so paths come in a fixed order.
template <int N, typename Visit>
void walk_chains(const Position<N>& pos, int from, int to, Bitboard<N> first_taken, Visit&& visit) {
  using BB = Bitboard<N>;
  using G = Geometry<N>;
  const Color us = pos.side();
  std::array<std::uint8_t, G::kSquares + 1> path{};
  path[0] = static_cast<std::uint8_t>(from);
  const bool must_continue = pos.rules().forced_capture;
  const int dirs = pos.rules().step_directions();

  auto rec = [&](auto& self, int sq, int len, BB mine, BB theirs, BB taken) -> void {
    path[len] = static_cast<std::uint8_t>(sq);
    bool continued = false;
    const BB free = G::kFull & ~(mine | theirs);
    for (int d = 0; d < dirs; ++d) {
      int nx = G::kNeighbour[sq][d];
      if (nx < 0 || !((free >> nx) & 1)) continue;
      BB moved = (mine & ~square_bb<BB>(sq)) | square_bb<BB>(nx);
      BB t = pos.captures_at(nx, moved, theirs);
      if (!t) continue;
      continued = true;
      self(self, nx, len + 1, moved, theirs & ~t, taken | t);
    }
    if (!continued || !must_continue) visit(path.data(), len + 1, taken);
  };

  assert(first_taken);
  const BB mine = (pos.stones(us) & ~square_bb<BB>(from)) | square_bb<BB>(to);
  rec(rec, to, 1, mine, pos.stones(~us) & ~first_taken, first_taken);
}

template <int N>
void add_placements(const Position<N>& pos, MoveList<N>& list) {
  using BB = Bitboard<N>;
  BB free = pos.empty() & ~Geometry<N>::kCentreBB;
  for (BB a = free; a;) {
    int s = pop_lsb(a);
    for (BB b = a; b;) list.push(Move<N>::place(s, pop_lsb(b)));
  }
}

// The plain steps of the side to move onto squares of `targets` (empty squares), in generation order
// (direction, then square), without capture tags; the directions fixed at compile time. Every step
// fits the list's inline room (at most 8 per stone), so there is no room check per move.
template <int N, int Dirs>
void add_plain_steps(const Position<N>& pos, Bitboard<N> targets, MoveList<N>& list) {
  static_assert(Dirs * Geometry<N>::kStonesPerSide <= kMaxMoves<N>);
  using G = Geometry<N>;
  const Bitboard<N> us = pos.stones(pos.side());
  for (int d = 0; d < Dirs; ++d)
    for (Bitboard<N> onto = G::shift(us, d) & targets; onto;) {
      const int to = pop_lsb(onto);
      list.push_unchecked(Move<N>::step(to - G::kDelta[d], to));
    }
}

// Steps, and with chains on the chain turns, each tagged by whether it captures (for rules with
// chains or forced capture); returns whether any captures.
template <int N>
bool add_steps(const Position<N>& pos, MoveList<N>& list) {
  using BB = Bitboard<N>;
  using G = Geometry<N>;
  const Rules& r = pos.rules();
  const Color us = pos.side();
  const BB free = pos.empty();
  const auto captures = pos.step_captures();  // once for all steps, not captures_at per step
  bool any_capture = false;
  for (int d = 0, dirs = r.step_directions(); d < dirs; ++d) {
    for (BB targets = G::shift(pos.stones(us), d) & free; targets;) {
      int to = pop_lsb(targets);
      int from = to - G::kDelta[d];
      BB t = captures.taken(to);
      if (!t) {
        list.push(Move<N>::step(from, to));
        continue;
      }
      any_capture = true;
      if (!r.chains) {
        Move<N> m = Move<N>::step(from, to);
        m.captured = t;
        list.push(m);
        continue;
      }
      walk_chains(pos, from, to, t, [&](const std::uint8_t* path, int len, BB taken) {
        Move<N> m{taken, static_cast<std::uint8_t>(from), path[len - 1], len == 2 ? MoveKind::Step : MoveKind::Chain,
                  static_cast<std::uint8_t>(len - 1)};
        // Paths with the same start, end and captures are one turn (docs/rules.md); keep the
        // shortest, whose kind tells whether it prints as a step.
        for (auto& other : list)
          if (other.from == m.from && other.to == m.to && other.captured == m.captured) {
            if (m.steps < other.steps) other = m;
            return;
          }
        list.push(m);
      });
    }
  }
  return any_capture;
}

}  // namespace detail

// The plain steps of the side to move onto squares of `targets` (empty squares), replacing the list,
// in generation order. With no chains and no forced capture, onto all empty squares these are its
// steps; the search lists its capturing steps by passing the squares where a step captures.
template <int N>
void generate_steps_onto(const Position<N>& pos, Bitboard<N> targets, MoveList<N>& list) {
  list.clear();
  if (pos.rules().diag_steps) detail::add_plain_steps<N, 8>(pos, targets, list);
  else detail::add_plain_steps<N, 4>(pos, targets, list);
}

// The legal moves of a position known not to be over (for callers that checked outcome() already).
// Steps carry no captured set unless the rules need one (chains or forced capture), in which case
// `captured` is filled for every move.
template <int N>
void generate_moves(const Position<N>& pos, MoveList<N>& list) {
  list.clear();
  if (pos.placing()) return detail::add_placements(pos, list);
  const Rules& r = pos.rules();
  if (!r.chains && !r.forced_capture) {
    generate_steps_onto(pos, pos.empty(), list);
  } else if (detail::add_steps(pos, list) && r.forced_capture) {
    std::size_t n = 0;
    for (const auto& m : list)
      if (m.captured) list[n++] = m;
    list.resize(n);
  }
  if (list.empty()) list.push(Move<N>::pass());  // walled in: with walled_in=lose this is terminal
}

// Every legal move of the position; none when the game is over.
template <int N>
void legal_moves(const Position<N>& pos, MoveList<N>& list) {
  if (pos.outcome().over()) return list.clear();
  generate_moves(pos, list);
}

// The number of legal moves, without generating them where the rules allow (bulk counting).
template <int N>
std::size_t count_legal_moves(const Position<N>& pos) {
  if (pos.outcome().over()) return 0;
  if (pos.placing()) {
    std::size_t e = popcount(pos.empty() & ~Geometry<N>::kCentreBB);
    return e * (e - 1) / 2;
  }
  if (!pos.rules().chains && !pos.rules().forced_capture) {
    std::size_t n = pos.count_steps();
    return n ? n : 1;
  }
  MoveList<N> list;
  legal_moves(pos, list);
  return list.size();
}

}  // namespace seega
