#!/usr/bin/env bash
# Records the urgency that Taskwarrior gives a varied set of tasks: every factor of its formula
# alone and in combination, in four time zones, at one fixed instant (faketime freezes the clock
# that `task` reads), with the default coefficients and with a set of changed ones. Writes the
# table as JSON to $1, or to urgency.json beside this script (the fixture of UrgencyFixtureTests,
# which also runs this script afresh when `task` is installed, and always in CI).
#
# Needs Taskwarrior 2.6 (`task`), faketime and jq: Debian's taskwarrior, faketime and jq.
# Exits 69 when one is missing. Touches nothing outside a temporary folder (and the output).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
output=${1:-$here/urgency.json}

# The instant every task command runs at: 2026-03-15T17:30:00Z (13:30 in New York, a week
# after the switch to summer time there, so that due dates on both sides of it are recorded;
# 23:00 in Kolkata, so that "today" is almost over; in Havana, whose clocks skipped midnight a
# week before, going from 00:00 to 01:00 on 2026-03-08).
now=1773595800
zones=(UTC America/New_York Asia/Kolkata America/Havana)
# The changed coefficients, one of each kind Taskwarrior 2.6 knows for the attributes we share.
custom=(
    urgency.due.coefficient=10 urgency.blocking.coefficient=3 urgency.blocked.coefficient=-2
    urgency.scheduled.coefficient=1.5 urgency.active.coefficient=6 urgency.age.coefficient=1
    urgency.age.max=100 urgency.annotations.coefficient=0.7 urgency.tags.coefficient=0.5
    urgency.project.coefficient=0.3 urgency.waiting.coefficient=-1
    urgency.uda.priority.H.coefficient=2 urgency.uda.priority.M.coefficient=1.1
    urgency.uda.priority.L.coefficient=-0.4
    urgency.user.tag.next.coefficient=0 urgency.user.tag.a.coefficient=4.5
    urgency.user.project.home.coefficient=2.5 urgency.user.keyword.call.coefficient=1.25
)

for tool in task faketime jq; do
    if ! command -v "$tool" >/dev/null; then
        echo "record.sh: $tool is not installed (Debian: apt-get install taskwarrior faketime jq)" >&2
        exit 69
    fi
done
version=$(task --version)
case $version in
2.6.*) ;;
*) echo "record.sh: warning: Taskwarrior $version, not 2.6.x: the table may differ" >&2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One time zone's tasks, recorded as {"timeZone": …, "rows": […]} into $work/run-N.json.
record_zone() {
    local zone=$1 out=$2
    local data
    data=$(mktemp -d "$work/data.XXXXXX")
    : >"$data/taskrc"
    local local_now today
    local_now=$(TZ=$zone date -d "@$now" '+%Y-%m-%d %H:%M:%S')
    today=$(TZ=$zone date -d "@$now" +%F)

    tw() {
        TZ=$zone TASKDATA=$data TASKRC=$data/taskrc faketime -f "$local_now" \
            task rc.confirmation=off rc.verbose=nothing rc.hooks=off rc.recurrence=off "$@"
    }
    # Adds a task; prints its uuid and keeps the order tasks were added in.
    add() {
        local uuid
        uuid=$(tw rc.verbose=new-uuid add "$@" | sed -n 's/^Created task \(.*\)\.$/\1/p')
        if [[ -z $uuid ]]; then
            echo "record.sh: task add $* failed" >&2
            exit 1
        fi
        echo "$uuid" >>"$data/order"
        echo "$uuid"
    }
    # The local day N days from today.
    day() { TZ=UTC date -d "$today $1 days" +%F; }
    # Words for N days from now (no digits after a minus, which task could read as a filter).
    words() {
        if (($1 < 0)); then echo "$((-$1)) days ago"; elif (($1 == 0)); then echo today; else echo "in $1 days"; fi
    }

    local pinned
    pinned=$(TZ=$zone faketime -f "$local_now" date +%s)
    if [[ $pinned != "$now" ]]; then
        echo "record.sh: faketime gave $pinned instead of $now in $zone" >&2
        exit 1
    fi

    local n d uuid blocker middle waiting
    add plain >/dev/null
    for n in -30 -14 -8 -7 -6 -3 -1 0 1 2 7 13 14 15 30 365; do add "due $(words "$n")" "due:$(day "$n")" >/dev/null; done
    for n in -10 -1 0 1 10; do add "scheduled $(words "$n")" "scheduled:$(day "$n")" >/dev/null; done
    for d in 0 1 30 182 364 365 366 400 1000; do
        add "created $d days and an hour ago" "entry:$((now - d * 86400 - 3600))" >/dev/null
    done
    add "created exactly 365 days ago" "entry:$((now - 365 * 86400))" >/dev/null
    add "created a second short of a day ago" "entry:$((now - 86399))" >/dev/null
    add "created two days ahead" "entry:$((now + 2 * 86400 + 3600))" >/dev/null
    uuid=$(add started)
    tw "$uuid" start >/dev/null
    for n in 1 2 3 4; do
        uuid=$(add "annotated $n times")
        for ((d = 1; d <= n; d++)); do tw "$uuid" annotate "note $d" >/dev/null; done
    done
    add "one tag" +a >/dev/null
    add "two tags" +a +b >/dev/null
    add "three tags" +a +b +c >/dev/null
    add "four tags" +a +b +c +d >/dev/null
    add "tagged next" +next >/dev/null
    add "tagged next and two more" +next +b +c >/dev/null
    add "tagged Next with a capital" +Next >/dev/null
    add "project home" project:home >/dev/null
    add "project home.garden" project:home.garden >/dev/null
    add "project homework" project:homework >/dev/null
    add "project work" project:work >/dev/null
    add "priority high" priority:H >/dev/null
    add "priority medium" priority:M >/dev/null
    add "priority low" priority:L >/dev/null
    add "waiting until in 3 days" "wait:$(day 3)" >/dev/null
    add "waited until 2 days ago" "wait:$(day -2)" >/dev/null
    add "waiting and due" "wait:$(day 2)" "due:$(day 5)" >/dev/null
    blocker=$(add "blocker")
    add "blocked" "depends:$blocker" >/dev/null
    uuid=$(add "chain end")
    middle=$(add "chain middle" "depends:$uuid")
    add "chain start" "depends:$middle" >/dev/null
    waiting=$(add "waiting blocker" "wait:$(day 4)")
    add "blocked by a waiting task" "depends:$waiting" >/dev/null
    uuid=$(add "done blocker")
    add "depends on a done task" "depends:$uuid" >/dev/null
    tw "$uuid" done >/dev/null
    blocker=$(add "pending blocker of a done task")
    uuid=$(add "done with a pending dependency" "depends:$blocker")
    tw "$uuid" done >/dev/null
    uuid=$(add "done with due tags priority project" "due:$(day -3)" +a +next priority:H project:home)
    tw "$uuid" done >/dev/null
    uuid=$(add "done after starting" "due:$(day 1)")
    tw "$uuid" start >/dev/null
    tw "$uuid" done >/dev/null
    uuid=$(add "done and old" "entry:$((now - 400 * 86400))" "due:$(day 10)" "scheduled:$(day -20)")
    tw "$uuid" done >/dev/null
    uuid=$(add "done while waiting" "wait:$(day 5)")
    tw "$uuid" done >/dev/null
    # Days whose midnight some zone skips: 2026-03-08 in Havana, 2026-03-29 in Beirut (and
    # Europe's change to summer time), 2026-09-06 in Santiago.
    add "due on 2026-03-08" due:2026-03-08 >/dev/null
    add "scheduled on 2026-03-08" scheduled:2026-03-08 >/dev/null
    add "due on 2026-03-29" due:2026-03-29 >/dev/null
    add "due on 2026-09-06" due:2026-09-06 scheduled:2026-09-06 >/dev/null
    add "call the bank" >/dev/null
    add "recall nothing" >/dev/null
    uuid=$(add "everything at once" "due:$(day -2)" "scheduled:$(day -4)" +next +a +b project:home priority:H \
        "entry:$((now - 200 * 86400))")
    tw "$uuid" start >/dev/null
    for d in 1 2 3; do tw "$uuid" annotate "note $d" >/dev/null; done
    add "blocked by everything" "depends:$uuid" +a >/dev/null
    uuid=$(add "later work" "due:$(day 20)" "scheduled:$(day 5)" priority:M +a project:work "entry:$((now - 30 * 86400))")
    tw "$uuid" annotate "one note" >/dev/null
    add "waiting next low" "wait:$(day 7)" "due:$(day 10)" priority:L +next >/dev/null
    uuid=$(add "call about the garden" project:home.garden +a +b "due:$(day 4)" "entry:$((now - 500 * 86400))")
    tw "$uuid" start >/dev/null
    add "overdue low with note" "due:$(day -9)" priority:L +c "scheduled:$(day -12)" >/dev/null

    # The times as seconds since 1970, converted in UTC: jq 1.6's strptime and mktime are an
    # hour off in a zone's summer time.
    tw export | TZ=UTC jq 'map(
        (.entry, .due, .scheduled) |= (if . == null then null else strptime("%Y%m%dT%H%M%SZ") | mktime end))' \
        >"$data/export.json"
    local refs=() default changed rc=()
    mapfile -t refs < <(jq -r '.[] | .uuid + ".urgency"' "$data/export.json")
    default=$(tw _get "${refs[@]}")
    for d in "${custom[@]}"; do rc+=("rc.$d"); done
    changed=$(tw "${rc[@]}" _get "${refs[@]}")
    tw +BLOCKED export | jq 'map(.uuid)' >"$data/blocked.json"
    tw +BLOCKING export | jq 'map(.uuid)' >"$data/blocking.json"
    tw +WAITING export | jq 'map(.uuid)' >"$data/waiting.json"
    jq -R . "$data/order" | jq -s . >"$data/order.json"

    TZ=$zone jq --arg zone "$zone" --arg default "$default" --arg changed "$changed" \
        --slurpfile blocked "$data/blocked.json" --slurpfile blocking "$data/blocking.json" \
        --slurpfile waiting "$data/waiting.json" --slurpfile order "$data/order.json" '
        def day: if . == null then null else localtime | strftime("%Y-%m-%d") end;
        ($default | split(" ") | map(tonumber)) as $u
        | ($changed | split(" ") | map(tonumber)) as $c
        | {
            timeZone: $zone,
            rows: [
                to_entries[] | .key as $i | .value
                | .due as $due | .scheduled as $scheduled
                | {
                    title: .description,
                    isDone: (.status == "completed"),
                    entry: .entry,
                    due: ($due | day), dueAt: $due,
                    scheduled: ($scheduled | day), scheduledAt: $scheduled,
                    isActive: (.start != null),
                    annotations: ((.annotations // []) | length),
                    tags: (.tags // []),
                    project: .project,
                    priority: .priority,
                    isWaiting: (.uuid as $x | $waiting[0] | index([$x]) != null),
                    isBlocked: (.uuid as $x | $blocked[0] | index([$x]) != null),
                    isBlocking: (.uuid as $x | $blocking[0] | index([$x]) != null),
                    urgency: $u[$i],
                    changedUrgency: $c[$i],
                    order: (.uuid as $x | $order[0] | index([$x]))
                }
            ] | sort_by(.order) | map(del(.order))
        }' "$data/export.json" >"$out"
}

runs=()
for zone in "${zones[@]}"; do
    record_zone "$zone" "$work/run-${#runs[@]}.json"
    runs+=("$work/run-${#runs[@]}.json")
done

printf '%s\n' "${custom[@]}" | jq -R 'split("=") | {(.[0]): (.[1] | tonumber)}' | jq -s 'add' >"$work/custom.json"
# One row a line, so that a change to the table shows as the rows that changed.
jq -s -r --arg version "$version" --argjson now "$now" --slurpfile custom "$work/custom.json" '
    "{\"recordedBy\": \"Tests/TodoCoreTests/Urgency/Fixtures/record.sh\",\n"
    + "\"taskwarrior\": \($version | tojson),\n"
    + "\"now\": \($now),\n"
    + "\"changedCoefficients\": \($custom[0] | tojson),\n"
    + "\"runs\": [\n"
    + (map("{\"timeZone\": \(.timeZone | tojson), \"rows\": [\n" + (.rows | map(tojson) | join(",\n")) + "\n]}")
        | join(",\n"))
    + "\n]}"' "${runs[@]}" >"$work/urgency.json"
jq empty "$work/urgency.json"
mv "$work/urgency.json" "$output"
