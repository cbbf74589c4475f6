#!/usr/bin/env bash
# `import pith` after `make run` / `make test`, without PYTHONPATH: writes a
# pith-build.pth naming BUILD/python into the site-packages of the interpreter
# the module was built for (Debian's /usr/bin/python3 by default) and of the
# python3 on PATH when that is another interpreter of the same minor version.
# Says which interpreters import pith, and what to set for the others.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
[ -d "$build/python/pith" ] || exit 0   # no Python module in this build
module_python=$(sed -n 's/^Python_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
[ -n "$module_python" ] || exit 0
want=$("$module_python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

pythons=("$module_python")
path_python=$(command -v python3 || true)
if [ -n "$path_python" ] && [ "$(readlink -f "$path_python")" != "$(readlink -f "$module_python")" ]; then
  pythons+=("$path_python")
fi
for python in "${pythons[@]}"; do
  have=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  site=$("$python" -c 'import site; print(site.getsitepackages()[0])')
  if [ "$have" != "$want" ]; then
    echo "python-path: $python is Python $have, the module is for $want: use $module_python"
  elif mkdir -p "$site" 2>/dev/null && [ -w "$site" ]; then
    echo "$build/python" > "$site/pith-build.pth"
    echo "python-path: $python imports pith from $build/python ($site/pith-build.pth)"
  else
    echo "python-path: $site is not writable: PYTHONPATH=$build/python $python"
  fi
done
