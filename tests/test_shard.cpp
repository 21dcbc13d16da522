// Shards (--shard I/K) and seega merge: which indices a shard holds, the runners playing only those
// (the same games as one run), the files naming their shard and refusing another's on resume, and
// merged shard files equal to the one run's file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "analysis/labelling.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/shard.hpp"
#include "runs/kinds/game_file.hpp"
#include "runs/kinds/merge.hpp"
#include "runs/kinds/run_sim.hpp"
#include "runs/play/runner.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

// The files these tests compare are written seconds apart: their headers' origin (add_origin_key) takes
// one fixed date, as a reproducible build's would.
const bool kFixedDate = [] { return setenv("SOURCE_DATE_EPOCH", "1764633600", 1) == 0; }();

Shard shard(const std::string& text) { return test::parsed(parse_shard(text), text); }

TEST(Shard, ParsesIOfKNumberedFromZero) {
  EXPECT_EQ(shard("0/1"), (Shard{0, 1}));
  EXPECT_EQ(shard("2/3"), (Shard{2, 3}));
  EXPECT_EQ(shard("999999/1000000"), (Shard{999999, 1000000}));
  EXPECT_EQ(shard("4/7").to_string(), "4/7");
  EXPECT_TRUE(shard("0/1").whole());
  EXPECT_FALSE(shard("0/2").whole());
}

TEST(Shard, RefusesAnIndexOutsideZeroToKMinusOneSayingShardsCountFromZero) {
  EXPECT_EQ(parse_shard("4/4").error, "--shard 4/4: I must be 0 to 3 (shards are numbered from 0)");
  EXPECT_NE(parse_shard("-1/4").error.find("I must be 0 to 3"), std::string::npos);
  for (const char* bad : {"", "3", "x/3", "1/0", "1/-2", "1/1000001", "1/3/4", " 1/3", "1/3 ", "1.5/3", "/3", "1/"})
    EXPECT_FALSE(parse_shard(bad).ok()) << bad;
  EXPECT_NE(parse_shard("1/0").error.find("K must be a whole number from 1 to 1000000"), std::string::npos);
  EXPECT_NE(parse_shard("3").error.find("give I/K"), std::string::npos);
}

TEST(Shard, ShardsPartitionTheIndicesInWholeGamePairsOnePairABlockToEachShard) {
  for (int k : {1, 2, 3, 7, 12}) {
    for (long long i = 0; i < 300; ++i) {
      int holders = 0;
      for (int s = 0; s < k; ++s) holders += Shard{s, k}.holds(i);
      EXPECT_EQ(holders, 1) << i << " of " << k;
      EXPECT_TRUE(Shard::holding(i, k).holds(i)) << i << " of " << k;
    }
    // Every block of K pairs gives each shard one: at a block's end every shard holds as many pairs.
    for (long long block = 0; block < 40; ++block)
      for (int s = 0; s < k; ++s) {
        int held = 0;
        for (long long q = block * k; q < (block + 1) * k; ++q) held += Shard{s, k}.holds(2 * q);
        EXPECT_EQ(held, 1) << "shard " << s << "/" << k << ", block " << block;
      }
    for (int s = 0; s < k; ++s) {
      const Shard sh{s, k};
      for (long long p = 0; p < 100; ++p) EXPECT_EQ(sh.holds(2 * p), sh.holds(2 * p + 1));
      for (long long total = 0; total < 60; ++total) {
        long long count = 0;
        for (long long i = 0; i < total; ++i) count += sh.holds(i);
        EXPECT_EQ(sh.share(total), count) << sh.to_string() << " of " << total;
      }
      for (long long i = 0; i < 60; ++i) {
        long long want = i;
        while (!sh.holds(want)) ++want;
        EXPECT_EQ(sh.next(i), want) << sh.to_string() << " after " << i;
      }
    }
  }
}

// The point of rotating each block: a shard meets every pairing whatever K is. Dealt plainly in turn
// (pair q to shard q mod K), pairing q mod P would give shard I only the pairings congruent to I mod
// gcd(K, P): one pairing each for a three-player round robin in three shards.
TEST(Shard, EveryShardMeetsEveryPairingInProportionWhenKSharesAFactorWithThePairings) {
  for (const auto& [k, pairings] : std::vector<std::pair<int, int>>{{3, 3}, {5, 10}, {9, 45}, {100, 45}, {4, 6}}) {
    const long long pairs = 100LL * k * pairings;  // a hundred meetings of each shard and pairing expected
    for (int s = 0; s < k; ++s) {
      std::vector<long long> met(static_cast<std::size_t>(pairings));
      for (long long i = Shard{s, k}.next(0); i < 2 * pairs; i = Shard{s, k}.next(i + 2))
        ++met[static_cast<std::size_t>((i / 2) % pairings)];
      const double expected = 100;
      for (int p = 0; p < pairings; ++p) {
        // Binomial spread about the expectation: over 6 standard deviations would not happen by chance.
        const double sd = std::sqrt(expected);
        EXPECT_GT(met[static_cast<std::size_t>(p)], 0) << "shard " << s << "/" << k << " never meets pairing " << p;
        EXPECT_LT(std::abs(met[static_cast<std::size_t>(p)] - expected), 6 * sd + 1)
            << "shard " << s << "/" << k << ", pairing " << p << " of " << pairings;
      }
    }
  }
}

// Which shard holds which pair is part of the file format: a shard's file is resumed and merged by
// later versions, which must agree. These are the rule's first pairs for K = 3 and K = 4.
TEST(Shard, TheAssignmentOfPairsIsFixed) {
  auto owners = [](int k) {
    std::string out;
    for (long long q = 0; q < 12; ++q)
      for (int s = 0; s < k; ++s)
        if (Shard{s, k}.holds(2 * q)) out += static_cast<char>('0' + s);
    return out;
  };
  EXPECT_EQ(owners(3), "012201201201");
  EXPECT_EQ(owners(4), "012312302301");
  EXPECT_EQ(owners(1), "000000000000");
}

TEST(Shard, AHeaderNamesItsShardOnlyWhenThereAreSeveral) {
  nlohmann::json h{{"type", "header"}};
  add_shard_key(h, Shard{});
  EXPECT_FALSE(h.contains("shard"));
  EXPECT_EQ(header_shard(h).value, Shard{});
  add_shard_key(h, Shard{1, 3});
  EXPECT_EQ(h["shard"], "1/3");
  EXPECT_EQ(header_shard(h).value, (Shard{1, 3}));
  EXPECT_EQ(shard_mismatch(h, Shard{1, 3}), "");
  EXPECT_EQ(shard_mismatch(h, Shard{2, 3}), "shard=\"1/3\", this run has shard=\"2/3\"");
  EXPECT_EQ(shard_mismatch(h, Shard{}), "shard=\"1/3\", this run has no --shard");
  EXPECT_EQ(shard_mismatch(nlohmann::json{{"type", "header"}}, Shard{0, 2}),
            "shard=nothing, this run has shard=\"0/2\"");
  for (const nlohmann::json& bad : {nlohmann::json("0/1"), nlohmann::json("3/3"), nlohmann::json(5)}) {
    h["shard"] = bad;
    EXPECT_FALSE(header_shard(h).ok()) << bad.dump();
    EXPECT_EQ(shard_mismatch(h, Shard{}), "shard=" + bad.dump() + ", which is not I/K");
  }
}

Tournament three_players(long long per_pair = 4) {
  std::vector<PlayerSpec> players;
  for (const char* p : {"random", "greedy", "ab(depth=1)"}) players.push_back(parse_player(p).value);
  return Tournament{test::rules("standard"), players, Schedule(ScheduleKind::RoundRobin, 3, per_pair), 9, 1, {}, {}};
}

std::vector<GameRecord> play(const Tournament& t, const Shard& s, std::vector<GameRecord> finished = {}) {
  RunOptions o;
  o.threads = 2;
  o.shard = s;
  return run_tournament(t, o, std::move(finished), {}, nullptr);
}

std::string results_text(const Tournament& t, const std::vector<GameRecord>& games, const Shard& s = {}) {
  std::string text = results_header(t, "test", s) + "\n";
  for (const auto& g : games) text += record_line(t, g) + "\n";
  return text;
}

TEST(Shard, TheShardsOfATournamentPlayItsGamesEachOnceTheSameAsOneRun) {
  const Tournament t = three_players();
  const auto all = play(t, {});
  ASSERT_EQ(all.size(), 12u);
  std::vector<GameRecord> joined;
  for (int s = 0; s < 3; ++s) {
    const Shard sh{s, 3};
    const auto part = play(t, sh);
    EXPECT_EQ(static_cast<long long>(part.size()), sh.share(12));
    for (const auto& g : part) {
      EXPECT_TRUE(sh.holds(g.index)) << g.index;
      EXPECT_EQ(record_line(t, g), record_line(t, all[static_cast<std::size_t>(g.index)])) << g.index;
    }
    joined.insert(joined.end(), part.begin(), part.end());
  }
  std::sort(joined.begin(), joined.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  ASSERT_EQ(joined.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(joined[i].index, all[i].index);
}

TEST(Shard, AResumedShardPlaysOnlyItsMissingGamesAndDropsAnotherShardsRecords) {
  const Tournament t = three_players();
  const Shard sh{1, 3};
  const auto part = play(t, sh);
  const auto all = play(t, {});
  // The first of the shard's games is known, and so is a game of shard 0 (not this shard's).
  std::vector<long long> played;
  RunOptions o;
  o.threads = 1;
  o.shard = sh;
  RunHooks hooks;
  hooks.on_record = [&](const GameRecord& g) { played.push_back(g.index); };
  const auto resumed = run_tournament(t, o, {part[0], all[0]}, hooks, nullptr);
  ASSERT_EQ(resumed.size(), part.size());
  for (std::size_t i = 0; i < part.size(); ++i) EXPECT_EQ(record_line(t, resumed[i]), record_line(t, part[i]));
  std::vector<long long> want;
  for (std::size_t i = 1; i < part.size(); ++i) want.push_back(part[i].index);
  std::sort(played.begin(), played.end());
  EXPECT_EQ(played, want);
}

TEST(Shard, AResultsFileNamesItsShardAndRefusesAnotherOnResume) {
  const Tournament t = three_players();
  const Shard one{1, 3}, two{2, 3};
  EXPECT_EQ(results_header(t, "test").find("shard"), std::string::npos);
  EXPECT_NE(results_header(t, "test", one).find("\"shard\":\"1/3\""), std::string::npos);
  const auto part = play(t, one);
  const std::string text = results_text(t, part, one);
  EXPECT_TRUE(read_results(t, text, ResultsCheck::Fields, one).ok());
  auto other = read_results(t, text, ResultsCheck::Fields, two);
  EXPECT_NE(other.error.find("results file was made with shard=\"1/3\", this run has shard=\"2/3\""), std::string::npos)
      << other.error;
  auto none = read_results(t, text);
  EXPECT_NE(none.error.find("shard=\"1/3\", this run has no --shard"), std::string::npos) << none.error;
  auto whole = read_results(t, results_text(t, part), ResultsCheck::Fields, one);
  EXPECT_NE(whole.error.find("shard=nothing, this run has shard=\"1/3\""), std::string::npos) << whole.error;
  // A game of another shard in a shard's file was not written by this run.
  const auto all = play(t, {});
  auto foreign = read_results(t, results_text(t, {part[0], all[0]}, one), ResultsCheck::Fields, one);
  EXPECT_NE(foreign.error.find("game 0 is not one of shard 1/3's"), std::string::npos) << foreign.error;
}

RunSimConfig run_sim(long long runs, const Shard& s = {}) {
  RunSimConfig c;
  c.rules = test::rules("standard");
  c.player = parse_player("greedy").value;
  c.max_level = 3;
  c.runs = runs;
  c.seed = 4;
  c.threads = 2;
  c.shard = s;
  return c;
}

std::string run_sim_text(const RunSimConfig& c, const std::vector<RunRecord>& runs) {
  std::string text = run_sim_header(c, "test") + "\n";
  for (const auto& r : runs) text += run_line(c, r) + "\n";
  return text;
}

TEST(Shard, TheShardsOfARunSimPlayItsRunsEachOnceAndItsFileRefusesAnotherShard) {
  const auto all = simulate_runs(run_sim(10), {}, {}, nullptr);
  std::size_t seen = 0;
  for (int s = 0; s < 3; ++s) {
    const RunSimConfig c = run_sim(10, {s, 3});
    const auto part = simulate_runs(c, {}, {}, nullptr);
    EXPECT_EQ(static_cast<long long>(part.size()), c.shard.share(10));
    for (const auto& r : part) {
      EXPECT_TRUE(c.shard.holds(r.index));
      EXPECT_EQ(run_line(c, r), run_line(c, all[static_cast<std::size_t>(r.index)]));
    }
    seen += part.size();
    const std::string text = run_sim_text(c, part);
    EXPECT_NE(text.find("\"shard\":\"" + c.shard.to_string() + "\""), std::string::npos);
    EXPECT_TRUE(read_run_sim(c, text).ok());
    EXPECT_TRUE(read_run_sim(text).ok());
    auto none = read_run_sim(run_sim(10), text);
    EXPECT_NE(none.error.find("this run has no --shard"), std::string::npos) << none.error;
    auto other = read_run_sim(run_sim(10, {(s + 1) % 3, 3}), text);
    EXPECT_NE(other.error.find("the file was made with shard="), std::string::npos) << other.error;
  }
  EXPECT_EQ(seen, all.size());
  auto whole = read_run_sim(run_sim(10, {0, 3}), run_sim_text(run_sim(10), {}));
  EXPECT_NE(whole.error.find("shard=nothing, this run has shard=\"0/3\""), std::string::npos) << whole.error;
}

std::vector<DataRow> rows_of(long long game) {
  DataRow r;
  r.position = "p" + std::to_string(game);
  r.rules = "standard";
  r.game = game;
  return {r, r};
}

TEST(Shard, AShardsDataWriterWritesItsGamesInOrderWithoutWaitingForTheOthers) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("seega_shard_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::create_directories(dir);
  const std::string path = (dir / "data.csv").string();
  fs::remove(path);
  const nlohmann::json config{{"seed", 1}};
  const Shard sh{1, 3};
  {
    auto w = DataWriter::open(path, config, "test", false, sh);
    ASSERT_TRUE(w.ok()) << w.error;
    // The shard's first pair is pair 1 (games 2 and 3); its next is a later block's, with other shards'
    // games between.
    const long long later = sh.next(4);
    ASSERT_GT(later, 4);
    EXPECT_EQ(w.value.next_game(), 2);
    w.value.add(3, rows_of(3));
    EXPECT_EQ(w.value.rows_written(), 0);  // game 2 comes first
    w.value.add(2, rows_of(2));
    EXPECT_EQ(w.value.next_game(), later);  // 4 to later - 1 are other shards'
    w.value.add(later, rows_of(later));
    EXPECT_EQ(w.value.rows_written(), 6);
  }
  std::ifstream m(path + ".json");
  std::stringstream meta;
  meta << m.rdbuf();
  EXPECT_EQ(nlohmann::json::parse(meta.str())["shard"], "1/3");
  // A resume plays the last game again (it may have been cut); another shard's or no shard is refused.
  {
    auto again = DataWriter::open(path, config, "test", true, sh);
    ASSERT_TRUE(again.ok()) << again.error;
    EXPECT_EQ(again.value.next_game(), sh.next(4));
  }  // closed: a file open for writing is locked against any other writer
  auto other = DataWriter::open(path, config, "test", true, Shard{2, 3});
  EXPECT_NE(other.error.find("was made with shard=\"1/3\", this run has shard=\"2/3\""), std::string::npos)
      << other.error;
  auto none = DataWriter::open(path, config, "test", true);
  EXPECT_NE(none.error.find("this run has no --shard"), std::string::npos) << none.error;
  fs::remove_all(dir);
}

using test::Scratch, test::slurp;

// The configuration of the positions files below.
const nlohmann::json kDataConfig{{"seed", "1"}};

// Writes a new positions file at path, of kDataConfig, with the rows of games 0 to games - 1, and
// closes it.
void write_positions(const std::string& path, long long games) {
  auto w = DataWriter::open(path, kDataConfig, "test", false);
  ASSERT_TRUE(w.ok()) << w.error;
  for (long long g = 0; g < games; ++g) w.value.add(g, rows_of(g));
}

TEST(DataWriter, ASecondWriterOfAPositionsFileIsRefusedWhileTheFirstHoldsIt) {
  const Scratch tmp;
  const std::string path = tmp / "data.csv";
  auto first = DataWriter::open(path, kDataConfig, "test", false);
  ASSERT_TRUE(first.ok()) << first.error;
  first.value.add(0, rows_of(0));
  // Resuming it, or starting it anew, while the first writes: both refused, and the file unchanged.
  const std::string before = slurp(path);
  for (bool resume : {true, false}) {
    auto second = DataWriter::open(path, kDataConfig, "test", resume);
    EXPECT_FALSE(second.ok()) << "resume " << resume;
    EXPECT_NE(second.error.find("is being written by another seega run"), std::string::npos) << second.error;
  }
  EXPECT_EQ(slurp(path), before);
  first.value.add(1, rows_of(1));
  EXPECT_EQ(first.value.rows_written(), 4);
}

TEST(DataWriter, AResumeAskingForFewerGamesThanTheFileHoldsIsRefusedAndCutsNothing) {
  const Scratch tmp;
  const std::string path = tmp / "data.csv";
  ASSERT_NO_FATAL_FAILURE(write_positions(path, 6));
  const std::string before = slurp(path);
  auto fewer = DataWriter::open(path, kDataConfig, "test", true, {}, 4);
  EXPECT_FALSE(fewer.ok());
  EXPECT_NE(fewer.error.find("holds positions of games up to game 5, past this run's 4"), std::string::npos)
      << fewer.error;
  EXPECT_NE(fewer.error.find("ask for 6 games or more"), std::string::npos) << fewer.error;
  EXPECT_EQ(slurp(path), before);  // the last game's rows are still there
  auto same = DataWriter::open(path, kDataConfig, "test", true, {}, 6);
  ASSERT_TRUE(same.ok()) << same.error;
  EXPECT_EQ(same.value.next_game(), 5);  // the last game is played again: it may have been cut
}

TEST(ResultsFile, AResumeAskingForFewerGamesThanTheFileHoldsIsRefused) {
  const Scratch tmp;
  const std::string path = tmp / "games.jsonl";
  Tournament t = three_players();
  const auto games = play(t, {});
  { std::ofstream(path) << results_text(t, games); }
  const long long held = static_cast<long long>(games.size());
  ASSERT_GT(held, 6);
  t.schedule = Schedule(ScheduleKind::RoundRobin, 3, 2);  // 6 games
  auto fewer = open_results(path, t, true, "test");
  EXPECT_FALSE(fewer.ok());
  EXPECT_NE(fewer.error.find("the file holds " + std::to_string(held) + " games up to game " +
                             std::to_string(held - 1) + ", past this run's 6"),
            std::string::npos)
      << fewer.error;
  t.schedule = Schedule(ScheduleKind::RoundRobin, 3, held / 3);
  auto whole = open_results(path, t, true, "test");
  ASSERT_TRUE(whole.ok()) << whole.error;
  EXPECT_EQ(whole.value.take_finished().size(), games.size());
}

// The file one job writes, with its lines after the header sorted by index.
std::string sorted_text(const Tournament& t, std::vector<GameRecord> games) {
  std::sort(games.begin(), games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  return results_text(t, games);
}

std::vector<ShardFile> results_shards(const Tournament& t, int k) {
  std::vector<ShardFile> files;
  for (int s = 0; s < k; ++s) {
    auto part = play(t, {s, k});
    std::reverse(part.begin(), part.end());  // written in any order
    std::string name = "s";  // (built in steps: GCC 12 at -O3 warns falsely of an overlap in "s" + number)
    name += std::to_string(s) + ".jsonl";
    files.push_back({name, results_text(t, part, {s, k}), {}});
  }
  return files;
}

TEST(Merge, MergedShardsOfAResultsFileAreTheOneRunsFileSortedByIndex) {
  const Tournament t = three_players();
  const std::string want = sorted_text(t, play(t, {}));
  for (int k : {1, 2, 3, 5}) {
    auto merged = merge_shards(results_shards(t, k));
    ASSERT_TRUE(merged.ok()) << k << ": " << merged.error;
    EXPECT_EQ(merged.value.kind, ShardFileKind::Results);
    EXPECT_EQ(merged.value.text, want) << k;
    EXPECT_EQ(merged.value.records, 12);
    EXPECT_EQ(merged.value.shards, k);
    // In any order of the files.
    auto files = results_shards(t, k);
    std::reverse(files.begin(), files.end());
    EXPECT_EQ(merge_shards(files).value.text, want) << k;
  }
}

TEST(Merge, RefusesFilesOfAnotherRunAShardTwiceAnIndexTwiceAndIndicesInNoFile) {
  const Tournament t = three_players();
  auto files = results_shards(t, 3);
  // Another seed.
  Tournament other = t;
  other.seed = 10;
  auto foreign = files;
  foreign[1] = {"other.jsonl", results_text(other, play(other, {1, 3}), {1, 3}), {}};
  EXPECT_EQ(merge_shards(foreign).error,
            "other.jsonl was made with seed=\"10\", s0.jsonl with seed=\"9\": only the shards of "
            "one run merge");
  // Shard 0's file twice, under another name: its first game is in both.
  auto twice = files;
  twice.push_back({"copy.jsonl", files[0].text, {}});
  EXPECT_EQ(merge_shards(twice).error, "game 0 is in both s0.jsonl and copy.jsonl");
  // A shard missing, and a shard that stopped short.
  // Shard 1 holds games 2, 3, 10 and 11; the others' largest index is 9, so the count taken is 10.
  EXPECT_EQ(merge_shards({files[0], files[2]}).error,
            "games 2 and 3 are in no file (taking the games as 10, the largest index + 1 rounded up to a "
            "whole game pair; give --games N for another count); no file is shard 1/3");
  EXPECT_EQ(merge_shards({files[0], files[2]}, 12).error,
            "games 2, 3, 10 and 1 more are in no file; no file is shard 1/3");
  auto cut = files;
  cut[2].text = results_text(t, {play(t, {2, 3})[0]}, {2, 3});  // game 4 only, of its 4 to 7
  EXPECT_EQ(merge_shards(cut, 12).error,
            "games 5, 6 and 7 are in no file; the file of shard 2/3 lacks some: finish "
            "it with --resume");
  EXPECT_NE(merge_shards(files, 10).error.find("past the --games 10 given"), std::string::npos);
  // Shards of different counts, and the whole run with a shard.
  auto counts = files;
  counts[1] = results_shards(t, 4)[1];
  counts[1].name = "four.jsonl";
  EXPECT_EQ(merge_shards(counts).error,
            "s0.jsonl is shard 0/3, four.jsonl shard 1/4: the shards of one run are of one count K");
  // A header's shard that holds another shard's game.
  auto misplaced = files;
  misplaced[1].text = results_text(t, {play(t, {0, 3})[0]}, {1, 3});
  EXPECT_NE(merge_shards(misplaced).error.find("s1.jsonl (shard 1/3) holds game 0, which is not that shard's"),
            std::string::npos)
      << merge_shards(misplaced).error;
  // A game whose record does not add up.
  auto edited = files;
  edited[0].text.replace(edited[0].text.find("\"captures\":"), 11, "\"captures\":9");
  EXPECT_NE(merge_shards(edited).error.find("s0.jsonl line 2: game"), std::string::npos) << merge_shards(edited).error;
  // A cut last line, and files of two kinds.
  auto interrupted = files;
  interrupted[0].text.pop_back();
  EXPECT_NE(merge_shards(interrupted).error.find("its last line is cut"), std::string::npos);
  const RunSimConfig c = run_sim(4);
  EXPECT_EQ(merge_shards({files[0], {"runs.jsonl", run_sim_text(c, {}), {}}}).error,
            "s0.jsonl is a results file, runs.jsonl a run-sim file: only the shards of one run merge");
}

TEST(Merge, ShardsWrittenByTwoVersionsMergeToTheLowestShardsHeaderInAnyOrder) {
  const Tournament t = three_players();
  auto files = results_shards(t, 3);
  const std::string newer = "\"version\":\"9.9.9\"";
  auto& text = files[2].text;  // the first file once the order is reversed
  const auto at = text.find("\"version\":\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, text.find('"', at + 11) + 1 - at, newer);
  auto merged = merge_shards(files);
  ASSERT_TRUE(merged.ok()) << merged.error;
  EXPECT_EQ(merged.value.text, sorted_text(t, play(t, {})));  // shard 0's header, "test"'s version
  std::reverse(files.begin(), files.end());
  EXPECT_EQ(merge_shards(files).value.text, merged.value.text);
}

TEST(Merge, MergedShardsOfARunSimAreItsFileSortedByIndex) {
  const RunSimConfig whole = run_sim(10);
  const std::string want = run_sim_text(whole, simulate_runs(whole, {}, {}, nullptr));
  std::vector<ShardFile> files;
  for (int s = 2; s >= 0; --s) {
    const RunSimConfig c = run_sim(10, {s, 3});
    auto part = simulate_runs(c, {}, {}, nullptr);
    std::reverse(part.begin(), part.end());
    files.push_back({"r" + std::to_string(s), run_sim_text(c, part), {}});
  }
  auto merged = merge_shards(files);
  ASSERT_TRUE(merged.ok()) << merged.error;
  EXPECT_EQ(merged.value.text, want);
  EXPECT_EQ(merged.value.records, 10);
  // A run count is not rounded up to a pair; a larger one given is missing its last runs.
  // (Runs 10 and 11 are pair 5, shard 1's.)
  EXPECT_EQ(merge_shards(files, 12).error,
            "runs 10 and 11 are in no file; the file of shard 1/3 lacks some: finish it "
            "with --resume");
}

TEST(Merge, MergedShardsOfAPositionsFileAreItsRowsAndConfigurationInGameOrder) {
  auto csv = [](const std::vector<long long>& games) {
    std::string text = data_header() + "\n";
    for (long long g : games)
      for (const auto& r : rows_of(g)) text += data_line(r) + "\n";
    return text;
  };
  const nlohmann::json config{{"rules", "standard"}, {"seed", 1}, {"version", "test"}};
  auto sharded = [&](const std::string& s) {
    nlohmann::json c = config;
    c["shard"] = s;
    return c.dump() + "\n";
  };
  const std::vector<ShardFile> files{{"a.csv", csv({0, 1, 4, 5}), sharded("0/2")},
                                     {"b.csv", csv({2, 3}), sharded("1/2")}};
  auto merged = merge_shards(files);
  ASSERT_TRUE(merged.ok()) << merged.error;
  EXPECT_EQ(merged.value.kind, ShardFileKind::Positions);
  EXPECT_EQ(merged.value.text, csv({0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(merged.value.config, config.dump() + "\n");
  EXPECT_EQ(merged.value.rows, 12);
  EXPECT_EQ(merge_shards(files, 8).error,
            "games 6 and 7 are in no file; the file of shard 1/2 lacks some: finish it "
            "with --resume");
  auto no_config = files;
  no_config[1].config.clear();
  EXPECT_EQ(merge_shards(no_config).error,
            "b.csv.json (its configuration) is missing or not a JSON object; gen-data writes it beside the CSV");
  auto out_of_order = files;
  out_of_order[0].text = csv({4, 5, 0, 1});
  EXPECT_NE(merge_shards(out_of_order).error.find("a.csv line 6: game 0 after game 5"), std::string::npos)
      << merge_shards(out_of_order).error;
}

}  // namespace
// seega export names a results file's sides A and B by each game's pairing; the reader of any game file
// gives the colour its pairing's player a played, and none for a file without pairings.
TEST(GameFile, AResultsFilesGamesNameTheColourTheirPairingsPlayerAPlayed) {
  const Tournament t = three_players(2);
  const auto games = play(t, {});
  auto file = read_game_file(results_text(t, games));
  ASSERT_TRUE(file.ok()) << file.error;
  ASSERT_EQ(file.value.a_colour.size(), games.size());
  std::set<Color> colours;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const GameRecord& g = file.value.games[i];
    const Pairing& p = t.schedule.pairing(t.schedule.pairing_of(g.index));
    ASSERT_TRUE(file.value.a_colour[i].has_value()) << "game " << g.index;
    const Color a = *file.value.a_colour[i];
    EXPECT_EQ(file.value.players[g.player[a]], t.players[p.a].text) << "game " << g.index;
    colours.insert(a);
  }
  EXPECT_EQ(colours.size(), 2u);  // each pair's games swap colours

  const RunSimConfig c = run_sim(2);
  const std::string sim = run_sim_text(c, simulate_runs(c, {}, {}, nullptr));
  auto sim_file = read_game_file(sim);
  ASSERT_TRUE(sim_file.ok()) << sim_file.error;
  EXPECT_FALSE(sim_file.value.games.empty());
  EXPECT_TRUE(sim_file.value.a_colour.empty());
}

}  // namespace seega
