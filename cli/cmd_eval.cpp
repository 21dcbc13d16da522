// seega eval: the static evaluation of a position, and with --explain each feature's part in it.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "board_svg.hpp"
#include "common.hpp"
#include "engine/eval.hpp"
#include "engine/search.hpp"
#include "job.hpp"

namespace seega::cli {

int command_eval(const std::vector<std::string>& args, const Job&) {
  std::string rules_text, fen, weights_file, svg_path;
  bool explain = false, json = false, print_weights = false, force = false;
  po::options_description opts("eval options");
  add_rules_option(opts, rules_text);
  opts.add_options()("fen", po::value(&fen), "position to evaluate")(
      "print-weights", po::bool_switch(&print_weights),
      "print the weights (the built-in ones of --rules: its board's, or the general ones; or --weights FILE's) in "
      "the weights-file format, every name included, after a comment naming them and their hash")(
      "weights", po::value(&weights_file),
      "weights file (name value per line); default: the built-in weights of the rules")(
      "explain", po::bool_switch(&explain), "print each feature, its value, weight and contribution")(
      "json", po::bool_switch(&json), "print one JSON object")(
      "svg", po::value(&svg_path), "also write the position as an SVG picture to this file")(
      "force", po::bool_switch(&force), "replace --svg whatever it holds (without it only a picture is replaced)");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          "usage: seega eval --fen F [--rules R] [--weights FILE] [--explain] [--json] [--svg F.svg [--force]]\n"
          "       seega eval --print-weights [--rules R | --weights FILE]"))
    return 0;
  if (print_weights) {
    if (!fen.empty() || explain || json || !svg_path.empty())
      throw UsageError("--print-weights takes no position: it prints the weights");
    // A comment first (a weights file reads it as one): which weights these are, as a results file's
    // header records them for a player on these rules.
    if (weights_file.empty()) {
      const Rules rules = load_rules(rules_text);
      const Evaluation e = builtin_evaluation(rules);
      fmt::print("# {} (weights {}): the built-in weights of {}\n", e.name, e.hash, rules.to_string());
      // The other thing a player takes from its board, recorded beside its evaluation (evaluations.hpp).
      if (const int plies = builtin_quiescence_plies(rules); plies > 0)
        fmt::print(
            "# a player on these rules that names no qplies also stops its capture search {} plies past "
            "the horizon (the board's limit)\n",
            plies);
      fmt::print("{}", builtin_weights(rules).to_text());
      return 0;
    }
    const Weights weights = load_weights_option(weights_file);
    fmt::print("# file {} (weights {})\n{}", weights_file, weights_hash(weights), weights.to_text());
    return 0;
  }
  if (fen.empty()) throw UsageError("--fen: the position to evaluate is required (or --print-weights)");
  const Rules rules = load_rules(rules_text, fen);
  if (!svg_path.empty()) {
    std::vector<std::pair<std::string, std::string>> inputs;
    if (!weights_file.empty()) inputs.emplace_back("--weights", weights_file);
    check_output_file("--svg", svg_path, inputs, force, {FileKind::Svg});
  }
  const Weights weights = weights_file.empty() ? builtin_weights(rules) : load_weights_option(weights_file);
  return with_size(rules.size, [&]<int N>() {
    const Position<N> pos = load_position<N>(rules, fen);
    if (!svg_path.empty()) write_svg("--svg", svg_path, board_svg(rules, to_string(pos)));
    const FeatureVector f = features(pos);
    const int score = evaluate(pos, weights);
    // "+ 0.0" prints a zero contribution of a negative weight as 0, not -0.
    // Tapered weights are shown as blended for this position.
    const FeatureVector w = weights.at(pos.placing(), taper(pos));
    auto contribution = [&](int i) { return f[i] * w[i] + 0.0; };
    nlohmann::json j{{"fen", to_string(pos)}, {"side", std::string(1, color_char(pos.side()))}, {"score", score}};
    if (weights.endgame) j["taper"] = taper(pos);
    for (int i = 0; i < kFeatureCount; ++i)
      j["features"][std::string(kFeatureNames[i])] = {
          {"value", f[i]}, {"weight", w[i]}, {"contribution", contribution(i)}};
    // A pattern evaluation's tables: their sum, and the images that weigh most in it.
    std::vector<PatternContribution> top;
    if (weights.patterns && weights.patterns->set->size == N) {
      j["patterns"] = weights.patterns->value(pos);
      top = pattern_contributions(pos, *weights.patterns, 8);
      for (const auto& c : top)
        j["patterns_top"].push_back(
            {{"class", c.name}, {"squares", c.squares}, {"contents", c.contents}, {"value", c.value}});
    }
    if (json) {
      print_json(j);
      return 0;
    }
    if (explain) {
      if (weights.endgame && !pos.placing())
        fmt::print("tapered weights at t = {:g} (the share of the squares around the centre holding a stone)\n",
                   taper(pos));
      fmt::print("{:<14} {:>7} {:>9} {:>12}\n", "feature", "value", "weight", "contribution");
      for (int i = 0; i < kFeatureCount; ++i)
        fmt::print("{:<14} {:>7g} {:>9g} {:>12g}\n", kFeatureNames[i], f[i], w[i], contribution(i));
      if (weights.patterns && weights.patterns->set->size == N) {
        fmt::print("{:<14} {:>7} {:>9} {:>12g}\n", "patterns", "", "", j["patterns"].get<double>());
        fmt::print("the patterns that weigh most (x the side to move's, o the other's, . empty):\n");
        for (const auto& c : top)
          fmt::print("  {:<9} {:<28} {:<10} {:>+8.2f}\n", c.name, c.squares, c.contents, c.value);
      }
    }
    fmt::print("eval {:+.2f} stones for {} (side to move)\n", score / 100.0, color_char(pos.side()));
    return 0;
  });
}

}  // namespace seega::cli
