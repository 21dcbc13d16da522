#pragma once
// JSON conventions shared by every summary the library writes.

#include <cmath>
#include <nlohmann/json.hpp>

namespace seega {

// A number, or "+inf" / "-inf" for an infinite one (JSON has no infinity; null would lose the sign,
// and a clean sweep's Elo is +inf, not unknown). NaN, which no summary should hold, is null.
inline nlohmann::json json_number(double x) {
  if (std::isnan(x)) return nullptr;
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  return x;
}

}  // namespace seega
