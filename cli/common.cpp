#include "common.hpp"

#include <fmt/core.h>

#include <charconv>
#include <sstream>

#include "notation.hpp"

namespace seega::cli {

bool parse_options(const std::vector<std::string>& args, const po::options_description& options,
                   po::variables_map& vm, const char* usage, const po::positional_options_description* positional) {
  po::options_description all(options);
  all.add_options()("help,h", "show this help");
  po::command_line_parser parser(args);
  parser.options(all);
  if (positional) parser.positional(*positional);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    fmt::print("{}\n\n", usage);
    std::ostringstream os;
    os << all;
    fmt::print("{}", os.str());
    return false;
  }
  po::notify(vm);
  return true;
}

void add_rules_option(po::options_description& options, std::string& rules_text) {
  options.add_options()("rules", po::value(&rules_text)->default_value("standard"),
                        "ruleset: standard, diagonal or chain, with overrides, e.g. 'standard(size=7,quiet_plies=40)'; "
                        "see 'seega rules'");
}

Rules load_rules(const std::string& rules_text, const std::string& fen) {
  auto spec = parse_rules(rules_text);
  if (!spec.ok()) throw UsageError(spec.error);
  Rules rules = spec.value.rules;
  if (!fen.empty()) {
    int n = position_size(fen);
    if (!valid_size(n))
      throw UsageError(fmt::format("position board: {} rows; a board has 5, 7 or 9 rows", n));
    if (spec.value.size_given && n != rules.size)
      throw UsageError(fmt::format("position board: {} rows, but the rules say size={}", n, rules.size));
    rules.size = n;
  }
  return rules;
}

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size())
    throw UsageError("--seed '" + text + "': expected a whole number from 0 to 18446744073709551615");
  return v;
}

std::string score_text(int score) {
  if (is_win_score(score)) return fmt::format("win in {}", plies_to_result(score));
  if (is_loss_score(score)) return fmt::format("loss in {}", plies_to_result(score));
  return fmt::format("{:+.2f}", score / 100.0);
}

}  // namespace seega::cli
