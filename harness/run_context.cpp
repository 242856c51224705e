#include "harness/run_context.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <type_traits>
#include <vector>

#include "blas/device_name.hpp"

#ifndef KAMP_CONFIGURE_GIT_HASH
#define KAMP_CONFIGURE_GIT_HASH "unknown"
#endif

namespace kamp::harness {

std::string kokkos_configuration() {
  std::string s = "Kokkos " + std::to_string(KOKKOS_VERSION / 10000) + "." +
                  std::to_string(KOKKOS_VERSION / 100 % 100) + "." + std::to_string(KOKKOS_VERSION % 100) +
                  ", backends ";
  std::string backends;
  auto add = [&](const char* name) { backends += (backends.empty() ? "" : "+") + std::string(name); };
#ifdef KOKKOS_ENABLE_CUDA
  add("Cuda");
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  add("OpenMP");
#endif
#ifdef KOKKOS_ENABLE_SERIAL
  add("Serial");
#endif
  s += backends;
#ifdef KOKKOS_ARCH_HOPPER90
  s += ", arch HOPPER90";
#endif
  return s;
}

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string lower_case_name(std::string name) {
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
  return name;
}

// A GPU by machine_name_of_gpu; host runs are named by their thread count.
std::string default_machine_name() {
  if (!std::is_same<Kokkos::DefaultExecutionSpace::memory_space, Kokkos::HostSpace>::value)
    return machine_name_of_gpu(blas::device_name<Kokkos::DefaultExecutionSpace>());
  return "cpu-" + std::to_string(Kokkos::DefaultHostExecutionSpace().concurrency()) + "t";
}

}  // namespace

std::string machine_name_of_gpu(const std::string& device_name) {
  std::istringstream words(device_name);
  std::vector<std::string> all;
  for (std::string w; words >> w;) all.push_back(w);
  if (all.empty()) return "gpu";
  // The model, not the last word: that would name an "NVIDIA H100 80GB HBM3" "hbm3".
  for (std::size_t i = 1; i < all.size(); ++i)
    if (std::any_of(all[i].begin(), all[i].end(), [](unsigned char c) { return std::isdigit(c); }))
      return lower_case_name(all[i]);
  return lower_case_name(all.back());
}

run_context run_context::current(const std::string& command) {
  run_context c;
  c.machine = environment("KAMP_MACHINE");
  if (c.machine.empty()) c.machine = default_machine_name();
  c.backend = Kokkos::DefaultExecutionSpace::name();
  c.kokkos = kokkos_configuration();
  c.git_hash = environment("KAMP_GIT_HASH");
  if (c.git_hash.empty()) c.git_hash = KAMP_CONFIGURE_GIT_HASH;
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  c.date = date;
  c.command = command;
  return c;
}

}  // namespace kamp::harness
