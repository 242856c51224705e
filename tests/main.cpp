// Test driver: Kokkos lives for the whole run, so every backend's suite shares one start.
// Tests never read or write the user's tuning cache: KAMP_TUNING_FILE points at a file of
// this process in the temporary directory (removed at exit) unless the caller set it.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const std::string tuning =
      (std::filesystem::temp_directory_path() / ("kamp_tests_tuning_" + std::to_string(::getpid()) + ".json")).string();
  ::setenv("KAMP_TUNING_FILE", tuning.c_str(), 0);
  int result = 0;
  {
    Kokkos::ScopeGuard kokkos(argc, argv);
    result = RUN_ALL_TESTS();
  }
  std::remove(tuning.c_str());
  return result;
}
