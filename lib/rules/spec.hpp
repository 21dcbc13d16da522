#pragma once
// The "name(key=value,...)" strings that describe rulesets, players and SPRT settings, and the one
// shape every parser of them has: a table of keys (a name, the allowed values in words, a setter), the
// items applied to it in order, a repeat or an unknown key refused with the nearest key as "did you
// mean". Numbers in these strings, and in the CLI's own options, are read by parse_whole and
// parse_real. Parsers built this way are pure functions of their text: no file is read here.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <concepts>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace seega {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The first line of text, without its '\n' (a '\r' before it stays the line's), and text advanced past it.
inline std::string_view take_line(std::string_view& text) {
  const auto end = text.find('\n');
  const std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  return line;
}

// --- Numbers ---------------------------------------------------------------------------------------

// A whole number in [lo, hi] that is the whole text: decimal digits, with '-' first for a negative
// one. "3.7", "3x", "", " 3", "+3" and a number that does not fit are refused, never cut short.
template <std::integral T>
std::optional<T> parse_whole(std::string_view text, T lo = std::numeric_limits<T>::min(),
                             T hi = std::numeric_limits<T>::max()) {
  T v{};
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc{} || p != end || v < lo || v > hi) return std::nullopt;
  return v;
}

// A finite real number in [lo, hi] that is the whole text ("0.05", "-1.75", "1e-3"); "nan", "inf"
// and trailing junk are refused.
inline std::optional<double> parse_real(std::string_view text, double lo, double hi) {
  double v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc{} || p != end || !std::isfinite(v) || v < lo || v > hi) return std::nullopt;
  return v;
}

// --- User text in messages -------------------------------------------------------------------------

// Text made safe to print inside a one-line message: each byte that is not part of printable UTF-8
// (control characters such as a newline, bytes of no valid sequence) becomes \xNN.
// Whether text is a name of letters, digits and -_. (at least one): an engine's name=, a callback's.
inline bool is_plain_name(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}
std::string escaped(std::string_view text);
// escaped(text) between single quotes, the way every message quotes what a user wrote.
std::string quote(std::string_view text);

// The name nearest to word by edit distance (a swap of two neighbours is one edit), when it is near
// enough to be a slip of the keyboard: at most two edits, and fewer than half the letters of the
// longer of the two.
// Ties go to the first. None when no name is that near.
std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& names);
// " (did you mean 'name'?)" for the nearest name, or "" when none is near.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& names);
// "a, b, c": names as a message lists what is allowed.
std::string joined(const std::vector<std::string>& names);
// One CSV cell: as it is, or between double quotes (a quote doubled) when it holds a comma, a quote or
// a newline.
std::string csv_cell(std::string_view text);
// The shortest text that reads back as v ("5", "0.25", "1e-07"; "nan", "inf"), for files and messages.
std::string number_text(double v);

// --- Spec strings ----------------------------------------------------------------------------------

struct SpecItem {
  std::string_view key;
  std::optional<std::string_view> value;  // none for a bare word such as "deterministic"
};

// The first comma of text outside brackets and single quotes, or npos: a value may itself be a spec
// with items, as in ab(depth=4,placement=level(2,deterministic)), or quoted text with commas and
// brackets of its own, as in engine(cmd='./mine --opts (a,b)').
inline std::size_t top_level_comma(std::string_view text) {
  int depth = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\'') quoted = !quoted;
    else if (quoted) continue;
    else if (text[i] == '(') ++depth;
    else if (text[i] == ')') --depth;
    else if (text[i] == ',' && depth == 0) return i;
  }
  return std::string_view::npos;
}

// "k=v, k2=v2, word" as trimmed items in order; empty text gives none. Commas inside brackets or single
// quotes belong to the item they are in; a value wholly between single quotes is given without them.
inline std::vector<SpecItem> split_items(std::string_view body) {
  std::vector<SpecItem> items;
  while (!trim(body).empty()) {
    auto comma = top_level_comma(body);
    std::string_view item = trim(body.substr(0, comma));
    body = comma == std::string_view::npos ? std::string_view{} : body.substr(comma + 1);
    auto eq = item.find('=');
    if (eq == std::string_view::npos) {
      items.push_back({item, std::nullopt});
      continue;
    }
    std::string_view value = trim(item.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'') value = value.substr(1, value.size() - 2);
    items.push_back({trim(item.substr(0, eq)), value});
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
  if (text.back() != ')') return Parsed<Spec>::fail(quote(text) + ": missing ')' at the end");
  return {Spec{trim(text.substr(0, open)), split_items(text.substr(open + 1, text.size() - open - 2))}, {}};
}

// --- Key tables ------------------------------------------------------------------------------------

// What a key's setter says of a value: nothing when it took it, else why not ("" when the key's
// allowed values say it all).
using Refusal = std::optional<std::string>;
inline Refusal refuse_unless(bool ok) { return ok ? Refusal{} : Refusal{""}; }

// One key of a key=value spec.
template <typename T>
struct SpecKey {
  std::string_view name;
  // The values it allows, in words, for errors and help ("1 to 60", "on or off"). Empty for a flag:
  // a bare word that takes no value, as in level(3,deterministic).
  std::string_view allowed;
  // Sets the key in the target from its value (a flag gets an empty value).
  std::function<Refusal(T&, std::string_view)> set;
  // How the key prints back, for a canonical form (optional: only rulesets print theirs).
  std::function<std::string(const T&)> get = {};
};

// The keys a spec gave, in order.
struct GivenKeys {
  std::vector<std::string_view> names;
  bool has(std::string_view name) const {
    for (auto n : names)
      if (n == name) return true;
    return false;
  }
};

namespace detail {
std::string unknown_key(std::string_view noun, std::string_view key, const std::vector<std::string>& names);
std::string key_error(std::string_view noun, std::string_view key, std::string_view what);
std::string bad_value(std::string_view noun, std::string_view key, std::string_view value, std::string_view allowed,
                      std::string_view why);
}  // namespace detail

template <typename T>
class KeyTable {
 public:
  // noun names the spec in messages: "rule" gives "unknown rule key 'sise' (did you mean 'size'?)".
  KeyTable(std::string noun, std::vector<SpecKey<T>> keys) : noun_(std::move(noun)), keys_(std::move(keys)) {
    for (const auto& k : keys_) names_.emplace_back(k.name);
  }

  // Sets each item's key in target, in order. Refused with a message naming the key: an unknown key
  // (with the nearest key and the allowed ones), a key given twice, a key without its value, a value
  // given to a flag, a value outside the allowed ones.
  Parsed<GivenKeys> apply(const std::vector<SpecItem>& items, T& target) const {
    using P = Parsed<GivenKeys>;
    GivenKeys given;
    for (const auto& [key, value] : items) {
      const SpecKey<T>* k = find(key);
      if (!k) return P::fail(detail::unknown_key(noun_, key, names_));
      if (given.has(k->name)) return P::fail(detail::key_error(noun_, key, "is given twice"));
      const bool flag = k->allowed.empty();
      if (flag && value)
        return P::fail(detail::key_error(noun_, key, "takes no value (write '" + std::string(key) + "' alone)"));
      if (!flag && !value)
        return P::fail(detail::key_error(noun_, key, "needs a value (" + std::string(k->allowed) + ")"));
      if (Refusal no = k->set(target, value.value_or("")))
        return P::fail(detail::bad_value(noun_, key, value.value_or(""), k->allowed, *no));
      given.names.push_back(k->name);
    }
    return P{std::move(given), {}};
  }

  const SpecKey<T>* find(std::string_view name) const {
    for (const auto& k : keys_)
      if (k.name == name) return &k;
    return nullptr;
  }
  const std::vector<SpecKey<T>>& keys() const { return keys_; }
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::string noun_;
  std::vector<SpecKey<T>> keys_;
  std::vector<std::string> names_;
};

// A key for a whole-number field in [lo, hi].
template <typename T, std::integral F>
SpecKey<T> whole_key(std::string_view name, std::string_view allowed, F T::*field, F lo, F hi) {
  return {name, allowed, [=](T& t, std::string_view v) {
            auto x = parse_whole<F>(v, lo, hi);
            if (x) t.*field = *x;
            return refuse_unless(x.has_value());
          }};
}

// A key for a real field in [lo, hi].
template <typename T>
SpecKey<T> real_key(std::string_view name, std::string_view allowed, double T::*field, double lo, double hi) {
  return {name, allowed, [=](T& t, std::string_view v) {
            auto x = parse_real(v, lo, hi);
            if (x) t.*field = *x;
            return refuse_unless(x.has_value());
          }};
}

// A flag: its bare name sets the field.
template <typename T>
SpecKey<T> flag_key(std::string_view name, bool T::*field) {
  return {name, "", [=](T& t, std::string_view) {
            t.*field = true;
            return Refusal{};
          }};
}

}  // namespace seega
