// seega match: engine-vs-engine games in parallel, with statistics, a results file and resume.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>

#include "common.hpp"
#include "kinds.hpp"
#include "run_games.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/results_file.hpp"
#include "runs/kinds/match.hpp"

namespace seega::cli {

namespace {

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

// A reason said on the first line (games repeat) is not said again at each figure.
std::string because(const MatchSummary::Missing& m, const std::string& why) {
  return why == m.repeats ? std::string("games repeat") : why;
}

// A clustered interval, or why it is not given (too few clusters for any: said once, on its own line).
std::string clustered(const MatchSummary::Missing& m, const Interval& i, const std::string& why) {
  return why.empty()          ? fmt::format("[{:.1f}, {:.1f}]", 100 * i.lo, 100 * i.hi)
         : why == m.clustered ? std::string("(no interval)")
                              : "(no interval: " + why + ")";
}

// " ± H", the half-width of an interval, as testers read it; nothing when an end is infinite (a side that won
// every pair), where "± inf" beside a finite end would say less than the interval that follows.
std::string half_width(double lo, double hi) {
  return std::isfinite(lo) && std::isfinite(hi) ? " ± " + plain_text((hi - lo) / 2) : "";
}

// The pair Elo line: Elo, nElo and LOS by game pairs.
void print_pair_elo(const MatchSummary& s) {
  const MatchSummary::Missing& m = s.missing;
  // Testers read "Elo +X ± Y": the pair interval's half-width, as fastchess prints it. A figure left
  // out (MatchSummary::missing) is said so, with the reason, in its place.
  if (!m.pair_elo.empty()) {
    fmt::print("Elo A-B, nElo, LOS (pairs): not computed: {}\n", m.pair_elo);
  } else {
    const std::string elo = m.pair_elo_ci.empty()
                                ? fmt::format("{}{} [{}, {}] (pairs, 95%)", signed_text(s.pair_elo.elo),
                                              half_width(s.pair_elo.lo, s.pair_elo.hi), signed_text(s.pair_elo.lo),
                                              signed_text(s.pair_elo.hi))
                                : fmt::format("{} (pairs; {})", signed_text(s.pair_elo.elo),
                                              m.pair_elo_ci == m.repeats ? "no interval: games repeat" : m.pair_elo_ci);
    const std::string nelo = m.normalized_elo.empty()
                                 ? fmt::format("{} ± {}", signed_text(s.normalized_elo.elo),
                                               plain_text((s.normalized_elo.hi - s.normalized_elo.lo) / 2))
                                 : fmt::format("not computed ({})", because(m, m.normalized_elo));
    const std::string los = m.pair_los.empty() ? pct(s.pair_los) : "not computed (" + because(m, m.pair_los) + ")";
    fmt::print("Elo A-B {}, nElo {}, LOS {} (pairs: {} game pairs)\n", elo, nelo, los, s.pairs.pairs());
  }
}

// The lines after "details:": by games, the pentanomial, the last placer's counts, each role's mechanism,
// diversity, the first movement turn, how games ended, the searches and the SPRT.
void print_details(const MatchConfig& c, const MatchSummary& s) {
  const double n = static_cast<double>(s.games);
  const MatchSummary::Missing& m = s.missing;
  fmt::print("details:\n");
  const std::string game_elo =
      !m.elo.empty() ? fmt::format("Elo not computed: {}", m.elo)
      : m.elo_ci.empty()
          ? fmt::format("Elo {} [{}, {}]", signed_text(s.elo.elo), signed_text(s.elo.lo), signed_text(s.elo.hi))
          : fmt::format("Elo {} ({})", signed_text(s.elo.elo),
                        m.elo_ci == m.repeats ? "no interval: games repeat" : m.elo_ci);
  const std::string los = m.los.empty() ? fmt::format("LOS {} (decisive games)", pct(s.los))
                                        : fmt::format("LOS not computed: {}", because(m, m.los));
  // A reason in the line takes commas of its own: a semicolon then parts the two figures.
  fmt::print("by games: {}{} {}\n", game_elo, m.elo.empty() && m.elo_ci.empty() && m.los.empty() ? "," : ";", los);
  fmt::print("pentanomial (A's points per pair 0, 0.5, 1, 1.5, 2): {} {} {} {} {}\n", s.pairs.n[0], s.pairs.n[1],
             s.pairs.n[2], s.pairs.n[3], s.pairs.n[4]);
  if (m.repeats.empty())
    fmt::print(
        "last placer: wins {} [{:.1f}, {:.1f}], draws {} [{:.1f}, {:.1f}], losses {} [{:.1f}, {:.1f}] (95% "
        "Wilson)\n",
        pct(s.last_placer_wins / n), 100 * s.last_placer_win_ci.lo, 100 * s.last_placer_win_ci.hi, pct(s.draws / n),
        100 * s.last_placer_draw_ci.lo, 100 * s.last_placer_draw_ci.hi, pct(s.first_placer_wins / n),
        100 * s.last_placer_loss_ci.lo, 100 * s.last_placer_loss_ci.hi);
  else
    fmt::print("last placer: wins {}, draws {}, losses {} (no interval: games repeat)\n", pct(s.last_placer_wins / n),
               pct(s.draws / n), pct(s.first_placer_wins / n));
  if (c.a.text != c.b.text) {
    // The mechanism in each role: the first movement turn's captures and the last placer's lead, in the
    // games where A placed last and in those where B did.
    auto lead = [&m](const MatchSummary::RoleMechanism& r, const std::string& why) {
      return why.empty() ? fmt::format("{:+.2f} [{:+.2f}, {:+.2f}]", r.stone_diff_10, r.stone_diff_10_ci.lo,
                                       r.stone_diff_10_ci.hi)
                         : fmt::format("{:+.2f} {}", r.stone_diff_10, clustered(m, r.stone_diff_10_ci, why));
    };
    for (const auto& [who, r, why] :
         {std::tuple{"A", &s.a_placing_last, &m.a_last_ci}, std::tuple{"B", &s.a_placing_first, &m.a_first_ci}})
      fmt::print(
          "{} placing last: the first movement turn captures in {} {}, {}'s stone lead after 10 movement "
          "plies {}\n",
          who, pct(r->first_move_capture_rate), clustered(m, r->first_move_capture_ci, *why), who, lead(*r, *why));
  }
  fmt::print(
      "diversity: {} and {} in {}; {} of games sharing an opening or a placement ({:.1f} effective, the "
      "largest {}), {} by placement alone ({:.1f} effective); last placer wins {} clustered (design effect "
      "{:.2f})\n",
      count_text(s.distinct_placements, "distinct placement", "distinct placements"),
      count_text(s.distinct_games, "distinct game", "distinct games"), s.games,
      count_text(s.clusters.clusters, "cluster", "clusters"), s.clusters.effective, pct(s.clusters.largest_share),
      s.placement_clusters.clusters, s.placement_clusters.effective,
      clustered(m, s.last_placer_win_ci_clustered, m.clustered), s.design_effect);
  if (s.repeats_mislead && m.clustered.empty())
    fmt::print(
        "warning: games repeat: the clustered interval is {:.1f}x as wide as the plain one (the warning "
        "starts at {:.2f}x); read the clustered interval, not the Wilson ones\n",
        (s.last_placer_win_ci_clustered.hi - s.last_placer_win_ci_clustered.lo) /
            std::max(1e-12, s.last_placer_win_ci.hi - s.last_placer_win_ci.lo),
        kRepeatWarningWidth);
  fmt::print(
      "first movement turn: captures in {} of games ({:.2f} stones when it does); last placer wins {} "
      "{} when it captures, {} {} when not; stones after 10 movement plies, "
      "last placer minus first: {} {}\n",
      pct(s.first_move_capture_rate), s.first_move_stones, pct(s.last_placer_win_rate_first_capture),
      clustered(m, s.last_placer_win_ci_first_capture, m.first_capture_ci),
      pct(s.last_placer_win_rate_no_first_capture),
      clustered(m, s.last_placer_win_ci_no_first_capture, m.no_first_capture_ci), signed_text(s.stone_diff_10, 2),
      m.stone_diff_10_ci.empty()
          ? fmt::format("[{}, {}]", signed_text(s.stone_diff_10_ci.lo, 2), signed_text(s.stone_diff_10_ci.hi, 2))
          : fmt::format("(no interval: {})", m.stone_diff_10_ci));
  std::string reasons;
  for (const auto& [k, v] : s.end_reasons) reasons += fmt::format(" {} {}", k, v);
  if (c.adjudication.any()) {
    const auto it = s.end_reasons.find("adjudicated");
    fmt::print("adjudication ({}): {} of {} games adjudicated\n", c.adjudication.text(),
               it == s.end_reasons.end() ? 0 : it->second, s.games);
  }
  fmt::print("ended by:{}\nper game: {:.1f} movement plies, {:.2f} passes, {:.2f} captures\n", reasons,
             s.mean_movement_plies, s.passes_per_game, s.captures_per_game);
  for (int p = 0; p < 2; ++p)
    if (const SearchTotals& t = s.search[p]; t.searches) {
      const std::optional<double> depth = t.mean_depth();
      fmt::print(
          "search {}: {} moves searched, {:.0f} nodes a move (most {}), depth {} a move, ended by the node budget "
          "{}, by the clock {}\n",
          p ? 'B' : 'A', t.searches, t.mean_nodes(), t.max_nodes,
          depth ? fmt::format("{:.2f}", *depth) : std::string("not recorded"), pct(t.share_ended_by_nodes()),
          pct(t.share_ended_by_clock()));
    }
  if (s.sprt) {
    const char* d = s.sprt->decision == SprtResult::AcceptH1   ? "accepted H1 (elo1)"
                    : s.sprt->decision == SprtResult::AcceptH0 ? "accepted H0 (elo0)"
                                                               : "no decision yet";
    fmt::print("SPRT: LLR {:.3f} in [{:.3f}, {:.3f}] after {} pairs: {}\n", s.sprt->llr, s.sprt->lower, s.sprt->upper,
               s.sprt_pairs, d);
  }
}

void print_human(const MatchConfig& c, const MatchSummary& s, const RunTotals& totals, bool interrupted) {
  const double n = s.games ? static_cast<double>(s.games) : 1;
  const MatchSummary::Missing& m = s.missing;
  if (s.games == 0) {  // nothing to give a figure of, not even A's score
    fmt::print("{} vs {} on {}, seed {}{}{}\n", c.a.text, c.b.text, c.rules.to_string(), c.seed,
               c.shard.whole() ? "" : ", shard " + c.shard.to_string() + " (its games only)",
               interrupted_text(totals, interrupted, " (interrupted: the games finished so far)"));
    fmt::print("games 0: {}, so no score, Elo or interval\n{}\n", kNoGamesYet, timing_text(totals));
    return;
  }
  // Games that repeat come first: every interval below is left out for them, and the reader should know
  // why before reading a figure.
  if (!m.repeats.empty()) fmt::print("repeated games: {}; no interval is given for them\n", m.repeats);
  fmt::print("{} vs {} on {}, seed {}{}{}\n", c.a.label(), c.b.label(), c.rules.to_string(), c.seed,
             c.shard.whole() ? "" : ", shard " + c.shard.to_string() + " (its games only)",
             interrupted_text(totals, interrupted, " (interrupted: the games finished so far)"));
  // The figures that matter first: the score, Elo and the last placer, each with the interval it rests on.
  fmt::print("games {}: A wins {}, draws {}, B wins {}; A scores {}\n", s.games, s.a.wins, s.a.draws, s.a.losses,
             pct(s.a.score()));
  print_pair_elo(s);
  if (!m.clustered.empty()) fmt::print("clustered intervals: none given: this summary {}\n", m.clustered);
  fmt::print(
      "last placer's score (wins + half the draws): {} {}; its share of the decisive games {} {}; draws {} {} "
      "(clustered: {}, {:.1f} effective)\n",
      pct(s.last_placer_score), clustered(m, s.last_placer_score_ci, m.clustered), pct(s.last_placer_decisive_share),
      clustered(m, s.last_placer_decisive_ci, m.decisive_ci), pct(s.draws / n),
      clustered(m, s.draw_ci_clustered, m.clustered), count_text(s.clusters.clusters, "cluster", "clusters"),
      s.clusters.effective);
  if (c.a.text != c.b.text)
    fmt::print("A's score placing last {} {}, placing first {} {} (clustered)\n", pct(s.a_score_placing_last),
               clustered(m, s.a_score_placing_last_ci, m.a_last_ci), pct(s.a_score_placing_first),
               clustered(m, s.a_score_placing_first_ci, m.a_first_ci));
  print_details(c, s);
  fmt::print("{}\n", timing_text(totals));
}

void print_csv(const nlohmann::json& j) {
  const char* keys[] = {"games",
                        "a_wins",
                        "b_wins",
                        "draws",
                        "a_score",
                        "elo",
                        "last_placer_wins",
                        "first_placer_wins",
                        "last_placer_win_rate",
                        "last_placer_score",
                        "draw_rate",
                        "pair_elo",
                        "distinct_games",
                        "distinct_placements",
                        "clusters",
                        "effective_clusters",
                        "mean_movement_plies",
                        "passes_per_game",
                        "captures_per_game",
                        "seed",
                        "rules",
                        "a",
                        "b",
                        "games_per_second"};
  std::vector<std::string> head, row;
  // A figure left out is an empty cell; its reason is in the column of its name plus "_reason".
  auto cell = [](const nlohmann::json& v) {
    return v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump();
  };
  for (const char* k : keys) {
    head.push_back(k);
    row.push_back(cell(j[k]));
  }
  // An interval as two cells, empty when it is left out (its reason in the column NAME_reason).
  for (const char* k : {"last_placer_ci95", "last_placer_score_ci95", "last_placer_ci95_clustered",
                        "draw_ci95_clustered", "pair_elo_ci95"}) {
    head.push_back(std::string(k) + "_lo");
    head.push_back(std::string(k) + "_hi");
    row.push_back(j[k].is_null() ? "" : cell(j[k][0]));
    row.push_back(j[k].is_null() ? "" : cell(j[k][1]));
  }
  for (const char* k :
       {"elo_reason", "last_placer_score_ci95_reason", "last_placer_ci95_reason", "pair_elo_ci95_reason"}) {
    head.push_back(k);
    row.push_back(j.value(k, ""));
  }
  if (j.contains("shard")) {  // a shard's games only
    head.push_back("shard");
    row.push_back(j["shard"].get<std::string>());
  }
  fmt::print("{}\n{}\n", csv_row(head), csv_row(row));
}

using MatchCommand = GamesCommand<MatchConfig>;

// The match of a command line, or nothing when it asked for --help. Read back (rb), from a results file's
// recorded command line: weights and the opening suite are the header's, and no engine is started.
std::optional<MatchCommand> parse_match(const std::vector<std::string>& args, const ReadBack* rb) {
  std::string rules_text, a_text, b_text, sprt_text;
  long long games = 0;
  MatchCommand m;
  GamesArgs& common = m.common;
  po::options_description opts("match options");
  add_rules_option(opts, rules_text);
  opts.add_options()("a", po::value(&a_text)->required(), "player A (see 'seega players')")(
      "b", po::value(&b_text)->required(), "player B")("games", po::value(&games)->default_value(MatchConfig{}.games),
                                                       "number of games (pairs swap who places first; even is best)")(
      "sprt", po::value(&sprt_text), "stop when a GSPRT decides, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05");
  add_games_options(opts, common, "continue the match recorded in --out",
                    "print the summary as CSV (header and one row)");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega match --a SPEC --b SPEC [--games N] [--rules R] [--threads T] [--seed S]
       [--opening-turns K | --openings FILE [--openings-order random]] [--out games.jsonl] [--resume [--verify]] [--sprt ...] [--shard I/K]
       [--json] [--csv])"))
    return std::nullopt;
  MatchConfig& c = m.c;
  const Load load = rb ? Load::ReadBack : Load::Play;
  c.rules = load_rules(rules_text);
  c.a = load_player("--a", a_text, load);
  c.b = load_player("--b", b_text, load);
  if (!rb) {
    check_engines(c.a, c.rules, "--a");
    check_engines(c.b, c.rules, "--b");
  }
  if (games < 1 || games > 100'000'000) throw UsageError(fmt::format("--games {}: allowed 1 to 100000000", games));
  const RunRequest request = check_games_args(common, c.rules);
  c.games = games;
  take_games_args(c, common, request, rb);
  if (!sprt_text.empty()) {
    auto s = parse_sprt(sprt_text);
    if (!s.ok()) throw UsageError("--sprt: " + s.error);
    c.sprt = s.value;
  }
  if (c.sprt && !c.shard.whole())
    throw UsageError(
        "--shard with --sprt: an SPRT must see every game pair in order; run it in one job, or under "
        "mpirun");
  m.request = request;
  return m;
}

// The match's summary of its records, played or read back, in the output its command asked for; the
// exit status. `evaluations`: the players' as the file's header records them (read back, the header's own).
int report_match(const MatchCommand& m, const RunReport<GameRecord>& r, const nlohmann::json& evaluations) {
  const MatchConfig& c = m.c;
  // The stop flag is only raised by a signal; it counts as an interruption only when it cost games (a
  // Ctrl-C after the last game, or after the SPRT decided, leaves a complete run).
  const MatchSummary s = match::summarize(c, r.records);
  const bool complete = static_cast<long long>(r.records.size()) >= c.shard.share(c.games);
  const bool interrupted = r.signalled && !s.sprt_decided && !complete;
  nlohmann::json j = match::summary_json(c, s, evaluations);
  add_run_keys(j, r, interrupted);
  if (m.common.json) print_json(j);
  else if (m.common.csv) print_csv(j);
  else print_human(c, s, r, interrupted);
  return run_exit_status(m.request.out_path, r, "every game", interrupted);
}

}  // namespace

int command_match(const std::vector<std::string>& args, const Job& job) {
  const auto m = parse_match(args, nullptr);
  if (!m) return 0;
  const MatchConfig& c = m->c;
  const auto r =
      run_games(job, c.tournament(), m->request, [&](auto finished, const RunHooks& hooks, auto* stop, auto* share) {
        return seega::run_match(c, std::move(finished), hooks, stop, share);
      });
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports
  return report_match(*m, r, evaluations_json({c.a, c.b}, c.rules));
}

namespace {

// A figure of a match that compare sets beside another's.
Figure figure(const char* key, const char* label, double value, const Interval& ci, const std::string& why,
              Figure::Unit unit = Figure::Unit::Percent) {
  return {key, label, value, why.empty() ? std::optional<Interval>(ci) : std::nullopt, why, unit};
}

// A match's file read back: parsed from its recorded command line, or, for a header that records none
// (a gate's row, an older seega's file), made from the header's two players; then reported as the run
// reported it.
int summarize_match(const ReadBack& rb, const std::vector<std::string>* command) {
  // A file whose header does not record a match's command line (a gate's row, an older seega): the header's.
  const auto from_header = [&rb] {
    const Tournament t = read_back_tournament(rb);
    if (t.players.size() != 2)
      throw UsageError("summary " + rb.path + ": not a match's file (its header names " +
                       std::to_string(t.players.size()) + " players)");
    MatchCommand m;
    take_games_setup(m.c, t);
    m.c.a = t.players[0];
    m.c.b = t.players[1];
    return m;
  };
  auto read = read_back_command<MatchCommand>(rb, command, parse_match, from_header);
  if (!read) return 0;
  MatchCommand& m = *read;
  auto games = read_games_back(m.c.tournament(), rb);
  // A resume may have extended the match past the games its first command line asked for; a file without
  // a command line asked for the games it holds.
  const long long needed = records_needed(games);
  m.c.games = command ? std::max(m.c.games, needed) : std::max<long long>(needed, 1);
  const auto r = read_back_report(rb.path, std::move(games), m.c.games, rb.shard, "game");
  // The evaluations the file records: a weights file named in a placement= spec is not read again.
  const int status = report_match(m, r, rb.header.value("evaluations", nlohmann::json::object()));
  return status == 130 ? 0 : status;  // an interrupted run's file: its summary, which says so
}

// Compared, a file's games are what count: whichever run wrote them (a match, a gate's row, a ladder of
// two), they are summarised as a match of the header's two players.
ComparedRun compared_match(const std::string& path, const std::string& text, const std::string& prefix) {
  auto file = read_results(text);
  if (!file.ok()) throw UsageError(prefix + path + ": " + file.error);
  if (file.value.dropped_last_line) warn_cut_last_line(path, "game");
  auto t = header_tournament(file.value.header);  // its error names line 1
  if (!t.ok()) throw UsageError(prefix + path + ": " + t.error);
  if (t.value.players.size() != 2)
    throw UsageError(fmt::format("{}{}: a run of {} players; compare reads matches (two players)", prefix, path,
                                 t.value.players.size()));
  if (file.value.games.empty()) throw UsageError(prefix + path + ": no games to compare");
  MatchConfig c;
  take_games_setup(c, t.value);
  c.a = t.value.players[0];
  c.b = t.value.players[1];
  c.games = records_needed(file.value.games);
  if (auto shard = header_shard(file.value.header); shard.ok()) c.shard = shard.value;
  const MatchSummary s = match::summarize(c, std::move(file.value.games));
  const MatchSummary::Missing& m = s.missing;
  const auto rate = [&s](long long n) { return s.games ? double(n) / s.games : 0.0; };
  const std::string elo_why = !m.pair_elo.empty() ? m.pair_elo : m.pair_elo_ci;
  ComparedRun r{
      path,
      file.value.header,
      "match",
      "a match's results file",
      fmt::format("({} vs {} on {}, {} games, seed {}, {:.1f} effective clusters)", c.a.label(), c.b.label(),
                  c.rules.to_string(), s.games, c.seed, s.clusters.effective),
      s.games,
      "games",
      c.seed,
      {figure("last_placer_score", "last placer's score", s.last_placer_score, s.last_placer_score_ci, m.clustered),
       figure("last_placer_win_rate", "last placer's wins", rate(s.last_placer_wins), s.last_placer_win_ci_clustered,
              m.clustered),
       figure("draw_rate", "draws", rate(s.draws), s.draw_ci_clustered, m.clustered),
       figure("pair_elo", "Elo A-B (pairs)", s.pair_elo.elo, {s.pair_elo.lo, s.pair_elo.hi}, elo_why,
              Figure::Unit::Elo)},
      "each run's clustered (games that share an opening or a placement count once); Elo's from game "
      "pairs; B - A's as two independent runs",
      "their openings",
      {},
      {{"effective_clusters", s.clusters.effective}}};
  if (!m.clustered.empty()) r.notes.push_back(fmt::format("no clustered interval for {}: it {}", path, m.clustered));
  return r;
}

}  // namespace

// A match: two players (seega match, a gate's row, a ladder of two) and their games, each pairing's
// games played from both sides of one opening.
const RunKind& match_kind() {
  static const RunKind kind{"match", summarize_match, compared_match};
  return kind;
}

}  // namespace seega::cli
