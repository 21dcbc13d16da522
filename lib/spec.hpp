#pragma once
// The "name(key=value,...)" strings that describe rulesets, players and SPRT settings.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "types.hpp"

namespace seega {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

struct SpecItem {
  std::string_view key;
  std::optional<std::string_view> value;  // none for a bare word such as "deterministic"
};

// The first comma of text outside brackets, or npos: a value may itself be a spec with items, as in
// ab(depth=4,placement=level(2,deterministic)).
inline std::size_t top_level_comma(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    else if (text[i] == ')') --depth;
    else if (text[i] == ',' && depth == 0) return i;
  }
  return std::string_view::npos;
}

// "k=v, k2=v2, word" as trimmed items in order; empty text gives none. Commas inside brackets belong
// to the item they are in.
inline std::vector<SpecItem> split_items(std::string_view body) {
  std::vector<SpecItem> items;
  while (!trim(body).empty()) {
    auto comma = top_level_comma(body);
    std::string_view item = trim(body.substr(0, comma));
    body = comma == std::string_view::npos ? std::string_view{} : body.substr(comma + 1);
    auto eq = item.find('=');
    if (eq == std::string_view::npos) items.push_back({item, std::nullopt});
    else items.push_back({trim(item.substr(0, eq)), trim(item.substr(eq + 1))});
  }
  return items;
}

struct Spec {
  std::string_view name;
  std::vector<SpecItem> items;
};

// "name" or "name(items)"; an error names what is wrong with the brackets.
inline Parsed<Spec> split_spec(std::string_view text) {
  text = trim(text);
  auto open = text.find('(');
  if (open == std::string_view::npos) return {Spec{text, {}}, {}};
  if (text.back() != ')') {
    std::string message = "'";  // appended piece by piece: GCC 12 -Wrestrict misfires on "'" + string
    message.append(text).append("': missing ')' at the end");
    return Parsed<Spec>::fail(std::move(message));
  }
  return {Spec{trim(text.substr(0, open)), split_items(text.substr(open + 1, text.size() - open - 2))}, {}};
}

}  // namespace seega
