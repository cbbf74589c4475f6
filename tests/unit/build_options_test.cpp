// The build options the tests rely on: PITH_ASSERT is on where a failure is
// reported with its input (sanitizer and fuzz builds), and a PITH_SCALAR
// build really compiles the fallbacks instead of the SSE2 paths.
#include <doctest/doctest.h>

#include "assert.hpp"

#if defined(__SANITIZE_ADDRESS__) && !defined(PITH_ASSERTIONS)
#error "the sanitizer build must check PITH_ASSERT (CMakeLists.txt, PITH_ASSERTIONS)"
#endif
#if defined(PITH_SCALAR) && defined(__SSE2__)
#error "a PITH_SCALAR build compiles the fallbacks: __SSE2__ must be undefined"
#endif

TEST_CASE("PITH_ASSERT evaluates its condition only where assertions are on") {
  int evaluated = 0;
  PITH_ASSERT(++evaluated > 0, "counts its evaluations");
#ifdef PITH_ASSERTIONS
  CHECK(evaluated == 1);
#else
  CHECK(evaluated == 0);
#endif
}
