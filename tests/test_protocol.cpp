// The engine protocol from both ends: its lines, the controller (the external player) against scripted
// engines that fail in every way the protocol allows, the engine end (serve_engine), and clocks.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <memory>
#include <sstream>
#include <thread>

#include "engine/engine_server.hpp"
#include "engine/replay.hpp"
#include "engine/selfplay.hpp"
#include "rules/notation.hpp"
#include "runs/play/engine_client.hpp"

namespace seega {
namespace {

TEST(Protocol, GoLinesReadBack) {
  GoLimits l;
  EXPECT_EQ(go_line(l), "go");
  l.depth = 4;
  l.nodes = 1000;
  l.movetime_ms = 250;
  l.time_left_ms[White] = 9000, l.time_left_ms[Black] = 8000, l.inc_ms[White] = 100, l.inc_ms[Black] = 50;
  EXPECT_EQ(go_line(l), "go depth 4 nodes 1000 movetime 250 wtime 9000 btime 8000 winc 100 binc 50");
  auto back = parse_go(go_line(l));
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, l);
  EXPECT_FALSE(parse_go("go depth").ok());
  EXPECT_FALSE(parse_go("go depth x").ok());
  EXPECT_FALSE(parse_go("go ponder").ok());
  EXPECT_FALSE(parse_go("stop").ok());
  // An overdrawn clock is read as empty.
  EXPECT_EQ(parse_go("go wtime -20 btime 5").value.time_left_ms[White], 0);
}

TEST(Protocol, InfoLinesReadBack) {
  EngineInfo i;
  i.depth = 6;
  i.score_cp = -150;
  i.nodes = 12345;
  i.time_ms = 7;
  i.pv = {"c2-c3", "d4-d3"};
  EXPECT_EQ(info_line(i), "info depth 6 score cp -150 nodes 12345 time 7 pv c2-c3 d4-d3");
  EXPECT_EQ(parse_info(info_line(i)).value, i);
  EXPECT_EQ(parse_info("info score win 7").value.win_in, 7);
  EXPECT_EQ(parse_info("info score loss 4").value.loss_in, 4);
  EXPECT_FALSE(parse_info("info score mate 3").ok());
  EXPECT_FALSE(parse_info("info depth").ok());
  EXPECT_FALSE(parse_info("info seldepth 3").ok());
}

// `info string` is free text to the end of the line (as UCI's): logged, never a malformed info line.
TEST(Protocol, InfoStringsAreFreeText) {
  auto i = parse_info("info string searching 12 moves, depth x");
  ASSERT_TRUE(i.ok()) << i.error;
  EXPECT_EQ(i.value.text, "searching 12 moves, depth x");
  EXPECT_FALSE(i.value.has_figures());
  auto j = parse_info("info depth 3 score cp 10 pv c2-c3 d4-d3 string book move");
  ASSERT_TRUE(j.ok()) << j.error;
  EXPECT_EQ(j.value.depth, 3);
  EXPECT_EQ(j.value.pv, (std::vector<std::string>{"c2-c3", "d4-d3"}));
  EXPECT_EQ(j.value.text, "book move");
  EXPECT_EQ(parse_info(info_line(j.value)).value, j.value);
}

// A position in notation is five words (rows, side, hands, quiet plies, movement plies); moves or the end
// follow.
TEST(Protocol, APositionIsFiveWords) {
  EXPECT_TRUE(parse_position_command("position fen 5/5/5/5/5 w 12/12 0 0").ok());
  EXPECT_TRUE(parse_position_command("position fen 5/5/5/5/5 w 12/12 0 0 moves a1+b2").ok());
  const auto four = parse_position_command("position fen 5/5/5/5/5 w 12/12 0");
  ASSERT_FALSE(four.ok());
  EXPECT_NE(four.error.find("five words"), std::string::npos) << four.error;
  const auto six = parse_position_command("position fen 5/5/5/5/5 w 12/12 0 0 0 moves a1+b2");
  ASSERT_FALSE(six.ok());
  EXPECT_NE(six.error.find("'0' where moves or the end was expected"), std::string::npos) << six.error;
}

TEST(Protocol, PositionCommandsReadBack) {
  const PositionCommand start{"", {"a1+b2", "c1+d1"}};
  EXPECT_EQ(position_line(start), "position startpos moves a1+b2 c1+d1");
  EXPECT_EQ(parse_position_command(position_line(start)).value, start);
  // A position in notation has spaces of its own: it runs to the word moves.
  const PositionCommand fen{"5/5/5/5/5 w 12/12 0 0", {"a1+b2"}};
  EXPECT_EQ(position_line(fen), "position fen 5/5/5/5/5 w 12/12 0 0 moves a1+b2");
  EXPECT_EQ(parse_position_command(position_line(fen)).value, fen);
  EXPECT_EQ(parse_position_command("position fen 5/5/5/5/5 w 12/12 0 0").value.moves.size(), 0u);
  EXPECT_FALSE(parse_position_command("position").ok());
  EXPECT_FALSE(parse_position_command("position fen").ok());
  EXPECT_FALSE(parse_position_command("position startpos a1+b2").ok());
  EXPECT_FALSE(parse_position_command("position middle").ok());
}

TEST(Protocol, HandshakesReadBackAndSayWhatTheyPlay) {
  Handshake h{"mine", "someone", 1, {"standard", "chain"}, {5, 7}};
  Handshake back;
  bool done = false;
  for (const auto& line : handshake_lines(h)) {
    ASSERT_FALSE(done);
    auto r = read_handshake_line(back, line);
    ASSERT_TRUE(r.ok()) << r.error;
    done = r.value;
  }
  EXPECT_TRUE(done);
  EXPECT_EQ(back, h);
  EXPECT_EQ(h.refusal(standard_rules()), "");
  Rules diagonal = diagonal_rules();
  EXPECT_NE(h.refusal(diagonal).find("not diagonal"), std::string::npos);
  Rules nine = standard_rules();
  nine.size = 9;
  EXPECT_NE(h.refusal(nine).find("not 9"), std::string::npos);
  h.rules = {"any"};
  EXPECT_EQ(h.refusal(diagonal), "");
  Handshake other;
  EXPECT_FALSE(read_handshake_line(other, "protocol 2").ok());
  EXPECT_FALSE(read_handshake_line(other, "seegaok").ok());  // nothing said yet
  EXPECT_FALSE(read_handshake_line(other, "sizes 6").ok());
  EXPECT_FALSE(read_handshake_line(other, "bestmove a1+b2").ok());
}

// The handshake's lines come in any order; protocol, rules and sizes are required, the id lines are not.
TEST(Protocol, AHandshakeIsReadInAnyOrder) {
  Handshake h;
  for (const char* line : {"sizes 5 7", "option hash 16", "rules any", "protocol 1"})
    ASSERT_FALSE(read_handshake_line(h, line).value) << line;
  const auto done = read_handshake_line(h, "seegaok");
  ASSERT_TRUE(done.ok()) << done.error;
  EXPECT_TRUE(done.value);
  EXPECT_EQ(h.name, "");
  Handshake no_sizes;
  read_handshake_line(no_sizes, "protocol 1");
  read_handshake_line(no_sizes, "rules standard");
  EXPECT_FALSE(read_handshake_line(no_sizes, "seegaok").ok());
}

// --- A scripted engine ------------------------------------------------------------------------------

// How a scripted engine behaves from its `after`-th answer to go on (counted over the process's life).
enum class Fault { None, Crash, Hang, Illegal, Garbage, BadInfo, RefuseNewgame, NoMove };

struct Script {
  Fault fault = Fault::None;
  int after = 0;
  std::vector<int> sizes = {5, 7, 9};
  std::vector<std::string> rules = {"any"};
  bool info_string = false;  // writes an info string line before each bestmove
  int launches = 0;
  std::vector<std::string> newgames, gos;  // every newgame and go line heard
};

// An engine in memory that plays greedy moves, with the fault of its script.
class ScriptedChannel : public EngineChannel {
 public:
  explicit ScriptedChannel(Script& s) : s_(s) {}
  bool write_line(std::string_view line) override {
    if (closed_) return false;
    auto [word, rest] = first_word(line);
    if (word == "seega") {
      Handshake h{"scripted", "tests", 1, s_.rules, s_.sizes};
      for (auto& l : handshake_lines(h)) out_.push_back(l);
    } else if (word == "newgame") {
      s_.newgames.emplace_back(line);
      const auto w = words(rest);
      if (s_.fault == Fault::RefuseNewgame) out_.push_back("error not these rules");
      else if (auto r = parse_rules(w.at(0)); r.ok()) rules_ = r.value.rules, out_.push_back("ok");
      else out_.push_back("error " + r.error);
    } else if (word == "position") {
      position_ = parse_position_command(line).value;
    } else if (word == "go") {
      s_.gos.emplace_back(line);
      answer();
    } else if (word == "quit") {
      closed_ = true;
    }
    return true;
  }
  Read read_line(std::string& line, long long timeout_ms) override {
    if (!out_.empty()) {
      line = out_.front();
      out_.pop_front();
      return Read::Line;
    }
    if (closed_) return Read::Closed;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(timeout_ms, 5LL)));
    return Read::Timeout;
  }
  std::string end(int) override {
    closed_ = true;
    return crashed_ ? "exited with status 3" : "exited with status 0";
  }

 private:
  void answer() {
    const bool faulty = answers_++ >= s_.after;
    if (faulty && s_.fault == Fault::Crash) {
      crashed_ = closed_ = true;
      return;
    }
    if (faulty && s_.fault == Fault::Hang) return;
    with_size(rules_.size, [&]<int N>() {
      Position<N> pos(rules_, rules_.first_placer);
      if (!position_.fen.empty()) pos = parse_position<N>(rules_, position_.fen).value;
      for (const auto& m : position_.moves) pos.play(parse_move(pos, m).value);
      Rng rng(answers_);
      const Move<N> m = greedy_move(pos, rng);
      out_.push_back("info depth 1 score cp 25 nodes 3");
      if (s_.info_string) out_.push_back("info string a word from the engine: depth x");
      if (faulty && s_.fault == Fault::BadInfo) out_.push_back("info depth x");
      if (faulty && s_.fault == Fault::Garbage) out_.push_back("\x01\xff garbage");
      std::string text = to_string(pos, m);
      // An illegal move: a stone onto an occupied square, or the centre while placing.
      if (faulty && s_.fault == Fault::Illegal) text = pos.placing() ? "a1+c3" : "a1-a1";
      if (faulty && s_.fault == Fault::NoMove) text = "none";
      out_.push_back("bestmove " + text);
    });
  }
  Script& s_;
  Rules rules_ = standard_rules();
  PositionCommand position_;
  std::deque<std::string> out_;
  int answers_ = 0;
  bool closed_ = false, crashed_ = false;
};

PlayerSpec scripted(Script& /*engine, started by starter()*/, const std::string& extra = "") {
  auto spec = parse_player("engine(cmd='scripted',name=scripted" + extra + ")");
  EXPECT_TRUE(spec.ok()) << spec.error;
  return spec.value;
}
// Starts the scripted engine s in memory, as a run starts a process.
EngineStarter starter(Script& s) {
  return [&s](std::string&) {
    ++s.launches;
    return std::make_unique<ScriptedChannel>(s);
  };
}

GameRecord play(Player<5>* w, Player<5>* b, std::uint64_t seed) {
  Player<5>* players[2] = {w, b};
  GameOptions o;
  o.record_moves = true;
  return *play_game(standard_rules(), players, seed, o);
}

TEST(ExternalPlayer, PlaysWholeGamesThatReplay) {
  Script s;
  const PlayerSpec spec = scripted(s, ",depth=3");
  auto engine = make_engine_player<5>(spec, starter(s));
  auto greedy = make_player<5>(parse_player("greedy").value);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const GameRecord g = play(engine.get(), greedy.get(), seed);
    EXPECT_FALSE(outside_rules(g.outcome.reason)) << g.end_detail;
    EXPECT_TRUE(replay<5>(standard_rules(), g).ok());
    EXPECT_GT(g.search[White].searches, 0);  // the info lines count as its searches
  }
  EXPECT_EQ(s.launches, 1);  // one process for every game
  ASSERT_EQ(s.newgames.size(), 3u);
  // Each game's newgame names the rules and the engine's own stream of the game's seed.
  EXPECT_EQ(s.newgames[1], "newgame standard seed " + std::to_string(Rng::derive(2, 0)));
}

TEST(ExternalPlayer, EachFailureLosesTheGameWithItsReasonAndTheEngineStartsAgain) {
  const std::pair<Fault, EndReason> cases[] = {{Fault::Crash, EndReason::EngineCrashed},
                                               {Fault::Hang, EndReason::TimeForfeit},
                                               {Fault::Illegal, EndReason::IllegalMove},
                                               {Fault::Garbage, EndReason::IllegalMove},
                                               {Fault::BadInfo, EndReason::IllegalMove}};
  for (auto [fault, reason] : cases) {
    SCOPED_TRACE(std::string(to_string(reason)));
    Script s;
    s.fault = fault;
    s.after = 3;
    const PlayerSpec spec = scripted(s, ",timeout=60");
    auto engine = make_engine_player<5>(spec, starter(s));
    auto greedy = make_player<5>(parse_player("greedy").value);
    const GameRecord g = play(greedy.get(), engine.get(), 7);
    EXPECT_EQ(g.outcome, Outcome::win(White, reason));
    EXPECT_NE(g.end_detail.find("b: engine 'scripted'"), std::string::npos) << g.end_detail;
    EXPECT_FALSE(g.engine_log.empty());
    // Lost on its fourth move: the record stops there, and replays as a forfeit of the side to move.
    EXPECT_EQ(g.moves.size(), 7u);
    EXPECT_TRUE(replay<5>(standard_rules(), g).ok()) << replay<5>(standard_rules(), g).error;
    EXPECT_EQ(s.launches, 1);
    // The next game starts the engine again (and it fails again at once: its count is past 3).
    const GameRecord next = play(greedy.get(), engine.get(), 8);
    EXPECT_EQ(s.launches, 2);
    EXPECT_EQ(next.outcome.reason, reason);
  }
}

TEST(ExternalPlayer, BestmoveNoneWhereThereAreMovesLosesTheGame) {
  Script s;
  s.fault = Fault::NoMove;
  s.after = 2;
  auto engine = make_engine_player<5>(scripted(s), starter(s));
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(engine.get(), greedy.get(), 5);
  EXPECT_EQ(g.outcome, Outcome::win(Black, EndReason::IllegalMove));
  EXPECT_NE(g.end_detail.find("bestmove none: it has no move to give, but the position has"), std::string::npos)
      << g.end_detail;
}

TEST(ExternalPlayer, AnInfoStringLineIsNoFault) {
  Script s;
  s.info_string = true;
  auto engine = make_engine_player<5>(scripted(s), starter(s));
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(engine.get(), greedy.get(), 4);
  EXPECT_FALSE(outside_rules(g.outcome.reason)) << g.end_detail;
}

// A handshake's rules name presets; rules are matched by their keys, not by how a run spelled them: an
// engine of `rules standard` plays the standard rules spelled from chain, and is told them as standard.
TEST(ExternalPlayer, RulesAreMatchedByTheirKeysNotTheirSpelling) {
  Script s;
  s.rules = {"standard"};
  Rules spelled = standard_rules();
  spelled.preset = "chain";
  spelled.size = 7;
  ASSERT_EQ(spelled.to_string().rfind("chain(", 0), 0u);
  const Rules parsed = parse_rules(spelled.to_string()).value.rules;
  auto r = check_engine(scripted(s), parsed, starter(s));
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(s.newgames.size(), 1u);
  EXPECT_EQ(s.newgames[0], "newgame standard(size=7) seed 0");
  // Chain's own rules are still not standard's.
  Rules chain = chain_rules();
  EXPECT_NE(check_engine(scripted(s), chain, starter(s)).error.find("it plays the rules standard, not chain"),
            std::string::npos);
}

TEST(ExternalPlayer, ARefusalIsAnErrorBeforeAnyGame) {
  Script s;
  s.fault = Fault::RefuseNewgame;
  auto r = check_engine(scripted(s), standard_rules(), starter(s));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("refused 'newgame standard': not these rules"), std::string::npos) << r.error;
  Script small;
  small.sizes = {5};
  Rules seven = standard_rules();
  seven.size = 7;
  r = check_engine(scripted(small), seven, starter(small));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("it plays the sizes 5, not 7"), std::string::npos) << r.error;
  EXPECT_TRUE(check_engine(scripted(small), standard_rules(), starter(small)).ok());
  // A spec's engine is started as a process of its command, which here does not start.
  PlayerSpec missing = parse_player("engine(cmd='/no/such/engine')").value;
  auto m = check_engine(missing, standard_rules());
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error.find("it ended before seegaok: it exited with status 127"), std::string::npos) << m.error;
}

// The engine layer makes no engine's player (it knows no processes); make_any_player makes every one,
// an engine given as placement= too, and a spec holds no way to start one.
TEST(ExternalPlayer, OnlyTheRunsLayerMakesAnEnginesPlayer) {
  const PlayerSpec engine = parse_player("engine(cmd='/no/such/engine')").value;
  const PlayerSpec placing = parse_player("greedy(placement=engine(cmd='/no/such/engine'))").value;
  EXPECT_THROW(make_player<5>(engine), std::invalid_argument);
  EXPECT_THROW(make_player<5>(placing), std::invalid_argument);
  EXPECT_TRUE(plays_an_engine(engine));
  EXPECT_TRUE(plays_an_engine(placing));
  EXPECT_FALSE(plays_an_engine(parse_player("greedy(placement=random)").value));
  // The placing engine is started as a process of its command, which is not found: its side loses at
  // its first placement turn.
  auto p = make_any_player<5>(placing);
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(p.get(), greedy.get(), 1);
  EXPECT_EQ(g.outcome.reason, EndReason::EngineCrashed);
  EXPECT_NE(g.end_detail.find("at ply 1: it ended before seegaok: it exited with status 127"), std::string::npos)
      << g.end_detail;
}

TEST(ExternalPlayer, TheGoLineCarriesTheSpecsLimitsAndTheClock) {
  Script s;
  PlayerSpec spec = scripted(s, ",nodes=500,tc=60+0.5,margin=5000");
  auto engine = make_engine_player<5>(spec, starter(s));
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(engine.get(), greedy.get(), 3);
  EXPECT_FALSE(outside_rules(g.outcome.reason)) << g.end_detail;
  // w's clock is the engine's; b (greedy) has none.
  ASSERT_FALSE(s.gos.empty());
  EXPECT_EQ(s.gos[0], "go nodes 500 wtime 60000 winc 500");
  Script s2;
  auto e2 = make_engine_player<5>(scripted(s2, ",depth=2,movetime=300"), starter(s2));
  const GameRecord h = play(greedy.get(), e2.get(), 3);
  EXPECT_FALSE(outside_rules(h.outcome.reason)) << h.end_detail;
  ASSERT_FALSE(s2.gos.empty());
  EXPECT_EQ(s2.gos[0], "go depth 2 movetime 300");
}

// A player that thinks for a fixed time and then plays greedy.
class Sleeper : public Player<5> {
 public:
  explicit Sleeper(int ms) : ms_(ms) {}
  Move<5> choose(const Position<5>& pos, Rng& rng) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms_));
    return greedy_move(pos, rng);
  }

 private:
  int ms_;
};

TEST(TimeControl, AClockThatRunsOutLosesTheGame) {
  Sleeper slow(20);
  TimeControl clock;
  clock.base_ms = 30;  // 20 ms a move: the second move overdraws it
  clock.margin_ms = 0;
  slow.set_time_control(clock);
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(&slow, greedy.get(), 1);
  EXPECT_EQ(g.outcome, Outcome::win(Black, EndReason::TimeForfeit));
  EXPECT_NE(g.end_detail.find("on the clock"), std::string::npos) << g.end_detail;
  EXPECT_LE(g.plies, 3);  // w's first or second move
  EXPECT_TRUE(replay<5>(standard_rules(), g).ok());

  TimeControl per_move;
  per_move.movetime_ms = 1;
  per_move.margin_ms = 0;
  slow.set_time_control(per_move);
  const GameRecord h = play(greedy.get(), &slow, 1);
  EXPECT_EQ(h.outcome, Outcome::win(White, EndReason::TimeForfeit));
  EXPECT_EQ(h.plies, 1);
}

TEST(TimeControl, OurSearchHonoursAMoveTime) {
  // A search with no depth of its own: the move time alone ends it.
  auto spec = parse_player("ab(depth=40,movetime=30,margin=5000)");
  ASSERT_TRUE(spec.ok()) << spec.error;
  EXPECT_FALSE(spec.value.reproducible());
  auto ab = make_player<5>(spec.value);
  auto greedy = make_player<5>(parse_player("greedy").value);
  const GameRecord g = play(ab.get(), greedy.get(), 2);
  EXPECT_FALSE(outside_rules(g.outcome.reason)) << g.end_detail;
  EXPECT_GT(g.search[White].ended_by_clock, 0);
}

TEST(TimeControl, SpecsSayTheirTimeControl) {
  auto p = parse_player("greedy(tc=10+0.1)");
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.value.time.base_ms, 10'000);
  EXPECT_EQ(p.value.time.inc_ms, 100);
  EXPECT_EQ(p.value.time.margin_ms, 100);
  EXPECT_EQ(parse_player("level(3,movetime=500,margin=0)").value.time.movetime_ms, 500);
  EXPECT_FALSE(parse_player("greedy(tc=0)").ok());
  EXPECT_FALSE(parse_player("greedy(tc=10+x)").ok());
  EXPECT_FALSE(parse_player("greedy(movetime=5,tc=1)").ok());
  EXPECT_FALSE(parse_player("greedy(margin=5)").ok());
  GoLimits clock;
  clock.time_left_ms[White] = 2000, clock.inc_ms[White] = 100;
  EXPECT_EQ(move_time_ms(clock, White), 2000 / 20 + 75);
  EXPECT_EQ(move_time_ms(clock, Black), 0);
  clock.time_left_ms[White] = 4;
  EXPECT_EQ(move_time_ms(clock, White), 3);  // never more than three quarters of what is left
}

TEST(EngineSpec, QuotedCommandsKeepTheirCommasAndBrackets) {
  auto p = parse_player("engine(cmd='./mine --book (a,b)',name=mine,depth=3)");
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.value.kind, PlayerSpec::Kind::Engine);
  EXPECT_EQ(p.value.engine_cmd, "./mine --book (a,b)");
  EXPECT_EQ(p.value.label(), "mine");
  EXPECT_EQ(p.value.depth, 3);
  EXPECT_FALSE(parse_player("engine(name=x)").ok());
  EXPECT_FALSE(parse_player("engine(cmd='x',name=a b)").ok());
  EXPECT_FALSE(parse_player("engine(cmd='x',blunder=0.1)").ok());
  EXPECT_EQ(parse_player("engine(cmd=x)").value.label(), "engine(cmd=x)");
}

// --- The engine end --------------------------------------------------------------------------------

// The lines an engine playing spec answers to commands, given one command a string.
std::vector<std::string> serve(const std::string& spec, const std::vector<std::string>& commands) {
  std::string text;
  for (const auto& c : commands) text += c + "\n";
  std::istringstream in(text);
  std::ostringstream out;
  EXPECT_EQ(serve_engine(parse_player(spec).value, in, out), 0);
  std::vector<std::string> lines;
  std::istringstream back(out.str());
  for (std::string l; std::getline(back, l);) lines.push_back(l);
  return lines;
}

// The engine's lines that start with prefix, in order.
std::vector<std::string> starting_with(const std::vector<std::string>& lines, std::string_view prefix) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) out.push_back(l);
  return out;
}

// Expects an engine's line to be a bestmove whose move is legal in the standard rules after a1+b2 (the
// position both tests below give it).
void expect_bestmove_after_a1b2(const std::string& line) {
  ASSERT_EQ(line.rfind("bestmove ", 0), 0u) << line;
  const Rules rules = standard_rules();  // a position refers to its rules: they must outlive it
  Position<5> pos(rules);
  pos.play(parse_move(pos, "a1+b2").value);
  EXPECT_TRUE(parse_move(pos, line.substr(9)).ok()) << line;
}

TEST(EngineServer, AnswersEveryMessage) {
  const auto lines = serve("ab(depth=2)", {"seega", "isready", "newgame standard seed 4",
                                           "position startpos moves a1+b2", "go", "stop", "quit", "go"});
  ASSERT_EQ(lines.size(), 10u);
  EXPECT_EQ(lines[0], "id name seega ab(depth=2)");
  EXPECT_EQ(lines[2], "protocol 1");
  EXPECT_EQ(lines[5], "seegaok");
  EXPECT_EQ(lines[6], "readyok");
  EXPECT_EQ(lines[7], "ok");
  EXPECT_EQ(lines[8].rfind("info depth ", 0), 0u);
  expect_bestmove_after_a1b2(lines[9]);
}

// Every go gets exactly one bestmove: `bestmove none` (after an error line saying why) when there is no
// move to give, so that a controller waiting for it never waits for ever.
TEST(EngineServer, EveryGoGetsExactlyOneBestmove) {
  const auto lines =
      serve("greedy", {"newgame standard", "go", "go depth x", "position fen w4/5/5/5/4b w 0/0 30 30", "go",
                       "position startpos", "go depth 1", "position fen w4/5/5/5/4b w 0/0 30 30", "go movetime 50"});
  const auto bestmoves = starting_with(lines, "bestmove");
  ASSERT_EQ(bestmoves.size(), 5u);
  EXPECT_EQ(bestmoves[0], "bestmove none");  // no position yet
  EXPECT_EQ(bestmoves[1], "bestmove none");  // a malformed go
  EXPECT_EQ(bestmoves[2], "bestmove none");  // a finished game
  const Rules rules = standard_rules();      // a position refers to its rules: they must outlive it
  EXPECT_TRUE(parse_move(Position<5>(rules), bestmoves[3].substr(9)).ok()) << bestmoves[3];
  EXPECT_EQ(bestmoves[4], "bestmove none");
  // Each bestmove none comes after the error line that says why.
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (lines[i] == "bestmove none") {
      EXPECT_EQ(lines[i - 1].rfind("error go", 0), 0u) << lines[i - 1];
    }
}

// A refused position changes nothing: the engine keeps the position it held.
TEST(EngineServer, ARefusedPositionKeepsThePositionBefore) {
  const std::string movement = "4w/5/bw1b1/5/5 b 0/0 3 10";
  const auto lines = serve("greedy", {"newgame standard", "position fen " + movement, "position startpos moves a1+a1",
                                      "go depth 1", "position fen not/a/position x 0/0 0 0", "go depth 1"});
  const auto bestmoves = starting_with(lines, "bestmove ");
  ASSERT_EQ(bestmoves.size(), 2u);
  const Rules rules = standard_rules();  // a position refers to its rules: they must outlive it
  const Position<5> held = parse_position<5>(rules, movement).value;
  for (const auto& m : bestmoves) EXPECT_TRUE(parse_move(held, m.substr(9)).ok()) << m;
}

// Before any newgame the engine plays the standard rules (as after `newgame standard`).
TEST(EngineServer, BeforeAnyNewgameTheRulesAreStandard) {
  const auto lines = serve("greedy", {"position startpos moves a1+b2", "go depth 1"});
  ASSERT_EQ(lines.size(), 1u) << lines.front();
  expect_bestmove_after_a1b2(lines[0]);
}

TEST(EngineServer, BadCommandsGetAnErrorAndTheConversationGoesOn) {
  const auto lines = serve("greedy", {"go", "newgame standard(sise=7)", "newgame standard seed x", "newgame standard",
                                      "position fen 5/5/5 w 0/0 0 0", "position startpos moves a1+a1", "go", "fly",
                                      "position startpos", "go depth 2"});
  const auto errors = starting_with(lines, "error ");
  ASSERT_EQ(errors.size(), 7u);
  EXPECT_NE(errors[0].find("no position"), std::string::npos);  // before newgame: standard, no position yet
  EXPECT_NE(errors[1].find("did you mean 'size'"), std::string::npos);
  EXPECT_NE(errors[2].find("seed 'x'"), std::string::npos);
  EXPECT_NE(errors[4].find("move 1 'a1+a1'"), std::string::npos);
  EXPECT_NE(errors[5].find("no position"), std::string::npos);
  EXPECT_NE(errors[6].find("unknown command 'fly'"), std::string::npos);
  EXPECT_EQ(lines.back().rfind("bestmove ", 0), 0u);
}

}  // namespace
}  // namespace seega

namespace seega {
namespace {

TEST(Adjudication, RulesReadBack) {
  auto r = parse_adjudication("win=500:4,draw=20:10");
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.value.text(), "win=500:4,draw=20:10");
  EXPECT_EQ(parse_adjudication(r.value.text()).value, r.value);
  EXPECT_EQ(parse_adjudication("draw=0:8").value.text(), "draw=0:8");
  for (const char* bad : {"", "win=5", "win=0:3", "win=5:0", "lose=1:1", "win=1:1,win=2:2", "draw=-1:3"})
    EXPECT_FALSE(parse_adjudication(bad).ok()) << bad;
}

TEST(Adjudication, AWinNeedsBothSidesToAgreeForEveryMoveOfTheStreak) {
  const AdjudicationRule rule = parse_adjudication("win=300:2").value;
  Adjudicator a(rule);
  // Scores are the mover's: b's -400 says w leads by 4 stones.
  EXPECT_FALSE(a.after_move(White, 350, false));
  EXPECT_FALSE(a.after_move(Black, -400, false));
  EXPECT_FALSE(a.after_move(White, 310, true));
  auto o = a.after_move(Black, -300, true);
  ASSERT_TRUE(o);
  EXPECT_EQ(*o, Outcome::win(White, EndReason::Adjudicated));
  EXPECT_NE(a.detail().find("gave w a lead of 300"), std::string::npos) << a.detail();

  Adjudicator broken(rule);  // a move without a score breaks its side's streak
  EXPECT_FALSE(broken.after_move(White, 350, true));
  EXPECT_FALSE(broken.after_move(Black, -400, true));
  EXPECT_FALSE(broken.after_move(White, std::nullopt, true));
  EXPECT_FALSE(broken.after_move(Black, -400, true));
  EXPECT_FALSE(broken.after_move(White, 350, true));
  EXPECT_FALSE(broken.after_move(Black, -400, true));
  EXPECT_TRUE(broken.after_move(White, 350, true));

  Adjudicator disagree(rule);  // each side thinks it is winning
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(disagree.after_move(White, 500, true));
    EXPECT_FALSE(disagree.after_move(Black, 500, true));
  }
  Adjudicator short_of(rule);  // one score under the margin
  EXPECT_FALSE(short_of.after_move(White, -350, true));
  EXPECT_FALSE(short_of.after_move(Black, 299, true));
  EXPECT_FALSE(short_of.after_move(White, -350, true));
  EXPECT_FALSE(short_of.after_move(Black, 350, true));        // b's streak: 1
  EXPECT_FALSE(short_of.after_move(White, -kWin + 9, true));  // a forced loss is past any margin
  EXPECT_EQ(*short_of.after_move(Black, 350, true), Outcome::win(Black, EndReason::Adjudicated));
}

TEST(Adjudication, ADrawCountsOnlyMovementMovesNearLevel) {
  Adjudicator a(parse_adjudication("draw=20:2").value);
  EXPECT_FALSE(a.after_move(White, 0, false));  // placement does not count
  EXPECT_FALSE(a.after_move(Black, 0, false));
  EXPECT_FALSE(a.after_move(White, 10, true));
  EXPECT_FALSE(a.after_move(Black, -15, true));
  EXPECT_FALSE(a.after_move(White, 25, true));  // past the margin: w's streak starts again
  EXPECT_FALSE(a.after_move(Black, 5, true));
  EXPECT_FALSE(a.after_move(White, -20, true));
  EXPECT_FALSE(a.after_move(Black, 0, true));  // b has 3 in a row, w only 1
  auto o = a.after_move(White, 0, true);
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->draw());
  EXPECT_EQ(o->reason, EndReason::Adjudicated);
  // A rule without a draw part never draws.
  Adjudicator wins_only(parse_adjudication("win=100:1").value);
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(wins_only.after_move(Color(i % 2), 0, true));
}

TEST(Adjudication, AnAdjudicatedGameStopsThereAndReplays) {
  auto a = make_player<5>(parse_player("ab(depth=2)").value);
  auto b = make_player<5>(parse_player("ab(depth=1)").value);
  Player<5>* players[2] = {a.get(), b.get()};
  GameOptions o;
  o.record_moves = true;
  o.adjudication = parse_adjudication("win=100:1,draw=1000:1").value;
  const GameRecord g = *play_game(standard_rules(), players, 5, o);
  EXPECT_EQ(g.outcome.reason, EndReason::Adjudicated);
  EXPECT_EQ(g.end_detail.rfind("adjudicated: both sides' scores", 0), 0u) << g.end_detail;
  EXPECT_TRUE(replay<5>(standard_rules(), g).ok()) << replay<5>(standard_rules(), g).error;
  o.adjudication = {};
  const GameRecord whole = *play_game(standard_rules(), players, 5, o);
  EXPECT_FALSE(outside_rules(whole.outcome.reason));
  EXPECT_GT(whole.plies, g.plies);
}

}  // namespace
}  // namespace seega
