// Games as text (game_text.hpp): played games written as text read back to the same records under
// every ruleset and size, and text that is wrong anywhere (a tag, a move, the result) is refused with
// the line that is wrong.
#include <memory>
#include <tuple>

#include "engine/selfplay.hpp"
#include "runs/format/game_text.hpp"
#include "test_util.hpp"

namespace seega::test {
namespace {

// n games under rules with random and greedy in turn, every third with b placing first.
std::vector<TextGame> played_games(const Rules& rules, int n, std::uint64_t master) {
  std::vector<TextGame> games;
  with_size(rules.size, [&]<int N>() {
    for (int k = 0; k < n; ++k) {
      const char* names[2] = {k % 2 ? "greedy" : "random", k % 2 ? "random" : "greedy"};
      std::unique_ptr<Player<N>> w = make_player<N>(parse_player(names[0]).value);
      std::unique_ptr<Player<N>> b = make_player<N>(parse_player(names[1]).value);
      Player<N>* const players[2] = {w.get(), b.get()};
      GameOptions options;
      options.record_moves = true;
      if (k % 3 == 2) options.first_placer = ~rules.first_placer;
      TextGame g{rules, {names[0], names[1]}, *play_game<N>(rules, players, Rng::derive(master, k), options), 0};
      g.record.index = 10 + k;
      g.record.seed = Rng::derive(master, k);
      games.push_back(std::move(g));
    }
  });
  return games;
}

std::string text_of(const std::vector<TextGame>& games) {
  std::string text;
  for (const auto& g : games) {
    if (!text.empty()) text += '\n';
    text += game_text(g);
  }
  return text;
}

// The fields of a record that its game text keeps (written as tags or read back from the moves), and
// their names.
auto kept(const GameRecord& g) {
  return std::tie(g.index, g.seed, g.first_placer, g.last_placer, g.moves, g.outcome, g.stones[White], g.stones[Black],
                  g.plies, g.movement_plies, g.passes, g.captures, g.game_key, g.placement_key);
}
const std::string kKeptNames =
    "index seed first_placer last_placer moves outcome stones[w] stones[b] plies movement_plies passes captures "
    "game_key placement_key";

TEST(GameText, PlayedGamesReadBackToTheirRecordsUnderEveryRulesetAndSize) {
  for (const char* preset : {"standard", "diagonal", "chain"})
    for (int size : {5, 7, 9}) {
      const Rules r = rules(std::string(preset) + "(size=" + std::to_string(size) + ")");
      SCOPED_TRACE(r.to_string());
      const auto games = played_games(r, size == 9 ? 3 : 6, 40 + size);
      const std::string text = text_of(games);
      ASSERT_TRUE(is_game_text(text));
      const auto read = read_game_text(text);
      ASSERT_TRUE(read.ok()) << read.error;
      ASSERT_EQ(read.value.size(), games.size());
      for (std::size_t k = 0; k < games.size(); ++k) {
        const GameRecord &a = games[k].record, &b = read.value[k].record;
        EXPECT_EQ(read.value[k].rules, r);
        EXPECT_EQ(read.value[k].players[White], games[k].players[White]);
        EXPECT_EQ(read.value[k].players[Black], games[k].players[Black]);
        expect_same_fields(kept(b), kept(a), kKeptNames);
        // And the text is a fixed point: written again, it is the same.
        EXPECT_EQ(game_text(read.value[k]), game_text(games[k]));
      }
    }
}

TEST(GameText, TagValuesKeepQuotesAndBackslashes) {
  auto games = played_games(rules("standard"), 1, 7);
  games[0].players[White] = R"(odd "name" \ here)";
  const std::string text = game_text(games[0]);
  EXPECT_NE(text.find(R"([White "odd \"name\" \\ here"])"), std::string::npos) << text;
  const auto read = read_game_text(text);
  ASSERT_TRUE(read.ok()) << read.error;
  EXPECT_EQ(read.value[0].players[White], games[0].players[White]);
}

TEST(GameText, MovesWrapAtEightyColumns) {
  const std::string text = game_text(played_games(rules("standard(size=7)"), 1, 3)[0]);
  std::size_t start = 0, lines = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    EXPECT_LE(end - start, 80u) << text.substr(start, end - start);
    start = end + 1;
    ++lines;
  }
  EXPECT_GT(lines, 10u);  // eight tags, a blank line and more than one line of moves
}

// The text of one game with line `line` (from 1) replaced by `with` ("" removes it).
std::string edited(const std::string& text, int line, const std::string& with) {
  std::string out;
  int number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = text.find('\n', start);
    ++number;
    const std::string current = text.substr(start, end - start);
    if (number != line) out += current + "\n";
    else if (!with.empty()) out += with + "\n";
    start = end + 1;
  }
  return out;
}

void expect_refused(const std::string& text, const std::string& starts, const std::string& holds) {
  const auto read = read_game_text(text);
  ASSERT_FALSE(read.ok()) << text;
  EXPECT_EQ(read.error.rfind(starts, 0), 0u) << read.error;
  EXPECT_NE(read.error.find(holds), std::string::npos) << read.error;
}

TEST(GameText, WrongTextIsRefusedNamingItsLine) {
  const TextGame game = played_games(rules("standard"), 1, 5)[0];
  const std::string text = game_text(game);
  ASSERT_TRUE(read_game_text(text).ok());
  expect_refused(edited(text, 2, "[Whtie \"random\"]"), "line 2: ", "unknown tag 'Whtie' (did you mean 'White'?)");
  expect_refused(edited(text, 4, ""), "line 1: ", "no [Seed] tag");
  expect_refused(edited(text, 3, "[White \"x\"]"), "line 3: ", "[White] is given twice");
  expect_refused(edited(text, 5, "[Index \"-1\"]"), "line 5: ", "0 or more");
  expect_refused(edited(text, 5, "[Index 0]"), "line 5: ", "not between double quotes");
  expect_refused(edited(text, 1, "[Rules \"standard(sise=5)\"]"), "line 1: ", "did you mean 'size'");
  expect_refused(edited(text, 6, "[FirstPlacer \"x\"]"), "line 6: ", "allowed: w, b");
  const std::string other = game.record.outcome.draw() ? "w" : "draw";
  expect_refused(edited(text, 7, "[Result \"" + other + "\"]"), "line 7: ", "but the moves end in");
  const std::string ending = game.record.outcome.reason == EndReason::Barrier ? "hemmed_in" : "barrier";
  expect_refused(edited(text, 8, "[Ending \"" + ending + "\"]"), "line 8: ", "but the moves end in");
  expect_refused(edited(text, 8, "[Ending \"won\"]"), "line 8: ", "allowed: all_captured");
  // Lines 1 to 8 are the tags, 9 is blank, the moves start on line 10: a bad first move there, and the
  // moves cut after that line.
  const std::string tags = text.substr(0, text.find("\n\n") + 1);
  const std::string moves = text.substr(tags.size() + 1);
  const std::string line10 = moves.substr(0, moves.find('\n'));
  expect_refused(edited(text, 10, "z9+a1 " + line10.substr(line10.find(' ') + 1)), "line 10: ", "move 1 'z9+a1'");
  expect_refused(tags + "\n" + line10 + "\n", "line 10: ", "not over");
  expect_refused("a1+b2\n", "line 1: ", "expected a tag line");
  expect_refused(text + "\n" + text, "line ", "game " + std::to_string(game.record.index) + " appears twice");
  expect_refused(tags, "line 8: ", "has no moves");
  expect_refused("", "", "no game");
}

}  // namespace
}  // namespace seega::test
