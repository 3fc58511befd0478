#!/usr/bin/env bash
# Times the `todo` command side by side with Taskwarrior 2.6 and todo.txt-cli 2.11 on the same
# number of tasks, in the same run:
#
#   Benchmarks/cli.sh                 # 1,000 / 10,000 / 100,000 tasks
#   SIZES="1000 10000" Benchmarks/cli.sh
#   SCRATCH=.build-release Benchmarks/cli.sh     # build folder (default .build)
#
# It installs hyperfine, taskwarrior, todotxt-cli and time from Debian's packages when they are
# missing, builds the statically linked release `todo`, makes a store of each size for each
# tool, then times with hyperfine (medians): `--version`, `add`, `done`, `list` (to /dev/null)
# and `list --json` (Taskwarrior: `export`), and measures each tool's peak memory while listing
# (/usr/bin/time). Results: a table on standard output, raw hyperfine JSON in $OUT (default
# /tmp/todo-cli-bench). See Benchmarks/README.md for recorded figures.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"1000 10000 100000"}
OUT=${OUT:-/tmp/todo-cli-bench}
RUNS=${RUNS:-20}

need() {
    if ! command -v "$1" >/dev/null 2>&1; then
        [[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq && APT_UPDATED=1; }
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    fi
}
need hyperfine hyperfine
need task taskwarrior
need todo-txt todotxt-cli
[[ -x /usr/bin/time ]] || need /usr/bin/time time

SCRATCH=${SCRATCH:-.build}
echo "== building the release todo (static standard library) in $SCRATCH"
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib --product todo >/dev/null
swift build -c release --scratch-path "$SCRATCH" --product TodoStoreBenchmarks >/dev/null
BIN=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
TODO=$BIN/todo
rm -rf "$OUT" && mkdir -p "$OUT"

# One JSON line per result: {"size":…, "tool":…, "command":…, "median_ms":…}
RESULTS=$OUT/results.jsonl
: >"$RESULTS"

time_command() {  # size tool label prepare command
    local size=$1 tool=$2 label=$3 prepare=$4 command=$5 runs=$RUNS
    [[ $size -ge 100000 && $label == list* ]] && runs=5
    local json=$OUT/$tool-$label-$size.json
    local ignore=()
    [[ $label == version ]] && ignore=(--ignore-failure)  # todo.txt-cli's -V exits with 1
    hyperfine --shell bash "${ignore[@]}" --warmup 2 --runs "$runs" --prepare "$prepare" --export-json "$json" \
        "$command" >/dev/null 2>&1 \
        || { echo "   $tool $label failed: $command" >&2; return 0; }
    python3 - "$json" "$size" "$tool" "$label" >>"$RESULTS" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(json.dumps({"size": int(sys.argv[2]), "tool": sys.argv[3], "command": sys.argv[4],
                  "median_ms": result["median"] * 1000}))
EOF
}

peak_memory() {  # size tool command
    local kib
    /usr/bin/time -f %M -o "$OUT/peak" bash -c "$3" >/dev/null 2>&1 || true
    kib=$(tail -1 "$OUT/peak")
    echo "{\"size\": $1, \"tool\": \"$2\", \"command\": \"peak MiB (list)\", \"median_ms\": $(python3 -c "print($kib / 1024)")}" >>"$RESULTS"
}

for size in $SIZES; do
    echo "== $size tasks"
    work=$OUT/$size
    mkdir -p "$work"

    # todo
    export TODO_FILE=$work/todo/todos.json
    "$BIN/TodoStoreBenchmarks" make-store "$TODO_FILE" "$size"
    echo 2 >"$work/todo-next"
    time_command "$size" todo version "true" "$TODO --version"
    time_command "$size" todo add "true" "$TODO add Benchmark task --tag bench"
    time_command "$size" todo done "echo \$(( \$(< $work/todo-next) + 3 )) > $work/todo-next" "$TODO done \$(< $work/todo-next)"
    time_command "$size" todo list "true" "$TODO list > /dev/null"
    time_command "$size" todo list-json "true" "$TODO list --json > /dev/null"
    peak_memory "$size" todo "$TODO list"
    unset TODO_FILE

    # Taskwarrior 2.6: tasks imported from JSON; no garbage collection, so ids stay put.
    export TASKRC=$work/taskrc TASKDATA=$work/task
    mkdir -p "$TASKDATA"
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\ngc=off\nbulk=0\nrecurrence=off\nnews.version=2.6.2\n' "$TASKDATA" >"$TASKRC"
    python3 - "$size" >"$work/tasks.json" <<'EOF'
import json, sys, uuid
n = int(sys.argv[1])
print(json.dumps([{"uuid": str(uuid.uuid4()), "description": f"Benchmark task number {i}",
                   "status": "pending", "entry": "20300101T090000Z",
                   **({"tags": ["work"]} if i % 5 == 0 else {}),
                   **({"due": "20300201T000000Z"} if i % 3 == 1 else {})} for i in range(1, n + 1)]))
EOF
    task import "$work/tasks.json" >/dev/null 2>&1
    echo 2 >"$work/task-next"
    time_command "$size" taskwarrior version "true" "task --version"
    time_command "$size" taskwarrior add "true" "task add Benchmark task +bench"
    time_command "$size" taskwarrior done "echo \$(( \$(< $work/task-next) + 3 )) > $work/task-next" "task \$(< $work/task-next) done"
    time_command "$size" taskwarrior list "true" "task list > /dev/null"
    time_command "$size" taskwarrior list-json "true" "task export > /dev/null"
    peak_memory "$size" taskwarrior "task list"
    unset TASKRC TASKDATA

    # todo.txt-cli 2.11: one line per task; no auto-archive, so line numbers stay put.
    mkdir -p "$work/todotxt"
    printf 'export TODO_DIR=%s\nexport TODO_FILE="$TODO_DIR/todo.txt"\nexport DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\nexport TODOTXT_AUTO_ARCHIVE=0\nexport TODOTXT_FORCE=1\n' "$work/todotxt" >"$work/todotxt/config"
    python3 - "$size" >"$work/todotxt/todo.txt" <<'EOF'
import sys
for i in range(1, int(sys.argv[1]) + 1):
    print(f"2030-01-01 Benchmark task number {i}" + (" +work" if i % 5 == 0 else "") + (" due:2030-02-01" if i % 3 == 1 else ""))
EOF
    : >"$work/todotxt/done.txt"
    echo 2 >"$work/txt-next"
    tt="todo-txt -d $work/todotxt/config"
    time_command "$size" todo.txt version "true" "$tt -V"
    time_command "$size" todo.txt add "true" "$tt add Benchmark task +bench"
    time_command "$size" todo.txt done "echo \$(( \$(< $work/txt-next) + 3 )) > $work/txt-next" "$tt do \$(< $work/txt-next)"
    time_command "$size" todo.txt list "true" "$tt ls > /dev/null"
    peak_memory "$size" todo.txt "$tt ls"
done

echo
python3 - "$RESULTS" <<'EOF'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
sizes = sorted({r["size"] for r in rows})
tools = ["todo", "taskwarrior", "todo.txt"]
commands = ["version", "add", "done", "list", "list-json", "peak MiB (list)"]
value = {(r["size"], r["tool"], r["command"]): r["median_ms"] for r in rows}
for size in sizes:
    print(f"{size:,} tasks (median ms; peak memory in MiB)")
    print(f"  {'':18}" + "".join(f"{t:>14}" for t in tools) + f"{'todo vs best peer':>20}")
    for command in commands:
        cells, peers = [], []
        for tool in tools:
            v = value.get((size, tool, command))
            cells.append(f"{v:14.1f}" if v is not None else f"{'-':>14}")
            if tool != "todo" and v is not None:
                peers.append(v)
        ours = value.get((size, "todo", command))
        ratio = f"{min(peers) / ours:18.1f}×" if ours and peers else f"{'-':>19}"
        print(f"  {command:18}" + "".join(cells) + ratio)
    print()
EOF
