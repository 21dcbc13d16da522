// seega tune: the evaluation's weights fitted to labelled positions (Texel's method, Eigen's IRLS).
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <sstream>

#include <sys/resource.h>

#include "analysis/labelling.hpp"
#include "analysis/pattern_fit.hpp"
#include "analysis/tune.hpp"
#include "common.hpp"
#include "engine/eval.hpp"
#include "job.hpp"
#include "rules/spec.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/io/atomic_write.hpp"

namespace seega::cli {

namespace {

// The samples of a data file (read_tune_samples), or a UsageError naming the file and the line.
struct Data {
  std::vector<TuneSample> samples;
  std::vector<std::string> rules;  // the rules of the rows, each once, in the order first met
};

Data read_samples(const std::string& path, const std::optional<LabelSpec>& label, bool patterns = false) {
  const std::string text = read_user_file(path, "--data");
  std::vector<std::string> rules;
  auto samples = read_tune_samples(text, label, &rules, patterns);
  if (!samples.ok()) throw UsageError("--data " + path + ": " + samples.error);
  return Data{std::move(samples.value), std::move(rules)};
}

// Why a weight has no standard error, or empty: the reason --json gives beside its null "se".
std::string no_se(const FeatureFit& x) {
  if (!x.determined) return "undetermined: " + x.undetermined_why;
  if (x.fixed) return "fixed: material's weight is 100 by definition, the scale that sets K";
  return "";
}

// The features --features leaves out of the fit (none without it).
using LeftOut = std::array<bool, kFeatureCount>;

void print_table(const char* phase, const std::vector<FeatureFit>& fits, const LeftOut& left_out) {
  fmt::print("{:<16} {:>9} {:>10} {:>8}\n", phase, "start", "fitted", "± se");
  for (int f = 0; f < kFeatureCount; ++f) {
    const FeatureFit& x = fits[static_cast<std::size_t>(f)];
    // A weight with no standard error says why in its place: "fixed", or why it is undetermined.
    const std::string se = left_out[f]     ? " left out (--features): weighs 0"
                           : !x.determined ? fmt::format(" undetermined: {}", x.undetermined_why)
                           : x.fixed       ? fmt::format("{:>8}", "fixed")
                                           : fmt::format("{:>8.2f}", x.se);
    fmt::print("  {:<14} {:>9.2f} {:>10.2f} {}\n", kFeatureNames[f], x.start, x.fitted, se);
  }
}

// Peak resident memory of this process so far, in MB (getrusage), for a fit's report.
double peak_memory_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

// seega tune --patterns: the pattern evaluation's fit (analysis/pattern_fit.hpp) from start, the
// weights written with their tables, and its report.
struct PatternRun {
  std::string data, out_path, header;  // header: the weights file's comment lines
  std::optional<LabelSpec> label;
  PatternFitOptions options;
  bool json = false;
};

int run_pattern_fit(const PatternRun& run, const Weights& start) {
  const auto t0 = std::chrono::steady_clock::now();
  Data read = read_samples(run.data, run.label, true);
  const double read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Rules board = load_rules(read.rules.front());
  for (const auto& r : read.rules)
    if (!same_board(load_rules(r), board))
      throw UsageError("--patterns: the data hold positions of two boards (" + board_name(board) + " and " +
                       board_name(load_rules(r)) + "); a pattern evaluation is fitted for one board");
  const PatternSet& set = pattern_set(board.size, board.diag_captures);
  auto fit = fit_patterns(read.samples, start, set, run.options);
  if (!fit.ok()) throw UsageError(fit.error);
  const PatternFitResult& r = fit.value;
  if (!run.out_path.empty()) {
    const std::string text = run.header + "# a pattern evaluation for " + board_name(board) + " (" + set.name() +
                             " patterns): K " + fmt::format("{:.5f}", r.k) + "\n" + r.weights.to_text();
    if (auto why = write_files_atomically({{run.out_path, text}}); !why.empty())
      throw UsageError("--out " + why + " (the weights were not written)");
  }
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& st : r.stages)
    stages.push_back({{"train", st.train},
                      {"holdout", st.holdout},
                      {"holdout_loss_before", st.holdout_before},
                      {"holdout_loss_after", st.holdout_after}});
  std::vector<std::string> held;  // the linear weights kept at the start's (--hold), material aside
  for (int f = 0; f < kFeatureCount; ++f)
    if (run.options.held[f] && f != Material) held.emplace_back(kFeatureNames[f]);
  nlohmann::json linear = nlohmann::json::object();
  for (int f = 0; f < kFeatureCount; ++f)
    linear[std::string(kFeatureNames[f])] = {{"start", start.w[f]}, {"fitted", r.weights.w[f]}};
  const nlohmann::json j{{"board", board_name(board)},
                         {"patterns", set.name()},
                         {"k", r.k},
                         {"entries", r.entries},
                         {"entries_fitted", r.entries_fitted},
                         {"entries_rare", r.entries_rare},
                         {"min_count", run.options.min_count},
                         {"l2", run.options.l2},
                         {"train_samples", r.train_samples},
                         {"holdout_samples", r.holdout_samples},
                         {"train_pairs", r.train_pairs},
                         {"holdout_pairs", r.holdout_pairs},
                         {"nonzeros", r.nonzeros},
                         {"train_loss_before", r.train_loss_before},
                         {"train_loss_after", r.train_loss_after},
                         {"holdout_loss_before", r.holdout_loss_before},
                         {"holdout_loss_after", r.holdout_loss_after},
                         {"stages", stages},
                         {"linear", linear},
                         {"linear_held", r.linear_held},
                         {"held", held},
                         {"newton_steps", r.newton_steps},
                         {"cg_iterations", r.cg_iterations},
                         {"converged", r.converged},
                         {"seconds", r.seconds},
                         {"read_seconds", read_seconds},
                         {"peak_memory_mb", peak_memory_mb()}};
  if (run.json) {
    print_json(j);
    return 0;
  }
  fmt::print("{}: {} positions from {} game pairs for training, {} from {} pairs held out ({} patterns of {})\n",
             run.data, r.train_samples, r.train_pairs, r.holdout_samples, r.holdout_pairs, set.name(),
             board_name(board));
  if (!held.empty()) fmt::print("linear weights kept at the start's (--hold): {}\n", fmt::join(held, ", "));
  fmt::print("table entries: {} fitted (read by at least {} training positions), {} read less and held at 0, of {}\n",
             r.entries_fitted, run.options.min_count, r.entries_rare, r.entries);
  fmt::print("loss (mean cross-entropy): training {:.5f} -> {:.5f}, held out {:.5f} -> {:.5f}\n", r.train_loss_before,
             r.train_loss_after, r.holdout_loss_before, r.holdout_loss_after);
  for (std::size_t s = 0; s < r.stages.size(); ++s)
    if (r.stages[s].holdout)
      fmt::print("  stage {}: held out {:.5f} -> {:.5f} ({} positions)\n", s, r.stages[s].holdout_before,
                 r.stages[s].holdout_after, r.stages[s].holdout);
  fmt::print(
      "{} Newton steps{} ({} conjugate-gradient iterations), {:.1f} s to fit, {:.1f} s to read, {:.0f} MB at most\n",
      r.newton_steps, r.converged ? "" : " (not converged)", r.cg_iterations, r.seconds, read_seconds,
      peak_memory_mb());
  if (!run.out_path.empty()) fmt::print("weights written to {}\n", run.out_path);
  return 0;
}

// seega tune's command line, read and checked: the linear fit's settings, or the pattern fit's.
struct TuneCommand {
  std::string data, out_path, phases, features_text, label_text;
  std::optional<LabelSpec> label;
  Weights start;
  LeftOut left_out{};  // the features --features leaves out
  TuneOptions options;
  bool json = false;
  std::optional<PatternRun> patterns;  // with --patterns
};

std::optional<LabelSpec> label_option(const po::variables_map& vm, const std::string& text) {
  if (!vm.count("label")) return std::nullopt;
  auto l = parse_label(text);
  if (!l.ok()) throw UsageError(l.error);
  return l.value;
}

std::optional<TuneCommand> parse_tune(const std::vector<std::string>& args) {
  TuneCommand c;
  std::string start_path, seed_text;
  double l2 = 0, holdout = 0.1, pattern_l2 = 1;
  int min_count = 20;
  bool taper = false, patterns = false;
  std::string hold_text;
  po::options_description opts("tune options");
  opts.add_options()("data", po::value(&c.data)->required(), "positions from seega gen-data")(
      "weights", po::value(&start_path),
      "the starting weights (default: the general built-in weights, whatever the board; a board's own built-in "
      "ones are seega eval --print-weights --rules R)")(
      "phases", po::value(&c.phases)->default_value("joint"),
      "joint (one set of weights) or split (separate placement and movement weights)")(
      "taper", po::bool_switch(&taper),
      "taper the movement weights by how full the board is: one set for a full board, one (endgame.) for "
      "an empty board, blended in between")("l2", po::value(&l2)->default_value(0.0),
                                            "L2 penalty on the weights in logits (added to the summed loss)")(
      // The default's text as typed: Boost would print the double as 0.10000000000000001.
      "holdout", po::value(&holdout)->default_value(0.1, "0.1"),
      "share of games held out to measure the fit (0 to <1)")("seed", po::value(&seed_text)->default_value("1"),
                                                              "which games are held out")(
      "out", po::value(&c.out_path), "write the fitted weights to this file (the weights-file format)")(
      "label", po::value(&c.label_text),
      "fit to result, search or blend=L, made again from each row's result and search columns (default: the "
      "file's label column)")(
      "features", po::value(&c.features_text),
      "fit only these features, comma-separated (material always); the others weigh 0 in the fit and in "
      "the weights written (default: every feature)")(
      "patterns", po::bool_switch(&patterns),
      "fit a pattern evaluation: tables of the board's patterns (lines, corners, the centre's cross; docs/engines.md) "
      "with the linear weights, from --weights (one unsplit set)")(
      "pattern-l2", po::value(&pattern_l2)->default_value(1.0),
      "with --patterns: the L2 penalty on each table entry, in logits (added to the summed loss)")(
      "min-count", po::value(&min_count)->default_value(20),
      "with --patterns: table entries read by fewer training positions are held at 0")(
      "hold", po::value(&hold_text),
      "with --patterns: keep these linear weights (comma-separated, or all: the tables alone are fitted) at "
      "--weights' values")("json", po::bool_switch(&c.json), "print the report as one JSON object");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          R"(usage: seega tune --data positions.csv [--weights start.txt] [--phases joint|split] [--taper] [--l2 X]
       [--holdout 0.1] [--seed S] [--label result|search|blend=L] [--features F,F...] [--out weights.txt]
       [--json]
       seega tune --data positions.csv --patterns [--weights start.txt] [--pattern-l2 1] [--min-count 20]
       [--hold F,F...|all] [--holdout 0.1] [--seed S] [--label L] [--out weights.txt] [--json])"))
    return std::nullopt;
  if (c.phases != "joint" && c.phases != "split") throw UsageError("--phases '" + c.phases + "': allowed joint, split");
  if (!c.out_path.empty()) {
    // Refused before the fit, not after it: a fit can take minutes, and its weights would be lost.
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path dir = fs::path(c.out_path).parent_path();
    if (auto why = output_file_problem("--out", c.out_path); !why.empty()) throw UsageError(why);
    if (!dir.empty() && !fs::is_directory(dir, ec))
      throw UsageError("--out " + c.out_path + ": " + dir.string() + " is not a directory");
  }
  c.start = load_weights_option(start_path);
  c.label = label_option(vm, c.label_text);
  if (vm.count("hold") && !patterns)
    throw UsageError("--hold: only with --patterns (it holds linear weights beside the tables)");
  if (patterns) {
    if (c.phases != "joint" || taper || vm.count("features") || l2 != 0)
      throw UsageError(
          "--patterns fits one set of linear weights beside the tables: no --phases split, --taper, "
          "--features or --l2 (--pattern-l2 is its penalty)");
    if (!(pattern_l2 > 0)) throw UsageError("--pattern-l2: a number above 0");
    if (min_count < 1) throw UsageError("--min-count: at least 1");
    PatternRun run{c.data,
                   c.out_path,
                   "# seega tune --data " + c.data + " --patterns --pattern-l2 " + fmt::format("{}", pattern_l2) +
                       " --min-count " + std::to_string(min_count) + (hold_text.empty() ? "" : " --hold " + hold_text) +
                       (c.label_text.empty() ? "" : " --label " + c.label_text) + "\n",
                   c.label,
                   {},
                   c.json};
    run.options.l2 = pattern_l2;
    run.options.min_count = min_count;
    if (hold_text == "all") {
      run.options.held.fill(true);
    } else if (vm.count("hold")) {
      const auto held = parse_feature_list(hold_text);
      if (!held.ok()) throw UsageError("--hold: " + held.error);
      for (Feature f : held.value) run.options.held[f] = true;
    }
    run.options.holdout = holdout;
    run.options.seed = parse_seed(seed_text);
    c.patterns = std::move(run);
    return c;
  }
  if (vm.count("features")) {
    const auto chosen = parse_feature_list(c.features_text);
    if (!chosen.ok()) throw UsageError("--features: " + chosen.error);
    c.left_out.fill(true);
    c.left_out[Material] = false;
    for (Feature f : chosen.value) c.left_out[f] = false;
  }
  // A feature left out weighs 0 from the start, so its column (zeroed when read) plays no part in the fit.
  for (int f = 0; f < kFeatureCount; ++f)
    if (c.left_out[f]) {
      c.start.w[f] = 0;
      if (c.start.placement) (*c.start.placement)[f] = 0;
      if (c.start.endgame) (*c.start.endgame)[f] = 0;
    }
  c.options.l2 = l2;
  c.options.holdout = holdout;
  c.options.split = c.phases == "split";
  c.options.taper = taper;
  c.options.seed = parse_seed(seed_text);
  return c;
}

// The linear fit's report as one JSON object: a figure that means nothing is null, with its reason under
// its key plus "_reason".
nlohmann::json linear_fit_json(const TuneCommand& c, const TuneResult& r, const std::vector<std::string>& rules,
                               const Weights& adopted, double read_seconds) {
  auto fits = [](const std::vector<FeatureFit>& v) {
    nlohmann::json j = nlohmann::json::object();
    for (int f = 0; f < static_cast<int>(v.size()); ++f) {
      nlohmann::json& x = j[std::string(kFeatureNames[f])];
      x = {{"start", v[f].start}, {"fitted", v[f].fitted}, {"se", v[f].se}, {"determined", v[f].determined}};
      if (const std::string why = no_se(v[f]); !why.empty()) {
        x["se"] = nullptr;
        x["se_reason"] = why;
      }
    }
    return j;
  };
  const auto text_or_null = [](const std::string& t) {
    return t.empty() ? nlohmann::json(nullptr) : nlohmann::json(t);
  };
  nlohmann::json j{{"k_start", r.k_start},
                   {"k", r.k},
                   {"k_se", r.k_se},
                   {"train_loss_before", r.train_loss_before},
                   {"train_loss_after", r.train_loss_after},
                   {"holdout_loss_before", r.holdout_loss_before},
                   {"holdout_loss_after", r.holdout_loss_after},
                   {"train_samples", r.train_samples},
                   {"holdout_samples", r.holdout_samples},
                   {"train_games", r.train_games},
                   {"holdout_games", r.holdout_games},
                   {"movement", fits(r.movement)},
                   {"undetermined", r.undetermined},
                   {"iterations", r.iterations},
                   {"converged", r.converged},
                   {"seconds", r.seconds},
                   {"read_seconds", read_seconds},
                   {"phases", c.phases},
                   {"taper", c.options.taper},
                   {"rules", rules},
                   {"label", text_or_null(c.label_text)},
                   {"features", text_or_null(c.features_text)},
                   {"l2", c.options.l2},
                   {"weights", adopted.to_text()}};
  if (c.options.split) j["placement"] = fits(r.placement);
  if (c.options.taper) j["endgame"] = fits(r.endgame);
  if (!r.no_holdout.empty())
    for (const char* key : {"holdout_loss_before", "holdout_loss_after"}) {
      j[key] = nullptr;
      j[std::string(key) + "_reason"] = r.no_holdout;
    }
  return j;
}

void print_linear_fit(const TuneCommand& c, const TuneResult& r, double read_seconds) {
  fmt::print("{}: {} positions from {} game pairs for training, {} from {} pairs held out\n", c.data, r.train_samples,
             r.train_games, r.holdout_samples, r.holdout_games);
  fmt::print("K {:.4f} with the starting weights, {:.4f} ± {:.4f} after the fit (material's weight stays 100)\n",
             r.k_start, r.k, r.k_se);
  fmt::print("loss (mean cross-entropy): training {:.5f} -> {:.5f}, {}\n", r.train_loss_before, r.train_loss_after,
             r.no_holdout.empty()
                 ? fmt::format("held out {:.5f} -> {:.5f}", r.holdout_loss_before, r.holdout_loss_after)
                 : "no held-out loss: " + r.no_holdout);
  print_table(c.options.split ? "movement" : "weights", r.movement, c.left_out);
  if (c.options.split) print_table("placement", r.placement, c.left_out);
  if (c.options.taper) print_table("endgame", r.endgame, c.left_out);
  std::string names;
  for (const auto& n : r.undetermined)
    if (const auto f = parse_feature_list(n.substr(n.find(' ') + 1)); !f.ok() || !c.left_out[f.value[0]])
      names += (names.empty() ? "" : ", ") + n;
  if (!names.empty()) {
    fmt::print("the data cannot determine: {} (the written weights keep their starting values)\n", names);
  }
  fmt::print("{} Newton iterations{}, {:.2f} s to fit, {:.2f} s to read\n", r.iterations,
             r.converged ? "" : " (not converged)", r.seconds, read_seconds);
  if (!c.out_path.empty()) fmt::print("weights written to {}\n", c.out_path);
}

// The linear fit: the data read, the weights fitted and written, the report printed.
int run_linear_fit(const TuneCommand& c) {
  const auto t0 = std::chrono::steady_clock::now();
  Data read = read_samples(c.data, c.label);
  for (TuneSample& sample : read.samples)
    for (int f = 0; f < kFeatureCount; ++f)
      if (c.left_out[f]) sample.x[f] = 0;
  const double read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto fit = tune(read.samples, c.start, c.options);
  if (!fit.ok()) throw UsageError(fit.error);
  const TuneResult& r = fit.value;
  const Weights adopted = adoptable_weights(r, c.start);  // a left-out feature's start is 0
  if (!c.out_path.empty()) {
    // Through a temporary file and a rename: a failed write never leaves a cut weights file that a
    // player would refuse (or worse, an older file half overwritten).
    std::ostringstream out;
    out << "# seega tune --data " << c.data << " --phases " << c.phases << (c.options.taper ? " --taper" : "")
        << " --l2 " << c.options.l2 << (c.features_text.empty() ? "" : " --features " + c.features_text)
        << (c.label_text.empty() ? "" : " --label " + c.label_text) << "\n# fitted for the rules " << joined(read.rules)
        << ": other rules and sizes use them only where seega gate passes them\n# (K " << r.k
        << "); undetermined features keep their starting weights\n"
        << adopted.to_text();
    if (auto why = write_files_atomically({{c.out_path, out.str()}}); !why.empty())
      throw UsageError("--out " + why + " (the weights were not written)");
  }
  if (c.json) print_json(linear_fit_json(c, r, read.rules, adopted, read_seconds));
  else print_linear_fit(c, r, read_seconds);
  return 0;
}

}  // namespace

int command_tune(const std::vector<std::string>& args, const Job&) {
  const auto c = parse_tune(args);
  if (!c) return 0;
  return c->patterns ? run_pattern_fit(*c->patterns, c->start) : run_linear_fit(*c);
}

}  // namespace seega::cli
