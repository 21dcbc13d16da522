// Replay: records of played games turn back into the positions the players saw, over thousands of
// games of every ruleset and size; a record changed anywhere (a move, a field of the end, cut short,
// run on past the end) is an error naming the game and where.
#include <memory>
#include <set>
#include <utility>

#include "engine/replay.hpp"
#include "engine/selfplay.hpp"
#include "test_util.hpp"

namespace seega::test {
namespace {

// A player that remembers every position it was asked to choose in and what it chose, so a replay is
// checked against the game as it was played rather than against the moves it was given.
template <int N>
class Witness : public Player<N> {
 public:
  explicit Witness(const std::string& spec) {
    auto parsed = parse_player(spec);
    EXPECT_TRUE(parsed.ok()) << spec << ": " << parsed.error;
    inner_ = make_player<N>(parsed.value);
  }
  Move<N> choose(const Position<N>& pos, Rng& rng) override {
    const Move<N> m = inner_->choose(pos, rng);
    seen.push_back({pos, m});
    return m;
  }
  void new_game() override {
    inner_->new_game();
    seen.clear();
  }
  std::vector<std::pair<Position<N>, Move<N>>> seen;

 private:
  std::unique_ptr<Player<N>> inner_;
};

// What the games of a ruleset held, so a test can say its games reached the cases it is about.
struct Tally {
  int games = 0, passes = 0, chain_moves = 0, captures = 0, b_first = 0;
  std::set<EndReason> reasons;
};

// Plays `games` games under rules (random and greedy in turn on each side; every fourth game the
// other colour places first, as GameOptions allows) and checks that each record replays to the game
// as it was played: the positions each player saw with the moves it chose, the same notation, and the
// end the record states.
template <int N>
void expect_records_replay(const Rules& rules, int games, std::uint64_t master, Tally& tally) {
  const char* pairings[][2] = {{"random", "random"}, {"greedy", "random"}, {"random", "greedy"}};
  const bool moves_carry_captures = rules.chains || rules.forced_capture;  // movegen.hpp
  for (int g = 0; g < games; ++g) {
    Witness<N> w(pairings[g % 3][0]), b(pairings[g % 3][1]);
    Player<N>* const players[2] = {&w, &b};
    GameOptions options;
    options.record_moves = true;
    if (g % 4 == 3) options.first_placer = ~rules.first_placer;
    GameRecord record = *play_game<N>(rules, players, Rng::derive(master, g), options);
    record.index = g;
    SCOPED_TRACE(rules.to_string() + ", game " + std::to_string(g));

    const auto replayed = replay<N>(rules, record);
    ASSERT_TRUE(replayed.ok()) << replayed.error;
    const auto& game = replayed.value;
    ASSERT_EQ(game.moves.size(), record.moves.size());
    ASSERT_EQ(game.positions.size(), record.moves.size() + 1);
    EXPECT_EQ(game.positions[0], Position<N>(rules, record.first_placer));
    EXPECT_EQ(game.positions[0].side(), record.first_placer);

    std::size_t seen[2] = {0, 0};
    int captured = 0, passes = 0, moved[2] = {0, 0};
    Color last_placer = ~record.first_placer;
    for (std::size_t k = 0; k < game.moves.size(); ++k) {
      const Position<N>& pos = game.positions[k];
      const Move<N>& move = game.moves[k];
      EXPECT_EQ(to_string(pos, move), record.moves[k]) << "move " << k + 1;
      Position<N> next = pos;
      next.play(move);
      EXPECT_EQ(next, game.positions[k + 1]) << "move " << k + 1 << " '" << record.moves[k] << "'";
      const std::size_t legal = count_legal_moves(pos);
      EXPECT_GT(legal, 0u) << "move " << k + 1 << " is played after the end";
      // play_game asks a player only where there is a choice; there the replay must have reached the
      // position the player saw and played the move it chose.
      if (legal > 1) {
        const auto& witness = pos.side() == White ? w.seen : b.seen;
        auto& i = seen[pos.side()];
        ASSERT_LT(i, witness.size()) << "move " << k + 1 << ": the player was never asked here";
        EXPECT_EQ(witness[i].first, pos) << "move " << k + 1;
        Position<N> chosen = witness[i].first;
        chosen.play(witness[i].second);
        EXPECT_EQ(chosen, game.positions[k + 1]) << "move " << k + 1;
        ++i;
      }
      if (moves_carry_captures) {
        EXPECT_EQ(game.captured(k), move.captured) << "move " << k + 1;
      }
      if (move.kind == MoveKind::Place || move.kind == MoveKind::Pass) {
        EXPECT_EQ(game.captured(k), 0) << "move " << k + 1;
      }
      if (move.kind == MoveKind::Place) last_placer = pos.side();
      passes += move.kind == MoveKind::Pass;
      if (!pos.placing() && move.kind != MoveKind::Pass) ++moved[pos.side()];
      tally.chain_moves += move.kind == MoveKind::Chain;
      captured += popcount(game.captured(k));
    }
    EXPECT_EQ(seen[White], w.seen.size()) << "w chose moves the replay never reached";
    EXPECT_EQ(seen[Black], b.seen.size()) << "b chose moves the replay never reached";

    const Position<N>& end = game.positions.back();
    EXPECT_EQ(count_legal_moves(end), 0u);
    EXPECT_EQ(end.outcome(), record.outcome) << to_string(end.outcome()) << " vs " << to_string(record.outcome);
    EXPECT_EQ(end.count(White), record.stones[White]);
    EXPECT_EQ(end.count(Black), record.stones[Black]);
    EXPECT_EQ(end.movement_plies(), record.movement_plies);
    EXPECT_EQ(static_cast<int>(game.moves.size()), record.plies);
    EXPECT_EQ(passes, record.passes);
    EXPECT_EQ(moved[White], record.movement_moves[White]);
    EXPECT_EQ(moved[Black], record.movement_moves[Black]);
    EXPECT_EQ(captured, record.captures);
    EXPECT_EQ(last_placer, record.last_placer);
    if (::testing::Test::HasFailure()) return;  // one game's lines, not thousands

    ++tally.games;
    tally.passes += record.passes;
    tally.captures += record.captures;
    tally.b_first += record.first_placer == Black;
    tally.reasons.insert(record.outcome.reason);
  }
}

// The games per size: ~300 on 5x5, fewer where a game costs more.
Tally expect_records_of_every_size_replay(const std::string& preset, std::uint64_t master) {
  Tally tally;
  for (const auto& [size, games] : {std::pair{5, 300}, std::pair{7, 200}, std::pair{9, 100}}) {
    const std::string key = "size=" + std::to_string(size);
    const Rules sized =
        rules(preset.back() == ')' ? preset.substr(0, preset.size() - 1) + "," + key + ")" : preset + "(" + key + ")");
    with_size(size, [&]<int N>() { expect_records_replay<N>(sized, games, master + size, tally); });
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_EQ(tally.games, 600) << preset;
  EXPECT_GT(tally.captures, 0) << preset;
  EXPECT_GT(tally.b_first, 0) << preset;
  return tally;
}

TEST(Replay, StandardRecordsReplayToTheGameAsPlayed) {
  const Tally t = expect_records_of_every_size_replay("standard", 100);
  EXPECT_GT(t.passes, 0) << "no side was walled in, so no pass was replayed";
  for (EndReason r : {EndReason::AllCaptured, EndReason::QuietLimit, EndReason::PlyLimit})
    EXPECT_TRUE(t.reasons.count(r)) << "no game ended by " << to_string(r);
}

TEST(Replay, DiagonalRecordsReplayToTheGameAsPlayed) {
  const Tally t = expect_records_of_every_size_replay("diagonal", 200);
  for (EndReason r : {EndReason::AllCaptured, EndReason::HemmedIn})
    EXPECT_TRUE(t.reasons.count(r)) << "no game ended by " << to_string(r);
}

TEST(Replay, ChainRecordsReplayToTheGameAsPlayed) {
  // About 1.5% of 5x5 chain games end by a barrier, so a few of these 300 do.
  const Tally t = expect_records_of_every_size_replay("chain", 400);
  EXPECT_GT(t.chain_moves, 0) << "no chain turn was replayed";
  for (EndReason r : {EndReason::AllCaptured, EndReason::Barrier})
    EXPECT_TRUE(t.reasons.count(r)) << "no game ended by " << to_string(r);
}

TEST(Replay, RecordsWhereBPlacesFirstReplayToTheGameAsPlayed) {
  expect_records_of_every_size_replay("standard(first_placer=b)", 400);
}

// --- Records changed -----------------------------------------------------------------------------------

const Rules kStandard = rules("standard");

// A played standard game, moves recorded, as game 12 of a schedule.
GameRecord game_12() {
  GameRecord r = play_random_game(kStandard, 2024, White, true);
  r.index = 12;
  EXPECT_TRUE(replay<5>(kStandard, r).ok()) << replay<5>(kStandard, r).error;
  return r;
}

std::string error_of(const GameRecord& r) {
  const auto replayed = replay<5>(kStandard, r);
  EXPECT_FALSE(replayed.ok()) << "the changed record replayed";
  return replayed.error;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

TEST(Replay, AnIllegalMoveIsAnErrorNamingTheGameTheMoveNumberAndItsText) {
  const GameRecord played = game_12();
  GameRecord r = played;
  r.moves[0] = "a1+c3";
  EXPECT_EQ(error_of(r), "game 12, move 1 'a1+c3': c3 is the centre, which stays empty until placement ends");
  // A step in movement, the other side's next move played a ply early: its stone is not the mover's.
  const auto game = replay<5>(kStandard, played).value;
  std::size_t k = 0;
  while (k + 1 < game.moves.size() &&
         !(game.moves[k].kind == MoveKind::Step && game.moves[k + 1].kind == MoveKind::Step))
    ++k;
  ASSERT_LT(k + 1, game.moves.size());
  r = played;
  r.moves[k] = played.moves[k + 1];
  std::string e = error_of(r);
  const std::string at = "game 12, move " + std::to_string(k + 1) + " '" + played.moves[k + 1] + "': ";
  EXPECT_TRUE(starts_with(e, at) && e.size() > at.size()) << e;
  // A pass where the side has a step.
  r = played;
  r.moves[k] = "pass";
  e = error_of(r);
  EXPECT_EQ(e, "game 12, move " + std::to_string(k + 1) +
                   " 'pass': a pass is only allowed when the side to move has no legal step");
  // A placement after placement.
  r = played;
  r.moves[k] = "a1+b2";
  EXPECT_EQ(error_of(r), "game 12, move " + std::to_string(k + 1) + " 'a1+b2': placement is over");
}

TEST(Replay, AnUnparsableMoveIsAnErrorNamingTheGameTheMoveNumberAndItsText) {
  const GameRecord played = game_12();
  for (const std::string bad : {"c2c3", "zz-a1", "", "a1+", "pass please"}) {
    for (std::size_t k : {std::size_t{4}, played.moves.size() - 1}) {
      GameRecord r = played;
      r.moves[k] = bad;
      const std::string e = error_of(r);
      const std::string at = "game 12, move " + std::to_string(k + 1) + " '" + bad + "': expected ";
      EXPECT_TRUE(starts_with(e, at)) << e;
    }
  }
  // A square in the form of one but off the board is named as such.
  GameRecord r = played;
  r.moves[4] = "z9-a1";
  EXPECT_EQ(error_of(r), "game 12, move 5 'z9-a1': z9 is off the 5x5 board (a1 to e5)");
}

TEST(Replay, ARecordWhoseEndWasChangedIsAnErrorNamingTheField) {
  const GameRecord played = game_12();
  struct Change {
    const char* field;
    void (*change)(GameRecord&);
  };
  const Change changes[] = {
      {"result", [](GameRecord& r) { r.outcome.winner = static_cast<std::int8_t>(r.outcome.winner == 0 ? 1 : 0); }},
      {"result",
       [](GameRecord& r) {
         r.outcome.reason = r.outcome.reason == EndReason::PlyLimit ? EndReason::QuietLimit : EndReason::PlyLimit;
       }},
      {"result", [](GameRecord& r) { r.outcome = Outcome::ongoing(); }},
      {"stones", [](GameRecord& r) { --r.stones[White]; }},
      {"stones", [](GameRecord& r) { ++r.stones[Black]; }},
      {"plies", [](GameRecord& r) { ++r.plies; }},
      {"movement_plies", [](GameRecord& r) { --r.movement_plies; }},
      {"passes", [](GameRecord& r) { ++r.passes; }},
      {"captures", [](GameRecord& r) { r.captures += 2; }},
      {"last_placer", [](GameRecord& r) { r.last_placer = ~r.last_placer; }},
      {"first_move_captures", [](GameRecord& r) { ++r.first_move_captures; }},
      {"stone_diff_10", [](GameRecord& r) { r.stone_diff_10 -= 2; }},
      {"placement_key", [](GameRecord& r) { r.placement_key ^= 1; }},
      {"game_key", [](GameRecord& r) { r.game_key += 1; }},
  };
  for (const Change& c : changes) {
    GameRecord r = played;
    c.change(r);
    const std::string e = error_of(r);
    EXPECT_TRUE(starts_with(e, std::string("game 12: the record says ") + c.field + " ")) << c.field << ": " << e;
  }
  GameRecord r = played;
  r.outcome = Outcome::win(White, EndReason::AllCaptured);
  EXPECT_EQ(error_of(r),
            "game 12: the record says result w all_captured, the moves end in " + to_string(played.outcome));
  r = played;
  r.stones[White] = 1;
  EXPECT_EQ(error_of(r), "game 12: the record says stones w 1 b " + std::to_string(played.stones[Black]) +
                             ", the moves end in w " + std::to_string(played.stones[White]) + " b " +
                             std::to_string(played.stones[Black]));
  // The same moves with the other colour placing first replay with the colours swapped, so the record
  // no longer agrees: at least the last placer differs.
  r = played;
  r.first_placer = ~r.first_placer;
  EXPECT_TRUE(starts_with(error_of(r), "game 12: the record says ")) << error_of(r);
}

TEST(Replay, AFirstPlacerThatIsNoColourIsAnError) {
  GameRecord r = game_12();
  r.first_placer = static_cast<Color>(7);
  EXPECT_EQ(error_of(r), "game 12: first_placer is invalid colour 7, not w or b");
}

// --- Records cut short or run on -------------------------------------------------------------------------

TEST(Replay, ARecordCutShortIsAnErrorSayingTheGameIsNotOver) {
  const GameRecord played = game_12();
  for (std::size_t keep : {std::size_t{1}, std::size_t{12}, std::size_t{13}, played.moves.size() - 1}) {
    GameRecord r = played;
    r.moves.resize(keep);
    const std::string e = error_of(r);
    EXPECT_TRUE(starts_with(e, "game 12: the moves stop at move " + std::to_string(keep) + " with the game not over"))
        << e;
  }
}

TEST(Replay, AMoveAfterTheEndIsAnError) {
  const GameRecord played = game_12();
  const std::string after_end = "game 12, move " + std::to_string(played.moves.size() + 1);
  for (const std::string extra : {"pass", "a1-a2", "nonsense"}) {
    GameRecord r = played;
    r.moves.push_back(extra);
    EXPECT_EQ(error_of(r), after_end + " '" + extra + "': played after the game ended (" + to_string(played.outcome) +
                               " after move " + std::to_string(played.moves.size()) + ")");
  }
}

TEST(Replay, ARecordWithoutMovesIsAnError) {
  GameRecord r = game_12();
  r.moves.clear();
  EXPECT_EQ(error_of(r), "game 12 has no moves recorded");
  EXPECT_EQ(replay_text(kStandard, r).error, "game 12 has no moves recorded");
}

TEST(Replay, RulesOfAnotherSizeAreAnError) {
  const GameRecord r = game_12();
  EXPECT_FALSE(replay<7>(kStandard, r).ok());
  const auto seven = rules("standard(size=7)");
  EXPECT_EQ(replay<5>(seven, r).error, "game 12: the rules are for a 7x7 board, the replay is for 5x5");
  // replay_text takes the size from the rules, so a 5x5 game read as 7x7 fails at some move (here a
  // placement on d4, that board's centre).
  EXPECT_TRUE(starts_with(replay_text(seven, r).error, "game 12, move ")) << replay_text(seven, r).error;
  Rules six = kStandard;
  six.size = 6;
  EXPECT_EQ(replay_text(six, r).error, "game 12: the rules' board size 6 is not 5, 7 or 9");
}

// --- replay_text ---------------------------------------------------------------------------------------

template <int N>
void expect_text_agrees(const Rules& r, int games) {
  for (int g = 0; g < games; ++g) {
    GameRecord record = play_random_game(r, Rng::derive(77, g), g % 2 ? Black : White, true);
    record.index = g;
    SCOPED_TRACE(r.to_string() + ", game " + std::to_string(g));
    const auto game = replay<N>(r, record);
    const auto text = replay_text(r, record);
    ASSERT_TRUE(game.ok()) << game.error;
    ASSERT_TRUE(text.ok()) << text.error;
    ASSERT_EQ(text.value.positions.size(), game.value.positions.size());
    ASSERT_EQ(text.value.moves.size(), game.value.moves.size());
    ASSERT_EQ(text.value.captured.size(), game.value.moves.size());
    EXPECT_EQ(text.value.moves, record.moves);
    for (std::size_t k = 0; k < game.value.positions.size(); ++k)
      EXPECT_EQ(text.value.positions[k], to_string(game.value.positions[k])) << k;
    int taken = 0;
    for (std::size_t k = 0; k < game.value.moves.size(); ++k) {
      const auto bb = game.value.captured(k);
      std::vector<std::string> names;
      for (int s = 0; s < N * N; ++s)
        if ((bb >> s) & 1) names.push_back(square_name(s, N));
      EXPECT_EQ(text.value.captured[k], names) << "move " << k + 1;
      // Each named square held an enemy stone before the move and none after it (a chain may pass
      // over a square it emptied, so the mover's stone can stand there).
      for (const auto& name : text.value.captured[k]) {
        const int s = parse_square(name, N);
        const Color them = ~game.value.positions[k].side();
        EXPECT_TRUE((game.value.positions[k].stones(them) >> s) & 1) << name;
        EXPECT_FALSE((game.value.positions[k + 1].stones(them) >> s) & 1) << name;
      }
      taken += static_cast<int>(text.value.captured[k].size());
    }
    EXPECT_EQ(taken, record.captures);
  }
}

TEST(Replay, ReplayTextAgreesWithReplay) {
  for (const char* preset : {"standard", "diagonal", "chain"}) {
    expect_text_agrees<5>(rules(preset), 40);
    expect_text_agrees<7>(rules(std::string(preset) + "(size=7)"), 10);
    expect_text_agrees<9>(rules(std::string(preset) + "(size=9)"), 4);
  }
}

TEST(Replay, ReplayTextNamesTheSquaresAHandMadeGameCaptured) {
  // Placement fills the board but the centre:      Then b c2-c3 takes c4 (c5 beyond) and b3 (a3
  //   rank 5 | w w b w w                           beyond), not d3 (e3 is w's); w b4-b3 takes nothing
  //   rank 4 | w w w w w                           (c3 is the centre); with max_plies=2 the game ends
  //   rank 3 | b w . w w                           there, b ahead 12 to 10.
  //   rank 2 | b b b b b
  //   rank 1 | b b b b b
  const Rules r = rules("standard(max_plies=2)");
  GameRecord record;
  record.index = 3;
  record.moves = {"a5+b5", "a1+b1", "d5+e5", "c1+d1", "a4+b4", "e1+a2", "d4+e4",
                  "b2+d2", "c4+b3", "e2+c2", "d3+e3", "a3+c5", "c2-c3", "b4-b3"};
  record.first_placer = White;
  record.last_placer = Black;
  record.outcome = Outcome::win(Black, EndReason::PlyLimit);
  record.stones[White] = 10;
  record.stones[Black] = 12;
  record.plies = 14;
  record.movement_plies = 2;
  record.passes = 0;
  record.captures = 2;
  record.movement_moves[White] = 1;  // b4-b3
  record.movement_moves[Black] = 1;  // c2-c3
  record.first_move_captures = 2;    // c2-c3
  record.stone_diff_10 = 2;          // the game ends before 10 movement plies: b (placed last) 12, w 10
  // The keys are hashes: taken from the moves, as a writer of such a record would take them.
  auto derived = replay<5>(r, record, ReplayCheck::MovesOnly);
  ASSERT_TRUE(derived.ok()) << derived.error;
  record.placement_key = derived.value.record.placement_key;
  record.game_key = derived.value.record.game_key;
  EXPECT_EQ(record.placement_key, position(r, "wwbww/wwwww/bw1ww/bbbbb/bbbbb b 0/0 0 0").hash());

  // The positions as test_util's after() reaches them, one parsed move at a time from the start.
  std::vector<std::string> expected = {"5/5/5/5/5 w 12/12 0 0"};
  for (const auto& m : record.moves) expected.push_back(after(r, expected.back(), m));
  ASSERT_EQ(expected.back(), "wwbww/w2ww/bwbww/bb1bb/bbbbb b 0/0 1 2");

  const auto text = replay_text(r, record);
  ASSERT_TRUE(text.ok()) << text.error;
  EXPECT_EQ(text.value.positions, expected);
  EXPECT_EQ(text.value.moves[8], "b3+c4");  // printed lower square first, whatever the record wrote
  std::vector<std::vector<std::string>> captured(14);
  captured[12] = {"b3", "c4"};
  EXPECT_EQ(text.value.captured, captured);
  EXPECT_EQ(to_string(position(r, text.value.positions.back()).outcome()), "b ply_limit");
}

}  // namespace
}  // namespace seega::test
