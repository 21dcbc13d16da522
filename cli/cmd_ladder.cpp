// seega ladder: a tournament of many players rated by Bradley-Terry, with a results file and resume.
#include <fmt/core.h>

#include <algorithm>
#include <optional>

#include "analysis/stats.hpp"
#include "common.hpp"
#include "kinds.hpp"
#include "rules/spec.hpp"
#include "run_games.hpp"
#include "runs/io/json.hpp"
#include "runs/kinds/ladder.hpp"

namespace seega::cli {

namespace {

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

void print_human(const LadderConfig& c, const LadderSummary& s, const RunTotals& totals, bool interrupted) {
  auto name = [&](int i) { return c.players[static_cast<std::size_t>(i)].label(); };
  std::size_t width = 6;
  for (const auto& p : c.players) width = std::max(width, p.label().size());
  // Games that repeat come first, as in a match's summary: every interval below is left out for them.
  if (!s.repeats.empty()) fmt::print("repeated games: {}; no interval is given for them\n", s.repeats);
  fmt::print("ladder of {} players ({}, {} games a pair) on {}, seed {}: {} games{}{}\n", c.players.size(),
             to_string(c.schedule), c.games_per_pair, c.rules.to_string(), c.seed, s.games,
             c.shard.whole() ? "" : " of shard " + c.shard.to_string(),
             interrupted_text(totals, interrupted, " (interrupted: the games finished so far)"));
  fmt::print("{:>4}  {:<{}}  {:>6}  {:>6}  {:>7}  {:<18}  {}\n", "rank", "player", width, "games", "score", "rating",
             "95% interval", "above the next [95%]");
  for (std::size_t k = 0; k < s.table.size(); ++k) {
    const LadderRow& r = s.table[k];
    // An interval left out says which of the two reasons (the anchor, too few games) in its place.
    const char* no_interval = r.player == c.anchor                         ? "(anchor)"
                              : r.no_ci == s.repeats && !s.repeats.empty() ? "(games repeat)"
                                                                           : "(too few games)";
    std::string diff;
    if (r.below >= 0)
      diff = r.no_diff_ci.empty() ? fmt::format("{} [{}, {}]", signed_text(r.diff), signed_text(r.diff - r.diff_ci95),
                                                signed_text(r.diff + r.diff_ci95))
                                  : fmt::format("{} ({})", signed_text(r.diff),
                                                r.no_diff_ci == s.repeats ? "games repeat" : "too few games");
    fmt::print("{:>4}  {:<{}}  {:>6}  {:>6}  {:>7}  {:<18}  {}\n", k + 1, name(r.player), width, r.games, pct(r.score),
               signed_text(r.rating),
               r.no_ci.empty() ? fmt::format("[{}, {}]", signed_text(r.rating - r.ci95), signed_text(r.rating + r.ci95))
                               : no_interval,
               diff);
  }
  fmt::print(
      "ratings: Bradley-Terry maximum likelihood on the Elo scale, a draw as half a win and half a loss; "
      "{} = 0\n",
      name(c.anchor));
  if (s.fit.prior_used) fmt::print("note: {}\n", s.fit.prior_note);
  std::string few;
  for (const LadderRow& r : s.table)
    if (!r.no_ci.empty() && r.player != c.anchor && r.no_ci != s.repeats)
      few += fmt::format("{}{} ({})", few.empty() ? "" : ", ", name(r.player), r.games);
  if (!few.empty())
    fmt::print("note: no rating interval for a player with fewer than {} games: {}\n", kMinSamples, few);
  fmt::print("\npairwise scores (the row player's score against the column player):\n");
  const int n = static_cast<int>(c.players.size());
  fmt::print("{:>3}  {:<{}}", "", "", width);
  for (int j = 0; j < n; ++j) fmt::print("  {:>6}", j + 1);
  fmt::print("\n");
  std::vector<std::vector<std::string>> cell(static_cast<std::size_t>(n),
                                             std::vector<std::string>(static_cast<std::size_t>(n), ""));
  for (int p = 0; p < s.board.pairings(); ++p) {
    const Pairing& who = s.board.players_of(p);
    const WDL& a = s.board.score(p).a;
    if (!a.games()) continue;
    cell[static_cast<std::size_t>(who.a)][static_cast<std::size_t>(who.b)] = pct(a.score());
    cell[static_cast<std::size_t>(who.b)][static_cast<std::size_t>(who.a)] = pct(1 - a.score());
  }
  for (int i = 0; i < n; ++i) {
    fmt::print("{:>3}  {:<{}}", i + 1, name(i), width);
    for (int j = 0; j < n; ++j)
      fmt::print("  {:>6}", i == j ? "-" : cell[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
    fmt::print("\n");
  }
  const double games = s.games ? static_cast<double>(s.games) : 1;
  fmt::print("\nlast placer wins {} of all games, draws {}\n", pct(static_cast<double>(s.last_placer_wins) / games),
             pct(static_cast<double>(s.draws) / games));
  for (int i : s.not_above_previous)
    fmt::print(
        "warning: {} is not rated above {} (the player before it) with 95% confidence: the ladder is not "
        "shown to be monotone\n",
        name(i), name(i - 1));
  fmt::print("{}\n", timing_text(totals));
}

void print_csv(const LadderConfig& c, const LadderSummary& s) {
  // An interval left out is two empty cells, with its reason in ci95_reason or diff_ci95_reason.
  std::vector<std::string> head{"rank",         "player",      "games",           "score",      "rating",
                                "ci95_lo",      "ci95_hi",     "below",           "diff_below", "diff_ci95_lo",
                                "diff_ci95_hi", "ci95_reason", "diff_ci95_reason"};
  if (!c.shard.whole()) head.push_back("shard");  // a shard's games only
  fmt::print("{}\n", csv_row(head));
  for (std::size_t k = 0; k < s.table.size(); ++k) {
    const LadderRow& r = s.table[k];
    const bool below = r.below >= 0, ci = r.no_ci.empty(), diff_ci = below && r.no_diff_ci.empty();
    std::vector<std::string> row{std::to_string(k + 1),
                                 c.players[static_cast<std::size_t>(r.player)].label(),
                                 std::to_string(r.games),
                                 fmt::format("{}", r.score),
                                 fmt::format("{}", r.rating),
                                 ci ? fmt::format("{}", r.rating - r.ci95) : "",
                                 ci ? fmt::format("{}", r.rating + r.ci95) : "",
                                 below ? c.players[static_cast<std::size_t>(r.below)].label() : "",
                                 below ? fmt::format("{}", r.diff) : "",
                                 diff_ci ? fmt::format("{}", r.diff - r.diff_ci95) : "",
                                 diff_ci ? fmt::format("{}", r.diff + r.diff_ci95) : "",
                                 r.no_ci,
                                 r.no_diff_ci};
    if (!c.shard.whole()) row.push_back(c.shard.to_string());
    fmt::print("{}\n", csv_row(row));
  }
}

using LadderCommand = GamesCommand<LadderConfig>;

// The ladder of a command line, or nothing when it asked for --help. Read back (rb), from a results file's
// recorded command line: the players are the header's (a --levels table's file is not read), weights and
// the opening suite too, and no engine is started.
std::optional<LadderCommand> parse_ladder(const std::vector<std::string>& args, const ReadBack* rb) {
  std::string rules_text, schedule_text, anchor_text, levels_path;
  std::vector<std::string> player_texts;
  long long per_pair = 0;
  LadderCommand command;
  GamesArgs& common = command.common;
  po::options_description opts("ladder options");
  add_rules_option(opts, rules_text);
  opts.add_options()("players", po::value(&player_texts)->multitoken(),
                     "the players, in intended order (weakest first), e.g. 'level(1,deterministic)' ... ")(
      "levels", po::value(&levels_path),
      "a level table (seega run-sim --levels): its levels' players join the ladder after --players, in level "
      "order, to rate a candidate table")(
      "schedule", po::value(&schedule_text)->default_value("round-robin"),
      "round-robin (every pair), gauntlet (the first player against each of the others) or chain (each player "
      "against the next: a ladder whose order is known, at the cost of one pairing a step)")(
      "games-per-pair", po::value(&per_pair)->default_value(100), "games of each pairing (even: pairs swap roles)")(
      "anchor", po::value(&anchor_text), "the player rated 0 (default: the first)");
  add_games_options(opts, common, "continue the ladder recorded in --out", "print the ratings table as CSV");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega ladder --players SPEC SPEC [SPEC...] [--levels FILE]
       [--schedule round-robin|gauntlet|chain]
       [--games-per-pair N] [--rules R] [--seed S] [--threads T]
       [--opening-turns K | --openings FILE [--openings-order random]]
       [--out F.jsonl] [--resume [--verify]] [--shard I/K] [--anchor NAME] [--json] [--csv])"))
    return std::nullopt;
  LadderConfig& c = command.c;
  c.rules = load_rules(rules_text);
  const Load load = rb ? Load::ReadBack : Load::Play;
  c.players = load_players("--players", player_texts, load);
  if (!rb) check_engines(c.players, c.rules, "--players");
  if (vm.count("levels")) {
    // Read back, the table's players are the header's after --players' (the table's file is not read).
    std::vector<PlayerSpec> levels;
    if (rb) {
      const std::vector<PlayerSpec> recorded = read_back_tournament(*rb).players;
      if (recorded.size() > c.players.size()) levels.assign(recorded.begin() + c.players.size(), recorded.end());
    } else {
      levels = load_level_table(levels_path).levels;
    }
    c.second_group = static_cast<int>(c.players.size());  // the table's order is checked apart from --players'
    c.players.insert(c.players.end(), levels.begin(), levels.end());
  } else if (player_texts.empty()) {
    throw UsageError("say the players: --players SPEC SPEC ..., or --levels FILE (a level table), or both");
  }
  if (auto why = ladder_players_invalid(c.players); !why.empty())
    throw UsageError((vm.count("levels") ? "--players with --levels' table: " : "--players: ") + why);
  auto kind = parse_schedule_kind(schedule_text);
  if (!kind.ok()) throw UsageError("--schedule: " + kind.error);
  if (kind.value == ScheduleKind::Pairs)
    throw UsageError(
        "--schedule pairs: each player would meet only its partner, and no rating connects separate pairs; "
        "give round-robin, gauntlet or chain");
  c.schedule = kind.value;
  if (per_pair < 2 || per_pair > 10'000'000 || per_pair % 2)
    throw UsageError(
        fmt::format("--games-per-pair {}: allowed an even number from 2 to 10000000 (each pairing "
                    "plays pairs of games that swap roles)",
                    per_pair));
  c.games_per_pair = per_pair;
  const RunRequest request = check_games_args(common, c.rules);
  if (vm.count("anchor")) {
    const std::string want(trim(anchor_text));
    auto it = std::find_if(c.players.begin(), c.players.end(),
                           [&](const PlayerSpec& p) { return p.text == want || p.label() == want; });
    if (it == c.players.end()) {
      std::string names;
      for (const auto& p : c.players) names += (names.empty() ? "" : ", ") + p.label();
      throw UsageError("--anchor '" + anchor_text + "' is not one of the players: " + names);
    }
    c.anchor = static_cast<int>(it - c.players.begin());
  }
  take_games_args(c, common, request, rb);

  command.request = request;
  return command;
}

// The ladder's summary of its records, played or read back, in the output its command asked for; the
// exit status.
int report_ladder(const LadderCommand& command, const RunReport<GameRecord>& r) {
  const LadderConfig& c = command.c;
  const GamesArgs& common = command.common;
  const RunRequest& request = command.request;
  const Tournament t = c.tournament();
  const bool complete = static_cast<long long>(r.records.size()) >= c.shard.share(t.schedule.games());
  const bool interrupted = r.signalled && !complete;
  if (r.records.empty()) {  // nothing to rate yet: said so, not an error
    if (common.json) {
      nlohmann::json j{{"games", 0},
                       {"players", nullptr},
                       {"players_reason", "no games yet"},
                       {"rules", c.rules.to_string()},
                       {"schedule", std::string(to_string(c.schedule))},
                       {"games_per_pair", c.games_per_pair},
                       {"seed", json_key64(c.seed)},
                       {"opening_turns", c.opening_turns}};
      add_shard_key(j, c.shard);
      add_run_keys(j, r, interrupted);
      print_json(j);
    } else if (common.csv) {
      print_csv(c, {});
    } else {
      fmt::print("ladder of {} players ({}, {} games a pair) on {}, seed {}: 0 games{}{}\n", c.players.size(),
                 to_string(c.schedule), c.games_per_pair, c.rules.to_string(), c.seed,
                 c.shard.whole() ? "" : " of shard " + c.shard.to_string(),
                 interrupted_text(r, interrupted, " (interrupted: the games finished so far)"));
      fmt::print("no games yet, so no ratings\n{}\n", timing_text(r));
    }
    return run_exit_status(request.out_path, r, "every game", interrupted);
  }
  auto s = ladder::summarize(c, r.records);
  if (!s.ok() && !c.shard.whole() && complete) {
    // Every shard meets every pairing in proportion, but a shard too small to connect its players (fewer
    // game pairs than pairings: three players in six shards have one pairing each; docs/tournaments.md,
    // Shards) rates no ladder on its own: its file is what the job is for, and the merged files rate
    // every player.
    fmt::print(stderr,
               "seega: note: shard {}'s {} games rate no ladder on their own ({}); seega merge joins the "
               "shards' files, and seega ladder --resume on the merged file rates the players\n",
               c.shard.to_string(), r.records.size(), s.error);
    return report_write_failure(request.out_path, r, "every game") ? 2 : 0;
  }
  if (!s.ok()) {
    // Only a run cut short can leave a player without games; its games are in --out for --resume.
    fmt::print(stderr, "seega: error: no ratings from the {} games played: {}\n", r.records.size(), s.error);
    // An error exits non-zero: read back (seega summary, which passes a run's 130 on as 0) too.
    return interrupted && r.read_from.empty() ? 130 : 2;
  }
  const long long adjudicated = std::count_if(r.records.begin(), r.records.end(), [](const GameRecord& g) {
    return g.outcome.reason == EndReason::Adjudicated;
  });
  if (common.json) {
    nlohmann::json j = ladder::summary_json(c, s.value);
    if (c.adjudication.any()) j["adjudication"] = {{"rule", c.adjudication.text()}, {"games", adjudicated}};
    add_run_keys(j, r, interrupted);
    print_json(j);
  } else if (common.csv) {
    print_csv(c, s.value);
  } else {
    print_human(c, s.value, r, interrupted);
    if (c.adjudication.any())
      fmt::print("adjudication ({}): {} of {} games adjudicated\n", c.adjudication.text(), adjudicated,
                 r.records.size());
  }
  return run_exit_status(request.out_path, r, "every game", interrupted);
}

}  // namespace

int command_ladder(const std::vector<std::string>& args, const Job& job) {
  const auto command = parse_ladder(args, nullptr);
  if (!command) return 0;
  const LadderConfig& c = command->c;
  const Tournament t = c.tournament();
  const RunRequest& request = command->request;
  const auto r = run_games(job, t, request, [&](auto finished, const RunHooks& hooks, auto* stop, auto* share) {
    RunOptions options = c.run_options();
    options.share = share;
    return run_tournament(t, options, std::move(finished), hooks, stop);
  });
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports
  return report_ladder(*command, r);
}

namespace {

// A ladder's file read back: parsed from its recorded command line, or made from the header's players
// where it records none; then reported as the run reported it.
int summarize_ladder(const ReadBack& rb, const std::vector<std::string>* recorded) {
  // A file whose header does not record a ladder's command line (a gate's row, an older seega): the header's.
  const auto from_header = [&rb] {
    const Tournament t = read_back_tournament(rb);
    if (auto why = ladder_players_invalid(t.players); !why.empty()) throw UsageError("summary " + rb.path + ": " + why);
    LadderCommand command;
    take_games_setup(command.c, t);
    command.c.players = t.players;
    command.c.schedule = t.schedule.kind();
    return command;
  };
  auto read = read_back_command<LadderCommand>(rb, recorded, parse_ladder, from_header);
  if (!read) return 0;
  LadderCommand& command = *read;
  LadderConfig& c = command.c;
  auto games = read_games_back(c.tournament(), rb);
  if (!recorded) {  // the games a pair the file's games need, even (pairs swap roles), 2 at least
    const long long pairings = Schedule(c.schedule, static_cast<int>(c.players.size()), 2).games() / 2;
    long long per_pair = (records_needed(games) + pairings - 1) / std::max(1LL, pairings);
    c.games_per_pair = std::max(2LL, per_pair + per_pair % 2);
  }
  const auto r = read_back_report(rb.path, std::move(games), c.tournament().schedule.games(), rb.shard, "game");
  const int status = report_ladder(command, r);
  return status == 130 ? 0 : status;  // an interrupted run's file: its summary, which says so
}

}  // namespace

// A ladder: three players or more (or a candidate beside a level table), every pairing a mini-match, and
// their ratings.
const RunKind& ladder_kind() {
  // A ladder of two players is compared as the match it is; compare refuses one of more.
  static const RunKind kind{"ladder", summarize_ladder, match_kind().compared};
  return kind;
}

}  // namespace seega::cli
