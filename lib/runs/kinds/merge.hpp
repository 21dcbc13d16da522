#pragma once
// seega merge: the files of a run's shards (shard.hpp), played as independent jobs, joined into the
// file one job would have written: its header without "shard", then every record sorted by index (one
// job writes them in the order they finish; sorted, the two files are the same bytes). Three kinds of
// file merge: a results file (match, ladder), a run-sim file, and gen-data's positions CSV with its
// <csv>.json configuration. Nothing is merged that could hide a mistake: files of another run, a
// shard given twice, an index in two files, and indices in no file are refused, by name. Pure: the
// caller reads the files and writes the result.

#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace seega {

enum class ShardFileKind { Results, RunSim, Positions };
// What each kind of file is to merge: what it is called, what its records are, and where its
// configuration is. Commands read these instead of asking which kind a file is.
struct ShardFormat {
  std::string_view name;  // "results file", "run-sim file", "positions file"
  std::string_view unit;  // what a record is, and what --games or --runs counts: "game", "run"
  bool whole_pairs;       // the records come in pairs (games that swap who places first)
  // A positions file: its configuration is <file>.json beside it, and a record (a game) is rows of
  // this unit; empty for a file whose header is its first line and whose records are lines.
  std::string_view rows;
};
const ShardFormat& shard_format(ShardFileKind kind);
// shard_format(kind).name.
std::string_view to_string(ShardFileKind kind);
// The kind of a file from its first line: a JSON header (a run-sim one says "kind": "run-sim"), or
// the positions CSV's header row; anything else is an error.
Parsed<ShardFileKind> shard_file_kind(std::string_view text);

struct ShardFile {
  std::string name;    // the path, for messages
  std::string text;    // the whole file
  std::string config;  // a positions file's configuration, the text of <name>.json (else unused)
};

struct MergedFile {
  ShardFileKind kind = ShardFileKind::Results;
  std::string text;       // the merged file
  std::string config;     // a positions file's merged <out>.json
  long long records = 0;  // games or runs
  long long rows = 0;     // a positions file's rows
  long long total = 0;    // the indices 0 .. total-1, every one in some file
  int shards = 1;         // K, the shards of the run
};

// Merges the files (at least one, all of one kind). total: the run's games (--games) or runs (--runs);
// 0 takes the largest index + 1, rounded up to a whole game pair for games (a match of an odd number
// of games needs --games). Errors name the files, the key, the index or the shards concerned.
Parsed<MergedFile> merge_shards(const std::vector<ShardFile>& files, long long total = 0);

}  // namespace seega
