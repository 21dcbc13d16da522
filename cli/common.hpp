#pragma once
// What every subcommand shares: the error types main() turns into exit codes, and reading the rules
// and position options.

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/stats.hpp"
#include "engine/player.hpp"
#include "engine/search.hpp"
#include "rules/notation.hpp"
#include "rules/rules.hpp"
#include "runs/format/file_kind.hpp"
#include "runs/format/level_table.hpp"
#include "runs/io/shard.hpp"

namespace seega::cli {

namespace po = boost::program_options;

// A mistake of the user's: main() prints it on one line and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The same, about a file: one that cannot be read or written, is missing, or is not what the option
// takes. The command line treats it as any UsageError; the Python module raises OSError for it (and
// ValueError for the rest).
struct FileError : UsageError {
  using UsageError::UsageError;
};

// Parses args against options (with --help); returns false when help was printed. Refused: an unknown
// option (with the nearest one as "did you mean"), a word no option takes, and an empty value ('').
// positional: the option that takes the words without one, and how many (-1: any number), or none.
struct Positional {
  const char* option = nullptr;
  int count = 0;
};
bool parse_options(const std::vector<std::string>& args, const po::options_description& options, po::variables_map& vm,
                   const char* usage, Positional positional = {});

// The rules from --rules; when a position is given and the rules string names no size, the size
// comes from the position's row count.
Rules load_rules(const std::string& rules_text, const std::string& fen = "");

// Adds the options every command that plays takes: --rules.
void add_rules_option(po::options_description& options, std::string& rules_text);

// The position from --fen (or the start position when fen is empty), or a UsageError naming the field.
template <int N>
Position<N> load_position(const Rules& rules, const std::string& fen) {
  if (fen.empty()) return Position<N>(rules);
  auto parsed = parse_position<N>(rules, fen);
  if (!parsed.ok()) throw UsageError(parsed.error);
  return parsed.value;
}

// A seed from its decimal text (0 to 2^64-1); Boost would wrap "-1" around silently.
std::uint64_t parse_seed(const std::string& text);

// What loading a run's options is for: a run that plays (Play) reads the files they name; a run read back
// from its results file (ReadBack, seega summary) reads none, since the file's header holds what they
// held then (a weights file may have moved or changed since).
enum class Load { Play, ReadBack };

// A player spec from an option's text, with its weights files read (not when read back), or a UsageError
// naming the option (none when option is empty).
PlayerSpec load_player(const std::string& option, const std::string& text, Load load = Load::Play);

// Starts each engine(...) of spec (its placement player's too) once, reads its handshake and checks
// that it plays rules, keeping the handshake in the spec for the results header; a UsageError naming
// the option says what the engine said or did otherwise. A run read back starts none: it does not call this.
void check_engines(PlayerSpec& spec, const Rules& rules, const std::string& option);
void check_engines(std::vector<PlayerSpec>& specs, const Rules& rules, const std::string& option);

// The level table of --levels FILE (level_table.hpp), its weights files read, or a UsageError naming
// the file and the line.
LevelTable load_level_table(const std::string& path);

// The players of a multi-token option (--players), each parsed, or a UsageError naming its place.
std::vector<PlayerSpec> load_players(const std::string& option, const std::vector<std::string>& texts,
                                     Load load = Load::Play);

// The weights of a weights file, read as a user's file (read_user_file); errors name the file.
Parsed<Weights> read_weights_file(const std::string& path);

// The weights of a --weights option: the built-in ones when path is empty, else the file's, or a
// UsageError naming it (a directory or a FIFO is refused before it is read).
Weights load_weights_option(const std::string& path);

// --threads: 0 (all cores) to 1024.
void check_threads(int threads);
// --shard I/K (shard.hpp); the whole run when text is empty.
Shard load_shard(const std::string& text);
// The help text of --shard, the same on every command that takes it.
extern const char* const kShardHelp;
// --opening-turns: 0 to one fewer than the placement turns of the rules.
void check_opening_turns(const Rules& rules, int turns);

// A count and its noun for people: "1 cluster", "3 clusters" (many is the plural).
std::string count_text(long long n, std::string_view one, std::string_view many);
// The games a file holds, for a message that names one it lacks: "none", "6 games: 0 to 5", "2 games: 1
// and 4", the indices sorted, runs of them as ranges, the first five parts only ("and 12 more").
std::string held_text(std::vector<long long> indices);
// One CSV line of cells, quoted where a cell holds a comma, a quote or a newline.
std::string csv_row(const std::vector<std::string>& cells);

// The whole text of a user's file, or why not ("PATH: no such file"): missing, not a regular file (a
// directory, a FIFO, a device), larger than max_bytes, or unreadable.
Parsed<std::string> user_file_text(const std::string& path,
                                   std::uintmax_t max_bytes = std::numeric_limits<std::uintmax_t>::max());
// The same for the file named by `option`: a UsageError naming the option.
std::string read_user_file(const std::string& path, const std::string& option);

// A file a command writes whole (option: "--out", "--svg"), checked before any work: a directory or a
// device is refused (output_file_problem); so is one of the command's inputs (each (option, path) of
// inputs), even with force, since no command writes over what it reads; and an existing file is
// replaced only when it is of one of the kinds the command writes (runs/format/file_kind.hpp: an export over an
// export, a picture over a picture) or with force. A UsageError says which, and what the file is.
void check_output_file(const std::string& option, const std::string& path,
                       const std::vector<std::pair<std::string, std::string>>& inputs, bool force,
                       const std::vector<FileKind>& ours);
// A file read by a command that reads only some kinds of file: a UsageError when text is of another kind,
// saying what it is and what the command reads ("who PATH is a play file (seega play --out); " + reads).
void expect_file_kind(const std::string& who, const std::string& path, std::string_view text,
                      const std::vector<FileKind>& kinds, const std::string& reads);

// The part of it for a command that replaces any file with force (merge): path is none of inputs.
void check_not_an_input(const std::string& option, const std::string& path,
                        const std::vector<std::pair<std::string, std::string>>& inputs);

// A command's output: printed on stdout when out_path is empty, else written to it whole (atomically: a
// reader sees the old file or the new one), or a UsageError naming --out. Returns 0, the exit status.
int print_or_write(const std::string& out_path, const std::string& text);

// What a command prints on stdout, taken instead by a caller in the same process (the Python module):
// while one lives on a thread, print_json on that thread hands it the summary and print_or_write with no
// file its text, and neither prints. The command's other output (its text summary, warnings, errors)
// goes where it always goes.
class CapturedOutput {
 public:
  CapturedOutput();
  ~CapturedOutput();
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;
  nlohmann::json json;  // print_json's last summary (null: none)
  std::string text;     // print_or_write's text

 private:
  CapturedOutput* previous_;
};

// "seega: warning: TEXT" on stderr.
void print_warning(const std::string& text);
// The warning for a file read back (summary, compare, replay, export) whose cut last line was left out,
// as a resume warns of it: "seega: warning: PATH: skipped a corrupt last line (an interrupted write);
// that game is left out" (unit: "game", "run").
void warn_cut_last_line(const std::string& path, std::string_view unit);

// A score for people: "+1.25 stones" (the search counts hundredths of a stone), or "win in 7" /
// "loss in 4" (plies) when forced.
std::string score_text(int score);

// Prints a --json summary (an object) as one line, with the keys that name the seega that made it:
// "version" and "build" (the commit, build_info.hpp), so a figure can be traced to its code.
void print_json(nlohmann::json summary);

}  // namespace seega::cli
