#include "runs/kinds/merge.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "analysis/labelling.hpp"
#include "rules/spec.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/json.hpp"
#include "runs/io/shard.hpp"
#include "runs/kinds/run_sim.hpp"

namespace seega {

using nlohmann::json;

namespace {

// One record's lines as its file holds them (a game's or a run's line; a positions file's rows of
// one game), newline included: merged files are made of the shards' own bytes.
struct Item {
  long long index = 0;
  std::string text;
};

// One shard's file, read and checked. The readers' errors follow the file's name: ": why" or " line N: why".
struct Part {
  const ShardFile* file = nullptr;
  json header;  // a positions file's configuration
  Shard shard;
  std::vector<Item> items;
};

// The lines of a JSON Lines text that its reader accepted whole (no cut last line): the header, then
// one line a record, in the file's order.
std::vector<std::string> whole_lines(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t nl = text.find('\n', pos);
    lines.emplace_back(text.substr(pos, nl - pos + 1));
    pos = nl + 1;
  }
  return lines;
}

const char* const kCut = ": its last line is cut (an interrupted write); finish that shard with --resume, then merge";

// The part of a file its reader accepted whole: the header, and each record with its own line (the
// reader keeps the file's order, one record a line after the header).
template <typename Records>
Parsed<Part> part_of(const ShardFile& f, json header, const Records& records, bool cut_last_line) {
  if (cut_last_line) return Parsed<Part>::fail(kCut);
  const auto lines = whole_lines(f.text);
  Part part;
  part.header = std::move(header);
  for (std::size_t k = 0; k < records.size(); ++k) part.items.push_back({records[k].index, lines[k + 1]});
  return {std::move(part), {}};
}

Parsed<Part> read_results_part(const ShardFile& f) {
  using P = Parsed<Part>;
  auto file = read_results(f.text);
  if (!file.ok()) return P::fail(": " + file.error);
  auto t = header_tournament(file.value.header);
  if (!t.ok()) return P::fail(": " + t.error);
  for (std::size_t k = 0; k < file.value.games.size(); ++k) {
    const GameRecord& g = file.value.games[k];
    const std::string where = " line " + std::to_string(k + 2) + ": game " + std::to_string(g.index);
    if (auto why = schedule_mismatch(t.value, g); !why.empty()) return P::fail(where + ": " + why);
    if (auto why = record_inconsistency(t.value.rules, g); !why.empty()) return P::fail(where + ": " + why);
  }
  return part_of(f, std::move(file.value.header), file.value.games, file.value.dropped_last_line);
}

Parsed<Part> read_run_sim_part(const ShardFile& f) {
  auto file = read_run_sim(f.text);
  if (!file.ok()) return Parsed<Part>::fail(": " + file.error);
  return part_of(f, std::move(file.value.header), file.value.runs, file.value.dropped_last_line);
}

Parsed<Part> read_positions_part(const ShardFile& f) {
  using P = Parsed<Part>;
  Part part;
  part.header = json::parse(f.config, nullptr, false);
  if (part.header.is_discarded() || !part.header.is_object())
    return P::fail(".json (its configuration) is missing or not a JSON object; gen-data writes it beside the CSV");
  if (!f.text.empty() && f.text.back() != '\n') return P::fail(kCut);
  if (f.text.empty()) return P::fail(" line 1: not the positions header (the file is empty)");
  const json* rules = part.header.contains("rules") ? &part.header["rules"] : nullptr;
  auto why = read_positions(f.text, [&](const PositionsLine& line) -> std::string {
    const std::string where = "line " + std::to_string(line.number) + ": ";
    if (!line.row.ok()) return where + line.row.error;
    const DataRow& row = line.row.value;
    if (rules && *rules != row.rules)
      return where + "rules " + quote(row.rules) + ", the configuration has " + rules->dump();
    if (part.items.empty() || part.items.back().index != row.game) {
      if (!part.items.empty() && row.game < part.items.back().index)
        return where + "game " + std::to_string(row.game) + " after game " + std::to_string(part.items.back().index) +
               " (the file is written in game order)";
      part.items.push_back({row.game, ""});
    }
    part.items.back().text.append(f.text, line.start, line.end - line.start);
    return "";
  });
  if (!why.empty()) return P::fail(" " + why);
  return P{std::move(part), {}};
}

// "6, 7, 14 and 9 more" (the first three of a sorted list).
template <typename T, typename Text>
std::string first_few(const std::vector<T>& v, Text text) {
  std::string out;
  const std::size_t shown = std::min<std::size_t>(v.size(), 3);
  for (std::size_t i = 0; i < shown; ++i) out += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + text(v[i]);
  if (v.size() > shown) out += " and " + std::to_string(v.size() - shown) + " more";
  return out;
}

json without_shard(json header) {
  header.erase("shard");
  return header;
}

std::string shard_name(const Shard& s) {
  return s.whole() ? std::string("the whole run (no --shard)") : "shard " + s.to_string();
}

// Each file read as a part of one kind (the first file's), none given twice.
Parsed<std::vector<Part>> read_parts(const std::vector<ShardFile>& files, ShardFileKind& kind) {
  using P = Parsed<std::vector<Part>>;
  std::vector<Part> parts;
  for (const ShardFile& f : files) {
    if (&f != &files[0] && std::any_of(files.data(), &f, [&](const ShardFile& e) { return e.name == f.name; }))
      return P::fail(f.name + " is given twice");
    auto k = shard_file_kind(f.text);
    if (!k.ok()) return P::fail(f.name + ": " + k.error);
    if (parts.empty()) kind = k.value;
    else if (k.value != kind)
      return P::fail(files[0].name + " is a " + std::string(to_string(kind)) + ", " + f.name + " a " +
                     std::string(to_string(k.value)) + ": only the shards of one run merge");
    auto part = kind == ShardFileKind::Results  ? read_results_part(f)
                : kind == ShardFileKind::RunSim ? read_run_sim_part(f)
                                                : read_positions_part(f);
    if (!part.ok()) return P::fail(f.name + part.error);
    part.value.file = &f;
    auto shard = header_shard(part.value.header);
    if (!shard.ok()) return P::fail(f.name + ": " + shard.error);
    part.value.shard = shard.value;
    parts.push_back(std::move(part.value));
  }
  return P{std::move(parts), {}};
}

// Whether the parts are of one run: the same configuration but for the shard and the build that wrote
// it, and one count K. "" when they are.
std::string one_run_problem(const std::vector<Part>& parts) {
  const Part& first = parts[0];
  const json want = without_shard(first.header);
  for (const Part& p : parts) {
    if (p.shard.count != first.shard.count)
      return first.file->name + " is " + shard_name(first.shard) + ", " + p.file->name + " " + shard_name(p.shard) +
             ": the shards of one run are of one count K";
    const json have = without_shard(p.header);
    if (const auto key = first_key_differing(have, want, KeysCompared::Both, is_build_key); !key.empty())
      return p.file->name + " was made with " + key_value_text(have, key) + ", " + first.file->name + " with " +
             key_value_text(want, key) + ": only the shards of one run merge";
  }
  return "";
}

// Every index once, each in its shard's file: the part holding each; of indices in two files, the first
// is named.
Parsed<std::map<long long, const Part*>> owners(const std::vector<Part>& parts, const std::string& unit) {
  using P = Parsed<std::map<long long, const Part*>>;
  std::map<long long, const Part*> owner;
  std::optional<std::pair<long long, std::string>> twice;
  for (const Part& p : parts)
    for (const Item& item : p.items) {
      if (!p.shard.holds(item.index))
        return P::fail(p.file->name + " (" + shard_name(p.shard) + ") holds " + unit + " " +
                       std::to_string(item.index) + ", which is not that shard's");
      auto [at, fresh] = owner.emplace(item.index, &p);
      if (!fresh && (!twice || item.index < twice->first))
        twice.emplace(item.index, unit + " " + std::to_string(item.index) + " is in both " + at->second->file->name +
                                      " and " + p.file->name);
    }
  if (twice) return P::fail(twice->second);
  for (std::size_t i = 0; i < parts.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (parts[i].shard == parts[j].shard)
        return P::fail(parts[j].file->name + " and " + parts[i].file->name + " are both " + shard_name(parts[i].shard) +
                       ": give each shard's file once");
  return P{std::move(owner), {}};
}

// The indices below total in no file, the shards they belong to, and what finishes them; "" when none.
std::string missing_problem(const std::vector<Part>& parts, const std::map<long long, const Part*>& owner,
                            long long total, bool given, ShardFileKind kind, const std::string& unit) {
  const int count = parts[0].shard.count;
  std::vector<long long> missing;
  std::set<int> short_shards;  // shards with indices in no file
  for (long long i = 0; i < total; ++i)
    if (!owner.contains(i)) {
      missing.push_back(i);
      short_shards.insert(Shard::holding(i, count).index);
    }
  if (missing.empty()) return "";
  std::string why = (missing.size() == 1 ? unit + " " : unit + "s ") +
                    first_few(missing, [](long long i) { return std::to_string(i); }) +
                    (missing.size() == 1 ? " is" : " are") + " in no file";
  if (!given)
    why += " (taking the " + unit + "s as " + std::to_string(total) + ", the largest index + 1" +
           (shard_format(kind).whole_pairs ? " rounded up to a whole game pair" : "") + "; give --" + unit +
           "s N for another count)";
  std::vector<Shard> absent, incomplete;
  for (int s : short_shards) {
    const Shard shard{s, count};
    const bool has_file = std::any_of(parts.begin(), parts.end(), [&](const Part& p) { return p.shard == shard; });
    (has_file ? incomplete : absent).push_back(shard);
  }
  const auto text = [](const Shard& s) { return s.to_string(); };
  if (!absent.empty())
    why += absent.size() == 1 ? "; no file is shard " + text(absent[0])
                              : "; no file is any of shards " + first_few(absent, text);
  if (!incomplete.empty())
    why += incomplete.size() == 1
               ? "; the file of shard " + text(incomplete[0]) + " lacks some: finish it with --resume"
               : "; the files of shards " + first_few(incomplete, text) + " lack some: finish them with --resume";
  return why;
}

// The merged file: the lowest shard's header without its shard, then every index's lines in order.
MergedFile joined_file(const std::vector<Part>& parts, ShardFileKind kind, long long total, long long records) {
  MergedFile out;
  out.kind = kind;
  out.total = total;
  out.shards = parts[0].shard.count;
  out.records = records;
  std::map<long long, const Item*> items;
  for (const Part& p : parts)
    for (const Item& item : p.items) items.emplace(item.index, &item);
  // The headers agree but for the shard and the version; the merged header is the lowest shard's, so
  // that the merged file does not depend on the order the files are given in (fuzzing found files of
  // two versions merging to two files).
  const Part& lowest = *std::min_element(parts.begin(), parts.end(),
                                         [](const Part& x, const Part& y) { return x.shard.index < y.shard.index; });
  const json header = without_shard(lowest.header);
  const bool rows = !shard_format(kind).rows.empty();
  if (rows) {
    out.config = header.dump() + "\n";
    out.text = data_header() + "\n";
  } else {
    out.text = header.dump() + "\n";
  }
  for (const auto& [index, item] : items) {
    out.text += item->text;
    if (rows) out.rows += std::count(item->text.begin(), item->text.end(), '\n');
  }
  return out;
}

}  // namespace

const ShardFormat& shard_format(ShardFileKind kind) {
  static const ShardFormat results{"results file", "game", true, ""};
  static const ShardFormat run_sim{"run-sim file", "run", false, ""};
  static const ShardFormat positions{"positions file", "game", true, "positions"};
  switch (kind) {
    case ShardFileKind::Results: return results;
    case ShardFileKind::RunSim: return run_sim;
    case ShardFileKind::Positions: return positions;
  }
  return results;
}

std::string_view to_string(ShardFileKind kind) { return shard_format(kind).name; }

Parsed<ShardFileKind> shard_file_kind(std::string_view text) {
  using P = Parsed<ShardFileKind>;
  const std::string_view first = text.substr(0, text.find('\n'));
  if (first == data_header() || first == data_header() + "\r") return {ShardFileKind::Positions, {}};
  const json h = json::parse(first, nullptr, false);
  if (json_field_is(h, "type", "header"))
    return {json_field_is(h, "kind", "run-sim") ? ShardFileKind::RunSim : ShardFileKind::Results, {}};
  return P::fail(
      "not a file seega merges: its first line is neither a JSON header (a results or run-sim file) nor "
      "the positions header (gen-data's CSV)");
}

Parsed<MergedFile> merge_shards(const std::vector<ShardFile>& files, long long total) {
  using P = Parsed<MergedFile>;
  if (files.empty()) return P::fail("no files to merge");
  ShardFileKind kind{};
  auto parts = read_parts(files, kind);
  if (!parts.ok()) return P::fail(parts.error);
  if (auto why = one_run_problem(parts.value); !why.empty()) return P::fail(why);
  const std::string unit(shard_format(kind).unit);
  auto owner = owners(parts.value, unit);
  if (!owner.ok()) return P::fail(owner.error);
  const bool given = total > 0;
  const long long largest = owner.value.empty() ? -1 : owner.value.rbegin()->first;
  if (given && largest >= total)
    return P::fail(owner.value.rbegin()->second->file->name + " holds " + unit + " " + std::to_string(largest) +
                   ", past the --" + unit + "s " + std::to_string(total) + " given");
  if (!given) total = shard_format(kind).whole_pairs ? (largest + 2) / 2 * 2 : largest + 1;
  if (auto why = missing_problem(parts.value, owner.value, total, given, kind, unit); !why.empty()) return P::fail(why);
  return P{joined_file(parts.value, kind, total, static_cast<long long>(owner.value.size())), {}};
}

}  // namespace seega
