#include "training_data.hpp"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "atomic_write.hpp"
#include "random.hpp"
#include "replay.hpp"
#include "search.hpp"
#include "spec.hpp"

namespace seega {

namespace {

// Keeps the sampling stream apart from the players' streams, which also derive from the game's seed.
constexpr std::uint64_t kSampleStream = 0x7A11'DA7A'5EED'0003ULL;

std::string number_text(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : "nan";
}

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

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

template <int N>
bool quiet(const Position<N>& pos) {
  if (pos.placing()) return true;
  if (pos.outcome().over()) return false;
  const auto captures = pos.step_captures();
  Bitboard<N> targets = 0;
  for (int d = 0, dirs = pos.rules().step_directions(); d < dirs; ++d)
    targets |= Geometry<N>::shift(pos.stones(pos.side()), d) & pos.empty();
  return !(targets & captures.any);
}

}  // namespace

Parsed<LabelSpec> parse_label(std::string_view text) {
  using P = Parsed<LabelSpec>;
  LabelSpec l;
  if (text == "result") return {l, {}};
  if (text == "search") {
    l.kind = LabelSpec::Kind::Search;
    return {l, {}};
  }
  if (text.starts_with("blend=")) {
    const auto v = parse_real(text.substr(6), 0, 1);
    if (!v) return P::fail("--label " + quote(text) + ": blend=L needs L from 0 to 1");
    l.kind = LabelSpec::Kind::Blend;
    l.blend = *v;
    return {l, {}};
  }
  return P::fail("--label " + quote(text) + ": allowed: result, search, blend=L (L from 0 to 1)");
}

std::string to_string(const LabelSpec& l) {
  switch (l.kind) {
    case LabelSpec::Kind::Result: return "result";
    case LabelSpec::Kind::Search: return "search(depth=" + std::to_string(l.search_depth) + ")";
    case LabelSpec::Kind::Blend:
      return "blend=" + number_text(l.blend) + "(depth=" + std::to_string(l.search_depth) + ")";
  }
  return "result";
}

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

Parsed<std::vector<DataRow>> game_rows(const Rules& rules, const GameRecord& record, int per_game,
                                       const LabelSpec& label) {
  using P = Parsed<std::vector<DataRow>>;
  return with_size(rules.size, [&]<int N>() -> P {
    auto game = replay<N>(rules, record);
    if (!game.ok()) return P::fail(game.error);
    const auto& positions = game.value.positions;
    std::vector<int> candidates;
    // The last position is over (replay checks it); the others are candidates when quiet.
    for (std::size_t k = 0; k + 1 < positions.size(); ++k)
      if (quiet(positions[k])) candidates.push_back(static_cast<int>(k));
    // A partial Fisher-Yates shuffle picks per_game of them, the same ones on every run.
    Rng rng(Rng::derive(record.seed ^ kSampleStream, 0));
    const std::size_t take = std::min(candidates.size(), static_cast<std::size_t>(std::max(per_game, 0)));
    for (std::size_t i = 0; i < take; ++i)
      std::swap(candidates[i], candidates[i + rng.below(candidates.size() - i)]);
    candidates.resize(take);
    std::sort(candidates.begin(), candidates.end());
    std::vector<DataRow> rows;
    std::optional<Searcher<N>> searcher;
    if (label.kind != LabelSpec::Kind::Result) searcher.emplace();
    const std::string rules_text = rules.to_string();
    for (int k : candidates) {
      const Position<N>& pos = positions[static_cast<std::size_t>(k)];
      DataRow r;
      r.position = to_string(pos);
      r.placement = pos.placing();
      r.rules = rules_text;
      r.game = record.index;
      r.ply = k;
      r.result = record.points_of(pos.side());
      r.label = r.result;
      if (searcher) {
        searcher->clear();
        SearchLimits limits;
        limits.depth = label.search_depth;
        const int score = searcher->search(pos, limits).score;
        r.search = score;
        const double p = is_win_score(score) ? 1 : is_loss_score(score) ? 0 : sigmoid(label.k * score / 100.0);
        r.label = label.kind == LabelSpec::Kind::Search ? p : label.blend * r.result + (1 - label.blend) * p;
      }
      rows.push_back(std::move(r));
    }
    return P{std::move(rows), {}};
  });
}

Parsed<DataWriter> DataWriter::open(const std::string& path, const nlohmann::json& given, std::string_view version,
                                    bool resume, const Shard& shard) {
  using P = Parsed<DataWriter>;
  namespace fs = std::filesystem;
  DataWriter w;
  w.path_ = path;
  w.shard_ = shard;
  w.next_ = shard.next(0);
  nlohmann::json config = given;
  add_shard_key(config, shard);
  const std::string meta = path + ".json";
  std::error_code ec;
  if (fs::is_directory(path, ec)) return P::fail("--out " + path + " is a directory; give a file name");
  const bool exists = fs::exists(path, ec) && fs::file_size(path, ec) > 0;
  if (exists && !resume)
    return P::fail("--out " + path + " already holds positions; pass --resume to continue it or choose another file");
  if (exists) {
    if (!fs::is_regular_file(path, ec)) return P::fail("--out " + path + " is not a regular file");
    std::ifstream m(meta);
    std::stringstream mbuf;
    mbuf << m.rdbuf();
    const auto had = nlohmann::json::parse(mbuf.str(), nullptr, false);
    if (!m || had.is_discarded() || !had.is_object())
      return P::fail(meta + ": missing or unreadable; cannot tell what " + path + " was made with");
    if (auto why = shard_mismatch(had, shard); !why.empty())
      return P::fail(path + " was made with " + why + "; use another --out file");
    for (const auto& [key, value] : config.items())
      if (!had.contains(key) || had[key] != value)
        return P::fail(path + " was made with " + key + "=" + (had.contains(key) ? had[key].dump() : "nothing") +
                       ", this run has " + key + "=" + value.dump() + "; use another --out file");
    std::ifstream in(path, std::ios::binary);
    std::string line;
    std::size_t kept = 0, offset = 0, line_no = 0;
    long long last_game = -1;
    std::size_t last_game_start = 0;
    while (std::getline(in, line)) {
      const bool whole = !in.eof();
      const std::size_t start = offset;
      offset += line.size() + (whole ? 1 : 0);
      if (++line_no == 1) {
        if (line != data_header()) return P::fail(path + ": line 1 is not the positions header");
        kept = offset;
        continue;
      }
      auto row = parse_data_line(line);
      if (!row.ok() || !whole) {
        // A cut or broken last line is an interrupted write: its game is played again. Anywhere else
        // it is damage that dropping would hide.
        if (whole && in.peek() != std::char_traits<char>::eof())
          return P::fail(path + " line " + std::to_string(line_no) + ": " + row.error);
        break;
      }
      if (row.value.game != last_game) {
        if (row.value.game < last_game)
          return P::fail(path + " line " + std::to_string(line_no) + ": game " + std::to_string(row.value.game) +
                         " after game " + std::to_string(last_game) + " (the file is written in game order)");
        if (!shard.holds(row.value.game))
          return P::fail(path + " line " + std::to_string(line_no) + ": game " + std::to_string(row.value.game) +
                         " is not one of shard " + shard.to_string() + "'s");
        last_game = row.value.game, last_game_start = start;
      }
      ++w.rows_;
      kept = offset;
    }
    // The last game in the file may have been cut mid-write: drop it whole and play it again.
    if (last_game >= 0) {
      std::ifstream again(path, std::ios::binary);
      long long dropped = 0;
      std::string l;
      again.seekg(static_cast<std::streamoff>(last_game_start));
      while (std::getline(again, l)) ++dropped;
      w.rows_ -= std::min(w.rows_, dropped);
      kept = last_game_start;
      w.next_ = last_game;
    }
    fs::resize_file(path, kept, ec);
    if (ec) return P::fail("--out " + path + ": cannot drop the last game's rows: " + ec.message());
  }
  w.file_.reset(std::fopen(path.c_str(), "a"));
  if (!w.file_) return P::fail("--out " + path + ": cannot open the file for writing: " + std::strerror(errno));
  nlohmann::json written = config;
  written["version"] = std::string(version);
  // The metadata is what tells a later --resume what the rows were made with, so it is replaced whole
  // (a temporary file and a rename): a stop while it is written leaves the old metadata, never a cut
  // one that would make the positions unresumable.
  if (auto why = write_files_atomically({{meta, written.dump() + "\n"}}); !why.empty())
    return P::fail("--out " + path + ": cannot write its metadata " + why);
  if (!exists) {
    const std::string head = data_header() + "\n";
    if (std::fputs(head.c_str(), w.file_.get()) < 0 || std::fflush(w.file_.get()) != 0)
      return P::fail("--out " + path + ": cannot write to the file: " + std::strerror(errno));
  }
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
  if (failed_ || !file_) return;
  std::string text;
  for (const auto& r : rows) text += data_line(r) + "\n";
  if (std::fputs(text.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) failed_ = true;
  rows_ += static_cast<long long>(rows.size());
}

}  // namespace seega
