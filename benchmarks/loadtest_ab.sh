#!/usr/bin/env bash
# Two versions of the server, interleaved, under the same load test (this checkout's):
#
#   git worktree add --detach /tmp/before <commit>
#   benchmarks/loadtest_ab.sh /tmp/before/src src          # 50 and 200 tables, 15 s
#   ROUNDS=3 TABLES="200" DUR=30 benchmarks/loadtest_ab.sh /tmp/before/src src
#   RATE=1500 TABLES="200" benchmarks/loadtest_ab.sh /tmp/before/src src   # paced
#   PIN=1 TABLES="200" benchmarks/loadtest_ab.sh /tmp/before/src src   # a core each
#
# PIN=1 runs the server on the second core and the load test on the first (taskset), so
# that they do not take turns on one core: the runs then vary much less.
#
# Each run starts `unoattack serve` (SQLite in a temporary folder) from one source tree,
# plays `unoattack loadtest --pid --json` against it and prints one line: actions a
# second, p99, and CPU ms an action of the server and of the load test.
set -u
before=${1:?usage: loadtest_ab.sh BEFORE_SRC AFTER_SRC}
after=${2:?usage: loadtest_ab.sh BEFORE_SRC AFTER_SRC}
here=$(cd "$(dirname "$0")/.." && pwd)
py=${PYTHON:-$here/.venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=${PORT:-8765}
run() { # name src tables
    local name=$1 src=$2 tables=$3
    rm -f "$work"/*.db*
    PYTHONPATH=$src ${PIN:+taskset -c 1} "$py" -m unoattack.web serve --host 127.0.0.1 --port "$port" \
        --db "sqlite:///$work/$name.db" --creates-per-minute 100000 --joins-per-minute 100000 --rate 1000 \
        --log-level warning >"$work/$name.log" 2>&1 &
    local pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/options" && break; sleep 0.2; done
    local out
    out=$(PYTHONPATH=$here/src ${PIN:+taskset -c 0} "$py" -m unoattack.web loadtest --url "http://127.0.0.1:$port" \
        --tables "$tables" --duration "${DUR:-15}" ${RATE:+--rate "$RATE"} --pid "$pid" --json 2>&1 | tail -1)
    echo "$name tables=$tables load=$(cut -d' ' -f1 /proc/loadavg): $(echo "$out" | "$py" -c '
import json, sys
d = json.load(sys.stdin)
print(round(d["actions_per_second"]), "a/s, p99", round(d["p99_ms"]), "ms, CPU ms an action: server",
      round(d["server_cpu_per_1000"], 2), "load test", round(d["client_cpu_per_1000"], 2))' 2>&1 || echo "$out")"
    kill "$pid"
    wait "$pid" 2>/dev/null
}
for _ in $(seq "${ROUNDS:-2}"); do
    for tables in ${TABLES:-50 200}; do
        run before "$before" "$tables"
        run after "$after" "$tables"
    done
done
