# A stand-in for a Kokkos other than the one kamp was built with: its version and backends only,
# enough for kampConfig.cmake to refuse it. `./kamp test` configures tests/consumer against it
# and expects that refusal, naming both.
set(Kokkos_VERSION 99.0.0)
set(Kokkos_DEVICES "OPENMP;SERIAL")
