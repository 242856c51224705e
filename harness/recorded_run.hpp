#pragma once
// How kamp_run keeps an experiment's results: run_recorded has the table write <stem>.csv as each
// row is added, and <stem>.md when the measurement returns or, when it throws, from the rows so
// far with the error in its head; the exception then goes on to the caller, which reports it. So
// an experiment that fails at its last size keeps every row before it.
#include <functional>
#include <string>

#include "harness/results_table.hpp"

namespace kamp::harness {

void run_recorded(results_table& table, const std::string& stem, const std::function<void(results_table&)>& measure);

}  // namespace kamp::harness
