#pragma once
// Negamax alpha-beta (PVS) with iterative deepening, a transposition table, move ordering (table move,
// captures, killers, history) and a capture quiescence search.
//
// Whose turn it is matters more than in chess: after the last placement the same side moves again,
// and after a pass the other side moves without a ply. A child's score is negated only when the side
// to move changes. Scores are from the side to move's point of view; a forced win is
// kWin - plies-to-win, so the shortest win scores highest.

#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "rules/zobrist.hpp"

namespace seega {

constexpr int kWin = 1'000'000;
constexpr int kWinBound = kWin - 10'000;  // scores beyond this are forced results
constexpr int kInfinity = kWin + 1;
// The node budget of a depth-limited search during placement (see Searcher::search), and the size of
// an iteration after which it deepens no more: SearchLimits::placement_cap's default and an eighth of it.
constexpr std::uint64_t kPlacementNodes = 2'000'000;
constexpr std::uint64_t kPlacementLastIterationNodes = kPlacementNodes / 8;
// The most nodes one capture search (quiescence, entered at the horizon) may take; past it, its
// positions stand pat. On crowded boards with captures in eight directions the capture sequences
// branch without end (a 9x9 `diagonal` position with one empty square searched for
// minutes at depth 1 without ending). 100,000 is above every capture search of the bench positions, so the bench
// signature (tests/data/bench_signature.txt) is unchanged; 20,000 already changes it.
constexpr std::uint64_t kQuiescenceNodes = 100'000;

// SearchLimits::quiescence_plies when no limit is named: the board's own.
constexpr int kBoardQuiescencePlies = -1;
// The capture search's ply limit of a board, when a player names none: 0 (none) but where a limit was
// adopted through the gate at equal depth and at equal time against the search without it
// (experiments/quiescence/README.md): 8 on 7x7 and 9x9 diagonal. A variant that changes only keys that are not
// the board's (who moves first, the quiet and ply limits, the walled-in rule) has its board's, as with
// the weights.
int builtin_quiescence_plies(const Rules& rules);

inline bool is_win_score(int s) { return s >= kWinBound; }
inline bool is_loss_score(int s) { return s <= -kWinBound; }
// Plies to the forced result of a win/loss score.
inline int plies_to_result(int s) { return kWin - (s < 0 ? -s : s); }

struct SearchLimits {
  int depth = 0;            // 0: no depth limit (then nodes or time must be set)
  std::uint64_t nodes = 0;  // 0: no node limit; stops the search deterministically
  int time_ms = 0;          // 0: no clock
  bool quiescence = true;
  bool use_table = true;
  // The most capture plies the capture search looks beyond the horizon (the player key qplies=P); past
  // them it stands pat. 0: no limit but the node cap kQuiescenceNodes; kBoardQuiescencePlies: the
  // searched position's board's (builtin_quiescence_plies).
  int quiescence_plies = kBoardQuiescencePlies;
  // The placement rule's cap (the player key placement_cap=N): a depth-limited search during placement
  // abandons an iteration past this many nodes and starts no deeper one after an iteration of more than
  // an eighth of it. 0: no cap, every placement search reaches its depth.
  std::uint64_t placement_cap = kPlacementNodes;
  // A perturbed configuration of the same engine (the player key vary=S), for studies that need many
  // games between equal engines: S (1 or more) seeds the order that breaks ties between root moves
  // (tie_rank) and the evaluation's jitter. 0: unperturbed, the search as it is.
  std::uint64_t vary = 0;
  // jitter=J (hundredths of a stone, needs vary): every static evaluation the search makes is offset
  // by eval_jitter(vary, pos.hash(), J). 0: no offset. A searcher's table assumes the same vary and
  // jitter in every search until clear().
  int jitter = 0;
  // Late move reductions (the player key lmr=K): at a movement node below the root and 3 or more plies
  // from the horizon, every move after the first K that takes nothing and is neither the table's move
  // nor a killer is searched one ply shallower, with a null window; one that scores above alpha there
  // is searched again at full depth. 0: none. A search change, so it is judged at equal time
  // (experiments/search_time).
  int reductions = 0;
};

// The evaluation offset of perturbed configuration `seed` in the position with Zobrist key `key`: a
// whole number in [-amplitude, amplitude], a pure function of (seed, key, amplitude), so a position gets
// the same offset wherever and whenever it is evaluated (the table stays consistent, a game replays).
// The key includes the side to move and the offset is added to the side to move's score, so negamax
// sees one value per position. 0 when amplitude is 0.
inline int eval_jitter(std::uint64_t seed, std::uint64_t key, int amplitude) {
  if (amplitude <= 0) return 0;
  std::uint64_t s = seed;
  s = zobrist::splitmix64(s) ^ key;
  const std::uint64_t h = zobrist::splitmix64(s);
  return static_cast<int>(h % (2 * static_cast<std::uint64_t>(amplitude) + 1)) - amplitude;
}

// The place of the root move with index `index` (in generation order) in configuration `seed`'s
// order of the position with Zobrist key `key`: of root moves with equal scores, the highest rank is
// played. A pure function of its arguments.
inline std::uint64_t tie_rank(std::uint64_t seed, std::uint64_t key, std::size_t index) {
  std::uint64_t s = seed;
  s = zobrist::splitmix64(s) ^ key;
  s = zobrist::splitmix64(s) ^ index;
  return zobrist::splitmix64(s);
}

// What ended a search: its depth (every iteration up to the depth limit, or a forced result found),
// the placement rule (a depth-limited search in placement stops deepening, or abandons an iteration,
// by node counts; see Searcher::search), the node limit, the clock, or the external stop.
enum class SearchEnd : std::uint8_t { Depth, Placement, Nodes, Clock, Stopped };

template <int N>
struct SearchResult {
  Move<N> best = Move<N>::pass();
  int score = 0;
  // The deepest completed iteration; 0 when a limit cut the first one, and then best is the best root
  // move whose search completed, or the first legal move if none did.
  int depth = 0;
  // Calls of negamax and quiescence; node limits count these. A horizon position is entered by both,
  // so `positions` (each position searched counted once, as most engines count nodes) is lower.
  std::uint64_t nodes = 0;
  std::uint64_t positions = 0;
  double seconds = 0;
  std::vector<Move<N>> pv;
  bool has_move = false;  // false only when the root is terminal
  SearchEnd ended = SearchEnd::Depth;
};

// A searcher's transposition table could not be allocated (its first search throws it): a std::bad_alloc
// that says which table, and what to give instead.
class TableAllocationError : public std::bad_alloc {
 public:
  explicit TableAllocationError(int table_mib);
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

template <int N>
class Searcher {
 public:
  // With weights, every search evaluates with them; without, with the built-in weights of the
  // searched position's rules (builtin_weights). The transposition table takes table_mib MiB (at
  // least 1, rounded up to a power of two; the player key hash=MB), allocated at the first search, so that making a
  // searcher costs little and a table too large for the machine is one clear error (TableAllocationError) there.
  explicit Searcher(std::optional<Weights> weights = std::nullopt, int table_mib = 1);

  // Searches pos within the limits. Depth- and node-limited searches are deterministic for the same
  // searcher state; call clear() to forget the table between independent games.
  SearchResult<N> search(const Position<N>& pos, const SearchLimits& limits);
  void clear();
  // An external stop (Ctrl-C); checked with the clock.
  void set_stop_flag(const std::atomic<bool>* stop) { external_stop_ = stop; }
  // The weights of the last search (before any, the given ones or the general built-in ones).
  const Weights& weights() const { return weights_; }
  // The transposition table's size in bytes: 0 until the first search, then table_mib MiB.
  std::size_t table_bytes() const { return table_.size() * sizeof(Entry); }

 private:
  struct Entry {  // 16 bytes: the probe is a cache miss, so size matters
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::uint16_t move = 0xFFFF;  // index in the generated move list
    std::int8_t depth = -1;
    std::uint8_t bound_and_age = 0;  // the Bound in the low 2 bits, the generation that stored it above
  };
  static_assert(std::has_single_bit(sizeof(Entry)), "a MiB holds a whole number of entries");
  enum Bound : std::uint8_t { None, Upper, Lower, Exact };

  // Counts the node; true (with its score) when the search stops here: out of budget, or game over
  // (not looked at when the caller knows the game goes on).
  bool node_is_settled(const Position<N>& pos, int ply, int& score, bool known_ongoing = false);
  int negamax(const Position<N>& pos, int depth, int alpha, int beta, int ply);
  // known_ongoing: entered from negamax at the horizon, which has looked at the outcome already.
  int quiesce(const Position<N>& pos, int alpha, int beta, int ply, bool known_ongoing = false);
  int child_score(const Position<N>& parent, const Position<N>& child, int depth, int alpha, int beta, int ply,
                  bool quiescence);
  int terminal_score(const Outcome& o, Color side, int ply) const;
  // The static evaluation, jittered when limits_.jitter is set (a branch on it, so an unperturbed
  // search pays one predictable test a leaf).
  int static_eval(const Position<N>& pos) const {
    const int v = evaluate(pos, weights_);
    return limits_.jitter ? v + eval_jitter(limits_.vary, pos.hash(), limits_.jitter) : v;
  }
  // vary=S at the root: s is the score of the root move `index`, found by a search of window
  // (alpha, ...) to equal best, the score of root move best_index. When s is that move's exact score
  // too and the move ranks above best_index in S's order, it becomes the best (and the principal
  // variation follows it). A tie can only be told by a second search of window (alpha - 1, alpha + 1).
  bool wins_root_tie(const Position<N>& pos, const Position<N>& child, std::size_t index, int best_index, int alpha,
                     int depth);
  // Makes m, followed by the principal variation found below it, the principal variation at ply.
  void take_pv(int ply, const Move<N>& m);
  // A move's place in the search order: its key (table move, captures by stones taken, killers, history;
  // never negative) above its index in the list, stored so that the largest entry is the highest key
  // and, among equal keys, the earliest generated move.
  using OrderEntry = std::uint64_t;
  static OrderEntry order_entry(int key, std::size_t index) {
    return (static_cast<std::uint64_t>(key) << 16) | (0xFFFF - index);
  }
  static std::uint16_t move_index(OrderEntry e) { return static_cast<std::uint16_t>(0xFFFF - (e & 0xFFFF)); }
  // Fills entries with the moves' order entries; pick_next(entries, k) then moves the k-th best to
  // position k and returns its move index.
  using StepCaptures = typename Position<N>::StepCaptures;
  void order(const MoveList<N>& list, const StepCaptures& captures, int tt_move, int ply,
             std::vector<OrderEntry>& entries);
  static std::uint16_t pick_next(std::vector<OrderEntry>& entries, std::size_t k);
  std::uint64_t key_of(const Position<N>& pos) const;
  bool out_of_budget();

  Weights weights_;
  bool builtin_ = false;  // no weights given: each search takes its rules' built-in ones
  int table_mib_;
  std::vector<Entry> table_;  // table_mib_ MiB of entries from the first search on; empty before
  void allocate_table();
  // clear() forgets the table by starting a generation (0 to kGenerations - 1), not by writing every
  // entry: an entry of another generation is not looked at, as if empty. Every kGenerations clears
  // the entries are written afresh, so no entry outlives its generation's number. A large table costs a
  // game nothing to forget.
  static constexpr unsigned kGenerations = 64;
  unsigned generation_ = 0;
  SearchLimits limits_;
  std::uint64_t nodes_ = 0;
  std::uint64_t handoffs_ = 0;        // negamax calls at the horizon that go on into quiescence
  std::uint64_t quiescence_end_ = 0;  // the node count at which the current capture search stands pat
  int quiescence_last_ply_ = 0;       // the ply at which it stands pat
  bool stopped_ = false;
  SearchEnd stop_reason_ = SearchEnd::Depth;  // why stopped_ became true
  bool placement_cap_ = false;                // the node limit is the placement rule's
  std::chrono::steady_clock::time_point deadline_;
  const std::atomic<bool>* external_stop_ = nullptr;
  static constexpr int kMaxPly = 128;
  std::array<std::array<Move<N>, 2>, kMaxPly> killers_{};
  std::vector<int> history_;
  std::vector<std::vector<OrderEntry>> order_buffers_;  // one per ply, reused
  std::vector<std::unique_ptr<MoveList<N>>> lists_;
  MoveList<N>& list_at(int ply);
  std::vector<Move<N>> pv_table_;  // kMaxPly x kMaxPly, row = ply
  std::array<int, kMaxPly> pv_length_{};
};

}  // namespace seega
