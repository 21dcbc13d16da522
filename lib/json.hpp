#pragma once
// JSON conventions shared by every summary the library writes.

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "types.hpp"

namespace seega {

// A number, or "+inf" / "-inf" for an infinite one (JSON has no infinity; null would lose the sign,
// and a clean sweep's Elo is +inf, not unknown). NaN, which no summary should hold, is null.
inline nlohmann::json json_number(double x) {
  if (std::isnan(x)) return nullptr;
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  return x;
}

// Whether j is an object holding value at key. Never throws, whatever a file put there: nlohmann's
// j.value(key, default) throws when the key holds another type ({"type": 5}).
inline bool json_field_is(const nlohmann::json& j, const char* key, const nlohmann::json& value) {
  return j.is_object() && j.contains(key) && j.at(key) == value;
}

// A JSON number as a whole number of type T in [lo, hi], or why not. nlohmann's get<T>() would cut
// 3.7 down to 3 and wrap 18446744073709551615 round to -1, so the counts of a file are read here.
template <std::integral T>
Parsed<T> json_whole(const nlohmann::json& j, T lo = std::numeric_limits<T>::min(),
                     T hi = std::numeric_limits<T>::max()) {
  using P = Parsed<T>;
  bool fits = false;
  T v{};
  if (j.is_number_unsigned()) {
    const auto u = j.get<std::uint64_t>();
    fits = std::in_range<T>(u) && std::cmp_greater_equal(u, lo) && std::cmp_less_equal(u, hi);
    v = static_cast<T>(u);
  } else if (j.is_number_integer()) {
    const auto i = j.get<std::int64_t>();
    fits = std::in_range<T>(i) && std::cmp_greater_equal(i, lo) && std::cmp_less_equal(i, hi);
    v = static_cast<T>(i);
  } else {
    return P::fail(j.dump() + " is not a whole number");
  }
  if (!fits) return P::fail(j.dump() + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  return P{v, {}};
}

}  // namespace seega
