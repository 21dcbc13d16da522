#pragma once
// Players, each described by one spec string: random, greedy, ab(depth=4), ab(nodes=200000),
// ab(time=1500), mcts(playouts=2000), level(N) and level(N,deterministic); any of them takes
// blunder=P and placement=SPEC (SPEC places, this player moves: ab(depth=4,placement=random)), and ab
// and level take weights=FILE and vary=S, jitter=J (a perturbed configuration of the same engine,
// ab(depth=3,vary=5,jitter=3)). All randomness comes from the Rng handed to choose() and from S,
// so the same seed replays the same game.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engine/eval.hpp"
#include "engine/protocol.hpp"
#include "engine/search.hpp"
#include "rules/random.hpp"

namespace seega {

// A player's time control (the keys movetime=MS, tc=BASE+INC and margin=MS of every player): a fixed
// time a move, or a clock of BASE ms and INC ms added after each move. A move that takes longer than its
// time, or overdraws the clock, by more than the margin loses the game on time (time_forfeit).
struct TimeControl {
  long long movetime_ms = 0;  // 0: none
  long long base_ms = 0;      // 0: no clock
  long long inc_ms = 0;
  long long margin_ms = 100;
  bool clocked() const { return base_ms > 0; }
  bool timed() const { return clocked() || movetime_ms > 0; }
};

// Why a player could not give a move: how its game ends (engine_crashed, time_forfeit, illegal_move),
// what happened in words, and the conversation around it (for an external engine).
struct Forfeit {
  EndReason reason = EndReason::EngineCrashed;
  std::string detail;
  std::vector<std::string> log;
};

// Seega>Play's AI levels (seed 001). Level 1 looks one move ahead and plays a random move 35% of the
// time; levels 2-5 read deeper and blunder 20%, 10%, 5%, 3%; from level 6 the blunder chance is
// 3% x 0.6^(N-5), never zero. It thinks at most 1.5 s a move. The depths (1, 2, 3, 4, 5, 6, 7, 8, 9,
// 12, then 12) are this project's choice, calibrated on 5x5 standard so that each of levels 1 to 10
// beats the one below by at least 50 Elo (experiments/levels/); level_spec's table is the one place they
// live. With 5x5 standard's pattern evaluation every step is +68 or more, level 9 over 8 the smallest,
// +68 [+28, +108] (experiments/levels/README.md).
struct LevelSpec {
  int depth;
  double blunder;
};
LevelSpec level_spec(int level);
constexpr int kLevelTimeMs = 1500;
// level(N,deterministic) replaces the 1.5 s clock by this node budget, so batch runs replay exactly:
// about what this 2-core VM searches in 1.5 s (4 million nodes a second; 3.1 million measured with both
// cores busy, 6.2 million idle, seega bench). The two play the same moves wherever the search reaches
// its depth before either limit, which on 5x5 is nearly every move of levels 1 to 10
// (experiments/levels/README.md has the shares).
constexpr std::uint64_t kLevelNodeBudget = 6'000'000;

struct PlayerSpec {
  enum class Kind { Random, Greedy, AlphaBeta, Mcts, Level, Engine, Callback } kind = Kind::Random;
  int depth = 0;
  std::uint64_t nodes = 0;
  int time_ms = 0;
  int playouts = 0;
  int level = 0;
  bool deterministic = false;
  double blunder = 0;
  std::string weights_file;
  // weights_file's, once load_player_weights has read it (or set by a caller, as SPSA does); without,
  // the player evaluates with the built-in weights of the rules it plays (builtin_weights).
  std::optional<Weights> weights;
  // placement=SPEC: the player that plays the placement turns (this one plays the movement turns).
  std::shared_ptr<const PlayerSpec> placement;
  // vary=S (ab and level): a perturbed configuration of the same engine, S 1 or more: root moves of
  // equal score are chosen by an order seeded by S, and the evaluation takes jitter=J, an offset of
  // -J to J hundredths of a stone fixed by S and the position (SearchLimits::vary, jitter). 0: none.
  std::uint64_t vary = 0;
  int jitter = 0;
  // placement_cap=N (ab and level): the placement rule's node cap of a depth-limited search
  // (SearchLimits::placement_cap); 0: none.
  std::uint64_t placement_cap = kPlacementNodes;
  // qplies=P (ab and level): the capture search's ply limit (SearchLimits::quiescence_plies); 0: none.
  // Not named: the board's (builtin_quiescence_plies).
  int quiescence_plies = kBoardQuiescencePlies;
  // lmr=K (ab and level): late move reductions after the first K moves of a node
  // (SearchLimits::reductions); 0, the default: none.
  int reductions = 0;
  // hash=MB (ab and level): the transposition table's size in MiB, rounded up to a power of two
  // (Searcher's table_mib: 16-byte entries, 65,536 at 1 MiB, the default), allocated at the player's
  // first search.
  int table_mib = 1;
  // random_turns=T or A-B: the placement turns of the game (1 the first; a 5x5 game has 12) this player
  // plays uniformly at random, whatever else it is; 0 (random_from) for none. The last-placer study's
  // test of a side's last free choice (experiments/last_placer).
  int random_from = 0, random_to = 0;

  // movetime=MS, tc=BASE+INC (seconds, as 10+0.1), margin=MS: every player's time control.
  TimeControl time;
  // engine(cmd='...',name=N): someone else's engine, started by the command, spoken to by the protocol.
  // depth= and nodes= go to it in each go; timeout=MS bounds a move without a clock (a hang is a time
  // forfeit after it). The player is made and the process started in the runs layer
  // (runs/play/engine_client.hpp); handshake is what the engine said of itself when the run checked it
  // (check_engine), for the results header.
  std::string engine_cmd, engine_name;
  long long engine_timeout_ms = 30'000;
  std::optional<Handshake> handshake;
  std::string callback;  // callback(NAME): the name its function is registered under (callback_player.hpp)

  // Whether the moves depend only on the position and the seed (no clock; an engine is trusted to be).
  bool reproducible() const;
  // The name summaries show: an engine's name=, else the spec as given.
  const std::string& label() const { return engine_name.empty() ? text : engine_name; }
  std::string text;  // the spec as given
};

// Parses a player spec; unknown kinds or keys are errors listing what is allowed (with the nearest as
// "did you mean"), and so are a key given twice, a value outside its range and a value given to a flag.
// A pure function of the text: weights=FILE is only named, load_player_weights reads it.
Parsed<PlayerSpec> parse_player(std::string_view text);

// Reads a weights file (the default reads it from disk: load_weights in eval.hpp).
using WeightsLoader = std::function<Parsed<Weights>(const std::string& path)>;
// Loads the weights files spec names, its own and its placement player's, into their weights: "" when
// done, else the error, naming the player and the file.
std::string load_player_weights(PlayerSpec& spec, const WeightsLoader& load = load_weights);
// The evaluation spec plays with under rules: its weights file's ("file PATH"), else the rules' built-in
// weights (builtin_evaluation); none for a player that evaluates no position (random, greedy, mcts, an
// engine). A placement= player's is its own (spec.placement).
std::optional<Evaluation> player_evaluation(const PlayerSpec& spec, const Rules& rules);
// The capture search's ply limit spec takes from the board of rules (builtin_quiescence_plies) because it
// names no qplies: what a file records beside the player's evaluation, since another build may give the
// board another limit. 0 when the spec names one (its text says it), when the player has no capture
// search (level 1 and the kinds that do not search), or when the board has no limit.
int board_capture_plies(const PlayerSpec& spec, const Rules& rules);
std::string players_help();

template <int N>
class Player {
 public:
  virtual ~Player() = default;
  // A legal move of pos, which must not be terminal.
  virtual Move<N> choose(const Position<N>& pos, Rng& rng) = 0;
  // Forget what was learnt in the previous game (search tables), so games are independent.
  virtual void new_game() {}
  // A flag that, once true, makes a search in progress return at once (Ctrl-C).
  virtual void set_stop(const std::atomic<bool>*) {}
  // The result of the search behind the last move chosen (nullptr when no search chose it: players
  // that do not search, a blunder's random move).
  virtual const SearchResult<N>* last_search() const { return nullptr; }
  // The seed of this player's random stream in the game about to start (play_game calls it before
  // new_game): an external engine passes it on, so that its game replays too.
  virtual void seed_game(std::uint64_t) {}
  // Every turn of the game, whoever played it (random opening turns and forced moves too): m led from
  // `before`. play_game calls it after each turn on the players whose observes() is true.
  virtual void observe(const Position<N>&, const Move<N>&) {}
  // Whether observe() does anything: true for an external engine (which must hear every move) and the
  // players that wrap one. play_game asks once a game, so the others pay nothing a move.
  virtual bool observes() const { return false; }
  // The clock or move time of the next choose(), for a player whose time control is timed.
  virtual void limit_next_move(const GoLimits&) {}
  // Set when the last choose() could not get a move (an engine crashed, hung or answered nonsense):
  // the game is lost for it, and the move choose() returned is not played.
  virtual const Forfeit* forfeit() const { return nullptr; }

  TimeControl time_control() const { return time_; }
  void set_time_control(const TimeControl& t) { time_ = t; }

 private:
  TimeControl time_;
};

// The time a player of this project gives its next move under limits: the move time, or from a clock
// a twentieth of what is left plus three quarters of the increment, never more than three quarters of
// what is left (at least 1 ms); 0 when limits set no time.
long long move_time_ms(const GoLimits& limits, Color side);

// The player of spec, of every kind this project plays. Precondition: spec is no engine(...) and has
// none as its placement= (plays_an_engine is false; std::invalid_argument otherwise): someone else's
// engine is a process, which runs/play/engine_client.hpp's make_any_player starts.
template <int N>
std::unique_ptr<Player<N>> make_player(const PlayerSpec& spec);
// Whether spec, or its placement= player, is an engine(...).
bool plays_an_engine(const PlayerSpec& spec);
// The player of placement= SPEC: `placement` plays the placement turns, `movement` the rest.
template <int N>
std::unique_ptr<Player<N>> make_split_player(std::unique_ptr<Player<N>> placement, std::unique_ptr<Player<N>> movement);

// The greedy choice: a move taking the most stones now, ties broken uniformly at random.
template <int N>
Move<N> greedy_move(const Position<N>& pos, Rng& rng);

// A uniformly random legal move. Precondition: pos is not terminal.
template <int N>
Move<N> random_move(const Position<N>& pos, Rng& rng);

// Monte Carlo tree search (UCT) with uniformly random playouts, `playouts` per move (lib/engine/mcts.cpp).
// Once *stop (may be null) is true it plays the best move of the playouts so far.
template <int N>
Move<N> mcts_move(const Position<N>& pos, int playouts, Rng& rng, const std::atomic<bool>* stop = nullptr);

}  // namespace seega
