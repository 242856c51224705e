// kamp::invalid_argument: the message names function, argument, value and requirement.
#include <gtest/gtest.h>

#include "core/error.hpp"

namespace {

TEST(error_test, message_names_everything) {
  try {
    kamp::require_argument(false, "kamp::blas::gemv", "lda", 3, "must be >= max(1, m) = 5");
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "kamp::blas::gemv: argument 'lda' = 3 is invalid: must be >= max(1, m) = 5");
    EXPECT_EQ(e.argument(), "lda");
    EXPECT_EQ(e.value(), "3");
  }
  EXPECT_NO_THROW(kamp::require_argument(true, "f", "x", 1, "anything"));
  // It is a std::invalid_argument, so generic handlers catch it too.
  EXPECT_THROW(kamp::require_argument(false, "f", "x", 'T', "must be 'N'"), std::invalid_argument);
}

}  // namespace
