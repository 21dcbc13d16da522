// seega compare A B: two runs of one kind side by side, and B minus A with intervals: two matches (the
// last placer's score, wins and draws, the pair Elo) or two run-sims (levels beaten and score). Each
// run's figures carry its own interval (a match's clustered: games that share an opening or a placement
// count once); the difference's adds the two as independent. Before the table it names every setting in
// which the runs' headers differ (runs/format/run_differences.hpp), and warns when that is more than one,
// since a difference then has more than one cause. The figures, their intervals and what the run is are
// its kind's (kinds.hpp); this file holds no code of any one kind.
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <optional>

#include "common.hpp"
#include "job.hpp"
#include "kinds.hpp"
#include "runs/format/run_differences.hpp"

namespace seega::cli {

namespace {

// The run of a file, as its kind's object reads it (kinds.hpp).
ComparedRun read_run(const std::string& path, const char* which) {
  const std::string prefix = fmt::format("compare: {} ", which);
  const std::string text = read_user_file(path, "compare: " + std::string(which));
  expect_file_kind(prefix, path, text, {FileKind::Results, FileKind::RunSim},
                   "compare reads two matches' results files (the --out of seega match), or two run-sim files");
  const FileRun run = run_of_file(std::string_view(text).substr(0, text.find('\n')));
  if (!run.kind) throw UsageError(prefix + path + ": not a run's file");
  if (!run.kind->compared)
    throw UsageError(prefix + path + ": a " + std::string(run.kind->name) +
                     "'s file; compare reads two matches' or two run-sims'");
  return run.kind->compared(path, text, prefix);
}

using Unit = Figure::Unit;

std::string value_text(double v, Unit u) {
  switch (u) {
    case Unit::Percent: return fmt::format("{:.1f}%", 100 * v);
    case Unit::Elo: return fmt::format("{:+.1f}", v);
    case Unit::Mean: break;
  }
  return fmt::format("{:.2f}", v);
}
std::string interval_text(const std::optional<Interval>& i, Unit u) {
  if (!i) return "(none)";
  if (u == Unit::Percent) return fmt::format("[{:.1f}, {:.1f}]", 100 * i->lo, 100 * i->hi);
  return "[" + value_text(i->lo, u) + ", " + value_text(i->hi, u) + "]";
}
std::string difference_text(double d, const std::optional<Interval>& i, Unit u) {
  const double scale = u == Unit::Percent ? 100 : 1;
  const char* spec = u == Unit::Mean ? "{:+.2f}" : "{:+.1f}";
  const std::string unit = u == Unit::Percent ? " points" : "";
  if (!i) return fmt::format(fmt::runtime(spec), scale * d) + unit + " (no interval)";
  return fmt::format(fmt::runtime(spec), scale * d) + " [" + fmt::format(fmt::runtime(spec), scale * i->lo) + ", " +
         fmt::format(fmt::runtime(spec), scale * i->hi) + "]" + unit;
}

// B - A's interval, as of two independent runs, when both have one.
std::optional<Interval> difference(const Figure& a, const Figure& b) {
  if (!a.ci || !b.ci) return std::nullopt;
  return difference_ci(a.value, *a.ci, b.value, *b.ci);
}

// What the runs differ in: every setting of their headers, then the sampling (the seed, the shard, and
// the number of games or runs).
RunDifferences differences(const ComparedRun& a, const ComparedRun& b) {
  RunDifferences d = run_differences(a.header, b.header);
  if (a.count != b.count) d.sampling.push_back({a.unit, std::to_string(a.count), std::to_string(b.count)});
  return d;
}

std::vector<std::string> texts(const std::vector<SettingDifference>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.text());
  return out;
}

nlohmann::json compare_json(const ComparedRun& a, const ComparedRun& b, const RunDifferences& d,
                            const std::string& warning) {
  nlohmann::json details = nlohmann::json::array();
  for (const auto& x : d.settings) details.push_back({{"setting", x.setting}, {"a", x.a}, {"b", x.b}});
  nlohmann::json j{{"a", a.path},
                   {"b", b.path},
                   {"kind", a.kind},
                   {"differences", texts(d.settings)},
                   {"settings", details},
                   {"sampling", texts(d.sampling)},
                   {"same_seed", a.seed == b.seed},
                   {"figures", nlohmann::json::object()}};
  if (!warning.empty()) j["warning"] = warning;
  for (std::size_t i = 0; i < a.figures.size(); ++i) {
    const Figure &fa = a.figures[i], &fb = b.figures[i];
    nlohmann::json f{{"a", fa.value}, {"b", fb.value}, {"difference", fb.value - fa.value}};
    f["a_ci95"] = fa.ci ? nlohmann::json{fa.ci->lo, fa.ci->hi} : nlohmann::json();
    f["b_ci95"] = fb.ci ? nlohmann::json{fb.ci->lo, fb.ci->hi} : nlohmann::json();
    if (const auto ci = difference(fa, fb)) {
      f["difference_ci95"] = {ci->lo, ci->hi};
    } else {
      f["difference_ci95"] = nullptr;
      f["difference_ci95_reason"] = !fa.ci ? "A: " + fa.why : "B: " + fb.why;
    }
    j["figures"][fa.key] = f;
  }
  for (std::size_t i = 0; i < a.json_pairs.size(); ++i)
    j[a.json_pairs[i].first] = {a.json_pairs[i].second, b.json_pairs[i].second};
  return j;
}

void print_compare(const ComparedRun& a, const ComparedRun& b, const RunDifferences& d, const std::string& warning) {
  fmt::print("A: {} {}\nB: {} {}\n", a.path, a.described, b.path, b.described);
  if (!warning.empty()) fmt::print("warning: {}\n", warning);
  const auto joined_texts = [](const std::vector<SettingDifference>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : "; ") + x.text();
    return s;
  };
  fmt::print("the runs differ in: {}\n", d.settings.empty() ? "nothing recorded" : joined_texts(d.settings));
  if (!d.sampling.empty()) fmt::print("and in sampling: {}\n", joined_texts(d.sampling));
  fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", "", "A", "", "B", "", "B - A [95%]");
  for (std::size_t i = 0; i < a.figures.size(); ++i) {
    const Figure &fa = a.figures[i], &fb = b.figures[i];
    fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", fa.label, value_text(fa.value, fa.unit),
               interval_text(fa.ci, fa.unit), value_text(fb.value, fb.unit), interval_text(fb.ci, fb.unit),
               difference_text(fb.value - fa.value, difference(fa, fb), fa.unit));
  }
  fmt::print(
      "intervals: {}{}\n", a.intervals,
      a.seed == b.seed ? " (the runs share their seed, so " + a.seed_shares + ": the interval is conservative)" : "");
  for (const ComparedRun* r : {&a, &b})
    for (const auto& note : r->notes) fmt::print("{}\n", note);
}

}  // namespace

int command_compare(const std::vector<std::string>& args, const Job&) {
  std::vector<std::string> files;
  bool json = false;
  po::options_description opts("compare options");
  opts.add_options()("files", po::value(&files)->multitoken()->required(), "the two files, A then B")(
      "json", po::bool_switch(&json), "print the comparison as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega compare A.jsonl B.jsonl [--json]

Two runs of one kind side by side, each figure with its run's interval and B minus A with
the interval of a difference of independent runs: two matches' results files (the last
placer's score, wins and draws, the pair Elo, clustered by opening and placement), or two
run-sim files (levels beaten and score). It first names every setting in which the runs'
headers differ (rules keys, players by role, opening suites, adjudication, levels, engines,
the evaluation each player used, the build) and warns when that is more than one.)",
                     {"files", 2}))
    return 0;
  if (files.size() != 2) throw UsageError("compare takes two files, A and B: two results files or two run-sim files");
  const ComparedRun a = read_run(files[0], "A"), b = read_run(files[1], "B");
  if (a.kind != b.kind)
    throw UsageError(fmt::format("compare: A {} is {}, B {} {}: compare reads two runs of one kind", a.path, a.file,
                                 b.path, b.file));
  const RunDifferences d = differences(a, b);
  std::string warning;
  if (d.settings.size() > 1)
    warning = fmt::format("the runs differ in {} settings, not one: a difference below may come from any of them",
                          d.settings.size());
  else if (d.settings.empty())
    warning = "the runs differ in no setting: a difference below is chance (or a change the files do not record)";
  if (json) print_json(compare_json(a, b, d, warning));
  else print_compare(a, b, d, warning);
  return 0;
}

}  // namespace seega::cli
