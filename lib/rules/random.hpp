#pragma once
// A small, fast, seedable generator (xoshiro256**), so that every game replays from its seed on any
// platform and thread count; std::mt19937 distributions are not portable across standard libraries.

#include <cstdint>

#include "rules/zobrist.hpp"

namespace seega {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& w : s_) w = zobrist::splitmix64(seed);
  }
  // A derived seed for stream `index` of a master seed (e.g. game i of a batch).
  static std::uint64_t derive(std::uint64_t master, std::uint64_t index) {
    std::uint64_t s = master ^ (index * 0xD1B54A32D192ED03ULL);
    zobrist::splitmix64(s);
    return zobrist::splitmix64(s);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift with rejection, so no modulo bias).
  std::uint64_t below(std::uint64_t n) {
    while (true) {
      unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
      auto low = static_cast<std::uint64_t>(m);
      if (low >= n || low >= (-n) % n) return static_cast<std::uint64_t>(m >> 64);
    }
  }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace seega
