#pragma once
// Helpers for tests written against positions in notation.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace seega::test {

// A fresh directory of the test's own (named after the test), removed with it.
struct Scratch {
  std::filesystem::path dir;
  Scratch() {
    namespace fs = std::filesystem;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::path(::testing::TempDir()) / (std::string("seega_") + info->test_suite_name() + "_" + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
  // The names in the directory, sorted: what a failure must not add to.
  std::vector<std::string> names() const {
    std::vector<std::string> v;
    for (const auto& e : std::filesystem::directory_iterator(dir)) v.push_back(e.path().filename().string());
    std::sort(v.begin(), v.end());
    return v;
  }
};

// A file's whole text.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The value of a parse that must succeed; fails the test, naming the text and the error, if it did not.
template <typename T>
T parsed(Parsed<T> p, const std::string& text) {
  EXPECT_TRUE(p.ok()) << text << ": " << p.error;
  return std::move(p.value);
}

// Rules parsed from a variant string; fails the test on a parse error.
inline Rules rules(const std::string& text) {
  auto r = parse_rules(text);
  EXPECT_TRUE(r.ok()) << r.error;
  return r.value.rules;
}

template <int N = 5>
Position<N> position(const Rules& r, const std::string& text) {
  auto p = parse_position<N>(r, text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error;
  return p.value;
}

// The legal moves of a position in notation, sorted.
template <int N>
std::vector<std::string> moves_of(const Position<N>& pos) {
  MoveList<N> list;
  legal_moves(pos, list);
  std::vector<std::string> out;
  for (const auto& m : list) out.push_back(to_string(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

template <int N = 5>
std::vector<std::string> moves(const Rules& r, const std::string& text) {
  return moves_of(position<N>(r, text));
}

// The board field of a position from a grid of 'w', 'b' and '.' (index rank * n + file, a1 = 0), as the
// notation writes it.
inline std::string board_rows(const std::vector<char>& grid, int n) {
  Rules rules;
  rules.size = n;
  const std::string text = with_size(n, [&]<int N>() {
    typename Position<N>::BB stones[2] = {};
    for (int sq = 0; sq < N * N; ++sq)
      if (grid[sq] != '.') stones[grid[sq] == 'w' ? White : Black] |= square_bb<typename Position<N>::BB>(sq);
    return to_string(Position<N>::from_parts(rules, stones[White], stones[Black], White, 0, 0, 0, 0));
  });
  return text.substr(0, text.find(' '));
}

// The position after a move given in notation (the move must be legal).
template <int N = 5>
std::string after(const Rules& r, const std::string& text, const std::string& move) {
  Position<N> pos = position<N>(r, text);
  auto m = parse_move(pos, move);
  EXPECT_TRUE(m.ok()) << m.error;
  if (!m.ok()) return "";
  pos.play(m.value);
  return to_string(pos);
}

template <int N = 5>
std::string outcome(const Rules& r, const std::string& text) {
  return to_string(position<N>(r, text).outcome());
}

inline bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Expects the same fields of two objects equal, field by field: x and y hold them (a std::tie of each
// object's fields, in one order), and names names them in that order, separated by spaces, so that a
// failure says which field differs.
template <typename... T>
void expect_same_fields(const std::tuple<T...>& x, const std::tuple<T...>& y, const std::string& names) {
  std::istringstream words(names);
  std::vector<std::string> name;
  for (std::string w; words >> w;) name.push_back(w);
  ASSERT_EQ(name.size(), sizeof...(T)) << "one name a field: " << names;
  std::size_t i = 0;
  const auto same = [&](const auto& a, const auto& b) {
    EXPECT_EQ(a, b) << name[i];
    ++i;
  };
  std::apply([&](const auto&... a) { std::apply([&](const auto&... b) { (same(a, b), ...); }, y); }, x);
}

}  // namespace seega::test
