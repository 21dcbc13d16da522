// seega run-sim's library: a run follows seed 001 (levels, colours, where it stops, its score), runs
// replay from the seed on any thread count, its file reads back and refuses what it did not write, the
// summary's statistics; and the level table is monotone on a small ladder.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "runs/kinds/ladder.hpp"
#include "runs/kinds/run_sim.hpp"
#include "test_util.hpp"

namespace seega::test {
namespace {

RunSimConfig config(const std::string& player, int max_level, long long runs) {
  RunSimConfig c;
  c.rules = rules("standard");
  auto p = parse_player(player);
  EXPECT_TRUE(p.ok()) << p.error;
  c.player = p.value;
  c.max_level = max_level;
  c.runs = runs;
  c.seed = 42;
  return c;
}

// Plays runs 0 to count - 1 of c one after another and hands each to check with its index; stops at a
// run that did not play, or after a check that failed fatally.
template <typename Check>
void for_each_run(const RunSimConfig& c, long long count, const Check& check) {
  for (long long i = 0; i < count; ++i) {
    const auto run = play_run(c, i);
    ASSERT_TRUE(run) << "run " << i;
    check(i, *run);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(RunSim, ARunFacesLevelOneUpAWinAtATimeWithTheRolesSwappingAndStopsAtTheFirstNonWin) {
  const RunSimConfig c = config("ab(depth=3)", 6, 1);
  int longest = 0;
  for_each_run(c, 12, [&](long long i, const RunRecord& run) {
    ASSERT_FALSE(run.games.empty());
    std::vector<RunGame> games;
    for (std::size_t k = 0; k < run.games.size(); ++k) {
      const GameRecord& g = run.games[k];
      const int ki = static_cast<int>(k);
      // In game 0 the computer places first, so the player places last; then the roles swap.
      const bool player_places_last = k % 2 == 0;
      const Color me = player_places_last ? ~c.rules.first_placer : c.rules.first_placer;
      EXPECT_EQ(g.player[me], 0) << "run " << i << " game " << k;
      EXPECT_EQ(g.player[~me], ki + 1) << "run " << i << " game " << k << ": level " << ki + 1 << " expected";
      EXPECT_EQ(g.last_placer == me, player_places_last) << "run " << i << " game " << k;
      const bool won = !g.outcome.draw() && g.outcome.winner == me;
      if (k + 1 < run.games.size()) {
        EXPECT_TRUE(won) << "run " << i << " went on after game " << k;
      }
      games.push_back({won, g.stones[me], g.movement_moves[me]});
    }
    const bool last_won = games.back().won;
    EXPECT_TRUE(!last_won || static_cast<int>(games.size()) == c.max_level) << "run " << i << " stopped after a win";
    // The score, by hand from the player's stones and moves.
    long long bonus = 0;
    int wins = 0;
    for (const RunGame& g : games)
      if (g.won) ++wins, bonus += 4 * g.stones_left + std::max(0, 50 - g.movement_moves);
    EXPECT_EQ(run.score.wins, wins);
    EXPECT_EQ(run.score.score, wins ? 1000LL * wins + (20 * bonus + wins) / (2 * wins) : 0) << "run " << i;
    longest = std::max(longest, wins);
  });
  EXPECT_GE(longest, 2) << "no run got past level 2, so the level order went untested";
}

TEST(RunSim, ARunThatBeatsTheLastLevelEndsThere) {
  const RunSimConfig c = config("ab(depth=4)", 1, 1);
  int beat = 0;
  for_each_run(c, 10, [&](long long, const RunRecord& run) {
    EXPECT_EQ(run.games.size(), 1u);
    beat += run.score.wins;
  });
  EXPECT_GT(beat, 5) << "ab(depth=4) should beat level 1 most of the time";
}

TEST(RunSim, RunsReplayFromTheSeedOnAnyThreadCount) {
  RunSimConfig c = config("greedy", 4, 24);
  c.threads = 1;
  const auto one = simulate_runs(c, {}, {}, nullptr);
  c.threads = 3;
  const auto three = simulate_runs(c, {}, {}, nullptr);
  ASSERT_EQ(one.size(), 24u);
  ASSERT_EQ(three.size(), 24u);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].index, static_cast<long long>(i));
    EXPECT_EQ(run_line(c, one[i]), run_line(c, three[i])) << "run " << i;
  }
  EXPECT_EQ(run_line(c, *play_run(c, 7)), run_line(c, one[7]));
  c.seed = 43;
  EXPECT_NE(run_line(c, *play_run(c, 7)), run_line(c, one[7]));
}

std::string file_text(const RunSimConfig& c, const std::vector<RunRecord>& runs) {
  std::string text = run_sim_header(c, "test") + "\n";
  for (const auto& r : runs) text += run_line(c, r) + "\n";
  return text;
}

TEST(RunSim, TheFileReadsBackAndAResumeFinishesTheSameRuns) {
  RunSimConfig c = config("greedy", 3, 10);
  const auto all = simulate_runs(c, {}, {}, nullptr);
  const std::vector<RunRecord> some(all.begin(), all.begin() + 4);
  auto file = read_run_sim(c, file_text(c, some));
  ASSERT_TRUE(file.ok()) << file.error;
  ASSERT_EQ(file.value.runs.size(), 4u);
  const auto resumed = simulate_runs(c, file.value.runs, {}, nullptr);
  ASSERT_EQ(resumed.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(run_line(c, resumed[i]), run_line(c, all[i])) << i;
}

TEST(RunSim, TheHeaderNamesEachLevelsEvaluationAndAResumeAcrossAChangeIsRefused) {
  const RunSimConfig c = config("greedy", 3, 4);
  const auto runs = simulate_runs(c, {}, {}, nullptr);
  const std::string text = file_text(c, runs);
  auto header = nlohmann::json::parse(text.substr(0, text.find('\n')));
  // greedy evaluates nothing; the levels (1 up) evaluate with their board's built-in weights.
  EXPECT_FALSE(header["evaluations"].contains("0")) << header.dump();
  for (const char* level : {"1", "2", "3"})
    EXPECT_EQ(header["evaluations"][level]["hash"], weights_hash(builtin_weights(c.rules))) << level;
  header["evaluations"]["2"]["hash"] = "0123456789abcdef";
  const std::string changed = header.dump() + text.substr(text.find('\n'));
  auto resumed = read_run_sim(c, changed);
  ASSERT_FALSE(resumed.ok());
  EXPECT_NE(resumed.error.find("level 2 ('level(2,deterministic)') evaluated with built-in 5x5 standard (weights "
                               "0123456789abcdef)"),
            std::string::npos)
      << resumed.error;
  EXPECT_TRUE(read_run_sim(c, changed, HeaderUse::ReadBack).ok());
}

TEST(RunSim, TheFileRefusesRunsThisSimulationDidNotPlay) {
  RunSimConfig c = config("greedy", 3, 6);
  const auto runs = simulate_runs(c, {}, {}, nullptr);
  auto refused = [&](const RunSimConfig& reader, const std::string& text, const std::string& why) {
    auto file = read_run_sim(reader, text);
    EXPECT_FALSE(file.ok()) << why;
    EXPECT_NE(file.error.find(why), std::string::npos) << file.error;
  };
  RunSimConfig other = c;
  other.max_level = 4;
  refused(other, file_text(c, runs), "max_level=");
  other = c;
  other.seed = 1;
  refused(other, file_text(c, runs), "seed=");
  other = c;
  other.player = parse_player("random").value;
  refused(other, file_text(c, runs), "player=");

  auto changed = runs;
  changed[1].score.score += 1;
  refused(c, file_text(c, changed), "has score");
  changed = runs;
  changed[2].seed ^= 1;
  refused(c, file_text(c, changed), "has seed");
  changed = runs;
  changed[3] = runs[2];
  refused(c, file_text(c, changed), "appears twice");
  // A run whose first game is a loss cannot go on to a second.
  changed = runs;
  auto lost = std::find_if(changed.begin(), changed.end(), [](const RunRecord& r) { return r.score.wins == 0; });
  ASSERT_NE(lost, changed.end()) << "greedy won every first game; pick another seed";
  lost->games.push_back(lost->games[0]);
  lost->games.back().index = 1;
  refused(c, file_text(c, changed), "yet the run goes on");
  // A game's own fields must add up (record_inconsistency): a capture more than the stones missing.
  changed = runs;
  changed[0].games[0].captures += 1;
  refused(c, file_text(c, changed), "game 0 of the run: captures");
  // A count is a whole number in its range: neither cut (2.5 to 2) nor wrapped (2^64-1 to -1).
  for (const auto& [key, value, why] :
       {std::tuple{"index", "18446744073709551615", "index 18446744073709551615 is out of range"},
        {"wins", "2.5", "wins 2.5 is not a whole number"}}) {
    auto line = nlohmann::json::parse(run_line(c, runs[0]));
    line[key] = nlohmann::json::parse(value);
    refused(c, run_sim_header(c, "test") + "\n" + line.dump() + "\n", why);
  }
  auto cut = file_text(c, runs);
  cut.resize(cut.size() - 7);  // an interrupted write
  auto file = read_run_sim(c, cut);
  ASSERT_TRUE(file.ok()) << file.error;
  EXPECT_TRUE(file.value.dropped_last_line);
  EXPECT_EQ(file.value.runs.size(), runs.size() - 1);
}

TEST(RunSim, QuantilesInterpolateBetweenRanks) {
  EXPECT_DOUBLE_EQ(quantile({3, 1, 2}, 0.5), 2);
  EXPECT_DOUBLE_EQ(quantile({1, 2, 3, 4}, 0.5), 2.5);
  EXPECT_DOUBLE_EQ(quantile({0, 10}, 0.9), 9);
  EXPECT_DOUBLE_EQ(quantile({5}, 0.1), 5);
  // 100 values 0..99: the median's interval runs from rank floor(50 - 9.8) to ceil(51 + 9.8).
  std::vector<double> v;
  for (int i = 0; i < 100; ++i) v.push_back(i);
  const Interval m = median_interval(v);
  EXPECT_DOUBLE_EQ(m.lo, 39);
  EXPECT_DOUBLE_EQ(m.hi, 60);  // ranks 40 and 61, symmetric about the median 49.5
  const Distribution d = distribution(v);
  EXPECT_DOUBLE_EQ(d.mean, 49.5);
  EXPECT_NEAR(d.mean_ci.hi - d.mean, 1.959963984540054 * 29.011491975882016 / 10, 1e-9);
  EXPECT_DOUBLE_EQ(distribution({0, 0, 0, 1}).mean_ci.lo, 0) << "a mean of non-negative values stays >= 0";
}

TEST(RunSim, NoRunsGiveNoInterval) {
  const Distribution d = distribution({});
  EXPECT_EQ(d.no_mean_ci, "no runs (at least 10 are needed)");
  EXPECT_EQ(d.no_median_ci, d.no_mean_ci);
}

TEST(RunSim, PercentilesOfWholeCountsAreNearestRankAndSoWholeCounts) {
  // Four runs beating 0, 1, 2 and 3 levels: interpolation would give p75 2.25; the nearest rank,
  // ceil(0.75 x 4) = 3, gives the third value, 2.
  EXPECT_DOUBLE_EQ(quantile({0, 1, 2, 3}, 0.75), 2.25);
  EXPECT_DOUBLE_EQ(nearest_rank({3, 0, 2, 1}, 0.75), 2);
  EXPECT_DOUBLE_EQ(nearest_rank({0, 1, 2, 3}, 0.25), 0);
  EXPECT_DOUBLE_EQ(nearest_rank({0, 1, 2, 3}, 0.26), 1);
  EXPECT_DOUBLE_EQ(nearest_rank({0, 1, 2, 3}, 0), 0);
  EXPECT_DOUBLE_EQ(nearest_rank({0, 1, 2, 3}, 1), 3);
  EXPECT_DOUBLE_EQ(nearest_rank({7}, 0.1), 7);
  std::vector<double> v;
  for (int i = 0; i < 300; ++i) v.push_back(i);
  EXPECT_DOUBLE_EQ(nearest_rank(v, 0.10), 29) << "rank 30 exactly: q n is whole";
  EXPECT_DOUBLE_EQ(nearest_rank(v, 0.90), 269);
  const Distribution d = distribution({0, 1, 2, 3});
  EXPECT_DOUBLE_EQ(d.p75, 2);
  EXPECT_DOUBLE_EQ(d.p25, 0);
  EXPECT_DOUBLE_EQ(d.p90, 3);
  EXPECT_DOUBLE_EQ(d.p10, 0);
  EXPECT_DOUBLE_EQ(d.median, 1.5) << "the median is still the usual one";
}

TEST(RunSim, TheSummaryCountsEachRunOnce) {
  RunSimConfig c = config("greedy", 3, 30);
  const auto runs = simulate_runs(c, {}, {}, nullptr);
  const RunSimSummary s = summarize_runs(c, runs);
  EXPECT_EQ(s.runs, 30);
  long long total = 0, wins = 0;
  for (std::size_t w = 0; w < s.wins_histogram.size(); ++w)
    total += s.wins_histogram[w], wins += w * s.wins_histogram[w];
  EXPECT_EQ(total, 30);
  EXPECT_DOUBLE_EQ(s.wins.mean, static_cast<double>(wins) / 30);
  EXPECT_LE(s.distinct_runs, 30);
}

// Runs made up for the statistics: run i beat wins[i] levels, scoring 1000 a win.
std::vector<RunRecord> made_up_runs(const std::vector<int>& wins) {
  std::vector<RunRecord> runs;
  for (std::size_t i = 0; i < wins.size(); ++i) {
    RunRecord r;
    r.index = static_cast<long long>(i);
    r.score.wins = wins[i];
    r.score.score = 1000LL * wins[i];
    runs.push_back(r);
  }
  return runs;
}

TEST(RunSim, ASingleRunGivesItsValuesButNoInterval) {
  const RunSimConfig c = config("greedy", 3, 1);
  const nlohmann::json j = run_sim_json(c, summarize_runs(c, made_up_runs({0})));
  for (const char* dist : {"wins", "score"}) {
    const nlohmann::json& d = j.at(dist);
    EXPECT_EQ(d.at("mean"), 0.0) << dist;
    for (const char* key : {"mean_ci95", "median_ci95"}) {
      EXPECT_TRUE(d.at(key).is_null()) << dist << " " << key << ": " << d.at(key);
      EXPECT_EQ(d.value(std::string(key) + "_reason", std::string("(no reason)")),
                "1 run is too few (at least 10 are needed)");
    }
  }
}

TEST(RunSim, RunsThatAllEndAlikeGiveNoIntervalForTheMeanButOneForTheMedian) {
  // Twelve runs, none beating level 1: the mean's normal interval would be [0, 0], a certainty twelve
  // runs cannot give; the median's order-statistic interval is [0, 0] honestly (it covers the median
  // of any distribution 95% of the time, discrete ones included).
  const RunSimConfig c = config("greedy", 3, 12);
  const nlohmann::json w = run_sim_json(c, summarize_runs(c, made_up_runs(std::vector<int>(12, 0)))).at("wins");
  EXPECT_TRUE(w.at("mean_ci95").is_null()) << w.at("mean_ci95");
  EXPECT_EQ(w.value("mean_ci95_reason", std::string()), "every run gave 0, so there is no spread to measure it by");
  EXPECT_EQ(w.at("median_ci95"), nlohmann::json({0.0, 0.0}));
  EXPECT_FALSE(w.contains("median_ci95_reason"));
  // Nine runs that differ: still too few.
  const nlohmann::json nine = run_sim_json(c, summarize_runs(c, made_up_runs({0, 1, 2, 0, 1, 2, 0, 1, 3}))).at("wins");
  EXPECT_EQ(nine.value("mean_ci95_reason", std::string()), "9 runs are too few (at least 10 are needed)");
  // Ten that differ: both intervals.
  const nlohmann::json ten =
      run_sim_json(c, summarize_runs(c, made_up_runs({0, 1, 2, 0, 1, 2, 0, 1, 3, 0}))).at("wins");
  EXPECT_TRUE(ten.at("mean_ci95").is_array());
  EXPECT_TRUE(ten.at("median_ci95").is_array());
  EXPECT_FALSE(ten.contains("mean_ci95_reason"));
}

TEST(LevelTable, ALineIsALevelAndItsSpecInAnyOrderWithComments) {
  const auto t =
      parse_level_table("# a table\n2 ab(depth=2,blunder=0.25)  # softer\n\n\t1\tgreedy\r\n3 level(3,deterministic)\n");
  ASSERT_TRUE(t.ok()) << t.error;
  EXPECT_EQ(t.value.texts(),
            (std::vector<std::string>{"greedy", "ab(depth=2,blunder=0.25)", "level(3,deterministic)"}));
  EXPECT_DOUBLE_EQ(t.value.levels[1].blunder, 0.25);
}

TEST(LevelTable, ABadLineIsNamed) {
  auto error = [](std::string_view text) { return parse_level_table(text).error; };
  EXPECT_EQ(error("1 random\n2 grredy\n").substr(0, 36), "line 2: level 2: unknown player 'grr");
  EXPECT_EQ(error("1 random\n3 greedy\n"),
            "line 2: level 3 is given but level 2 is not (a table gives every level from 1 to its last)");
  EXPECT_EQ(error("1 random\n\n1 greedy\n"), "line 3: level 1 again (first on line 1): a table gives each level once");
  EXPECT_EQ(error("2\n"), "line 1: level 2 has no player spec");
  EXPECT_NE(error("0 random\n").find("line 1: a line is a level's number (1 to 30)"), std::string::npos);
  EXPECT_NE(error("greedy\n").find("'greedy' is not a level's number"), std::string::npos);
  EXPECT_EQ(error("# only a comment\n").substr(0, 9), "no levels");
}

TEST(LevelTable, RunsAgainstATableOfTheBuiltInLevelsAreTheBuiltInRunsAndAnotherTableChangesThem) {
  const RunSimConfig built = config("greedy", 3, 12);
  RunSimConfig same = built, other = built;
  same.table =
      parse_level_table("1 level(1,deterministic)\n2 level(2,deterministic)\n3 level(3,deterministic)\n").value;
  other.table = parse_level_table("1 random\n2 level(2,deterministic)\n3 level(3,deterministic)\n").value;
  std::vector<int> wins_built, wins_same, wins_other;
  for (long long i = 0; i < 12; ++i) {
    const auto a = play_run(built, i), b = play_run(same, i), o = play_run(other, i);
    ASSERT_TRUE(a && b && o);
    ASSERT_EQ(a->games.size(), b->games.size()) << "run " << i;
    for (std::size_t k = 0; k < a->games.size(); ++k) EXPECT_EQ(a->games[k].game_key, b->games[k].game_key);
    wins_built.push_back(a->wins()), wins_same.push_back(b->wins()), wins_other.push_back(o->wins());
  }
  EXPECT_EQ(wins_built, wins_same);
  EXPECT_NE(wins_built, wins_other) << "greedy beats random at level 1 more often than level(1)";
  // The file's header names the table; a file of one table is refused by a simulation with another.
  const std::string header = run_sim_header(same, "test");
  EXPECT_NE(header.find("\"level_table\":[\"level(1,deterministic)\""), std::string::npos) << header;
  EXPECT_TRUE(read_run_sim(same, header + "\n").ok());
  const auto refused = read_run_sim(other, header + "\n");
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.error.find("level_table"), std::string::npos) << refused.error;
  const auto merged = read_run_sim(header + "\n");
  ASSERT_TRUE(merged.ok()) << merged.error;
}

TEST(Levels, TheLevelTableIsMonotoneOnASmallLadder) {
  // Levels 1, 3 and 6 in a chain, 40 games a pairing: each rated above the one before.
  LadderConfig c;
  c.rules = rules("standard");
  for (const char* l : {"level(1,deterministic)", "level(3,deterministic)", "level(6,deterministic)"})
    c.players.push_back(parse_player(l).value);
  c.schedule = ScheduleKind::Chain;
  c.games_per_pair = 40;
  c.opening_turns = 2;
  c.seed = 5;
  const Tournament t = c.tournament();
  const auto records = run_tournament(t, c.run_options(), {}, {}, nullptr);
  const auto s = ladder::summarize(c, records);
  ASSERT_TRUE(s.ok()) << s.error;
  const auto& r = s.value.fit.rating;  // in the players' order
  ASSERT_EQ(r.size(), 3u);
  EXPECT_LT(r[0], r[1]) << "level 3 not above level 1";
  EXPECT_LT(r[1], r[2]) << "level 6 not above level 3";
}

}  // namespace
}  // namespace seega::test
