// The JSON conventions every file and summary shares: the key named when two objects differ, and
// numbers as text.
#include <gtest/gtest.h>

#include <cstdlib>

#include "rules/spec.hpp"
#include "runs/io/json.hpp"

namespace seega {
namespace {

using json = nlohmann::json;

TEST(FirstKeyDiffering, NamesTheFirstKeyOfTheFirstObjectTheSecondLacksOrHoldsOtherwise) {
  const json want{{"a", 1}, {"b", 2}, {"c", 3}};
  EXPECT_EQ(first_key_differing(want, want), "");
  EXPECT_EQ(first_key_differing(want, json{{"a", 1}, {"b", 5}, {"c", 4}}), "b") << "the first, in key order";
  EXPECT_EQ(first_key_differing(want, json{{"a", 1}, {"c", 3}}), "b") << "a missing key differs";
  EXPECT_EQ(first_key_differing(want, json{{"a", 1}, {"b", "2"}, {"c", 3}}), "b") << "2 and \"2\" differ";
  // One way, a key only the second has is not looked at; both ways it is, after the first's keys.
  const json more{{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
  EXPECT_EQ(first_key_differing(want, more), "");
  EXPECT_EQ(first_key_differing(want, more, KeysCompared::Both), "d");
  EXPECT_EQ(first_key_differing(more, want), "d");
  EXPECT_EQ(first_key_differing(json{{"z", 1}}, json{{"a", 1}}, KeysCompared::Both), "z");
}

TEST(FirstKeyDiffering, PassesOverTheKeysSkipNamesAndWhatIsNotAnObject) {
  const auto build = [](const std::string& k) { return k == "build" || k == "version"; };
  const json a{{"build", "abc"}, {"seed", "1"}}, b{{"build", "def"}, {"seed", "1"}, {"version", "0.2"}};
  EXPECT_EQ(first_key_differing(a, b, KeysCompared::Both, build), "");
  EXPECT_EQ(first_key_differing(a, b, KeysCompared::Both), "build");
  EXPECT_EQ(first_key_differing(json::array({1}), json::object()), "");
  EXPECT_EQ(first_key_differing(json{{"a", 1}}, json(5)), "");
}

TEST(KeyValueText, ShowsTheValueAsJsonOrNothing) {
  const json h{{"seed", "7"}, {"games", 10}, {"players", {"greedy", "random"}}};
  EXPECT_EQ(key_value_text(h, "seed"), "seed=\"7\"");
  EXPECT_EQ(key_value_text(h, "games"), "games=10");
  EXPECT_EQ(key_value_text(h, "players"), "players=[\"greedy\",\"random\"]");
  EXPECT_EQ(key_value_text(h, "rules"), "rules=nothing");
  EXPECT_EQ(key_value_text(json(3), "rules"), "rules=nothing");
}

TEST(NumberText, IsTheShortestTextThatReadsBack) {
  EXPECT_EQ(number_text(5), "5");
  EXPECT_EQ(number_text(0.25), "0.25");
  EXPECT_EQ(number_text(0.1), "0.1");
  EXPECT_EQ(number_text(1e-7), "1e-07");
  EXPECT_EQ(number_text(-2.5), "-2.5");
  for (double x : {1.0 / 3, 2.0 / 3, 1e300, 123456.789}) EXPECT_EQ(std::stod(number_text(x)), x) << number_text(x);
}

}  // namespace
TEST(OriginKey, RecordsTheCommandLineAndTheDateInUtcOrSourceDateEpochs) {
  const char* was = std::getenv("SOURCE_DATE_EPOCH");
  const std::string before = was ? was : "";
  set_command_line({"seega", "match", "--a", "ab(depth=2)"});
  setenv("SOURCE_DATE_EPOCH", "1764633600", 1);
  nlohmann::json h = nlohmann::json::object();
  add_origin_key(h);
  EXPECT_EQ(h["origin"]["command"], nlohmann::json({"seega", "match", "--a", "ab(depth=2)"}));
  EXPECT_EQ(h["origin"]["date"], "2025-12-02T00:00:00Z");
  // Not a number of seconds: today's date, in the same form.
  setenv("SOURCE_DATE_EPOCH", "yesterday", 1);
  add_origin_key(h);
  const std::string date = h["origin"]["date"];
  EXPECT_EQ(date.size(), 20u) << date;
  EXPECT_NE(date, "2025-12-02T00:00:00Z");
  EXPECT_EQ(date[10], 'T');
  EXPECT_EQ(date.back(), 'Z');
  if (was) setenv("SOURCE_DATE_EPOCH", before.c_str(), 1);
  else unsetenv("SOURCE_DATE_EPOCH");
  set_command_line({});
}

}  // namespace seega
