// seega summary FILE: the summary of a run read back from the file it wrote, complete or not, as the run
// printed it. The file's header records the command line (its "origin"); the command that wrote the file
// parses it again and reports on the file's games instead of playing (run_games.hpp, ReadBack), so the
// summary is the run's own, figure for figure, without retyping a single option.
#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>

#include "common.hpp"
#include "run_games.hpp"
#include "runs/json.hpp"
#include "runs/positions_file.hpp"
#include "runs/results_file.hpp"
#include "runs/run_sim.hpp"

namespace seega::cli {

namespace {

// The commands whose results files summary reads back with their own command line (a run-sim file's
// command is read back as it is, in run_summary).
constexpr const char* kReadBack[] = {"match", "ladder"};

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) {
    auto text = user_file_text(path);  // the error that names why (missing, a directory, unreadable)
    if (!text.ok()) throw UsageError("summary " + text.error);
    throw UsageError("summary " + path + ": the file is empty: not a results file");
  }
  return line;
}

// The recorded command line of a header ("origin": {"command": ["seega", NAME, words...]}), or nothing
// for a file written before headers recorded it.
std::optional<std::vector<std::string>> recorded_command(const nlohmann::json& h) {
  if (!h.contains("origin") || !h["origin"].is_object()) return std::nullopt;
  const auto& c = h["origin"].contains("command") ? h["origin"]["command"] : nlohmann::json();
  if (!c.is_array() || c.size() < 2) return std::nullopt;
  std::vector<std::string> words;
  for (const auto& w : c) {
    if (!w.is_string()) return std::nullopt;
    words.push_back(w.get<std::string>());
  }
  return words;
}

// The games a results file holds past the last index (the run's size it needs at least).
long long games_needed(const std::vector<GameRecord>& games) {
  long long last = -1;
  for (const auto& g : games) last = std::max(last, g.index);
  return last + 1;
}

// Sets option `name` to value in words (a command's arguments), replacing "--name V" or "--name=V", or
// adding it.
void set_option(std::vector<std::string>& words, const std::string& name, const std::string& value) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == name && i + 1 < words.size()) {
      words[i + 1] = value;
      return;
    }
    if (words[i].rfind(name + "=", 0) == 0) {
      words[i] = name + "=" + value;
      return;
    }
  }
  words.push_back(name);
  words.push_back(value);
}

// The value of option `name` in words, if given.
std::optional<std::string> option_value(const std::vector<std::string>& words, const std::string& name) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == name && i + 1 < words.size()) return words[i + 1];
    if (words[i].rfind(name + "=", 0) == 0) return words[i].substr(name.size() + 1);
  }
  return std::nullopt;
}

// The command (name and arguments) that summarises a results file: the recorded one of a match or a
// ladder; else (a file of an older seega, or a gate's row) a match or a ladder rebuilt from the header
// (its rules, players, seed and opening turns) over the games the file holds.
std::vector<std::string> results_command(const std::string& path, const nlohmann::json& h) {
  // The games the file needs its run to hold, read only where it matters (the command reads the file
  // again, checked, for its summary): a match's, and a header without its command line.
  auto games_in_file = [&path] {
    auto file = read_results(read_user_file(path, "summary"));
    if (!file.ok()) throw UsageError("summary " + path + ": " + file.error);
    return games_needed(file.value.games);
  };
  if (auto words = recorded_command(h);
      words && std::find(std::begin(kReadBack), std::end(kReadBack), (*words)[1]) != std::end(kReadBack)) {
    std::vector<std::string> args(words->begin() + 1, words->end());
    // A resume may have extended the run past the games its first command line asked for.
    if ((*words)[1] == "match") {
      const auto games = option_value(args, "--games");
      if (const long long needed = games_in_file(); needed > (games ? std::atoll(games->c_str()) : 100))
        set_option(args, "--games", std::to_string(needed));
    }
    return args;
  }
  const long long needed = games_in_file();
  auto t = header_tournament(h);
  if (!t.ok()) throw UsageError("summary " + path + ": " + t.error);  // its error names line 1
  const Tournament& tour = t.value;
  std::vector<std::string> args;
  if (tour.players.size() == 2) {
    args = {"match",
            "--a",
            tour.players[0].text,
            "--b",
            tour.players[1].text,
            "--games",
            std::to_string(std::max<long long>(needed, 2))};
  } else {
    args = {"ladder", "--players"};
    for (const auto& p : tour.players) args.push_back(p.text);
    args.insert(args.end(), {"--schedule", std::string(to_string(tour.schedule.kind()))});
    const long long pairings = Schedule(tour.schedule.kind(), static_cast<int>(tour.players.size()), 2).games() / 2;
    long long per_pair = (needed + pairings - 1) / std::max(1LL, pairings);
    per_pair += per_pair % 2;
    args.insert(args.end(), {"--games-per-pair", std::to_string(std::max(2LL, per_pair))});
  }
  args.insert(args.end(), {"--rules", tour.rules.to_string(), "--seed", std::to_string(tour.seed), "--opening-turns",
                           std::to_string(tour.opening_turns)});
  return args;
}

// A positions file (gen-data's CSV, its configuration in FILE.json): what it holds, read back, with the
// configuration and the command line that made it. gen-data's own summary counts what one run added;
// this one counts the whole file.
int positions_summary(const std::string& path, bool json, bool csv) {
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

int run_summary(const std::vector<std::string>& args) {
  std::string path;
  bool json = false, csv = false;
  po::options_description opts("summary options");
  opts.add_options()(
      "file", po::value(&path)->required(),
      "the file: a results file (match, ladder, gate's rows), a run-sim file or a positions file (gen-data)")(
      "json", po::bool_switch(&json), "print the summary as one JSON object, as the run's --json did")(
      "csv", po::bool_switch(&csv), "print the summary as CSV, as the run's --csv did");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega summary FILE [--json | --csv]\n\n"
                     "The summary of the match, ladder or run-sim that wrote FILE, complete or interrupted, as that\n"
                     "run printed it (a positions file: its rows counted, with the command that made them): the\n"
                     "command line recorded in the file's header is parsed again and its games are read back (and\n"
                     "checked) instead of played. Weights files named by its players must still be where the run\n"
                     "read them. A file of an older seega, or a gate's row, is summarised as a match (or a ladder)\n"
                     "of the players its header names.",
                     &positional))
    return 0;
  if (json && csv) throw UsageError("--json and --csv: choose one");
  const std::string line = first_line(path);
  if (line == data_header() || line == data_header() + "\r") return positions_summary(path, json, csv);
  const nlohmann::json h = nlohmann::json::parse(line, nullptr, false);
  if (const FileKind kind = file_kind(line);
      kind == FileKind::GamesCsv || kind == FileKind::GamesText || kind == FileKind::Openings || kind == FileKind::Svg)
    throw UsageError("summary " + path + " is " + file_kind_text(kind) +
                     "; summary reads the --out file of match, ladder, run-sim or gen-data");
  if (!json_field_is(h, "type", "header"))
    throw UsageError("summary " + path +
                     ": line 1 is not a results file's header (seega summary reads the --out file of match, "
                     "ladder, run-sim or gen-data)");
  if (json_field_is(h, "kind", "play"))
    throw UsageError("summary " + path + ": a play file (a person's games); seega replay shows each game");
  if (json_field_is(h, "kind", "run-sim")) {
    const auto words = recorded_command(h);
    if (!words || (*words)[1] != "run-sim")
      throw UsageError("summary " + path +
                       ": a run-sim file whose header does not record its command line (an older seega's): give "
                       "seega run-sim its options with --out " +
                       path + " --resume");
    if (csv) throw UsageError("--csv: seega run-sim prints no CSV summary; use --json");
  }
  auto shard = header_shard(h);
  if (!shard.ok()) throw UsageError("summary " + path + ": line 1 (the header): " + shard.error);
  std::vector<std::string> command;
  if (json_field_is(h, "kind", "run-sim")) {
    const auto words = recorded_command(h);
    command.assign(words->begin() + 1, words->end());
    // A resume may have extended the simulation past the runs its first command line asked for.
    auto file = read_run_sim(read_user_file(path, "summary"));
    if (!file.ok()) throw UsageError("summary " + path + ": " + file.error);
    long long needed = 0;
    for (const auto& r : file.value.runs) needed = std::max(needed, r.index + 1);
    const auto runs = option_value(command, "--runs");
    if (needed > (runs ? std::atoll(runs->c_str()) : 200)) set_option(command, "--runs", std::to_string(needed));
  } else {
    command = results_command(path, h);
  }
  // The output the user asks for now, not the one the run was asked for.
  std::erase_if(command, [](const std::string& w) { return w == "--json" || w == "--csv"; });
  if (json) command.emplace_back("--json");
  if (csv) command.emplace_back("--csv");
  const ReadBack rb{path, shard.value, json, csv, h};
  set_read_back(&rb);
  struct Unset {
    ~Unset() { set_read_back(nullptr); }
  } unset;
  for (const auto& c : commands())
    if (command[0] == c.name) {
      const int status = c.run({command.begin() + 1, command.end()});
      return status == 130 ? 0 : status;  // an interrupted run's file: its summary, which says so
    }
  throw UsageError("summary " + path + ": written by seega " + command[0] + ", whose files summary does not read");
}

}  // namespace seega::cli
