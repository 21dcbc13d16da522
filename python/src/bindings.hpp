#pragma once
// What the parts of the Python module share: a position of any board size (AnyPosition, Python's
// seega.Position), a move with its notation (AnyMove, seega.Move), and the registration of each part.

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "rules/notation.hpp"
#include "rules/rules.hpp"

namespace seega::python {

namespace py = pybind11;

// The rules a Python object holds. Positions point to their rules, so the rules live as long as any
// position made under them.
using RulesPtr = std::shared_ptr<const Rules>;

// The rules of a spec string ("standard", "diagonal,size=7"), or ValueError with the command line's message.
RulesPtr rules_of(const std::string& spec);
// A Python argument that names rules: a seega.Rules or a spec string.
RulesPtr rules_arg(const py::object& rules);

// The board size of a position type (a visit's argument).
template <class P>
struct board_size;
template <int N>
struct board_size<Position<N>> {
  static constexpr int value = N;
};
template <class P>
constexpr int size_of = board_size<std::remove_cvref_t<P>>::value;

// A move as Python sees it: the move of a board of size n, with its notation in the position it was
// made for (a chain turn's notation depends on the position).
struct AnyMove {
  int n = 5;
  MoveKind kind = MoveKind::Pass;
  int from = 0, to = 0, steps = 0;
  std::vector<int> captured;  // squares, ascending
  std::string text;
  bool operator==(const AnyMove& o) const { return n == o.n && text == o.text && captured == o.captured; }
};

template <int N>
AnyMove any_move(const Move<N>& m, std::string text) {
  AnyMove a{N, m.kind, m.from, m.to, m.steps, {}, std::move(text)};
  for (auto b = m.captured; b;) a.captured.push_back(pop_lsb(b));
  return a;
}

// A position of any size under rules it holds.
class AnyPosition {
 public:
  using Variant = std::variant<Position<5>, Position<7>, Position<9>>;
  // The start position of rules, or the position of notation (ValueError naming the field).
  explicit AnyPosition(RulesPtr rules, const std::string& notation = "");
  template <int N>
  AnyPosition(RulesPtr rules, const Position<N>& pos) : rules_(std::move(rules)), pos_(pos) {}
  AnyPosition(const AnyPosition& other) : rules_(other.rules_), pos_(other.pos_) {}
  AnyPosition& operator=(const AnyPosition& other) {
    rules_ = other.rules_;
    pos_ = other.pos_;
    return *this;
  }

  const RulesPtr& rules() const { return rules_; }
  int size() const { return rules_->size; }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), pos_);
  }
  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit(std::forward<F>(f), pos_);
  }
  template <int N>
  const Position<N>& get() const {
    return std::get<Position<N>>(pos_);
  }

 private:
  RulesPtr rules_;
  Variant pos_;
};

// A move of pos from a Python argument: a seega.Move made for this position's size, or its notation
// (ValueError when it is not a legal move).
template <int N>
Move<N> move_arg(const Position<N>& pos, const py::handle& move);

void bind_game(py::module_& m);
void bind_openspiel(py::module_& m);
void bind_runs(py::module_& m);

}  // namespace seega::python
