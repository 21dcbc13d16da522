// seega gen-data: positions for tuning the evaluation, from self-play or from games already played.
#include <fmt/core.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <set>

#include "common.hpp"
#include "job.hpp"
#include "kinds.hpp"
#include "run_games.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/format/results_file.hpp"
#include "runs/kinds/game_file.hpp"
#include "runs/kinds/gen_data.hpp"
#include "runs/play/runner.hpp"

namespace seega::cli {

namespace {

// gen-data as its command line says it: the configuration, the games to label (a tournament to play, or
// --from's recorded games), and the run's options and file.
struct GenDataCommand {
  GenDataConfig c;
  bool from_file = false;
  Tournament t;                      // the games to play (not with --from)
  std::vector<GameRecord> recorded;  // --from's games, by index
  RunRequest request;
  bool resume = false;
  bool json = false;  // the run's summary as one JSON object
};

// The gen-data of a command line, or nothing when it asked for --help.
std::optional<GenDataCommand> parse_gen_data(const std::vector<std::string>& args, const Job& job) {
  std::string rules_text, label_text, from_path, search_weights, openings_path, openings_order;
  std::vector<std::string> player_texts;
  GenDataCommand command;
  GenDataConfig& c = command.c;
  int depth = 0;
  RunArgs run;
  po::options_description opts("gen-data options");
  add_rules_option(opts, rules_text);
  opts.add_options()("players", po::value(&player_texts)->multitoken(),
                     "the players of the self-play games: one plays itself, several play a round robin")(
      "games", po::value(&c.games)->default_value(1000),
      "games to play (with several players, rounded up so that every pairing plays the same even number)")(
      "from", po::value(&from_path),
      "label the positions of the games in this results, run-sim or play file instead of playing")(
      "positions-per-game", po::value(&c.positions_per_game)->default_value(10),
      "quiet positions sampled from each game (at most)")(
      // Search by default: fits to search labels gain in games where fits to results did not
      // (experiments/tune_eval/), and the file keeps the result too, so seega tune --label result can
      // still fit to it.
      "label", po::value(&label_text)->default_value("search"),
      "search (a fixed-depth search's win probability; the result is kept beside it), result (the game's "
      "result alone, no search: fastest) or blend=L (L x result + (1 - L) x search)")(
      "search-depth", po::value(&depth)->default_value(4), "the depth of the labelling search")(
      "search-weights", po::value(&search_weights),
      "the labelling search's weights file (default: the built-in weights of the rules)")(
      "opening-turns", po::value(&c.opening_turns)->default_value(2),
      "random placement turns shared by both games of a pair (not with --openings)")(
      "json", po::bool_switch(&command.json), "print the run's summary as one JSON object");
  add_openings_options(opts, openings_path, openings_order);
  add_run_options(opts, run,
                  {.seed = "master seed (0 to 2^64-1)",
                   .out = "the CSV of positions (and OUT.json, its configuration)",
                   .resume = "continue the data in --out",
                   .out_default = "positions.csv"});
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega gen-data --players SPEC [SPEC...] --games N [--rules R] [--seed S]
       [--opening-turns K | --openings FILE [--openings-order random]]
       [--positions-per-game M] [--label search|result|blend=L] [--search-depth D] [--search-weights F]
       [--out positions.csv] [--resume]
       [--shard I/K] [--json]
       seega gen-data --from games.jsonl [--positions-per-game M] [--label ...] [--out positions.csv])"))
    return std::nullopt;
  auto label = parse_label(label_text);
  if (!label.ok()) throw UsageError(label.error);
  if (depth < 1 || depth > 20) throw UsageError(fmt::format("--search-depth {}: allowed 1 to 20", depth));
  c.label = label.value;
  c.label.search_depth = depth;
  if (!search_weights.empty()) {
    if (c.label.kind == LabelSpec::Kind::Result) throw UsageError("--search-weights with --label result: no search");
    c.label.weights = load_weights_option(search_weights);
    c.label.weights_file = search_weights;
  }
  if (c.positions_per_game < 1 || c.positions_per_game > 10'000)
    throw UsageError(fmt::format("--positions-per-game {}: allowed 1 to 10000", c.positions_per_game));
  if (run.out.empty()) throw UsageError("--out: give a file name");
  command.request = check_run_args(run);
  command.resume = run.resume;
  const RunRequest& request = command.request;
  const bool from_file = command.from_file = vm.count("from") > 0;
  if (from_file == !player_texts.empty())
    throw UsageError(from_file ? "--from and --players: choose one (label recorded games, or play new ones)"
                               : "--players SPEC or --from games.jsonl: say where the games come from");
  if (from_file && job.cluster())
    throw UsageError(
        "--from labels a file's games in one process: run it without mpirun (the games played under "
        "mpirun are shared among the ranks, a file's are not)");
  const Shard& shard = request.shard;
  if (from_file && (vm.count("openings") || vm.count("openings-order")))
    throw UsageError("--openings with --from: the games of a file have been played; --openings starts new ones");
  if (from_file && !shard.whole())
    throw UsageError(
        "--shard with --from: a shard plays a part of a run's games; --from labels the games of a file "
        "(label each shard's results file, or the merged one)");

  if (from_file) {
    auto file = read_game_file(read_user_file(from_path, "--from"));  // a results file or a run-sim file
    if (!file.ok()) throw UsageError(from_path + ": " + file.error);
    c.rules = file.value.rules;
    std::vector<GameRecord>& recorded = command.recorded;
    recorded = std::move(file.value.games);
    std::sort(recorded.begin(), recorded.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    c.from = file.value.header;
  } else {
    c.rules = load_rules(rules_text);
    c.players = load_players("--players", player_texts);
    check_engines(c.players, c.rules, "--players");
    if (c.games < 1 || c.games > 100'000'000)
      throw UsageError(fmt::format("--games {}: allowed 1 to 100000000", c.games));
    check_opening_turns(c.rules, c.opening_turns);
    if (vm.count("openings")) {
      if (!vm["opening-turns"].defaulted())
        throw UsageError("--openings and --opening-turns: choose one (a suite's openings, or random placement turns)");
      c.opening_turns = 0;
    }
    c.openings = load_openings(c.rules, openings_path, openings_order);
    c.seed = request.seed;
    command.t = c.tournament();
  }
  return command;
}

}  // namespace

int command_gen_data(const std::vector<std::string>& args, const Job& job) {
  auto command = parse_gen_data(args, job);
  if (!command) return 0;
  GenDataConfig& c = command->c;
  const bool from_file = command->from_file;
  const Tournament& t = command->t;
  std::vector<GameRecord>& recorded = command->recorded;
  const RunRequest& request = command->request;
  const std::string& out_path = request.out_path;
  const Shard& shard = request.shard;
  // The positions file, opened by the harness on the process that holds the run (under mpirun rank 0
  // alone writes: the others label the games they play and send the rows). It takes rows as they come
  // (out.add), not the harness's records; a resume continues from the game after its last whole one.
  DataWriter out;
  long long rows_before = 0, first = 0;
  const auto open = [&]() -> RecordsOut<GameRecord> {
    const long long games_of_run = from_file ? std::numeric_limits<long long>::max() : t.schedule.games();
    auto opened = DataWriter::open(out_path, c.data_config(), SEEGA_VERSION, command->resume, shard, games_of_run);
    if (!opened.ok()) throw FileError(opened.error);
    out = std::move(opened.value);
    rows_before = out.rows_written();
    first = out.next_game();
    return {{}, nullptr, [&out] { return out.failed(); }};
  };
  auto rows_of = [&](const GameRecord& g) {
    auto rows = rows_of_game(c, g);
    if (!rows.ok()) throw UsageError(rows.error);
    return std::move(rows.value);
  };
  const auto progress = [&](const RunProgress& p) {
    return fmt::format("{}/{} games  {} positions  {:.0f} positions/s", p.done, p.total, out.rows_written(),
                       p.seconds > 0 ? static_cast<double>(out.rows_written() - rows_before) / p.seconds : 0.0);
  };
  const long long total = from_file ? static_cast<long long>(recorded.size()) : t.schedule.games();
  // New games played as a tournament, their rows made in the workers, in parallel (on every rank), and
  // travelling as their lines; a file's games (--from) labelled one by one.
  const auto play = [&](std::vector<GameRecord>, const RunHooks& harness_hooks, const std::atomic<bool>* stop,
                        Share* share) -> std::vector<GameRecord> {
    if (from_file) {
      const auto start = std::chrono::steady_clock::now();
      long long done = 0;
      for (auto& g : recorded) {
        if (stop->load()) break;
        if (g.index >= first) out.add(g.index, rows_of(g));
        ++done;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (harness_hooks.on_progress) harness_hooks.on_progress({done, total, done, seconds, 0});
      }
      return {};
    }
    RunHooks hooks;
    hooks.on_game = [&](const GameRecord& g) { return rows_text(rows_of(g)); };
    hooks.on_annex = [&](const GameRecord& g, std::string&& text) {
      auto rows = parse_rows_text(text);
      if (!rows.ok())
        throw UsageError("a row of game " + std::to_string(g.index) + " sent by another rank: " + rows.error);
      out.add(g.index, std::move(rows.value));
    };
    const long long before = shard.share(first);  // the shard's games in the file already
    if (harness_hooks.on_progress)
      hooks.on_progress = [&harness_hooks, before](RunProgress p) {
        p.done += before;
        harness_hooks.on_progress(p);
      };
    RunOptions o;
    o.threads = request.threads;
    o.first_index = first;
    o.keep_moves = false;
    o.shard = shard;
    o.share = share;
    run_tournament(t, o, {}, hooks, stop);
    return {};
  };
  const RunTotals totals = play_records<GameRecord, RunHooks>(job, request, open, progress, play);
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports
  const double seconds = totals.seconds;
  const long long rows = out.rows_written() - rows_before;
  // The last game written: the shard's last before the next one it would play.
  long long last = out.next_game() - 1;
  while (last >= first && !shard.holds(last)) --last;
  // A run the stop flag cut short (Ctrl-C, SIGTERM, or under mpirun a stop from rank 0) is marked, as
  // match's and random's are, so that its count is not read as the whole run's.
  const bool complete = out.next_game() >= total, interrupted = totals.signalled && !complete;
  const std::string games_text =
      last >= first ? fmt::format("from games {} to {}", first, last) : std::string("from no new game");
  if (command->json) {
    nlohmann::json j{{"file", out_path},
                     {"positions", rows},
                     {"positions_in_all", out.rows_written()},
                     {"first_game", first},
                     {"last_game", last >= first ? nlohmann::json(last) : nlohmann::json()},
                     {"seconds", seconds},
                     {"positions_per_second", seconds > 0 ? static_cast<double>(rows) / seconds : 0.0},
                     {"complete", complete},
                     {"interrupted", interrupted}};
    if (!shard.whole()) j["shard"] = shard.to_string();
    print_json(j);
  } else {
    fmt::print("{}: {} positions {}{} ({} in all{}), {:.1f} s, {:.0f} positions/s\n", out_path, rows, games_text,
               shard.whole() ? "" : " of shard " + shard.to_string(), out.rows_written(),
               interrupted ? "; interrupted: --resume continues it" : "", seconds,
               seconds > 0 ? static_cast<double>(rows) / seconds : 0.0);
  }
  if (report_write_failure(out_path, totals, "")) return 2;
  return complete ? 0 : 130;
}

namespace {

// A positions file (gen-data's CSV, its configuration in FILE.json): what it holds, read back, with the
// configuration and the command line that made it. gen-data's own summary counts what one run added;
// this one counts the whole file.
int summarize_gen_data(const ReadBack& rb, const std::vector<std::string>*) {
  const std::string& path = rb.path;
  const bool json = rb.json, csv = rb.csv;
  const std::string text = read_user_file(path, "summary");
  long long rows = 0, placement = 0, searched = 0, first = -1, last = -1;
  double label_sum = 0, result_sum = 0;
  std::set<long long> games;
  const std::string error = read_positions(text, [&](const PositionsLine& line) -> std::string {
    if (!line.row.ok()) return "line " + std::to_string(line.number) + ": " + line.row.error;
    const DataRow& r = line.row.value;
    ++rows;
    placement += r.placement;
    searched += r.search.has_value();
    label_sum += r.label;
    result_sum += r.result;
    games.insert(r.game);
    first = first < 0 ? r.game : std::min(first, r.game);
    last = std::max(last, r.game);
    return "";
  });
  if (!error.empty()) throw UsageError("summary " + path + ": " + error);
  nlohmann::json config;
  if (auto meta = user_file_text(path + ".json"); meta.ok()) config = nlohmann::json::parse(meta.value, nullptr, false);
  if (!config.is_object()) config = nlohmann::json::object();
  const double n = rows ? static_cast<double>(rows) : 1;
  nlohmann::json j{{"file", path},
                   {"positions", rows},
                   {"games", games.size()},
                   {"first_game", first},
                   {"last_game", last},
                   {"placement_positions", placement},
                   {"movement_positions", rows - placement},
                   {"searched_positions", searched},
                   {"mean_label", label_sum / n},
                   {"mean_result", result_sum / n},
                   {"configuration", config}};
  if (json) {
    fmt::print("{}\n", j.dump());
    return 0;
  }
  if (csv) {
    std::vector<std::string> head, row;
    for (const char* k : {"file", "positions", "games", "first_game", "last_game", "placement_positions",
                          "movement_positions", "searched_positions", "mean_label", "mean_result"}) {
      head.emplace_back(k);
      row.push_back(j[k].is_string() ? j[k].get<std::string>() : j[k].dump());
    }
    fmt::print("{}\n{}\n", csv_row(head), csv_row(row));
    return 0;
  }
  fmt::print("{}: {} positions from {} games ({} to {}): {} in placement, {} in movement; {} labelled by search\n",
             path, rows, games.size(), first, last, placement, rows - placement, searched);
  fmt::print("mean label {:.3f}, mean result for the side to move {:.3f}\n", label_sum / n, result_sum / n);
  if (config.contains("origin") && config["origin"].is_object()) {
    std::string words;
    if (config["origin"].contains("command") && config["origin"]["command"].is_array())
      for (const auto& w : config["origin"]["command"]) words += (words.empty() ? "" : " ") + w.dump();
    fmt::print("made by: {} on {}\n", words, config["origin"].value("date", "?"));
  } else {
    fmt::print("made by: not recorded ({}.json has no origin)\n", path);
  }
  return 0;
}

}  // namespace

// gen-data: positions of games, labelled, for the evaluation's fit; one CSV row a position.
const RunKind& gen_data_kind() {
  static const RunKind kind{"gen-data", summarize_gen_data};
  return kind;
}

}  // namespace seega::cli
