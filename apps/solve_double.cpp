#include "apps/solve_with.hpp"

namespace kamp::apps {
template solve_report solve_with<double>(const solve_problem&, const solve_settings&,
                                         const std::shared_ptr<const parallel::timed_communicator>&);
}  // namespace kamp::apps
