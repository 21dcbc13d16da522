#include "common.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <boost/any.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <signal.h>
#include <unistd.h>

#include "engine/callback_player.hpp"
#include "rules/notation.hpp"
#include "rules/spec.hpp"
#include "runs/io/atomic_write.hpp"
#include "runs/io/json.hpp"
#include "runs/play/engine_client.hpp"

namespace seega::cli {

namespace {

// Boost's error for an unknown option, with the nearest of the command's options as "did you mean".
po::error unknown_option(const po::unknown_option& e, const po::options_description& options) {
  std::vector<std::string> names;
  for (const auto& o : options.options()) names.push_back("--" + o->long_name());
  return po::error(std::string(e.what()) + did_you_mean(e.get_option_name(), names));
}

// A word that no option takes (Boost keeps it apart and would drop it): seega random 5 is not --games 5.
void refuse_stray_words(const po::parsed_options& parsed) {
  for (const auto& o : parsed.options)
    if (o.position_key != -1 && o.string_key.empty())
      throw po::error("unexpected word " + quote(o.original_tokens.empty() ? "" : o.original_tokens[0]) +
                      ": every value follows the option it belongs to");
}

// An option given an empty value: '' is a mistake, not a way of leaving the option out.
void refuse_empty_values(const po::variables_map& vm) {
  for (const auto& [name, v] : vm) {
    if (v.defaulted()) continue;
    bool empty = false;
    if (const auto* text = boost::any_cast<std::string>(&v.value())) empty = text->empty();
    if (const auto* list = boost::any_cast<std::vector<std::string>>(&v.value()))
      empty = std::any_of(list->begin(), list->end(), [](const std::string& t) { return t.empty(); });
    if (empty) throw UsageError("--" + name + " '': an empty value; give one, or leave the option out");
  }
}

}  // namespace

bool parse_options(const std::vector<std::string>& args, const po::options_description& options, po::variables_map& vm,
                   const char* usage, Positional positional) {
  po::options_description all(options);
  all.add_options()("help,h", "show this help");
  po::command_line_parser parser(args);
  parser.options(all);
  po::positional_options_description words;  // the parser keeps a pointer to it
  if (positional.option) {
    words.add(positional.option, positional.count);
    parser.positional(words);
  }
  po::parsed_options parsed(&all);
  try {
    parsed = parser.run();
  } catch (const po::unknown_option& e) {
    throw unknown_option(e, all);
  }
  refuse_stray_words(parsed);
  po::store(parsed, vm);
  if (vm.count("help")) {
    fmt::print("{}\n\n", usage);
    std::ostringstream os;
    os << all;
    fmt::print("{}", os.str());
    return false;
  }
  refuse_empty_values(vm);
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
    if (!valid_size(n)) throw UsageError(fmt::format("position board: {} rows; a board has 5, 7 or 9 rows", n));
    if (spec.value.size_given && n != rules.size)
      throw UsageError(fmt::format("position board: {} rows, but the rules say size={}", n, rules.size));
    rules.size = n;
  }
  return rules;
}

std::uint64_t parse_seed(const std::string& text) {
  auto seed = parse_whole<std::uint64_t>(text);
  if (!seed) throw UsageError("--seed " + quote(text) + ": expected a whole number from 0 to 18446744073709551615");
  return *seed;
}

PlayerSpec load_player(const std::string& option, const std::string& text, Load load) {
  const std::string where = option.empty() ? "" : option + ": ";
  auto p = parse_player(text);
  if (!p.ok()) throw UsageError(where + p.error);
  if (load == Load::ReadBack) return p.value;
  for (const PlayerSpec* q = &p.value; q; q = q->placement.get())
    if (q->kind == PlayerSpec::Kind::Callback && !callback_registered(q->callback))
      throw UsageError(where + "no function is registered as " + quote(q->callback) +
                       " (a callback player is a function of the program that runs seega: the Python module's "
                       "players, e.g. seega.match(a=my_agent, ...))");
  if (auto error = load_player_weights(p.value, read_weights_file); !error.empty()) throw UsageError(where + error);
  return p.value;
}

void check_engines(PlayerSpec& spec, const Rules& rules, const std::string& option) {
  if (spec.placement) {
    PlayerSpec inner = *spec.placement;
    check_engines(inner, rules, option);
    spec.placement = std::make_shared<const PlayerSpec>(std::move(inner));
  }
  if (spec.kind != PlayerSpec::Kind::Engine) return;
  auto h = check_engine(spec, rules);
  if (!h.ok()) throw UsageError((option.empty() ? "" : option + ": ") + h.error);
  spec.handshake = h.value;
}

void check_engines(std::vector<PlayerSpec>& specs, const Rules& rules, const std::string& option) {
  for (std::size_t i = 0; i < specs.size(); ++i)
    check_engines(specs[i], rules, specs.size() == 1 ? option : fmt::format("{} (player {})", option, i + 1));
}

LevelTable load_level_table(const std::string& path) {
  const std::string text = read_user_file(path, "--levels");
  auto table = parse_level_table(text);
  if (!table.ok()) throw UsageError("--levels " + path + ": " + table.error);
  for (std::size_t k = 0; k < table.value.levels.size(); ++k)
    if (auto error = load_player_weights(table.value.levels[k], read_weights_file); !error.empty())
      throw UsageError(fmt::format("--levels {}: level {}: {}", path, k + 1, error));
  return table.value;
}

std::vector<PlayerSpec> load_players(const std::string& option, const std::vector<std::string>& texts, Load load) {
  std::vector<PlayerSpec> players;
  for (std::size_t i = 0; i < texts.size(); ++i)
    players.push_back(load_player(fmt::format("{} (player {})", option, i + 1), texts[i], load));
  return players;
}

Parsed<Weights> read_weights_file(const std::string& path) {
  // A bound keeps a wrong path (a disk image, a log) from being read whole. Linear weights are a few
  // hundred bytes; a pattern evaluation's tables are at most 787,320 entries (9x9 with diagonals: 157,464 a
  // stage, five stages), under 40 bytes a line, so about 31 MB: 64 MiB holds any.
  constexpr std::uintmax_t kMaxWeightsFileBytes = std::uintmax_t{64} << 20;
  auto text = user_file_text(path, kMaxWeightsFileBytes);
  if (!text.ok()) return Parsed<Weights>::fail("weights file " + text.error);
  return parse_weights_file(text.value, path);
}

Weights load_weights_option(const std::string& path) {
  if (path.empty()) return Weights::defaults();
  auto w = read_weights_file(path);
  if (!w.ok()) throw UsageError("--weights: " + w.error);
  return w.value;
}

void check_threads(int threads) {
  if (threads < 0 || threads > 1024)
    throw UsageError(fmt::format("--threads {}: allowed 0 (all cores) to 1024", threads));
}

Shard load_shard(const std::string& text) {
  if (text.empty()) return {};
  auto shard = parse_shard(text);
  if (!shard.ok()) throw UsageError(shard.error);
  return shard.value;
}

const char* const kShardHelp =
    "play only shard I of K (0 <= I < K): each block of K game pairs deals one pair to each shard, in an order "
    "rotated per block, so every shard meets every pairing; seega merge joins the shards' --out files into one run's";

void check_opening_turns(const Rules& rules, int turns) {
  const int max_turns = rules.stones_per_side();  // two sides, two stones a turn
  if (turns < 0 || turns >= max_turns)
    throw UsageError(
        fmt::format("--opening-turns {}: allowed 0 to {} (placement has {} turns)", turns, max_turns - 1, max_turns));
}

std::string count_text(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string held_text(std::vector<long long> indices) {
  if (indices.empty()) return "none";
  std::sort(indices.begin(), indices.end());
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < indices.size();) {
    std::size_t j = i;
    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
    // Two in a row are two parts ("1 and 2"), three or more a range ("0 to 5").
    if (j - i >= 2) {
      parts.push_back(std::to_string(indices[i]) + " to " + std::to_string(indices[j]));
    } else {
      for (std::size_t k = i; k <= j; ++k) parts.push_back(std::to_string(indices[k]));
    }
    i = j + 1;
  }
  constexpr std::size_t kShown = 5;
  std::string list;
  const std::size_t shown = std::min(parts.size(), kShown);
  for (std::size_t k = 0; k < shown; ++k)
    list += (k == 0 ? "" : k + 1 == shown && parts.size() <= kShown ? " and " : ", ") + parts[k];
  if (parts.size() > kShown) list += " and " + std::to_string(parts.size() - kShown) + " more";
  return count_text(static_cast<long long>(indices.size()), "game", "games") + ": " + list;
}

std::string csv_row(const std::vector<std::string>& cells) {
  std::string row;
  for (std::size_t i = 0; i < cells.size(); ++i) row.append(i ? "," : "").append(csv_cell(cells[i]));
  return row;
}

Parsed<std::string> user_file_text(const std::string& path, std::uintmax_t max_bytes) {
  using P = Parsed<std::string>;
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) return P::fail(path + ": no such file");
  if (!fs::is_regular_file(status)) return P::fail(path + ": not a regular file");
  const auto too_big = [&] {
    return P::fail(path + ": larger than the " + std::to_string(max_bytes) + " bytes such a file can be");
  };
  if (const auto size = fs::file_size(path, ec); !ec && size > max_bytes) return too_big();
  std::ifstream in(path, std::ios::binary);
  if (!in) return P::fail(path + ": cannot read the file");
  // Read in blocks up to the bound, not to the end: the file may grow while it is read.
  std::string text;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) return too_big();
  }
  if (in.bad()) return P::fail(path + ": cannot read the file");
  return P{std::move(text), {}};
}

void expect_file_kind(const std::string& who, const std::string& path, std::string_view text,
                      const std::vector<FileKind>& kinds, const std::string& reads) {
  const FileKind kind = file_kind(text);
  if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) return;
  throw UsageError(who + path + " is " + file_kind_text(kind) + "; " + reads);
}

namespace {
thread_local CapturedOutput* captured = nullptr;
}  // namespace

CapturedOutput::CapturedOutput() : previous_(captured) { captured = this; }
CapturedOutput::~CapturedOutput() { captured = previous_; }

int print_or_write(const std::string& out_path, const std::string& text) {
  if (out_path.empty() && captured) {
    captured->text += text;
    return 0;
  }
  if (out_path.empty()) {
    fmt::print("{}", text);
    return 0;
  }
  if (auto error = write_files_atomically({{out_path, text}}); !error.empty()) throw FileError("--out " + error);
  return 0;
}

void print_warning(const std::string& text) { fmt::print(stderr, "seega: warning: {}\n", text); }

void warn_cut_last_line(const std::string& path, std::string_view unit) {
  print_warning(fmt::format("{}: skipped a corrupt last line (an interrupted write); that {} is left out", path, unit));
}

void check_not_an_input(const std::string& option, const std::string& path,
                        const std::vector<std::pair<std::string, std::string>>& inputs) {
  std::error_code ec;
  for (const auto& [input_option, input] : inputs)
    if (std::filesystem::equivalent(path, input, ec))
      throw UsageError(option + " " + path + " is the file being read (" + input_option +
                       "): a command never writes over its input; choose another file");
}

void check_output_file(const std::string& option, const std::string& path,
                       const std::vector<std::pair<std::string, std::string>>& inputs, bool force,
                       const std::vector<FileKind>& ours) {
  namespace fs = std::filesystem;
  if (auto problem = output_file_problem(option, path); !problem.empty()) throw FileError(problem);
  std::error_code ec;
  if (!fs::exists(path, ec)) return;
  check_not_an_input(option, path, inputs);
  if (force) return;
  // The first line tells the kind; a block is plenty and keeps a large file unread.
  std::string head(4096, '\0');
  std::ifstream in(path, std::ios::binary);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  const FileKind kind = file_kind(head);
  if (kind == FileKind::Empty || std::find(ours.begin(), ours.end(), kind) != ours.end()) return;
  throw FileError(option + " " + path + " exists and is " + file_kind_text(kind) +
                  "; pass --force to replace it or choose another file");
}

std::string read_user_file(const std::string& path, const std::string& option) {
  auto text = user_file_text(path);
  if (!text.ok()) throw FileError(option + " " + text.error);
  return text.value;
}

std::string score_text(int score) {
  if (is_win_score(score)) return fmt::format("win in {}", plies_to_result(score));
  if (is_loss_score(score)) return fmt::format("loss in {}", plies_to_result(score));
  return fmt::format("{:+.2f} stones", score / 100.0);
}

void print_json(nlohmann::json summary) {
  add_build_keys(summary, SEEGA_VERSION);
  if (captured) {
    captured->json = std::move(summary);
    return;
  }
  fmt::print("{}\n", summary.dump());
}

}  // namespace seega::cli
