// seega random: a batch of uniformly random games and how they ended.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <map>

#include "common.hpp"
#include "engine/selfplay.hpp"
#include "job.hpp"
#include "rules/random.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

int command_random(const std::vector<std::string>& args, const Job&) {
  std::string rules_text;
  long long games = 0;
  std::string seed_text;
  bool json = false;
  po::options_description opts("random options");
  add_rules_option(opts, rules_text);
  opts.add_options()("games", po::value(&games)->default_value(1000), "number of games")(
      "seed", po::value(&seed_text)->default_value("1"), "master seed; game i uses a seed derived from it and i")(
      "json", po::bool_switch(&json), "print the summary as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega random [--rules R] [--games N] [--seed S] [--json]")) return 0;
  if (games < 1 || games > 100'000'000) throw UsageError(fmt::format("--games {}: allowed 1 to 100000000", games));
  const std::uint64_t seed = parse_seed(seed_text);
  const Rules rules = load_rules(rules_text);

  auto start = std::chrono::steady_clock::now();
  long long wins[2] = {0, 0}, draws = 0, last_placer_wins = 0, plies = 0;
  std::map<std::string, long long> reasons;
  // Ctrl-C ends the batch after the game under way: the summary covers the games played, marked
  // interrupted, and the exit status is 130.
  SigintGuard sigint;
  const long long asked = games;
  for (long long i = 0; i < asked; ++i) {
    if (sigint.raised()) {
      games = i;
      break;
    }
    // Alternate who places first so neither colour is favoured.
    Color first = i % 2 ? Black : White;
    GameRecord g = play_random_game(rules, Rng::derive(seed, static_cast<std::uint64_t>(i)), first);
    if (g.outcome.draw()) ++draws;
    else ++wins[g.outcome.winner], last_placer_wins += g.outcome.winner == g.last_placer;
    ++reasons[std::string(to_string(g.outcome.reason))];
    plies += g.movement_plies;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool interrupted = games < asked;
  const int status = interrupted ? 130 : 0;
  const double per_game = games ? 1.0 / games : 0;
  nlohmann::json j{{"rules", rules.to_string()},
                   {"seed", json_key64(seed)},
                   {"games", games},
                   {"interrupted", interrupted},
                   {"w_wins", wins[0]},
                   {"b_wins", wins[1]},
                   {"draws", draws},
                   {"last_placer_wins", last_placer_wins},
                   {"end_reasons", reasons},
                   {"mean_movement_plies", double(plies) * per_game},
                   {"seconds", seconds},
                   {"games_per_second", seconds > 0 ? games / seconds : 0}};
  if (json) {
    print_json(j);
    return status;
  }
  fmt::print("{}: {} random games, seed {}{}\n", rules.to_string(), games, seed,
             interrupted ? fmt::format(" (interrupted: {} of {} played)", games, asked) : "");
  fmt::print("  w wins {}  b wins {}  draws {}  last placer wins {} ({:.1f}%)\n", wins[0], wins[1], draws,
             last_placer_wins, 100.0 * last_placer_wins * per_game);
  std::string r;
  for (const auto& [k, v] : reasons) r += fmt::format(" {} {}", k, v);
  fmt::print("  ended by:{}\n  mean movement plies {:.1f}; {:.0f} games/s\n", r, double(plies) * per_game,
             seconds > 0 ? games / seconds : 0);
  return status;
}

}  // namespace seega::cli
