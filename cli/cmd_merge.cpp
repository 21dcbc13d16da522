// seega merge: the files of a run's shards (--shard I/K) joined into the file one job would have written.
#include <fmt/core.h>
#include <filesystem>

#include "common.hpp"
#include "job.hpp"
#include "runs/io/atomic_write.hpp"
#include "runs/kinds/merge.hpp"

namespace seega::cli {

int command_merge(const std::vector<std::string>& args, const Job&) {
  std::vector<std::string> paths;
  std::string out_path;
  long long games = 0, runs = 0;
  bool force = false, json = false;
  po::options_description opts("merge options");
  opts.add_options()("files", po::value(&paths)->multitoken(), "the shards' files (also as plain words)")(
      "out", po::value(&out_path)->required(), "the merged file (a positions file gets OUT.json beside it too)")(
      "force", po::bool_switch(&force), "replace --out if it exists")(
      "games", po::value(&games), "the run's game count (default: the largest index + 1, rounded up to a whole pair)")(
      "runs", po::value(&runs), "a run-sim file's run count (default: the largest index + 1)")(
      "json", po::bool_switch(&json), "print what was merged as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega merge F1 F2 ... --out F [--games N | --runs N] [--force] [--json]

Joins the files of a run's shards (seega match, ladder, run-sim or gen-data with --shard I/K,
each with its own --out) into the file the run would have written in one job: the header
without "shard", then every game (or run, or game's positions) sorted by index. Refused,
by name: files of different configurations, a shard given twice, an index in two files,
indices in no file (a missing shard, or one not finished: --resume it first), and an
existing --out without --force. A positions CSV is read with its CSV.json beside it.)",
                     {"files", -1}))
    return 0;
  if (paths.empty()) throw UsageError("give the shards' files to merge: seega merge F1 F2 ... --out F");
  if (vm.count("games") && vm.count("runs")) throw UsageError("--games and --runs: give the one the files count");
  if (vm.count("games") && (games < 1 || games > 100'000'000))
    throw UsageError(fmt::format("--games {}: allowed 1 to 100000000", games));
  if (vm.count("runs") && (runs < 1 || runs > 100'000'000))
    throw UsageError(fmt::format("--runs {}: allowed 1 to 100000000", runs));

  std::vector<ShardFile> files;
  for (const auto& path : paths) {
    auto text = user_file_text(path);
    if (!text.ok()) throw UsageError(text.error);
    ShardFile f{path, std::move(text.value), {}};
    if (auto kind = shard_file_kind(f.text); kind.ok() && !shard_format(kind.value).rows.empty())
      if (auto config = user_file_text(path + ".json"); config.ok()) f.config = std::move(config.value);
    files.push_back(std::move(f));
  }
  // --games or --runs: the one the files count.
  if (auto kind = shard_file_kind(files[0].text); kind.ok()) {
    const ShardFormat& format = shard_format(kind.value);
    const std::string counted = std::string(format.unit) + "s";
    for (const char* given : {"games", "runs"})
      if (vm.count(given) && counted != given)
        throw UsageError(fmt::format("--{}: a {} counts {}; give --{} N", given, format.name, counted, counted));
  }
  auto merged = merge_shards(files, games ? games : runs);
  if (!merged.ok()) throw UsageError(merged.error);
  const MergedFile& m = merged.value;

  namespace fs = std::filesystem;
  const ShardFormat& format = shard_format(m.kind);
  std::vector<std::pair<std::string, std::string>> outputs;
  if (!format.rows.empty()) outputs.emplace_back(out_path + ".json", m.config);
  outputs.emplace_back(out_path, m.text);
  for (const auto& [path, text] : outputs) {
    if (auto why = output_file_problem("--out", path); !why.empty()) throw UsageError(why);
    for (const auto& input : paths) check_not_an_input("--out", path, {{"a file merged", input}});
    if (std::error_code ec; fs::exists(path, ec) && !force)
      throw UsageError("--out " + path + " exists; pass --force to replace it or choose another file");
  }
  if (auto why = write_files_atomically(outputs); !why.empty()) throw UsageError("--out " + why);

  const std::string unit = std::string(format.unit) + "s";
  if (json) {
    nlohmann::json j{{"out", out_path},       {"kind", std::string(format.name)},
                     {"files", files.size()}, {"shards", m.shards},
                     {unit, m.records},       {"total", m.total}};
    if (!format.rows.empty()) j[std::string(format.rows)] = m.rows;
    print_json(j);
    return 0;
  }
  fmt::print("{}: {} {} ({} to {}){} merged from {} {} of {} shard{}\n", out_path, m.records, unit, 0, m.total - 1,
             format.rows.empty() ? "" : fmt::format(", {} {}", m.rows, format.rows), files.size(),
             std::string(format.name) + (files.size() == 1 ? "" : "s"), m.shards, m.shards == 1 ? "" : "s");
  return 0;
}

}  // namespace seega::cli
