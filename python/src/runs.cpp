// Players and runs in Python: seega.Player (any player spec choosing and analysing moves), Python
// callables registered as callback players, and _command, which runs one of seega's commands in this
// process (its own code, given the command line's words) with the GIL released, a progress callback
// and Ctrl-C, and hands back the JSON summary it would have printed.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <boost/program_options/errors.hpp>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "engine/callback_player.hpp"
#include "rules/spec.hpp"
#include "runs/io/json.hpp"
#include "runs/play/engine_client.hpp"

namespace seega::python {

namespace {

// An exception of a command turned into Python's: OSError for a file, ValueError for the rest of the
// user's mistakes (a bad option, spec or position), RuntimeError for a bug; each with the message the
// command line prints.
[[noreturn]] void raise_python(PyObject* type, const std::string& message) {
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

struct Failure {
  PyObject* type = nullptr;
  std::string message;
};

// The Python callable of a callback player, dropped with the GIL held.
struct PyFunction {
  py::object fn;
  explicit PyFunction(py::object f) : fn(std::move(f)) {}
  PyFunction(const PyFunction&) = delete;
  PyFunction& operator=(const PyFunction&) = delete;
  ~PyFunction() {
    py::gil_scoped_acquire gil;
    fn = py::object();
  }
};

// The text of a Python exception for a game's record: "ValueError: message".
std::string exception_text(const py::error_already_set& e) {
  std::string type = "exception";
  try {
    type = py::str(e.type().attr("__name__")).cast<std::string>();
  } catch (...) {
  }
  return type + ": " + py::str(e.value()).cast<std::string>();
}

MoveCallback callback_of(py::object fn) {
  auto held = std::make_shared<PyFunction>(std::move(fn));
  return [held](const Rules& rules, const std::string& position) -> std::string {
    py::gil_scoped_acquire gil;
    try {
      AnyPosition pos(std::make_shared<const Rules>(rules), position);
      py::object answer = held->fn(pos);
      if (py::isinstance<AnyMove>(answer)) return answer.cast<const AnyMove&>().text;
      if (py::isinstance<py::str>(answer)) return answer.cast<std::string>();
      throw std::runtime_error("returned " + py::str(py::type::of(answer).attr("__name__")).cast<std::string>() +
                               ", not a seega.Move or a move's notation");
    } catch (const py::error_already_set& e) {
      throw std::runtime_error(exception_text(e));
    }
  };
}

class Registration {
 public:
  explicit Registration(CallbackRegistration r) : r_(std::move(r)) {}
  const std::string& name() const { return r_.name(); }
  std::string spec() const { return "callback(" + r_.name() + ")"; }
  void close() { r_ = CallbackRegistration(); }
  bool open() const { return !r_.name().empty(); }

 private:
  CallbackRegistration r_;
};

py::object json_to_python(const nlohmann::json& j) {
  if (j.is_null()) return py::none();
  return py::module_::import("json").attr("loads")(j.dump());
}

py::dict progress_dict(const RunProgress& p) {
  py::dict d;
  d["done"] = p.done;
  d["total"] = p.total;
  d["played"] = p.played;
  d["seconds"] = p.seconds;
  d["mean"] = p.mean;
  return d;
}

// Runs the command `name` with args (the words after its name) and returns (status, summary, text): the
// exit status the command line would have, the JSON summary print_json would have printed (None when
// none), and the text it would have printed with print_or_write.
py::tuple run_command(const std::string& name, const std::vector<std::string>& args, const py::object& progress) {
  const cli::Command* command = cli::find_command(name);
  if (!command) raise_python(PyExc_ValueError, "unknown command '" + name + "'");
  {
    std::vector<std::string> words{"seega", name};
    words.insert(words.end(), args.begin(), args.end());
    set_command_line(std::move(words));
  }
  cli::Job job;
  std::optional<py::error_already_set> progress_error;
  if (!progress.is_none())
    job.observe_progress([&](const RunProgress& p) {
      py::gil_scoped_acquire gil;
      if (progress_error) return;
      try {
        progress(progress_dict(p));
      } catch (py::error_already_set& e) {
        progress_error.emplace(std::move(e));
      }
    });
  cli::CapturedOutput out;
  Failure failure;
  int status = 0;
  {
    py::gil_scoped_release release;
    try {
      status = command->run(args, job);
    } catch (const cli::FileError& e) {
      failure = {PyExc_OSError, escaped(e.what())};
    } catch (const cli::UsageError& e) {
      failure = {PyExc_ValueError, escaped(e.what())};
    } catch (const boost::program_options::error& e) {
      failure = {PyExc_ValueError, escaped(e.what()) + " (see 'seega " + name + " --help')"};
    } catch (const std::bad_alloc& e) {
      failure = {PyExc_MemoryError, escaped(e.what())};
    } catch (const std::exception& e) {
      failure = {PyExc_RuntimeError, "internal error (a bug, please report it): " + escaped(e.what())};
    }
  }
  if (progress_error) throw std::move(*progress_error);
  if (failure.type) raise_python(failure.type, failure.message);
  return py::make_tuple(status, json_to_python(out.json), out.text);
}

// A player of any spec, choosing moves in positions of any size: one player for each size it has met,
// kept across moves (its tables warm), with its own random stream from the seed.
class AnyPlayer {
 public:
  AnyPlayer(const std::string& spec, std::uint64_t seed) : spec_(cli::load_player("", spec)), seed_(seed), rng_(seed) {}
  AnyMove choose(const AnyPosition& p) {
    return p.visit([&](const auto& pos) {
      constexpr int N = size_of<decltype(pos)>;
      if (pos.outcome().over()) throw py::value_error("the game is over: " + to_string(pos.outcome()));
      Move<N> m;
      std::string error;
      {
        py::gil_scoped_release release;
        try {
          auto& player = slot<N>();
          if (!player) player = make_any_player<N>(spec_);
          m = player->choose(pos, rng_);
          if (const Forfeit* f = player->forfeit()) error = f->detail;
        } catch (const std::exception& e) {
          error = e.what();
        }
      }
      if (!error.empty()) raise_python(PyExc_RuntimeError, "player " + spec_.text + ": " + error);
      return any_move(m, to_string(pos, m));
    });
  }
  void new_game() {
    players5_.reset();
    players7_.reset();
    players9_.reset();
    rng_ = Rng(seed_);
  }
  const PlayerSpec& spec() const { return spec_; }
  std::uint64_t seed() const { return seed_; }

 private:
  template <int N>
  std::unique_ptr<Player<N>>& slot() {
    if constexpr (N == 5) return players5_;
    else if constexpr (N == 7) return players7_;
    else return players9_;
  }
  PlayerSpec spec_;
  std::uint64_t seed_;
  Rng rng_;
  std::unique_ptr<Player<5>> players5_;
  std::unique_ptr<Player<7>> players7_;
  std::unique_ptr<Player<9>> players9_;
};

}  // namespace

void bind_runs(py::module_& m) {
  py::class_<Registration>(m, "CallbackRegistration",
                           "A Python callable registered as the player callback(NAME) while it is open.")
      .def_property_readonly("name", &Registration::name, "The name it is registered under.")
      .def_property_readonly("spec", &Registration::spec, "Its player spec: 'callback(NAME)'.")
      .def_property_readonly("open", &Registration::open, "Whether it is still registered.")
      .def("close", &Registration::close, "Unregisters it.")
      .def(
          "__enter__", [](Registration& r) -> Registration& { return r; }, py::return_value_policy::reference)
      .def("__exit__", [](Registration& r, const py::args&) { r.close(); });

  m.def(
      "register_player",
      [](const std::string& name, py::object fn) {
        if (!PyCallable_Check(fn.ptr())) throw py::type_error("register_player: fn must be callable");
        auto r = register_callback(name, callback_of(std::move(fn)));
        if (!r.ok()) throw py::value_error(r.error);
        return Registration(std::move(r.value));
      },
      py::arg("name"), py::arg("fn"),
      "Registers fn(position) -> seega.Move or a move's notation as the player callback(NAME) of matches and "
      "ladders run in this process, until the registration is closed. An exception it raises, or a move that "
      "is not legal, loses the game as an engine's failure does, and the run goes on.");

  m.def("_command", &run_command, py::arg("name"), py::arg("args"), py::arg("progress") = py::none(),
        "Runs seega's command `name` with the words after it, in this process: (status, summary or None, text).");

  py::class_<AnyPlayer>(m, "Player", "A player of any spec (seega players lists them), choosing moves.")
      .def(py::init<const std::string&, std::uint64_t>(), py::arg("spec"), py::arg("seed") = 1,
           "A player from a spec such as 'level(4)', 'ab(depth=5)' or \"engine(cmd='...')\", its random "
           "choices from seed. ValueError names what is wrong with the spec.")
      .def("choose", &AnyPlayer::choose, py::arg("position"),
           "The player's move in position (searching with the GIL released). RuntimeError when the player "
           "fails (an engine that crashes or answers with an illegal move).")
      .def("new_game", &AnyPlayer::new_game, "Forgets what it learnt (its tables) and restarts its random stream.")
      .def_property_readonly(
          "spec", [](const AnyPlayer& p) { return p.spec().text; }, "The spec as given.")
      .def_property_readonly("seed", &AnyPlayer::seed, "The seed of its random choices.")
      .def_property_readonly(
          "reproducible", [](const AnyPlayer& p) { return p.spec().reproducible(); },
          "Whether its moves are fixed by the seed (no clock decides them).");
}

}  // namespace seega::python
