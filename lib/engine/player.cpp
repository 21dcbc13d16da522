#include "engine/player.hpp"

#include "engine/callback_player.hpp"

#include "rules/spec.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <vector>

namespace seega {

LevelSpec level_spec(int level) {
  // The depths were calibrated on a ladder of levels 1 to 10 (experiments/levels/README.md): every
  // step at least 50 Elo with its 95% interval above 0. Level 1 "looks one move ahead". Level 9 was
  // depth 10 until the evaluation of issue 22 left level 10 only +48 above it; it is depth 9 since.
  // Past level 10 the depth stays at 12 (depth 14 took up to 52 million nodes a move, many seconds, far
  // past the 1.5 s cap) and only the blunder chance shrinks.
  static constexpr int kDepth[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12};
  static constexpr double kBlunder[] = {0.35, 0.20, 0.10, 0.05, 0.03};
  level = std::max(level, 1);
  const int depth = kDepth[std::min(level, 10) - 1];
  // From level 6 the chance shrinks by 40% a level, from level 5's 3%, and never reaches zero.
  const double blunder = level <= 5 ? kBlunder[level - 1] : 0.03 * std::pow(0.6, level - 5);
  return {depth, blunder};
}

bool PlayerSpec::reproducible() const {
  if (placement && !placement->reproducible()) return false;
  if (time.timed()) return false;
  if (kind == Kind::AlphaBeta) return time_ms == 0;
  if (kind == Kind::Level) return deterministic;
  if (kind == Kind::Callback) return false;  // a program's choices, which no seed fixes
  return true;
}

std::string players_help() {
  return "players: random, greedy, ab(depth=D|nodes=N|time=MS), mcts(playouts=P), level(N[,deterministic]), "
         "engine(cmd='COMMAND',name=NAME[,depth=D][,nodes=N][,timeout=MS]) (someone else's engine, spoken to by "
         "the protocol of docs/protocol.md), callback(NAME) (a function a program registered under NAME: "
         "the Python module's players); "
         "every player but engine takes blunder=P (0 to 1) and placement=SPEC (SPEC plays the placement turns, this "
         "player the movement turns, e.g. ab(depth=4,placement=random)); every player takes a time control: "
         "movetime=MS (a fixed time a move) or tc=BASE+INC (a clock: seconds, e.g. tc=10+0.1), with margin=MS "
         "(default 100: how far past its time a move may run before it loses on time); ab and level take "
         "weights=FILE, and vary=S "
         "(1 or more: a perturbed configuration of the same engine, ties between root moves broken in an order "
         "seeded by S) with jitter=J (0 to 100 hundredths of a stone: each evaluation offset by -J to J, fixed "
         "by S and the position), e.g. ab(depth=3,vary=5,jitter=3), and placement_cap=N (a placement search "
         "abandons an iteration past N nodes and deepens no more after one of N/8; default 2000000, 0: no cap) and "
         "qplies=P (the capture search looks at most P plies beyond the horizon; 0: no limit but its node cap; "
         "default: the board's, 8 on 7x7 and 9x9 diagonal and none elsewhere) and lmr=K (late move reductions: "
         "a quiet move after a node's first K is searched a ply shallower first; default 0, none) and hash=MB (the "
         "transposition table's size, 1 to 4096 MiB; default 1); "
         "every player but random and engine takes random_turns=T or A-B (the game's placement turns T, or A to "
         "B, 1 the first, played uniformly at random)";
}

namespace {

using Key = SpecKey<PlayerSpec>;

Refusal set_placement(PlayerSpec& spec, std::string_view value) {
  auto inner = parse_player(value);
  if (!inner.ok()) return inner.error;
  if (inner.value.placement) return "a placement player cannot have a placement= of its own";
  spec.placement = std::make_shared<const PlayerSpec>(std::move(inner.value));
  return {};
}

// The keys each kind of player takes, in the order of PlayerSpec::Kind; the noun is the kind's name.
const std::vector<KeyTable<PlayerSpec>>& player_tables() {
  static const Key depth = whole_key("depth", "1 to 60", &PlayerSpec::depth, 1, 60);
  static const Key nodes =
      whole_key("nodes", "1 or more", &PlayerSpec::nodes, std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max());
  static const Key time = whole_key("time", "1 to 3600000 ms", &PlayerSpec::time_ms, 1, 3'600'000);
  static const Key playouts = whole_key("playouts", "1 to 10000000", &PlayerSpec::playouts, 1, 10'000'000);
  static const Key blunder = real_key("blunder", "0 to 1", &PlayerSpec::blunder, 0, 1);
  static const Key deterministic = flag_key("deterministic", &PlayerSpec::deterministic);
  static const Key qplies = whole_key("qplies", "0 (no limit) to 100", &PlayerSpec::quiescence_plies, 0, 100);
  static const Key lmr = whole_key("lmr", "0 (none) to 100", &PlayerSpec::reductions, 0, 100);
  static const Key hash = whole_key("hash", "1 to 4096 MiB", &PlayerSpec::table_mib, 1, 4096);
  static const Key placement{"placement", "a player spec", set_placement};
  // Only the name: the file is read by load_player_weights, so that parsing stays a function of the text.
  static const Key weights{"weights", "a weights file", [](PlayerSpec& spec, std::string_view v) {
                             spec.weights_file = std::string(v);
                             return refuse_unless(!v.empty());
                           }};
  static const Key vary =
      whole_key("vary", "1 or more", &PlayerSpec::vary, std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max());
  static const Key jitter = whole_key("jitter", "0 to 100 hundredths of a stone", &PlayerSpec::jitter, 0, 100);
  static const Key placement_cap = whole_key("placement_cap", "0 (no cap) or more nodes", &PlayerSpec::placement_cap,
                                             std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max());
  static const Key random_turns = {
      "random_turns", "a placement turn T or turns A-B, 1 to 40 (1 the game's first)",
      [](PlayerSpec& spec, std::string_view v) {
        const auto dash = v.find('-');
        const auto from = parse_whole<int>(v.substr(0, dash), 1, 40);
        const auto to = dash == std::string_view::npos ? from : parse_whole<int>(v.substr(dash + 1), 1, 40);
        if (!from || !to || *to < *from) return refuse_unless(false);
        spec.random_from = *from;
        spec.random_to = *to;
        return refuse_unless(true);
      }};
  static const Key movetime = {"movetime", "1 to 3600000 ms", [](PlayerSpec& spec, std::string_view v) {
                                 auto ms = parse_whole<long long>(v, 1, 3'600'000);
                                 if (ms) spec.time.movetime_ms = *ms;
                                 return refuse_unless(ms.has_value());
                               }};
  static const Key tc = {"tc", "BASE+INC in seconds, e.g. 10+0.1", [](PlayerSpec& spec, std::string_view v) {
                           const auto plus = v.find('+');
                           auto base = parse_real(v.substr(0, plus), 0.001, 86'400);
                           auto inc = plus == std::string_view::npos ? std::optional<double>(0)
                                                                     : parse_real(v.substr(plus + 1), 0, 3'600);
                           if (!base || !inc) return refuse_unless(false);
                           spec.time.base_ms = std::llround(*base * 1000);
                           spec.time.inc_ms = std::llround(*inc * 1000);
                           return refuse_unless(spec.time.base_ms > 0);
                         }};
  static const Key margin = {"margin", "0 to 600000 ms", [](PlayerSpec& spec, std::string_view v) {
                               auto ms = parse_whole<long long>(v, 0, 600'000);
                               if (ms) spec.time.margin_ms = *ms;
                               return refuse_unless(ms.has_value());
                             }};
  static const Key cmd{"cmd", "a command, between single quotes when it has spaces or commas",
                       [](PlayerSpec& spec, std::string_view v) {
                         spec.engine_cmd = std::string(v);
                         return refuse_unless(!trim(v).empty());
                       }};
  static const Key name{"name", "a name of letters, digits and -_.", [](PlayerSpec& spec, std::string_view v) {
                          const bool ok = is_plain_name(v);
                          if (ok) spec.engine_name = std::string(v);
                          return refuse_unless(ok);
                        }};
  static const Key timeout =
      whole_key("timeout", "1 to 86400000 ms", &PlayerSpec::engine_timeout_ms, 1LL, 86'400'000LL);
  static const std::vector<KeyTable<PlayerSpec>> tables = {
      {"random", {blunder, placement, movetime, tc, margin}},
      {"greedy", {blunder, random_turns, placement, movetime, tc, margin}},
      {"ab",
       {depth, nodes, time, blunder, weights, vary, jitter, placement_cap, qplies, lmr, hash, random_turns, placement,
        movetime, tc, margin}},
      {"mcts", {playouts, blunder, random_turns, placement, movetime, tc, margin}},
      {"level",
       {deterministic, blunder, weights, vary, jitter, placement_cap, qplies, lmr, hash, random_turns, placement,
        movetime, tc, margin}},
      {"engine", {cmd, name, depth, nodes, timeout, movetime, tc, margin}},
      {"callback", {}},
  };
  return tables;
}

constexpr std::string_view kKindNames[] = {"random", "greedy", "ab", "mcts", "level", "engine", "callback"};

}  // namespace

Parsed<PlayerSpec> parse_player(std::string_view text) {
  using P = Parsed<PlayerSpec>;
  using K = PlayerSpec::Kind;
  PlayerSpec spec;
  spec.text = std::string(trim(text));
  auto parts = split_spec(text);
  if (!parts.ok()) return P::fail("player " + parts.error);
  const std::string_view name = parts.value.name;
  const auto* kind = std::find(std::begin(kKindNames), std::end(kKindNames), name);
  if (kind == std::end(kKindNames)) {
    const std::vector<std::string> names(std::begin(kKindNames), std::end(kKindNames));
    return P::fail("unknown player " + quote(name) + did_you_mean(name, names) + "; " + players_help());
  }
  spec.kind = static_cast<K>(kind - std::begin(kKindNames));
  const std::string where = "player " + quote(spec.text) + ": ";
  std::vector<SpecItem> items = parts.value.items;
  // level(N): the level number comes first, without a key.
  if (spec.kind == K::Level) {
    if (items.empty() || items.front().value) return P::fail(where + "say which level, e.g. level(3)");
    auto level = parse_whole(items.front().key, 1, 30);
    if (!level) return P::fail(where + "level must be a whole number from 1 to 30, not " + quote(items.front().key));
    spec.level = *level;
    items.erase(items.begin());
  }
  // callback(NAME): the name comes first, without a key.
  if (spec.kind == K::Callback) {
    if (items.empty() || items.front().value || !is_plain_name(items.front().key))
      return P::fail(where + "say the name a function is registered under, e.g. callback(my_agent)");
    spec.callback = items.front().key;
    items.erase(items.begin());
  }
  auto given = player_tables()[static_cast<std::size_t>(spec.kind)].apply(items, spec);
  if (!given.ok()) return P::fail(where + given.error);
  if (spec.kind == K::Level && !given.value.has("blunder")) spec.blunder = level_spec(spec.level).blunder;
  if (spec.kind == K::AlphaBeta && !spec.depth && !spec.nodes && !spec.time_ms)
    return P::fail(where + "ab needs a limit: depth=D, nodes=N or time=MS");
  if (given.value.has("jitter") && !spec.vary)
    return P::fail(where + "jitter=J needs vary=S, the seed that fixes the offsets (e.g. vary=1,jitter=" +
                   std::to_string(spec.jitter) + ")");
  if (spec.kind == K::Mcts && !spec.playouts) spec.playouts = 2000;
  if (spec.kind == K::Engine && spec.engine_cmd.empty())
    return P::fail(where + "engine needs the command that starts it, e.g. engine(cmd='/usr/bin/python3 mine.py')");
  if (given.value.has("movetime") && given.value.has("tc"))
    return P::fail(where + "movetime=MS and tc=BASE+INC are two time controls: give one");
  if (given.value.has("margin") && !spec.time.timed())
    return P::fail(where + "margin=MS needs a time control (movetime=MS or tc=BASE+INC)");
  return P{spec, {}};
}

std::optional<Evaluation> player_evaluation(const PlayerSpec& spec, const Rules& rules) {
  using K = PlayerSpec::Kind;
  if (spec.kind != K::AlphaBeta && spec.kind != K::Level) return std::nullopt;
  return evaluation_of(spec.weights, spec.weights_file, rules);
}

namespace {

// "Looks one move ahead", to the letter: level 1 has no capture search beyond its one move.
bool searches_captures(const PlayerSpec& spec) {
  using K = PlayerSpec::Kind;
  return spec.kind == K::AlphaBeta || (spec.kind == K::Level && spec.level > 1);
}

}  // namespace

int board_capture_plies(const PlayerSpec& spec, const Rules& rules) {
  if (!searches_captures(spec) || spec.quiescence_plies != kBoardQuiescencePlies) return 0;
  return builtin_quiescence_plies(rules);
}

std::string load_player_weights(PlayerSpec& spec, const WeightsLoader& load) {
  if (spec.placement) {
    PlayerSpec inner = *spec.placement;
    if (auto error = load_player_weights(inner, load); !error.empty()) return error;
    spec.placement = std::make_shared<const PlayerSpec>(std::move(inner));
  }
  if (spec.weights_file.empty()) return "";
  auto w = load(spec.weights_file);
  if (!w.ok()) return "player " + quote(spec.text) + ": " + w.error;
  spec.weights = w.value;
  return "";
}

long long move_time_ms(const GoLimits& limits, Color side) {
  if (limits.movetime_ms > 0) return limits.movetime_ms;
  if (!limits.clocked(side)) return 0;
  const long long left = limits.time_left_ms[side], inc = limits.inc_ms[side];
  return std::max(1LL, std::min(left / 20 + inc * 3 / 4, left * 3 / 4));
}

template <int N>
Move<N> random_move(const Position<N>& pos, Rng& rng) {
  if (pos.placing()) {
    // The k-th pair in generation order (a < b, both ascending), without listing C(e, 2) pairs:
    // the same draw picks the same move as indexing the generated list would.
    Bitboard<N> free = pos.empty() & ~Geometry<N>::kCentreBB;
    std::uint64_t e = popcount(free), k = rng.below(e * (e - 1) / 2);
    for (std::uint64_t left = e - 1;; --left) {
      int a = pop_lsb(free);
      if (k < left) {
        while (k--) free &= free - 1;
        return Move<N>::place(a, lsb(free));
      }
      k -= left;
    }
  }
  const Rules& r = pos.rules();
  if (!r.chains && !r.forced_capture) {
    // The k-th step in generation order (direction, then target square), without the list.
    const int n = pos.count_steps();
    std::uint64_t k = rng.below(n ? n : 1);
    if (!n) return Move<N>::pass();
    const Bitboard<N> us = pos.stones(pos.side()), free = pos.empty();
    for (int d = 0;; ++d) {
      Bitboard<N> targets = Geometry<N>::shift(us, d) & free;
      const auto c = static_cast<std::uint64_t>(popcount(targets));
      if (k >= c) {
        k -= c;
        continue;
      }
      while (k--) targets &= targets - 1;
      const int to = lsb(targets);
      return Move<N>::step(to - Geometry<N>::kDelta[d], to);
    }
  }
  MoveList<N> list;
  generate_moves(pos, list);  // pos is not terminal (the precondition)
  return list[rng.below(list.size())];
}

template <int N>
Move<N> greedy_move(const Position<N>& pos, Rng& rng) {
  MoveList<N> list;
  legal_moves(pos, list);
  int best = -1;
  std::vector<std::size_t> ties;
  const Bitboard<N> mine = pos.stones(pos.side()), theirs = pos.stones(~pos.side());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move<N>& m = list[i];
    int taken = 0;
    if (m.kind == MoveKind::Chain) taken = popcount(m.captured);
    else if (m.kind == MoveKind::Step)
      taken = popcount(
          pos.captures_at(m.to, (mine & ~square_bb<Bitboard<N>>(m.from)) | square_bb<Bitboard<N>>(m.to), theirs));
    if (taken > best) best = taken, ties.clear();
    if (taken == best) ties.push_back(i);
  }
  return list[ties[rng.below(ties.size())]];
}

namespace {

template <int N>
class RandomPlayer : public Player<N> {
 public:
  Move<N> choose(const Position<N>& pos, Rng& rng) override { return random_move(pos, rng); }
};

template <int N>
class GreedyPlayer : public Player<N> {
 public:
  Move<N> choose(const Position<N>& pos, Rng& rng) override { return greedy_move(pos, rng); }
};

template <int N>
class MctsPlayer : public Player<N> {
 public:
  explicit MctsPlayer(int playouts) : playouts_(playouts) {}
  Move<N> choose(const Position<N>& pos, Rng& rng) override { return mcts_move(pos, playouts_, rng, stop_); }
  void set_stop(const std::atomic<bool>* stop) override { stop_ = stop; }

 private:
  int playouts_;
  const std::atomic<bool>* stop_ = nullptr;
};

template <int N>
class SearchPlayer : public Player<N> {
 public:
  SearchPlayer(const std::optional<Weights>& w, SearchLimits limits, int table_mib)
      : searcher_(w, table_mib), limits_(limits) {}
  Move<N> choose(const Position<N>& pos, Rng&) override {
    SearchLimits l = limits_;
    if (next_) {
      // A clock or move time bounds this move on top of the player's own limits.
      if (next_->depth) l.depth = next_->depth;
      if (next_->nodes) l.nodes = next_->nodes;
      if (const long long t = move_time_ms(*next_, pos.side()))
        l.time_ms = static_cast<int>(l.time_ms ? std::min<long long>(l.time_ms, t) : std::min<long long>(t, 1 << 30));
      next_.reset();
    }
    last_ = searcher_.search(pos, l);
    return last_.best;
  }
  void limit_next_move(const GoLimits& g) override { next_ = g; }
  void new_game() override { searcher_.clear(); }
  void set_stop(const std::atomic<bool>* stop) override { searcher_.set_stop_flag(stop); }
  const SearchResult<N>* last_search() const override { return &last_; }

 private:
  Searcher<N> searcher_;
  SearchLimits limits_;
  std::optional<GoLimits> next_;
  SearchResult<N> last_;
};

// A player that plays some moves uniformly at random and asks the inner player for the others: the
// inner player hears everything else (new games, the stop flag, its seed, the moves, the clock), and a
// random move is not a search and forfeits nothing. Subclasses decide, in choose, which moves are random.
template <int N>
class SometimesRandom : public Player<N> {
 public:
  explicit SometimesRandom(std::unique_ptr<Player<N>> inner) : inner_(std::move(inner)) {}
  void new_game() override { inner_->new_game(); }
  void set_stop(const std::atomic<bool>* stop) override { inner_->set_stop(stop); }
  const SearchResult<N>* last_search() const override { return random_ ? nullptr : inner_->last_search(); }
  void seed_game(std::uint64_t seed) override { inner_->seed_game(seed); }
  void observe(const Position<N>& before, const Move<N>& m) override { inner_->observe(before, m); }
  bool observes() const override { return inner_->observes(); }
  void limit_next_move(const GoLimits& g) override { inner_->limit_next_move(g); }
  const Forfeit* forfeit() const override { return random_ ? nullptr : inner_->forfeit(); }

 protected:
  // The random move when random, else the inner player's; remembers which it was.
  Move<N> play(bool random, const Position<N>& pos, Rng& rng) {
    random_ = random;
    return random ? random_move(pos, rng) : inner_->choose(pos, rng);
  }

 private:
  std::unique_ptr<Player<N>> inner_;
  bool random_ = false;
};

// Plays a uniformly random legal move with probability p, else asks the inner player. The coin is
// tossed for every move, so the blunder rate is exactly p in expectation.
template <int N>
class Blundering : public SometimesRandom<N> {
 public:
  Blundering(std::unique_ptr<Player<N>> inner, double p) : SometimesRandom<N>(std::move(inner)), p_(p) {}
  Move<N> choose(const Position<N>& pos, Rng& rng) override { return this->play(rng.uniform() < p_, pos, rng); }

 private:
  double p_;
};

// Plays the placement turns random_from to random_to of the game (1 the first) uniformly at random, and
// every other turn as the inner player does (random_turns=A-B): one side's choice on chosen turns taken
// away, the rest of its play unchanged. No coin is tossed on other turns, so a spec without the key plays
// as before it existed.
template <int N>
class RandomTurns : public SometimesRandom<N> {
 public:
  RandomTurns(std::unique_ptr<Player<N>> inner, int from, int to)
      : SometimesRandom<N>(std::move(inner)), from_(from), to_(to) {}
  Move<N> choose(const Position<N>& pos, Rng& rng) override {
    const int placed = 2 * Geometry<N>::kStonesPerSide - pos.in_hand(White) - pos.in_hand(Black);
    const int turn = placed / 2 + 1;
    return this->play(pos.placing() && turn >= from_ && turn <= to_, pos, rng);
  }

 private:
  int from_, to_;
};

// Places with one player and moves with another (placement=SPEC), so that a study can ask whether an
// edge comes from how a side places or how it moves. Both hear new_game and the stop flag.
template <int N>
class Split : public Player<N> {
 public:
  Split(std::unique_ptr<Player<N>> placement, std::unique_ptr<Player<N>> movement)
      : placement_(std::move(placement)), movement_(std::move(movement)) {}
  Move<N> choose(const Position<N>& pos, Rng& rng) override {
    last_ = pos.placing() ? placement_.get() : movement_.get();
    return last_->choose(pos, rng);
  }
  void new_game() override {
    placement_->new_game();
    movement_->new_game();
  }
  void set_stop(const std::atomic<bool>* stop) override {
    placement_->set_stop(stop);
    movement_->set_stop(stop);
  }
  const SearchResult<N>* last_search() const override { return last_ ? last_->last_search() : nullptr; }
  void seed_game(std::uint64_t seed) override {
    placement_->seed_game(seed);
    movement_->seed_game(seed);
  }
  void observe(const Position<N>& before, const Move<N>& m) override {
    placement_->observe(before, m);
    movement_->observe(before, m);
  }
  bool observes() const override { return placement_->observes() || movement_->observes(); }
  void limit_next_move(const GoLimits& g) override {
    placement_->limit_next_move(g);
    movement_->limit_next_move(g);
  }
  const Forfeit* forfeit() const override { return last_ ? last_->forfeit() : nullptr; }

 private:
  std::unique_ptr<Player<N>> placement_, movement_;
  Player<N>* last_ = nullptr;
};

}  // namespace

template <int N>
std::unique_ptr<Player<N>> make_player(const PlayerSpec& spec) {
  using K = PlayerSpec::Kind;
  std::unique_ptr<Player<N>> p;
  switch (spec.kind) {
    case K::Random: p = std::make_unique<RandomPlayer<N>>(); break;
    case K::Greedy: p = std::make_unique<GreedyPlayer<N>>(); break;
    case K::Mcts: p = std::make_unique<MctsPlayer<N>>(spec.playouts); break;
    case K::AlphaBeta:
    case K::Level: {
      // What both searchers share: a perturbed configuration's seed and jitter, the placement cap.
      SearchLimits l;
      l.vary = spec.vary;
      l.jitter = spec.jitter;
      l.placement_cap = spec.placement_cap;
      l.quiescence_plies = spec.quiescence_plies;
      l.reductions = spec.reductions;
      if (spec.kind == K::AlphaBeta) {
        l.depth = spec.depth;
        l.nodes = spec.nodes;
        l.time_ms = spec.time_ms;
      } else {
        l.depth = level_spec(spec.level).depth;
        l.quiescence = searches_captures(spec);
        if (spec.deterministic) l.nodes = kLevelNodeBudget;
        else l.time_ms = kLevelTimeMs;
      }
      p = std::make_unique<SearchPlayer<N>>(spec.weights, l, spec.table_mib);
      break;
    }
    case K::Engine:
      throw std::invalid_argument("make_player: " + spec.text + " is someone else's engine (make_any_player)");
    case K::Callback: p = make_callback_player<N>(spec); break;
  }
  if (spec.blunder > 0) p = std::make_unique<Blundering<N>>(std::move(p), spec.blunder);
  if (spec.placement) p = make_split_player<N>(make_player<N>(*spec.placement), std::move(p));
  if (spec.random_from) p = std::make_unique<RandomTurns<N>>(std::move(p), spec.random_from, spec.random_to);
  p->set_time_control(spec.time);
  return p;
}

bool plays_an_engine(const PlayerSpec& spec) {
  return spec.kind == PlayerSpec::Kind::Engine || (spec.placement && plays_an_engine(*spec.placement));
}

template <int N>
std::unique_ptr<Player<N>> make_split_player(std::unique_ptr<Player<N>> placement,
                                             std::unique_ptr<Player<N>> movement) {
  return std::make_unique<Split<N>>(std::move(placement), std::move(movement));
}

#define SEEGA_INSTANTIATE(N)                                                                                        \
  template std::unique_ptr<Player<N>> make_player<N>(const PlayerSpec&);                                            \
  template std::unique_ptr<Player<N>> make_split_player<N>(std::unique_ptr<Player<N>>, std::unique_ptr<Player<N>>); \
  template Move<N> greedy_move<N>(const Position<N>&, Rng&);                                                        \
  template Move<N> random_move<N>(const Position<N>&, Rng&);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
