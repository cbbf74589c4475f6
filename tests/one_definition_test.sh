#!/usr/bin/env bash
# tests/one_definition_test.sh SRC_DIR
#
# One name, one value: every constant a header under SRC_DIR defines at
# namespace scope (`inline constexpr ... kName`) is defined nowhere else. A
# .cpp that defines its own kName in an anonymous namespace compiles cleanly
# and uses its own value while the header documents another; -Wshadow does
# not see it (only a file that includes both fails, as ambiguous).
set -euo pipefail
src="${1:?usage: $0 SRC_DIR}"
definition='constexpr[^=;(]*[^A-Za-z0-9_]k[A-Z][A-Za-z0-9_]*[[:space:]]*(=|\{|\[)'
status=0
names=$(grep -rhoE "^inline $definition" --include='*.hpp' "$src" |
  grep -oE 'k[A-Z][A-Za-z0-9_]*[[:space:]]*(=|\{|\[)$' | grep -oE '^k[A-Za-z0-9_]*' | sort -u)
for name in $names; do
  places=$(grep -rnE "constexpr[^=;(]*[^A-Za-z0-9_]$name[[:space:]]*(=|\{|\[)" --include='*.hpp' --include='*.cpp' "$src" || true)
  if [[ $(printf '%s\n' "$places" | grep -c .) -gt 1 ]]; then
    echo "one_definition: $name is defined more than once:"
    printf '%s\n' "$places" | sed 's/^/  /'
    status=1
  fi
done
[[ $status == 0 ]] && echo "one_definition: $(printf '%s\n' $names | grep -c .) header constants, each defined once"
exit $status
