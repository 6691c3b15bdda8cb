#!/usr/bin/env bash
# Starts the local-split cluster: for each region of this directory, its coordinator's process
# and one process per chain server (nine JVMs), all with one genesis 20 s ahead, logs and pids
# under deploy/local/data/split/. Extra arguments go to every process (e.g. --preload
# bank:accounts=1000). Stop it with stop.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
run="$(cd "$here/.." && pwd)/data/split"
mkdir -p "$run/logs"
genesis=$(date -u -d '+20 seconds' +%Y-%m-%dT%H:%M:%SZ)
# Nine JVMs share the machine: small heaps, and no parallel collector threads per process.
export CATENA_JAVA_OPTS="${CATENA_JAVA_OPTS:--XX:+UseSerialGC -Xms64m -Xmx512m}"
# bin/catena builds itself when its sources changed: let it do so once, not in nine processes at once.
"$root/bin/catena" --version >/dev/null
start() {
  local name="$1"; shift
  "$root/bin/catena" node --genesis "$genesis" "$@" >"$run/logs/$name.log" 2>&1 &
  echo $! >>"$run/pids"
}
for region in us-central1 europe-west1 asia-east1; do
  config="$here/$region.yaml"
  start "$region" --config "$config" --role coordinator "${@}"
  for index in 0 1; do
    start "$region-cs$index" --config "$config" --role chain-server --index "$index" "${@}"
  done
done
echo "started 9 processes, genesis $genesis; logs in $run/logs; health: curl 127.0.0.1:9201/health"
