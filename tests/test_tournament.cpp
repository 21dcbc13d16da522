// Tournaments: schedules as pure functions of the game index, score boards that merge, the runner on
// any thread count, resumed and stopped, and colour-neutral records.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "engine/replay.hpp"
#include "runs/format/game_record_json.hpp"
#include "runs/format/results_file.hpp"
#include "runs/kinds/ladder.hpp"
#include "runs/kinds/match.hpp"
#include "runs/play/runner.hpp"
#include "runs/play/score_board.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

std::vector<PlayerSpec> specs(const std::vector<std::string>& texts) {
  std::vector<PlayerSpec> out;
  for (const auto& t : texts) {
    auto p = parse_player(t);
    EXPECT_TRUE(p.ok()) << t << ": " << p.error;
    out.push_back(p.value);
  }
  return out;
}

Tournament tournament(const std::vector<std::string>& players, ScheduleKind kind, long long per_pair,
                      const std::string& rules = "standard", int opening_turns = 1, std::uint64_t seed = 5) {
  const auto p = specs(players);
  return Tournament{test::rules(rules), p, Schedule(kind, static_cast<int>(p.size()), per_pair), seed, opening_turns};
}

std::vector<GameRecord> run(const Tournament& t, int threads, std::vector<GameRecord> finished = {},
                            RunHooks hooks = {}) {
  RunOptions o;
  o.threads = threads;
  std::atomic<bool> stop{false};
  return run_tournament(t, o, std::move(finished), hooks, &stop);
}

void expect_same_records(const std::vector<GameRecord>& x, const std::vector<GameRecord>& y) {
  ASSERT_EQ(x.size(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(x[i].index, y[i].index);
    EXPECT_EQ(x[i].seed, y[i].seed);
    EXPECT_EQ(x[i].player[0], y[i].player[0]);
    EXPECT_EQ(x[i].player[1], y[i].player[1]);
    EXPECT_EQ(x[i].outcome, y[i].outcome) << "game " << x[i].index;
    EXPECT_EQ(x[i].moves, y[i].moves) << "game " << x[i].index;
  }
}

TEST(Schedule, RoundRobinGivesEveryPairingTheSameGamesAndEveryPlayerBothRoles) {
  const Schedule s(ScheduleKind::RoundRobin, 4, 6);
  ASSERT_EQ(s.pairings(), 6);
  EXPECT_EQ(s.games(), 36);
  std::map<std::pair<int, int>, int> games, placed_first;
  for (long long i = 0; i < s.games(); ++i) {
    const ScheduledGame g = s.game(i, 1, White);
    const Pairing& p = s.pairing(g.pairing);
    EXPECT_NE(g.player[White], g.player[Black]);
    EXPECT_EQ(std::min(g.player[0], g.player[1]), p.a);
    EXPECT_EQ(std::max(g.player[0], g.player[1]), p.b);
    ++games[{p.a, p.b}];
    ++placed_first[{g.player[White], g.player[Black]}];
  }
  EXPECT_EQ(games.size(), 6u);
  for (const auto& [pair, n] : games) EXPECT_EQ(n, 6) << pair.first << "-" << pair.second;
  // Each player of each pairing places first (w) in half of its games.
  for (const auto& [pair, n] : placed_first) EXPECT_EQ(n, 3) << pair.first << " first against " << pair.second;
  EXPECT_EQ(placed_first.size(), 12u);
}

TEST(Schedule, GauntletPlaysTheFirstPlayerAgainstEachOfTheOthers) {
  const Schedule s(ScheduleKind::Gauntlet, 4, 4);
  ASSERT_EQ(s.pairings(), 3);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.pairing(p), (Pairing{0, p + 1}));
  std::map<int, int> games;
  for (long long i = 0; i < s.games(); ++i) {
    const ScheduledGame g = s.game(i, 9, White);
    EXPECT_TRUE(g.player[0] == 0 || g.player[1] == 0) << "game " << i;
    ++games[g.player[0] + g.player[1]];
  }
  EXPECT_EQ(games, (std::map<int, int>{{1, 4}, {2, 4}, {3, 4}}));
}

TEST(Schedule, ChainPlaysEachPlayerAgainstTheNext) {
  const Schedule s(ScheduleKind::Chain, 4, 2);
  ASSERT_EQ(s.pairings(), 3);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.pairing(p), (Pairing{p, p + 1}));
  EXPECT_EQ(s.games(), 6);
  EXPECT_EQ(parse_schedule_kind("chain").value, ScheduleKind::Chain);
  EXPECT_EQ(to_string(ScheduleKind::Chain), "chain");
  EXPECT_NE(parse_schedule_kind("ladder").error.find("chain"), std::string::npos);
}

TEST(Schedule, PairsPlaysEachPlayerAgainstItsPartnerOnly) {
  const Schedule s(ScheduleKind::Pairs, 6, 2);
  ASSERT_EQ(s.pairings(), 3);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(s.pairing(p), (Pairing{2 * p, 2 * p + 1}));
  EXPECT_EQ(s.games(), 6);
  // Game pair q is pairing q: games 2q and 2q + 1 are players 2q and 2q + 1, swapping who places first.
  for (long long i = 0; i < 6; ++i) {
    const ScheduledGame g = s.game(i, 5, White);
    EXPECT_EQ(g.player[White], i) << "game " << i;
    EXPECT_EQ(g.player[Black], i % 2 == 0 ? i + 1 : i - 1) << "game " << i;
  }
  EXPECT_EQ(parse_schedule_kind("pairs").value, ScheduleKind::Pairs);
  EXPECT_EQ(to_string(ScheduleKind::Pairs), "pairs");
  EXPECT_NE(Schedule::invalid(ScheduleKind::Pairs, 5, 2).find("even number of players"), std::string::npos);
  EXPECT_EQ(Schedule::invalid(ScheduleKind::Pairs, 2, 7), "");  // one pair is a match
}

TEST(Schedule, AGameDependsOnItsIndexAndTheSeedAlone) {
  const Schedule short_run(ScheduleKind::RoundRobin, 3, 2), long_run(ScheduleKind::RoundRobin, 3, 200);
  std::set<std::uint64_t> seeds;
  for (long long i = 0; i < short_run.games(); ++i) {
    const ScheduledGame a = short_run.game(i, 77, White), b = long_run.game(i, 77, White);
    EXPECT_EQ(a.seed, b.seed);
    EXPECT_EQ(a.opening_seed, b.opening_seed);
    EXPECT_EQ(a.player[0], b.player[0]);
    EXPECT_EQ(a.player[1], b.player[1]);
    seeds.insert(a.seed);
    EXPECT_NE(a.seed, short_run.game(i, 78, White).seed);
  }
  EXPECT_EQ(seeds.size(), static_cast<std::size_t>(short_run.games()));
  // The two games of a pair share the opening and swap who places first.
  for (long long q = 0; q < 10; ++q) {
    const ScheduledGame even = long_run.game(2 * q, 3, White), odd = long_run.game(2 * q + 1, 3, White);
    EXPECT_EQ(even.opening_seed, odd.opening_seed);
    EXPECT_EQ(even.player[White], odd.player[Black]);
    EXPECT_EQ(even.player[Black], odd.player[White]);
    EXPECT_NE(even.opening_seed, long_run.game(2 * q + 2, 3, White).opening_seed);
  }
}

TEST(Schedule, FirstPlacerComesFromTheRulesNotAColour) {
  const Schedule s(ScheduleKind::RoundRobin, 2, 4);
  for (long long i = 0; i < 4; ++i) {
    // The pairing's first player places first in even games, whichever colour that is.
    const int first = i % 2 == 0 ? 0 : 1;
    EXPECT_EQ(s.game(i, 1, White).player[White], first);
    EXPECT_EQ(s.game(i, 1, Black).player[Black], first);
  }
}

TEST(Schedule, ImpossibleShapesAreRefusedWithAReason) {
  EXPECT_NE(Schedule::invalid(ScheduleKind::RoundRobin, 1, 10).find("at least 2 players"), std::string::npos);
  EXPECT_NE(Schedule::invalid(ScheduleKind::RoundRobin, 3, 7).find("even"), std::string::npos);
  EXPECT_NE(Schedule::invalid(ScheduleKind::Gauntlet, 3, 0).find("at least 1"), std::string::npos);
  EXPECT_EQ(Schedule::invalid(ScheduleKind::RoundRobin, 2, 7), "");  // a match may have an odd count
  EXPECT_TRUE(parse_schedule_kind("gauntlet").ok());
  EXPECT_NE(parse_schedule_kind("swiss").error.find("round-robin, gauntlet"), std::string::npos);
}

TEST(ScoreBoard, MergedBoardsOfDisjointGamesEqualTheBoardOfAllOfThem) {
  const Tournament t = tournament({"random", "greedy", "random(blunder=0.5)"}, ScheduleKind::RoundRobin, 20);
  const auto all = run(t, 2);
  ASSERT_EQ(all.size(), 60u);
  ScoreBoard whole(t.schedule);
  for (const auto& g : all) whole.add(g);
  EXPECT_EQ(whole.unpaired(), 0u);
  long long games = 0, pairs = 0;
  for (int p = 0; p < whole.pairings(); ++p) games += whole.score(p).a.games(), pairs += whole.score(p).pairs.pairs();
  EXPECT_EQ(games, 60);
  EXPECT_EQ(pairs, 30);
  std::mt19937 rng(4);
  for (int round = 0; round < 20; ++round) {
    // Random splits into three parts, so that the two games of many pairs land on different boards.
    ScoreBoard parts[3] = {ScoreBoard(t.schedule), ScoreBoard(t.schedule), ScoreBoard(t.schedule)};
    auto shuffled = all;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    for (const auto& g : shuffled) parts[rng() % 3].add(g);
    EXPECT_GT(parts[0].unpaired() + parts[1].unpaired() + parts[2].unpaired(), 0u);
    ScoreBoard merged = parts[2];
    merged.merge(parts[0]);
    merged.merge(parts[1]);
    EXPECT_TRUE(merged == whole) << "round " << round;
  }
}

TEST(ScoreBoard, CountsEachPairingFromItsFirstPlayersSide) {
  const Tournament t = tournament({"greedy", "random", "random(blunder=1)"}, ScheduleKind::Gauntlet, 40, "standard", 0);
  const auto all = run(t, 2);
  ScoreBoard b(t.schedule);
  for (const auto& g : all) b.add(g);
  for (int p = 0; p < 2; ++p) {
    const WDL& w = b.score(p).a;
    EXPECT_EQ(w.games(), 40);
    EXPECT_GT(w.score(), 0.8) << "greedy against a random player, pairing " << p;
    double points = 0;
    for (const auto& g : all)
      if (t.schedule.pairing_of(g.index) == p) points += g.points(0);
    EXPECT_DOUBLE_EQ(points, w.wins + 0.5 * w.draws);
  }
}

TEST(Runner, ATournamentIsTheSameOnAnyThreadCount) {
  const Tournament t = tournament({"ab(depth=1)", "greedy", "random"}, ScheduleKind::RoundRobin, 8);
  const auto one = run(t, 1), two = run(t, 2), three = run(t, 3);
  ASSERT_EQ(one.size(), 24u);
  for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i].index, static_cast<long long>(i));
  expect_same_records(one, two);
  expect_same_records(one, three);
  // And every game is the one play_scheduled_game plays on its own.
  for (long long i : {0LL, 7LL, 23LL})
    expect_same_records({one[static_cast<std::size_t>(i)]}, {*play_scheduled_game(t, i)});
}

TEST(Runner, AResumedLadderEqualsAnUninterruptedOne) {
  LadderConfig c;
  c.rules = standard_rules();
  c.players = specs({"random", "greedy", "ab(depth=1)"});
  c.games_per_pair = 10;
  c.seed = 12;
  c.opening_turns = 2;
  const Tournament t = c.tournament();
  const auto full = run(t, 2);
  // Stop after seven games, as Ctrl-C would, then resume from what was recorded.
  std::atomic<bool> stop{false};
  RunHooks hooks;
  std::vector<GameRecord> seen;
  hooks.on_record = [&](const GameRecord& g) {
    seen.push_back(g);
    if (seen.size() == 7) stop.store(true);
  };
  RunOptions o;
  o.threads = 2;
  auto partial = run_tournament(t, o, {}, hooks, &stop);
  ASSERT_GE(partial.size(), 7u);
  ASSERT_LT(partial.size(), full.size());
  std::vector<long long> played;
  RunHooks count;
  count.on_record = [&](const GameRecord& g) { played.push_back(g.index); };
  const auto resumed = run(t, 2, partial, count);
  expect_same_records(full, resumed);
  EXPECT_EQ(played.size(), full.size() - partial.size()) << "a finished game was played again";
  auto a = ladder::summarize(c, full), b = ladder::summarize(c, resumed);
  ASSERT_TRUE(a.ok()) << a.error;
  ASSERT_TRUE(b.ok()) << b.error;
  EXPECT_EQ(a.value.fit.rating, b.value.fit.rating);
  EXPECT_TRUE(a.value.board == b.value.board);
}

TEST(Ladder, TheAnchorAndAPlayerWithTooFewGamesGetNoInterval) {
  LadderConfig c;
  c.rules = standard_rules();
  c.players = specs({"random", "greedy", "ab(depth=1)"});
  c.schedule = ScheduleKind::Gauntlet;  // random plays 8 games, the others 4 each
  c.games_per_pair = 4;
  c.seed = 3;
  auto s = ladder::summarize(c, run(c.tournament(), 2));
  ASSERT_TRUE(s.ok()) << s.error;
  const nlohmann::json j = ladder::summary_json(c, s.value);
  std::map<std::string, nlohmann::json> by_name;
  for (const auto& p : j.at("players")) by_name[p.at("name").get<std::string>()] = p;
  // The anchor is 0 by definition: a zero-width interval around it would read as a measurement.
  EXPECT_EQ(by_name.at("random").at("rating"), 0.0);
  EXPECT_TRUE(by_name.at("random").at("ci95").is_null()) << by_name.at("random");
  EXPECT_EQ(by_name.at("random").value("ci95_reason", std::string()), "the anchor: rated 0 by definition");
  for (const char* name : {"greedy", "ab(depth=1)"}) {
    const nlohmann::json& p = by_name.at(name);
    EXPECT_TRUE(p.at("ci95").is_null()) << p;
    EXPECT_EQ(p.value("ci95_reason", std::string()), "4 games are too few (at least 10 are needed)") << name;
  }
  // The difference to the next player down needs both players' games.
  for (const auto& p : j.at("players"))
    if (p.contains("below")) {
      EXPECT_TRUE(p.at("diff_below_ci95").is_null()) << p;
      EXPECT_NE(p.value("diff_below_ci95_reason", std::string()), "") << p;
    }
  EXPECT_EQ(j.dump().find("nan"), std::string::npos) << j.dump();

  // Ten games a pairing: every player but the anchor has its interval.
  c.games_per_pair = 10;
  auto t = ladder::summarize(c, run(c.tournament(), 2));
  ASSERT_TRUE(t.ok()) << t.error;
  const nlohmann::json ten = ladder::summary_json(c, t.value);  // held: a loop over a temporary's member would dangle
  for (const auto& p : ten.at("players")) {
    const bool anchor = p.at("name") == "random";
    EXPECT_EQ(p.at("ci95").is_null(), anchor) << p;
    EXPECT_EQ(p.contains("ci95_reason"), anchor) << p;
    if (p.contains("below")) {
      EXPECT_TRUE(p.at("diff_below_ci95").is_array()) << p;
    }
  }
}

TEST(Runner, NoGameStartsOnceTheStoppingRuleSaysEnough) {
  const Tournament t = tournament({"random", "random"}, ScheduleKind::RoundRobin, 400, "standard", 0);
  for (int threads : {1, 2}) {
    RunHooks hooks;
    int asked = 0;
    hooks.enough = [&](const GameRecord&) { return ++asked >= 10; };
    const auto records = run(t, threads, {}, hooks);
    // Ten games, and at most one other that a second worker had taken before the tenth ended.
    EXPECT_GE(records.size(), 10u);
    EXPECT_LE(records.size(), static_cast<std::size_t>(9 + threads)) << threads << " threads";
  }
}

TEST(Runner, AnSprtMatchWritesNoGamesPastItsDecisionOnOneThread) {
  MatchConfig c;
  c.rules = standard_rules();
  c.a = specs({"greedy"})[0];
  c.b = specs({"random"})[0];
  c.games = 400;
  c.opening_turns = 1;
  c.sprt = SprtConfig{-20, 0, 0.1, 0.1};
  c.threads = 1;
  long long written = 0;
  RunHooks hooks;
  hooks.on_record = [&](const GameRecord&) { ++written; };
  const auto records = run_match(c, {}, hooks, nullptr);
  const MatchSummary s = match::summarize(c, records);
  ASSERT_TRUE(s.sprt_decided);
  EXPECT_EQ(written, 2 * s.sprt_pairs);
  EXPECT_EQ(s.games, 2 * s.sprt_pairs);
  // Undecided, the SPRT still reports the pairs it has tested.
  MatchConfig undecided = c;
  undecided.sprt = SprtConfig{-1, 1, 0.01, 0.01};
  undecided.games = 8;
  const MatchSummary u = match::summarize(undecided, run_match(undecided, {}, {}, nullptr));
  EXPECT_FALSE(u.sprt_decided);
  EXPECT_EQ(u.sprt_pairs, 4);
}

TEST(Runner, WhenBlackPlacesFirstTheLastPlacerIsWhiteAndCountedAsSuch) {
  MatchConfig c;
  c.rules = test::rules("standard(first_placer=b)");
  c.a = specs({"ab(depth=1)"})[0];
  c.b = c.a;
  c.games = 40;
  c.opening_turns = 2;
  c.threads = 2;
  const auto records = run_match(c, {}, {}, nullptr);
  long long white_wins = 0, black_wins = 0;
  for (const auto& g : records) {
    EXPECT_EQ(g.first_placer, Black);
    EXPECT_EQ(g.last_placer, White);
    ASSERT_FALSE(g.moves.empty());
    // A places first (as b) in even games.
    EXPECT_EQ(g.player[Black], g.index % 2 == 0 ? 0 : 1);
    if (!g.outcome.draw()) (g.outcome.winner == White ? white_wins : black_wins)++;
  }
  const MatchSummary s = match::summarize(c, records);
  EXPECT_EQ(s.last_placer_wins, white_wins);
  EXPECT_EQ(s.first_placer_wins, black_wins);
  EXPECT_GT(s.last_placer_wins, 0);
  // The results file says so, and reads back.
  const Tournament t = c.tournament();
  std::string text = results_header(t, "test") + "\n";
  for (const auto& g : records) text += record_line(t, g) + "\n";
  EXPECT_NE(text.find("\"first_placer\":\"b\""), std::string::npos);
  auto back = read_results(t, text);
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(match::summarize(c, back.value.games).last_placer_wins, s.last_placer_wins);
  // The same file does not pass for a run where w places first.
  MatchConfig white = c;
  white.rules = standard_rules();
  EXPECT_FALSE(read_results(white.tournament(), text).ok());
}

TEST(ResultsFile, TheHeaderNamesEachPlayersEvaluationAndAResumeAcrossAChangeIsRefused) {
  // random evaluates nothing; ab(depth=1) the built-in weights of its board, here under a variant of 5x5
  // standard's rules that keeps the board.
  const Tournament t =
      tournament({"random", "ab(depth=1)"}, ScheduleKind::RoundRobin, 2, "standard(first_mover=first)");
  const auto games = run(t, 1);
  const nlohmann::json header = nlohmann::json::parse(results_header(t, "test"));
  ASSERT_TRUE(header.contains("evaluations")) << header.dump();
  const nlohmann::json& e = header["evaluations"];
  EXPECT_FALSE(e.contains("0")) << e.dump();
  EXPECT_EQ(e["1"]["name"], "built-in 5x5 standard");
  EXPECT_EQ(e["1"]["hash"], weights_hash(builtin_weights(standard_rules())));
  auto text_with = [&](const nlohmann::json& h) {
    std::string text = h.dump() + "\n";
    for (const auto& g : games) text += record_line(t, g) + "\n";
    return text;
  };
  ASSERT_TRUE(read_results(t, text_with(header)).ok());
  // The same file, had the built-in weights been others when it was written: a resume is refused, naming
  // the player and both evaluations; read back (seega summary), the games are what they are.
  nlohmann::json changed = header;
  changed["evaluations"]["1"]["hash"] = "0123456789abcdef";
  auto resumed = read_results(t, text_with(changed));
  ASSERT_FALSE(resumed.ok());
  EXPECT_NE(resumed.error.find("player 'ab(depth=1)' evaluated with built-in 5x5 standard (weights 0123456789abcdef)"),
            std::string::npos)
      << resumed.error;
  EXPECT_NE(resumed.error.find("this run's with built-in 5x5 standard (weights " + e["1"]["hash"].get<std::string>()),
            std::string::npos)
      << resumed.error;
  auto read_back = read_results(t, text_with(changed), ResultsCheck::Fields, {}, HeaderUse::ReadBack);
  EXPECT_TRUE(read_back.ok()) << read_back.error;
  EXPECT_EQ(read_back.value.games.size(), games.size());
  // A file written before evaluations were recorded is continued, with a warning that says so.
  nlohmann::json old = header;
  old.erase("evaluations");
  auto older = read_results(t, text_with(old));
  ASSERT_TRUE(older.ok()) << older.error;
  EXPECT_NE(older.value.header_warning.find("records no evaluation"), std::string::npos);
  // A player with a weights file is named by the file and the hash of what it held.
  Tournament w = t;
  w.players[1].weights_file = "w.txt";
  w.players[1].weights = Weights::defaults();
  const nlohmann::json wh = nlohmann::json::parse(results_header(w, "test"));
  EXPECT_EQ(wh["evaluations"]["1"]["name"], "file w.txt");
  EXPECT_EQ(wh["evaluations"]["1"]["hash"], weights_hash(Weights::defaults()));
}

TEST(ResultsFile, AGameThatIsNotTheSchedulesGameAtItsIndexIsRefused) {
  const Tournament t = tournament({"random", "greedy", "ab(depth=1)"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  auto text_with = [&](const std::function<void(GameRecord&)>& change) {
    std::string text = results_header(t, "test") + "\n";
    for (auto g : games) {
      if (g.index == 3) change(g);
      text += record_line(t, g) + "\n";
    }
    return text;
  };
  EXPECT_TRUE(read_results(t, text_with([](GameRecord&) {})).ok());
  auto seed = read_results(t, text_with([](GameRecord& g) { ++g.seed; }));
  EXPECT_NE(seed.error.find("seed"), std::string::npos) << seed.error;
  auto players = read_results(t, text_with([](GameRecord& g) { std::swap(g.player[0], g.player[1]); }));
  EXPECT_NE(players.error.find("players"), std::string::npos) << players.error;
  auto outside = read_results(t, text_with([](GameRecord& g) { g.player[0] = 7; }));
  EXPECT_NE(outside.error.find("outside"), std::string::npos) << outside.error;
  auto negative = read_results(t, text_with([](GameRecord& g) { g.captures = -1; }));
  EXPECT_NE(negative.error.find("captures -1 is out of range (0 to"), std::string::npos) << negative.error;
  // A ladder of other players is another configuration.
  const Tournament other = tournament({"random", "greedy", "ab(depth=2)"}, ScheduleKind::RoundRobin, 2);
  auto foreign = read_results(other, text_with([](GameRecord&) {}));
  EXPECT_NE(foreign.error.find("players="), std::string::npos) << foreign.error;
  const Tournament gauntlet = tournament({"random", "greedy", "ab(depth=1)"}, ScheduleKind::Gauntlet, 2);
  auto schedule = read_results(gauntlet, text_with([](GameRecord&) {}));
  EXPECT_NE(schedule.error.find("schedule="), std::string::npos) << schedule.error;
}

TEST(ResultsFile, ATamperedLineIsRefusedNamingTheGameAndTheField) {
  // Issue 12, defect 7: edits that used to pass --resume and change the summary.
  const Tournament t = tournament({"random", "greedy", "ab(depth=1)"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  const GameRecord& g3 = games[3];
  auto text_with = [&](const std::function<void(nlohmann::json&)>& change) {
    std::string text = results_header(t, "test") + "\n";
    for (const auto& g : games) {
      nlohmann::json line = nlohmann::json::parse(record_line(t, g));
      if (g.index == 3) change(line);
      text += line.dump() + "\n";
    }
    return text;
  };
  ASSERT_TRUE(read_results(t, text_with([](nlohmann::json&) {}), ResultsCheck::Replay).ok());
  const std::string other = g3.outcome.draw() ? "w" : g3.outcome.winner == White ? "b" : "w";
  struct Case {
    std::string what;
    std::function<void(nlohmann::json&)> change;
    std::string error;
  };
  const Case cases[] = {
      {"result swapped", [&](nlohmann::json& j) { j["result"] = other; }, "result"},
      {"a changed", [](nlohmann::json& j) { j["a"] = j["a"] == "w" ? "b" : "w"; }, "'s a is"},
      {"winner changed", [](nlohmann::json& j) { j["winner"] = j["winner"] == "draw" ? "a" : "draw"; }, "winner"},
      {"a field added", [](nlohmann::json& j) { j["elo"] = 3000; }, "'s elo is 3000"},
      {"a derived field removed", [](nlohmann::json& j) { j.erase("winner"); }, "winner is missing"},
      // A stone more for a side that lost some (one that lost none would have more than it placed).
      {"a stone more",
       [](nlohmann::json& j) {
         const char* c = j["stones"]["w"].get<int>() < 12 ? "w" : "b";
         j["stones"][c] = j["stones"][c].get<int>() + 1;
       },
       "captures"},
      {"more stones than a side places", [](nlohmann::json& j) { j["stones"]["b"] = 13; }, "more than the 12"},
      {"a capture more", [](nlohmann::json& j) { j["captures"] = j["captures"].get<int>() + 1; }, "captures"},
      {"a ply more", [](nlohmann::json& j) { j["plies"] = j["plies"].get<int>() + 1; }, "plies"},
      {"a movement ply more", [](nlohmann::json& j) { j["movement_plies"] = j["movement_plies"].get<int>() + 1; },
       "movement_plies"},
      {"a pass more", [](nlohmann::json& j) { j["passes"] = j["passes"].get<int>() + 1; }, "plies"},
      {"a move dropped", [](nlohmann::json& j) { j["moves"].erase(j["moves"].size() - 1); }, "moves"},
      {"a seed not the index's",
       [](nlohmann::json& j) { j["seed"] = std::to_string(std::stoull(j["seed"].get<std::string>()) + 1); }, "seed"},
  };
  for (const auto& [what, change, error] : cases) {
    auto file = read_results(t, text_with(change));
    EXPECT_FALSE(file.ok()) << what << " was read";
    EXPECT_NE(file.error.find("game 3"), std::string::npos) << what << ": " << file.error;
    EXPECT_NE(file.error.find(error), std::string::npos) << what << ": " << file.error;
  }
}

TEST(ResultsFile, AnEditThatStillAddsUpIsFoundOnlyByReplayingTheMoves) {
  // Swap the colours' stones and the result, and keep "winner" in step: every field agrees with every
  // other, so only the moves can tell.
  const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 4);
  const auto games = run(t, 1);
  const auto decided = std::find_if(games.begin(), games.end(), [](const GameRecord& g) {
    return !g.outcome.draw() && g.outcome.reason == EndReason::QuietLimit && g.stones[White] != g.stones[Black];
  });
  ASSERT_NE(decided, games.end());
  std::string text = results_header(t, "test") + "\n";
  for (GameRecord g : games) {
    if (g.index == decided->index) {
      std::swap(g.stones[White], g.stones[Black]);
      g.outcome.winner = static_cast<std::int8_t>(~Color(g.outcome.winner));
    }
    text += record_line(t, g) + "\n";
  }
  EXPECT_TRUE(read_results(t, text).ok());
  auto replayed = read_results(t, text, ResultsCheck::Replay);
  EXPECT_FALSE(replayed.ok());
  EXPECT_NE(replayed.error.find("game " + std::to_string(decided->index) + ": the record says result"),
            std::string::npos)
      << replayed.error;
}

TEST(ResultsFile, EveryRecordTheRunnerWritesIsConsistent) {
  for (const std::string rules : {"standard", "diagonal(size=7)", "chain", "standard(walled_in=lose,size=9)"}) {
    SCOPED_TRACE(rules);
    const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 6, rules, 0);
    for (const auto& g : run(t, 2)) EXPECT_EQ(record_inconsistency(t.rules, g), "") << "game " << g.index;
  }
}

// Bad numbers in a game line's integer fields, field by field: the path of a field (a/b: the field b of
// the object a), and values written there, each with what the error that refuses it says.
struct BadNumbers {
  std::string path;
  std::vector<std::pair<std::string, std::string>> values;
};
const BadNumbers kBadNumbers[] = {
    {"index",
     {{"18446744073709551615", "index 18446744073709551615 is out of range (0 to"},
      {"-1", "index -1 is out of range (0 to"},
      {"3.7", "index 3.7 is not a whole number"}}},
    {"captures", {{"2.5", "captures 2.5 is not a whole number"}}},
    {"plies",
     {{"4294967296", "plies 4294967296 is out of range"}, {std::string(30, '9'), "plies 1e+30 is not a whole number"}}},
    {"seed",
     {{"-1", "seed -1 is out of range"},
      // The fuzz finding: a number past 2^64, which JSON reads as a double (undefined behaviour to convert).
      {std::string(72, '4'), "seed 4.44444444444444"},
      {"18446744073709551616", "seed 1.8446744073709552e+19 is not a whole number"},
      {"2.5", "seed 2.5 is not a whole number"},
      {"\"12x\"", "seed \"12x\" is not a whole number written in decimal digits"},
      {"\"-1\"", "seed \"-1\" is not a whole number written in decimal digits"},
      {"\"18446744073709551616\"", "seed \"18446744073709551616\" is out of range"},
      {"true", "seed true is not a whole number"}}},
    {"game_key", {{"1e3", "game_key 1000.0 is not a whole number"}}},
    {"placement_key", {{"-5", "placement_key -5 is out of range (0 to"}}},
    {"players/w", {{"\"0\"", "players.w \"0\" is not a whole number"}}},
    {"stones/b", {{"-1", "stones.b -1 is out of range (0 to"}}},
    {"movement_moves/w", {{"1.5", "movement_moves.w 1.5 is not a whole number"}}},
    {"first_move_captures", {{"null", "first_move_captures null is not a whole number"}}},
};

// The JSON j with its value at path (as in BadNumbers) replaced by `value`.
nlohmann::json with_value(nlohmann::json j, const std::string& path, const std::string& value) {
  j[nlohmann::json::json_pointer("/" + path)] = nlohmann::json::parse(value);
  return j;
}

// Expects read(path, value), which reads a game line with that value at that path, to refuse every bad
// number with an error that names it.
template <typename Read>
void expect_every_bad_number_refused(const Read& read) {
  for (const auto& [path, values] : kBadNumbers)
    for (const auto& [value, error] : values) {
      const auto r = read(path, value);
      EXPECT_FALSE(r.ok()) << path << "=" << value << " was read";
      EXPECT_NE(r.error.find(error), std::string::npos) << path << "=" << value << ": " << r.error;
    }
}

TEST(ResultsFile, ACountThatIsNotAWholeNumberInRangeIsRefusedNeitherCutNorWrapped) {
  const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  const nlohmann::json good = nlohmann::json::parse(record_line(t, games[0]));
  // A results file of the one game line, its value at path replaced by `value`.
  auto with = [&](const std::string& path, const std::string& value) {
    return read_results(results_header(t, "test") + "\n" + with_value(good, path, value).dump() + "\n");
  };
  expect_every_bad_number_refused(with);
  EXPECT_EQ(with("index", "18446744073709551615").error.find("negative"), std::string::npos);
  EXPECT_TRUE(with("index", "0").ok());
}

TEST(ResultsFile, EveryKindOfBadNumberInAnyIntegerFieldIsRefusedNamingTheField) {
  const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  const nlohmann::json good = nlohmann::json::parse(record_line(t, games[0]));
  expect_every_bad_number_refused(
      [&](const std::string& path, const std::string& value) { return parse_game(with_value(good, path, value)); });
  // The search counts of a game that searched, an object inside an object.
  nlohmann::json searched = good;
  searched["search"] = {
      {"w", {{"searches", 1}, {"ended_by_nodes", 0}, {"ended_by_clock", 0}, {"nodes", 5}, {"max_nodes", 5}}},
      {"b", {{"searches", 1}, {"ended_by_nodes", 0}, {"ended_by_clock", 0}, {"nodes", 5}, {"max_nodes", 5}}}};
  ASSERT_TRUE(parse_game(searched).ok()) << parse_game(searched).error;
  auto nodes = parse_game(with_value(searched, "search/b/nodes", "-5"));
  EXPECT_NE(nodes.error.find("search.b.nodes -5 is out of range"), std::string::npos) << nodes.error;
  auto missing = good;
  missing["stones"].erase("w");
  EXPECT_NE(parse_game(missing).error.find("stones.w is missing"), std::string::npos) << parse_game(missing).error;

  // The header: the same helper, the line named.
  nlohmann::json header = nlohmann::json::parse(results_header(t, "test"));
  ASSERT_TRUE(header_tournament(header).ok()) << header_tournament(header).error;
  for (const auto& [key, value, error] :
       {std::tuple{"seed", std::string(72, '4'), "line 1 (the header): seed 4.4444"},
        std::tuple{"opening_turns", std::string("\"2\""),
                   "line 1 (the header): opening_turns \"2\" is not a whole number"},
        std::tuple{"format", std::string("4.0"), "line 1 (the header): format 4.0 is not a whole number"}}) {
    auto h = header;
    h[key] = nlohmann::json::parse(value);
    auto info = header_tournament(h);
    EXPECT_FALSE(info.ok()) << key << "=" << value;
    EXPECT_NE(info.error.find(error), std::string::npos) << info.error;
  }
}

TEST(ResultsFile, ASearchsDepthsAreWrittenAndReadBackAndAFileWithoutThemGivesNoMeanDepth) {
  const Tournament t = tournament({"ab(depth=2)", "greedy"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  ASSERT_EQ(games.size(), 2u);
  SearchTotals recorded, old;
  std::uint64_t depths = 0;
  for (const GameRecord& g : games) {
    const nlohmann::json line = nlohmann::json::parse(record_line(t, g));
    auto back = parse_game(line);
    ASSERT_TRUE(back.ok()) << back.error;
    const Color searcher = g.player[White] == 0 ? White : Black;
    ASSERT_GT(g.search[searcher].depths.value_or(0), 0u);
    depths += *g.search[searcher].depths;
    EXPECT_EQ(back.value.search[searcher], g.search[searcher]);
    EXPECT_EQ(back.value.search[~searcher], g.search[~searcher]);
    recorded.add(back.value.search[searcher]);
    // A line written before the depths were recorded: read, with no depths.
    nlohmann::json before = line;
    before["search"][colour_text(searcher)].erase("depths");
    auto without = parse_game(before);
    ASSERT_TRUE(without.ok()) << without.error;
    EXPECT_EQ(without.value.search[searcher].depths, std::nullopt);
    old.add(without.value.search[searcher]);
    // A depth for a colour that did not search does not add up.
    nlohmann::json bad = line;
    bad["search"][colour_text(~searcher)]["depths"] = 3;
    EXPECT_NE(parse_game(bad).error.find("inconsistent search counts"), std::string::npos) << parse_game(bad).error;
  }
  ASSERT_TRUE(recorded.mean_depth());
  EXPECT_DOUBLE_EQ(*recorded.mean_depth(), static_cast<double>(depths) / static_cast<double>(recorded.searches));
  EXPECT_GE(*recorded.mean_depth(), 2.0);  // depth 2, and more near the end of placement
  EXPECT_EQ(search_json(recorded)["mean_depth"], *recorded.mean_depth());
  EXPECT_EQ(old.mean_depth(), std::nullopt);
  EXPECT_TRUE(search_json(old)["mean_depth"].is_null());
  // One old game among new ones: the mean would rest on some searches only, so there is none.
  recorded.add(SearchCounts{.searches = 4, .nodes = 40, .max_nodes = 10, .depths = std::nullopt});
  EXPECT_EQ(recorded.mean_depth(), std::nullopt);
}

TEST(ResultsFile, SeedsAndKeysAreWrittenAsDecimalStringsThatReadersKeepExact) {
  const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  const nlohmann::json line = nlohmann::json::parse(record_line(t, games[0]));
  for (const char* key : {"seed", "placement_key", "game_key"}) {
    ASSERT_TRUE(line[key].is_string()) << key << " is " << line[key].dump();
    EXPECT_EQ(line[key].get<std::string>(), std::to_string(key == std::string("seed")       ? games[0].seed
                                                           : key == std::string("game_key") ? games[0].game_key
                                                                                            : games[0].placement_key));
  }
  const nlohmann::json header = nlohmann::json::parse(results_header(t, "test"));
  EXPECT_EQ(header["format"], 4);
  EXPECT_EQ(header["seed"], std::to_string(t.seed));
  EXPECT_EQ(header["build"].get<std::string>().empty(), false);
}

TEST(ResultsFile, AFileOfFormat3IsReadButNotContinued) {
  const Tournament t = tournament({"random", "greedy"}, ScheduleKind::RoundRobin, 2);
  const auto games = run(t, 1);
  // Format 3: the same lines with the seeds and keys as numbers.
  nlohmann::json header = nlohmann::json::parse(results_header(t, "0.1.0"));
  header["format"] = 3;
  header["seed"] = t.seed;
  nlohmann::json line = nlohmann::json::parse(record_line(t, games[0]));
  for (const char* key : {"seed", "placement_key", "game_key"}) line[key] = std::stoull(line[key].get<std::string>());
  const std::string text = header.dump() + "\n" + line.dump() + "\n";
  auto any = read_results(text);
  ASSERT_TRUE(any.ok()) << any.error;
  ASSERT_EQ(any.value.games.size(), 1u);
  EXPECT_EQ(any.value.games[0].game_key, games[0].game_key);
  EXPECT_EQ(any.value.games[0].seed, games[0].seed);
  auto info = header_tournament(any.value.header);
  ASSERT_TRUE(info.ok()) << info.error;
  EXPECT_EQ(info.value.seed, t.seed);
  EXPECT_EQ(info.value.rules, t.rules);
  ASSERT_EQ(info.value.players.size(), 2u);
  EXPECT_EQ(info.value.players[1].text, "greedy");
  EXPECT_EQ(info.value.schedule.kind(), ScheduleKind::RoundRobin);
  auto resumed = read_results(t, text);
  EXPECT_FALSE(resumed.ok());
  EXPECT_NE(resumed.error.find("is of format 3, written by an older seega"), std::string::npos) << resumed.error;
}

TEST(ResultsFile, AHeaderWithoutItsNewlineIsRefusedRatherThanGluedToAGame) {
  const Tournament t = tournament({"random", "random"}, ScheduleKind::RoundRobin, 2);
  auto file = read_results(t, results_header(t, "test"));
  EXPECT_FALSE(file.ok());
  EXPECT_NE(file.error.find("newline"), std::string::npos) << file.error;
}

TEST(Runner, EveryRecordTheRunnerWritesReplaysThroughItsResultsFile) {
  for (const std::string rules : {"standard(first_placer=b)", "diagonal", "chain(size=7)"}) {
    SCOPED_TRACE(rules);
    const Tournament t = tournament({"random", "greedy", "ab(depth=1)"}, ScheduleKind::RoundRobin, 4, rules, 2);
    const auto games = run(t, 2);
    std::string text = results_header(t, "test") + "\n";
    for (const auto& g : games) text += record_line(t, g) + "\n";
    auto back = read_results(t, text);
    ASSERT_TRUE(back.ok()) << back.error;
    ASSERT_EQ(back.value.games.size(), games.size());
    for (const auto& g : back.value.games) {
      auto r = replay_text(t.rules, g);
      EXPECT_TRUE(r.ok()) << r.error;
    }
  }
}

}  // namespace
}  // namespace seega
