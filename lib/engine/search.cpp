#include "engine/search.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace seega {

int builtin_quiescence_plies(const Rules& rules) {
  // 7x7 and 9x9 diagonal: long capture sequences on a crowded board, most of the search's nodes; their
  // gate rows (experiments/quiescence) pass at depths 2 and 3, at 100 ms and at 1.5 s a move (on 9x9 at
  // depth 1 the placement roles decide every game, with the limit or without it).
  static const auto diagonal = [](int size) {
    Rules r = diagonal_rules();
    r.size = size;
    return r;
  };
  static const Rules diagonal7 = diagonal(7), diagonal9 = diagonal(9);
  return same_board(rules, diagonal7) || same_board(rules, diagonal9) ? 8 : 0;
}

TableAllocationError::TableAllocationError(int table_mib)
    : message_("the search's transposition table of " + std::to_string(table_mib) +
               " MiB could not be allocated: give the player a smaller hash=MB, or play fewer games at once") {}

template <int N>
Searcher<N>::Searcher(std::optional<Weights> weights, int table_mib)
    : weights_(weights ? *weights : Weights::defaults()),
      builtin_(!weights),
      table_mib_(std::max(table_mib, 1)),
      history_(N * N * N * N, 0),
      order_buffers_(kMaxPly),
      lists_(kMaxPly),
      pv_table_(kMaxPly * kMaxPly, Move<N>::pass()) {}

template <int N>
MoveList<N>& Searcher<N>::list_at(int ply) {
  // Move lists live on the heap, one per ply: a 9x9 list is 100 KB, too big for deep recursion on a
  // worker thread's stack.
  if (!lists_[ply]) lists_[ply] = std::make_unique<MoveList<N>>();
  return *lists_[ply];
}

template <int N>
void Searcher<N>::allocate_table() {
  // A whole number of entries a MiB (a power of two each), rounded up to a power of two entries: the probe
  // masks the key.
  const std::size_t entries = static_cast<std::size_t>(table_mib_) * ((std::size_t{1} << 20) / sizeof(Entry));
  try {
    table_.assign(std::bit_ceil(entries), Entry{});
  } catch (const std::bad_alloc&) {
    throw TableAllocationError(table_mib_);
  } catch (const std::length_error&) {
    throw TableAllocationError(table_mib_);
  }
}

template <int N>
void Searcher<N>::clear() {
  generation_ = (generation_ + 1) % kGenerations;
  if (generation_ == 0) std::fill(table_.begin(), table_.end(), Entry{});
  std::fill(history_.begin(), history_.end(), 0);
  for (auto& k : killers_) k = {Move<N>::pass(), Move<N>::pass()};
}

template <int N>
std::uint64_t Searcher<N>::key_of(const Position<N>& pos) const {
  // The counters decide results (quiet and ply limits), so they are part of the key.
  std::uint64_t c = (static_cast<std::uint64_t>(pos.quiet_plies()) << 16) | pos.movement_plies();
  return pos.hash() ^ zobrist::splitmix64(c);
}

template <int N>
bool Searcher<N>::out_of_budget() {
  if (limits_.nodes && nodes_ >= limits_.nodes) {
    stop_reason_ = placement_cap_ ? SearchEnd::Placement : SearchEnd::Nodes;
    return true;
  }
  if ((nodes_ & 1023) == 0) {
    if (limits_.time_ms && std::chrono::steady_clock::now() >= deadline_) return stop_reason_ = SearchEnd::Clock, true;
    if (external_stop_ && external_stop_->load(std::memory_order_relaxed))
      return stop_reason_ = SearchEnd::Stopped, true;
  }
  return false;
}

template <int N>
int Searcher<N>::terminal_score(const Outcome& o, Color side, int ply) const {
  if (o.draw()) return 0;
  return o.winner == side ? kWin - ply : -(kWin - ply);
}

namespace {
// The number of stones a move takes, with the node's capture map for steps.
template <int N>
int stones_taken(const Move<N>& m, const typename Position<N>::StepCaptures& captures) {
  return m.kind == MoveKind::Step ? captures.count(m.to) : m.kind == MoveKind::Chain ? popcount(m.captured) : 0;
}

// The ordering keys (Searcher::order): the table's move, then captures by stones taken, then the two
// killers, then history, which stays below kKillerKey (it is halved past 1 << 24).
constexpr int kKillerKey = 1 << 27;

// Win and loss scores are stored relative to the node, so they stay right at any distance from the root.
int to_table(int s, int ply) { return is_win_score(s) ? s + ply : is_loss_score(s) ? s - ply : s; }
int from_table(int s, int ply) { return is_win_score(s) ? s - ply : is_loss_score(s) ? s + ply : s; }
}  // namespace

template <int N>
void Searcher<N>::order(const MoveList<N>& list, const StepCaptures& captures, int tt_move, int ply,
                        std::vector<OrderEntry>& entries) {
  const std::size_t n = list.size();
  check_indexable(n);
  entries.resize(n);
  // A move that takes nothing carries no captured set, and killers are such moves, so a killer is
  // matched on the rest of the move.
  const Move<N> killer0 = killers_[ply][0], killer1 = killers_[ply][1];
  auto same_quiet = [](const Move<N>& a, const Move<N>& b) {
    return a.from == b.from && a.to == b.to && a.kind == b.kind && a.steps == b.steps;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Move<N>& m = list[i];
    int k;
    if (static_cast<int>(i) == tt_move) {
      k = 1 << 30;
    } else if (const int taken = stones_taken(m, captures)) {
      k = (1 << 28) + taken * 1024;
    } else {
      k = same_quiet(m, killer0)     ? kKillerKey + 1
          : same_quiet(m, killer1)   ? kKillerKey
          : m.kind == MoveKind::Pass ? 0
                                     : history_[m.from * N * N + m.to];
    }
    entries[i] = order_entry(k, i);
  }
  // No sort here: negamax picks the next best move lazily (pick_next), since a cutoff usually comes
  // after the first few moves (measured: sorting every list was a third of the search's time). The
  // keys are all taken now, before any child is searched: keying after the table move's subtree
  // would see history it updated (measured: 5% more nodes to the same depth).
}

template <int N>
std::uint16_t Searcher<N>::pick_next(std::vector<OrderEntry>& entries, std::size_t k) {
  // The largest entry: the highest key, ties to generation order; the order a full sort would give.
  std::size_t best = k;
  OrderEntry largest = entries[k];
  for (std::size_t j = k + 1; j < entries.size(); ++j)
    if (entries[j] > largest) largest = entries[j], best = j;
  std::swap(entries[k], entries[best]);
  return move_index(entries[k]);
}

template <int N>
int Searcher<N>::child_score(const Position<N>& parent, const Position<N>& child, int depth, int alpha, int beta,
                             int ply, bool quiescence) {
  // Negate only when the turn passes to the other side (not after the last placement).
  if (child.side() == parent.side())
    return quiescence ? quiesce(child, alpha, beta, ply) : negamax(child, depth, alpha, beta, ply);
  return -(quiescence ? quiesce(child, -beta, -alpha, ply) : negamax(child, depth, -beta, -alpha, ply));
}

template <int N>
bool Searcher<N>::node_is_settled(const Position<N>& pos, int ply, int& score, bool known_ongoing) {
  pv_length_[ply] = ply;
  ++nodes_;
  if (out_of_budget()) stopped_ = true;
  if (stopped_) return score = 0, true;
  if (known_ongoing) return false;
  const Outcome o = pos.outcome();
  if (o.over()) return score = terminal_score(o, pos.side(), ply), true;
  return false;
}

template <int N>
int Searcher<N>::quiesce(const Position<N>& pos, int alpha, int beta, int ply, bool known_ongoing) {
  if (int s; node_is_settled(pos, ply, s, known_ongoing)) return s;
  const int stand = static_eval(pos);
  if (ply >= quiescence_last_ply_ || pos.placing() || nodes_ >= quiescence_end_) return stand;

  const Rules& rules = pos.rules();
  // Without forced capture the side may always stand pat: a cutoff needs no moves at all.
  if (!rules.forced_capture && stand >= beta) return stand;

  MoveList<N>& list = list_at(ply);
  auto& entries = order_buffers_[ply];
  entries.clear();
  const auto captures = pos.step_captures();
  // Without chains or forced capture, list just the capturing steps, in generation order, so the
  // order below is the one the full list would give.
  if (!rules.chains && !rules.forced_capture) generate_steps_onto(pos, captures.any, list);
  else generate_moves(pos, list);  // the outcome was looked at on entry
  check_indexable(list.size());
  for (std::size_t i = 0; i < list.size(); ++i)
    if (const int taken = stones_taken(list[i], captures)) entries.push_back(order_entry(taken, i));
  // Under forced capture a side with a capture may not stand pat.
  const bool must_capture = rules.forced_capture && !entries.empty();
  int best = must_capture ? -kInfinity : stand;
  if (!must_capture) {
    if (stand >= beta) return stand;
    alpha = std::max(alpha, stand);
  }
  std::sort(entries.begin(), entries.end(), std::greater<>());
  for (const OrderEntry e : entries) {
    const std::uint16_t i = move_index(e);
    Position<N> child = pos;
    if (list[i].kind == MoveKind::Step) child.play(list[i], captures.taken(list[i].to));
    else child.play(list[i]);
    int s = child_score(pos, child, 0, alpha, beta, ply + 1, true);
    if (stopped_) return 0;
    if (s > best) {
      best = s;
      if (s > alpha) alpha = s;
      if (alpha >= beta) break;
    }
  }
  return best;
}

template <int N>
void Searcher<N>::take_pv(int ply, const Move<N>& m) {
  Move<N>* row = &pv_table_[ply * kMaxPly];
  const Move<N>* child_row = &pv_table_[(ply + 1) * kMaxPly];
  row[ply] = m;
  for (int p = ply + 1; p < pv_length_[ply + 1]; ++p) row[p] = child_row[p];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

template <int N>
bool Searcher<N>::wins_root_tie(const Position<N>& pos, const Position<N>& child, std::size_t index, int best_index,
                                int alpha, int depth) {
  // The rank first: half the ties need no second search.
  const std::uint64_t key = pos.hash();
  if (tie_rank(limits_.vary, key, index) <= tie_rank(limits_.vary, key, static_cast<std::size_t>(best_index)))
    return false;
  // A score equal to alpha from the window (alpha, alpha + 1) only bounds the move's score from above.
  const int s = child_score(pos, child, depth - 1, alpha - 1, alpha + 1, 1, false);
  return !stopped_ && s == alpha;
}

template <int N>
int Searcher<N>::negamax(const Position<N>& pos, int depth, int alpha, int beta, int ply) {
  if (int s; node_is_settled(pos, ply, s)) return s;
  if (depth <= 0) {
    if (!limits_.quiescence) return static_eval(pos);
    ++handoffs_;
    quiescence_end_ = nodes_ + kQuiescenceNodes;
    quiescence_last_ply_ =
        limits_.quiescence_plies ? std::min(ply + limits_.quiescence_plies, kMaxPly - 1) : kMaxPly - 1;
    return quiesce(pos, alpha, beta, ply, true);
  }
  if (ply >= kMaxPly - 1) return static_eval(pos);

  const std::uint64_t key = key_of(pos);
  Entry& slot = table_[key & (table_.size() - 1)];
  int tt_move = -1;
  if (limits_.use_table && slot.key == key && slot.bound_and_age >> 2 == generation_) {
    tt_move = slot.move == 0xFFFF ? -1 : slot.move;
    if (ply > 0 && slot.depth >= depth) {
      int s = from_table(slot.score, ply);
      const auto bound = static_cast<Bound>(slot.bound_and_age & 3);
      if (bound == Exact || (bound == Lower && s >= beta) || (bound == Upper && s <= alpha)) return s;
    }
  }

  MoveList<N>& list = list_at(ply);
  generate_moves(pos, list);  // the outcome was checked above
  if (tt_move >= static_cast<int>(list.size())) tt_move = -1;
  // Where steps capture, worked out once for the node rather than once a step: for ordering, for
  // playing the steps and for telling quiet moves at a cutoff.
  const StepCaptures captures = pos.step_captures();
  auto& entries = order_buffers_[ply];
  order(list, captures, tt_move, ply, entries);

  const int original_alpha = alpha;
  int best = -kInfinity, best_index = 0;
  bool first = true;
  const bool reducing = limits_.reductions > 0 && depth >= 3 && ply > 0 && !pos.placing();
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const std::uint16_t i = pick_next(entries, k);
    const Move<N>& m = list[i];
    Position<N> child = pos;
    if (m.kind == MoveKind::Step) child.play(m, captures.taken(m.to));
    else child.play(m);
    // The child's table probe is a likely cache miss: start the load now (a horizon child goes
    // straight into quiescence or the evaluation, with no probe).
    if (limits_.use_table && depth > 1) __builtin_prefetch(&table_[key_of(child) & (table_.size() - 1)]);
    int s;
    if (first) {
      s = child_score(pos, child, depth - 1, alpha, beta, ply + 1, false);
    } else {
      // A late quiet move (SearchLimits::reductions): its key is below a killer's, so it is neither the
      // table's move, nor a capture, nor a killer.
      const bool reduce = reducing && k >= static_cast<std::size_t>(limits_.reductions) &&
                          (entries[k] >> 16) < static_cast<OrderEntry>(kKillerKey);
      s = child_score(pos, child, depth - 1 - (reduce ? 1 : 0), alpha, alpha + 1, ply + 1, false);
      if (reduce && s > alpha && !stopped_) s = child_score(pos, child, depth - 1, alpha, alpha + 1, ply + 1, false);
      if (s > alpha && s < beta && !stopped_) s = child_score(pos, child, depth - 1, alpha, beta, ply + 1, false);
    }
    first = false;
    if (stopped_) return 0;
    if (s > best) {
      best = s;
      best_index = i;
      if (s > alpha) {
        alpha = s;
        take_pv(ply, m);
      }
      if (alpha >= beta) {
        if (!stones_taken(m, captures) && m.kind != MoveKind::Pass) {
          if (!(m == killers_[ply][0])) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
          int& h = history_[m.from * N * N + m.to];
          h += depth * depth;
          if (h > (1 << 24))
            for (auto& x : history_) x /= 2;
        }
        break;
      }
    } else if (limits_.vary && ply == 0 && s == best && wins_root_tie(pos, child, i, best_index, alpha, depth)) {
      best_index = i;
      take_pv(ply, m);
    }
  }

  if (limits_.use_table) {
    slot.key = key;
    slot.score = to_table(best, ply);
    slot.depth = static_cast<std::int8_t>(std::min(depth, 127));
    slot.move = static_cast<std::uint16_t>(best_index);
    const Bound bound = best <= original_alpha ? Upper : best >= beta ? Lower : Exact;
    slot.bound_and_age = static_cast<std::uint8_t>(bound | generation_ << 2);
  }
  return best;
}

template <int N>
SearchResult<N> Searcher<N>::search(const Position<N>& pos, const SearchLimits& limits) {
  if (table_.empty()) allocate_table();  // before the clock starts
  const auto start = std::chrono::steady_clock::now();
  limits_ = limits;
  if (builtin_) weights_ = builtin_weights(pos.rules());
  if (limits_.quiescence_plies < 0) limits_.quiescence_plies = builtin_quiescence_plies(pos.rules());
  nodes_ = handoffs_ = 0;
  stopped_ = false;
  if (limits.time_ms) deadline_ = start + std::chrono::milliseconds(limits.time_ms);
  for (auto& k : killers_) k = {Move<N>::pass(), Move<N>::pass()};

  SearchResult<N> r;
  MoveList<N> root;
  legal_moves(pos, root);
  if (root.empty()) {
    r.score = terminal_score(pos.outcome(), pos.side(), 0);
    return r;
  }
  r.has_move = true;
  r.best = root[0];
  int max_depth = limits.depth ? limits.depth : kMaxPly / 2;
  // Near the end of placement, look through it into the first steps: the last turns are placed with
  // the opening moves in view (seed 001's advice to the last placer).
  if (limits.depth && pos.placing() && pos.in_hand(White) + pos.in_hand(Black) <= 4) max_depth += 2;
  max_depth = std::min(max_depth, kMaxPly / 2);
  // Placement is too wide for full depth (276 pairs on the first 5x5 turn, 1,128 on 7x7): a
  // depth-limited search there also stops deepening after an iteration that took more than
  // kPlacementLastIterationNodes, and abandons one that passes kPlacementNodes. Both count nodes, not
  // time, so the search stays deterministic.
  const bool capped = pos.placing() && limits.depth && limits.placement_cap;
  placement_cap_ = capped && (!limits_.nodes || limits_.nodes > limits.placement_cap);
  if (placement_cap_) limits_.nodes = limits.placement_cap;

  for (int d = 1; d <= max_depth; ++d) {
    const std::uint64_t before = nodes_;
    int s = negamax(pos, d, -kInfinity, kInfinity, 0);
    if (stopped_) {  // a partial iteration is discarded, but for the first: its best root move so far
      if (d == 1 && pv_length_[0] > 0) r.best = pv_table_[0], r.pv.assign(1, r.best);
      r.ended = stop_reason_;
      break;
    }
    r.score = s;
    r.depth = d;
    r.pv.assign(pv_table_.begin(), pv_table_.begin() + pv_length_[0]);
    if (!r.pv.empty()) r.best = r.pv[0];
    // A forced result seen within the horizon will not change with more depth.
    if ((is_win_score(s) || is_loss_score(s)) && plies_to_result(s) <= d) break;
    if (capped && nodes_ - before > limits.placement_cap / 8 && d < max_depth) {
      r.ended = SearchEnd::Placement;
      break;
    }
  }
  r.nodes = nodes_;
  r.positions = nodes_ - handoffs_;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

#define SEEGA_INSTANTIATE(N) template class Searcher<N>;
SEEGA_FOR_EACH_SIZE(SEEGA_INSTANTIATE)
#undef SEEGA_INSTANTIATE

}  // namespace seega
