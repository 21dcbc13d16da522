#include "shard.hpp"

#include <algorithm>

#include "spec.hpp"

namespace seega {

long long Shard::share(long long total) const {
  if (total <= 0) return 0;
  // Whole pairs 0 .. total/2 - 1 dealt out in turn, then the odd game left over, if any.
  const long long pairs = total / 2;
  const long long mine = pairs > index ? (pairs - 1 - index) / count + 1 : 0;
  return 2 * mine + (total % 2 && pairs % count == index ? 1 : 0);
}

long long Shard::next(long long i) const {
  i = std::max(0LL, i);
  if (holds(i)) return i;
  // The first game of the next pair of this shard's.
  const long long pair = i / 2, ahead = (index - pair % count + count) % count;
  return 2 * (pair + ahead);
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
