#!/bin/sh
# The crash test's guest: /init of the initramfs that Tests/Kernel/crash-test.sh boots under
# QEMU (the kernel rig, Tests/Kernel/rig.sh: the real kernel, the ADXL345 on i2c-stub-rdwr, the
# shutter on gpio-sim, the rpicam stand-in as the camera).
#
# Power cuts. `upright run` (board.json with its output in /tmp/ct) runs in a cgroup of its
# own, and a cut is `cgroup.kill`: SIGKILL to upright and every camera program it started, at
# the same instant, as a power cut stops them (systemd stops a unit's whole cgroup the same
# way). The page cache survives a kill: this tests the firmware's sequence (what a cut at each
# moment leaves), not the card's durability, which rests on fsync before each report. Each of ct.cuts= rounds (kernel command line; 200 by default):
#   1. start upright again in the same directory; one round in eight cuts this start itself at
#      a random moment of its first 3 s (the start-up reconciliation, the camera's start) and
#      starts it once more;
#   2. once it runs (its first orientation is out: reconciliation is done before the first
#      sample), send the state a restart left to the host: the output directory (KT-LS lines
#      that changed, new files as KT-FILE blocks) and the journal's new bytes (KT-JOURNAL);
#   3. drive the shutter and the pose through photos, a turned photo, a clip, its stop and a
#      photo (each step waits, bounded, for the record of the one before), and cut the power
#      at a random moment of those 12 s.
# After the last round a final restart's state goes to the host, and SIGTERM must end upright
# with exit 0. The host (Tests/Kernel/crash-check.py) decodes and checks every state. The
# random moments come from busybox ash's $RANDOM seeded with ct.seed= (printed), so a failing
# run can be repeated.
#
# A full card. Then upright runs with its output on a 2 MiB tmpfs:
#   - reserve_mb 1, and the card filled by another file to about 12 KB above the reserve:
#     photos fill it to the reserve, the next press is rejected `storage full` after a `fault`
#     `storage` the journal still takes; the other file removed, the fault is `recovered` and
#     a press is a photo again;
#   - reserve_mb 0, and room for the camera's file but not for the photo Upright writes from
#     it: its write fails with ENOSPC, `capture-failed` `storage` on the event stream, no photo
#     and no half-written file; then the card full to the last byte: a press is rejected
#     `storage full` or fails `storage`; the journal never has a torn line; emptied, a press is
#     a photo again.
#
# Output (the host counts the KT-RESULT lines and reads the KT-CUT blocks):
#     KT-CUT N cut=MS start-cut=MS|-          a state after restart N (the previous round's cut
#                                             at MS ms into its inputs; a start-up cut, if any)
#     KT-LS + MD5 NAME | KT-LS - - NAME       a file new or changed since the last state, gone
#     KT-FILE NAME / KT-B64 ...               a new or changed file's bytes
#     KT-JOURNAL FROM SIZE / KT-B64 ...       the journal's bytes from FROM (0: all) to SIZE
#     KT-CUT-END N
#     KT-RESULT PASS name | KT-RESULT FAIL name :: why
#     KT-DONE

. /opt/kt/guest-devices.sh

CUTS=$(sed -n 's/.*ct\.cuts=\([0-9]*\).*/\1/p' /proc/cmdline)
CUTS=${CUTS:-200}
SEED=$(sed -n 's/.*ct\.seed=\([0-9]*\).*/\1/p' /proc/cmdline)
SEED=${SEED:-1}
RANDOM=$SEED
info "crash test: $CUTS cuts, seed $SEED"

D=/tmp/ct
mkdir -p $D/out
J=$D/journal.ndjson
E=$D/events.ndjson
sed -e "s#/tmp/kt/out#$D/out#" -e "s#/tmp/kt/journal.ndjson#$J#" /opt/kt/board.json >$D/board.json
export CAMERA_STAND_IN_LOCK=$D/camera.lock CAMERA_STAND_IN_LOG=$D/camera.log

mkdir -p /sys/fs/cgroup && mount -t cgroup2 none /sys/fs/cgroup
CG=/sys/fs/cgroup/upright
mkdir -p $CG
if [ -w $CG/cgroup.kill ]; then
    pass "cgroup v2 with cgroup.kill (a cut stops upright and its camera programs at once)"
else
    fail "cgroup v2 with cgroup.kill (a cut stops upright and its camera programs at once)" "no $CG/cgroup.kill"
fi

# The chip keeps measuring for the whole test: rounds of at least 0.1 s, bounded by the host's
# default timeout for these cuts (600 s + 20 s a cut), which the guest never outlives.
start_jitter $(( (600 + 20 * CUTS) * 10 ))

alive() { grep -qx "$RUN" $CG/cgroup.procs 2>/dev/null; }
start_run() { # start_run: upright run in the cgroup, its events in $E; RUN is its pid
    : >$E
    sh -c 'echo $$ >'$CG'/cgroup.procs && exec "$0" run --board '$D'/board.json --json' $UPRIGHT >$E 2>>$D/run.err &
    RUN=$!
    n=0   # until it is in the cgroup (bounded: 5 s), so that alive says what it should
    while [ $n -lt 50 ] && ! alive; do sleep 0.1; n=$((n + 1)); done
}
cut_power() { # cut_power: SIGKILL to the whole cgroup; waits (bounded, 20 s) until it is empty
    echo 1 > $CG/cgroup.kill
    n=0
    while grep -q . $CG/cgroup.procs 2>/dev/null && [ $n -lt 200 ]; do sleep 0.1; n=$((n + 1)); done
    wait $RUN 2>/dev/null
}
running() { # running: bounded (30 s) wait for the first orientation; false if it never came
    n=0
    while [ $n -lt 300 ] && alive && ! grep -q '"event":"orientation"' $E 2>/dev/null; do
        sleep 0.1; n=$((n + 1))
    done
    alive && grep -q '"event":"orientation"' $E 2>/dev/null
}
seconds() { echo "$(($1 / 1000)).$(printf %03d $(($1 % 1000)))"; }   # seconds MS

left_up() { pose 0x00 0xff 0x20 0x00 0xc0 0xff; }
normal() { pose 0x00 0x00 0x00 0x01 0xc0 0xff; }
waitev() { # waitev PATTERN COUNT: at most 20 s, less when the power is cut
    n=0
    while [ $n -lt 200 ] && alive && [ "$(grep -c "$1" $E 2>/dev/null)" -lt $2 ]; do sleep 0.1; n=$((n + 1)); done
}
inputs() { # the round's presses and poses; each step only while upright runs
    alive && click;                                    waitev '"event":"capture"' 1
    alive && normal;                                   waitev '"event":"orientation","orientation":"normal"' 1
    alive && click;                                    waitev '"event":"capture"' 2
    alive && left_up;                                  waitev '"event":"orientation","orientation":"left-up"' 2
    alive && { echo pull-down > $PULL; sleep 2; echo pull-up > $PULL; }
    waitev '"event":"record-start"' 1
    alive && sleep 1
    alive && click;                                    waitev '"event":"record-stop"' 1
    alive && click;                                    waitev '"event":"capture"' 3
}

# snapshot N TEXT: the state the last restart left, to the host (changes since the last one)
: >$D/listed
: >$D/journal.sent
snapshot() {
    echo "KT-CUT $1 $2"
    (cd $D/out && md5sum -- * .[!.]* 2>/dev/null) | sort -k2 >$D/listing
    awk 'FILENAME == ARGV[1] { old[$2] = $1; next }
         { seen[$2] = 1; if (old[$2] != $1) print "+", $1, $2 }
         END { for (name in old) if (!(name in seen)) print "-", "-", name }' $D/listed $D/listing |
    while read -r change sum name; do
        echo "KT-LS $change $sum $name"
        [ "$change" = + ] || continue
        echo "KT-FILE $name"
        base64 "$D/out/$name" | sed 's/^/KT-B64 /'
    done
    mv $D/listing $D/listed
    size=$(stat -c %s $J 2>/dev/null || echo 0)
    sent=$(stat -c %s $D/journal.sent)
    if [ "$sent" -le "$size" ] && head -c "$sent" $J | cmp -s - $D/journal.sent; then from=$sent; else from=0; fi
    echo "KT-JOURNAL $from $size"
    tail -c +$((from + 1)) $J 2>/dev/null | head -c $((size - from)) | base64 | sed 's/^/KT-B64 /'
    head -c "$size" $J >$D/journal.sent 2>/dev/null
    echo "KT-CUT-END $1"
}

echo pull-up > $PULL
left_up
round=0
cut=-
failed_starts=0
while [ $round -lt $CUTS ]; do
    round=$((round + 1))
    echo pull-up > $PULL
    left_up
    start_run
    startcut=-
    if [ $((RANDOM % 8)) -eq 0 ]; then
        startcut=$((RANDOM % 3000))
        sleep $(seconds $startcut)
        cut_power
        start_run
    fi
    if ! running; then
        failed_starts=$((failed_starts + 1))
        fail "restart $round runs (first orientation within 30 s)" \
            "pid $RUN, cgroup: $(cat $CG/cgroup.procs | oneline), events: $(head -c 200 $E | oneline), stderr: $(tail -c 300 $D/run.err | oneline)"
        cut_power
        continue
    fi
    snapshot $round "cut=$cut start-cut=$startcut"
    cut=$((RANDOM % 12000))
    ( sleep $(seconds $cut); echo 1 > $CG/cgroup.kill ) &
    KILLER=$!
    inputs
    wait $KILLER
    cut_power
done
expect "every restart ran (first orientation within 30 s)" 0 "$failed_starts"

# The last cut's restart, then a clean stop.
echo pull-up > $PULL
start_run
if running; then
    snapshot $((CUTS + 1)) "cut=$cut start-cut=-"
    kill -TERM $RUN
    n=0
    while [ $n -lt 100 ] && alive; do sleep 0.1; n=$((n + 1)); done
    alive && cut_power
    wait $RUN; RC=$?
    expect "after the last cut: upright runs, and exits 0 on SIGTERM" 0 "$RC"
else
    fail "after the last cut: upright runs, and exits 0 on SIGTERM" \
        "pid $RUN, cgroup: $(cat $CG/cgroup.procs | oneline), jitter $(kill -0 $JITTER 2>/dev/null && echo running || echo ended), events: $(head -c 300 $E | oneline), journal: $(tail -c 300 $J | oneline), stderr: $(tail -c 200 $D/run.err | oneline)"
    cut_power
fi
expect "camera: never two owners across the cuts (the stand-in's lock)" 0 "$(cat $CAMERA_STAND_IN_LOCK.violations 2>/dev/null | wc -l)"
sed 's/^/KT-INFO run stderr | /' $D/run.err | sort | uniq -c | sort -rn | head -15 | sed 's/^ *//'

# ------------------------------------------------------------------ a full card
T=/tmp/tiny
mkdir -p $T
mount -t tmpfs -o size=2m tmpfs $T
mkdir -p $T/out
tiny_board() { # tiny_board RESERVE-MB: the board with its output and journal on the tmpfs
    sed -e "s#/tmp/kt/out#$T/out#" -e "s#/tmp/kt/journal.ndjson#$T/journal.ndjson#" \
        -e "s#\"output\": {#\"output\": { \"reserve_mb\": $1,#" /opt/kt/board.json >$D/tiny-board.json
}
tiny_start() {
    : >$E
    $UPRIGHT run --board $D/tiny-board.json --json >$E 2>>$D/tiny.err &
    RUN=$!
    n=0
    while [ $n -lt 300 ] && kill -0 $RUN 2>/dev/null && ! grep -q '"event":"orientation"' $E; do sleep 0.1; n=$((n + 1)); done
}
tiny_stop() {
    kill -TERM $RUN 2>/dev/null
    n=0
    while [ $n -lt 100 ] && [ "$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' /proc/$RUN/stat 2>/dev/null)" != Z ] &&
          kill -0 $RUN 2>/dev/null; do sleep 0.1; n=$((n + 1)); done
    kill -KILL $RUN 2>/dev/null
    wait $RUN
}
tiny_waitev() { # tiny_waitev PATTERN COUNT: at most 20 s
    n=0
    while [ $n -lt 200 ] && [ "$(grep -c "$1" $E 2>/dev/null)" -lt $2 ]; do sleep 0.1; n=$((n + 1)); done
}
free_kb() { df -k $T | awk 'NR == 2 { print $4 }'; }
count() { n=$(grep -c "$1" "$2" 2>/dev/null); echo ${n:-0}; }
well_formed() { # well_formed FILE: every line a JSON object `{"t":...,"event":"..."...}` ending in }
    [ ! -s "$1" ] && return 0
    [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || return 1
    ! grep -qv '^{"t":[0-9.]*,"event":"[a-z-]*".*}$' "$1"
}
leftovers() { ls -A $T/out | grep -c '^\.' ; }

# The photos fill the card to the reserve.
tiny_board 1
tiny_start
dd if=/dev/zero of=$T/filler bs=1k count=$(( $(free_kb) - 1024 - 12 )) 2>/dev/null
info "full card: $(free_kb) KB free after the filler, reserve 1024 KB"
presses=0
while [ $presses -lt 12 ] && [ "$(count '"reason":"storage full"' $E)" -eq 0 ]; do
    presses=$((presses + 1))
    click
    tiny_waitev '"event":"\(capture\|shutter-rejected\|capture-failed\)"' $presses
done
photos=$(count '"event":"capture"' $T/journal.ndjson)
info "full card: $presses presses, $photos photos, $(free_kb) KB free"
expect "full card: photos until the reserve, then a press is rejected storage full (journaled, after a storage fault)" \
    "1 1 yes" "$(count '"event":"fault","kind":"storage"' $T/journal.ndjson) $(count '"reason":"storage full"' $T/journal.ndjson) $([ "$photos" -ge 1 ] && echo yes)"
rm -f $T/filler
tiny_waitev '"event":"recovered","kind":"storage"' 1
click
tiny_waitev '"event":"capture"' $((photos + 1))
expect "full card emptied: the storage fault is recovered and a press is a photo again" "1 $((photos + 1))" \
    "$(count '"event":"recovered","kind":"storage"' $T/journal.ndjson) $(count '"event":"capture"' $T/journal.ndjson)"
tiny_stop
expect "full card: upright exits 0 on SIGTERM" 0 "$?"

# No reserve, and room for the camera's file but not for the photo: Upright's own write (the
# photo with its EXIF, before the rename) fails with ENOSPC.
tiny_board 0
tiny_start
dd if=/dev/zero of=$T/filler bs=1k count=$(( $(free_kb) - 4 )) 2>/dev/null
info "room for one page: $(free_kb) KB free"
before=$(count '"event":"capture"' $T/journal.ndjson)
click
tiny_waitev '"event":"capture-failed"' 1
FAILED=$(grep '"event":"capture-failed"' $E | head -1)
case "$FAILED" in
    *'"reason":"storage"'*) pass "no room for the photo: it fails with reason storage (event stream)" ;;
    *) fail "no room for the photo: it fails with reason storage (event stream)" "events: $(grep -v orientation $E | tail -5 | oneline)" ;;
esac
expect "no room for the photo: no new photo and no half-written file" "$before 0" \
    "$(ls $T/out | grep -c '^IMG_') $(leftovers)"
# Then full to the last byte: a press gets no photo, and says why.
dd if=/dev/zero of=$T/filler2 bs=1k 2>/dev/null
info "card filled to the last byte: $(free_kb) KB free"
sleep 1.5
click
tiny_waitev '"event":"\(capture-failed\|shutter-rejected\)"' 2
LAST=$(grep -E '"event":"(capture|capture-failed|shutter-rejected)"' $E | tail -1)
case "$LAST" in
    *'"reason":"storage full"'*|*'"reason":"storage"'*) pass "card full to the last byte: a press is rejected storage full or fails storage (event stream)" ;;
    *) fail "card full to the last byte: a press is rejected storage full or fails storage (event stream)" "events: $(grep -v orientation $E | tail -5 | oneline)" ;;
esac
if well_formed $T/journal.ndjson; then
    pass "full card: no torn or malformed journal line"
else
    fail "full card: no torn or malformed journal line" "$(tail -c 300 $T/journal.ndjson | oneline)"
fi
rm -f $T/filler $T/filler2
sleep 1.5
click
tiny_waitev '"event":"capture"' 1
expect "card emptied again: a press is a photo again, journaled" "$((before + 1)) yes" \
    "$(count '"event":"capture"' $T/journal.ndjson) $(well_formed $T/journal.ndjson && echo yes)"
tiny_stop
expect "no reserve: upright exits 0 on SIGTERM" 0 "$?"
MISSING=
for name in $(sed -n 's/.*"event":"capture".*"file":"\([^"]*\)".*/\1/p' $T/journal.ndjson); do
    [ -f "$T/out/$name" ] || MISSING="$MISSING $name"
done
expect "full card: every photo the journal names is on the card" "" "$MISSING"
sed 's/^/KT-INFO full card journal | /' $T/journal.ndjson | grep -v '"event":"capture"' | head -20
sed 's/^/KT-INFO full card stderr | /' $D/tiny.err | sort | uniq -c | sort -rn | head -10 | sed 's/^ *//'

kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
info "done at uptime $(cut -d' ' -f1 /proc/uptime)s"
echo KT-DONE
poweroff -f
