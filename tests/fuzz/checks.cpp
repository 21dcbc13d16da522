#include "checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "analysis/labelling.hpp"
#include "analysis/stats.hpp"
#include "engine/adjudication.hpp"
#include "engine/engine_server.hpp"
#include "engine/eval.hpp"
#include "engine/player.hpp"
#include "engine/protocol.hpp"
#include "engine/replay.hpp"
#include "rules/notation.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"
#include "runs/format/game_text.hpp"
#include "runs/format/level_table.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/format/results_file.hpp"
#include "runs/kinds/merge.hpp"
#include "runs/kinds/run_sim.hpp"

namespace seega::fuzz {

namespace {

// --- player: "ab(depth=4,placement=random)" ----------------------------------------------------------

bool same_player(const PlayerSpec& a, const PlayerSpec& b) {
  if (a.kind != b.kind || a.depth != b.depth || a.nodes != b.nodes || a.time_ms != b.time_ms ||
      a.playouts != b.playouts || a.level != b.level || a.deterministic != b.deterministic || a.blunder != b.blunder ||
      a.weights_file != b.weights_file || a.text != b.text || !(a.weights == b.weights) ||
      bool(a.placement) != bool(b.placement))
    return false;
  // The search's keys, the random turns and an engine's or callback's names.
  if (a.vary != b.vary || a.jitter != b.jitter || a.placement_cap != b.placement_cap ||
      a.quiescence_plies != b.quiescence_plies || a.reductions != b.reductions || a.table_mib != b.table_mib ||
      a.random_from != b.random_from || a.random_to != b.random_to || a.engine_cmd != b.engine_cmd ||
      a.engine_name != b.engine_name || a.engine_timeout_ms != b.engine_timeout_ms || a.callback != b.callback)
    return false;
  return !a.placement || same_player(*a.placement, *b.placement);
}

void check_player(std::string_view input) {
  auto p = parse_player(input);
  if (!p.ok()) return;
  // The text a spec keeps (its own, and its placement player's) reads back as the same player.
  auto back = parse_player(p.value.text);
  if (!back.ok()) finding("the spec's own text " + quote(p.value.text) + " does not parse: " + back.error);
  if (!same_player(back.value, p.value))
    finding("the spec's own text " + quote(p.value.text) + " parses to another player");
  if (p.value.placement) {
    auto inner = parse_player(p.value.placement->text);
    if (!(inner.ok() && same_player(inner.value, *p.value.placement)))
      finding("the placement player " + quote(p.value.placement->text) + " does not parse to itself");
  }
  // Weights files are only named: a loader that reads nothing gives every one the defaults.
  std::vector<std::string> asked;
  const std::string error = load_player_weights(p.value, [&](const std::string& path) {
    asked.push_back(path);
    return Parsed<Weights>{Weights::defaults(), {}};
  });
  if (!error.empty()) finding("load_player_weights failed with a loader that cannot fail: " + error);
  std::size_t named = 0;
  for (const PlayerSpec* q = &p.value; q; q = q->placement.get()) named += !q->weights_file.empty();
  if (asked.size() != named)
    finding("load_player_weights read " + std::to_string(asked.size()) + " files, the spec names " +
            std::to_string(named));
  if (plays_an_engine(p.value)) {
    // The engine layer makes no player of someone else's engine (a process, which the runs layer starts):
    // it refuses, and says so.
    try {
      (void)make_player<5>(p.value);
      finding("make_player made the player of an engine(...) spec");
    } catch (const std::invalid_argument&) {
    }
  } else if (!make_player<5>(p.value)) {
    finding("make_player made nothing");
  }
  (void)p.value.reproducible();
}

// --- sprt: "elo0=0,elo1=10,alpha=0.05,beta=0.05" ----------------------------------------------------

void check_sprt(std::string_view input) {
  auto c = parse_sprt(input);
  if (!c.ok()) return;
  const SprtConfig& s = c.value;
  if (!(-1000 <= s.elo0 && s.elo0 < s.elo1 && s.elo1 <= 1000))
    finding("elo0 and elo1 outside what parse_sprt promises");
  if (!(0 < s.alpha && s.alpha < 0.5 && 0 < s.beta && s.beta < 0.5)) finding("alpha or beta outside (0, 0.5)");
  // Any accepted configuration makes a test that decides on every count.
  for (const Pentanomial& p : {Pentanomial{}, Pentanomial{{1, 2, 3, 2, 1}}, Pentanomial{{0, 0, 0, 0, 40}},
                               Pentanomial{{40, 0, 0, 0, 0}}, Pentanomial{{0, 0, 100000, 0, 0}}}) {
    const SprtResult r = sprt(p, s);
    if (!(std::isfinite(r.llr) && std::isfinite(r.lower) && std::isfinite(r.upper)))
      finding("the test's ratio or bounds are not finite");
    if (!(r.lower < 0 && 0 < r.upper)) finding("the test's bounds do not bracket 0");
  }
}

// --- weights: a weights file ----------------------------------------------------------------------

void check_weights(std::string_view input) {
  auto w = parse_weights(input);
  if (!w.ok()) return;
  const std::string printed = w.value.to_text();
  auto back = parse_weights(printed);
  if (!back.ok()) finding("the printed weights do not parse: " + back.error);
  if (back.value != w.value) finding("the printed weights parse to other weights:\n" + printed);
  if (back.value.to_text() != printed) finding("the weights print two ways");
}

// --- results: a results file (seega match, ladder, tournament) ------------------------------------

// The tournament the seeds of tests/fuzz/results were written by: seega match --a random --b greedy.
const Tournament& seed_tournament() {
  static const Tournament t = [] {
    Tournament x;
    x.rules = standard_rules();
    x.players = {parse_player("random").value, parse_player("greedy").value};
    return x;
  }();
  return t;
}

// Replays each game under the header's rules, as seega replay does; a game that does not replay is
// refused by replay, which is fine. Bounded so that one input stays fast.
void replay_games(const nlohmann::json& header, const std::vector<GameRecord>& games) {
  auto t = header_tournament(header);
  if (!t.ok()) return;
  std::size_t moves = 0;
  for (const auto& g : games) {
    moves += g.moves.size();
    if (moves > 400) return;
    auto text = replay_text(t.value.rules, g);
    if (text.ok() && text.value.positions.size() != g.moves.size() + 1) finding("replay lost a position");
  }
}

void check_results(std::string_view input) {
  auto file = read_results(input);
  auto mine = read_results(seed_tournament(), input);
  if (!file.ok()) {
    if (mine.ok()) finding("a file that is not a results file is this run's results file");
    return;
  }
  for (const auto& g : file.value.games) {
    const nlohmann::json j = game_json(g);
    auto back = parse_game(j);
    if (!back.ok()) finding("a game's JSON " + j.dump() + " does not parse: " + back.error);
    if (game_json(back.value) != j) finding("a game's JSON " + j.dump() + " parses to another game");
  }
  if (mine.ok() && mine.value.games.size() != file.value.games.size()) finding("the run's reading lost games");
  replay_games(file.value.header, file.value.games);
}

// --- run_sim: a run-sim file ----------------------------------------------------------------------

// The simulation the seeds of tests/fuzz/run_sim were written by: seega run-sim --player 'ab(depth=3)'
// --max-level 2 (a player that wins, so that runs reach their score).
const RunSimConfig& seed_simulation() {
  static const RunSimConfig c = [] {
    RunSimConfig x;
    x.player = parse_player("ab(depth=3)").value;
    x.max_level = 2;
    return x;
  }();
  return c;
}

void check_run_sim(std::string_view input) {
  const RunSimConfig& c = seed_simulation();
  auto file = read_run_sim(c, input);
  if (!file.ok()) return;
  std::string text = run_sim_header(c, "fuzz") + "\n";
  for (const auto& r : file.value.runs) text += run_line(c, r) + "\n";
  auto back = read_run_sim(c, text);
  if (!back.ok()) finding("the runs written back do not read: " + back.error);
  if (back.value.runs.size() != file.value.runs.size()) finding("the runs written back are not as many");
  for (std::size_t k = 0; k < back.value.runs.size(); ++k)
    if (run_line(c, back.value.runs[k]) != run_line(c, file.value.runs[k]))
      finding("run " + std::to_string(file.value.runs[k].index) + " written back reads as another run");
}

// --- data: a row of seega gen-data's positions -------------------------------------------------------

void check_data(std::string_view input) {
  auto row = parse_data_line(input);
  if (!row.ok()) return;
  const std::string printed = data_line(row.value);
  auto back = parse_data_line(printed);
  if (!back.ok()) finding("the printed row " + quote(printed) + " does not parse: " + back.error);
  if (data_line(back.value) != printed) finding("the printed row " + quote(printed) + " parses to another row");
  // What seega tune does with a row: its rules, its position under them, the position's features.
  auto rules = parse_rules(row.value.rules);
  if (!rules.ok()) return;
  const Rules& r = rules.value.rules;
  with_size(r.size, [&]<int N>() {
    auto pos = parse_position<N>(r, row.value.position);
    if (pos.ok()) (void)features(pos.value);
  });
}

// --- merge: shard files joined by seega merge ----------------------------------------------------------

// The input: an optional first line "total N", then files, each opened by a line "--- file"; a
// positions file's configuration (its .json) follows its CSV after a line "--- config".
std::vector<ShardFile> shard_files(std::string_view input, long long& total) {
  total = 0;
  if (input.starts_with("total ")) {
    auto [line, rest] = first_line(input);
    total = parse_whole<long long>(line.substr(6), 0, 1'000'000).value_or(0);
    input = rest;
  }
  constexpr std::string_view kFile = "--- file\n", kConfig = "--- config\n";
  std::vector<ShardFile> files;
  for (std::size_t at = input.find(kFile); at != std::string_view::npos;) {
    const std::size_t start = at + kFile.size(), end = input.find(kFile, start);
    std::string_view part = input.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    ShardFile f{std::string(1, 'f'), std::string(part), ""};
    f.name += std::to_string(files.size());  // (not "f" + ...: GCC 12 warns -Wrestrict on that, wrongly)
    if (const auto c = part.find(kConfig); c != std::string_view::npos) {
      f.text = std::string(part.substr(0, c));
      f.config = std::string(part.substr(c + kConfig.size()));
    }
    files.push_back(std::move(f));
    at = end;
  }
  return files;
}

// The indices of a merged file's items, in file order: a JSON line's "index", a positions row's game.
std::vector<long long> merged_indices(const MergedFile& m) {
  std::vector<long long> out;
  std::string_view rest = first_line(m.text).second;
  while (!rest.empty()) {
    auto [line, after] = first_line(rest);
    rest = after;
    if (m.kind == ShardFileKind::Positions) {
      auto row = parse_data_line(line);
      if (!row.ok()) finding("a merged positions row does not parse: " + row.error);
      if (out.empty() || out.back() != row.value.game) out.push_back(row.value.game);
    } else {
      const auto j = nlohmann::json::parse(line, nullptr, false);
      if (!j.is_object() || !j.contains("index") || !j["index"].is_number_integer())
        finding("a merged line has no index: " + std::string(line));
      out.push_back(j["index"].get<long long>());
    }
  }
  return out;
}

void check_merge(std::string_view input) {
  long long total = 0;
  const std::vector<ShardFile> files = shard_files(input, total);
  if (files.empty() || files.size() > 8) return;
  auto merged = merge_shards(files, total);
  if (!merged.ok()) {
    if (merged.error.empty()) finding("a refused merge says nothing");
    return;
  }
  const MergedFile& m = merged.value;
  // Every index from 0 to total - 1, once and in order; a positions file's games only where they have
  // rows (a game's rows are all of the positions it gave).
  const std::vector<long long> seen = merged_indices(m);
  if (m.kind != ShardFileKind::Positions) {
    if (static_cast<long long>(seen.size()) != m.total || m.records != m.total)
      finding("the merged file holds " + std::to_string(seen.size()) + " records of " + std::to_string(m.total));
    for (std::size_t k = 0; k < seen.size(); ++k)
      if (seen[k] != static_cast<long long>(k)) finding("the merged file's records are not 0 .. total-1 in order");
  } else if (!std::is_sorted(seen.begin(), seen.end()) || std::adjacent_find(seen.begin(), seen.end()) != seen.end()) {
    finding("the merged positions are not in game order");
  }
  // The order of the files does not matter, and the merged file, a whole run, merges to itself.
  std::vector<ShardFile> reversed(files.rbegin(), files.rend());
  auto again = merge_shards(reversed, total);
  if (!again.ok() || again.value.text != m.text || again.value.config != m.config)
    finding("the files merged in another order give another file: " + again.error);
  auto self = merge_shards({ShardFile{"merged", m.text, m.config}}, m.total);
  if (!self.ok()) finding("the merged file does not merge on its own: " + self.error);
  if (self.value.text != m.text || self.value.config != m.config || self.value.shards != 1)
    finding("the merged file merged on its own changes");
}

// --- game_text: games as text (seega export --format text, read by replay) ------------------------------

void check_game_text(std::string_view input) {
  auto games = read_game_text(input);
  if (!games.ok()) return;
  // Each game read is a replayed, finished game: written back it reads as the same game.
  std::string text;
  for (const auto& g : games.value) text += game_text(g) + "\n";
  auto back = read_game_text(text);
  if (!back.ok()) finding("the games written back do not read: " + back.error);
  if (back.value.size() != games.value.size()) finding("the games written back are not as many");
  for (std::size_t k = 0; k < back.value.size(); ++k)
    if (game_text(back.value[k]) != game_text(games.value[k]))
      finding("game " + std::to_string(games.value[k].record.index) + " written back reads as another game");
}

// --- level_table: a level table (seega run-sim, ladder and play --levels) ---------------------------------

void check_level_table(std::string_view input) {
  auto table = parse_level_table(input);
  if (!table.ok()) return;
  const std::vector<std::string> texts = table.value.texts();
  if (texts.empty() || static_cast<int>(texts.size()) > kMaxTableLevels)
    finding("a table of " + std::to_string(texts.size()) + " levels was accepted");
  // The specs as written make the same table again, and so does the file written from them.
  auto again = level_table_of(texts);
  if (!again.ok()) finding("the table's specs do not make a table: " + again.error);
  else if (again.value.texts() != texts) finding("the table's specs make another table");
  std::string file;
  for (std::size_t k = 0; k < texts.size(); ++k) file += std::to_string(k + 1) + " " + texts[k] + "\n";
  auto reread = parse_level_table(file);
  if (!reread.ok()) finding("the table written back does not read: " + reread.error);
  else if (reread.value.texts() != texts) finding("the table written back reads as another table");
}

// --- protocol: lines of the engine protocol, both ends, and adjudication rules -----------------------

void check_protocol(std::string_view input) {
  std::string rest(input);
  std::string all;
  while (!rest.empty()) {
    auto [line, after] = first_line(rest);
    const std::string text(line);
    rest = std::string(after);
    all += text + "\n";
    // Each parser takes any line; what it accepts reads back as the same value.
    if (auto go = parse_go(text); go.ok() && !(parse_go(go_line(go.value)).value == go.value))
      finding("a go line does not read back: " + go_line(go.value));
    if (auto info = parse_info(text); info.ok() && !(parse_info(info_line(info.value)).value == info.value))
      finding("an info line does not read back: " + info_line(info.value));
    if (auto p = parse_position_command(text);
        p.ok() && !(parse_position_command(position_line(p.value)).value == p.value))
      finding("a position command does not read back: " + position_line(p.value));
    Handshake h;
    (void)read_handshake_line(h, text);
    if (auto a = parse_adjudication(text); a.ok() && !(parse_adjudication(a.value.text()).value == a.value))
      finding("an adjudication rule does not read back: " + a.value.text());
  }
  // The engine end takes the whole input as a conversation, whatever it says, and ends at its end. Each go
  // is answered in line: on a thread, when a stop or the end of the input caught the search decided what
  // ran, and two runs of one seed made other inputs (cov 2344 and 2330 after 100,000).
  std::istringstream in(all);
  std::ostringstream out;
  if (serve_engine(parse_player("random").value, in, out, Thinking::InLine) != 0)
    finding("serve_engine did not return 0");
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = [] {
    std::vector<Target> v = rules_targets();
    v.insert(v.end(), {{"player", check_player},
                       {"sprt", check_sprt},
                       {"weights", check_weights},
                       {"results", check_results},
                       {"run_sim", check_run_sim},
                       {"data", check_data},
                       {"merge", check_merge},
                       {"game_text", check_game_text},
                       {"level_table", check_level_table},
                       {"protocol", check_protocol}});
    return v;
  }();
  return all;
}

const Target& target(std::string_view name) { return find_target(targets(), name); }

}  // namespace seega::fuzz
