#pragma once
// JSON conventions shared by every summary the library writes.

#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/types.hpp"

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

// Which seega wrote a header or a summary: "version" (the given one) and "build" (the commit,
// build_info.hpp). Files of one run may differ in these and nothing else.
void add_build_keys(nlohmann::json& j, std::string_view version);

// The command line of this process (set once by main, before any file is written), as the "origin" of
// every file it writes records.
void set_command_line(std::vector<std::string> words);
// Adds "origin": the command line that wrote a file ("command", a list of words, the first "seega") and
// when ("date", UTC, ISO 8601; from SOURCE_DATE_EPOCH when that is set, so that a file can be made byte
// for byte again). Files of one run may differ in it: a resume compares the configuration, not this.
void add_origin_key(nlohmann::json& j);
// Whether a header's key is one of those two adds (version, build, origin): the keys in which files of
// one run may differ, and a resume's check skips.
bool is_build_key(const std::string& key);

// A run's configuration written whole beside its file (a positions CSV's <csv>.json, an SPSA
// trajectory's): config with the build keys and the origin added, replaced through a temporary file and
// a rename, so that a stop while it is written leaves the old one, never a cut one that would make the
// run unresumable. "" when it is written, else the path and what went wrong (write_files_atomically).
std::string write_config_file(const std::string& path, nlohmann::json config, std::string_view version);

// The first key of `first` that `second` lacks or holds another value at; with Both, then the first key
// of `second` that `first` lacks; keys skip(key) is true of are passed over. Empty when none is found
// (or when either is not an object). Every comparison of a file's header with the run that would write
// it, of two shards' headers, and of a line read back with the line written, names its key this way.
enum class KeysCompared { First, Both };
std::string first_key_differing(const nlohmann::json& first, const nlohmann::json& second,
                                KeysCompared keys = KeysCompared::First,
                                const std::function<bool(const std::string&)>& skip = {});
// "key=value" of an object, or "key=nothing" when it has none, as a message shows one side of a difference.
std::string key_value_text(const nlohmann::json& object, const std::string& key);

// j as text for a message, cut to a few dozen characters (a file may hold a number of any length).
std::string json_shown(const nlohmann::json& j);

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
    return P::fail(json_shown(j) + " is not a whole number");
  }
  if (!fits)
    return P::fail(json_shown(j) + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  return P{v, {}};
}

// The fields of one JSON object read from a file, each checked against its type and range before it
// is converted. Every reader of the project's files (results, run-sim, positions metadata, shard
// headers) reads its fields through this, so that a value of the wrong kind -- a double such as
// 4.4e71 where a count belongs, a negative for an unsigned, a number past 2^64, a string -- is refused
// with its field named, where nlohmann's get<T>() would cut it, wrap it or reach undefined behaviour.
//
// An accessor returns the field's value; at the first field that is missing or wrong it records why
// ("seed 4.4e+71 is not a whole number", "players.w is missing") and returns a default, and from then
// on every accessor returns a default. A reader reads all its fields and checks ok() once.
class JsonFields {
 public:
  explicit JsonFields(const nlohmann::json& object) : object_(&object), error_(&own_) {
    if (!object.is_object()) own_ = "not a JSON object";
  }
  JsonFields(const JsonFields&) = delete;
  JsonFields& operator=(const JsonFields&) = delete;

  // The object at key, whose fields are named "key.field" and share this reader's error.
  JsonFields object(std::string_view key) {
    const nlohmann::json* v = find(key);
    if (v && !v->is_object()) fail(key, "is not an object");
    return JsonFields(ok() ? v : &null_object(), prefix_ + std::string(key) + ".", error_);
  }
  bool has(std::string_view key) const { return object_->is_object() && object_->contains(key); }

  // A whole number of type T in [lo, hi] (a JSON integer; no double, string or boolean).
  template <std::integral T>
  T whole(std::string_view key, T lo = std::numeric_limits<T>::min(), T hi = std::numeric_limits<T>::max()) {
    const nlohmann::json* v = find(key);
    if (!v) return T{};
    auto x = json_whole<T>(*v, lo, hi);
    if (!x.ok()) fail(key, x.error);
    return x.value;
  }
  // A 64-bit seed or hash key: a decimal string, as files write them (json_key64), or a JSON whole
  // number, as files before that did.
  std::uint64_t key64(std::string_view key);
  // A string.
  std::string text(std::string_view key);
  // A finite number.
  double number(std::string_view key);
  // An array of strings.
  std::vector<std::string> texts(std::string_view key);

  // Records why the field key is wrong (a value outside an allowed set), unless an error stands.
  void fail(std::string_view key, std::string_view why) {
    if (error_->empty()) *error_ = prefix_ + std::string(key) + " " + std::string(why);
  }
  bool ok() const { return error_->empty(); }
  const std::string& error() const { return *error_; }

 private:
  JsonFields(const nlohmann::json* object, std::string prefix, std::string* error)
      : object_(object), prefix_(std::move(prefix)), error_(error) {}
  static const nlohmann::json& null_object();
  // The value at key, or null after recording that it is missing (or that an error stands).
  const nlohmann::json* find(std::string_view key);

  const nlohmann::json* object_;
  std::string prefix_;
  std::string own_;
  std::string* error_;
};

// A 64-bit seed or key as JSON: a decimal string, which readers that keep every number as a double
// (JavaScript, jq) read exactly; 15068862340908800810 as a number becomes 15068862340908800000 there.
inline nlohmann::json json_key64(std::uint64_t v) { return std::to_string(v); }

}  // namespace seega
