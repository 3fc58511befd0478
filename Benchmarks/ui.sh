#!/usr/bin/env bash
# Times `todo ui` as a user meets it, in a tmux pane: start-up until the list is on screen, then
# keys until the screen shows their result (moving, a toggle, an add, switching to each view), on
# a store of 100 todos and one of 100,000, in the same run (the 100-todo figures are the
# baseline; the ratio shows whether a key costs O(n)):
#
#   Benchmarks/ui.sh
#   SIZES="100 10000 100000" RUNS=5 Benchmarks/ui.sh
#   SCRATCH=.build-release Benchmarks/ui.sh      # build folder (default .build)
#
# Each figure is the median of $RUNS runs and includes what tmux adds (send-keys, and
# capture-pane polled every few milliseconds), the same for every size. Installs tmux from
# Debian's packages when missing. See Benchmarks/README.md for recorded figures.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"100 100000"}
RUNS=${RUNS:-5}
OUT=${OUT:-/tmp/todo-ui-bench}

if ! command -v tmux >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
fi

SCRATCH=${SCRATCH:-.build}
echo "== building the release todo (static standard library) in $SCRATCH"
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib --product todo >/dev/null
swift build -c release --scratch-path "$SCRATCH" --product TodoStoreBenchmarks >/dev/null
BIN=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
rm -rf "$OUT" && mkdir -p "$OUT"
SOCKET=$OUT/tmux.sock

now_ms() { echo $(($(date +%s%N) / 1000000)); }
tm() { tmux -S "$SOCKET" "$@"; }

# Waits until the pane shows a line matching the extended regex $1 (30 s at most).
wait_for() {
    local deadline=$(($(now_ms) + 30000))
    until tm capture-pane -p -t 0 | grep -qE "$1"; do
        (($(now_ms) < deadline)) || { echo "timed out waiting for /$1/" >&2; tm capture-pane -p -t 0 >&2; return 1; }
        sleep 0.002
    done
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The screen order of a store's todos (pending, then done, each by position), one id a line.
screen_order() {
    TODO_FILE=$1 "$BIN/todo" list --json | python3 -c 'import json,sys; [print(t["id"]) for t in json.load(sys.stdin)]'
    TODO_FILE=$1 "$BIN/todo" list --done --json | python3 -c 'import json,sys; [print(t["id"]) for t in json.load(sys.stdin)]'
}

# The id at 0-based screen index $2 (clamped to the last) in the order file $1.
nth() { local count; count=$(wc -l <"$1"); sed -n "$(($2 < count ? $2 + 1 : count))p" "$1"; }

# One run on a store of $1 todos: prints "start G g j×100 j×1000 toggle add next projects calendar
# list" in ms (the last four: switching to that view).
one_run() {
    local size=$1 store=$OUT/store-$1/todos.json order=$OUT/order-$1
    local first last at100 at1000 pending
    first=$(nth "$order" 0); last=$(nth "$order" $((size - 1)))
    at100=$(nth "$order" 100); at1000=$(nth "$order" 1000)
    pending=$(TODO_FILE=$store "$BIN/todo" stats --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["pending"])')
    tm kill-server 2>/dev/null || true
    TERM=xterm-256color tmux -S "$SOCKET" -f /dev/null new-session -d -x 120 -y 50 \
        -e TZ=UTC -e TODO_FILE="$store" /bin/sh
    local t0 start jump top down100 down1000 toggle
    t0=$(now_ms)
    tm send-keys -t 0 "exec $BIN/todo ui" Enter
    wait_for "^> *$first "
    start=$(($(now_ms) - t0))
    sleep 0.5 # the next view's list is made once the first screen shows
    t0=$(now_ms); tm send-keys -t 0 G; wait_for "^> *$last "; jump=$(($(now_ms) - t0))
    t0=$(now_ms); tm send-keys -t 0 g; wait_for "^> *$first "; top=$(($(now_ms) - t0))
    t0=$(now_ms); tm send-keys -t 0 -l "$(printf 'j%.0s' {1..100})"; wait_for "^> *$at100 "; down100=$(($(now_ms) - t0))
    tm send-keys -t 0 g; wait_for "^> *$first "
    t0=$(now_ms); tm send-keys -t 0 -l "$(printf 'j%.0s' {1..1000})"; wait_for "^> *$at1000 "; down1000=$(($(now_ms) - t0))
    tm send-keys -t 0 g; wait_for "^> *$first "
    t0=$(now_ms); tm send-keys -t 0 Space; wait_for "^ $((pending - 1)) pending"; toggle=$(($(now_ms) - t0))
    tm send-keys -t 0 u; wait_for "^ $pending pending"
    local add next projects calendar list
    tm send-keys -t 0 a; wait_for "^ New todo"
    tm send-keys -t 0 -l "Added by the benchmark"
    t0=$(now_ms); tm send-keys -t 0 Enter; wait_for "^ $((pending + 1)) pending"; add=$(($(now_ms) - t0))
    tm send-keys -t 0 u; wait_for "^ $pending pending"
    t0=$(now_ms); tm send-keys -t 0 2; wait_for "^ todo  next · pending"; next=$(($(now_ms) - t0))
    t0=$(now_ms); tm send-keys -t 0 3; wait_for "^ todo  projects"; projects=$(($(now_ms) - t0))
    t0=$(now_ms); tm send-keys -t 0 4; wait_for "^ todo  calendar"; calendar=$(($(now_ms) - t0))
    t0=$(now_ms); tm send-keys -t 0 1; wait_for "^ todo  all · by position"; list=$(($(now_ms) - t0))
    tm send-keys -t 0 q
    sleep 0.2
    tm kill-server 2>/dev/null || true
    echo "$start $jump $top $down100 $down1000 $toggle $add $next $projects $calendar $list"
}

COLUMNS_SHOWN=(start G g "j×100" "j×1000" toggle add next projects calendar list)
row_format() {
    local format='%-8s'
    for _ in "${COLUMNS_SHOWN[@]}"; do format+=' %9s'; done
    echo "$format\n"
}
# shellcheck disable=SC2059
printf "$(row_format)" todos "${COLUMNS_SHOWN[@]}"
declare -A baseline
for size in $SIZES; do
    mkdir -p "$OUT/store-$size"
    "$BIN/TodoStoreBenchmarks" make-store "$OUT/store-$size/todos.json" "$size" >/dev/null
    screen_order "$OUT/store-$size/todos.json" >"$OUT/order-$size"
    : >"$OUT/runs-$size"
    for _ in $(seq "$RUNS"); do one_run "$size" >>"$OUT/runs-$size"; done
    row=()
    ratios=()
    for column in $(seq "${#COLUMNS_SHOWN[@]}"); do
        value=$(cut -d' ' -f"$column" "$OUT/runs-$size" | median)
        row+=("$value ms")
        [[ -n ${baseline[$column]:-} ]] || baseline[$column]=$value
        ratios+=("$(awk -v a="$value" -v b="${baseline[$column]}" 'BEGIN { printf "%.1f×", (b > 0 ? a / b : 0) }')")
    done
    # shellcheck disable=SC2059
    printf "$(row_format)" "$size" "${row[@]}"
    # shellcheck disable=SC2059
    printf "$(row_format)" "  ratio" "${ratios[@]}"
done
echo "(medians of $RUNS runs, 120×50 pane, including tmux's own costs; runs in $OUT)"
