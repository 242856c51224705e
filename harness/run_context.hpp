#pragma once
// Where and how a result was produced: recorded with every table kamp writes.
#include <string>

namespace kamp::harness {

struct run_context {
  std::string machine;   // results/<machine>/; KAMP_MACHINE, else derived from the device
  std::string backend;   // Kokkos default execution space
  std::string kokkos;    // version, enabled backends, architecture
  std::string git_hash;  // KAMP_GIT_HASH, else the commit the build was configured from
  std::string date;      // UTC, ISO 8601
  std::string command;   // how the run was started

  // Gathers everything above; `command` is passed through.
  static run_context current(const std::string& command);
};

// A GPU's results folder name from its device name: the first word with a digit after the vendor's
// name, lower case ("NVIDIA H100 80GB HBM3" -> "h100", "NVIDIA H200" -> "h200"), else the last word.
std::string machine_name_of_gpu(const std::string& device_name);

// One line: "Kokkos 3.4.1, backends Cuda+OpenMP+Serial, arch HOPPER90".
std::string kokkos_configuration();

}  // namespace kamp::harness
