#include "runs/io/shard.hpp"

#include <algorithm>

#include "rules/random.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

// The rotation of block b's deal: pseudo-random in the block, fixed by K and b alone.
long long turn_of(int count, long long block) {
  return static_cast<long long>(Rng::derive(static_cast<std::uint64_t>(count), static_cast<std::uint64_t>(block)) %
                                static_cast<std::uint64_t>(count));
}

}  // namespace

int Shard::slot(long long pair) const {
  if (count == 1) return 0;
  return static_cast<int>((pair % count + turn_of(count, pair / count)) % count);
}

long long Shard::pair_in_block(long long block) const {
  return block * count + (index - turn_of(count, block) + count) % count;
}

long long Shard::share(long long total) const {
  if (total <= 0) return 0;
  // One pair from each whole block of K pairs, one from the part block if its pair is in it, then the
  // odd game left over (the first of pair total/2), if any.
  const long long pairs = total / 2, blocks = pairs / count;
  const long long mine = blocks + (pairs % count && pair_in_block(blocks) < pairs ? 1 : 0);
  return 2 * mine + (total % 2 && holds(total - 1) ? 1 : 0);
}

long long Shard::next(long long i) const {
  i = std::max(0LL, i);
  if (holds(i)) return i;
  // The first game of this shard's pair in i's block if it is still ahead, else of the next block's.
  const long long block = (i / 2) / count, mine = pair_in_block(block);
  return 2 * (mine > i / 2 ? mine : pair_in_block(block + 1));
}

std::string Shard::to_string() const { return std::to_string(index) + "/" + std::to_string(count); }

Parsed<Shard> parse_shard(std::string_view text) {
  using P = Parsed<Shard>;
  const std::string shown = "--shard " + quote(text);
  const auto slash = text.find('/');
  if (slash == std::string_view::npos)
    return P::fail(shown + ": give I/K, shard I of K (e.g. 0/4; shards are numbered from 0)");
  const auto i = parse_whole<int>(text.substr(0, slash), 0);
  const auto k = parse_whole<int>(text.substr(slash + 1), 1, Shard::kMaxCount);
  if (!k)
    return P::fail(shown + ": K must be a whole number from 1 to " + std::to_string(Shard::kMaxCount) +
                   " (the number of shards)");
  if (!i || *i >= *k)
    return P::fail("--shard " + std::string(text) + ": I must be 0 to " + std::to_string(*k - 1) +
                   " (shards are numbered from 0)");
  return P{{*i, *k}, {}};
}

void add_shard_key(nlohmann::json& config, const Shard& shard) {
  if (!shard.whole()) config["shard"] = shard.to_string();
}

Parsed<Shard> header_shard(const nlohmann::json& header) {
  if (!header.is_object() || !header.contains("shard")) return {Shard{}, {}};
  const auto& v = header["shard"];
  auto s = v.is_string() ? parse_shard(v.get<std::string>()) : Parsed<Shard>::fail("");
  // "0/1" is never written (the whole run has no key), so a file that says it was edited.
  if (!s.ok() || s.value.whole()) return Parsed<Shard>::fail("its header's shard " + v.dump() + " is not I/K");
  return s;
}

std::string shard_mismatch(const nlohmann::json& header, const Shard& shard) {
  auto had = header_shard(header);
  if (!had.ok()) return "shard=" + header["shard"].dump() + ", which is not I/K";
  if (had.value == shard) return "";
  const auto text = [](const Shard& s) { return s.whole() ? std::string("nothing") : '"' + s.to_string() + '"'; };
  return "shard=" + text(had.value) + ", this run has " + (shard.whole() ? "no --shard" : "shard=" + text(shard));
}

}  // namespace seega
