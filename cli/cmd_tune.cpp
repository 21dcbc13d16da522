// seega tune: the evaluation's weights fitted to labelled positions (Texel's method, Eigen's IRLS).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <sstream>

#include "analysis/labelling.hpp"
#include "analysis/tune.hpp"
#include "common.hpp"
#include "engine/eval.hpp"
#include "rules/spec.hpp"
#include "runs/atomic_write.hpp"
#include "runs/positions_file.hpp"

namespace seega::cli {

namespace {

// The samples of a data file (read_tune_samples), or a UsageError naming the file and the line.
struct Data {
  std::vector<TuneSample> samples;
  std::vector<std::string> rules;  // the rules of the rows, each once, in the order first met
};

Data read_samples(const std::string& path, const std::optional<LabelSpec>& label) {
  const std::string text = read_user_file(path, "--data");
  std::vector<std::string> rules;
  auto samples = read_tune_samples(text, label, &rules);
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

}  // namespace

int run_tune(const std::vector<std::string>& args) {
  std::string data, start_path, phases = "joint", out_path, seed_text, features_text, label_text;
  double l2 = 0, holdout = 0.1;
  bool json = false, taper = false;
  po::options_description opts("tune options");
  opts.add_options()("data", po::value(&data)->required(), "positions from seega gen-data")(
      "weights", po::value(&start_path), "the starting weights (default: the built-in ones)")(
      "phases", po::value(&phases)->default_value("joint"),
      "joint (one set of weights) or split (separate placement and movement weights)")(
      "taper", po::bool_switch(&taper),
      "taper the movement weights by how full the board is: one set for a full board, one (endgame.) for "
      "an empty board, blended in between")("l2", po::value(&l2)->default_value(0.0),
                                            "L2 penalty on the weights in logits (added to the summed loss)")(
      // The default's text as typed: Boost would print the double as 0.10000000000000001.
      "holdout", po::value(&holdout)->default_value(0.1, "0.1"),
      "share of games held out to measure the fit (0 to <1)")("seed", po::value(&seed_text)->default_value("1"),
                                                              "which games are held out")(
      "out", po::value(&out_path), "write the fitted weights to this file (the weights-file format)")(
      "label", po::value(&label_text),
      "fit to result, search or blend=L, made again from each row's result and search columns (default: the "
      "file's label column)")(
      "features", po::value(&features_text),
      "fit only these features, comma-separated (material always); the others weigh 0 in the fit and in "
      "the weights written (default: every feature)")("json", po::bool_switch(&json),
                                                      "print the report as one JSON object");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          "usage: seega tune --data positions.csv [--weights start.txt] [--phases joint|split] [--taper] [--l2 X]\n"
          "       [--holdout 0.1] [--seed S] [--label result|search|blend=L] [--features F,F...] [--out weights.txt]\n"
          "       [--json]"))
    return 0;
  if (phases != "joint" && phases != "split") throw UsageError("--phases '" + phases + "': allowed joint, split");
  if (!out_path.empty()) {
    // Refused before the fit, not after it: a fit can take minutes, and its weights would be lost.
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path dir = fs::path(out_path).parent_path();
    if (auto why = output_file_problem("--out", out_path); !why.empty()) throw UsageError(why);
    if (!dir.empty() && !fs::is_directory(dir, ec))
      throw UsageError("--out " + out_path + ": " + dir.string() + " is not a directory");
  }
  Weights start = load_weights_option(start_path);
  LeftOut left_out{};
  if (vm.count("features")) {
    const auto chosen = parse_feature_list(features_text);
    if (!chosen.ok()) throw UsageError("--features: " + chosen.error);
    left_out.fill(true);
    left_out[Material] = false;
    for (Feature f : chosen.value) left_out[f] = false;
  }
  // A feature left out weighs 0 from the start, so its column (zeroed below) plays no part in the fit.
  for (int f = 0; f < kFeatureCount; ++f)
    if (left_out[f]) {
      start.w[f] = 0;
      if (start.placement) (*start.placement)[f] = 0;
      if (start.endgame) (*start.endgame)[f] = 0;
    }
  TuneOptions o;
  o.l2 = l2;
  o.holdout = holdout;
  o.split = phases == "split";
  o.taper = taper;
  o.seed = parse_seed(seed_text);
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<LabelSpec> label;
  if (vm.count("label")) {
    auto l = parse_label(label_text);
    if (!l.ok()) throw UsageError(l.error);
    label = l.value;
  }
  Data read = read_samples(data, label);
  std::vector<TuneSample>& samples = read.samples;
  for (TuneSample& sample : samples)
    for (int f = 0; f < kFeatureCount; ++f)
      if (left_out[f]) sample.x[f] = 0;
  const double read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto fit = tune(samples, start, o);
  if (!fit.ok()) throw UsageError(fit.error);
  const TuneResult& r = fit.value;
  const Weights adopted = adoptable_weights(r, start);  // a left-out feature's start is 0
  if (!out_path.empty()) {
    // Through a temporary file and a rename: a failed write never leaves a cut weights file that a
    // player would refuse (or worse, an older file half overwritten).
    std::ostringstream out;
    out << "# seega tune --data " << data << " --phases " << phases << (taper ? " --taper" : "") << " --l2 " << l2
        << (features_text.empty() ? "" : " --features " + features_text)
        << (label_text.empty() ? "" : " --label " + label_text) << "\n# fitted for the rules " << joined(read.rules)
        << ": other rules and sizes use them only where seega gate passes them\n# (K " << r.k
        << "); undetermined features keep their starting weights\n"
        << adopted.to_text();
    if (auto why = write_files_atomically({{out_path, out.str()}}); !why.empty())
      throw UsageError("--out " + why + " (the weights were not written)");
  }
  if (json) {
    // A figure that means nothing is null, with its reason under its key plus "_reason".
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
                     {"phases", phases},
                     {"taper", taper},
                     {"rules", read.rules},
                     {"label", label_text.empty() ? nlohmann::json(nullptr) : nlohmann::json(label_text)},
                     {"features", features_text.empty() ? nlohmann::json(nullptr) : nlohmann::json(features_text)},
                     {"l2", l2},
                     {"weights", adopted.to_text()}};
    if (o.split) j["placement"] = fits(r.placement);
    if (taper) j["endgame"] = fits(r.endgame);
    if (!r.no_holdout.empty())
      for (const char* key : {"holdout_loss_before", "holdout_loss_after"}) {
        j[key] = nullptr;
        j[std::string(key) + "_reason"] = r.no_holdout;
      }
    print_json(j);
    return 0;
  }
  fmt::print("{}: {} positions from {} game pairs for training, {} from {} pairs held out\n", data, r.train_samples,
             r.train_games, r.holdout_samples, r.holdout_games);
  fmt::print("K {:.4f} with the starting weights, {:.4f} ± {:.4f} after the fit (material's weight stays 100)\n",
             r.k_start, r.k, r.k_se);
  fmt::print("loss (mean cross-entropy): training {:.5f} -> {:.5f}, {}\n", r.train_loss_before, r.train_loss_after,
             r.no_holdout.empty()
                 ? fmt::format("held out {:.5f} -> {:.5f}", r.holdout_loss_before, r.holdout_loss_after)
                 : "no held-out loss: " + r.no_holdout);
  print_table(o.split ? "movement" : "weights", r.movement, left_out);
  if (o.split) print_table("placement", r.placement, left_out);
  if (taper) print_table("endgame", r.endgame, left_out);
  std::string names;
  for (const auto& n : r.undetermined)
    if (const auto f = parse_feature_list(n.substr(n.find(' ') + 1)); !f.ok() || !left_out[f.value[0]])
      names += (names.empty() ? "" : ", ") + n;
  if (!names.empty()) {
    fmt::print("the data cannot determine: {} (the written weights keep their starting values)\n", names);
  }
  fmt::print("{} Newton iterations{}, {:.2f} s to fit, {:.2f} s to read\n", r.iterations,
             r.converged ? "" : " (not converged)", r.seconds, read_seconds);
  if (!out_path.empty()) fmt::print("weights written to {}\n", out_path);
  return 0;
}

}  // namespace seega::cli
