#include "runs/format/positions_file.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "engine/eval.hpp"
#include "rules/notation.hpp"
#include "rules/spec.hpp"
#include "runs/io/atomic_write.hpp"
#include "runs/io/json.hpp"

namespace seega {

namespace {

// Splits one CSV line into cells; a cell may be quoted ("a,b" and "" for a quote inside).
std::optional<std::vector<std::string>> csv_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cells.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else cells.back() += c;
    } else if (c == '"' && cells.back().empty()) {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  if (quoted) return std::nullopt;
  return cells;
}

}  // namespace

std::string data_header() { return "position,phase,rules,game,ply,result,search,label"; }

std::string data_line(const DataRow& r) {
  // The position is quoted as the rules are: a row read from a file may hold anything there.
  return csv_cell(r.position) + "," + (r.placement ? "placement" : "movement") + "," + csv_cell(r.rules) + "," +
         std::to_string(r.game) + "," + std::to_string(r.ply) + "," + number_text(r.result) + "," +
         (r.search ? std::to_string(*r.search) : std::string()) + "," + number_text(r.label);
}

Parsed<DataRow> parse_data_line(std::string_view line) {
  using P = Parsed<DataRow>;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  auto cells = csv_cells(line);
  if (!cells) return P::fail("an unclosed quote");
  if (cells->size() != 8)
    return P::fail(std::to_string(cells->size()) + " columns, expected 8 (" + data_header() + ")");
  const auto& c = *cells;
  DataRow r;
  r.position = c[0];
  if (c[1] != "placement" && c[1] != "movement") return P::fail("phase '" + c[1] + "' is not placement or movement");
  r.placement = c[1] == "placement";
  r.rules = c[2];
  const auto game = parse_whole<long long>(c[3], 0);
  const auto ply = parse_whole<int>(c[4], 0);
  const auto result = parse_real(c[5], 0, 1), label = parse_real(c[7], 0, 1);
  if (!game) return P::fail("game " + quote(c[3]) + " is not a game index");
  if (!ply) return P::fail("ply " + quote(c[4]) + " is not a ply count");
  if (!result || !(*result == 0 || *result == 0.5 || *result == 1))
    return P::fail("result " + quote(c[5]) + " is not 0, 0.5 or 1");
  if (!c[6].empty()) {
    r.search = parse_whole<int>(c[6]);
    if (!r.search) return P::fail("search " + quote(c[6]) + " is not a score");
  }
  if (!label) return P::fail("label " + quote(c[7]) + " is not a number from 0 to 1");
  r.game = *game, r.ply = *ply, r.result = *result, r.label = *label;
  return P{std::move(r), {}};
}

std::string read_positions(std::string_view text, const std::function<std::string(const PositionsLine&)>& each) {
  std::size_t number = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    PositionsLine line;
    line.number = ++number;
    line.start = pos;
    const std::size_t nl = text.find('\n', pos);
    line.whole = nl != std::string_view::npos;
    line.end = line.whole ? nl + 1 : text.size();
    line.text = text.substr(pos, (line.whole ? nl : text.size()) - pos);
    if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
    pos = line.end;
    if (line.number == 1) {
      if (line.text != data_header() || !line.whole)
        return "line 1 is not the positions header (" + data_header() + "): a column is missing or renamed";
      continue;
    }
    if (line.text.empty()) continue;
    line.row = parse_data_line(line.text);
    if (auto why = each(line); !why.empty()) return why;
  }
  return "";
}

Parsed<std::vector<TuneSample>> read_tune_samples(std::string_view text, const std::optional<LabelSpec>& label,
                                                  std::vector<std::string>* rules_seen, bool patterns) {
  std::vector<int> indices;
  using P = Parsed<std::vector<TuneSample>>;
  std::vector<TuneSample> samples;
  std::map<std::string, Rules> rules;  // parsed once per rules string
  auto why = read_positions(text, [&](const PositionsLine& line) -> std::string {
    const std::string where = "line " + std::to_string(line.number) + ": ";
    if (!line.row.ok()) return where + line.row.error;
    const DataRow& row = line.row.value;
    auto it = rules.find(row.rules);
    if (it == rules.end()) {
      auto r = parse_rules(row.rules);
      if (!r.ok()) return where + r.error;
      it = rules.emplace(row.rules, r.value.rules).first;
      if (rules_seen) rules_seen->push_back(row.rules);
    }
    const Rules& r = it->second;
    TuneSample s;
    s.target = row.label;
    if (label) {
      const auto again = label_of(*label, row.result, row.search);
      if (!again)
        return where + "no search score to label by " + to_string(*label) +
               " (the file was made with --label result; make it with gen-data --label search)";
      s.target = *again;
    }
    s.game = row.game / 2;  // the game pair (above)
    s.placement = row.placement;
    std::string error;
    with_size(r.size, [&]<int N>() {
      auto p = parse_position<N>(r, row.position);
      if (!p.ok()) error = p.error;
      else if (p.value.placing() != s.placement) error = "the phase column does not match the position";
      else {
        s.x = features(p.value);
        s.taper = taper(p.value);
        if (patterns) {
          const PatternSet& set = pattern_set(r.size, r.diag_captures);
          pattern_indices(p.value, set, indices);
          const std::int32_t stage = pattern_stage(p.value) * set.stage_entries;
          s.patterns.reserve(indices.size());
          for (const int e : indices) s.patterns.push_back(stage + e);
        }
      }
    });
    if (!error.empty()) return where + error;
    samples.push_back(s);
    return "";
  });
  if (!why.empty()) return P::fail(why);
  if (samples.empty()) return P::fail("no positions (the file holds no rows)");
  return P{std::move(samples), {}};
}

namespace {

// The configuration in a positions file's metadata (<path>.json), or why it is missing or unreadable.
Parsed<nlohmann::json> read_metadata(const std::string& meta, const std::string& path) {
  using P = Parsed<nlohmann::json>;
  std::ifstream m(meta);
  std::stringstream buf;
  buf << m.rdbuf();
  auto had = nlohmann::json::parse(buf.str(), nullptr, false);
  if (!m || had.is_discarded() || !had.is_object())
    return P::fail(meta + ": missing or unreadable; cannot tell what " + path + " was made with");
  return P{std::move(had), {}};
}

}  // namespace

Parsed<std::size_t> DataWriter::resume_from(const std::string& text, long long games) {
  using P = Parsed<std::size_t>;
  std::size_t last_game_start = 0, kept = text.empty() ? 0 : text.find('\n') + 1;
  long long last_game = -1, last_game_rows = 0;
  auto why = read_positions(text, [&](const PositionsLine& line) -> std::string {
    const std::string where = "line " + std::to_string(line.number) + ": ";
    if (!line.row.ok() || !line.whole) {
      // A cut or broken last line is an interrupted write: its game is played again. Anywhere else
      // it is damage that dropping would hide.
      if (line.end != text.size()) return where + line.row.error;
      return "";
    }
    const long long game = line.row.value.game;
    if (game != last_game) {
      if (game < last_game)
        return where + "game " + std::to_string(game) + " after game " + std::to_string(last_game) +
               " (the file is written in game order)";
      if (!shard_.holds(game))
        return where + "game " + std::to_string(game) + " is not one of shard " + shard_.to_string() + "'s";
      last_game = game, last_game_start = line.start, last_game_rows = 0;
    }
    ++rows_, ++last_game_rows;
    kept = line.end;
    return "";
  });
  if (!why.empty()) return P::fail(why);
  if (last_game >= games)
    return P::fail("the file holds positions of games up to game " + std::to_string(last_game) + ", past this run's " +
                   std::to_string(games) + ": a resume never cuts a file; ask for " + std::to_string(last_game + 1) +
                   " games or more to continue it");
  // The last game in the file may have been cut mid-write: drop it whole and play it again.
  if (last_game >= 0) {
    rows_ -= last_game_rows;
    kept = last_game_start;
    next_ = last_game;
  }
  return P{kept, {}};
}

Parsed<DataWriter> DataWriter::open(const std::string& path, const nlohmann::json& given, std::string_view version,
                                    bool resume, const Shard& shard, long long games) {
  using P = Parsed<DataWriter>;
  DataWriter w;
  w.path_ = path;
  w.shard_ = shard;
  w.next_ = shard.next(0);
  nlohmann::json config = given;
  add_shard_key(config, shard);
  const std::string meta = path + ".json";
  // The file is opened and locked (so two runs cannot write it at once) before its metadata is read.
  auto file = AppendFile::open(
      "--out", path, data_header(), resume,
      [&](const std::string& text) -> Parsed<std::size_t> {
        using R = Parsed<std::size_t>;
        auto had = read_metadata(meta, path);
        if (!had.ok()) return R::fail(had.error);
        if (auto why = shard_mismatch(had.value, shard); !why.empty())
          return R::fail("the file was made with " + why + "; use another --out file");
        // Both sides' keys, so a key only the file has (an opening suite its run played and this one does
        // not name) is a difference too. Skipped: the build keys, and the evaluations of a file written
        // before seega recorded them (continued as before).
        const auto skipped = [&had](const std::string& k) {
          return is_build_key(k) || ((k == "evaluations" || k == "search_evaluation") && !had.value.contains(k));
        };
        if (const auto key = first_key_differing(config, had.value, KeysCompared::Both, skipped); !key.empty())
          return R::fail("the file was made with " + key_value_text(had.value, key) + ", this run has " +
                         key_value_text(config, key) + "; use another --out file");
        return w.resume_from(text, games);
      },
      "positions");
  if (!file.ok()) return P::fail(file.error);
  w.file_ = std::move(file.value);
  // The metadata is what tells a later --resume what the rows were made with.
  if (auto why = write_config_file(meta, config, version); !why.empty())
    return P::fail("--out " + path + ": cannot write its metadata " + why);
  return P{std::move(w), {}};
}

void DataWriter::add(long long index, std::vector<DataRow> rows) {
  waiting_.emplace(index, std::move(rows));
  // The next game after one written is the shard's next: the others' are never added.
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == next_; it = waiting_.erase(it)) {
    write(it->second);
    next_ = shard_.next(next_ + 1);
  }
}

void DataWriter::write(const std::vector<DataRow>& rows) {
  std::string text;
  for (const auto& r : rows) text += data_line(r) + "\n";
  file_.write(text);
  rows_ += static_cast<long long>(rows.size());
}

}  // namespace seega
