#include "harness/run_context.hpp"

#include <Kokkos_Core.hpp>

#include <cctype>
#include <cstdlib>
#include <ctime>
#include <type_traits>

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

// "NVIDIA H200" -> "h200"; host runs are named by their thread count.
std::string default_machine_name() {
  std::string name;
  if (!std::is_same<Kokkos::DefaultExecutionSpace::memory_space, Kokkos::HostSpace>::value) {
    const std::string gpu = blas::device_name<Kokkos::DefaultExecutionSpace>();
    name = gpu.substr(gpu.find_last_of(' ') == std::string::npos ? 0 : gpu.find_last_of(' ') + 1);
  } else {
    name = "cpu-" + std::to_string(Kokkos::DefaultHostExecutionSpace().concurrency()) + "t";
  }
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
  return name;
}

}  // namespace

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
