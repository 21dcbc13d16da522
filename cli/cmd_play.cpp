// seega play: a person plays Seega>Play's run against the levels in a plain terminal (seed 001), or
// watches two players play one game.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "board.hpp"
#include "common.hpp"
#include "engine/selfplay.hpp"
#include "job.hpp"
#include "runs/io/append_file.hpp"
#include "runs/kinds/game_file.hpp"
#include "runs/play/engine_client.hpp"
#include "runs/play/run_score.hpp"

namespace seega::cli {

namespace {

// level(N) takes 1 to 30; a run that wins past the top keeps facing it.
constexpr int kTopLevel = 30;

// Colour for a terminal only, and never when NO_COLOR is set to anything but empty (no-color.org).
bool colour_wanted() {
  const char* no_colour = std::getenv("NO_COLOR");
  return isatty(fileno(stdout)) && (no_colour == nullptr || *no_colour == '\0');
}

std::string join(const std::vector<std::string>& items, const char* sep = " ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// Words wrapped to lines of at most `width` characters, each line after the first indented by `indent`.
std::string wrapped(const std::vector<std::string>& words, std::size_t width, std::size_t indent) {
  std::string out, line;
  for (const auto& w : words) {
    if (!line.empty() && line.size() + 1 + w.size() > width) {
      out += line + '\n';
      line = std::string(indent, ' ');
    }
    if (!line.empty() && line.back() != ' ') line += ' ';
    line += w;
  }
  return out + line + '\n';
}

std::string limit_text(int count, int limit) {
  return limit ? fmt::format("{} of {}", count, limit) : fmt::format("{} (no limit)", count);
}

// The board after move m (played by the side to move in `before`), the counters and the position:
//   b (you): c2-c3, capturing d3
//   stones w 11, b 12; plies since a capture 0 of 30; movement plies 5 of 160
//     5  . . . . .
//   ...
//   position 5/5/... (for seega analyze)
template <int N>
void show_move(const Position<N>& before, const Move<N>& m, const Position<N>& after, const std::string& who,
               bool colour) {
  const Color mover = before.side(), them = ~mover;
  BoardMarks marks;
  marks.colour = colour;
  if (m.kind != MoveKind::Pass) marks.moved = {m.from, m.to};
  std::vector<std::string> taken;
  for (Bitboard<N> t = before.stones(them) & ~after.stones(them); t;) {
    const int sq = pop_lsb(t);
    marks.captured.push_back(sq);
    taken.push_back(square_name(sq, N));
  }
  const std::string text = m.kind == MoveKind::Pass ? "pass (walled in)" : to_string(before, m);
  fmt::print("\n{} {}: {}{}\n", color_char(mover), who, text, taken.empty() ? "" : ", capturing " + join(taken));
  const Rules& r = after.rules();
  // The counters above the board, where seed 001's screen has them.
  if (after.placing()) fmt::print("    in hand w {}, b {}\n", after.in_hand(White), after.in_hand(Black));
  else
    fmt::print("    stones w {}, b {}; plies since a capture {}; movement plies {}\n", after.count(White),
               after.count(Black), limit_text(after.quiet_plies(), r.quiet_plies),
               limit_text(after.movement_plies(), r.max_plies));
  fmt::print("{}", board_diagram(r, to_string(after), marks));
  fmt::print("    position {}\n", to_string(after));
}

template <int N>
void show_start(const Position<N>& pos, bool colour) {
  BoardMarks marks;
  marks.colour = colour;
  fmt::print("    in hand w {}, b {}; '+' is the centre, empty until placement ends\n", pos.in_hand(White),
             pos.in_hand(Black));
  fmt::print("{}", board_diagram(pos.rules(), to_string(pos), marks));
  fmt::print("    position {}\n", to_string(pos));
}

// The legal moves in notation; in placement, the squares they use (any two of them make one).
template <int N>
void show_legal(const Position<N>& pos) {
  MoveList<N> list;
  legal_moves(pos, list);
  if (pos.placing()) {
    Bitboard<N> used = 0;
    for (const auto& m : list) used |= square_bb<Bitboard<N>>(m.from) | square_bb<Bitboard<N>>(m.to);
    std::vector<std::string> squares;
    for (Bitboard<N> b = used; b;) squares.push_back(square_name(pop_lsb(b), N));
    fmt::print("legal moves ({}): any two of these squares joined by '+', e.g. {}\n    {}", list.size(),
               to_string(pos, list[0]), wrapped(squares, 74, 4));
    return;
  }
  std::vector<std::string> names = to_strings(pos, list);
  int capturing = 0;
  for (std::size_t k = 0; k < names.size(); ++k) {
    // A move captures when the other side has fewer stones after it (the rules decide; nothing is
    // recomputed here).
    Position<N> after = pos;
    after.play(list[k]);
    if (after.count(~pos.side()) < pos.count(~pos.side())) names[k] += '*', ++capturing;
  }
  names.insert(names.begin(), capturing ? fmt::format("legal moves ({}, * captures):", names.size())
                                        : fmt::format("legal moves ({}, no capture):", names.size()));
  fmt::print("{}", wrapped(names, 78, 4));
}

std::string trimmed_lower(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = line.find_last_not_of(" \t\r\n");
  std::string s = line.substr(first, last - first + 1);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

enum class Stop { None, Quit, EndOfInput, Interrupted };

template <int N>
struct Answer {
  Stop stop = Stop::None;
  Move<N> move = Move<N>::pass();
};

// Reads lines until one is a legal move of pos (or quit, or the end of input, or Ctrl-C: see
// run_levels). A line that is not a move gets one line saying why. When input does not come from a
// terminal it is echoed after the prompt, so that a transcript reads like the session.
template <int N>
Answer<N> ask_move(const Position<N>& pos, const std::string& prompt, const std::atomic<bool>& interrupted) {
  const bool echo = !isatty(fileno(stdin));
  for (;;) {
    fmt::print("{}", prompt);
    std::fflush(stdout);
    std::string line;
    const bool read = static_cast<bool>(std::getline(std::cin, line));
    // Checked before the line is used: a read cut by the signal may have returned part of a line.
    if (interrupted.load() || !read) {
      fmt::print("\n");
      return {interrupted.load() ? Stop::Interrupted : Stop::EndOfInput};
    }
    const std::string text = trimmed_lower(line);
    // A control character (an arrow key's escape sequence) is never sent back to the screen.
    const bool printable =
        std::all_of(text.begin(), text.end(), [](char c) { return std::isprint(static_cast<unsigned char>(c)); });
    if (echo) fmt::print("{}\n", printable ? text : "(not printable)");
    if (text.empty()) continue;
    if (text == "?") {
      show_legal(pos);
      continue;
    }
    if (text == "quit") return {Stop::Quit};
    if (!printable) {
      fmt::print("that is not a move: moves are like a1+b2, c2-c3, c2-c3-c4 or pass\n");
      continue;
    }
    auto m = parse_move(pos, text);
    if (!m.ok()) {
      fmt::print("{}\n", m.error);
      continue;
    }
    return {Stop::None, m.value};
  }
}

// The computer's move: a forced one without asking (as play_game does), else the player's choice.
// With thinking, "thinking..." stands on the line while it searches, and is wiped before the move is
// shown: a person's run on a terminal only, so that a transcript is the same however long a search takes.
template <int N>
Move<N> computer_move(Player<N>& player, const Position<N>& pos, Rng& rng, bool thinking = false) {
  if (count_legal_moves(pos) == 1) {
    MoveList<N> list;
    legal_moves(pos, list);
    return list[0];
  }
  if (!thinking) return player.choose(pos, rng);
  fmt::print("thinking...");
  std::fflush(stdout);
  const Move<N> m = player.choose(pos, rng);
  fmt::print("\r           \r");
  return m;
}

struct PlayOptions {
  int start_level = 1;
  std::uint64_t seed = 1;
  bool deterministic = false;
  bool colour = false;
  bool thinking = false;      // "thinking..." while the computer searches (stdout a terminal)
  LevelTable table;           // --levels: the computer's player at each level; empty: level(N)
  AppendFile* out = nullptr;  // --out: each finished game as a line of a play file (game_file.hpp)
  // The last level: a run that wins there keeps facing it.
  int top_level() const { return table.levels.empty() ? kTopLevel : static_cast<int>(table.levels.size()); }
};

// One game of the run; its record in rec. Stops early on quit, the end of input or Ctrl-C (interrupted
// raised), which also stops the computer's search at once; a move from a search cut short is not played.
template <int N>
Stop play_run_game(const Rules& rules, const PlayOptions& o, int k, int level, GameRecord& rec,
                   const std::atomic<bool>& interrupted) {
  const Color you = player_colour(rules, k), computer = ~you;
  const PlayerSpec spec = o.table.levels.empty() ? load_player("the computer", level_player(level, o.deterministic))
                                                 : o.table.levels[static_cast<std::size_t>(level - 1)];
  const std::string& spec_text = spec.text;
  auto player = make_any_player<N>(spec);
  player->new_game();
  player->set_stop(&interrupted);
  Rng rng(Rng::derive(o.seed, static_cast<std::uint64_t>(k)));
  const bool you_first = player_places_first(k);
  fmt::print("\ngame {}, level {}: the computer plays {} as {}{}; you are {} and {}\n", k + 1, level, spec_text,
             color_char(computer), you_first ? "" : " and places first", color_char(you),
             you_first ? "place first" : "move first");
  const std::string role = you_first ? "you place first" : "you move first";
  rec.index = k;
  rec.seed = o.seed;
  rec.player[you] = 0;  // the play file's players: you, then the levels
  rec.player[computer] = level;
  rec.first_placer = rules.first_placer;
  rec.last_placer = ~rules.first_placer;
  RecordTally<N> tally(rec);
  Position<N> pos(rules);
  show_start(pos, o.colour);
  while (!pos.outcome().over()) {
    if (interrupted.load()) return Stop::Interrupted;
    Move<N> m;
    if (pos.side() == you) {
      MoveList<N> list;
      legal_moves(pos, list);
      const bool walled_in = list[0].kind == MoveKind::Pass;
      // Who places and who moves first matters while placing; in movement it would only mislead (after
      // a pass, the side that moves is not the one that moved first).
      const std::string prompt =
          fmt::format("level {}, you are {}{}, {} (? for the legal moves): ", level, color_char(you),
                      pos.placing() ? " (" + role + ")" : "", walled_in ? "you are walled in: type pass" : "your move");
      const Answer<N> a = ask_move(pos, prompt, interrupted);
      if (a.stop != Stop::None) return a.stop;
      m = a.move;
    } else {
      m = computer_move(*player, pos, rng, o.thinking);
      if (interrupted.load()) return Stop::Interrupted;
    }
    const Position<N> before = pos;
    rec.moves.push_back(to_string(before, m));
    pos.play(m);
    tally.turn(before, m, pos);
    show_move(before, m, pos, before.side() == you ? "(you)" : "(computer)", o.colour);
  }
  tally.finish(pos);
  if (o.out) o.out->write(play_game_line(rec) + "\n");
  return Stop::None;
}

// Ctrl-C (or SIGTERM) ends the run as quit does, with the run so far printed, and the exit status
// 130. The prompt waits in a blocking read of standard input, which a handler installed with
// SA_RESTART (what std::signal installs, and what a run wants for its file writes) would resume, so
// the guard here installs it without: the read fails with EINTR, std::getline reports the end of
// input, and ask_move, seeing the flag, tells the two apart. No thread and no polling are needed. A
// signal that lands between the flag's last check and the read leaves the read waiting: the next
// line, or the next Ctrl-C, ends the run then.
int run_levels(const Rules& rules, const PlayOptions& o) {
  SigintGuard sigint(SigintGuard::Reads::Interrupt);
  fmt::print(
      "Seega>Play run on {}, seed {}: a win takes you up a level, a loss or a draw ends the run; "
      "type a move (a1+b2, c2-c3, c2-c3-c4, pass), ? for the legal moves, quit to stop\n",
      rules.to_string(), o.seed);
  std::vector<RunGame> games;
  for (int k = 0;; ++k) {
    const int level = std::min(run_level(k) + o.start_level - 1, o.top_level());
    GameRecord rec;
    const Stop stop =
        with_size(rules.size, [&]<int N>() { return play_run_game<N>(rules, o, k, level, rec, sigint.flag()); });
    if (stop != Stop::None) {
      const RunScore s = score_run(games);
      const char* why = stop == Stop::Quit ? "you quit" : stop == Stop::EndOfInput ? "input ended" : "interrupted";
      fmt::print("{} at level {}: the game in progress does not count; wins {}, score {}\n", why, level, s.wins,
                 s.score);
      return stop == Stop::Interrupted ? 130 : 0;
    }
    const Color you = player_colour(rules, k);
    const RunGame g = run_game(rec, you);
    games.push_back(g);
    const RunScore s = score_run(games);
    const char* verdict = g.won ? "you won" : rec.outcome.draw() ? "a draw" : "you lost";
    fmt::print("\nresult: {} ({}): you ({}) {}, the computer ({}) {}\n", verdict, ending_text(rules, rec.outcome),
               color_char(you), count_text(rec.stones[you], "stone", "stones"), color_char(~you), rec.stones[~you]);
    const std::string bonus = g.won ? fmt::format("bonus {} ({} left, {})", win_bonus(g.stones_left, g.movement_moves),
                                                  count_text(g.stones_left, "stone", "stones"),
                                                  count_text(g.movement_moves, "movement move", "movement moves"))
                                    : "bonus 0 (no win)";
    fmt::print("level {}, wins {}, {}, score {}\n", level, s.wins, bonus, s.score);
    if (!g.won) {
      fmt::print("the run is over: {} wins from level {}, score {}\n", s.wins, o.start_level, s.score);
      return 0;
    }
  }
}

// --watch: two players, one game, every move shown; the first spec places first.
int run_watch(const Rules& rules, const std::vector<PlayerSpec>& specs, std::uint64_t seed, int delay_ms, bool colour) {
  return with_size(rules.size, [&]<int N>() {
    const Color first = rules.first_placer;
    std::unique_ptr<Player<N>> players[2];
    players[first] = make_any_player<N>(specs[0]);
    players[~first] = make_any_player<N>(specs[1]);
    // The streams of play_game: one per colour, derived from the seed.
    Rng rngs[2] = {Rng(Rng::derive(seed, 0)), Rng(Rng::derive(seed, 1))};
    for (Color c : {White, Black}) {
      players[c]->seed_game(Rng::derive(seed, c));
      players[c]->new_game();
    }
    fmt::print("watch: {} plays {} and places first, {} plays {}; {}, seed {}\n", color_char(first), specs[0].label(),
               color_char(~first), specs[1].label(), rules.to_string(), seed);
    GameRecord rec;
    rec.seed = seed;
    rec.first_placer = first;
    rec.last_placer = ~first;
    RecordTally<N> tally(rec);
    Position<N> pos(rules);
    show_start(pos, colour);
    while (!pos.outcome().over()) {
      if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      const Color side = pos.side();
      const Move<N> m = computer_move(*players[side], pos, rngs[side]);
      if (const Forfeit* f = players[side]->forfeit()) {
        // An engine that crashed, hung or answered nonsense loses the game.
        fmt::print("\nresult: {} ({}) loses: {}\n        {}\n", color_char(side), specs[side == first ? 0 : 1].label(),
                   to_string(f->reason), f->detail);
        for (const auto& line : f->log) fmt::print("        {}\n", line);
        return 0;
      }
      const Position<N> before = pos;
      pos.play(m);
      tally.turn(before, m, pos);
      for (auto& p : players) p->observe(before, m);
      show_move(before, m, pos, "(" + specs[side == first ? 0 : 1].label() + ")", colour);
      std::fflush(stdout);
    }
    tally.finish(pos);
    std::string names[2];
    names[first] = specs[0].label();
    names[~first] = specs[1].label();
    // The result on lines of their own, so that a narrow terminal does not wrap the figures into the names.
    fmt::print("\nresult: {}\n        {}\n        w {}, b {}; {}, {} in movement, {}\n",
               winner_text(rec.outcome, names), ending_text(rules, rec.outcome),
               count_text(rec.stones[White], "stone", "stones"), rec.stones[Black],
               count_text(rec.plies, "ply", "plies"), rec.movement_plies, count_text(rec.passes, "pass", "passes"));
    return 0;
  });
}

}  // namespace

int command_play(const std::vector<std::string>& args, const Job&) {
  std::string rules_text, seed_text, levels_path, out_path;
  int level = 1, delay_ms = -1;
  bool deterministic = false;
  std::vector<std::string> watch;
  po::options_description opts("play options");
  add_rules_option(opts, rules_text);
  opts.add_options()("level", po::value(&level)->default_value(1), "the level the run starts at, 1 to 30")(
      "seed", po::value(&seed_text)->default_value("1"),
      "seed of the computer's randomness (game k's derives from it)")(
      "deterministic", po::bool_switch(&deterministic),
      "the computer plays level(N,deterministic): a node budget instead of the 1.5 s clock, so a game replays from "
      "the seed")("levels", po::value(&levels_path),
                  "a level table (seega run-sim --levels): the computer plays its level N's spec at level N, and "
                  "a run that beats its last level keeps facing that one")(
      "out", po::value(&out_path),
      "write the run's finished games to this file (a new one), which seega replay --games F --index K reads")(
      "watch", po::value(&watch)->multitoken(),
      "watch two players play one game instead: --watch SPEC SPEC (the first places first)")(
      "delay", po::value(&delay_ms), "with --watch, milliseconds between moves (default 300 on a terminal, else 0)");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          R"(usage: seega play [--rules R] [--level L] [--seed S] [--deterministic | --levels FILE] [--out F.jsonl]
       seega play --watch SPEC SPEC [--rules R] [--seed S] [--delay MS]

A run of Seega>Play against the levels: type moves (a1+b2, c2-c3, c2-c3-c4, pass when walled in), ? for the legal moves, quit to stop.)"))
    return 0;
  const std::uint64_t seed = parse_seed(seed_text);
  const Rules rules = load_rules(rules_text);
  const bool colour = colour_wanted();
  if (vm.count("watch")) {
    if (watch.size() != 2)
      throw UsageError(fmt::format("--watch takes two player specs (the first places first), not {}", watch.size()));
    if (!vm["level"].defaulted()) throw UsageError("--level is for a run; --watch plays one game between two players");
    if (deterministic) throw UsageError("--deterministic is for a run; with --watch, say it in the specs");
    if (vm.count("levels")) throw UsageError("--levels is for a run; --watch plays one game between two players");
    if (vm.count("out")) throw UsageError("--out is for a run; --watch plays one game between two players");
    auto specs = load_players("--watch", watch);
    check_engines(specs, rules, "--watch");
    if (vm.count("delay") && (delay_ms < 0 || delay_ms > 60000))
      throw UsageError(fmt::format("--delay {}: allowed 0 to 60000 milliseconds", delay_ms));
    if (!vm.count("delay")) delay_ms = isatty(fileno(stdout)) ? 300 : 0;
    return run_watch(rules, specs, seed, delay_ms, colour);
  }
  if (vm.count("delay")) throw UsageError("--delay is for --watch");
  PlayOptions o;
  o.start_level = level;
  o.seed = seed;
  o.deterministic = deterministic;
  o.colour = colour;
  if (vm.count("levels")) {
    if (deterministic)
      throw UsageError("--deterministic is for the built-in levels; a --levels table says it in its specs");
    o.table = load_level_table(levels_path);
  }
  if (level < 1 || level > o.top_level())
    throw UsageError(fmt::format("--level {}: allowed 1 to {}{}", level, o.top_level(),
                                 o.table.levels.empty() ? "" : " (the --levels table's last level)"));
  o.thinking = isatty(fileno(stdout));
  std::optional<AppendFile> out;
  if (vm.count("out")) {
    // A play file is never continued (play has no --resume): an existing one is refused with that said.
    std::error_code ec;
    if (std::filesystem::is_regular_file(out_path, ec) && std::filesystem::file_size(out_path, ec) > 0 && !ec)
      throw UsageError("--out " + out_path +
                       " already holds games, and a play file is not continued: choose another "
                       "file (or remove that one)");
    std::vector<PlayerSpec> players(1);
    players[0].text = "you";
    for (int l = 1; l <= o.top_level(); ++l)
      players.push_back(o.table.levels.empty() ? parse_player(level_player(l, deterministic)).value
                                               : o.table.levels[static_cast<std::size_t>(l - 1)]);
    auto opened = AppendFile::open(
        "--out", out_path, play_header(rules, seed, players, SEEGA_VERSION), false,
        [](const std::string&) { return Parsed<std::size_t>::fail("a play file is not continued"); }, "games");
    if (!opened.ok()) throw FileError(opened.error);
    out.emplace(std::move(opened.value));
    o.out = &*out;
  }
  const int status = run_levels(rules, o);
  if (out && out->failed()) {
    fmt::print(stderr,
               "seega: error: --out {}: a write failed (a full disk?); the games after it are not in the file\n",
               out_path);
    return 2;
  }
  return status;
}

}  // namespace seega::cli
