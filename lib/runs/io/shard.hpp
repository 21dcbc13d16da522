#pragma once
// Which part of a run one job plays: shard I of K (seega match ... --shard I/K). A batch scheduler (a
// Slurm array, GNU parallel) runs the K shards as independent jobs and seega merge joins their files
// into the file one job would have written. Shards are numbered from 0, as Bazel's TEST_SHARD_INDEX is.
//
// Which indices: whole game pairs (games 2q and 2q+1 share their opening and swap who places first,
// so a shard never holds half a pair), taken in blocks of K consecutive pairs, each block dealt one pair
// to each shard in an order rotated by a turn drawn from the block's number (Rng::derive(K, block)).
// So at any point of the schedule the shards' counts differ by at most one pair, and a shard meets
// every pairing of a tournament in proportion whatever K is: with pairs dealt plainly in turn (pair q to
// shard q mod K), a K sharing a factor with the number of pairings P would give each shard only some
// pairings (pairing q mod P), and the costly ones would sit together. run-sim's runs use the same rule.
// A game is a pure function of the seed and its index, so it is the same game in any shard.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace seega {

struct Shard {
  int index = 0, count = 1;  // 0 <= index < count; {0, 1} is the whole run

  static constexpr int kMaxCount = 1'000'000;
  bool whole() const { return count == 1; }
  bool holds(long long i) const { return slot(i / 2) == index; }
  // The shard of K that holds index i.
  static Shard holding(long long i, int count) { return {Shard{0, count}.slot(i / 2), count}; }
  // How many of the indices 0 .. total-1 the shard holds.
  long long share(long long total) const;
  // The first index at or after i that the shard holds.
  long long next(long long i) const;
  // "I/K".
  std::string to_string() const;
  bool operator==(const Shard&) const = default;

 private:
  // The shard that holds game pair q, and the pair of block b (pairs b*K .. b*K+K-1) this shard holds.
  int slot(long long pair) const;
  long long pair_in_block(long long block) const;
};

// "I/K" with 1 <= K <= 1000000 and 0 <= I < K; an error says what is allowed.
Parsed<Shard> parse_shard(std::string_view text);

// A results file's header (or a data file's configuration) names the shard it holds as "shard": "I/K",
// and only when the run is one of several shards, so that an unsharded file is what it always was.
void add_shard_key(nlohmann::json& config, const Shard& shard);
// The shard a header names (the whole run when it names none), or why its "shard" is malformed.
Parsed<Shard> header_shard(const nlohmann::json& header);
// A file's header (or configuration) against this run's shard: empty when they agree, else
// "shard=\"1/3\", this run has shard=\"0/3\"" or "... this run has no --shard" (the caller says what
// the file is and what to do). It covers the case a key-by-key comparison of this run's configuration
// misses: a shard's file resumed by a run that has no "shard" key.
std::string shard_mismatch(const nlohmann::json& header, const Shard& shard);

}  // namespace seega
