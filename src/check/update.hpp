// `pith check --update`: accepting an intended change in one command. The
// expected files are rewritten from the current output, so the change to review
// is exactly the drift (`git diff fixtures/`).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "check/run.hpp"

namespace pith::check {

// expected.txt as pith writes it: the text and a final newline (nothing for no content).
std::string expected_text_file(const std::string& text);

// Rewrites expected.txt, and the fields of expected.json that no longer match
// (it is not created: only the fields someone chose are checked), from a
// result's output.
// Files whose content would not change are left untouched. Returns the files
// written. Throws FixtureError when a file cannot be written or the fixture
// has no output (it failed with an error).
std::vector<std::filesystem::path> update_expected(const FixtureResult& result);

}  // namespace pith::check
