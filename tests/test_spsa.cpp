// SPSA on a synthetic noisy objective with a known optimum: convergence within what the noise allows,
// the schedule's ends, bounds, the same trajectory from the same seed, a restored state, bad configurations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <vector>

#include "analysis/spsa.hpp"
#include "rules/random.hpp"
#include "runs/kinds/spsa_run.hpp"
#include "spsa_util.hpp"

namespace seega {
namespace {

// The objective f(theta) = -s sum_i (theta_i - opt_i)^2, observed through the difference of its values
// at the two points plus Gaussian noise of standard deviation sigma, as a match gives a noisy score.
//
// The tolerance, derived. With e_i = theta_i - opt_i and unclamped points, f(plus) - f(minus) =
// -4 s c sum_j Delta_j e_j, so the update is
//   e_i <- (1 - g) e_i - g sum_{j != i} Delta_i Delta_j e_j + (a / c) Delta_i eps,  g = 4 s a.
// The cross terms have mean 0 and add g^2 (P - 1) v to the variance, small beside 2 g v while P g << 2;
// the noise adds (a / c)^2 sigma^2. So the variance v settles where 2 g v = (a / c)^2 sigma^2, i.e.
//   v = a sigma^2 / (8 s c^2),
// and at the last iteration a / c^2 = r_end (the definition of r_end), so the final standard deviation
// of each parameter is sd = sigma sqrt(r_end / (8 s)). This holds once the gain's memory, 1 / g at the
// end (50 iterations below), is short beside the run and the start is forgotten: the start's error
// shrinks by exp(-sum_k g_k) = exp(-4 s sum_k a_k), about exp(-68) below. So each parameter ends within
// 5 sd of its optimum (a miss has probability 6e-7 per parameter), and over many seeds the root mean
// square error is sd give or take the spread of a chi-square estimate.
constexpr double kS = 0.625, kSigma = 10;
const std::vector<double> kOpt{10, -20, 35};

SpsaConfig synthetic(std::uint64_t seed) {
  SpsaConfig c;
  c.iterations = 2000;
  c.seed = seed;
  for (std::size_t i = 0; i < kOpt.size(); ++i) {
    std::string name = "p";  // not "p" + to_string(i): GCC 12 warns of a false -Wrestrict in it
    name += std::to_string(i);
    c.params.push_back({.name = name, .start = 0, .c_end = 2, .r_end = 0.002});
  }
  return c;
}

double gaussian(Rng& rng) {
  const double u = 1 - rng.uniform(), v = rng.uniform();  // u in (0, 1]
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
}

double objective(const std::vector<double>& theta) {
  double f = 0;
  for (std::size_t i = 0; i < theta.size(); ++i) f -= kS * (theta[i] - kOpt[i]) * (theta[i] - kOpt[i]);
  return f;
}

// Runs the whole schedule; every plan goes to `seen` when given.
Spsa run(const SpsaConfig& config, std::uint64_t noise_seed, std::vector<SpsaPlan>* seen = nullptr) {
  auto s = Spsa::start(config);
  EXPECT_TRUE(s.ok()) << s.error;
  Rng noise(noise_seed);
  while (!s.value.finished()) {
    const SpsaPlan p = s.value.plan();
    if (seen) seen->push_back(p);
    s.value.update(p, objective(p.plus) - objective(p.minus) + kSigma * gaussian(noise));
  }
  return s.value;
}

const double kSd = kSigma * std::sqrt(0.002 / (8 * kS));  // 0.2

TEST(Spsa, ConvergesToTheOptimumWithinTheNoise) {
  const Spsa s = run(synthetic(1), 7);
  for (std::size_t i = 0; i < kOpt.size(); ++i) EXPECT_NEAR(s.theta()[i], kOpt[i], 5 * kSd) << i;
}

TEST(Spsa, SpreadOverSeedsIsTheDerivedStandardDeviation) {
  double sum = 0;
  int n = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Spsa s = run(synthetic(seed), 1000 + seed);
    for (std::size_t i = 0; i < kOpt.size(); ++i, ++n) sum += (s.theta()[i] - kOpt[i]) * (s.theta()[i] - kOpt[i]);
  }
  // 120 squared errors: the estimate of sd is within about 13% of it (two standard errors of a
  // chi-square with 120 degrees of freedom); the bounds leave room for the approximations above.
  const double rms = std::sqrt(sum / n);
  EXPECT_GT(rms, 0.7 * kSd);
  EXPECT_LT(rms, 1.4 * kSd);
}

TEST(Spsa, ScheduleEndsAtCEndAndREnd) {
  auto s = Spsa::start(synthetic(1));
  ASSERT_TRUE(s.ok());
  const long long n = s.value.config().iterations;
  EXPECT_NEAR(s.value.c_at(0, n), 2, 1e-12);
  EXPECT_NEAR(s.value.a_at(0, n) / (2.0 * 2.0), 0.002, 1e-15);
  // Fishtest's first perturbation, c_end N^gamma, and decreasing gains.
  EXPECT_NEAR(s.value.c_at(0, 1), 2 * std::pow(2000.0, 0.101), 1e-12);
  EXPECT_GT(s.value.a_at(0, 1), s.value.a_at(0, 2));
  EXPECT_GT(s.value.c_at(0, 1), s.value.c_at(0, 2));
}

TEST(Spsa, BoundsHoldForEveryPointAndTheEnd) {
  SpsaConfig c = synthetic(3);
  c.params[2].lo = -5;
  c.params[2].hi = 20;  // the optimum, 35, is outside: the parameter ends at the bound
  c.params[1].lo = -30;
  c.params[1].hi = 30;
  std::vector<SpsaPlan> plans;
  const Spsa s = run(c, 9, &plans);
  for (const SpsaPlan& p : plans)
    for (std::size_t i = 0; i < c.params.size(); ++i) {
      ASSERT_GE(p.plus[i], c.params[i].lo);
      ASSERT_LE(p.plus[i], c.params[i].hi);
      ASSERT_GE(p.minus[i], c.params[i].lo);
      ASSERT_LE(p.minus[i], c.params[i].hi);
    }
  EXPECT_EQ(s.theta()[2], 20);
  EXPECT_NEAR(s.theta()[1], -20, 5 * kSd);
}

TEST(Spsa, SameSeedGivesTheSameTrajectory) {
  std::vector<SpsaPlan> a, b, other;
  const Spsa x = run(synthetic(5), 11, &a), y = run(synthetic(5), 11, &b), z = run(synthetic(6), 11, &other);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    ASSERT_EQ(a[k].delta, b[k].delta);
    ASSERT_EQ(a[k].plus, b[k].plus);
    ASSERT_EQ(a[k].seed, b[k].seed);
  }
  EXPECT_EQ(x.theta(), y.theta());
  int same = 0;
  for (std::size_t k = 0; k < a.size(); ++k) same += a[k].delta == other[k].delta;
  EXPECT_LT(same, 400);  // another seed: another draw (1 in 8 alike by chance, 250 expected)
}

TEST(Spsa, IterationDependsOnlyOnSeedIterationAndTheta) {
  std::vector<SpsaPlan> plans;
  const SpsaConfig c = synthetic(8);
  run(c, 3, &plans);
  // A state restored after 500 iterations at the theta they reached plans iteration 501 the same.
  auto restored = Spsa::start(c);
  ASSERT_TRUE(restored.ok());
  Spsa replay = restored.value;
  Rng noise(3);
  for (int k = 0; k < 500; ++k) {
    const SpsaPlan p = replay.plan();
    replay.update(p, objective(p.plus) - objective(p.minus) + kSigma * gaussian(noise));
  }
  ASSERT_EQ(restored.value.restore(500, replay.theta()), "");
  const SpsaPlan p = restored.value.plan();
  EXPECT_EQ(p.k, 501);
  EXPECT_EQ(p.delta, plans[500].delta);
  EXPECT_EQ(p.plus, plans[500].plus);
  EXPECT_EQ(p.seed, plans[500].seed);
  EXPECT_NE(restored.value.restore(2001, replay.theta()), "");
  EXPECT_NE(restored.value.restore(3, {1, 2}), "");
}

TEST(Spsa, ConfigurationErrorsAreNamed) {
  auto error = [](auto change) {
    SpsaConfig c = synthetic(1);
    change(c);
    return check_spsa_config(c);
  };
  EXPECT_EQ(error([](SpsaConfig&) {}), "");
  EXPECT_NE(error([](SpsaConfig& c) { c.iterations = 0; }).find("iterations 0"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params.clear(); }).find("no parameters"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[1].c_end = 0; }).find("'p1': c_end"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[1].r_end = -1; }).find("'p1': r_end"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[0].r_end = NAN; }).find("r_end"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[2].lo = 5; }).find("'p2': start 0"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[2].lo = 5, c.params[2].hi = 4; }).find("empty"), std::string::npos);
  EXPECT_NE(error([](SpsaConfig& c) { c.params[2].name = "p0"; }).find("given twice"), std::string::npos);
  EXPECT_FALSE(Spsa::start(SpsaConfig{}).ok());
}

// A tiny SPSA run: three iterations of four game pairs.
SpsaRunConfig tiny_run(int threads) { return test::short_spsa_run("ab(depth=2)", 3, 4, threads); }

TEST(SpsaRun, DefaultNamesAreEveryFeatureButMaterial) {
  Weights w = Weights::defaults();
  auto names = spsa_default_names(w);
  ASSERT_EQ(names.size(), static_cast<std::size_t>(kFeatureCount - 1));
  EXPECT_EQ(std::count(names.begin(), names.end(), "material"), 0);
  w.placement = w.w;
  names = spsa_default_names(w);
  EXPECT_EQ(names.size(), static_cast<std::size_t>(2 * kFeatureCount - 1));
  EXPECT_EQ(std::count(names.begin(), names.end(), "placement.material"), 1);
  w.endgame = w.w;
  names = spsa_default_names(w);
  EXPECT_EQ(names.size(), static_cast<std::size_t>(3 * kFeatureCount - 1));
  EXPECT_EQ(std::count(names.begin(), names.end(), "endgame.material"), 1);
}

TEST(SpsaRun, TunedNamesAddressTheirWeights) {
  SpsaRunConfig c = tiny_run(1);
  c.start.placement = c.start.w;
  c.tune = {"safe", "placement.safe"};
  auto spsa = c.spsa();
  ASSERT_TRUE(spsa.ok()) << spsa.error;
  EXPECT_EQ(spsa.value.params[0].start, c.start.w[Safe]);
  const Weights w = c.weights_at({1.5, -2.5});
  EXPECT_EQ(w.w[Safe], 1.5);
  EXPECT_EQ((*w.placement)[Safe], -2.5);
  EXPECT_EQ(w.w[Material], c.start.w[Material]);
  // Tapered weights: endgame.NAME addresses the empty board's weight, and only when the start is tapered.
  c.tune = {"endgame.safe"};
  EXPECT_NE(c.spsa().error.find("(the start weights are not tapered)"), std::string::npos) << c.spsa().error;
  c.start.endgame = c.start.w;
  auto tapered = c.spsa();
  ASSERT_TRUE(tapered.ok()) << tapered.error;
  const Weights e = c.weights_at({7.5});
  EXPECT_EQ((*e.endgame)[Safe], 7.5);
  EXPECT_EQ(e.w[Safe], c.start.w[Safe]);
  c.tune = {"sfae"};
  EXPECT_NE(c.spsa().error.find("did you mean 'safe'"), std::string::npos) << c.spsa().error;
  c.players = {parse_player("ab(time=100)").value};
  EXPECT_NE(c.spsa().error.find("clock"), std::string::npos);
  c.players = {parse_player("level(3,deterministic)").value};
  c.tune = {"safe"};
  EXPECT_TRUE(c.spsa().ok());
  // Every player is checked, not only the first; and a run needs one.
  c.players.push_back(parse_player("ab(time=100)").value);
  EXPECT_NE(c.spsa().error.find("clock"), std::string::npos);
  c.players.clear();
  EXPECT_EQ(c.spsa().error, "no player to play the games");
}

// Several players: iteration k plays the ((k - 1) mod n)-th, both sides of its games, and the
// configuration names them all, so that a resume with other players, or with one, is refused.
TEST(SpsaRun, SeveralPlayersTakeTheIterationsInTurn) {
  SpsaRunConfig c = test::short_spsa_run("ab(depth=1)", 4, 2, 1);
  c.players.push_back(parse_player("ab(depth=2)").value);
  Spsa state = Spsa::start(c.spsa().value).value;
  std::vector<std::string> played;
  for (int k = 1; k <= 4; ++k) {
    const SpsaPlan plan = state.plan();
    ASSERT_EQ(plan.k, k);
    const Tournament t = c.tournament(plan);
    ASSERT_EQ(t.players.size(), 2u);
    EXPECT_EQ(t.schedule.games(), 4);
    EXPECT_EQ(t.players[0].text, t.players[1].text);
    EXPECT_EQ(t.players[0].depth, t.players[1].depth);
    EXPECT_EQ(t.players[0].depth, k % 2 == 1 ? 1 : 2);
    EXPECT_EQ(t.players[0].weights->to_text(), c.weights_at(plan.plus).to_text());
    EXPECT_EQ(t.players[1].weights->to_text(), c.weights_at(plan.minus).to_text());
    played.push_back(t.players[0].text);
    state.update(plan, 0);
  }
  EXPECT_EQ(played, (std::vector<std::string>{"ab(depth=1)", "ab(depth=2)", "ab(depth=1)", "ab(depth=2)"}));
  EXPECT_EQ(c.players_text(), "ab(depth=1) then ab(depth=2)");
  EXPECT_EQ(c.header()["player"], "ab(depth=1) then ab(depth=2)");
  // One player keeps the value it always had, so trajectories written before several could be given resume.
  c.players.pop_back();
  EXPECT_EQ(c.header()["player"], "ab(depth=1)");
}

// vary: game pair j is played by its own configuration, the same on both sides (plus and minus), a
// different one in every pair and iteration; so from the empty board the pairs play different games,
// which without vary are one game played over and over.
TEST(SpsaRun, VaryGivesEachGamePairAConfigurationOfItsOwn) {
  SpsaRunConfig c = test::short_spsa_run("ab(depth=1)", 2, 6, 2);
  c.opening_turns = 0;
  c.vary = true;
  ASSERT_TRUE(c.spsa().ok()) << c.spsa().error;
  Spsa state = Spsa::start(c.spsa().value).value;
  std::set<std::uint64_t> configurations;
  for (int k = 1; k <= 2; ++k) {
    const SpsaPlan plan = state.plan();
    const Tournament t = c.tournament(plan);
    ASSERT_EQ(t.players.size(), 12u);
    ASSERT_EQ(t.schedule.games(), 12);
    for (int j = 0; j < 6; ++j) {
      const PlayerSpec &plus = t.players[2 * j], &minus = t.players[2 * j + 1];
      EXPECT_EQ(plus.vary, SpsaRunConfig::vary_of(plan, j));
      EXPECT_EQ(minus.vary, plus.vary);
      EXPECT_GE(plus.vary, 1u);
      configurations.insert(plus.vary);
      EXPECT_EQ(plus.weights->to_text(), c.weights_at(plan.plus).to_text());
      EXPECT_EQ(minus.weights->to_text(), c.weights_at(plan.minus).to_text());
      for (long long i : {2 * j, 2 * j + 1}) {
        const ScheduledGame g = t.schedule.game(i, t.seed, t.rules.first_placer);
        EXPECT_EQ(std::min(g.player[White], g.player[Black]), 2 * j) << "game " << i;
        EXPECT_EQ(std::max(g.player[White], g.player[Black]), 2 * j + 1) << "game " << i;
      }
    }
    state.update(plan, 0);
  }
  EXPECT_EQ(configurations.size(), 12u);

  // The games: six pairs from the empty board, each pair's first game apart.
  const auto distinct_first_games = [](const SpsaRunConfig& run) {
    const Tournament t = run.tournament(Spsa::start(run.spsa().value).value.plan());
    std::set<std::vector<std::string>> games;
    RunOptions options;
    options.threads = 2;
    for (const GameRecord& g : run_tournament(t, options, {}, {}, nullptr))
      if (g.index % 2 == 0) games.insert(g.moves);
    return games.size();
  };
  EXPECT_GE(distinct_first_games(c), 5u);
  SpsaRunConfig same = c;
  same.vary = false;
  EXPECT_EQ(distinct_first_games(same), 1u);

  // Recorded, so a resume with or without it is refused; absent when off, so older files resume.
  EXPECT_EQ(c.header()["vary"], true);
  EXPECT_FALSE(same.header().contains("vary"));
  // A player that sets its own configuration is refused.
  c.players = {parse_player("ab(depth=1,vary=3)").value};
  EXPECT_NE(c.spsa().error.find("vary gives each game pair"), std::string::npos) << c.spsa().error;
}

TEST(SpsaRun, TrajectoryIsTheSameOnAnyThreadCount) {
  for (const bool vary : {false, true}) {
    std::vector<std::vector<SpsaRow>> runs;
    for (int threads : {1, 2}) {
      SpsaRunConfig c = tiny_run(threads);
      c.vary = vary;
      Spsa state = Spsa::start(c.spsa().value).value;
      std::vector<SpsaRow> rows;
      SpsaHooks hooks;
      hooks.on_record = [&](const SpsaRow& r) { rows.push_back(r); };
      run_spsa(c, state, hooks, nullptr);
      ASSERT_EQ(rows.size(), 3u);
      runs.push_back(rows);
    }
    for (std::size_t k = 0; k < 3; ++k) {
      EXPECT_EQ(runs[0][k].result, runs[1][k].result);
      EXPECT_EQ(runs[0][k].theta, runs[1][k].theta);
    }
  }
}

TEST(SpsaRun, TrajectoryLinesReadBackExactly) {
  const std::vector<std::string> names{"safe", "threats"};
  SpsaRow a{1, 16, -3, 4.4694001378685719, 0.1 / 3, {8.0 / 3, -1e-300}};
  SpsaRow b{2, 16, 2.5, 4.1, 0.05, {2.0 / 7, 30}};
  const std::string text = spsa_csv_header(names) + "\n" + spsa_csv_line(a) + spsa_csv_line(b);
  std::size_t kept = 0;
  auto rows = parse_spsa_trajectory(text, names, kept);
  ASSERT_TRUE(rows.ok()) << rows.error;
  ASSERT_EQ(rows.value.size(), 2u);
  EXPECT_EQ(kept, text.size());
  EXPECT_EQ(rows.value[0].theta, a.theta);
  EXPECT_EQ(rows.value[0].a, a.a);
  EXPECT_EQ(rows.value[1].result, 2.5);
  // A cut last line is dropped; kept ends before it.
  const std::string cut = text + "3,16,1,4";
  rows = parse_spsa_trajectory(cut, names, kept);
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(rows.value.size(), 2u);
  EXPECT_EQ(kept, text.size());
  // Damage anywhere else names its line.
  EXPECT_EQ(parse_spsa_trajectory(text + "3,16,x,4,1,1,1\n", names, kept).error,
            "line 4: result 'x' is not a finite number");
  EXPECT_EQ(parse_spsa_trajectory(text + "4,16,1,4,1,1,1\n", names, kept).error,
            "line 4: iteration '4' where iteration 3 belongs");
  EXPECT_EQ(parse_spsa_trajectory(text + "3,16,1\n", names, kept).error, "line 4: 3 cells where a row has 7");
  EXPECT_NE(parse_spsa_trajectory(text, {"safe"}, kept).error.find("line 1: the header"), std::string::npos);
}

}  // namespace
}  // namespace seega
