#!/usr/bin/env bash
# Times issue 18's commands side by side with Taskwarrior 2.6 on the same tasks, in the same run:
# a filtered `list` with three terms, `next`, and `add` with five inline attributes against a
# plain `add`.
#
#   Benchmarks/power.sh                      # 100,000 tasks
#   SIZES="10000 100000" Benchmarks/power.sh
#   SCRATCH=.build-release Benchmarks/power.sh   # build folder (default .build)
#
# One file of tasks in Taskwarrior's export format (projects in a hierarchy, tags, priorities,
# due, wait and scheduled dates around today, done and waiting tasks, dependencies,
# annotations) is imported by both tools, so both hold the same tasks. Then hyperfine times
# each command (medians of the wall-clock time, and the mean CPU time, user + system, which
# other processes on a shared machine change less). `next` prints one page: 50 lines for both
# (LINES for todo, defaultheight for Taskwarrior, as neither writes to a terminal). Results: a table on standard output, raw hyperfine JSON in $OUT
# (default /tmp/todo-power-bench). See Benchmarks/README.md for recorded figures.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"100000"}
OUT=${OUT:-/tmp/todo-power-bench}
RUNS=${RUNS:-10}
FILTER=(project:Work +urgent or due.before:eow)

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

time_command() {  # size tool label command
    local size=$1 tool=$2 label=$3 command=$4 runs=$RUNS warmup=1
    [[ $tool == taskwarrior && $size -ge 100000 ]] && runs=2 warmup=0  # about a minute a run
    local json=$OUT/$tool-$label-$size.json
    hyperfine --shell bash --warmup "$warmup" --runs "$runs" --export-json "$json" "$command" >/dev/null 2>&1 \
        || { echo "   $tool $label failed: $command" >&2; return 0; }
    python3 - "$json" "$size" "$tool" "$label" >>"$RESULTS" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(json.dumps({"size": int(sys.argv[2]), "tool": sys.argv[3], "command": sys.argv[4],
                  "median_ms": result["median"] * 1000,
                  "cpu_ms": (result["user"] + result["system"]) * 1000}))
EOF
}

for size in $SIZES; do
    echo "== $size tasks"
    work=$OUT/$size
    mkdir -p "$work"
    python3 - "$size" >"$work/tasks.json" <<'EOF'
import datetime, json, random, sys, uuid
random.seed(18)
n = int(sys.argv[1])
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
def stamp(days):
    return (now + datetime.timedelta(days=days)).strftime("%Y%m%dT%H%M%SZ")
projects = ["Work", "Work.Ops", "Work.Sales", "Home", "Home.Garden", "Errands", None, None]
words = ["buy", "milk", "call", "mum", "write", "report", "fix", "bike", "book", "flights",
         "Lisbon", "pay", "rent", "review", "clean", "kitchen", "plan", "trip", "renew", "passport"]
uuids = [str(uuid.UUID(int=random.getrandbits(128), version=4)) for _ in range(n)]
tasks = []
for i in range(n):
    task = {"uuid": uuids[i], "description": " ".join(random.choices(words, k=random.randint(3, 7))) + f" {i}",
            "entry": stamp(-random.randint(1, 365)), "status": "pending"}
    if random.random() < 0.3:
        task["status"] = "completed"
        task["end"] = stamp(-random.randint(0, 1))
    project = random.choice(projects)
    if project:
        task["project"] = project
    tags = [t for t, p in (("urgent", 0.1), ("work", 0.2), ("home", 0.1), ("next", 0.02)) if random.random() < p]
    if tags:
        task["tags"] = tags
    priority = random.choice(["H", "M", "L", None, None])
    if priority:
        task["priority"] = priority
    if random.random() < 0.4:
        task["due"] = stamp(random.randint(-30, 60))
    if task["status"] == "pending" and random.random() < 0.05:
        task["status"] = "waiting"
        task["wait"] = stamp(random.randint(2, 30))
    if random.random() < 0.05:
        task["scheduled"] = stamp(random.randint(-10, 10))
    if i > 0 and random.random() < 0.03:
        task["depends"] = [uuids[random.randrange(i)]]
    if random.random() < 0.05:
        task["annotations"] = [{"entry": stamp(-1), "description": "Called, no answer"}]
    tasks.append(task)
print(json.dumps(tasks))
EOF

    # todo: the same file, imported.
    export TODO_FILE=$work/todo/todos.json TODO_CONFIG=$work/todo-config
    "$TODO" import "$work/tasks.json" >/dev/null
    time_command "$size" todo filter "$TODO ${FILTER[*]} list > /dev/null"
    time_command "$size" todo next "LINES=50 $TODO next > /dev/null"
    time_command "$size" todo add "$TODO add Benchmark task > /dev/null"
    time_command "$size" todo add-inline \
        "$TODO add Call Bob due:fri +sales pri:h project:Work wait:+2d > /dev/null"
    echo "   todo: $("$TODO" "${FILTER[@]}" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))') tasks match the filter"
    unset TODO_FILE TODO_CONFIG

    # Taskwarrior 2.6: the same file, imported; no garbage collection, so ids stay put.
    export TASKRC=$work/taskrc TASKDATA=$work/task
    mkdir -p "$TASKDATA"
    printf 'defaultheight=50\ndata.location=%s\nconfirmation=off\nverbose=nothing\ngc=off\nbulk=0\nrecurrence=off\nnews.version=2.6.2\n' "$TASKDATA" >"$TASKRC"
    task import "$work/tasks.json" >/dev/null 2>&1
    time_command "$size" taskwarrior filter "task ${FILTER[*]} list > /dev/null"
    time_command "$size" taskwarrior next "task next > /dev/null"
    time_command "$size" taskwarrior add "task add Benchmark task > /dev/null"
    time_command "$size" taskwarrior add-inline \
        "task add Call Bob due:fri +sales pri:H project:Work wait:+2d > /dev/null"
    echo "   taskwarrior: $(task "${FILTER[@]}" status:pending -WAITING count) pending tasks match the filter"
    unset TASKRC TASKDATA
done

echo
python3 - "$RESULTS" <<'EOF'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
wall = {(r["size"], r["tool"], r["command"]): r["median_ms"] for r in rows}
cpu = {(r["size"], r["tool"], r["command"]): r["cpu_ms"] for r in rows}
cell = lambda v: f"{v:10.1f}" if v is not None else f"{'-':>10}"
for size in sorted({r["size"] for r in rows}):
    print(f"{size:,} tasks: wall-clock median / CPU time (ms)")
    print(f"  {'':12}{'todo':>21}{'taskwarrior':>23}{'task / todo':>14}")
    for command in ["filter", "next", "add", "add-inline"]:
        key = lambda tool: (size, tool, command)
        ours, theirs = wall.get(key("todo")), wall.get(key("taskwarrior"))
        ratio = f"{theirs / ours:13.1f}×" if ours and theirs else f"{'-':>14}"
        print(f"  {command:12}{cell(ours)} /{cell(cpu.get(key('todo')))}"
              f"{cell(theirs)} /{cell(cpu.get(key('taskwarrior')))}{ratio}")
    for table, name in ((wall, "wall clock"), (cpu, "CPU time")):
        inline, plain = table.get((size, "todo", "add-inline")), table.get((size, "todo", "add"))
        if inline and plain:
            print(f"  todo add with five inline attributes / plain add ({name}): {inline / plain:.2f}×")
    print()
EOF
