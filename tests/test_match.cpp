// Matches: paired games, reproducibility whatever the thread count, resume, results files and the
// statistics a match reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "runs/format/results_file.hpp"
#include "runs/kinds/match.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

PlayerSpec player(const std::string& text) { return test::parsed(parse_player(text), text); }

MatchConfig config(const std::string& a, const std::string& b, long long games, int opening_turns = 0,
                   std::uint64_t seed = 7) {
  MatchConfig c;
  c.rules = standard_rules();
  c.a = player(a);
  c.b = player(b);
  c.games = games;
  c.seed = seed;
  c.opening_turns = opening_turns;
  c.threads = 1;
  return c;
}

// run_match with its own stop flag; `played` receives the index of every game on_result reports.
std::vector<GameRecord> run(MatchConfig c, int threads, std::vector<GameRecord> finished = {},
                            std::vector<long long>* played = nullptr) {
  c.threads = threads;
  std::atomic<bool> stop{false};
  RunHooks hooks;
  hooks.on_record = [&](const GameRecord& g) {
    if (played) played->push_back(g.index);
  };
  return run_match(c, std::move(finished), hooks, &stop);
}

// The number of different values among xs.
template <typename T>
std::ptrdiff_t distinct(std::vector<T> xs) {
  std::sort(xs.begin(), xs.end());
  return std::unique(xs.begin(), xs.end()) - xs.begin();
}

void expect_same_game(const GameRecord& x, const GameRecord& y) {
  EXPECT_EQ(x.index, y.index);
  EXPECT_EQ(x.seed, y.seed) << "game " << x.index;
  EXPECT_EQ(x.player[White], y.player[White]) << "game " << x.index;
  EXPECT_EQ(x.player[Black], y.player[Black]) << "game " << x.index;
  EXPECT_EQ(x.first_placer, y.first_placer) << "game " << x.index;
  EXPECT_EQ(x.last_placer, y.last_placer) << "game " << x.index;
  EXPECT_EQ(x.plies, y.plies) << "game " << x.index;
  EXPECT_EQ(x.outcome, y.outcome) << "game " << x.index;
  EXPECT_EQ(x.stones[0], y.stones[0]) << "game " << x.index;
  EXPECT_EQ(x.stones[1], y.stones[1]) << "game " << x.index;
  EXPECT_EQ(x.movement_plies, y.movement_plies) << "game " << x.index;
  EXPECT_EQ(x.passes, y.passes) << "game " << x.index;
  EXPECT_EQ(x.captures, y.captures) << "game " << x.index;
  EXPECT_EQ(x.movement_moves[0], y.movement_moves[0]) << "game " << x.index;
  EXPECT_EQ(x.movement_moves[1], y.movement_moves[1]) << "game " << x.index;
  EXPECT_EQ(x.search[0], y.search[0]) << "game " << x.index;
  EXPECT_EQ(x.search[1], y.search[1]) << "game " << x.index;
  EXPECT_EQ(x.moves, y.moves) << "game " << x.index;
}

void expect_same_games(const std::vector<GameRecord>& x, const std::vector<GameRecord>& y) {
  ASSERT_EQ(x.size(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i) expect_same_game(x[i], y[i]);
}

// The figures of a match summary that two runs of one match must agree on, and their names.
auto figures(const MatchSummary& s) {
  return std::tie(s.games, s.a.wins, s.a.draws, s.a.losses, s.pairs.n, s.elo.elo, s.elo.lo, s.elo.hi, s.pair_elo.lo,
                  s.pair_elo.hi, s.los, s.last_placer_wins, s.first_placer_wins, s.draws, s.last_placer_win_ci.lo,
                  s.last_placer_win_ci.hi, s.mean_movement_plies, s.passes_per_game, s.captures_per_game, s.end_reasons,
                  s.pair_los, s.normalized_elo.elo, s.sprt_pairs, s.sprt_decided);
}
const std::string kFigureNames =
    "games a.wins a.draws a.losses pairs.n elo.elo elo.lo elo.hi pair_elo.lo pair_elo.hi los last_placer_wins "
    "first_placer_wins draws last_placer_win_ci.lo last_placer_win_ci.hi mean_movement_plies passes_per_game "
    "captures_per_game end_reasons pair_los normalized_elo.elo sprt_pairs sprt_decided";

void expect_same_summary(const MatchSummary& x, const MatchSummary& y) {
  test::expect_same_fields(figures(x), figures(y), kFigureNames);
  ASSERT_EQ(x.sprt.has_value(), y.sprt.has_value());
  if (x.sprt) {
    EXPECT_EQ(x.sprt->llr, y.sprt->llr);
    EXPECT_EQ(x.sprt->decision, y.sprt->decision);
  }
}

// A's points in one game: 1, 0.5 or 0.
double a_points(const GameRecord& g) { return g.points(0); }

// A finished game made up for the statistics: A's result is +1, 0 or -1.
GameRecord made_up(long long index, int a_result) {
  GameRecord g;
  g.index = index;
  g.player[White] = index % 2 == 0 ? 0 : 1;
  g.player[Black] = 1 - g.player[White];
  const Color a = g.colour_of(0);
  g.outcome =
      a_result == 0 ? Outcome{EndReason::QuietLimit, -1} : Outcome::win(a_result > 0 ? a : ~a, EndReason::AllCaptured);
  g.movement_plies = 10;
  return g;
}

// Made-up games with A's results in index order (+1, 0, -1), the two games of a pair side by side.
std::vector<GameRecord> made_up_games(const std::vector<int>& a_results) {
  std::vector<GameRecord> games;
  for (std::size_t i = 0; i < a_results.size(); ++i) {
    games.push_back(made_up(static_cast<long long>(i), a_results[i]));
    games.back().placement_key = i;  // every game its own placement
    games.back().stone_diff_10 = static_cast<int>(i % 3);
  }
  return games;
}

// The --json summary of those games.
nlohmann::json summary_of(const std::vector<int>& a_results) {
  const MatchConfig c = config("random", "random", static_cast<long long>(a_results.size()));
  return match::summary_json(c, match::summarize(c, made_up_games(a_results)), nlohmann::json::object());
}

// A figure left out is null with a reason beside it; no key anywhere holds NaN.
void expect_left_out(const nlohmann::json& j, const std::string& key, const std::string& reason) {
  EXPECT_TRUE(j.at(key).is_null()) << key << ": " << j.at(key);
  EXPECT_EQ(j.value(key + "_reason", std::string("(no reason)")), reason) << key;
}

std::string results_text(const MatchConfig& c, const std::vector<GameRecord>& games) {
  std::string text = results_header(c.tournament(), "test") + "\n";
  for (const auto& g : games) text += record_line(c.tournament(), g) + "\n";
  return text;
}

TEST(Match, ThreadCountChangesNeitherTheGamesNorTheSummary) {
  MatchConfig seven = config("greedy", "random", 8, 4);
  seven.rules.size = 7;
  for (const MatchConfig& c : {config("ab(depth=2)", "greedy", 24), config("random", "random", 24, 2),
                               config("ab(nodes=1000)", "mcts(playouts=20)", 8, 1), seven}) {
    SCOPED_TRACE(c.a.text + " vs " + c.b.text);
    // Three threads on a two-core machine is oversubscribed (oneTBB may say so on stderr): still the same.
    auto one = run(c, 1), two = run(c, 2), three = run(c, 3);
    ASSERT_EQ(one.size(), static_cast<std::size_t>(c.games));
    for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i].index, static_cast<long long>(i));
    expect_same_games(one, two);
    expect_same_games(one, three);
    expect_same_summary(match::summarize(c, one), match::summarize(c, two));
    expect_same_summary(match::summarize(c, one), match::summarize(c, three));
  }
}

TEST(Match, RunMatchNeedsNoStopFlag) {
  // play_match_game takes a null stop flag; run_match's is not documented as required, and callers
  // without Ctrl-C handling (experiments, notebooks) would pass none. Run in a child process so
  // that a crash fails this test alone.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  MatchConfig c = config("random", "random", 4);
  EXPECT_EXIT(
      {
        auto games = run_match(c, {}, {}, nullptr);
        std::exit(games.size() == 4 ? 0 : 1);
      },
      testing::ExitedWithCode(0), "");
}

TEST(Match, GamesOfAPairShareTheOpeningAndSwapWhoIsA) {
  const int k = 3;
  MatchConfig c = config("random", "random", 20, k);
  auto games = run(c, 2);
  ASSERT_EQ(games.size(), 20u);
  std::vector<std::vector<std::string>> openings;
  for (std::size_t i = 0; i < games.size(); i += 2) {
    const auto& even = games[i];
    const auto& odd = games[i + 1];
    EXPECT_EQ(even.player[White], 0) << "game " << even.index;  // A places first in the even game
    EXPECT_EQ(odd.player[White], 1) << "game " << odd.index;    // and B in the odd one
    ASSERT_GT(even.moves.size(), static_cast<std::size_t>(k));
    ASSERT_GT(odd.moves.size(), static_cast<std::size_t>(k));
    std::vector<std::string> opening(even.moves.begin(), even.moves.begin() + k);
    EXPECT_EQ(opening, std::vector<std::string>(odd.moves.begin(), odd.moves.begin() + k)) << "pair " << i / 2;
    EXPECT_NE(even.seed, odd.seed) << "pair " << i / 2;
    openings.push_back(opening);
  }
  // The openings are random per pair, not one opening for the whole match.
  EXPECT_GT(distinct(openings), 5);
}

TEST(Match, WithoutOpeningTurnsGamesStillDifferByTheirSeeds) {
  // With no random opening the games of a match still differ: each game's players draw from that
  // game's own seed.
  MatchConfig c = config("random", "random", 8, 0);
  auto games = run(c, 1);
  ASSERT_EQ(games.size(), 8u);
  std::vector<std::string> firsts;
  for (const auto& g : games) firsts.push_back(g.moves.at(0));
  EXPECT_GT(distinct(firsts), 1);
}

TEST(Match, AGameIsReplayedExactlyFromTheSeedAndItsIndex) {
  MatchConfig c = config("ab(depth=2)", "greedy", 12, 1);
  auto games = run(c, 2);
  ASSERT_EQ(games.size(), 12u);
  for (long long i : {0LL, 5LL, 11LL}) {
    auto again = play_match_game(c, i);
    ASSERT_TRUE(again.has_value());
    expect_same_game(games[static_cast<std::size_t>(i)], *again);
    expect_same_game(*again, *play_match_game(c, i));
  }
  // Game i does not depend on how long the match is...
  MatchConfig longer = c;
  longer.games = 1000;
  expect_same_game(games[7], *play_match_game(longer, 7));
  // ...but does on the master seed.
  MatchConfig other = c;
  other.seed = c.seed + 1;
  auto g = play_match_game(other, 7);
  ASSERT_TRUE(g.has_value());
  EXPECT_NE(g->seed, games[7].seed);
  EXPECT_NE(g->moves, games[7].moves);
}

TEST(Match, ResumingFromAnyFinishedSubsetEqualsAnUninterruptedRun) {
  MatchConfig c = config("ab(depth=1)", "greedy", 24, 2);
  const auto full = run(c, 1);
  ASSERT_EQ(full.size(), 24u);

  // The first ten games, as an interrupted run leaves them.
  std::vector<GameRecord> prefix(full.begin(), full.begin() + 10);
  std::vector<long long> played;
  auto resumed = run(c, 2, prefix, &played);
  expect_same_games(full, resumed);
  std::sort(played.begin(), played.end());
  std::vector<long long> want;
  for (long long i = 10; i < 24; ++i) want.push_back(i);
  EXPECT_EQ(played, want) << "a finished game was played again, or a missing one was not";

  // Scattered games in completion order (not index order), as a multi-threaded run leaves them.
  std::vector<GameRecord> scattered = {full[13], full[2], full[3], full[20], full[0]};
  played.clear();
  resumed = run(c, 2, scattered, &played);
  expect_same_games(full, resumed);
  EXPECT_EQ(played.size(), 19u);
  for (long long i : played) EXPECT_TRUE(i != 0 && i != 2 && i != 3 && i != 13 && i != 20) << i;
  expect_same_summary(match::summarize(c, full), match::summarize(c, resumed));
}

TEST(Match, ResumingWithMoreGamesExtendsTheMatch) {
  MatchConfig small = config("random", "greedy", 10, 1), large = small;
  large.games = 22;
  auto first = run(small, 2);
  auto extended = run(large, 2, first);
  expect_same_games(run(large, 1), extended);
}

TEST(Match, AStoppedRunKeepsOnlyFinishedGamesAndResumesToTheSameResult) {
  MatchConfig c = config("ab(depth=1)", "greedy", 40, 1);
  const auto full = run(c, 1);
  c.threads = 2;
  std::atomic<bool> stop{false};
  std::vector<GameRecord> reported;
  RunHooks hooks;
  hooks.on_record = [&](const GameRecord& g) {
    reported.push_back(g);
    if (reported.size() == 6) stop.store(true);
  };
  auto partial = run_match(c, {}, hooks, &stop);
  ASSERT_GE(partial.size(), 6u);
  ASSERT_LT(partial.size(), 40u) << "the stop flag did not stop the run";
  EXPECT_EQ(partial.size(), reported.size()) << "every returned game is reported exactly once";
  for (const auto& g : partial) expect_same_game(g, full[static_cast<std::size_t>(g.index)]);
  expect_same_games(full, run(c, 2, partial));
}

TEST(Match, ResultsFileRoundTrips) {
  MatchConfig c = config("ab(depth=1)", "greedy", 6, 2);
  auto games = run(c, 1);
  for (const auto& g : games) {  // the fields a round trip must keep are there to keep
    EXPECT_GT(g.search[g.colour_of(0)].searches, 0) << "game " << g.index;
    EXPECT_EQ(g.search[g.colour_of(1)].searches, 0) << "game " << g.index;
    EXPECT_GT(g.movement_moves[White] + g.movement_moves[Black], 0) << "game " << g.index;
  }
  const std::string text = results_text(c, games);
  auto file = read_results(c.tournament(), text);
  ASSERT_TRUE(file.ok()) << file.error;
  EXPECT_FALSE(file.value.dropped_last_line);
  EXPECT_EQ(file.value.valid_bytes, text.size());
  expect_same_games(games, file.value.games);

  // A header with no games yet is a valid file: the run was stopped before the first game ended.
  auto empty = read_results(c.tournament(), results_header(c.tournament(), "test") + "\n");
  ASSERT_TRUE(empty.ok()) << empty.error;
  EXPECT_TRUE(empty.value.games.empty());
}

TEST(Match, ResultsFileFromAnotherConfigurationIsRejectedNamingTheKey) {
  MatchConfig c = config("ab(depth=1)", "greedy", 4, 2);
  const std::string text = results_text(c, run(c, 1));
  struct Case {
    const char* key;
    MatchConfig other;
  };
  std::vector<Case> cases;
  cases.push_back({"seed", c});
  cases.back().other.seed = c.seed + 1;
  cases.push_back({"opening_turns", c});
  cases.back().other.opening_turns = 3;
  cases.push_back({"players", c});
  cases.back().other.a = player("ab(depth=2)");
  cases.push_back({"players", c});
  cases.back().other.b = player("random");
  cases.push_back({"rules", c});
  cases.back().other.rules = diagonal_rules();
  for (const auto& [key, other] : cases) {
    auto file = read_results(other.tournament(), text);
    EXPECT_FALSE(file.ok()) << key;
    EXPECT_NE(file.error.find(std::string(key) + "="), std::string::npos) << key << ": " << file.error;
  }
  // The game count and the thread count may change between runs: a resume can extend a match.
  MatchConfig more = c;
  more.games = 100;
  more.threads = 3;
  EXPECT_TRUE(read_results(more.tournament(), text).ok());
}

TEST(Match, ResultsFileWithATruncatedLastLineDropsItWithoutAnError) {
  MatchConfig c = config("random", "random", 4, 1);
  auto games = run(c, 1);
  const std::string whole = results_text(c, games);
  const std::string last = record_line(c.tournament(), games.back());
  const std::string cut = whole.substr(0, whole.size() - last.size() / 2);  // half of the last line gone
  auto file = read_results(c.tournament(), cut);
  ASSERT_TRUE(file.ok()) << file.error;
  EXPECT_TRUE(file.value.dropped_last_line);
  EXPECT_EQ(file.value.games.size(), 3u);
  EXPECT_EQ(file.value.valid_bytes, whole.size() - last.size() - 1);
  EXPECT_EQ(cut.substr(0, file.value.valid_bytes), whole.substr(0, file.value.valid_bytes));
  expect_same_games(std::vector<GameRecord>(games.begin(), games.end() - 1), file.value.games);
}

TEST(Match, ResultsFileWithACorruptMiddleLineIsAnErrorNamingTheLine) {
  MatchConfig c = config("random", "random", 4, 1);
  auto games = run(c, 1);
  std::string text = results_header(c.tournament(), "test") + "\n";
  text += record_line(c.tournament(), games[0]) + "\n";
  text += "{\"type\":\"game\",\"index\":1,\"se\n";  // line 3: broken
  text += record_line(c.tournament(), games[2]) + "\n";
  auto file = read_results(c.tournament(), text);
  EXPECT_FALSE(file.ok());
  EXPECT_NE(file.error.find("line 3"), std::string::npos) << file.error;

  // A well-formed JSON line that is not a game (a missing field) is also named.
  std::string missing = results_header(c.tournament(), "test") + "\n" + record_line(c.tournament(), games[0]) + "\n" +
                        "{\"type\":\"game\"}\n" + record_line(c.tournament(), games[2]) + "\n";
  auto second = read_results(c.tournament(), missing);
  EXPECT_FALSE(second.ok());
  EXPECT_NE(second.error.find("line 3"), std::string::npos) << second.error;

  // The same game twice would count it twice.
  auto twice = read_results(c.tournament(), results_text(c, {games[0], games[1], games[0]}));
  EXPECT_FALSE(twice.ok());
  EXPECT_NE(twice.error.find("line 4"), std::string::npos) << twice.error;
}

TEST(Match, SprtStopsAtTheSamePairWhateverTheOrderOfTheResults) {
  MatchConfig c = config("random", "random", 200);
  c.sprt = SprtConfig{0, 100, 0.05, 0.05};
  // A wins the first 20 pairs 2-0 (H1 is accepted after 12 of them), then loses every game: counting
  // any game after the deciding pair would change the summary.
  std::vector<GameRecord> results;
  for (long long i = 0; i < 200; ++i) results.push_back(made_up(i, i < 40 ? 1 : -1));
  const MatchSummary ordered = match::summarize(c, results);
  ASSERT_TRUE(ordered.sprt.has_value());
  EXPECT_EQ(ordered.sprt->decision, SprtResult::AcceptH1);
  ASSERT_TRUE(ordered.sprt_decided);
  ASSERT_GT(ordered.sprt_pairs, 0);
  ASSERT_LE(ordered.sprt_pairs, 20);
  EXPECT_EQ(ordered.games, 2 * ordered.sprt_pairs) << "games after the deciding pair are left out";
  EXPECT_EQ(ordered.a.losses, 0);
  std::mt19937 shuffle(3);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(results.begin(), results.end(), shuffle);
    expect_same_summary(ordered, match::summarize(c, results));
  }
}

TEST(Match, SprtRunDecidesAtTheSamePairForAnyThreadCount) {
  MatchConfig c = config("greedy", "random", 400, 1);
  c.sprt = SprtConfig{-20, 0, 0.1, 0.1};  // greedy is far stronger: H1 comes quickly
  auto one = run(c, 1), two = run(c, 2);
  const MatchSummary s1 = match::summarize(c, one), s2 = match::summarize(c, two);
  ASSERT_TRUE(s1.sprt.has_value());
  EXPECT_NE(s1.sprt->decision, SprtResult::Continue);
  EXPECT_TRUE(s1.sprt_decided);
  EXPECT_GT(s1.sprt_pairs, 0);
  EXPECT_LT(s1.games, 400) << "the SPRT did not stop the run early";
  expect_same_summary(s1, s2);
  // Every counted game is the game the uninterrupted schedule would have played.
  for (const auto& g : two) expect_same_game(g, *play_match_game(c, g.index));
}

TEST(Match, ResumingAnSprtRunThatHasDecidedPlaysNothingAndReturnsResultsInIndexOrder) {
  MatchConfig c = config("greedy", "random", 400, 1);
  c.sprt = SprtConfig{-20, 0, 0.1, 0.1};
  auto decided = run(c, 2);
  ASSERT_LT(decided.size(), 400u);
  std::vector<GameRecord> from_file = decided;  // a results file lists games in completion order
  std::reverse(from_file.begin(), from_file.end());
  std::vector<long long> played;
  auto resumed = run(c, 2, from_file, &played);
  EXPECT_TRUE(played.empty());
  // run_match promises every result, old and new, sorted by index.
  ASSERT_TRUE(
      std::is_sorted(resumed.begin(), resumed.end(), [](const auto& x, const auto& y) { return x.index < y.index; }))
      << "the results come back in the order given, first index " << resumed.front().index;
  expect_same_games(decided, resumed);
}

TEST(Match, PentanomialCountsEachPairByAsPointsInBothGames) {
  MatchConfig c = config("random", "random", 10);
  // A's points per pair: 1+1=2, 1+0.5=1.5, 0.5+0.5=1, 1+0=1, 0+0.5=0.5; then game 10 has no partner.
  const int a[] = {1, 1, 1, 0, 0, 0, 1, -1, -1, 0};
  std::vector<GameRecord> games;
  for (int i = 0; i < 10; ++i) games.push_back(made_up(i, a[i]));
  MatchSummary s = match::summarize(c, games);
  EXPECT_EQ(s.pairs.n, (std::array<long long, 5>{0, 1, 2, 1, 1}));
  EXPECT_EQ(s.a.wins, 4);
  EXPECT_EQ(s.a.draws, 4);
  EXPECT_EQ(s.a.losses, 2);

  games.push_back(made_up(10, 1));  // an unpaired game counts as a game but not as a pair
  s = match::summarize(c, games);
  EXPECT_EQ(s.games, 11);
  EXPECT_EQ(s.pairs.pairs(), 5);

  // And for played games: each pair's entry is the sum of its two results.
  MatchConfig played = config("ab(depth=1)", "greedy", 16, 2);
  auto results = run(played, 2);
  Pentanomial want;
  for (std::size_t i = 0; i < results.size(); i += 2) {
    want.add_pair(a_points(results[i]), a_points(results[i + 1]));
    MatchSummary one = match::summarize(played, {results[i], results[i + 1]});
    std::array<long long, 5> entry{};
    entry[static_cast<std::size_t>(2 * (a_points(results[i]) + a_points(results[i + 1])))] = 1;
    EXPECT_EQ(one.pairs.n, entry) << "pair " << i / 2;
  }
  EXPECT_EQ(match::summarize(played, results).pairs.n, want.n);
}

TEST(Match, DiversityCountsDistinctPlacementsAndGamesOnRecordsWithKnownRepeats) {
  MatchConfig c = config("random", "random", 10);
  // Ten games: placements 1 1 1 1 2 2 3 4 4 4 (four distinct), game keys with one game repeated three
  // times and another twice (seven distinct).
  const std::uint64_t placement[] = {1, 1, 1, 1, 2, 2, 3, 4, 4, 4};
  const std::uint64_t sequence[] = {7, 7, 7, 8, 9, 9, 10, 11, 12, 13};
  std::vector<GameRecord> games;
  for (int i = 0; i < 10; ++i) {
    games.push_back(made_up(i, i % 3 ? 1 : -1));
    games.back().placement_key = placement[i];
    games.back().game_key = sequence[i];
  }
  const MatchSummary s = match::summarize(c, games);
  EXPECT_EQ(s.distinct_placements, 4);
  EXPECT_EQ(s.distinct_games, 7);
}

TEST(Match, TheClusteredIntervalIsThePlainOneForDistinctPlacementsAndWiderForRepeats) {
  // Random players: every game has its own placement, and the two intervals agree.
  MatchConfig diverse = config("random", "random", 400);
  const MatchSummary d = match::summarize(diverse, run(diverse, 2));
  EXPECT_EQ(d.distinct_placements, 400);
  const double plain = d.last_placer_win_ci.hi - d.last_placer_win_ci.lo;
  EXPECT_NEAR(d.last_placer_win_ci_clustered.hi - d.last_placer_win_ci_clustered.lo, plain, 0.03 * plain);
  EXPECT_FALSE(d.repeats_mislead);
  // A deterministic engine from the empty board places the same way game after game.
  MatchConfig repeated = config("ab(depth=1)", "ab(depth=1)", 40);
  const MatchSummary r = match::summarize(repeated, run(repeated, 2));
  EXPECT_LE(r.distinct_placements, 2);
  EXPECT_LE(r.distinct_games, 2);
  EXPECT_GT(r.design_effect, 10);
  EXPECT_GT(r.last_placer_win_ci_clustered.hi - r.last_placer_win_ci_clustered.lo,
            1.25 * (r.last_placer_win_ci.hi - r.last_placer_win_ci.lo));
  EXPECT_TRUE(r.repeats_mislead);
}

// Made-up games where the last placer (b) wins `wins`, draws `draws` and loses the rest of n, the game i
// with placement key i + 1 and no random opening.
std::vector<GameRecord> last_placer_games(int n, int wins, int draws) {
  std::vector<GameRecord> games;
  for (int i = 0; i < n; ++i) {
    GameRecord g = made_up(i, 1);
    g.outcome = i < wins           ? Outcome::win(Black, EndReason::AllCaptured)
                : i < wins + draws ? Outcome{EndReason::QuietLimit, -1}
                                   : Outcome::win(White, EndReason::AllCaptured);
    g.placement_key = static_cast<std::uint64_t>(i + 1);
    games.push_back(g);
  }
  return games;
}

TEST(Match, TheLastPlacersScoreCountsADrawAsHalfAndItsDecisiveShareLeavesDrawsOut) {
  // 40 games: the last placer wins 20, draws 12, loses 8: score (20 + 6) / 40 = 65%, 20 of the 28 decisive
  // games (71.4%), draws 30%. Every game its own placement: 40 effective clusters, so every interval is given.
  const MatchSummary s = match::summarize(config("random", "random", 40), last_placer_games(40, 20, 12));
  EXPECT_DOUBLE_EQ(s.last_placer_score, 0.65);
  EXPECT_DOUBLE_EQ(s.last_placer_decisive_share, 20.0 / 28);
  EXPECT_EQ(s.draws, 12);
  EXPECT_DOUBLE_EQ(s.clusters.effective, 40);
  EXPECT_EQ(s.missing.clustered, "");
  EXPECT_EQ(s.missing.decisive_ci, "");
  EXPECT_LT(s.last_placer_score_ci.lo, 0.65);
  EXPECT_GT(s.last_placer_score_ci.hi, 0.65);
  // Independent games: the decisive share's interval is Wilson's on the 28 decisive games.
  const Interval w = wilson(20, 28);
  EXPECT_NEAR(s.last_placer_decisive_ci.lo, w.lo, 1e-12);
  EXPECT_NEAR(s.last_placer_decisive_ci.hi, w.hi, 1e-12);
  // The score's interval is the mean's normal one: values 1, 0.5, 0 with mean 0.65.
  const double var = (20 * 0.35 * 0.35 + 12 * 0.15 * 0.15 + 8 * 0.65 * 0.65) / (40.0 * 39);
  EXPECT_NEAR(s.last_placer_score_ci.hi - s.last_placer_score, kZ95 * std::sqrt(var), 1e-9);
  // The win rate alone counts the draws as losses: 50%.
  EXPECT_EQ(s.last_placer_wins, 20);
}

TEST(Match, AsScoreInEachRoleCountsTheGamesOfThatRoleOnly) {
  // 40 games, each its own placement. A is w in even games and b (the last placer) in odd ones; A wins
  // every odd game, and the even games go w, draw, b, w, draw, ... (A's points 1, 0.5, 0 in turn).
  std::vector<GameRecord> games;
  double first_points = 0;
  for (int i = 0; i < 40; ++i) {
    GameRecord g = made_up(i, 1);
    if (i % 2 == 0) {
      const int k = (i / 2) % 3;
      g.outcome = k == 0   ? Outcome::win(White, EndReason::AllCaptured)
                  : k == 1 ? Outcome{EndReason::QuietLimit, -1}
                           : Outcome::win(Black, EndReason::AllCaptured);
      first_points += k == 0 ? 1 : k == 1 ? 0.5 : 0;
    }
    g.placement_key = static_cast<std::uint64_t>(i + 1);
    games.push_back(g);
  }
  const MatchSummary s = match::summarize(config("random", "greedy", 40), games);
  ASSERT_EQ(games[1].colour_of(0), Black);
  EXPECT_DOUBLE_EQ(s.a_score_placing_last, 1.0);
  EXPECT_DOUBLE_EQ(s.a_score_placing_first, first_points / 20);
  EXPECT_DOUBLE_EQ(s.a.score(), (20 + first_points) / 40);
  // 20 games a role, each its own cluster: enough for an interval (at the threshold); it holds the score.
  EXPECT_EQ(s.missing.a_first_ci, "");
  EXPECT_LE(s.a_score_placing_first_ci.lo, s.a_score_placing_first);
  EXPECT_GE(s.a_score_placing_first_ci.hi, s.a_score_placing_first);
  const nlohmann::json j = match::summary_json(config("random", "greedy", 40), s, nlohmann::json::object());
  EXPECT_DOUBLE_EQ(j["a_score_placing_last"].get<double>(), 1.0);
  EXPECT_FALSE(j["a_score_placing_first_ci95"].is_null());
}

TEST(Match, TheMechanismInEachRoleCountsTheGamesOfThatRoleOnly) {
  // 40 games, each its own placement; A places last in the odd games. When A places last its first move
  // captures in every game and it leads by 3 stones after 10 movement plies; when B places last, B's
  // first move captures in one game in four and B leads by -1, 0, +1 in turn (mean 0).
  std::vector<GameRecord> games;
  for (int i = 0; i < 40; ++i) {
    GameRecord g = made_up(i, 1);
    g.placement_key = static_cast<std::uint64_t>(i + 1);
    const bool a_last = g.colour_of(0) == g.last_placer;
    ASSERT_EQ(a_last, i % 2 == 1);
    g.captures = 2;
    g.first_move_captures = a_last ? 2 : (i % 8 == 0 ? 1 : 0);
    g.stone_diff_10 = a_last ? 3 : (i / 2) % 3 - 1;
    games.push_back(g);
  }
  const MatchSummary s = match::summarize(config("random", "greedy", 40), games);
  EXPECT_DOUBLE_EQ(s.a_placing_last.first_move_capture_rate, 1.0);
  EXPECT_DOUBLE_EQ(s.a_placing_last.stone_diff_10, 3.0);
  EXPECT_DOUBLE_EQ(s.a_placing_first.first_move_capture_rate, 0.25);
  EXPECT_NEAR(s.a_placing_first.stone_diff_10, (7 * -1 + 7 * 0 + 6 * 1) / 20.0, 1e-12);
  // Over all games the counters mix the two roles.
  EXPECT_DOUBLE_EQ(s.first_move_capture_rate, 25.0 / 40);
  EXPECT_LT(s.a_placing_first.stone_diff_10_ci.lo, s.a_placing_first.stone_diff_10);
  EXPECT_GT(s.a_placing_first.first_move_capture_ci.hi, 0.25);
  const nlohmann::json j = match::summary_json(config("random", "greedy", 40), s, nlohmann::json::object());
  EXPECT_DOUBLE_EQ(j["first_move_capture_rate_a_placing_first"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(j["stone_diff_10_a_placing_last"].get<double>(), 3.0);
  EXPECT_FALSE(j["stone_diff_10_ci95_a_placing_first"].is_null());
  // Too few clusters in a role: its intervals are left out with the role's reason.
  std::vector<GameRecord> few(games.begin(), games.begin() + 10);
  const MatchSummary t = match::summarize(config("random", "greedy", 10), few);
  const nlohmann::json k = match::summary_json(config("random", "greedy", 10), t, nlohmann::json::object());
  EXPECT_TRUE(k["first_move_capture_ci95_a_placing_last"].is_null());
  EXPECT_FALSE(k["first_move_capture_ci95_a_placing_last_reason"].get<std::string>().empty());
}

TEST(Match, FewEffectiveClustersLeaveTheClusteredIntervalsOutAndSaySo) {
  // 12 games, 10 of them one placement: 144 / (100 + 2) = 1.4 effective clusters.
  auto games = last_placer_games(12, 6, 2);
  for (int i = 0; i < 10; ++i) games[static_cast<std::size_t>(i)].placement_key = 99;
  const MatchSummary s = match::summarize(config("random", "random", 12), games);
  EXPECT_NEAR(s.clusters.effective, 144.0 / 102, 1e-12);
  EXPECT_EQ(s.missing.clustered,
            "rests on 1.4 effective clusters (the largest holds 83% of the games; at least 20 are needed)");
  const nlohmann::json j = match::summary_json(config("random", "random", 12), s, nlohmann::json::object());
  for (const char* key :
       {"last_placer_ci95_clustered", "last_placer_score_ci95", "last_placer_decisive_ci95", "draw_ci95_clustered",
        "first_move_capture_ci95", "last_placer_ci95_first_capture", "last_placer_ci95_no_first_capture"}) {
    EXPECT_TRUE(j[key].is_null()) << key;
    EXPECT_EQ(j[std::string(key) + "_reason"], s.missing.clustered) << key;
  }
  // The stone lead's interval gives the first reason it has: here, too few clusters for any interval.
  EXPECT_TRUE(j["stone_diff_10_ci95"].is_null());
  EXPECT_EQ(j["stone_diff_10_ci95_reason"], "3 clusters are too few (at least 10 are needed)");
  // The score itself is still given: (6 + 1) / 12.
  EXPECT_DOUBLE_EQ(j["last_placer_score"].get<double>(), 7.0 / 12);
  // 3 clusters in 6 game pairs: the games repeat, so the plain intervals (Wilson's, Elo's, LOS) are left
  // out too, with the reason that says so.
  EXPECT_NE(s.missing.repeats.find("the 12 games are"), std::string::npos) << s.missing.repeats;
  for (const char* key : {"last_placer_ci95", "draw_ci95", "last_placer_loss_ci95", "elo_ci95"}) {
    EXPECT_TRUE(j[key].is_null()) << key;
    EXPECT_EQ(j[std::string(key) + "_reason"], s.missing.repeats) << key;
  }
  // A figure left out for a reason of its own keeps it: 6 game pairs are too few for any pair interval.
  EXPECT_EQ(j["pair_elo_ci95_reason"], "6 game pairs are too few (at least 10 are needed)");
}

TEST(Match, PlainIntervalsStayWhenEachClusterIsAGamePair) {
  // 30 games in 15 pairs, each pair its own random opening: too few clusters for a clustered interval
  // (15 effective), but no game repeats beyond its pair, so the plain intervals stand.
  auto games = last_placer_games(30, 15, 5);
  for (std::size_t i = 0; i < games.size(); ++i) {
    games[i].opening_key = 1000 + i / 2;
    games[i].placement_key = 2000 + i;
  }
  const MatchSummary s = match::summarize(config("random", "random", 30), games);
  EXPECT_FALSE(s.missing.clustered.empty());
  EXPECT_TRUE(s.missing.repeats.empty()) << s.missing.repeats;
  const nlohmann::json j = match::summary_json(config("random", "random", 30), s, nlohmann::json::object());
  EXPECT_FALSE(j["last_placer_ci95"].is_null());
  EXPECT_FALSE(j.contains("last_placer_ci95_reason"));
  // One coincidence, a placement that two pairs share, joins them (14 clusters in 15 pairs): not a run
  // of repeated games either.
  games[2].placement_key = games[0].placement_key;
  const MatchSummary joined = match::summarize(config("random", "random", 30), games);
  EXPECT_EQ(joined.clusters.clusters, 14);
  EXPECT_TRUE(joined.missing.repeats.empty()) << joined.missing.repeats;
}

TEST(Match, ClustersJoinGamesThatShareAnOpeningOrAPlacement) {
  // 30 games in 15 pairs sharing a random opening (keys 1000 + pair), each game its own placement but
  // for games 0 and 29, which share one: 29 placement clusters, and 14 components: the pairs, with pair 0
  // and pair 14 joined through games 0 and 29.
  auto games = last_placer_games(30, 15, 5);
  for (int i = 0; i < 30; ++i)
    games[static_cast<std::size_t>(i)].opening_key = 1000 + static_cast<std::uint64_t>(i / 2);
  games[29].placement_key = games[0].placement_key;
  const MatchSummary s = match::summarize(config("random", "random", 30), games);
  EXPECT_EQ(s.placement_clusters.clusters, 29);
  EXPECT_EQ(s.clusters.clusters, 14);
  EXPECT_DOUBLE_EQ(s.clusters.largest_share, 4.0 / 30);
  EXPECT_NE(s.missing.clustered, "") << "14 clusters are fewer than 20";
}

TEST(Match, TheOpeningKeyIsSharedByAPairsGamesAndKeptByTheResultsFile) {
  // Without random turns there is no opening to share: key 0.
  for (const GameRecord& g : run(config("random", "random", 4), 1)) EXPECT_EQ(g.opening_key, 0u);
  // With two random turns the two games of a pair share their opening; pairs draw their own.
  const MatchConfig c = config("greedy", "greedy", 8, 2);
  const auto games = run(c, 2);
  std::set<std::uint64_t> openings;
  for (std::size_t i = 0; i < games.size(); i += 2) {
    EXPECT_NE(games[i].opening_key, 0u);
    EXPECT_EQ(games[i].opening_key, games[i + 1].opening_key) << "pair " << i / 2;
    openings.insert(games[i].opening_key);
  }
  EXPECT_EQ(openings.size(), 4u);
  // The results file keeps the key; a line without one (no random turns, or written before the key
  // existed) reads as 0, no opening known.
  const Tournament t = c.tournament();
  std::string text = results_header(t, "test") + "\n";
  for (const auto& g : games) text += record_line(t, g) + "\n";
  auto back = read_results(t, text);
  ASSERT_TRUE(back.ok()) << back.error;
  for (std::size_t i = 0; i < games.size(); ++i) EXPECT_EQ(back.value.games[i].opening_key, games[i].opening_key);
  nlohmann::json old = nlohmann::json::parse(record_line(t, games[0]));
  old.erase("opening_key");
  auto without = read_results(results_header(t, "test") + "\n" + old.dump() + "\n");
  ASSERT_TRUE(without.ok()) << without.error;
  EXPECT_EQ(without.value.games[0].opening_key, 0u);
}

TEST(Match, MechanismCountersFollowTheRecords) {
  MatchConfig c = config("random", "random", 8);
  // First movement turns take 2, 0, 1, 0, 0, 3, 0, 0 stones; the last placer (b) wins games 0, 1, 2, 4.
  const int taken[] = {2, 0, 1, 0, 0, 3, 0, 0};
  const bool last_placer_wins[] = {true, true, true, false, true, false, false, false};
  const int diff[] = {2, 0, 1, -1, 0, 3, -2, 1};
  std::vector<GameRecord> games;
  for (int i = 0; i < 8; ++i) {
    GameRecord g = made_up(i, 1);
    g.outcome = Outcome::win(last_placer_wins[i] ? Black : White, EndReason::AllCaptured);
    g.first_move_captures = taken[i];
    g.stone_diff_10 = diff[i];
    g.placement_key = static_cast<std::uint64_t>(i);
    games.push_back(g);
  }
  const MatchSummary s = match::summarize(c, games);
  EXPECT_EQ(s.first_move_capture_games, 3);
  EXPECT_DOUBLE_EQ(s.first_move_capture_rate, 3.0 / 8);
  EXPECT_DOUBLE_EQ(s.first_move_stones, 2.0);                          // (2 + 1 + 3) / 3
  EXPECT_DOUBLE_EQ(s.last_placer_win_rate_first_capture, 2.0 / 3);     // games 0, 2 of 0, 2, 5
  EXPECT_DOUBLE_EQ(s.last_placer_win_rate_no_first_capture, 2.0 / 5);  // games 1, 4 of 1, 3, 4, 6, 7
  EXPECT_DOUBLE_EQ(s.stone_diff_10, 0.5);                              // 4 / 8
  const Interval w = wilson(2, 3);
  EXPECT_NEAR(s.last_placer_win_ci_first_capture.lo, w.lo, 1e-12);  // one game a placement: Wilson's
  EXPECT_LT(s.stone_diff_10_ci.lo, 0.5);
  EXPECT_GT(s.stone_diff_10_ci.hi, 0.5);
}

TEST(Match, TwoGamesAreTooFewForAnEloAndTheSummarySaysSo) {
  // One pair, won and lost: the pair's spread is 0 and the normal interval would be +0 +- 0.
  const nlohmann::json j = summary_of({1, -1});
  expect_left_out(j, "pair_elo", "1 game pair is too few (at least 10 are needed)");
  expect_left_out(j, "pair_elo_ci95", "1 game pair is too few (at least 10 are needed)");
  expect_left_out(j, "normalized_elo", "1 game pair is too few (at least 10 are needed)");
  expect_left_out(j, "normalized_elo_ci95", "1 game pair is too few (at least 10 are needed)");
  expect_left_out(j, "pair_los", "1 game pair is too few (at least 10 are needed)");
  expect_left_out(j, "elo", "2 games are too few (at least 10 are needed)");
  expect_left_out(j, "elo_ci95", "2 games are too few (at least 10 are needed)");
  expect_left_out(j, "los", "2 decisive games are too few (at least 10 are needed)");
  expect_left_out(j, "stone_diff_10_ci95", "2 clusters are too few (at least 10 are needed)");
  // A single game is not even a pair.
  const nlohmann::json one = summary_of({1});
  expect_left_out(one, "pair_elo", "no complete game pair (at least 10 are needed)");
  expect_left_out(one, "elo", "1 game is too few (at least 10 are needed)");
}

TEST(Match, ASweepHasAnInfiniteEloWithNoIntervalAndNoNaN) {
  const nlohmann::json j = summary_of(std::vector<int>(20, 1));
  EXPECT_EQ(j.at("pair_elo"), "+inf");
  EXPECT_EQ(j.at("elo"), "+inf");
  expect_left_out(j, "pair_elo_ci95", "A won every game pair 2-0: the Elo is +inf, with no interval");
  expect_left_out(j, "elo_ci95", "every game won by A: the Elo is +inf, with no interval");
  expect_left_out(j, "normalized_elo", "A won every game pair 2-0: no spread to normalize by");
  expect_left_out(j, "normalized_elo_ci95", "A won every game pair 2-0: no spread to normalize by");
  EXPECT_EQ(j.at("pair_los"), 1.0);  // ten pairs won 2-0: as sure as a LOS gets
  EXPECT_EQ(j.dump().find("nan"), std::string::npos) << j.dump();
  const nlohmann::json b = summary_of(std::vector<int>(20, -1));
  EXPECT_EQ(b.at("pair_elo"), "-inf");
  expect_left_out(b, "pair_elo_ci95", "B won every game pair 2-0: the Elo is -inf, with no interval");
  expect_left_out(b, "elo_ci95", "every game won by B: the Elo is -inf, with no interval");
}

TEST(Match, PairsThatAllScoreAlikeGiveAnEloButNoZeroWidthInterval) {
  // Ten pairs, each won once and lost once (deterministic self-play does this): the pair Elo is 0 but
  // its spread is 0, while the games themselves vary.
  std::vector<int> split;
  for (int i = 0; i < 10; ++i) split.insert(split.end(), {1, -1});
  const nlohmann::json j = summary_of(split);
  EXPECT_EQ(j.at("pair_elo"), 0.0);
  expect_left_out(j, "pair_elo_ci95", "every game pair ended 1-1: no spread, so no interval");
  EXPECT_TRUE(j.at("elo_ci95").is_array()) << j.at("elo_ci95");
  EXPECT_FALSE(j.contains("elo_ci95_reason"));
  // Every game drawn: no spread by games either.
  const nlohmann::json d = summary_of(std::vector<int>(20, 0));
  EXPECT_EQ(d.at("elo"), 0.0);
  expect_left_out(d, "elo_ci95", "every game drawn: no spread, so no interval");
  expect_left_out(d, "los", "no decisive games (at least 10 are needed)");
  // A scored 1.5 of 2 in every pair.
  std::vector<int> three_quarters;
  for (int i = 0; i < 10; ++i) three_quarters.insert(three_quarters.end(), {1, 0});
  expect_left_out(summary_of(three_quarters), "pair_elo_ci95",
                  "A scored 1.5 of 2 points in every game pair: no spread, so no interval");
}

TEST(Match, EnoughVariedGamesGiveEveryFigure) {
  std::vector<int> varied;
  for (int i = 0; i < 24; ++i) varied.push_back(i % 3 == 0 ? -1 : i % 3 == 1 ? 1 : 0);
  std::swap(varied[3], varied[4]);  // pairs that do not all score alike
  const nlohmann::json j = summary_of(varied);
  for (const char* key : {"elo", "elo_ci95", "pair_elo", "pair_elo_ci95", "normalized_elo", "normalized_elo_ci95",
                          "los", "pair_los", "stone_diff_10_ci95"}) {
    EXPECT_FALSE(j.at(key).is_null()) << key;
    EXPECT_FALSE(j.contains(std::string(key) + "_reason")) << key;
  }
  EXPECT_LT(j.at("pair_elo_ci95")[0].get<double>(), j.at("pair_elo_ci95")[1].get<double>());
}

TEST(Match, LastPlacerIsBlackAndItsWinsAreCountedAsSuch) {
  MatchConfig c = config("random", "random", 4);
  // Game 0: A is w and wins (first placer wins). Game 1: A is b and wins (last placer wins).
  // Game 2: A is w and loses (last placer wins). Game 3: draw.
  std::vector<GameRecord> games = {made_up(0, 1), made_up(1, 1), made_up(2, -1), made_up(3, 0)};
  MatchSummary s = match::summarize(c, games);
  EXPECT_EQ(s.first_placer_wins, 1);
  EXPECT_EQ(s.last_placer_wins, 2);
  EXPECT_EQ(s.draws, 1);
  EXPECT_EQ(s.a.wins, 2);
  EXPECT_EQ(s.a.losses, 1);
  EXPECT_EQ(s.end_reasons.at("all_captured"), 3);
  EXPECT_EQ(s.end_reasons.at("quiet_limit"), 1);
}

}  // namespace
}  // namespace seega
