#include "runs/io/json.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "runs/io/atomic_write.hpp"
#include "runs/io/build_info.hpp"

namespace seega {

using nlohmann::json;

void add_build_keys(json& j, std::string_view version) {
  j["version"] = std::string(version);
  j["build"] = std::string(build_commit());
}

namespace {

std::vector<std::string>& command_words() {
  static std::vector<std::string> words;
  return words;
}

// Now, or SOURCE_DATE_EPOCH's time when it is a number of seconds.
std::time_t origin_time() {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    long long seconds = 0;
    const char* end = epoch + std::strlen(epoch);
    if (auto [p, ec] = std::from_chars(epoch, end, seconds); ec == std::errc() && p == end && seconds >= 0)
      return static_cast<std::time_t>(seconds);
  }
  return std::time(nullptr);
}

}  // namespace

void set_command_line(std::vector<std::string> words) { command_words() = std::move(words); }

void add_origin_key(json& j) {
  const std::time_t t = origin_time();
  std::tm utc{};
  gmtime_r(&t, &utc);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  j["origin"] = json{{"command", command_words()}, {"date", date}};
}

std::string json_shown(const json& j) {
  constexpr std::size_t kMax = 40;
  std::string s = j.dump();
  if (s.size() > kMax) s = s.substr(0, kMax) + "...";
  return s;
}

const json& JsonFields::null_object() {
  static const json empty = json::object();
  return empty;
}

const json* JsonFields::find(std::string_view key) {
  if (!ok()) return nullptr;
  const auto it = object_->find(key);
  if (it == object_->end()) {
    fail(key, "is missing");
    return nullptr;
  }
  return &*it;
}

std::uint64_t JsonFields::key64(std::string_view key) {
  const json* v = find(key);
  if (!v) return 0;
  if (!v->is_string()) return whole<std::uint64_t>(key);
  // Decimal digits alone, as json_key64 writes them: no sign, space, leading zero or exponent.
  const std::string& s = v->get_ref<const std::string&>();
  std::uint64_t x = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos && (s == "0" || s[0] != '0');
  if (!digits || ec != std::errc() || end != s.data() + s.size()) {
    fail(key, json_shown(*v) + (digits ? " is out of range (0 to 18446744073709551615)"
                                       : " is not a whole number written in decimal digits"));
    return 0;
  }
  return x;
}

std::string JsonFields::text(std::string_view key) {
  const json* v = find(key);
  if (!v) return {};
  if (!v->is_string()) {
    fail(key, json_shown(*v) + " is not a string");
    return {};
  }
  return v->get<std::string>();
}

double JsonFields::number(std::string_view key) {
  const json* v = find(key);
  if (!v) return 0;
  if (!v->is_number()) {
    fail(key, json_shown(*v) + " is not a number");
    return 0;
  }
  return v->get<double>();
}

std::vector<std::string> JsonFields::texts(std::string_view key) {
  const json* v = find(key);
  if (!v) return {};
  std::vector<std::string> out;
  if (v->is_array())
    for (const json& x : *v) {
      if (!x.is_string()) break;
      out.push_back(x.get<std::string>());
    }
  if (!v->is_array() || out.size() != v->size()) {
    fail(key, json_shown(*v) + " is not an array of strings");
    return {};
  }
  return out;
}

std::string first_key_differing(const nlohmann::json& first, const nlohmann::json& second, KeysCompared keys,
                                const std::function<bool(const std::string&)>& skip) {
  if (!first.is_object() || !second.is_object()) return "";
  for (const auto& [key, value] : first.items())
    if ((!skip || !skip(key)) && (!second.contains(key) || second[key] != value)) return key;
  if (keys == KeysCompared::Both)
    for (const auto& [key, value] : second.items())
      if ((!skip || !skip(key)) && !first.contains(key)) return key;
  return "";
}

std::string key_value_text(const nlohmann::json& object, const std::string& key) {
  return key + "=" + (object.is_object() && object.contains(key) ? object[key].dump() : std::string("nothing"));
}

bool is_build_key(const std::string& key) { return key == "version" || key == "build" || key == "origin"; }

std::string write_config_file(const std::string& path, nlohmann::json config, std::string_view version) {
  add_build_keys(config, version);
  add_origin_key(config);
  return write_files_atomically({{path, config.dump() + "\n"}});
}

}  // namespace seega
