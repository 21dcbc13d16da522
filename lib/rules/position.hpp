#pragma once
// A Seega position on an N x N board: two bitboards, the side to move, the stones in hand and the two
// movement-phase counters. Small enough that copy-make is the way to search: bench/bench_make.cpp walks
// the same trees both ways on 5x5, 7x7 and 9x9, placement and movement, and do/undo (play(m, undo) and
// undo below) was slower in 11 of 12 cases: perft 9-27% more time and 11-28% more instructions, a
// search-like walk 4-11% more time and 3-5% more instructions (medians of 15 interleaved repetitions,
// and callgrind, 2026-12-01; README, Speed). The exception, the walk on 5x5 movement, took 3% less time
// with do/undo, within the noise, and 4% more instructions.

#include <cassert>
#include <cstdint>
#include <limits>

#include "rules/bitboard.hpp"
#include "rules/rules.hpp"
#include "rules/types.hpp"
#include "rules/zobrist.hpp"

namespace seega {

enum class MoveKind : std::uint8_t { Pass, Place, Step, Chain };

// One turn. Place: squares a < b in from/to. Step: one step from -> to; its captures are worked out
// when played. Chain: several capturing steps of one stone from -> to that take `captured`.
// Trivially constructible on purpose: a move list must not zero its storage at every node (measured:
// a third of perft time).
template <int N>
struct Move {
  Bitboard<N> captured;
  std::uint8_t from, to;
  MoveKind kind;
  std::uint8_t steps;

  static Move pass() { return {0, 0, 0, MoveKind::Pass, 0}; }
  static Move place(int a, int b) {
    return {0, std::uint8_t(a < b ? a : b), std::uint8_t(a < b ? b : a), MoveKind::Place, 0};
  }
  static Move step(int from, int to) { return {0, std::uint8_t(from), std::uint8_t(to), MoveKind::Step, 1}; }
  bool operator==(const Move&) const = default;
};

template <int N>
class Position {
 public:
  using BB = Bitboard<N>;
  using G = Geometry<N>;

  Position() = default;
  // The empty board at the start of placement, the rules' first placer to move. Precondition:
  // rules.size == N.
  explicit Position(const Rules& rules) : Position(rules, rules.first_placer) {}
  // The same with first_placer to place first, whatever the rules say.
  Position(const Rules& rules, Color first_placer) : rules_(&rules), side_(first_placer) {
    assert(rules.size == N);
    hand_[White] = hand_[Black] = static_cast<std::uint8_t>(G::kStonesPerSide);
    hash_ = compute_hash();
  }

  // Builds a position from its parts (used by the notation parser, which validates them first).
  static Position from_parts(const Rules& rules, BB white, BB black, Color side, int white_hand, int black_hand,
                             int quiet, int movement) {
    Position p;
    p.rules_ = &rules;
    p.stones_[White] = white;
    p.stones_[Black] = black;
    p.side_ = side;
    p.hand_[White] = static_cast<std::uint8_t>(white_hand);
    p.hand_[Black] = static_cast<std::uint8_t>(black_hand);
    p.quiet_ = static_cast<std::uint16_t>(quiet);
    p.movement_ = static_cast<std::uint16_t>(movement);
    p.hash_ = p.compute_hash();
    return p;
  }

  const Rules& rules() const { return *rules_; }
  Color side() const { return side_; }
  BB stones(Color c) const { return stones_[c]; }
  BB occupied() const { return stones_[White] | stones_[Black]; }
  BB empty() const { return G::kFull & ~occupied(); }
  int count(Color c) const { return popcount(stones_[c]); }
  int in_hand(Color c) const { return hand_[c]; }
  bool placing() const { return (hand_[White] | hand_[Black]) != 0; }
  int quiet_plies() const { return quiet_; }
  int movement_plies() const { return movement_; }
  // The largest ply counter a position stores (16 bits: the position is copied at every node). The
  // notation refuses larger counters; in play the movement counter stops there (a game reaches it only
  // with max_plies=off, and then nothing depends on its exact value).
  static constexpr int kMaxCounter = std::numeric_limits<std::uint16_t>::max();
  // Zobrist key of stones, side to move and stones in hand (not the counters).
  std::uint64_t hash() const { return hash_; }

  std::uint64_t compute_hash() const {
    const auto& k = zobrist::kKeys;
    std::uint64_t h = side_ == Black ? k.black_to_move : 0;
    for (Color c : {White, Black}) {
      for (BB b = stones_[c]; b;) h ^= k.stone[c][pop_lsb(b)];
      h ^= k.hand[c][hand_[c]];
    }
    return h;
  }

  // The stones a stone of `us` arriving on `to` captures, on a board where the step has been made.
  BB captures_at(int to, BB us, BB them) const {
    const BB t = square_bb<BB>(to);
    // Per direction: the enemy next to `to`, kept when one of ours stands beyond it. Branch-free
    // shifts measured faster than neighbour-table lookups; the directions are constants, so that the
    // shifts are fixed ones (measured: a lambda over the directions was not inlined).
    BB taken = capture_line<North>(t, us, them) | capture_line<South>(t, us, them) | capture_line<East>(t, us, them) |
               capture_line<West>(t, us, them);
    if (rules_->diag_captures)
      taken |= capture_line<NorthEast>(t, us, them) | capture_line<SouthWest>(t, us, them) |
               capture_line<SouthEast>(t, us, them) | capture_line<NorthWest>(t, us, them);
    if (rules_->centre_immune) taken &= ~G::kCentreBB;
    return taken;
  }

  // Where a step of the side to move captures, for all its steps at once. A step onto a square of
  // by_dir[d] takes the enemy stone next to it in direction d: the partner beyond that stone is ours and
  // two squares away, so it is never the stone that steps (which comes from next door), and the squares
  // do not depend on which stone steps. Agrees with captures_at for every step (tests/test_invariants.cpp).
  struct StepCaptures {
    std::array<BB, kDirections> by_dir{};
    BB any = 0;
    int dirs = 4;
    // The number of stones a step onto `to` takes.
    int count(int to) const { return popcount(taken(to)); }
    // The stones a step onto `to` takes: captures_at's answer for every step onto it.
    BB taken(int to) const {
      if (!((any >> to) & 1)) return 0;
      BB t = 0;
      for (int d = 0; d < dirs; ++d)
        if ((by_dir[d] >> to) & 1) t |= square_bb<BB>(to + G::kDelta[d]);
      return t;
    }
  };
  StepCaptures step_captures() const {
    StepCaptures sc;
    sc.dirs = rules_->capture_directions();
    const BB us = stones_[side_], free = empty();
    const BB them = rules_->centre_immune ? stones_[~side_] & ~G::kCentreBB : stones_[~side_];
    for (int d = 0; d < sc.dirs; ++d) {
      const int back = opposite(d);
      sc.by_dir[d] = free & G::shift(them & G::shift(us, back), back);
      sc.any |= sc.by_dir[d];
    }
    return sc;
  }

  // Plays a move that is legal here (a pass only when walled in).
  void play(const Move<N>& m) {
    const auto& k = zobrist::kKeys;
    const Color us = side_, them = ~side_;
    switch (m.kind) {
      case MoveKind::Place: {
        stones_[us] |= square_bb<BB>(m.from) | square_bb<BB>(m.to);
        hash_ ^= k.stone[us][m.from] ^ k.stone[us][m.to] ^ k.hand[us][hand_[us]] ^ k.hand[us][hand_[us] - 2];
        hand_[us] = static_cast<std::uint8_t>(hand_[us] - 2);
        // The last placer moves first (seed 001): at the end of placement the side may stay.
        if (placing() || rules_->first_mover == FirstMover::FirstPlacer) flip_side();
        return;
      }
      case MoveKind::Pass: flip_side(); return;
      case MoveKind::Step:
      case MoveKind::Chain: {
        const BB mine = (stones_[us] & ~square_bb<BB>(m.from)) | square_bb<BB>(m.to);
        return move_stone(m.from, m.to,
                          m.kind == MoveKind::Chain ? m.captured : captures_at(m.to, mine, stones_[them]));
      }
    }
  }

  // Plays a step or chain turn whose captures the caller knows (from step_captures()): the same as
  // play(m), without working them out again.
  void play(const Move<N>& m, BB taken) {
    assert(m.kind == MoveKind::Step || m.kind == MoveKind::Chain);
    move_stone(m.from, m.to, taken);
  }

  // What play(m, undo) keeps so that undo(m, undo) can take the move back: the captured stones and the
  // fields a move cannot give back (the hash is kept rather than worked out again).
  struct Undo {
    BB taken;
    std::uint64_t hash;
    std::uint16_t quiet, movement;
    Color side;
  };
  // Do/undo, the alternative that bench/bench_make.cpp measures against copy-make; the engine copies
  // (the header comment says why). play(m), recording in u what undo(m, u) needs.
  void play(const Move<N>& m, Undo& u) {
    const BB theirs = stones_[~side_];
    u.hash = hash_;
    u.quiet = quiet_;
    u.movement = movement_;
    u.side = side_;
    play(m);
    u.taken = theirs & ~stones_[~u.side];
  }
  // Takes back m, the last move played, with play(m, u).
  void undo(const Move<N>& m, const Undo& u) {
    side_ = u.side;
    hash_ = u.hash;
    quiet_ = u.quiet;
    movement_ = u.movement;
    switch (m.kind) {
      case MoveKind::Place:
        stones_[side_] &= ~(square_bb<BB>(m.from) | square_bb<BB>(m.to));
        hand_[side_] = static_cast<std::uint8_t>(hand_[side_] + 2);
        return;
      case MoveKind::Pass: return;
      case MoveKind::Step:
      case MoveKind::Chain:
        stones_[side_] = (stones_[side_] & ~square_bb<BB>(m.to)) | square_bb<BB>(m.from);
        stones_[~side_] |= u.taken;
        return;
    }
  }

  // Whether the side to move has any step at all (ignores limits and forced capture).
  bool has_step() const {
    const BB us = stones_[side_], free = empty();
    for (int d = 0, n = rules_->step_directions(); d < n; ++d)
      if (G::shift(us, d) & free) return true;
    return false;
  }

  // Number of plain steps of the side to move (no chains or forced capture considered).
  int count_steps() const {
    const BB us = stones_[side_], free = empty();
    int n = 0;
    for (int d = 0, dirs = rules_->step_directions(); d < dirs; ++d) n += popcount(G::shift(us, d) & free);
    return n;
  }

  // Whether side c has a barrier (seed 003, docs/rules.md): an interior full line of c's stones that
  // splits the board into a part with no enemy stone and a part with no stone of c's.
  bool has_barrier(Color c) const {
    const BB us = stones_[c], them = stones_[~c];
    for (int i = 1; i < N - 1; ++i) {
      for (const Line& l : {kRanks[i], kFiles[i]}) {
        if ((us & l.line) != l.line) continue;
        if ((!(them & l.before) && !(us & l.after)) || (!(them & l.after) && !(us & l.before))) return true;
      }
    }
    return false;
  }

  // Whether the game is over here, who won and why (docs/rules.md, "End of the game").
  Outcome outcome() const {
    if (placing()) return Outcome::ongoing();
    const int w = count(White), b = count(Black);
    if (!w) return Outcome::win(Black, EndReason::AllCaptured);
    if (!b) return Outcome::win(White, EndReason::AllCaptured);
    if (rules_->barrier && (has_barrier(White) || has_barrier(Black)))
      return Outcome::on_count(w, b, EndReason::Barrier);
    if (rules_->quiet_plies && quiet_ >= rules_->quiet_plies) return Outcome::on_count(w, b, EndReason::QuietLimit);
    if (rules_->max_plies && movement_ >= rules_->max_plies) return Outcome::on_count(w, b, EndReason::PlyLimit);
    if (rules_->walled_in == WalledIn::Lose && !has_step()) return Outcome::win(~side_, EndReason::HemmedIn);
    return Outcome::ongoing();
  }

  bool operator==(const Position& o) const {
    return stones_[0] == o.stones_[0] && stones_[1] == o.stones_[1] && side_ == o.side_ && hand_[0] == o.hand_[0] &&
           hand_[1] == o.hand_[1] && quiet_ == o.quiet_ && movement_ == o.movement_;
  }

 private:
  struct Line {
    BB line, before, after;
  };
  static constexpr auto make_lines(bool ranks) {
    std::array<Line, N> t{};
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        BB m = ranks ? G::rank_mask(j) : G::file_mask(j);
        (j < i ? t[i].before : j > i ? t[i].after : t[i].line) |= m;
      }
    return t;
  }
  static constexpr auto kRanks = make_lines(true);
  static constexpr auto kFiles = make_lines(false);

  // The enemy stone next to the square t in direction D, when one of ours stands beyond it.
  template <int D>
  static BB capture_line(BB t, BB us, BB them) {
    return G::shift(G::shift(G::shift(t, D) & them, D) & us, opposite(D));
  }

  void move_stone(int from, int to, BB taken) {
    const auto& k = zobrist::kKeys;
    const Color us = side_, them = ~side_;
    stones_[us] = (stones_[us] & ~square_bb<BB>(from)) | square_bb<BB>(to);
    stones_[them] &= ~taken;
    hash_ ^= k.stone[us][from] ^ k.stone[us][to];
    for (BB t = taken; t;) hash_ ^= k.stone[them][pop_lsb(t)];
    // The quiet limit is at most 1000 (rules.cpp), so the quiet counter never reaches kMaxCounter.
    quiet_ = taken ? 0 : static_cast<std::uint16_t>(quiet_ + 1);
    movement_ += movement_ != kMaxCounter;
    flip_side();
  }

  void flip_side() {
    side_ = ~side_;
    hash_ ^= zobrist::kKeys.black_to_move;
  }

  const Rules* rules_ = nullptr;
  BB stones_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  std::uint16_t quiet_ = 0, movement_ = 0;
  std::uint8_t hand_[2] = {0, 0};
  Color side_ = White;
};

}  // namespace seega
