// seega analyze: a player's move for a position, with the search's score, PV, depth and speed.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "common.hpp"
#include "job.hpp"
#include "runs/play/engine_client.hpp"

namespace seega::cli {

namespace {

// What ended a search, as the --json key "ended" names it.
const char* ended_text(SearchEnd e) {
  switch (e) {
    case SearchEnd::Depth: return "depth";
    case SearchEnd::Placement: return "placement_cap";
    case SearchEnd::Nodes: return "nodes";
    case SearchEnd::Clock: return "clock";
    case SearchEnd::Stopped: return "stopped";
  }
  return "depth";
}

}  // namespace

int command_analyze(const std::vector<std::string>& args, const Job&) {
  std::string rules_text, fen, player_text;
  std::string seed_text;
  bool json = false;
  po::options_description opts("analyze options");
  add_rules_option(opts, rules_text);
  opts.add_options()("fen", po::value(&fen)->required(), "position to analyse")(
      "player", po::value(&player_text)->default_value("ab(depth=8)"), players_help().c_str())(
      "seed", po::value(&seed_text)->default_value("1"), "seed for players that use randomness")(
      "json", po::bool_switch(&json), "print one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega analyze --fen F [--rules R] [--player SPEC] [--seed S] [--json]"))
    return 0;
  const std::uint64_t seed = parse_seed(seed_text);
  const Rules rules = load_rules(rules_text, fen);
  const PlayerSpec spec = load_player("--player", player_text);

  return with_size(rules.size, [&]<int N>() {
    const Position<N> pos = load_position<N>(rules, fen);
    if (pos.outcome().over()) throw UsageError("the game is over in this position: " + to_string(pos.outcome()));
    auto player = make_any_player<N>(spec);
    // Ctrl-C stops the search, which answers with the best move it has (docs/engines.md, Limits): it is
    // printed as usual, marked interrupted, and the exit status is 130.
    SigintGuard sigint;
    player->set_stop(&sigint.flag());
    Rng rng(seed);
    const Move<N> move = player->choose(pos, rng);
    const bool interrupted = sigint.raised();
    nlohmann::json j{{"fen", to_string(pos)},
                     {"rules", rules.to_string()},
                     {"player", spec.text},
                     {"best", to_string(pos, move)},
                     {"interrupted", interrupted}};
    if (const SearchResult<N>* r = player->last_search()) {
      std::vector<std::string> pv;
      Position<N> walk = pos;
      for (const auto& m : r->pv) {
        pv.push_back(to_string(walk, m));
        walk.play(m);
      }
      j["score"] = r->score;
      j["score_text"] = score_text(r->score);
      if (is_win_score(r->score) || is_loss_score(r->score)) j["result_in_plies"] = plies_to_result(r->score);
      j["pv"] = pv;
      j["depth"] = r->depth;
      j["ended"] = ended_text(r->ended);
      // A depth-limited search in placement stops short of its depth by node counts (search.hpp): the
      // depth reached is then the cap's, not the player's, and the summary says so.
      if (r->ended == SearchEnd::Placement) j["placement_cap_nodes"] = spec.placement_cap;
      j["nodes"] = r->nodes;
      j["positions"] = r->positions;
      j["seconds"] = r->seconds;
      j["nps"] = r->seconds > 0 ? r->nodes / r->seconds : 0.0;
      j["positions_per_second"] = r->seconds > 0 ? r->positions / r->seconds : 0.0;
    }
    const int status = interrupted ? 130 : 0;
    if (json) {
      print_json(j);
      return status;
    }
    fmt::print("best {}{}\n", j["best"].get<std::string>(),
               interrupted ? " (interrupted: the best move found so far)" : "");
    if (j.contains("score")) {
      std::string pv;
      for (const auto& m : j["pv"]) pv.append(" ").append(m.get<std::string>());
      // nodes count search calls (what node limits count), positions each position once (docs/engines.md).
      fmt::print(
          "score {} for {}  depth {}  nodes {}  positions {}  time {:.3f} s  ({:.0f} nodes/s, {:.0f} "
          "positions/s)\npv{}\n",
          j["score_text"].get<std::string>(), color_char(pos.side()), j["depth"].get<int>(),
          j["nodes"].get<std::uint64_t>(), j["positions"].get<std::uint64_t>(), j["seconds"].get<double>(),
          j["nps"].get<double>(), j["positions_per_second"].get<double>(), pv);
      if (j.contains("placement_cap_nodes"))
        fmt::print(
            "placement cap: the search stopped at depth {}; in placement a search takes at most {} nodes and "
            "starts no deeper iteration after one of more than {}\n",
            j["depth"].get<int>(), spec.placement_cap, spec.placement_cap / 8);
    }
    return status;
  });
}

}  // namespace seega::cli
