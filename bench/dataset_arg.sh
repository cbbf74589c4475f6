# Sourced (not run) by the bench scripts whose first argument is an optional
# DATASET_DIR: sets ROOT, the project root, and makes it the working
# directory; sets DATASET_DIR to that first argument, shifted off, unless it
# is an option (default ../shared/eval/dev beside the project root).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DATASET_DIR="$ROOT/../shared/eval/dev"
if [[ $# -gt 0 && "$1" != --* ]]; then
  DATASET_DIR="$1"
  shift
fi
