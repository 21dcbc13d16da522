// The extension module seega._seega; the package seega (python/seega/__init__.py) is its face.
#include "bindings.hpp"
#include "common.hpp"
#include "runs/io/build_info.hpp"

PYBIND11_MODULE(_seega, m) {
  m.doc() = "Seega Lab's library: the game, players and runs (the package seega wraps it)";
  // The command line's errors, wherever a binding meets one: a file's is OSError, the user's others ValueError.
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const seega::cli::FileError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const seega::cli::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  seega::python::bind_game(m);
  seega::python::bind_openspiel(m);
  seega::python::bind_runs(m);
  m.attr("__version__") = SEEGA_VERSION;
  m.attr("build") = std::string(seega::build_commit());
}
