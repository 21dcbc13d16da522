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
    if (!text.ok()) throw FileError("summary " + text.error);
    throw UsageError("summary " + path + ": the file is empty: not a results file");
  }
  return line;
}

}  // namespace

int command_summary(const std::vector<std::string>& args, const Job&) {
  std::string path;
  bool json = false, csv = false;
  po::options_description opts("summary options");
  opts.add_options()(
      "file", po::value(&path)->required(),
      "the file: a results file (match, ladder, gate's rows), a run-sim file, a positions file (gen-data) or an "
      "SPSA trajectory")("json", po::bool_switch(&json),
                         "print the summary as one JSON object, as the run's --json did")(
      "csv", po::bool_switch(&csv), "print the summary as CSV, as the run's --csv did");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega summary FILE [--json | --csv]

The summary of the match, ladder, run-sim or spsa that wrote FILE, complete or interrupted, as
that run printed it (a positions file: its rows counted, with the command that made them): the
command line recorded in the file's header (a positions file's or a trajectory's FILE.json) is
parsed again and its records are read back (and checked) instead of played. Players' weights
are the header's: their files are not read. A file of an older seega, or a gate's row, is
summarised as a match (or a ladder) of the players its header names.)",
                     {"file", 1}))
    return 0;
  if (json && csv) throw UsageError("--json and --csv: choose one");
  const std::string line = first_line(path);
  const FileRun run = run_of_file(line);
  if (!run.kind) {
    const std::string reads =
        "summary reads the --out file of match, ladder, run-sim or gen-data, or spsa's --trajectory";
    const FileKind kind = file_kind(line);
    if (kind == FileKind::Play)
      throw UsageError("summary " + path + ": a play file (a person's games); seega replay shows each game");
    if (kind != FileKind::Results && kind != FileKind::Other)
      throw UsageError("summary " + path + " is " + file_kind_text(kind) + "; " + reads);
    if (!json_field_is(run.header, "type", "header"))
      throw UsageError("summary " + path + ": line 1 is not a results file's header (seega " + reads + ")");
    throw UsageError("summary " + path + ": a file of kind " + run.header["kind"].dump() + "; " + reads);
  }
  Shard shard;
  if (!run.header.is_null()) {
    auto s = header_shard(run.header);
    if (!s.ok()) throw UsageError("summary " + path + ": line 1 (the header): " + s.error);
    shard = s.value;
  }
  const ReadBack rb{path, shard, json, csv, run.header};
  return run.kind->summarize(rb, run.command ? &*run.command : nullptr);
}

}  // namespace seega::cli
