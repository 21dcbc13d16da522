// The game in Python: seega.Rules, seega.Position and seega.Move, perft, boards as numpy planes and the
// evaluation's features, one position or many at once.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "engine/eval.hpp"
#include "rules/perft.hpp"

namespace seega::python {

RulesPtr rules_of(const std::string& spec) {
  auto parsed = parse_rules(spec);
  if (!parsed.ok()) throw py::value_error(parsed.error);
  return std::make_shared<const Rules>(parsed.value.rules);
}

RulesPtr rules_arg(const py::object& rules) {
  if (py::isinstance<py::str>(rules)) return rules_of(rules.cast<std::string>());
  if (py::isinstance<Rules>(rules)) return std::make_shared<const Rules>(rules.cast<const Rules&>());
  throw py::type_error("rules: a seega.Rules or a rules string such as 'standard' or 'diagonal(size=7)'");
}

namespace {

// The rules a position's notation is read under: a spec string that names no size takes the notation's
// (as the command line's --fen does); a size it names, or a seega.Rules's, must be the notation's.
RulesPtr rules_for(const py::object& rules, const std::string& notation) {
  const int rows = notation.empty() ? 0 : position_size(notation);
  if (rows && !valid_size(rows))
    throw py::value_error("position board: " + std::to_string(rows) + " rows; a board has 5, 7 or 9 rows");
  if (!py::isinstance<py::str>(rules) || !rows) {
    RulesPtr r = rules_arg(rules);
    if (rows && rows != r->size)
      throw py::value_error("position board: " + std::to_string(rows) +
                            " rows, but the rules say size=" + std::to_string(r->size));
    return r;
  }
  auto spec = parse_rules(rules.cast<std::string>());
  if (!spec.ok()) throw py::value_error(spec.error);
  if (spec.value.size_given && rows != spec.value.rules.size)
    throw py::value_error("position board: " + std::to_string(rows) +
                          " rows, but the rules say size=" + std::to_string(spec.value.rules.size));
  spec.value.rules.size = rows;
  return std::make_shared<const Rules>(spec.value.rules);
}

}  // namespace

AnyPosition::AnyPosition(RulesPtr rules, const std::string& notation) : rules_(std::move(rules)) {
  with_size(rules_->size, [&]<int N>() {
    if (notation.empty()) {
      pos_ = Position<N>(*rules_);
      return;
    }
    auto parsed = parse_position<N>(*rules_, notation);
    if (!parsed.ok()) throw py::value_error(parsed.error);
    pos_ = parsed.value;
  });
}

template <int N>
Move<N> move_arg(const Position<N>& pos, const py::handle& move) {
  std::string text;
  if (py::isinstance<AnyMove>(move)) {
    const auto& m = move.cast<const AnyMove&>();
    if (m.n != N)
      throw py::value_error("move " + m.text + " is a move of a " + std::to_string(m.n) + "x" + std::to_string(m.n) +
                            " board, not of this " + std::to_string(N) + "x" + std::to_string(N) + " one");
    text = m.text;
  } else if (py::isinstance<py::str>(move)) {
    text = move.cast<std::string>();
  } else {
    throw py::type_error("move: a seega.Move or a move's notation such as 'c2-c3'");
  }
  auto parsed = parse_move(pos, text);
  if (!parsed.ok()) throw py::value_error(parsed.error);
  return parsed.value;
}
template Move<5> move_arg(const Position<5>&, const py::handle&);
template Move<7> move_arg(const Position<7>&, const py::handle&);
template Move<9> move_arg(const Position<9>&, const py::handle&);

namespace {

std::vector<AnyMove> legal_any_moves(const AnyPosition& p) {
  return p.visit([](const auto& pos) {
    constexpr int N = size_of<decltype(pos)>;
    MoveList<N> list;
    legal_moves(pos, list);
    const auto texts = to_strings(pos, list);
    std::vector<AnyMove> out;
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) out.push_back(any_move(list[i], texts[i]));
    return out;
  });
}

// The board of pos as planes (colour, row, column), row 0 the top row as the notation writes it
// (rank N), column 0 file a: 1 where the colour has a stone.
template <int N>
void fill_planes(const Position<N>& pos, float* out) {
  for (int c = 0; c < 2; ++c)
    for (auto b = pos.stones(Color(c)); b;) {
      const int s = pop_lsb(b);
      out[c * N * N + (N - 1 - s / N) * N + s % N] = 1.0f;
    }
}

py::array_t<float> planes_of(const std::vector<const AnyPosition*>& positions, bool batch) {
  if (positions.empty()) throw py::value_error("planes: no positions");
  const int n = positions.front()->size();
  for (const auto* p : positions)
    if (p->size() != n)
      throw py::value_error("planes: positions of boards of different sizes (one array has one size)");
  std::vector<py::ssize_t> shape{2, n, n};
  if (batch) shape.insert(shape.begin(), static_cast<py::ssize_t>(positions.size()));
  py::array_t<float> a(shape);
  float* data = a.mutable_data();
  std::fill(data, data + a.size(), 0.0f);
  for (std::size_t i = 0; i < positions.size(); ++i)
    positions[i]->visit([&](const auto& pos) { fill_planes(pos, data + i * 2 * n * n); });
  return a;
}

py::array_t<double> features_of(const std::vector<const AnyPosition*>& positions, bool batch) {
  std::vector<py::ssize_t> shape{kFeatureCount};
  if (batch) shape.insert(shape.begin(), static_cast<py::ssize_t>(positions.size()));
  py::array_t<double> a(shape);
  double* data = a.mutable_data();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const FeatureVector f = positions[i]->visit([](const auto& pos) { return features(pos); });
    std::copy(f.begin(), f.end(), data + i * kFeatureCount);
  }
  return a;
}

std::vector<const AnyPosition*> pointers(const std::vector<AnyPosition>& positions) {
  std::vector<const AnyPosition*> out;
  for (const auto& p : positions) out.push_back(&p);
  return out;
}

py::object outcome_of(const AnyPosition& p) {
  const Outcome o = p.visit([](const auto& pos) { return pos.outcome(); });
  if (!o.over()) return py::none();
  py::dict d;
  d["winner"] = o.winner < 0 ? py::object(py::none()) : py::object(py::int_(o.winner));
  d["reason"] = std::string(to_string(o.reason));
  d["result"] = o.draw() ? "draw" : o.winner == 0 ? "w" : "b";
  return d;
}

const char* kind_name(MoveKind k) {
  switch (k) {
    case MoveKind::Pass: return "pass";
    case MoveKind::Place: return "place";
    case MoveKind::Step: return "step";
    case MoveKind::Chain: return "chain";
  }
  return "?";
}

Color color_arg(const py::object& c) {
  if (py::isinstance<py::str>(c)) {
    const auto s = c.cast<std::string>();
    if (s == "w") return White;
    if (s == "b") return Black;
  } else if (py::isinstance<py::int_>(c)) {
    const int i = c.cast<int>();
    if (i == 0 || i == 1) return Color(i);
  }
  throw py::value_error("colour: 0 or 'w' (white), 1 or 'b' (black)");
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<Rules>(m, "Rules", "The rules of a game: a preset and its keys, as the command line's --rules takes them.")
      .def(py::init([](const std::string& spec) { return *rules_of(spec); }), py::arg("spec") = "standard",
           "Rules from a spec string: 'standard', 'diagonal', 'chain', with keys, e.g. 'standard(size=7)'. "
           "ValueError names what is wrong.")
      .def_property_readonly(
          "size", [](const Rules& r) { return r.size; }, "The board's rows (5, 7 or 9).")
      .def_property_readonly(
          "preset", [](const Rules& r) { return r.preset; }, "The preset the rules start from.")
      .def_property_readonly("stones_per_side", &Rules::stones_per_side, "The stones each side places.")
      .def("to_string", &Rules::to_string, "The canonical spec: the preset and every key that differs from it.")
      .def("__str__", &Rules::to_string)
      .def("__repr__", [](const Rules& r) { return "seega.Rules('" + r.to_string() + "')"; })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; })
      .def("__hash__", [](const Rules& r) { return py::hash(py::str(r.to_string())); })
      .def_static("presets", &preset_names, "The names of the presets.")
      .def_static("keys", &rule_keys, "The keys a rules spec takes.");

  py::class_<AnyMove>(m, "Move", "A legal move of the position it was made for, with its notation.")
      .def_property_readonly(
          "kind", [](const AnyMove& a) { return kind_name(a.kind); },
          "'pass', 'place' (two stones), 'step' (one step) or 'chain' (several capturing steps).")
      .def_property_readonly(
          "squares",
          [](const AnyMove& a) -> py::object {
            if (a.kind == MoveKind::Pass) return py::tuple();
            return py::make_tuple(a.from, a.to);
          },
          "Place: the two squares (ascending); a step or chain: from and to; a pass: (). Square s is file "
          "s % size, rank s // size + 1 (square 0 is a1).")
      .def_property_readonly(
          "captured", [](const AnyMove& a) { return a.captured; },
          "The squares the move captures, when the rules make the generator say (chains or "
          "forced capture); else empty (a step's captures are worked out as it is played).")
      .def_property_readonly(
          "size", [](const AnyMove& a) { return a.n; }, "The board size of its position.")
      .def("__str__", [](const AnyMove& a) { return a.text; })
      .def("__repr__", [](const AnyMove& a) { return "seega.Move('" + a.text + "')"; })
      .def("__eq__",
           [](const AnyMove& a, const py::object& b) {
             if (py::isinstance<py::str>(b)) return a.text == b.cast<std::string>();
             return py::isinstance<AnyMove>(b) && a == b.cast<const AnyMove&>();
           })
      .def("__hash__", [](const AnyMove& a) { return py::hash(py::str(a.text)); });

  py::class_<AnyPosition>(m, "Position",
                          "A position under its rules: the board, the side to move, stones in hand and the "
                          "movement counters, as the notation of docs/rules.md writes them.")
      .def(py::init([](const py::object& rules, const std::string& notation) {
             return AnyPosition(rules_for(rules, notation), notation);
           }),
           py::arg("rules") = "standard", py::arg("notation") = "",
           "The start position of rules (a seega.Rules or a spec string), or the position of notation, e.g. "
           "'5/5/5/5/5 w 12/12 0 0'. A rules spec without size= takes the notation's size. ValueError names "
           "the field that is wrong.")
      .def_property_readonly(
          "rules", [](const AnyPosition& p) { return *p.rules(); }, "The rules (a copy).")
      .def_property_readonly("size", &AnyPosition::size, "The board's rows.")
      .def(
          "notation", [](const AnyPosition& p) { return p.visit([](const auto& pos) { return to_string(pos); }); },
          "The position's notation.")
      .def("__str__", [](const AnyPosition& p) { return p.visit([](const auto& pos) { return to_string(pos); }); })
      .def("__repr__",
           [](const AnyPosition& p) {
             return "seega.Position('" + p.rules()->to_string() + "', '" +
                    p.visit([](const auto& pos) { return to_string(pos); }) + "')";
           })
      .def("__eq__",
           [](const AnyPosition& a, const AnyPosition& b) {
             return *a.rules() == *b.rules() && a.visit([](const auto& pos) { return to_string(pos); }) ==
                                                    b.visit([](const auto& pos) { return to_string(pos); });
           })
      .def("__hash__", [](const AnyPosition& p) { return p.visit([](const auto& pos) { return pos.hash(); }); })
      .def_property_readonly(
          "side", [](const AnyPosition& p) { return int(p.visit([](const auto& pos) { return pos.side(); })); },
          "The side to move: 0 white (w), 1 black (b).")
      .def_property_readonly(
          "placing", [](const AnyPosition& p) { return p.visit([](const auto& pos) { return pos.placing(); }); },
          "Whether stones are still being placed.")
      .def_property_readonly(
          "quiet_plies",
          [](const AnyPosition& p) { return p.visit([](const auto& pos) { return pos.quiet_plies(); }); },
          "Movement plies since the last capture.")
      .def_property_readonly(
          "movement_plies",
          [](const AnyPosition& p) { return p.visit([](const auto& pos) { return pos.movement_plies(); }); },
          "Movement plies played.")
      .def(
          "in_hand",
          [](const AnyPosition& p, const py::object& c) {
            const Color k = color_arg(c);
            return p.visit([k](const auto& pos) { return pos.in_hand(k); });
          },
          py::arg("colour"), "The stones colour (0 or 'w', 1 or 'b') has still to place.")
      .def(
          "count",
          [](const AnyPosition& p, const py::object& c) {
            const Color k = color_arg(c);
            return p.visit([k](const auto& pos) { return pos.count(k); });
          },
          py::arg("colour"), "The stones colour has on the board.")
      .def("legal_moves", &legal_any_moves, "The legal moves, in the generator's order; none when the game is over.")
      .def(
          "legal_move_strings",
          [](const AnyPosition& p) {
            return p.visit([](const auto& pos) {
              constexpr int N = size_of<decltype(pos)>;
              MoveList<N> list;
              legal_moves(pos, list);
              return to_strings(pos, list);
            });
          },
          "The legal moves' notation, in the generator's order.")
      .def(
          "play",
          [](AnyPosition& p, const py::object& move) {
            p.visit([&](auto& pos) {
              if (pos.outcome().over()) throw py::value_error("the game is over: " + to_string(pos.outcome()));
              pos.play(move_arg(pos, move));
            });
          },
          py::arg("move"), "Plays a move (a seega.Move or its notation) here, in place. ValueError if it is not legal.")
      .def(
          "after",
          [](const AnyPosition& p, const py::object& move) {
            AnyPosition next = p;
            next.visit([&](auto& pos) {
              if (pos.outcome().over()) throw py::value_error("the game is over: " + to_string(pos.outcome()));
              pos.play(move_arg(pos, move));
            });
            return next;
          },
          py::arg("move"), "The position after a move, this one unchanged.")
      .def(
          "is_over", [](const AnyPosition& p) { return p.visit([](const auto& pos) { return pos.outcome().over(); }); },
          "Whether the game is over here.")
      .def("outcome", &outcome_of,
           "None while the game goes on; else {'winner': 0, 1 or None (a draw), 'reason': why it ended, "
           "'result': 'w', 'b' or 'draw'}.")
      .def(
          "perft",
          [](const AnyPosition& p, int depth) {
            if (depth < 0 || depth > 64) throw py::value_error("perft depth: 0 to 64");
            py::gil_scoped_release release;
            return p.visit([depth](const auto& pos) { return perft(pos, depth); });
          },
          py::arg("depth"), "The number of move sequences of depth plies from here (perft).")
      .def(
          "perft_divide",
          [](const AnyPosition& p, int depth) {
            if (depth < 1 || depth > 64) throw py::value_error("perft_divide depth: 1 to 64");
            std::vector<std::pair<std::string, std::uint64_t>> counts;
            {
              py::gil_scoped_release release;
              counts = p.visit([depth](const auto& pos) { return perft_divide(pos, depth); });
            }
            py::dict d;
            for (const auto& [move, n] : counts) d[py::str(move)] = n;
            return d;
          },
          py::arg("depth"), "Perft by first move: {move's notation: count}.")
      .def(
          "planes", [](const AnyPosition& p) { return planes_of({&p}, false); },
          "The board as a float32 array (2, size, size): plane 0 white's stones, plane 1 black's; row 0 is "
          "the top row as the notation writes it (rank size), column 0 file a.")
      .def(
          "features", [](const AnyPosition& p) { return features_of({&p}, false); },
          "The evaluation's features (seega.feature_names()) of the position, from the side to move's "
          "point of view, as a float64 array.")
      .def(
          "copy", [](const AnyPosition& p) { return p; }, "A copy.")
      .def("__copy__", [](const AnyPosition& p) { return p; })
      .def(
          "__deepcopy__", [](const AnyPosition& p, const py::dict&) { return p; }, py::arg("memo"));

  m.def(
      "feature_names", [] { return std::vector<std::string>(kFeatureNames.begin(), kFeatureNames.end()); },
      "The names of the evaluation's features, in the order of Position.features().");
  m.def(
      "features", [](const std::vector<AnyPosition>& ps) { return features_of(pointers(ps), true); },
      py::arg("positions"), "The features of many positions as one float64 matrix (positions, features).");
  m.def(
      "planes", [](const std::vector<AnyPosition>& ps) { return planes_of(pointers(ps), true); }, py::arg("positions"),
      "The boards of many positions (of one size) as one float32 array (positions, 2, size, size).");
}

}  // namespace seega::python
