// CLI11 parsing as every pith command does it: help and version print and
// exit 0, any other parse error is "pith ...: reason" (an unknown option
// named alone) and a pointer to --help, exit 2.
#pragma once

#include <CLI/CLI.hpp>

#include <iostream>
#include <optional>
#include <string>

#include "cli/commands.hpp"

namespace pith::cli {

// nullopt: parsed, go on. Otherwise the command's exit code.
inline std::optional<int> parse_arguments(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError& e) {
    // An unknown option is named alone: CLI11 would list the arguments after
    // it too, which are not at fault.
    std::string message = e.what();
    for (const std::string& arg : app.remaining())
      if (arg.size() > 1 && arg[0] == '-') {
        message = "unknown option " + arg.substr(0, arg.find('='));
        break;
      }
    std::cerr << app.get_name() << ": " << message << "\n(run " << app.get_name() << " --help for usage)\n";
    return kUsageError;
  } catch (const CLI::ParseError& e) {
    std::cerr << app.get_name() << ": " << e.what() << "\n(run " << app.get_name() << " --help for usage)\n";
    return kUsageError;
  }
}

}  // namespace pith::cli
