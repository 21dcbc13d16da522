#include "runs/kinds/spsa_run.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

#include "rules/random.hpp"
#include "rules/spec.hpp"
#include "runs/io/atomic_write.hpp"
#include "runs/io/json.hpp"

namespace seega {

namespace {

constexpr const char* kPlacementPrefix = "placement.";
constexpr const char* kEndgamePrefix = "endgame.";
// Keeps the configurations' stream (vary) apart from the games' seeds, which derive from the same seed.
constexpr std::uint64_t kVaryStream = 0x7A11'C0F1'6500'0003ULL;

// The weight a tuned name addresses, or null when the name addresses none of these weights.
double* weight_of(Weights& w, std::string_view name) {
  FeatureVector* v = &w.w;
  for (auto [prefix, set] : {std::pair{kPlacementPrefix, &w.placement}, std::pair{kEndgamePrefix, &w.endgame}}) {
    if (!name.starts_with(prefix)) continue;
    if (!*set) return nullptr;
    v = &**set;
    name.remove_prefix(std::string_view(prefix).size());
  }
  for (int f = 0; f < kFeatureCount; ++f)
    if (kFeatureNames[f] == name) return &(*v)[f];
  return nullptr;
}

std::string csv_number(double x) {
  std::ostringstream os;
  os.precision(std::numeric_limits<double>::max_digits10);  // reads back to the same double
  os << x;
  return os.str();
}

// The whole of text as a finite double, or nothing.
std::optional<double> read_double(std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<long long> read_whole(std::string_view text) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> cells_of(std::string_view line) {
  std::vector<std::string_view> cells;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    cells.push_back(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return cells;
    start = comma + 1;
  }
}

// The state another process continues from: the iterations done and theta, as doubles that read back
// to the same values.
std::string state_text(const Spsa& state) {
  std::string text = std::to_string(state.done());
  for (double x : state.theta()) text += ',' + csv_number(x);
  return text;
}

// The first 40 characters of a cell, quoted, for a message.
std::string quoted(std::string_view cell) {
  std::string q = "'";
  q.append(cell.substr(0, 40)).push_back('\'');
  return q;
}

// Sets state to state_text's text, or says why not.
std::string restore_state_text(Spsa& state, std::string_view text) {
  const auto cells = cells_of(text);
  const auto done = read_whole(cells[0]);
  if (!done) return quoted(text) + " does not start with a count";
  std::vector<double> theta;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const auto v = read_double(cells[i]);
    if (!v) return quoted(cells[i]) + " is not a finite number";
    theta.push_back(*v);
  }
  return state.restore(*done, theta);
}

constexpr const char* kFixedColumns[] = {"iteration", "games", "result", "c_k", "a_k"};

}  // namespace

std::string rows_match_schedule(const SpsaRunConfig& config, const std::vector<SpsaRow>& rows) {
  auto spsa = config.spsa();
  if (!spsa.ok()) return spsa.error;
  auto state = Spsa::start(spsa.value);
  if (!state.ok()) return state.error;
  const auto near = [](double x, double y) { return std::abs(x - y) <= 1e-12 * std::max(std::abs(x), std::abs(y)); };
  for (const SpsaRow& r : rows) {
    const std::string where = "line " + std::to_string(r.k + 1) + ": ";
    if (r.games != 2LL * config.pairs)
      return where + std::to_string(r.games) + " games where this run plays " + std::to_string(2LL * config.pairs);
    if (!near(r.c, state.value.c_at(0, r.k)) || !near(r.a, state.value.a_at(0, r.k)))
      return where + "c_k or a_k is not iteration " + std::to_string(r.k) + "'s in this run's schedule";
    for (double x : r.theta)
      if (std::abs(x) > kSpsaWeightBound) return where + "a weight outside +-1e6";
  }
  return "";
}

std::vector<std::string> spsa_tunable_names(const Weights& start) {
  std::vector<std::string> names;
  for (const auto& n : kFeatureNames) names.emplace_back(n);
  if (start.placement)
    for (const auto& n : kFeatureNames) names.push_back(kPlacementPrefix + std::string(n));
  if (start.endgame)
    for (const auto& n : kFeatureNames) names.push_back(kEndgamePrefix + std::string(n));
  return names;
}

std::vector<std::string> spsa_default_names(const Weights& start) {
  std::vector<std::string> names;
  for (const auto& n : spsa_tunable_names(start))
    if (n != kFeatureNames[Material]) names.push_back(n);
  return names;
}

std::string spsa_player_problem(const PlayerSpec& p, bool vary) {
  if (p.kind != PlayerSpec::Kind::AlphaBeta && p.kind != PlayerSpec::Kind::Level)
    return "player '" + p.text + "' has no evaluation weights to tune; give ab(...) or level(N,deterministic)";
  if (!p.reproducible())
    return "player '" + p.text +
           "' thinks by the clock, so its games, and the trajectory, would depend on the machine's speed and "
           "load; give ab(depth=D), ab(nodes=N) or level(N,deterministic)";
  if (vary && p.vary)
    return "player '" + p.text + "' sets vary=" + std::to_string(p.vary) +
           ", and vary gives each game pair a configuration of its own: leave vary= out of the player";
  return "";
}

Parsed<SpsaConfig> SpsaRunConfig::spsa() const {
  using P = Parsed<SpsaConfig>;
  if (players.empty()) return P::fail("no player to play the games");
  for (const PlayerSpec& player : players)
    if (auto why = spsa_player_problem(player, vary); !why.empty()) return P::fail(why);
  if (pairs < 1) return P::fail("pairs " + std::to_string(pairs) + ": at least 1");
  if (tune.empty()) return P::fail("no weights to tune");
  SpsaConfig c;
  c.iterations = iterations;
  c.seed = seed;
  const std::vector<std::string> allowed = spsa_tunable_names(start);
  std::set<std::string> seen;
  Weights w = start;
  for (const std::string& name : tune) {
    const double* weight = weight_of(w, name);
    if (!weight) {
      const bool split_name = name.starts_with(kPlacementPrefix) && !start.placement;
      const bool taper_name = name.starts_with(kEndgamePrefix) && !start.endgame;
      return P::fail("unknown weight " + quote(name) +
                     (split_name   ? " (the start weights are not split by phase)"
                      : taper_name ? " (the start weights are not tapered)"
                                   : "") +
                     did_you_mean(name, allowed) + "; weights: " + joined(allowed));
    }
    if (!seen.insert(name).second) return P::fail("weight " + quote(name) + " is given twice");
    if (std::abs(*weight) > kSpsaWeightBound) return P::fail("start weight of " + quote(name) + " is outside +-1e6");
    c.params.push_back({.name = name,
                        .start = *weight,
                        .c_end = c_end,
                        .r_end = r_end,
                        .lo = -kSpsaWeightBound,
                        .hi = kSpsaWeightBound});
  }
  if (auto why = check_spsa_config(c); !why.empty()) return P::fail(why);
  return P{std::move(c), {}};
}

Weights SpsaRunConfig::weights_at(const std::vector<double>& theta) const {
  Weights w = start;
  for (std::size_t i = 0; i < tune.size() && i < theta.size(); ++i)
    if (double* weight = weight_of(w, tune[i])) *weight = theta[i];
  return w;
}

const PlayerSpec& SpsaRunConfig::player_of(long long k) const {
  const auto n = static_cast<long long>(players.size());
  return players.at(static_cast<std::size_t>(((k - 1) % n + n) % n));
}

std::string SpsaRunConfig::players_text() const {
  std::string text;
  for (const PlayerSpec& p : players) text += (text.empty() ? "" : " then ") + p.text;
  return text;
}

std::uint64_t SpsaRunConfig::vary_of(const SpsaPlan& plan, int pair) {
  return 1 + (Rng::derive(plan.seed ^ kVaryStream, static_cast<std::uint64_t>(pair)) >> 1);
}

Tournament SpsaRunConfig::tournament(const SpsaPlan& plan) const {
  PlayerSpec plus = player_of(plan.k), minus = plus;
  plus.weights = weights_at(plan.plus);
  minus.weights = weights_at(plan.minus);
  Tournament t{rules, {plus, minus}, Schedule(ScheduleKind::RoundRobin, 2, 2LL * pairs), plan.seed, opening_turns};
  if (!vary) return t;
  t.players.clear();
  for (int j = 0; j < pairs; ++j)
    for (PlayerSpec p : {plus, minus}) {
      p.vary = vary_of(plan, j);
      t.players.push_back(std::move(p));
    }
  t.schedule = Schedule(ScheduleKind::Pairs, 2 * pairs, 2);
  return t;
}

nlohmann::json SpsaRunConfig::header() const {
  nlohmann::json h{{"kind", "spsa"}, {"rules", rules.to_string()}, {"player", players_text()}};
  h.update(nlohmann::json{{"start", start.to_text()},
                          {"tune", tune},
                          {"c_end", c_end},
                          {"r_end", r_end},
                          {"iterations", iterations},
                          {"pairs", pairs},
                          {"opening_turns", opening_turns},
                          {"seed", json_key64(seed)},
                          {"alpha", SpsaConfig{}.alpha},
                          {"gamma", SpsaConfig{}.gamma},
                          {"a_ratio", SpsaConfig{}.a_ratio},
                          {"bound", kSpsaWeightBound}});
  if (vary) h["vary"] = true;
  return h;
}

void run_spsa(const SpsaRunConfig& config, Spsa& state, const SpsaHooks& hooks, const std::atomic<bool>* stop,
              Share* share) {
  const bool holds = !share || share->root();  // this process holds the run: it sees the results
  for (;;) {
    if (holds) {
      const bool go = !state.finished() && !(stop && stop->load());
      if (share) share->broadcast(go ? state_text(state) : "");
      if (!go) return;
    } else {
      // The root's state, or the end of the run: never this process's own.
      const auto text = share->broadcast("");
      if (!text || text->empty()) return;
      if (auto why = restore_state_text(state, *text); !why.empty())
        throw std::runtime_error("the SPSA state sent by the root: " + why);
    }
    const SpsaPlan plan = state.plan();
    const Tournament t = config.tournament(plan);
    RunHooks run_hooks;
    run_hooks.on_progress = hooks.on_progress;
    RunOptions options;
    options.threads = config.threads;
    options.record_moves = options.keep_moves = false;
    options.share = share;
    const std::vector<GameRecord> records = run_tournament(t, options, {}, run_hooks, stop);
    if (!holds) continue;
    // A stop abandons the games under way (a search told to stop may have cut one short): the
    // iteration is dropped whole, and a resume plays it again.
    const long long games = t.schedule.games();
    if (static_cast<long long>(records.size()) < games || (stop && stop->load())) {
      if (share) share->broadcast("");  // the others wait for what comes next: nothing
      return;
    }
    // theta_plus's points minus theta_minus's: the even player of each pairing has theta_plus.
    double result = 0;
    for (const GameRecord& g : records)
      for (const Color c : {White, Black}) result += (g.player[c] % 2 == 0 ? 1 : -1) * g.points_of(c);
    state.update(plan, result);
    if (hooks.on_record) hooks.on_record({plan.k, games, result, plan.c.front(), plan.a.front(), state.theta()});
  }
}

std::string spsa_csv_header(const std::vector<std::string>& names) {
  std::string line;
  for (const char* c : kFixedColumns) {
    if (!line.empty()) line += ',';
    line += c;
  }
  for (const auto& n : names) {
    line += ',';
    line += n;
  }
  return line;
}

std::string spsa_csv_line(const SpsaRow& r) {
  std::string line = std::to_string(r.k) + ',' + std::to_string(r.games);
  for (double x : {r.result, r.c, r.a}) {
    line += ',';
    line += csv_number(x);
  }
  for (double x : r.theta) {
    line += ',';
    line += csv_number(x);
  }
  line += '\n';
  return line;
}

Parsed<std::vector<SpsaRow>> parse_spsa_trajectory(std::string_view text, const std::vector<std::string>& names,
                                                   std::size_t& kept) {
  using P = Parsed<std::vector<SpsaRow>>;
  std::vector<SpsaRow> rows;
  kept = 0;
  const std::string header = spsa_csv_header(names);
  const std::size_t columns = std::size(kFixedColumns) + names.size();
  long long number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) {
      if (number == 0) return P::fail("line 1: the header is cut short");
      break;  // a cut last line: dropped
    }
    const std::string_view line = text.substr(start, newline - start);
    const std::string where = "line " + std::to_string(++number) + ": ";
    start = newline + 1;
    if (number == 1) {
      if (line != header)
        return P::fail(where + "the header '" + std::string(line.substr(0, 200)) + "' is not this run's '" + header +
                       "'");
      kept = start;
      continue;
    }
    const auto cells = cells_of(line);
    if (cells.size() != columns)
      return P::fail(where + std::to_string(cells.size()) + " cells where a row has " + std::to_string(columns));
    SpsaRow r;
    const auto k = read_whole(cells[0]);
    const auto games = read_whole(cells[1]);
    if (!k || *k != static_cast<long long>(rows.size()) + 1)
      return P::fail(where + "iteration '" + std::string(cells[0].substr(0, 40)) + "' where iteration " +
                     std::to_string(rows.size() + 1) + " belongs");
    if (!games || *games < 1)
      return P::fail(where + "games '" + std::string(cells[1].substr(0, 40)) + "' is not a count");
    r.k = *k;
    r.games = *games;
    double* fixed[] = {&r.result, &r.c, &r.a};
    for (std::size_t i = 2; i < cells.size(); ++i) {
      const auto v = read_double(cells[i]);
      if (!v) {
        const std::string column =
            i < std::size(kFixedColumns) ? kFixedColumns[i] : names[i - std::size(kFixedColumns)];
        return P::fail(where + column + " '" + std::string(cells[i].substr(0, 40)) + "' is not a finite number");
      }
      if (i < std::size(kFixedColumns)) *fixed[i - 2] = *v;
      else r.theta.push_back(*v);
    }
    rows.push_back(std::move(r));
    kept = start;
  }
  return P{std::move(rows), {}};
}

Parsed<SpsaTrajectory> SpsaTrajectory::open(const std::string& path, const SpsaRunConfig& config,
                                            std::string_view version, bool resume) {
  using P = Parsed<SpsaTrajectory>;
  SpsaTrajectory t;
  const std::string meta = path + ".json";
  const nlohmann::json header = config.header();
  auto file = AppendFile::open(
      "--trajectory", path, spsa_csv_header(config.tune), resume,
      [&](const std::string& text) -> Parsed<std::size_t> {
        using R = Parsed<std::size_t>;
        std::ifstream m(meta);
        std::stringstream buf;
        buf << m.rdbuf();
        auto had = nlohmann::json::parse(buf.str(), nullptr, false);
        if (!m || had.is_discarded() || !had.is_object())
          return R::fail(meta + ": missing or unreadable; cannot tell what the trajectory was made with");
        // Both sides' keys: a key written only when set ("vary", header()) is a difference when the file
        // has it and this run does not.
        if (const auto key = first_key_differing(header, had, KeysCompared::Both, is_build_key); !key.empty())
          return R::fail("the trajectory was made with " + key_value_text(had, key) + ", this run has " +
                         key_value_text(header, key) + "; use another --trajectory file");
        std::size_t kept = 0;
        auto rows = parse_spsa_trajectory(text, config.tune, kept);
        if (!rows.ok()) return R::fail(rows.error);
        if (static_cast<long long>(rows.value.size()) > config.iterations)
          return R::fail("holds " + std::to_string(rows.value.size()) + " iterations, past this run's " +
                         std::to_string(config.iterations));
        if (auto why = rows_match_schedule(config, rows.value); !why.empty()) return R::fail(why);
        t.finished_ = std::move(rows.value);
        return R{kept, {}};
      },
      "an SPSA trajectory");
  if (!file.ok()) return P::fail(file.error);
  t.file_ = std::move(file.value);
  if (auto why = write_config_file(meta, header, version); !why.empty())
    return P::fail("--trajectory " + path + ": cannot write its configuration " + why);
  return P{std::move(t), {}};
}

}  // namespace seega
