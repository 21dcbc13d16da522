// callback(NAME): a player whose moves a function of this process chooses (the Python module's players).
// Its moves are played as given; a function that throws or answers an illegal move loses as an engine
// that crashes or plays one does; nothing registered, it loses its first move; registrations end.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "engine/callback_player.hpp"
#include "engine/selfplay.hpp"
#include "rules/notation.hpp"

namespace seega {
namespace {

GameRecord play_against_greedy(const std::string& spec_text, std::uint64_t seed) {
  auto spec = parse_player(spec_text);
  EXPECT_TRUE(spec.ok()) << spec.error;
  auto mine = make_player<5>(spec.value);
  auto greedy = make_player<5>(parse_player("greedy").value);
  Player<5>* players[2] = {mine.get(), greedy.get()};
  GameOptions o;
  o.record_moves = true;
  return *play_game(standard_rules(), players, seed, o);
}

// The first legal move of a position, in notation: what the function answers.
std::string first_move(const Rules& rules, const std::string& position) {
  auto pos = parse_position<5>(rules, position);
  if (!pos.ok()) throw std::invalid_argument(pos.error);
  MoveList<5> list;
  legal_moves(pos.value, list);
  return to_string(pos.value, list[0]);
}

TEST(CallbackPlayer, PlaysTheMovesItsFunctionChooses) {
  int calls = 0;
  auto r = register_callback("first", [&](const Rules& rules, const std::string& position) {
    ++calls;
    return first_move(rules, position);
  });
  ASSERT_TRUE(r.ok()) << r.error;
  const GameRecord g = play_against_greedy("callback(first)", 3);
  EXPECT_FALSE(outside_rules(g.outcome.reason)) << g.end_detail;
  EXPECT_GT(calls, 5);
  EXPECT_EQ(g.moves[0], "a1+b1");  // white's first placement: the first legal move
  EXPECT_FALSE(parse_player("callback(first)").value.reproducible());
}

TEST(CallbackPlayer, AnExceptionOrAnIllegalMoveLosesTheGame) {
  auto throws = register_callback("throws", [](const Rules&, const std::string&) -> std::string {
    throw std::runtime_error("ValueError: my bug");
  });
  ASSERT_TRUE(throws.ok());
  GameRecord g = play_against_greedy("callback(throws)", 1);
  EXPECT_EQ(g.outcome.reason, EndReason::EngineCrashed);
  EXPECT_EQ(g.outcome.winner, Black);
  EXPECT_NE(g.end_detail.find("callback 'throws' raised: ValueError: my bug"), std::string::npos) << g.end_detail;

  auto illegal = register_callback("illegal", [](const Rules&, const std::string&) { return std::string("c3+a1"); });
  ASSERT_TRUE(illegal.ok());
  g = play_against_greedy("callback(illegal)", 1);
  EXPECT_EQ(g.outcome.reason, EndReason::IllegalMove);
  EXPECT_NE(g.end_detail.find("answered 'c3+a1'"), std::string::npos) << g.end_detail;
}

TEST(CallbackPlayer, RegistrationsHaveNamesAndEnd) {
  {
    auto r = register_callback("once", [](const Rules& rules, const std::string& p) { return first_move(rules, p); });
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(callback_registered("once"));
    EXPECT_FALSE(register_callback("once", {}).ok());  // taken
  }
  EXPECT_FALSE(callback_registered("once"));
  EXPECT_FALSE(register_callback("two words", {}).ok());
  EXPECT_FALSE(register_callback("", {}).ok());
  // Nothing registered: the player loses its first move, saying why.
  const GameRecord g = play_against_greedy("callback(once)", 1);
  EXPECT_EQ(g.outcome.reason, EndReason::EngineCrashed);
  EXPECT_NE(g.end_detail.find("no function is registered as 'once'"), std::string::npos) << g.end_detail;
  // The spec's name comes first, without a key, and is a plain name.
  EXPECT_FALSE(parse_player("callback()").ok());
  EXPECT_FALSE(parse_player("callback(name=x)").ok());
  EXPECT_EQ(parse_player("callback(my-agent.v2)").value.callback, "my-agent.v2");
}

}  // namespace
}  // namespace seega
