// UTF-8 validation 32 bytes at a time, for valid_utf8_prefix_length (utf8.cpp).
#pragma once

#include <cstddef>

namespace pith::text {

// A place up to which data[0, size) is known to be well-formed UTF-8, found
// a block at a time where the processor has AVX2: size when all of it is;
// otherwise a character boundary at or before the first ill-formed sequence,
// from which a check byte by byte finds that sequence in a few steps. 0
// without AVX2 (or in the scalar build), where the check byte by byte does
// all of it.
std::size_t utf8_valid_in_blocks(const unsigned char* data, std::size_t size) noexcept;

}  // namespace pith::text
