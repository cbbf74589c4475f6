// PITH_ASSERT(condition, why): an invariant a fast path relies on, checked in
// the sanitizer and fuzz builds (PITH_ASSERTIONS, set by -DPITH_SANITIZE=ON
// and -DPITH_FUZZ=ON) and compiled out of the others, where it costs nothing
// and the condition is not evaluated. A failure prints the condition, where
// it is and why it must hold, and aborts: ASan and libFuzzer report that as
// a crash with its input. Not for bad input: pages get errors, not asserts.
#pragma once

#ifdef PITH_ASSERTIONS
#include <cstdio>
#include <cstdlib>

#define PITH_ASSERT(condition, why)                                                                \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      std::fprintf(stderr, "%s:%d: PITH_ASSERT(%s) failed: %s\n", __FILE__, __LINE__, #condition, \
                   why);                                                                           \
      std::abort();                                                                                \
    }                                                                                              \
  } while (false)
#else
#define PITH_ASSERT(condition, why) static_cast<void>(sizeof(!(condition)))
#endif
