#pragma once
// 64-bit FNV-1a, the one hash of text the engine keeps: opening suites, weights and pattern tables.

#include <cstdint>
#include <string_view>

namespace seega {

inline constexpr std::uint64_t kFnvStart = 0xCBF29CE484222325ULL;

// h carried on over the bytes of text.
inline std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001B3ULL;
  return h;
}

}  // namespace seega
