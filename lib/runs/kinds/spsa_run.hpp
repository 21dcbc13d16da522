#pragma once
// seega spsa's run: the evaluation's weights tuned on game results by SPSA (analysis/spsa.hpp), as
// fishtest and OpenBench tune. Iteration k plays a match of a player with the weights theta_plus
// against the same player with theta_minus (run_match, on oneTBB), and its result, A's points minus
// B's, moves theta. The trajectory file holds one CSV row per finished iteration with theta after it,
// and its configuration beside it (PATH.json), so a resume continues the same trajectory.
//
// Every iteration is a pure function of the configuration, k and theta before it: Delta and the games'
// seed come from (seed, k), and each game is a pure function of its match and index for a player
// without a clock. So the trajectory is the same on any thread count and after any number of resumes.

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/spsa.hpp"
#include "runs/io/append_file.hpp"
#include "runs/play/runner.hpp"

namespace seega {

// A weight's bounds while tuned: the range a weights file takes (parse_weights), so --out reads back.
inline constexpr double kSpsaWeightBound = 1e6;

struct SpsaRunConfig {
  Rules rules;
  // The players whose games tune the weights, each a template (ab or level, without a clock) whose
  // weights are replaced: iteration k plays players[(k - 1) % size], so that several (depths 1 to 4,
  // say) tune one set of weights for all of them rather than for one depth.
  std::vector<PlayerSpec> players;
  Weights start = Weights::defaults();
  // The tuned weights: NAME (a kFeatureNames entry: the weight of every position, or of the movement
  // phase when start is split), placement.NAME (the placement phase's, only when start is split) or
  // endgame.NAME (the empty board's, only when start is tapered).
  std::vector<std::string> tune;
  double c_end = 4;  // hundredths of a stone, every tuned weight alike
  double r_end = 0.002;
  long long iterations = 200;
  int pairs = 8;  // game pairs per iteration
  int opening_turns = 2;
  // A population of configurations: game pair j of iteration k is played by its own configuration of
  // the engine, vary=S on both sides (S from the iteration's games seed and j, vary_of), as the gates'
  // empty-board rows and the last-placer study play. With opening_turns 0 the games start from the
  // empty board and still differ pair by pair. The players must not set vary themselves.
  bool vary = false;
  std::uint64_t seed = 1;
  int threads = 0;  // 0: all cores; no effect on the trajectory

  // The SPSA configuration: one parameter per tuned name, starting at its start weight, or why not (an
  // unknown name with the nearest as "did you mean", a name twice, a player that cannot be tuned,
  // pairs < 1, no player, a player that sets vary with vary, and check_spsa_config's errors).
  Parsed<SpsaConfig> spsa() const;
  // start with the tuned weights set to theta (in the order of tune).
  Weights weights_at(const std::vector<double>& theta) const;
  // The player iteration k plays (k from 1).
  const PlayerSpec& player_of(long long k) const;
  // Iteration plan's games: its player with plan.plus against it with plan.minus, 2 pairs games. Without
  // vary, players {plus, minus} play `pairs` game pairs (seega match's tournament); with it, players
  // 2j (plus) and 2j + 1 (minus), both with vary_of(plan, j), play game pair j (the pairs schedule).
  // Either way the even player of a pairing has theta_plus, and game pair j is games 2j and 2j + 1.
  Tournament tournament(const SpsaPlan& plan) const;
  // The configuration S (vary=S, 1 or more) of game pair j in iteration plan, with vary.
  static std::uint64_t vary_of(const SpsaPlan& plan, int pair);
  // The players as a reader names them: the one player's text, or the texts joined by " then ".
  std::string players_text() const;
  // What the trajectory's PATH.json records (without version and build): everything that shapes the
  // trajectory, so a resume with other options is refused. Not the thread count. "player" is
  // players_text(): one player's text, as before several could be given, so those files resume; and
  // "vary" only when it is set, for the same reason.
  nlohmann::json header() const;
};

// The names spsa can tune for these weights (NAME, placement.NAME when split, endgame.NAME when
// tapered), and the default:
// all of them but material, whose weight of 100 fixes the scale of the others.
std::vector<std::string> spsa_tunable_names(const Weights& start);
std::vector<std::string> spsa_default_names(const Weights& start);
// Why a player cannot be tuned, or "": one without weights (random, greedy, mcts), one with a clock
// (ab(time=..), level(N) without deterministic), whose games are not reproducible from the seed, or, in a
// run with vary (which gives each game pair its own configuration), one that sets vary=S itself.
std::string spsa_player_problem(const PlayerSpec& player, bool vary);

// One finished iteration: a row of the trajectory.
struct SpsaRow {
  long long k = 0, games = 0;
  double result = 0;          // A's (theta_plus's) points minus B's
  double c = 0, a = 0;        // c_k and a_k (the same for every tuned weight)
  std::vector<double> theta;  // after the update, in the order of the tuned names
};

struct SpsaHooks {
  std::function<void(const SpsaRow&)> on_record;        // each finished iteration, in order
  std::function<void(const RunProgress&)> on_progress;  // the games of the iteration under way
};

// Plays the iterations state has not done, updating it after each. When stop (may be null) is raised,
// the iteration under way is abandoned and dropped (state keeps the last finished one; a resume plays
// it again, the same) and no other starts.
//
// With share (may be null), the processes of the share play each iteration's match together, one
// session an iteration (share.hpp). The root holds the run: its state is the run's (read back from the
// trajectory on a resume), only it sees the results, updates and calls the hooks. Before each iteration
// it broadcasts its state (the iterations done and theta, exact), or that the run ends (the last
// iteration done, or stop raised at the root); the others set their state to it and play, or return.
// A stop in another process only drops its games under way: the root decides. So the trajectory is the
// same on any number of processes.
void run_spsa(const SpsaRunConfig& config, Spsa& state, const SpsaHooks& hooks, const std::atomic<bool>* stop,
              Share* share = nullptr);

// The trajectory's CSV: its header line (no newline) and a row's line (with it). Doubles are written
// with max_digits10 digits, so they read back to the same value.
std::string spsa_csv_header(const std::vector<std::string>& names);
std::string spsa_csv_line(const SpsaRow& row);
// Why rows read back are not iterations of this configuration's schedule, or "": a row's games, c_k or
// a_k that this run would not have (relatively, to 1e-12: the same schedule from another libm may
// differ in the last digit), or a weight outside its bounds. A row a hand edited or another run wrote
// is caught here rather than continued from (a resume, seega summary).
std::string rows_match_schedule(const SpsaRunConfig& config, const std::vector<SpsaRow>& rows);
// The rows of a trajectory's text, numbered from 1; kept is the length of the text they take. A last
// line without its newline is a cut write and is dropped; any other line that is not a row is an error
// naming it ("line 4: ..."), and so is a header for other names and an iteration out of sequence.
Parsed<std::vector<SpsaRow>> parse_spsa_trajectory(std::string_view text, const std::vector<std::string>& names,
                                                   std::size_t& kept);

// The trajectory file of a run, appended a row per iteration.
class SpsaTrajectory {
 public:
  // Opens path (refused when it holds rows, unless resume) and writes its configuration to path.json.
  // With resume, the rows already there are read back, after checking that path.json holds this
  // run's configuration; errors name the file, and the line or the key.
  static Parsed<SpsaTrajectory> open(const std::string& path, const SpsaRunConfig& config, std::string_view version,
                                     bool resume);
  SpsaTrajectory() = default;
  const std::vector<SpsaRow>& finished() const { return finished_; }
  void write(const SpsaRow& row) { file_.write(spsa_csv_line(row)); }
  bool failed() const { return file_.failed(); }

 private:
  AppendFile file_;
  std::vector<SpsaRow> finished_;
};

}  // namespace seega
