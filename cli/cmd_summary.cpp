// seega summary FILE: the summary of a run read back from the file it wrote, complete or not, as the run
// printed it. The file's header says which kind of run wrote it, and that kind's summary (kinds.hpp)
// parses the command line the header records with the kind's own parser and reports on the file's
// records with the kind's own report, so the summary is the run's own, figure for figure, without
// retyping a single option.
#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <optional>

#include "common.hpp"
#include "kinds.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

namespace {

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

}  // namespace

int command_summary(const std::vector<std::string>& args, const Job&) {
  std::string path;
  bool json = false, csv = false;
  po::options_description opts("summary options");
  opts.add_options()(
      "file", po::value(&path)->required(),
      "the file: a results file (match, ladder, gate's rows), a run-sim file or a positions file (gen-data)")(
      "json", po::bool_switch(&json), "print the summary as one JSON object, as the run's --json did")(
      "csv", po::bool_switch(&csv), "print the summary as CSV, as the run's --csv did");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega summary FILE [--json | --csv]\n\n"
                     "The summary of the match, ladder or run-sim that wrote FILE, complete or interrupted, as that\n"
                     "run printed it (a positions file: its rows counted, with the command that made them): the\n"
                     "command line recorded in the file's header is parsed again and its games are read back (and\n"
                     "checked) instead of played. Weights files named by its players must still be where the run\n"
                     "read them. A file of an older seega, or a gate's row, is summarised as a match (or a ladder)\n"
                     "of the players its header names.",
                     {"file", 1}))
    return 0;
  if (json && csv) throw UsageError("--json and --csv: choose one");
  const std::string line = first_line(path);
  if (line == data_header() || line == data_header() + "\r") return summarize_gen_data(path, json, csv);
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
  auto shard = header_shard(h);
  if (!shard.ok()) throw UsageError("summary " + path + ": line 1 (the header): " + shard.error);
  const ReadBack rb{path, shard.value, json, csv, h};
  const auto words = recorded_command(h);
  // The arguments after the command's name, when the header records that command's line.
  auto recorded = [&words](const char* name) -> std::optional<std::vector<std::string>> {
    if (!words || (*words)[1] != name) return std::nullopt;
    return std::vector<std::string>(words->begin() + 2, words->end());
  };
  if (json_field_is(h, "kind", "run-sim")) {
    const auto command = recorded("run-sim");
    if (!command)
      throw UsageError("summary " + path +
                       ": a run-sim file whose header does not record its command line (an older seega's): give "
                       "seega run-sim its options with --out " +
                       path + " --resume");
    return summarize_run_sim(rb, *command);
  }
  if (h.contains("kind"))
    throw UsageError("summary " + path + ": a file of kind " + h["kind"].dump() +
                     "; summary reads the --out file of match, ladder, run-sim or gen-data");
  // A results file: a match's or a ladder's by its command line; else (a gate's row, an older seega's
  // file) a match of its two players or a ladder of more.
  if (const auto command = recorded("match")) return summarize_match(rb, &*command);
  if (const auto command = recorded("ladder")) return summarize_ladder(rb, &*command);
  const bool two = h.contains("players") && h["players"].is_array() && h["players"].size() == 2;
  return two ? summarize_match(rb, nullptr) : summarize_ladder(rb, nullptr);
}

}  // namespace seega::cli
