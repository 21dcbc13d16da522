// Position and move notation: exact round trips, and parse errors that name the field.
#include "test_util.hpp"

namespace seega::test {
namespace {

const Rules kStandard = rules("standard");

TEST(Notation, TheStartPositionReadsAndPrintsExactly) {
  Position<5> start(kStandard);
  EXPECT_EQ(to_string(start), "5/5/5/5/5 w 12/12 0 0");
  EXPECT_EQ(position(kStandard, "5/5/5/5/5 w 12/12 0 0"), start);
  EXPECT_EQ(position(kStandard, "5/5/5/5/5 w 12/12 0 0").hash(), start.hash());
}

TEST(Notation, RowsRunFromTheTopRankToRankOne) {
  auto pos = position(kStandard, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31");
  EXPECT_TRUE((pos.stones(Black) >> 20) & 1);  // a5
  EXPECT_TRUE((pos.stones(White) >> 1) & 1);   // b1
  EXPECT_FALSE((pos.occupied() >> 0) & 1);     // a1
  EXPECT_EQ(pos.count(White), 10);
  EXPECT_EQ(pos.count(Black), 5);
  EXPECT_EQ(pos.side(), Black);
  EXPECT_EQ(pos.quiet_plies(), 3);
  EXPECT_EQ(pos.movement_plies(), 31);
  EXPECT_EQ(to_string(pos), "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31");
}

TEST(Notation, SquaresAreFileLetterAndRank) {
  EXPECT_EQ(square_name(0, 5), "a1");
  EXPECT_EQ(square_name(24, 5), "e5");
  EXPECT_EQ(square_name(80, 9), "i9");
  EXPECT_EQ(parse_square("c3", 5), 12);
  EXPECT_EQ(parse_square("f1", 5), -1);
  EXPECT_EQ(parse_square("a6", 5), -1);
  EXPECT_EQ(parse_square("a0", 5), -1);
  EXPECT_EQ(parse_square("a01", 5), -1);
}

std::string error_of(const std::string& text) {
  auto p = parse_position<5>(kStandard, text);
  EXPECT_FALSE(p.ok()) << text << " parsed";
  return p.error;
}

void expect_error(const std::string& text, const std::string& names) {
  std::string e = error_of(text);
  EXPECT_NE(e.find(names), std::string::npos) << text << " -> " << e;
}

TEST(Notation, MalformedPositionsAreRejectedNamingTheField) {
  expect_error("5/5/5/5 w 12/12 0 0", "4 rows");
  expect_error("5/5/5/5/5/5 w 12/12 0 0", "6 rows");
  expect_error("5/5/5/5/4 w 12/12 0 0", "row 5");
  expect_error("5/5/5/5/6 w 12/12 0 0", "row 5");
  expect_error("5/5/5/5/wwwwww w 6/12 0 0", "row 5");
  expect_error("5/5/5/5/x4 w 12/12 0 0", "unknown character 'x'");
  expect_error("5/5/5/5/5 x 12/12 0 0", "side to move");
  expect_error("5/5/5/5/5 w 12 0 0", "stones in hand");
  expect_error("5/5/5/5/5 w 12/12 0", "expected 5 fields");
  expect_error("5/5/5/5/5 w 12/12 -1 0", "quiet_plies");
  expect_error("wwwww/wwwww/ww1ww/wwwww/5 b 0/0 0 0", "more than its 12 stones");
  expect_error("5/5/5/5/5 w 14/12 0 0", "more than its 12 stones");
  expect_error("5/5/5/5/ww3 w 10/12 0 0", "");  // w placed, so b must be to move
  expect_error("5/5/5/5/ww3 b 8/12 0 0", "stones on the board plus in hand");
  expect_error("5/5/5/5/w4 b 11/12 0 0", "two at a time");
  expect_error("5/5/2w2/5/w4 b 10/12 0 0", "centre");
  expect_error("5/5/5/5/ww3 b 10/12 1 1", "during placement");
  expect_error("5/5/5/5/w3b w 0/0 5 4", "exceeds movement_plies");
  expect_error("5/5/5/5/5 w 0/0 0 0", "no stones");
  expect_error("5/5/5/5/5 w 12/12 0 x", "movement_plies");
}

TEST(Notation, CountersAPositionCannotHoldAreRefusedNotWrapped) {
  // Issue 12, defect 1: counters are stored in 16 bits; 65567 used to be read as 31.
  const Rules off = rules("standard(max_plies=off)");
  const char* board = "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 ";
  auto at = [&](const std::string& counters) { return parse_position<5>(off, board + counters); };
  EXPECT_NE(at("3 65567").error.find("movement_plies: 65567 is more than the 65535"), std::string::npos)
      << at("3 65567").error;
  EXPECT_NE(at("65536 70000").error.find("quiet_plies: 65536"), std::string::npos) << at("65536 70000").error;
  auto most = at("3 65535");
  ASSERT_TRUE(most.ok()) << most.error;
  EXPECT_EQ(most.value.movement_plies(), 65535);
  EXPECT_EQ(to_string(most.value), std::string(board) + "3 65535");
  // In play the movement counter stops at the most it holds rather than wrap to 0.
  Position<5> p = most.value;
  MoveList<5> list;
  legal_moves(p, list);
  ASSERT_FALSE(list.empty());
  p.play(list[0]);
  EXPECT_EQ(p.movement_plies(), 65535);
}

TEST(Notation, HandsMustFitTheSideToMove) {
  EXPECT_NE(error_of("5/5/5/5/ww3 w 10/12 0 0").find("impossible"), std::string::npos);
  EXPECT_TRUE(parse_position<5>(kStandard, "5/5/5/5/ww3 b 10/12 0 0").ok());
  EXPECT_TRUE(parse_position<5>(kStandard, "5/5/5/5/bb3 w 12/10 0 0").ok());
}

TEST(Notation, PositionsAtALimitAreAcceptedAndTerminal) {
  auto p = parse_position<5>(kStandard, "5/5/5/5/w3b w 0/0 30 90");
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_TRUE(p.value.outcome().over());
}

TEST(Notation, PlacementIsPrintedLowerSquareFirstAndReadEitherWay) {
  Position<5> start(kStandard);
  auto a = parse_move(start, "b2+a1"), b = parse_move(start, "a1+b2");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(to_string(start, a.value), "a1+b2");
}

TEST(Notation, BadMovesSayWhy) {
  Position<5> start(kStandard);
  EXPECT_NE(parse_move(start, "a1+c3").error.find("centre"), std::string::npos);
  EXPECT_NE(parse_move(start, "a1+a1").error.find("different"), std::string::npos);
  // A bad placement names the bad square and why.
  EXPECT_EQ(parse_move(start, "c3+a1").error, "move 'c3+a1': c3 is the centre, which stays empty until placement ends");
  EXPECT_EQ(parse_move(start, "a1+z9").error, "move 'a1+z9': z9 is off the 5x5 board (a1 to e5)");
  EXPECT_EQ(parse_move(start, "z9").error, "move 'z9': z9 is off the 5x5 board (a1 to e5)");
  EXPECT_EQ(parse_move(start, "a6+a1").error, "move 'a6+a1': a6 is off the 5x5 board (a1 to e5)");
  EXPECT_EQ(parse_move(start, "zz9").error.find("off the"), std::string::npos);
  Position<5> placed = start;
  placed.play(parse_move(start, "b3+a1").value);
  EXPECT_EQ(parse_move(placed, "b3+e5").error,
            "move 'b3+e5': b3 is occupied (by " + std::string(1, color_char(start.side())) + ")");
  EXPECT_FALSE(parse_move(start, "a1-a2").ok());
  EXPECT_FALSE(parse_move(start, "pass").ok());
  EXPECT_FALSE(parse_move(start, "zz").ok());
  auto moving = position(kStandard, "5/5/2w2/5/4b w 0/0 0 0");
  EXPECT_TRUE(parse_move(moving, "c3-c4").ok());
  EXPECT_NE(parse_move(moving, "c3-c5").error.find("not one step"), std::string::npos);
  EXPECT_NE(parse_move(moving, "c3-d4").error.find("not one step"), std::string::npos);
  EXPECT_FALSE(parse_move(moving, "e1-e2").ok());  // not the mover's stone
  EXPECT_NE(parse_move(moving, "a1+b1").error.find("placement is over"), std::string::npos);
}

TEST(Notation, BiggerBoardsUseMoreFilesAndRanks) {
  const Rules r9 = rules("standard(size=9)");
  auto p = parse_position<9>(r9, "9/9/9/9/9/9/9/9/8w b 0/0 0 0");
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(to_string(p.value.outcome()), "w all_captured");
  auto q = parse_position<9>(r9, "b8/9/9/9/9/9/9/9/8w b 0/0 0 0");
  ASSERT_TRUE(q.ok()) << q.error;
  EXPECT_EQ(to_string(q.value), "b8/9/9/9/9/9/9/9/8w b 0/0 0 0");
  EXPECT_EQ(to_string(q.value, parse_move(q.value, "a9-b9").value), "a9-b9");
}

}  // namespace
}  // namespace seega::test
