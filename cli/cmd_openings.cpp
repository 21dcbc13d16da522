// seega openings: makes an opening suite for --openings (match, ladder, gen-data): random placement
// turns, or whole placements that a search scores near level.
#include <fmt/core.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "common.hpp"
#include "engine/openings.hpp"
#include "job.hpp"
#include "rules/spec.hpp"

namespace seega::cli {

namespace {

// "D" or "D,MARGIN" of --balanced: the search depth, and the margin in hundredths of a stone.
std::pair<int, int> parse_balanced(const std::string& text) {
  const auto comma = text.find(',');
  const std::string depth_text = text.substr(0, comma);
  const auto depth = parse_whole<int>(depth_text, 1, 12);
  if (!depth) throw UsageError("--balanced " + quote(text) + ": the depth " + quote(depth_text) + " is not 1 to 12");
  if (comma == std::string::npos) return {*depth, 100};
  const std::string margin_text = text.substr(comma + 1);
  const auto margin = parse_whole<int>(margin_text, 0, 100'000);
  if (!margin)
    throw UsageError("--balanced " + quote(text) + ": the margin " + quote(margin_text) +
                     " is not 0 to 100000 (hundredths of a stone)");
  return {*depth, *margin};
}

}  // namespace

int command_openings(const std::vector<std::string>& args, const Job&) {
  std::string rules_text, seed_text, out_path, balanced_text;
  long long count = 0;
  int turns = 2;
  bool force = false;
  po::options_description opts("openings options");
  add_rules_option(opts, rules_text);
  opts.add_options()("count", po::value(&count)->required(), "the number of distinct openings")(
      "seed", po::value(&seed_text)->default_value("1"), "the seed: the same seed makes the same suite")(
      "turns", po::value(&turns), "random placement turns in each opening (default 2; not with --balanced)")(
      "balanced", po::value(&balanced_text),
      "D[,MARGIN]: whole random placements whose end a depth-D search (ab(depth=D)) scores within MARGIN "
      "hundredths of a stone of level (default 100)")(
      "out", po::value(&out_path),
      "write the suite to this file (default: standard output); an existing file is replaced only when it "
      "is a suite seega openings wrote")("force", po::bool_switch(&force), "replace --out whatever it holds");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega openings --count N [--rules R] [--seed S] [--turns K | --balanced D[,MARGIN]]
       [--out FILE [--force]]

Makes an opening suite for --openings (match, ladder, gen-data): N distinct openings, one a
line, as moves from the empty board. By default each is K uniformly random placement turns;
with --balanced each is a whole placement of random turns whose end position a depth-D search
scores within MARGIN hundredths of a stone of level (tries up to 1000 placements an opening).
The same options and seed make the same suite.)"))
    return 0;
  const Rules rules = load_rules(rules_text);
  if (count < 1 || count > 1'000'000) throw UsageError(fmt::format("--count {}: allowed 1 to 1000000", count));
  const std::uint64_t seed = parse_seed(seed_text);
  const bool balanced = vm.count("balanced") > 0;
  if (balanced && vm.count("turns"))
    throw UsageError("--turns with --balanced: a balanced opening is a whole placement; choose one");
  if (!balanced && (turns < 1 || turns > rules.stones_per_side()))
    throw UsageError(fmt::format("--turns {}: allowed 1 to {} (placement has {} turns)", turns, rules.stones_per_side(),
                                 rules.stones_per_side()));
  if (!out_path.empty()) check_output_file("--out", out_path, {}, force, {FileKind::Openings});

  std::string text = "# seega openings --rules " + rules.to_string() + " --count " + std::to_string(count) +
                     " --seed " + std::to_string(seed);
  Parsed<std::vector<Opening>> openings;
  bool interrupted = false;
  if (balanced) {
    const auto [depth, margin] = parse_balanced(balanced_text);
    text += " --balanced " + std::to_string(depth) + "," + std::to_string(margin);
    // Progress for a long search, on a terminal only, at most every half second.
    const bool show = isatty(fileno(stderr));
    auto last = std::chrono::steady_clock::now();
    SigintGuard sigint;
    openings = balanced_openings(
        rules, count, seed, depth, margin, 1000 * count,
        [&](long long found, long long tried) {
          if (!show || std::chrono::steady_clock::now() - last < std::chrono::milliseconds(500)) return;
          last = std::chrono::steady_clock::now();
          fmt::print(stderr, "\r{}/{} openings, {} placements searched", found, count, tried);
        },
        &sigint.flag());
    if (show) fmt::print(stderr, "\r\033[K");
    interrupted = sigint.raised();
  } else {
    text += " --turns " + std::to_string(turns);
    openings = random_openings(rules, count, seed, turns);
  }
  if (!openings.ok()) throw UsageError(openings.error);
  if (interrupted) {
    fmt::print(stderr, "seega: interrupted: {} of {} openings found; nothing written\n", openings.value.size(), count);
    return 130;
  }
  text += "\n";
  for (const auto& o : openings.value) text += opening_line(o) + "\n";
  return print_or_write(out_path, text);
}

}  // namespace seega::cli
