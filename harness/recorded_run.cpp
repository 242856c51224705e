#include "harness/recorded_run.hpp"

#include <exception>

namespace kamp::harness {

void run_recorded(results_table& table, const std::string& stem, const std::function<void(results_table&)>& measure) {
  table.record_csv_at(stem + ".csv");
  try {
    measure(table);
  } catch (const std::exception& e) {
    table.write_markdown(stem + ".md", e.what());
    throw;
  } catch (...) {
    table.write_markdown(stem + ".md", "an exception that is not a std::exception");
    throw;
  }
  table.write_markdown(stem + ".md");
}

}  // namespace kamp::harness
