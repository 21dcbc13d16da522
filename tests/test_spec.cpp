// The one parser shape: key tables (repeats, unknown keys with "did you mean", flags, values), the
// number parsers every spec and option shares, the nearest name, and user text escaped in messages.
#include <gtest/gtest.h>

#include <cstdint>

#include "rules/spec.hpp"

namespace seega {
namespace {

struct Settings {
  int depth = 0;
  double rate = 0;
  bool quick = false;
};

const KeyTable<Settings>& table() {
  static const KeyTable<Settings> t(
      "test", {whole_key("depth", "1 to 9", &Settings::depth, 1, 9), real_key("rate", "0 to 1", &Settings::rate, 0, 1),
               flag_key("quick", &Settings::quick)});
  return t;
}

Parsed<GivenKeys> apply(std::string_view text, Settings& s) { return table().apply(split_items(text), s); }

std::string error_of(std::string_view text) {
  Settings s;
  auto r = apply(text, s);
  EXPECT_FALSE(r.ok()) << text << " was accepted";
  return r.error;
}

TEST(KeyTable, SetsTheKeysInOrderAndSaysWhichWereGiven) {
  Settings s;
  auto r = apply("rate=0.25, quick ,depth=3", s);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(s.depth, 3);
  EXPECT_EQ(s.rate, 0.25);
  EXPECT_TRUE(s.quick);
  EXPECT_EQ(r.value.names, (std::vector<std::string_view>{"rate", "quick", "depth"}));
  EXPECT_TRUE(r.value.has("quick"));
  EXPECT_FALSE(apply("", s).value.has("depth"));
}

TEST(KeyTable, AKeyGivenTwiceIsRefusedNotOverwritten) {
  EXPECT_EQ(error_of("depth=2,depth=3"), "test key 'depth' is given twice");
  EXPECT_EQ(error_of("quick,quick"), "test key 'quick' is given twice");
}

TEST(KeyTable, AnUnknownKeyNamesTheNearestAndListsTheKeys) {
  EXPECT_EQ(error_of("dpeth=2"), "unknown test key 'dpeth' (did you mean 'depth'?); allowed: depth, rate, quick");
  EXPECT_EQ(error_of("colour=w"), "unknown test key 'colour'; allowed: depth, rate, quick");
}

TEST(KeyTable, AFlagTakesNoValueAndAKeyNeedsOne) {
  EXPECT_EQ(error_of("quick=yes"), "test key 'quick' takes no value (write 'quick' alone)");
  EXPECT_EQ(error_of("quick="), "test key 'quick' takes no value (write 'quick' alone)");
  EXPECT_EQ(error_of("depth"), "test key 'depth' needs a value (1 to 9)");
}

TEST(KeyTable, AValueOutsideTheAllowedNamesTheKeyAndTheAllowed) {
  EXPECT_EQ(error_of("depth=10"), "bad value '10' for test key 'depth'; allowed: 1 to 9");
  EXPECT_EQ(error_of("depth=3.7"), "bad value '3.7' for test key 'depth'; allowed: 1 to 9");
  EXPECT_EQ(error_of("rate=nan"), "bad value 'nan' for test key 'rate'; allowed: 0 to 1");
}

TEST(Numbers, AWholeNumberIsTheWholeTextAndFitsItsRange) {
  EXPECT_EQ(parse_whole<int>("42"), 42);
  EXPECT_EQ(parse_whole<int>("-7"), -7);
  EXPECT_EQ(parse_whole<std::uint64_t>("18446744073709551615"), UINT64_MAX);
  for (const char* text : {"3.7", "3x", "", " 3", "3 ", "+3", "0x10", "1e3", "--1"})
    EXPECT_FALSE(parse_whole<int>(text)) << "'" << text << "'";
  EXPECT_FALSE(parse_whole<long long>("18446744073709551615")) << "too large for a signed index";
  EXPECT_FALSE(parse_whole<std::uint64_t>("-1")) << "a negative seed does not wrap";
  EXPECT_FALSE(parse_whole<int>("0", 1, 60));
  EXPECT_EQ(parse_whole<int>("60", 1, 60), 60);
}

TEST(Numbers, ARealIsFiniteTheWholeTextAndInItsRange) {
  EXPECT_EQ(parse_real("0.05", 0, 1), 0.05);
  EXPECT_EQ(parse_real("-1.75", -10, 10), -1.75);
  EXPECT_EQ(parse_real("1e-3", 0, 1), 1e-3);
  for (const char* text : {"nan", "inf", "-inf", "", "0.5x", " 0.5", "2"}) EXPECT_FALSE(parse_real(text, 0, 1)) << text;
}

TEST(Names, ANearMissIsSuggestedAndAFarOneIsNot) {
  const std::vector<std::string> commands = {"analyze", "match", "perft", "players"};
  EXPECT_EQ(nearest_name("mach", commands), "match");
  EXPECT_EQ(nearest_name("pefrt", commands), "perft") << "a swap of neighbours is one edit";
  EXPECT_EQ(nearest_name("player", commands), "players");
  EXPECT_FALSE(nearest_name("frobnicate", commands));
  EXPECT_FALSE(nearest_name("ma", {"mb"})) << "one edit in two letters is not a slip";
  EXPECT_EQ(did_you_mean("mach", commands), " (did you mean 'match'?)");
  EXPECT_EQ(did_you_mean("zzz", commands), "");
}

TEST(Names, UserTextIsEscapedWhereItIsNotPrintableUtf8) {
  EXPECT_EQ(escaped("standard(size=7)"), "standard(size=7)");
  EXPECT_EQ(escaped("\xff"), "\\xff");
  EXPECT_EQ(escaped("a\nb\tc"), "a\\x0ab\\x09c");
  EXPECT_EQ(escaped("caf\xc3\xa9"), "caf\xc3\xa9") << "valid UTF-8 stays";
  EXPECT_EQ(escaped("\xe2\x96\xb6"), "\xe2\x96\xb6");
  EXPECT_EQ(escaped("\xc0\xaf"), "\\xc0\\xaf") << "an overlong form";
  EXPECT_EQ(escaped("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a surrogate";
  EXPECT_EQ(escaped("\xe2\x96"), "\\xe2\\x96") << "a cut sequence";
  EXPECT_EQ(escaped("\xc2\x9b"), "\\xc2\\x9b") << "a C1 control character";
  EXPECT_EQ(quote("a\x7f"), "'a\\x7f'");
}

}  // namespace
}  // namespace seega
