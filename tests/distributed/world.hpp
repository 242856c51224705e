#pragma once
#include <memory>

#include "parallel/communicator.hpp"

namespace kamp::test {
// Every rank of the mpirun that started the tests.
std::shared_ptr<const parallel::communicator> world();
}  // namespace kamp::test
