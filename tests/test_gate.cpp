// The adoption gate: the verdict's rule on rows made by hand, on rows played by a stub pair of players
// (a candidate that is a stronger player in some rows and a random mover in one), and the rows' names.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "analysis/gate.hpp"
#include "runs/kinds/gate.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

// A row whose pairs scored `n` (pentanomial counts), its Elo from them.
GateRow row(const std::string& name, std::array<long long, 5> n) {
  GateRow r;
  r.name = name;
  r.pairs.n = n;
  r.elo = elo_pentanomial(r.pairs);
  return r;
}

TEST(Gate, AdoptsOnlyWhenEveryRowGains) {
  const GateRow gains = row("depth 2", {10, 40, 200, 80, 30});  // scores 55.4%
  ASSERT_GT(gains.elo.lo, 0);
  const GateVerdict all = gate_verdict({gains, row("depth 3", {5, 30, 220, 60, 25}), gains});
  EXPECT_TRUE(all.adopt);
  EXPECT_TRUE(all.failed.empty());
  EXPECT_EQ(all.why, std::vector<std::string>(3, ""));
  // One depth that loses clearly turns the verdict, however well the others gain.
  const GateRow loses = row("depth 3", {40, 80, 200, 30, 10});
  ASSERT_LT(loses.elo.hi, 0);
  const GateVerdict one = gate_verdict({gains, loses, gains, gains});
  EXPECT_FALSE(one.adopt);
  EXPECT_EQ(one.failed, std::vector<std::string>{"depth 3"});
  EXPECT_EQ(one.why[1].rfind("does not gain: Elo -", 0), 0u) << one.why[1];
  EXPECT_EQ(one.why[0], "");
}

TEST(Gate, AnIntervalThatReachesBelowTheFloorFailsEvenWithAGainingPointEstimate) {
  // A small match that scores a little above half: its point estimate gains, its interval's upper end
  // is above 0, and its lower end is far below -10. "Not shown to lose" is not enough.
  const GateRow thin = row("level 6", {3, 5, 10, 6, 4});
  ASSERT_GT(thin.elo.elo, 0);
  ASSERT_LT(thin.elo.lo, -10);
  const GateVerdict v = gate_verdict({row("depth 2", {10, 40, 200, 80, 30}), thin});
  EXPECT_FALSE(v.adopt);
  EXPECT_EQ(v.failed, std::vector<std::string>{"level 6"});
  EXPECT_NE(v.why[1].find("its lower end below -10.0"), std::string::npos) << v.why[1];
  // A looser floor lets the same row through.
  EXPECT_TRUE(gate_verdict({thin}, GateRule{.floor = -1000}).adopt);
}

TEST(Gate, ARowNotMeasuredIsNotAPassAndNoRowsAdoptNothing) {
  GateRow missing = row("chain depth 2", {0, 0, 50, 0, 0});
  missing.missing = "every pair scored the same: no interval";
  const GateVerdict v = gate_verdict({row("depth 2", {10, 40, 200, 80, 30}), missing});
  EXPECT_FALSE(v.adopt);
  EXPECT_EQ(v.why[1], "not measured: every pair scored the same: no interval");
  EXPECT_FALSE(gate_verdict({}).adopt);
  // A candidate that won every pair has no interval, yet passes once the pairs are enough to bound it;
  // one that lost every pair does not, nor a sweep of too few pairs.
  GateRow swept = row("depth 2", {0, 0, 0, 0, kMinSamples});
  swept.missing = "A won every game pair 2-0: the Elo is +inf, with no interval";
  EXPECT_TRUE(gate_verdict({swept}).adopt);
  GateRow few = row("depth 2", {0, 0, 0, 0, kMinSamples - 1});
  few.missing = "too few pairs";
  EXPECT_FALSE(gate_verdict({few}).adopt);
  GateRow lost = row("depth 2", {kMinSamples, 0, 0, 0, 0});
  lost.missing = "B won every game pair 2-0: the Elo is -inf, with no interval";
  EXPECT_FALSE(gate_verdict({lost}).adopt);
}

TEST(Gate, AStubPairThatLosesInOneRowIsRefusedForThatRowAlone) {
  // The candidate is ab(depth=2) in two rows and a random mover in the third, each against ab(depth=1):
  // real matches, read by gate_row, refused for the random row only.
  GateConfig c;
  c.games = 40;
  c.seed = 3;
  c.threads = 1;
  const Rules r = standard_rules();
  struct Stub {
    GateSetting setting;
    std::string a;
  };
  const std::vector<Stub> stubs{{{r, "ab(depth=1)"}, "ab(depth=2)"},
                                {{r, "level(1,deterministic)"}, "random"},
                                {{test::rules("diagonal"), "ab(depth=1)"}, "ab(depth=2)"}};
  std::vector<GateRow> rows;
  for (const Stub& s : stubs) {
    const MatchConfig m = gate_match(c, s.setting, test::parsed(parse_player(s.a), s.a),
                                     test::parsed(parse_player("ab(depth=1)"), "ab(depth=1)"));
    EXPECT_EQ(m.games, 40);
    EXPECT_EQ(m.seed, 3u);
    EXPECT_EQ(m.rules, s.setting.rules);
    const auto records = run_match(m, {}, {}, nullptr);
    rows.push_back(gate_row(s.setting, match::summarize(m, records)));
  }
  const GateVerdict v = gate_verdict(rows);
  EXPECT_FALSE(v.adopt);
  EXPECT_EQ(v.failed, std::vector<std::string>{"standard level 1"});
  EXPECT_EQ(v.why[0], "") << rows[0].elo.elo << " [" << rows[0].elo.lo << ", " << rows[0].elo.hi << "]";
  EXPECT_EQ(v.why[2], "") << rows[2].elo.elo << " [" << rows[2].elo.lo << ", " << rows[2].elo.hi << "]";
}

TEST(Gate, RowsAreEveryRulesetWithEveryDepthLevelAndPlayerNamedForFiles) {
  const auto settings =
      gate_settings({standard_rules(), test::rules("standard(size=7)")}, {2, 5}, {4}, {"ab(nodes=5000)"});
  ASSERT_EQ(settings.size(), 8u);
  EXPECT_EQ(settings[0].name(), "standard depth 2");
  EXPECT_EQ(settings[2].name(), "standard level 4");
  EXPECT_EQ(settings[3].name(), "standard ab(nodes=5000)");
  EXPECT_EQ(settings[4].name(), "standard(size=7) depth 2");
  EXPECT_EQ(settings[4].file_stem(), "standard_size=7_depth_2");
  EXPECT_EQ(settings[7].file_stem(), "standard_size=7_ab_nodes=5000");
  EXPECT_EQ(spec_with_weights("ab(depth=3)", "w.txt"), "ab(depth=3,weights=w.txt)");
  EXPECT_EQ(spec_with_weights("level(4,deterministic)", ""), "level(4,deterministic)");
  GateConfig c;
  c.candidate = "new.txt";
  const GatePair p = gate_pair(c, settings[2]);
  EXPECT_EQ(p.a, "level(4,deterministic,weights=new.txt)");
  EXPECT_EQ(p.b, "level(4,deterministic)");
}

}  // namespace
}  // namespace seega
