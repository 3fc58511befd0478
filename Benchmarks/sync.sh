#!/usr/bin/env bash
# Times `todo sync` against a Radicale started here, beside a plain HTTP client (curl) making the
# same requests in the same run, and `todo add`, `done` and `list` before and after sync existed:
#
#   Benchmarks/sync.sh
#   COUNT=2000 RUNS=20 SCRATCH=.build-release Benchmarks/sync.sh
#   PARTS="first incremental" Benchmarks/sync.sh     # leave out the before/after of the CLI
#
# (a) first: the first sync of COUNT todos (default 2,000) to an empty collection, against curl
#     PUTting the same COUNT resources (the bytes `todo` writes, rendered by a sync with a vdir
#     folder) one by one, with If-None-Match: *, on one kept-alive connection, to another empty
#     collection of the same server. Target: todo ≤ 1.3 × curl.
# (b) incremental: a sync with nothing to do, against curl sending the same incremental
#     sync-collection REPORT (the token from todo's sync state); then a sync with one change each
#     way (a todo edited here and a resource rewritten there by curl before each run). Targets:
#     nothing to do ≤ curl + 40 ms; one change each way ≤ curl + 80 ms.
# (c) cli: `todo add`, `done` and `list` on the same 100,000-todo store with this tree's release
#     `todo` and one built from commit BEFORE (default 3f99d45, before TodoSync existed; its
#     sources from `git archive`, built in $BEFORE_DIR, kept between runs), and whether `todo`
#     links FoundationNetworking, curl or an XML library (it must not: they belong to the helper).
#
# Radicale 3 (Debian's `radicale`) runs on 127.0.0.1 on a free port with its storage in a temporary
# folder, with Basic authentication, and is stopped by its pid at the end. The release `todo` and
# `todo-caldav` are built with the static standard library in $SCRATCH (default .build). Results:
# a table on standard output, raw hyperfine JSON in $OUT (default /tmp/todo-sync-bench). See
# Benchmarks/README.md ("Sync") for recorded figures.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

COUNT=${COUNT:-2000}
RUNS=${RUNS:-20}
OUT=${OUT:-/tmp/todo-sync-bench}
PARTS=${PARTS:-"first incremental cli"}
BEFORE=${BEFORE:-3f99d45}
BEFORE_DIR=${BEFORE_DIR:-/tmp/todo-sync-bench-before}
CLI_SIZE=${CLI_SIZE:-100000}

need() {
    if ! command -v "$1" >/dev/null 2>&1; then
        [[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq && APT_UPDATED=1; }
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    fi
}
need hyperfine hyperfine
need radicale radicale
need curl curl
# The helper, linked with the static standard library, links libcurl (FoundationNetworking's)
# from the system: its development files.
if ! ls /usr/lib/*/libcurl.so /usr/lib/libcurl.so >/dev/null 2>&1; then
    [[ -n ${APT_UPDATED:-} ]] || { apt-get update -qq && APT_UPDATED=1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null
fi

SCRATCH=${SCRATCH:-.build}
echo "== building the release todo and todo-caldav (static standard library) in $SCRATCH"
for product in todo todo-caldav; do
    swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib --product "$product" >/dev/null
done
BIN=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
TODO=$BIN/todo
rm -rf "$OUT" && mkdir -p "$OUT"
RESULTS=$OUT/results.jsonl
: >"$RESULTS"

record() {  # part label milliseconds
    echo "{\"part\": \"$1\", \"label\": \"$2\", \"ms\": $3}" >>"$RESULTS"
}

median_of() {  # hyperfine-json → median ms
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"] * 1000)' "$1"
}

now_ms() { python3 -c 'import time; print(time.monotonic() * 1000)'; }

# MARK: Radicale

RADICALE_PID=
stop_radicale() {
    if [[ -n $RADICALE_PID ]]; then
        kill "$RADICALE_PID" 2>/dev/null || true
        wait "$RADICALE_PID" 2>/dev/null || true
        RADICALE_PID=
    fi
}
trap stop_radicale EXIT

DAV=$OUT/radicale
PASSWORD="correct horse"
start_radicale() {
    mkdir -p "$DAV"
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf 'alice:%s\n' "$PASSWORD" >"$DAV/users"
    cat >"$DAV/config" <<EOF
[server]
hosts = 127.0.0.1:$PORT
[auth]
type = htpasswd
htpasswd_filename = $DAV/users
htpasswd_encryption = plain
delay = 0
[rights]
type = owner_only
[storage]
filesystem_folder = $DAV/collections
[logging]
level = warning
EOF
    radicale --config "$DAV/config" >"$DAV/log" 2>&1 &
    RADICALE_PID=$!
    for _ in $(seq 1 200); do
        curl -s -o /dev/null -X OPTIONS "http://127.0.0.1:$PORT/" && break
        sleep 0.05
    done
    BASE=http://127.0.0.1:$PORT
    echo "   radicale $(radicale --version) on 127.0.0.1:$PORT (pid $RADICALE_PID)"
}

make_collection() {  # path
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' -u "alice:$PASSWORD" -X MKCALENDAR \
        -H 'Content-Type: application/xml; charset=utf-8' "$BASE$1" --data-binary \
        '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>')
    [[ $status == 201 ]] || { echo "MKCALENDAR $1: $status" >&2; exit 1; }
}

configure() {  # folder url: a store folder whose config syncs with url as alice
    mkdir -p "$1"
    printf 'sync.url = %s\nsync.username = alice\nsync.password_command = echo %q\n' "$2" "$PASSWORD" >"$1/config"
}

in_store() {  # folder command…: runs a command with that folder's store and config
    local folder=$1
    shift
    TODO_FILE=$folder/todos.json TODO_CONFIG=$folder/config "$@"
}

# MARK: (a) the first sync

if [[ " $PARTS " == *" first "* || " $PARTS " == *" incremental "* ]]; then
    start_radicale
    echo "== (a) first sync of $COUNT todos to an empty collection, and curl PUTting the same resources"
    work=$OUT/first
    mkdir -p "$work/todo"
    python3 - "$COUNT" >"$work/todos.json" <<'EOF'
import json, random, sys, uuid
random.seed(21)
words = ["buy", "milk", "call", "mum", "write", "report", "fix", "bike", "book", "flights", "pay", "rent"]
todos = []
for i in range(1, int(sys.argv[1]) + 1):
    todo = {"id": i, "uuid": str(uuid.UUID(int=random.getrandbits(128), version=4)),
            "title": " ".join(random.choices(words, k=random.randint(2, 6))) + f" {i}",
            "isDone": i % 5 == 0, "createdAt": "2026-11-01T10:00:00Z", "tags": [f"t{i % 7}"]}
    if i % 3 == 0: todo["due"] = f"2030-01-{i % 28 + 1:02d}"
    if i % 4 == 0: todo["priority"] = ["high", "medium", "low"][i % 3]
    if i % 6 == 0: todo["note"] = "a note, with a comma; and a semicolon"
    todos.append(todo)
print(json.dumps(todos))
EOF
    in_store "$work/todo" "$TODO" import "$work/todos.json" >/dev/null
    # The resources as todo writes them: a sync of a copy of the store with an empty folder.
    mkdir -p "$work/render/vdir"
    cp "$work/todo/todos.json" "$work/render/todos.json"
    configure "$work/render" "file://$work/render/vdir"
    in_store "$work/render" "$TODO" sync >/dev/null
    files=("$work"/render/vdir/*.ics)
    [[ ${#files[@]} == "$COUNT" ]] || { echo "rendered ${#files[@]} resources, not $COUNT" >&2; exit 1; }
    {
        echo 'silent'
        echo 'show-error'
        echo "user = \"alice:$PASSWORD\""
        echo 'header = "Content-Type: text/calendar; charset=utf-8"'
        echo 'header = "If-None-Match: *"'
        echo 'header = "Expect:"'  # no 100-continue round trip (Radicale never answers one)
        echo 'write-out = "%{http_code}\n"'
        for file in "${files[@]}"; do
            echo "url = \"$BASE/alice/curl/$(basename "$file")\""
            echo "upload-file = \"$file\""
            echo 'output = "/dev/null"'
        done
    } >"$work/curl.config"

    make_collection /alice/curl/
    begin=$(now_ms)
    curl --config "$work/curl.config" >"$work/curl.statuses"
    curl_ms=$(python3 -c "print($(now_ms) - $begin)")
    created=$(grep -c '^201$' "$work/curl.statuses" || true)
    [[ $created == "$COUNT" ]] || { echo "curl created $created of $COUNT" >&2; exit 1; }
    record first "curl: $COUNT PUTs one by one" "$curl_ms"

    make_collection /alice/todo/
    configure "$work/todo" "$BASE/alice/todo/"
    begin=$(now_ms)
    in_store "$work/todo" "$TODO" sync >"$work/todo.out"
    todo_ms=$(python3 -c "print($(now_ms) - $begin)")
    grep -q ": 0 received, $COUNT sent," "$work/todo.out" || { cat "$work/todo.out" >&2; exit 1; }
    record first "todo sync: first sync of $COUNT todos" "$todo_ms"
fi

# MARK: (b) incremental syncs

if [[ " $PARTS " == *" incremental "* ]]; then
    echo "== (b) a sync with nothing to do, and with one change each way, against curl's incremental REPORT"
    work=$OUT/first
    state=$work/todo/todos.json.sync
    # A sync first, so that the state holds the token of the collection as it is now: the token
    # of the first sync may predate its own uploads, and a REPORT from it lists every resource.
    in_store "$work/todo" "$TODO" sync >/dev/null
    token=$(python3 -c 'import sys, urllib.parse
print(next(urllib.parse.unquote(line.split(" ")[1]) for line in open(sys.argv[1], "rb").read().decode().split("\n") if line.startswith("token ")))' "$state")
    cat >"$work/report.xml" <<EOF
<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token>$token</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/><D:getcontenttype/><D:resourcetype/></D:prop></D:sync-collection>
EOF
    report="curl -s -S -o /dev/null -u 'alice:$PASSWORD' -X REPORT -H 'Depth: 1' \
        -H 'Content-Type: application/xml; charset=utf-8' --data-binary @$work/report.xml $BASE/alice/todo/"
    # The baseline must be the REPORT todo's nothing-to-do sync sends: one that lists no change.
    listed=$(curl -s -S -u "alice:$PASSWORD" -X REPORT -H 'Depth: 1' \
        -H 'Content-Type: application/xml; charset=utf-8' --data-binary "@$work/report.xml" \
        "$BASE/alice/todo/" | { grep -Eo '<([A-Za-z]+:)?response[ >]' || true; } | wc -l)
    [[ $listed == 0 ]] || { echo "the baseline REPORT lists $listed changes, not 0" >&2; exit 1; }
    export TODO_FILE=$work/todo/todos.json TODO_CONFIG=$work/todo/config
    hyperfine --warmup 2 --runs "$RUNS" --export-json "$OUT/report.json" "$report" >/dev/null
    record incremental "curl: the incremental sync-collection REPORT" "$(median_of "$OUT/report.json")"
    hyperfine --warmup 2 --runs "$RUNS" --export-json "$OUT/noop.json" "$TODO sync" >/dev/null
    record incremental "todo sync: nothing to do" "$(median_of "$OUT/noop.json")"
    # One change each way: a todo edited here, and another todo's resource rewritten there by curl.
    there=$("$TODO" list --all --json | python3 -c 'import json, sys; print(next(t["uuid"] for t in json.load(sys.stdin) if t["id"] == 8))').ics
    cp "$work/render/vdir/$there" "$work/there.ics"
    cat >"$work/change.sh" <<EOF
#!/usr/bin/env bash
set -e
n=\$((\$(cat $work/counter 2>/dev/null || echo 0) + 1))
echo \$n >$work/counter
"$TODO" 7 edit --title "Changed here \$n" >/dev/null
sed "s/^SUMMARY:.*/SUMMARY:Changed there \$n\r/" $work/there.ics >$work/there-changed.ics
curl -s -S -o /dev/null -u "alice:$PASSWORD" -T $work/there-changed.ics -H "Content-Type: text/calendar; charset=utf-8" $BASE/alice/todo/$there
EOF
    chmod +x "$work/change.sh"
    hyperfine --warmup 2 --runs "$RUNS" --prepare "$work/change.sh" --export-json "$OUT/change.json" "$TODO sync" >/dev/null
    record incremental "todo sync: one change each way" "$(median_of "$OUT/change.json")"
    "$TODO" sync | grep -q ": 0 received, 0 sent," || { echo "the changes did not settle" >&2; exit 1; }
    unset TODO_FILE TODO_CONFIG
fi
stop_radicale

# MARK: (c) the CLI before and after

if [[ " $PARTS " == *" cli "* ]]; then
    echo "== (c) todo add, done and list at $CLI_SIZE todos: $BEFORE (before TodoSync) and this tree"
    if [[ ! -x $BEFORE_DIR/todo ]]; then
        rm -rf "$BEFORE_DIR/src" && mkdir -p "$BEFORE_DIR/src"
        git archive "$BEFORE" | tar -x -C "$BEFORE_DIR/src"
        (cd "$BEFORE_DIR/src" && swift build -c release --scratch-path .build --static-swift-stdlib --product todo >/dev/null)
        cp "$BEFORE_DIR/src/.build/release/todo" "$BEFORE_DIR/todo"
    fi
    swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib --product TodoStoreBenchmarks >/dev/null
    work=$OUT/cli
    mkdir -p "$work"
    "$BIN/TodoStoreBenchmarks" make-store "$work/store.json" "$CLI_SIZE"
    for side in before after; do
        binary=$TODO
        [[ $side == before ]] && binary=$BEFORE_DIR/todo
        mkdir -p "$work/$side"
        cp "$work/store.json" "$work/$side/todos.json"
        if [[ $side == before ]]; then
            # The store as that version wrote it: format version 2, without the key 'replaces'
            # (version 3), which it would refuse as too new.
            sed -i '1s/"version":3,/"version":2,/; 1s/"replaces":[^,]*,//' "$work/$side/todos.json"
        fi
        echo 2 >"$work/$side/next"
        export TODO_FILE=$work/$side/todos.json TODO_CONFIG=$work/$side/config
        hyperfine --shell bash --warmup 2 --runs "$RUNS" --export-json "$work/$side-add.json" \
            "$binary add Benchmark task --tag bench" >/dev/null
        record cli "$side: add" "$(median_of "$work/$side-add.json")"
        hyperfine --shell bash --warmup 2 --runs "$RUNS" --export-json "$work/$side-done.json" \
            --prepare "echo \$(( \$(< $work/$side/next) + 3 )) > $work/$side/next" \
            "$binary done \$(< $work/$side/next)" >/dev/null
        record cli "$side: done" "$(median_of "$work/$side-done.json")"
        hyperfine --shell bash --warmup 1 --runs 5 --export-json "$work/$side-list.json" \
            "$binary list > /dev/null" >/dev/null
        record cli "$side: list" "$(median_of "$work/$side-list.json")"
        unset TODO_FILE TODO_CONFIG
    done
    linked=$(ldd "$TODO" 2>&1 | grep -Eci 'FoundationNetworking|curl|xml' || true)
    symbols=$(nm "$TODO" 2>/dev/null | grep -Eci 'FoundationNetworking|URLSession|curl_|xmlParse' || true)
    echo "   ldd $TODO:"
    ldd "$TODO" 2>&1 | sed 's/^/     /'
    echo "   libraries named FoundationNetworking, curl or xml: $linked; symbols of them: $symbols"
    [[ $linked == 0 && $symbols == 0 ]] || { echo "todo links networking or XML" >&2; exit 1; }
fi

echo
python3 - "$RESULTS" <<'EOF'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
value = {(r["part"], r["label"]): r["ms"] for r in rows}
for part in ["first", "incremental", "cli"]:
    for r in rows:
        if r["part"] == part:
            print(f"  {r['label']:58}{r['ms']:12.1f} ms")
def get(part, prefix):
    return next((v for (p, l), v in value.items() if p == part and l.startswith(prefix)), None)
curl, first = get("first", "curl"), get("first", "todo")
if curl and first:
    print(f"\n  first sync / curl: {first / curl:.2f}x (target ≤ 1.30x)")
report, noop, change = get("incremental", "curl"), get("incremental", "todo sync: nothing"), get("incremental", "todo sync: one")
if report and noop:
    print(f"  nothing to do - curl's REPORT: {noop - report:+.1f} ms (target ≤ +40 ms)")
if report and change:
    print(f"  one change each way - curl's REPORT: {change - report:+.1f} ms (target ≤ +80 ms)")
for command in ["add", "done", "list"]:
    before, after = get("cli", f"before: {command}"), get("cli", f"after: {command}")
    if before and after:
        print(f"  {command}: after / before {after / before:.2f}x")
EOF
