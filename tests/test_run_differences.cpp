// How two runs' headers differ, setting by setting (runs/format/run_differences.hpp): each kind of
// setting is named in words, a setting that does not differ is not, and a key no reader knows is named
// by its name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/run_differences.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

using json = nlohmann::json;
using test::rules;

std::vector<std::string> texts(const std::vector<SettingDifference>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.text());
  return out;
}

json match_header() {
  return json::parse(R"J({"type":"header","format":4,"rules":"standard","players":["ab(depth=2)","greedy"],
    "schedule":"round-robin","seed":"5","opening_turns":2,"version":"0.1.0","build":"abc",
    "origin":{"command":["seega","match"],"date":"2026-01-01T00:00:00Z"},
    "evaluations":{"0":{"name":"built-in 5x5 standard","hash":"11"}}})J");
}

TEST(RunDifferences, TheSameHeaderDiffersInNothing) {
  const RunDifferences d = run_differences(match_header(), match_header());
  EXPECT_TRUE(d.settings.empty());
  EXPECT_TRUE(d.sampling.empty());
  // Neither the origin (command line, date) nor the file's format is a setting of the run.
  json b = match_header();
  b["origin"]["date"] = "2027-01-01T00:00:00Z";
  b["format"] = 5;
  EXPECT_TRUE(run_differences(match_header(), b).settings.empty());
}

TEST(RunDifferences, RulesKeyByKeyPlayersByRoleSeedAsSampling) {
  json b = match_header();
  b["rules"] = "standard(quiet_plies=12)";
  b["players"][1] = "ab(depth=1)";
  b["seed"] = "6";
  const RunDifferences d = run_differences(match_header(), b);
  EXPECT_EQ(texts(d.settings),
            (std::vector<std::string>{"rules quiet_plies: the preset's vs 12", "B: greedy vs ab(depth=1)"}));
  EXPECT_EQ(texts(d.sampling), (std::vector<std::string>{"seed: 5 vs 6"}));
  b["rules"] = "chain(size=7)";
  EXPECT_EQ(run_differences(match_header(), b).settings[0].text(), "rules: standard vs chain(size=7)");
}

TEST(RunDifferences, OpeningSuitesAdjudicationAndUnknownKeys) {
  json a = match_header(), b = match_header();
  b["openings"] = {{"count", 50}, {"order", "random"}, {"hash", "123"}};
  b["openings_file"] = "suite.txt";
  b["adjudication"] = "win=300:4";
  b["schedule"] = "gauntlet";
  b["a_new_key"] = 3;
  EXPECT_EQ(texts(run_differences(a, b).settings),
            (std::vector<std::string>{
                "the opening suite: none (2 random opening turns) vs 50 openings in random order, hash 123 (from "
                "suite.txt)",
                "a_new_key: none vs 3", "adjudication: none vs win=300:4", "schedule: round-robin vs gauntlet"}));
  // A suite is its openings and their order: the same suite kept in another file is no difference.
  a["openings"] = b["openings"];
  a["openings_file"] = "elsewhere/copy.txt";
  a["adjudication"] = "win=300:4";
  a["schedule"] = "gauntlet";
  a["a_new_key"] = 3;
  EXPECT_TRUE(run_differences(a, b).settings.empty());
  a["openings"]["order"] = "sequential";
  EXPECT_EQ(run_differences(a, b).settings.at(0).setting, "the opening suite");
}

TEST(RunDifferences, AnEvaluationIsNamedWhereTheSpecDoesNotExplainIt) {
  json b = match_header();
  b["evaluations"]["0"]["hash"] = "22";  // built-in weights changed between builds: same spec, other values
  EXPECT_EQ(texts(run_differences(match_header(), b).settings),
            (std::vector<std::string>{
                "A's evaluation: built-in 5x5 standard (weights 11) vs built-in 5x5 standard (weights 22)"}));
  // The same weights, searched with a capture limit another build's board gave it.
  b["evaluations"]["0"] = {{"name", "built-in 5x5 standard"}, {"hash", "11"}, {"capture_plies", 8}};
  EXPECT_EQ(texts(run_differences(match_header(), b).settings),
            (std::vector<std::string>{"A's evaluation: built-in 5x5 standard (weights 11) vs built-in 5x5 standard "
                                      "(weights 11, the board's capture search limit of 8 plies)"}));
  // Another spec with another evaluation: the spec is the difference, the evaluation follows from it.
  b["players"][0] = "ab(depth=2,weights=w.txt)";
  b["evaluations"]["0"] = {{"name", "file w.txt"}, {"hash", "33"}};
  EXPECT_EQ(texts(run_differences(match_header(), b).settings),
            (std::vector<std::string>{"A: ab(depth=2) vs ab(depth=2,weights=w.txt)"}));
}

TEST(RunDifferences, EnginesAndTheBuild) {
  json a = match_header(), b = match_header();
  a["engines"] = {{"1", {{"name", "gpy"}, {"author", "x"}, {"protocol", 1}}}};
  b["engines"] = {{"1", {{"name", "gpy"}, {"author", "x"}, {"protocol", 2}}}};
  b["build"] = "def";
  EXPECT_EQ(texts(run_differences(a, b).settings),
            (std::vector<std::string>{"B's engine: gpy by x, protocol 1 vs gpy by x, protocol 2",
                                      "the build: 0.1.0 abc vs 0.1.0 def"}));
}

// A damaged file's keys are named as written, never read as numbers they are not.
TEST(RunDifferences, AKeyThatIsNoPlayersIndexIsNamedAsWritten) {
  json a = match_header(), b = match_header();
  b["evaluations"] = {{"x", {{"name", "built-in 5x5 standard"}, {"hash", "22"}}},
                      {"99999999999999999999999", {{"name", "n"}, {"hash", "1"}}}};
  const RunDifferences d = run_differences(a, b);
  ASSERT_EQ(d.settings.size(), 3u) << texts(d.settings).size();
  EXPECT_EQ(d.settings[0].setting, "A's evaluation");
  EXPECT_EQ(d.settings[1].setting, "player '99999999999999999999999''s evaluation");
  EXPECT_EQ(d.settings[2].setting, "player 'x''s evaluation");
}

TEST(RunDifferences, ARunSimsLevelsOneByOne) {
  const json a = json::parse(R"J({"type":"header","kind":"run-sim","rules":"standard","player":"ab(depth=1)",
    "levels":"table","level_table":["level(1,deterministic)","level(2,deterministic)"],"max_level":2,"seed":"1"})J");
  json b = a;
  b["level_table"][1] = "ab(depth=2,blunder=0.25)";
  EXPECT_EQ(texts(run_differences(a, b).settings),
            (std::vector<std::string>{"level 2: level(2,deterministic) vs ab(depth=2,blunder=0.25)"}));
  json c = a;
  c.erase("level_table");
  c["levels"] = "deterministic";
  c["max_level"] = 10;
  c["player"] = "greedy";
  EXPECT_EQ(texts(run_differences(a, c).settings),
            (std::vector<std::string>{"the player: ab(depth=1) vs greedy",
                                      "the levels: a table of 2 levels vs the makers' built-in levels (deterministic)",
                                      "the last level: 2 vs 10"}));
  // Against a match's header, the kind itself differs first.
  EXPECT_EQ(run_differences(match_header(), a).settings.at(0).text(), "the kind of run: a tournament vs run-sim");
}

// What a header records of each player's evaluation (runs/format/evaluations.hpp): the weights, and the
// capture search limit a player takes from its board because its spec names none.
TEST(Evaluations, AHeaderRecordsTheCaptureLimitABoardGivesAPlayer) {
  std::vector<PlayerSpec> players;
  for (const char* text : {"ab(depth=2)", "ab(depth=2,qplies=8)", "ab(depth=2,qplies=0)", "level(1)", "level(3)",
                           "greedy", "random(placement=ab(depth=1))"})
    players.push_back(parse_player(text).value);
  const json diagonal7 = evaluations_json(players, rules("diagonal(size=7)"));
  const auto plies = [](const json& e, const std::string& key) {
    return e.contains(key) && e[key].contains("capture_plies") ? e[key]["capture_plies"].get<int>() : -1;
  };
  // 8 where the spec leaves it to the board; none where the spec names it (qplies=8 too: its text says
  // so), for level 1 (no capture search) and for a player that evaluates nothing.
  EXPECT_EQ(plies(diagonal7, "0"), 8);
  EXPECT_EQ(plies(diagonal7, "1"), -1);
  EXPECT_EQ(plies(diagonal7, "2"), -1);
  EXPECT_EQ(plies(diagonal7, "3"), -1);
  EXPECT_EQ(plies(diagonal7, "4"), 8);
  EXPECT_FALSE(diagonal7.contains("5"));
  EXPECT_EQ(plies(diagonal7, "6.placement"), 8);
  // A board without a limit records the evaluations as files written before boards had limits do.
  for (const char* board : {"standard", "standard(size=9)", "chain(size=7)"}) {
    const json e = evaluations_json(players, rules(board));
    for (auto it = e.begin(); it != e.end(); ++it) {
      EXPECT_FALSE(it.value().contains("capture_plies")) << board << " " << it.key();
      EXPECT_EQ(it.value().size(), 2u) << board << " " << it.key();
    }
  }
  // A resume of a file whose header has no limit (a build before the board had one) is refused, naming
  // the limit as what changed; one whose weights changed names the weights.
  std::vector<PlayerSpec> one{players[0]};
  const json want = evaluations_json(one, rules("diagonal(size=7)"));
  json header = {{"evaluations", want}};
  std::string warning;
  EXPECT_EQ(evaluation_mismatch(header, want, players_named(one), warning), "");
  header["evaluations"]["0"].erase("capture_plies");
  const std::string why = evaluation_mismatch(header, want, players_named(one), warning);
  // The board's built-in weights, named as its header names them.
  const std::string builtin = builtin_evaluation(rules("diagonal(size=7)")).name;
  EXPECT_NE(why.find("player 'ab(depth=2)' evaluated with " + builtin + " (weights "), std::string::npos) << why;
  EXPECT_NE(why.find(", this run's with " + builtin + " (weights "), std::string::npos) << why;
  EXPECT_NE(why.find(", the board's capture search limit of 8 plies) (the board's capture search limit has changed "
                     "since)"),
            std::string::npos)
      << why;
  header["evaluations"]["0"]["capture_plies"] = 8;
  header["evaluations"]["0"]["hash"] = "0123456789abcdef";
  EXPECT_NE(evaluation_mismatch(header, want, players_named(one), warning).find("(the weights have changed since)"),
            std::string::npos);
  EXPECT_EQ(warning, "");
}

}  // namespace
}  // namespace seega
