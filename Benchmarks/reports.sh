#!/usr/bin/env bash
# Times `todo next`, `calendar`, `summary`, `burndown` (and `history`, `tags`) against
# Taskwarrior's `task next` and `task burndown.daily` on the same todos, in the same run:
#
#   Benchmarks/reports.sh                          # 100,000 todos for both
#   SIZE=100000 TASK_SIZE=10000 Benchmarks/reports.sh   # a smaller set for Taskwarrior as well
#   SCRATCH=.build-release Benchmarks/reports.sh   # build folder (default .build)
#
# One Taskwarrior JSON file of SIZE tasks (created over the last two years, one every 10.5
# minutes up to a day ago; a third completed 0–29 days after their creation; due days around
# the creation for two in three; projects in three levels for six in seven; a tag for one in
# five; one pending task in 17 started, one in 13 waiting) is imported by both tools: `todo
# import` into a new store and `task import` into a new data folder. With TASK_SIZE smaller than
# SIZE, both tools are also timed on the first TASK_SIZE tasks, for ratios on equal data.
# hyperfine medians (shell start-up subtracted); output to /dev/null; results: a table on
# standard output, raw JSON in $OUT (default /tmp/todo-reports-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-100000}
TASK_SIZE=${TASK_SIZE:-$SIZE}
OUT=${OUT:-/tmp/todo-reports-bench}
RUNS=${RUNS:-10}
TASK_RUNS=${TASK_RUNS:-3}

need() {
    if ! command -v "$1" >/dev/null 2>&1; then
        [[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq && APT_UPDATED=1; }
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    fi
}
need hyperfine hyperfine
need task taskwarrior

SCRATCH=${SCRATCH:-.build}
echo "== building the release todo (static standard library) in $SCRATCH"
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib --product todo >/dev/null
TODO=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/todo
rm -rf "$OUT" && mkdir -p "$OUT"
RESULTS=$OUT/results.jsonl
: >"$RESULTS"

make_tasks() {  # count file
    python3 - "$1" >"$2" <<'PY'
import json, sys, time, uuid
n = int(sys.argv[1])
now = int(time.time()) - 86_400
spacing = 630
stamp = lambda t: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(t))
projects = ["Home", "Home.Garden", "Home.Garden.Roses", "Work", "Work.Ops", "Work.Ops.Infra", None]
tasks = []
for i in range(n):
    entry = now - (n - 1 - i) * spacing
    task = {"uuid": str(uuid.uuid4()), "description": f"Benchmark task number {i + 1}",
            "status": "pending", "entry": stamp(entry)}
    if i % 3 == 0:
        task["status"] = "completed"
        task["end"] = stamp(min(entry + (i % 30) * 86_400, now))
    if i % 3 != 2:
        task["due"] = stamp(entry + ((i % 41) - 20) * 86_400)[:9] + "000000Z"
    if projects[i % 7]:
        task["project"] = projects[i % 7]
    if i % 5 == 0:
        task["tags"] = ["work"]
    if task["status"] == "pending" and i % 17 == 1:
        task["start"] = stamp(entry + 60)
    if task["status"] == "pending" and i % 13 == 2:
        task["wait"] = stamp(now + 30 * 86_400)
        task["status"] = "waiting"
    task["modified"] = task.get("end", task["entry"])
    tasks.append(task)
print(json.dumps(tasks))
PY
}

time_command() {  # size tool label runs command
    local json=$OUT/$2-$3-$1.json
    hyperfine --shell bash --warmup 1 --runs "$4" --export-json "$json" "$5" >/dev/null 2>&1 \
        || { echo "   $2 $3 failed: $5" >&2; return 0; }
    python3 - "$json" "$1" "$2" "$3" >>"$RESULTS" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(json.dumps({"size": int(sys.argv[2]), "tool": sys.argv[3], "command": sys.argv[4],
                  "median_ms": result["median"] * 1000,
                  "cpu_ms": (result["user"] + result["system"]) * 1000}))
PY
}

time_todo() {  # size store
    export TODO_FILE=$2 COLUMNS=100 LINES=40
    for report in next calendar summary burndown history tags; do
        time_command "$1" todo "$report" "$RUNS" "$TODO $report > /dev/null"
    done
    time_command "$1" todo "next --json" "$RUNS" "$TODO next --json > /dev/null"
    time_command "$1" todo "burndown --json" "$RUNS" "$TODO burndown --json > /dev/null"
    unset TODO_FILE COLUMNS LINES
}

time_task() {  # size tasks.json folder
    export TASKRC=$3/taskrc TASKDATA=$3/task
    mkdir -p "$TASKDATA"
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\ngc=off\nbulk=0\nrecurrence=off\nnews.version=2.6.2\n' "$TASKDATA" >"$TASKRC"
    echo "   task import ($1 tasks; slow)"
    task import "$2" >/dev/null 2>&1
    time_command "$1" taskwarrior next "$TASK_RUNS" "task rc.defaultwidth=100 next > /dev/null"
    time_command "$1" taskwarrior burndown "$TASK_RUNS" "task rc.defaultwidth=100 burndown.daily > /dev/null"
    unset TASKRC TASKDATA
}

for size in $(printf '%s\n' "$SIZE" "$TASK_SIZE" | sort -un); do
    echo "== $size tasks"
    work=$OUT/$size
    mkdir -p "$work"
    make_tasks "$size" "$work/tasks.json"
    TODO_FILE=$work/todo/todos.json "$TODO" import "$work/tasks.json" --format taskwarrior >/dev/null
    time_todo "$size" "$work/todo/todos.json"
    if [[ $size -le $TASK_SIZE ]]; then time_task "$size" "$work/tasks.json" "$work"; fi
done

echo
python3 - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
value = {(r["size"], r["tool"], r["command"]): r["median_ms"] for r in rows}
cpu = {(r["size"], r["tool"], r["command"]): r["cpu_ms"] for r in rows}
for size in sorted({r["size"] for r in rows}):
    print(f"{size:,} tasks (median wall-clock ms, then mean CPU ms: user + system, every thread)")
    for (tool, command), peer in [(("todo", "next"), "next"), (("todo", "calendar"), None),
                                  (("todo", "summary"), None), (("todo", "burndown"), "burndown"),
                                  (("todo", "history"), None), (("todo", "tags"), None),
                                  (("todo", "next --json"), None), (("todo", "burndown --json"), None)]:
        ours = value.get((size, tool, command))
        theirs = value.get((size, "taskwarrior", peer)) if peer else None
        if ours:
            line = f"  todo {command:16} {ours:9.1f} {cpu[(size, tool, command)]:9.1f}"
        else:
            line = f"  todo {command:16} {'-':>9} {'-':>9}"
        if theirs:
            name = peer + (".daily" if peer == "burndown" else "")
            line += f"   task {name:15} {theirs:9.1f} {cpu[(size, 'taskwarrior', peer)]:9.1f}   {theirs / ours:6.1f}×"
        print(line)
    print()
PY
