#pragma once
// Zobrist keys, generated at compile time from a fixed seed so hashes are the same on every build.

#include <array>
#include <cstdint>

namespace seega::zobrist {

constexpr int kMaxSquares = 81;
constexpr int kMaxHand = 40;

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::uint64_t, kMaxSquares>, 2> stone{};
  std::array<std::array<std::uint64_t, kMaxHand + 1>, 2> hand{};
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t s = 0x5EE6A1AB0000001ULL;
  for (auto& side : k.stone)
    for (auto& v : side) v = splitmix64(s);
  for (auto& side : k.hand)
    for (auto& v : side) v = splitmix64(s);
  k.black_to_move = splitmix64(s);
  return k;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace seega::zobrist
