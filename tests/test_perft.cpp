// Perft against a table, the engine against the simple reference generator (tests/reference), and
// perft under the symmetries of the square.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "reference/reference.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"
#include "rules/random.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

// The reference's rules for ours, every key named once (in the order ref::Rules declares them).
ref::Rules to_ref(const Rules& r) {
  return {.size = r.size,
          .diag_steps = r.diag_steps,
          .diag_captures = r.diag_captures,
          .centre_immune = r.centre_immune,
          .last_placer_moves_first = r.first_mover == FirstMover::LastPlacer,
          .walled_in_loses = r.walled_in == WalledIn::Lose,
          .quiet_plies = r.quiet_plies,
          .max_plies = r.max_plies,
          .chains = r.chains,
          .forced_capture = r.forced_capture,
          .barrier = r.barrier};
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

struct PerftCase {
  int line = 0;
  std::string rules, position;
  int depth = 0;
  std::uint64_t nodes = 0;
};

// tests/data/perft.txt: "rules | position | depth | nodes" per line, '#' starts a comment line.
std::vector<PerftCase> read_perft_table() {
  std::ifstream in(std::string(SEEGA_TEST_DATA) + "/perft.txt");
  EXPECT_TRUE(in) << "cannot open " << SEEGA_TEST_DATA << "/perft.txt";
  std::vector<PerftCase> cases;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (trim(text).empty() || trim(text).front() == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(text);
    for (std::string field; std::getline(ss, field, '|');) f.emplace_back(trim(field));
    if (f.size() != 4) {
      ADD_FAILURE() << "perft.txt line " << line << ": expected 4 fields separated by '|'";
      continue;
    }
    cases.push_back({line, f[0], f[1], std::stoi(f[2]), std::stoull(f[3])});
  }
  return cases;
}

std::string only_in(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> d;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(d));
  std::string s;
  for (const auto& m : d) s += " " + m;
  return s.empty() ? " (none)" : s;
}

TEST(Perft, PerftMatchesTheTable) {
  const auto cases = read_perft_table();
  ASSERT_GE(cases.size(), 60u);
  std::vector<std::string> starts;  // "rules depth" of every empty-board line
  for (const auto& c : cases) {
    const Rules rules = test::rules(c.rules);
    with_size(rules.size, [&]<int N>() {
      auto pos = parse_position<N>(rules, c.position);
      ASSERT_TRUE(pos.ok()) << "perft.txt line " << c.line << ": " << pos.error;
      if (to_string(pos.value) == to_string(Position<N>(rules)))
        starts.push_back(rules.to_string() + " " + std::to_string(c.depth));
      const std::uint64_t nodes = perft(pos.value, c.depth);
      std::uint64_t sum = 0;
      std::string divide;  // printed on a mismatch, to compare with the reference move by move
      for (const auto& [move, n] : perft_divide(pos.value, c.depth)) {
        sum += n;
        divide += "\n  " + move + ": " + std::to_string(n);
      }
      EXPECT_EQ(nodes, c.nodes) << "perft.txt line " << c.line << ": " << c.rules << " | " << c.position << " | depth "
                                << c.depth << "; the engine's divide:" << divide;
      EXPECT_EQ(sum, nodes) << "perft_divide does not sum to perft on perft.txt line " << c.line;
    });
  }
  // The table covers the empty board of every ruleset on every size.
  for (const char* preset : {"standard", "diagonal", "chain"})
    for (int n : {5, 7, 9})
      for (int depth : {1, 2}) {
        Rules r = test::rules(std::string(preset) + "(size=" + std::to_string(n) + ")");
        std::string key = r.to_string() + " " + std::to_string(depth);
        EXPECT_NE(std::find(starts.begin(), starts.end(), key), starts.end()) << "perft.txt lacks " << key;
      }
}

// Compares the engine with the reference on one position: legal moves, the child of each move and its
// outcome, the outcome, and (in the movement phase, when asked) perft at depth 2. Adds the end reasons
// met to `ends`. Returns whether they agree.
template <int N>
bool agrees_with_reference(const Position<N>& pos, bool check_perft, Rng& rng, std::set<std::string>& ends) {
  const Rules& rules = pos.rules();
  const ref::Rules rr = to_ref(rules);
  const std::string fen = to_string(pos);
  const std::string where = "rules " + rules.to_string() + ", position " + fen;

  const std::string outcome = to_string(pos.outcome()), ref_outcome = ref::outcome(rr, fen);
  EXPECT_EQ(outcome, ref_outcome) << where;
  ends.insert(std::string(to_string(pos.outcome().reason)));

  const auto moves = test::moves_of(pos);
  const auto ref_moves = ref::legal_moves(rr, fen);
  EXPECT_EQ(moves, ref_moves) << where << "\n  only the engine:" << only_in(moves, ref_moves)
                              << "\n  only the reference:" << only_in(ref_moves, moves);
  bool ok = outcome == ref_outcome && moves == ref_moves;

  // Every child in the movement phase; a sample of the many placements.
  MoveList<N> list;
  legal_moves(pos, list);
  const std::size_t stride = list.size() <= 64 ? 1 : list.size() / 32;
  for (std::size_t i = stride == 1 ? 0 : rng.below(stride); i < list.size(); i += stride) {
    const std::string move = to_string(pos, list[i]);
    if (std::find(ref_moves.begin(), ref_moves.end(), move) == ref_moves.end()) continue;  // reported above
    Position<N> child = pos;
    child.play(list[i]);
    const std::string mine = to_string(child), theirs = ref::apply(rr, fen, move);
    EXPECT_EQ(mine, theirs) << where << ", move " << move;
    const std::string child_outcome = to_string(child.outcome()), ref_child_outcome = ref::outcome(rr, theirs);
    EXPECT_EQ(child_outcome, ref_child_outcome) << where << ", after " << move;
    ends.insert(std::string(to_string(child.outcome().reason)));
    ok = ok && mine == theirs && child_outcome == ref_child_outcome;
  }

  if (check_perft && !pos.placing()) {
    const std::uint64_t mine = perft(pos, 2), theirs = ref::perft(rr, fen, 2);
    EXPECT_EQ(mine, theirs) << where << ", perft depth 2";
    ok = ok && mine == theirs;
  }
  return ok;
}

// Plays seeded random games and compares sampled positions with the reference: about one position in
// `every`, plus always the last placement turn, the first movement position and the terminal one.
// Returns the number of positions compared.
int compare_along_games(const Rules& rules, std::uint64_t seed, int games, int every, int perft_every,
                        std::set<std::string>& ends) {
  int compared = 0, failures = 0;
  with_size(rules.size, [&]<int N>() {
    for (int g = 0; g < games && failures < 5; ++g) {
      Rng rng(Rng::derive(seed, g));
      Position<N> pos(rules, g % 2 ? Black : White);
      MoveList<N> list;
      for (bool was_placing = true; failures < 5;) {
        legal_moves(pos, list);
        const bool last_placement = pos.placing() && pos.in_hand(White) + pos.in_hand(Black) == 2;
        const bool first_movement = !pos.placing() && was_placing;
        if (list.empty() || last_placement || first_movement || rng.below(every) == 0) {
          const bool check_perft = rng.below(perft_every) == 0;
          if (!agrees_with_reference(pos, check_perft, rng, ends)) ++failures;
          ++compared;
        }
        if (list.empty()) break;
        was_placing = pos.placing();
        pos.play(list[rng.below(list.size())]);
      }
    }
  });
  return compared;
}

// A ruleset with every key drawn at random (sizes mostly 5) and at least one ply limit (a random game
// with neither may run very long).
std::string random_variant(Rng& rng) {
  const char* presets[] = {"standard", "diagonal", "chain"};
  const char* limits[] = {"off", "3", "10", "30"};
  const char* plies[] = {"off", "3", "10", "60"};
  while (true) {
    std::string s = std::string(presets[rng.below(3)]) + "(size=" + (rng.below(5) ? "5" : "7");
    auto pick = [&](const char* key, const char* a, const char* b) {
      if (rng.below(2)) s += std::string(",") + key + "=" + (rng.below(2) ? a : b);
    };
    pick("steps", "orth", "all");
    pick("captures", "orth", "all");
    pick("centre_immune", "on", "off");
    pick("first_mover", "last", "first");
    pick("walled_in", "pass", "lose");
    pick("chains", "on", "off");
    pick("forced_capture", "on", "off");
    pick("barrier", "on", "off");
    if (rng.below(2)) s += std::string(",quiet_plies=") + limits[rng.below(4)];
    if (rng.below(2)) s += std::string(",max_plies=") + plies[rng.below(4)];
    s += ")";
    auto parsed = parse_rules(s);
    if (parsed.ok() && (parsed.value.rules.quiet_plies || parsed.value.rules.max_plies)) return s;
  }
}

TEST(Perft, EngineAgreesWithTheSimpleGenerator) {
  struct Batch {
    std::string rules;
    int games, every, perft_every;
  };
  std::vector<Batch> batches;
  // A few hundred positions per ruleset and size; diagonal games run long and have many moves.
  batches.push_back({"standard", 16, 5, 1});
  batches.push_back({"standard(size=7)", 8, 8, 2});
  batches.push_back({"standard(size=9)", 6, 6, 3});
  batches.push_back({"diagonal", 10, 8, 2});
  batches.push_back({"diagonal(size=7)", 3, 10, 4});
  batches.push_back({"diagonal(size=9)", 2, 14, 8});
  batches.push_back({"chain", 20, 4, 1});
  batches.push_back({"chain(size=7)", 8, 6, 2});
  batches.push_back({"chain(size=9)", 6, 6, 3});
  for (const char* variant : {"standard(steps=all)",
                              "standard(captures=all)",
                              "diagonal(steps=orth)",
                              "diagonal(captures=orth)",
                              "standard(chains=on)",
                              "chain(forced_capture=off)",
                              "chain(forced_capture=off,size=7)",
                              "standard(forced_capture=on)",
                              "standard(barrier=on)",
                              "standard(barrier=on,size=7)",
                              "chain(barrier=off)",
                              "standard(walled_in=lose)",
                              "diagonal(walled_in=pass)",
                              "standard(first_mover=first)",
                              "chain(first_mover=first,size=7)",
                              "standard(centre_immune=off)",
                              "diagonal(centre_immune=off)",
                              "standard(quiet_plies=3)",
                              "standard(max_plies=10)",
                              "chain(quiet_plies=off,max_plies=10)",
                              "diagonal(quiet_plies=3)",
                              "diagonal(max_plies=3)",
                              "standard(quiet_plies=10,max_plies=3)"})
    batches.push_back({variant, 4, 6, 2});
  Rng variants(2024);
  for (int i = 0; i < 30; ++i) batches.push_back({random_variant(variants), 2, 5, 2});

  std::uint64_t seed = 1000;
  std::set<std::string> ends;
  for (const auto& b : batches) {
    const Rules rules = test::rules(b.rules);
    const int compared = compare_along_games(rules, ++seed, b.games, b.every, b.perft_every, ends);
    EXPECT_GE(compared, b.games * 3) << b.rules;
    if (HasFailure()) {
      ADD_FAILURE() << "stopping at the first ruleset that disagrees: " << b.rules;
      return;
    }
  }
  for (const char* reason : {"all_captured", "barrier", "quiet_limit", "ply_limit", "hemmed_in"})
    EXPECT_TRUE(ends.count(reason)) << "no position compared ended by " << reason;
}

// A board with an interior or edge line (rank or file) full of one side's stones, or full but for one
// square that a stone of that side can step into; its other stones mostly on one side of the line and
// the enemy's mostly on the other. Random games seldom build barriers; these boards do.
template <int N>
std::string near_barrier(Rng& rng) {
  std::vector<char> grid(N * N, '.');  // index rank * N + file
  const char us = rng.below(2) ? 'w' : 'b', them = us == 'w' ? 'b' : 'w';
  const int line = static_cast<int>(rng.below(N));
  const bool files = rng.below(2), ours_before = rng.below(2);
  const int gap = rng.below(2) ? static_cast<int>(rng.below(N)) : -1;
  auto at = [&](int across, int along) -> char& { return files ? grid[along * N + across] : grid[across * N + along]; };
  for (int across = 0; across < N; ++across)
    for (int along = 0; along < N; ++along) {
      if (across == line) {
        if (along != gap) at(across, along) = us;
        continue;
      }
      const bool our_side = (across < line) == ours_before;
      const double u = rng.uniform();
      if (u < 0.3) {
        at(across, along) = our_side ? us : them;
      } else if (u < 0.33) {
        at(across, along) = our_side ? them : us;  // a stray stone
      }
    }
  const int next = ours_before ? line - 1 : line + 1;
  if (gap >= 0 && next >= 0 && next < N) at(next, gap) = us;
  return test::board_rows(grid, N) + (rng.below(2) ? " w" : " b") + " 0/0 0 10";
}

TEST(Perft, EngineAgreesWithTheSimpleGeneratorAroundBarriers) {
  Rng rng(2003);
  std::set<std::string> ends;
  int barriers = 0;
  for (const char* preset : {"chain", "standard(barrier=on)", "chain(steps=all,captures=all,forced_capture=off)"}) {
    for (int n : {5, 7, 9}) {
      Rules rules = test::rules(preset);
      rules.size = n;
      with_size(n, [&]<int N>() {
        for (int i = 0, made = 0; made < (N == 5 ? 60 : N == 7 ? 30 : 10); ++i) {
          auto pos = parse_position<N>(rules, near_barrier<N>(rng));
          if (!pos.ok()) continue;  // too many stones of one side
          ++made;
          barriers += pos.value.outcome().reason == EndReason::Barrier;
          ASSERT_TRUE(agrees_with_reference(pos.value, true, rng, ends)) << "stopping at the first disagreement";
        }
      });
    }
  }
  EXPECT_GE(barriers, 20);  // the boards do make barriers (38 with this seed)
  EXPECT_TRUE(ends.count("barrier"));
}

// The board field of a position under one of the 8 symmetries of the square (counters unchanged):
// bit 0 mirrors files, bit 1 mirrors ranks, bit 2 swaps files and ranks.
std::string transformed(const std::string& position, int n, int symmetry) {
  const std::string board = position.substr(0, position.find(' '));
  std::vector<char> grid(n * n, '.');  // index rank * n + file
  int rank = n - 1, file = 0;
  for (char c : board) {
    if (c == '/') {
      --rank, file = 0;
    } else if (c >= '1' && c <= '9') {
      file += c - '0';
    } else {
      grid[rank * n + file++] = c;
    }
  }
  std::vector<char> out(n * n, '.');
  for (int r = 0; r < n; ++r)
    for (int f = 0; f < n; ++f) {
      int tf = symmetry & 1 ? n - 1 - f : f, tr = symmetry & 2 ? n - 1 - r : r;
      if (symmetry & 4) std::swap(tf, tr);
      out[tr * n + tf] = grid[r * n + f];
    }
  return test::board_rows(out, n) + position.substr(position.find(' '));
}

TEST(Perft, RotatingOrReflectingPreservesPerft) {
  int checked = 0;
  for (const char* preset :
       {"standard", "diagonal", "chain", "standard(steps=all,barrier=on)", "chain(captures=all,forced_capture=off)"}) {
    for (int n : {5, 7, 9}) {
      Rules rules = test::rules(preset);
      rules.size = n;
      with_size(n, [&]<int N>() {
        // Positions along a few seeded games: two in placement, up to six in movement.
        for (int g = 0; g < (N == 9 ? 1 : 2); ++g) {
          Rng rng(Rng::derive(77 + N, g));
          Position<N> pos(rules, g ? Black : White);
          MoveList<N> list;
          for (int ply = 0, in_movement = 0; in_movement < 6; ++ply) {
            legal_moves(pos, list);
            if (list.empty()) break;
            const int depth = pos.placing() ? 2 : 3;
            const bool pick = pos.placing() ? ply == 3 || ply == N * N / 4 - 1 : pos.movement_plies() % 9 == 2;
            if (pick) {
              in_movement += !pos.placing();
              const std::string text = to_string(pos);
              const std::uint64_t nodes = perft(pos, depth);
              for (int s = 1; s < 8; ++s) {
                auto image = parse_position<N>(rules, transformed(text, N, s));
                ASSERT_TRUE(image.ok()) << image.error;
                EXPECT_EQ(perft(image.value, depth), nodes) << "rules " << rules.to_string() << ", position " << text
                                                            << ", symmetry " << s << ": " << to_string(image.value);
              }
              ++checked;
            }
            pos.play(list[rng.below(list.size())]);
          }
        }
      });
    }
  }
  EXPECT_GE(checked, 60);
}

}  // namespace
}  // namespace seega
