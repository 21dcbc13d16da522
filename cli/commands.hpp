#pragma once
// The commands of seega, by name: what main runs, and what the Python module calls in its own process
// (a run there is the command's own code, given the same words as the command line).

#include <string>
#include <string_view>
#include <vector>

#include "job.hpp"

namespace seega::cli {

int command_analyze(const std::vector<std::string>& args, const Job& job);
int command_bench(const std::vector<std::string>& args, const Job& job);
int command_compare(const std::vector<std::string>& args, const Job& job);
int command_engine(const std::vector<std::string>& args, const Job& job);
int command_engine_check(const std::vector<std::string>& args, const Job& job);
int command_eval(const std::vector<std::string>& args, const Job& job);
int command_export(const std::vector<std::string>& args, const Job& job);
int command_gate(const std::vector<std::string>& args, const Job& job);
int command_gen_data(const std::vector<std::string>& args, const Job& job);
int command_ladder(const std::vector<std::string>& args, const Job& job);
int command_match(const std::vector<std::string>& args, const Job& job);
int command_merge(const std::vector<std::string>& args, const Job& job);
int command_openings(const std::vector<std::string>& args, const Job& job);
int command_perft(const std::vector<std::string>& args, const Job& job);
int command_play(const std::vector<std::string>& args, const Job& job);
int command_random(const std::vector<std::string>& args, const Job& job);
int command_replay(const std::vector<std::string>& args, const Job& job);
int command_run_sim(const std::vector<std::string>& args, const Job& job);
int command_spsa(const std::vector<std::string>& args, const Job& job);
int command_summary(const std::vector<std::string>& args, const Job& job);
int command_tune(const std::vector<std::string>& args, const Job& job);

// One command: its name, a line for the list, and the function that runs it (its arguments after the
// name; the exit status, with a UsageError for a mistake of the user's).
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args, const Job& job);
};
// Every command, in the order seega --help lists them.
const std::vector<Command>& commands();
// The command called name, or null.
const Command* find_command(std::string_view name);

}  // namespace seega::cli
