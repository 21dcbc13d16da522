#include "run_games.hpp"

#include <fmt/core.h>

#include <chrono>
#include <optional>

#include "cluster.hpp"
#include "common.hpp"
#include "runs/results_file.hpp"

namespace seega::cli {

RunReport run_games(const Tournament& t, const RunRequest& request, const Runner& run) {
  std::optional<ResultsWriter> out;
  std::vector<GameRecord> finished;
  // Under mpirun only rank 0 holds the run: the results file, the notes, the progress.
  if (!request.out_path.empty() && prints()) {
    auto opened = ResultsWriter::open(request.out_path, t, request.resume, SEEGA_VERSION,
                                      request.verify ? ResultsCheck::Replay : ResultsCheck::Fields, request.shard);
    if (!opened.ok()) throw UsageError(opened.error);
    out.emplace(std::move(opened.value));
    for (const auto& w : out->warnings()) fmt::print(stderr, "seega: warning: {}\n", w);
    finished = out->take_finished();
  }
  for (const auto& p : t.players)
    if (!p.reproducible() && prints()) {
      fmt::print(stderr, "seega: note: a player with a clock (time=, or level without ',deterministic') makes games "
                         "depend on machine speed and load: results are not reproducible from the seed\n");
      break;
    }

  RunReport report;
  RunHooks hooks;
  hooks.on_record = [&](const GameRecord& g) {
    ++report.new_games;
    if (out) out->write(g);
  };
  ProgressLine line(request.progress);
  if (line.on())
    hooks.on_progress = [&](const RunProgress& p) {
      const double rate = p.seconds > 0 ? static_cast<double>(p.new_games) / p.seconds : 0;
      const double left = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
      line.show(fmt::format("{}/{} games  {:.1f} games/s  last placer {:.1f}%  {:.0f} s left", p.done, p.total, rate,
                             100 * p.last_placer_rate, left),
                 p.done >= p.total);
    };
  const auto start = std::chrono::steady_clock::now();
  {
    SigintGuard sigint;
    report.records = run(std::move(finished), hooks, &sigint.flag(), job_share());
    report.signalled = sigint.raised();
  }
  line.end();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.write_failed = out && out->failed();
  return report;
}

void add_run_keys(nlohmann::json& j, const RunReport& r, bool interrupted) {
  j["interrupted"] = interrupted;
  j["seconds"] = r.seconds;
  j["games_per_second"] = r.seconds > 0 ? static_cast<double>(r.new_games) / r.seconds : 0.0;
}

std::string write_failure(const RunRequest& request, const RunReport& report) {
  if (!report.write_failed) return "";
  return fmt::format("--out {}: writing failed part way (disk full?); the summary above covers every game",
                     request.out_path);
}

}  // namespace seega::cli
