#include "rules/spec.hpp"

#include <algorithm>
#include <charconv>

namespace seega {

namespace {

// The length of the printable UTF-8 sequence that starts at text[i], or 0 when the byte there starts
// none (a control character, a stray continuation byte, an overlong form, a surrogate, past U+10FFFF).
std::size_t printable_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return b >= 0x20 && b != 0x7f ? 1 : 0;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) n = 3, lo = b == 0xe0 ? 0xa0 : 0x80, hi = b == 0xed ? 0x9f : 0xbf;
  else if (b >= 0xf0 && b <= 0xf4) n = 4, lo = b == 0xf0 ? 0x90 : 0x80, hi = b == 0xf4 ? 0x8f : 0xbf;
  if (n == 0 || i + n > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
  if (b == 0xc2 && byte(i + 1) <= 0x9f) return 0;  // U+0080 to U+009F: control characters too
  return n;
}

// Edit distance with a swap of two neighbouring letters as one edit (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string escaped(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t n = printable_sequence(text, i)) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    const auto b = static_cast<unsigned char>(text[i++]);
    out.append("\\x").append(1, kHex[b >> 4]).append(1, kHex[b & 15]);
  }
  return out;
}

std::string quote(std::string_view text) {
  std::string out = "'";  // built piece by piece: GCC 12 -Wrestrict misfires on "'" + string
  out.append(escaped(text)).append("'");
  return out;
}

std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_distance = 3;  // at most two edits
  for (const auto& name : names) {
    const std::size_t d = edit_distance(word, name);
    if (d < best_distance && 2 * d < std::max(word.size(), name.size())) best = name, best_distance = d;
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  auto near = nearest_name(word, names);
  return near ? " (did you mean " + quote(*near) + "?)" : "";
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out.append(out.empty() ? "" : ", ").append(n);
  return out;
}

std::string csv_cell(std::string_view text) {
  if (text.find_first_of(",\"\n") == std::string_view::npos) return std::string(text);
  std::string q = "\"";
  for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string number_text(double v) {
  char buf[32];  // the longest double, "-2.2250738585072014e-308", takes 24
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::string("nan");
}

namespace detail {

std::string unknown_key(std::string_view noun, std::string_view key, const std::vector<std::string>& names) {
  std::string out = "unknown ";
  out.append(noun).append(" key ").append(quote(key)).append(did_you_mean(key, names));
  return out.append("; allowed: ").append(joined(names));
}

std::string key_error(std::string_view noun, std::string_view key, std::string_view what) {
  std::string out(noun);
  return out.append(" key ").append(quote(key)).append(" ").append(what);
}

std::string bad_value(std::string_view noun, std::string_view key, std::string_view value, std::string_view allowed,
                      std::string_view why) {
  std::string out = "bad value ";
  out.append(quote(value)).append(" for ").append(noun).append(" key ").append(quote(key));
  if (!why.empty()) return out.append(": ").append(why);
  return out.append("; allowed: ").append(allowed);
}

}  // namespace detail

}  // namespace seega
