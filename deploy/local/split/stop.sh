#!/usr/bin/env bash
# Stops the processes start.sh started (SIGTERM: each closes its journal), and forgets them.
set -euo pipefail
pids="$(cd "$(dirname "$0")" && pwd)/../data/split/pids"
[ -f "$pids" ] || { echo "no processes recorded in $pids"; exit 0; }
while read -r pid; do
  kill "$pid" 2>/dev/null || true
done <"$pids"
rm "$pids"
