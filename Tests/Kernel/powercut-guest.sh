#!/bin/sh
# The power-cut test's guest: /init of the initramfs that Tests/Kernel/powercut-test.sh boots
# under QEMU (the kernel rig, Tests/Kernel/rig.sh), once per phase and file system
# (pc.phase=, pc.fs= on the kernel command line). The card is a virtio disk (/dev/vda), its
# file system made on the host; board.json's output directory and journal are on it.
#
# Phase `record` (a second disk, /dev/vdb, takes the log): the card is mounted through
# device-mapper's log-writes target, which copies to /dev/vdb every write the card completed and
# every flush and FUA, in order. After the mark `start`, `upright run` takes pc.rounds= rounds of
# photos, a turned photo, a clip and a photo (as the crash test's rounds), then SIGTERM, the
# mark `end`, and the card is unmounted. The host then replays the log to every flush point
# (Tests/Kernel/powercut-replay.py): the card as a power cut at that moment leaves it.
#
# Phase `check` (/dev/vda is then the host's bundle: pc.images= cards of pc.sectors= sectors,
# each the card at one cut, fsck'd): each card in turn is mounted (dm-linear over its part of
# the disk), its journal as the cut left it is sent to the host (KT-RAW), `upright run` is
# started on it and once it runs (its first orientation: start-up reconciliation is done) the
# output directory and journal are sent (KT-CUT, as the crash test's guest sends them), then
# SIGTERM must end it with exit 0. The host (Tests/Kernel/powercut-check.py) checks them.
#
# Phase `slow` (the card through dm-delay, reads and writes and flushes each delayed by
# pc.delay= ms): a round of presses; each press's time is printed (KT-PRESS) for the host to
# compare with its journal line's arrival (KT-JOURNALED); the journal goes to the host.
#
# Output: KT-RESULT, KT-INFO, KT-DONE lines (rig.sh's rig_boot reads them), and the blocks above.

. /opt/kt/guest-devices.sh

arg() { sed -n "s/.*pc\.$1=\([0-9a-z]*\).*/\1/p" /proc/cmdline; }
PHASE=$(arg phase)
FS=$(arg fs)
ROUNDS=$(arg rounds); ROUNDS=${ROUNDS:-2}
IMAGES=$(arg images); IMAGES=${IMAGES:-0}
SECTORS=$(arg sectors); SECTORS=${SECTORS:-0}
DELAY=$(arg delay); DELAY=${DELAY:-0}
# pc.delay=loop: the card is a loop device over a copy of it in RAM (no disk under it at all);
# its bounds are the 0 ms card's.
DELAY_MS=$DELAY; CARD="$DELAY ms"
[ "$DELAY" = loop ] && DELAY_MS=0 && CARD="loop device"
info "power-cut test: phase $PHASE, $FS"

for m in virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_blk loop dm-mod \
         dm-log-writes dm-delay crc16 mbcache jbd2 crc32c_generic ext4 fat vfat nls_cp437 nls_ascii \
         nls_utf8 exfat; do
    insmod $M/$m.ko 2>/dev/null || info "insmod $m failed"
done
if [ "$PHASE" != orphan ]; then
    n=0; while [ $n -lt 50 ] && [ ! -b /dev/vda ]; do sleep 0.1; n=$((n + 1)); done
    expect "the card is a virtio disk (/dev/vda)" yes "$([ -b /dev/vda ] && echo yes)"
fi
DMSETUP="/usr/sbin/dmsetup --noudevsync"
dm_dev() { # dm_dev NAME: the device node of the mapped device NAME (no udev here)
    for d in /sys/block/dm-*; do
        [ "$(cat $d/dm/name 2>/dev/null)" = "$1" ] && { echo /dev/${d##*/}; return; }
    done
}

C=/mnt/card
D=/tmp/pc
mkdir -p $C $D
J=$C/journal.ndjson
E=$D/events.ndjson
sed -e "s#/tmp/kt/out#$C/out#" -e "s#/tmp/kt/journal.ndjson#$J#" /opt/kt/board.json >$D/board.json
export CAMERA_STAND_IN_LOCK=$D/camera.lock CAMERA_STAND_IN_LOG=$D/camera.log

start_jitter 30000 $D/jitter.log
alive() { kill -0 $RUN 2>/dev/null; }
TRACE=
start_run() {
    : >$E
    $TRACE $UPRIGHT run --board $D/board.json --json >$E 2>>$D/run.err &
    RUN=$!
}
running() { # bounded (30 s) wait for the first orientation
    n=0
    while [ $n -lt 300 ] && alive && ! grep -q '"event":"orientation"' $E 2>/dev/null; do sleep 0.1; n=$((n + 1)); done
    alive && grep -q '"event":"orientation"' $E 2>/dev/null
}
stop_run() { # SIGTERM, bounded (10 s, and 10 s more a second of delay: the queued journal
    # lines are written before exit), then SIGKILL; RC is the exit status
    # Under strace, RUN is strace (which ends with its tracee's status): the TERM goes to upright.
    target=$RUN
    [ -n "$TRACE" ] && target=$(cat /proc/$RUN/task/*/children 2>/dev/null | awk '{ print $1; exit }')
    kill -TERM ${target:-$RUN} 2>/dev/null
    n=0
    while [ $n -lt $((100 + DELAY_MS / 10)) ] && [ "$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' /proc/$RUN/stat 2>/dev/null)" != Z ] &&
          alive; do sleep 0.1; n=$((n + 1)); done
    kill -KILL $RUN 2>/dev/null
    wait $RUN; RC=$?
}
left_up() { pose 0x00 0xff 0x20 0x00 0xc0 0xff; }
normal() { pose 0x00 0x00 0x00 0x01 0xc0 0xff; }
# A step's bound: 20 s, and 30 s more for each second of delay (a photo on a slow card is about a
# dozen delayed writes and flushes: the file, its directory, the journal line).
WAIT_STEPS=$((200 + DELAY_MS * 3 / 10))
waitev() { # waitev PATTERN COUNT: at most WAIT_STEPS tenths of a second
    n=0
    while [ $n -lt $WAIT_STEPS ] && alive && [ "$(grep -c "$1" $E 2>/dev/null)" -lt $2 ]; do sleep 0.1; n=$((n + 1)); done
}
uptime_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }
journaled() { n=$(grep -c "$1" $J 2>/dev/null); echo ${n:-0}; }
shoot() { # shoot SHOTS: a press, then (bounded) until its photo is in the event stream; with
    # pc.delay (phase slow) the time from the press to its journal line too (KT-LATENCY)
    # A press follows the last release by 0.3 s: closer than the line's 30 ms debounce, the
    # kernel would merge the release and this press (the button never up), and a press that
    # stopped a clip and is still down does nothing on release.
    sleep 0.3
    t0=$(uptime_ms)
    click
    if [ "$PHASE" = slow ]; then
        n=0
        while [ $n -lt $((WAIT_STEPS * 2)) ] && alive && [ "$(journaled '"event":"capture"')" -lt $1 ]; do
            sleep 0.05; n=$((n + 1))
        done
        echo "KT-LATENCY $DELAY shot $1 press-to-journal $(( $(uptime_ms) - t0 )) ms"
    fi
    waitev '"event":"capture"' $1
}
# round K: the K-th round (from 1) of a photo, a turned photo, a clip and a photo. An odd
# round's clip is upright (rotation 0: its file is renamed as the video program wrote it), an
# even round's turned (rotation 90: its track matrix is rewritten first), so both of a clip's
# sequences are on the card from two rounds on.
round() {
    k=$1
    left_up;  waitev '"event":"orientation","orientation":"left-up"' $k
    shoot $((3 * k - 2))
    normal;   waitev '"event":"orientation","orientation":"normal"' $k
    shoot $((3 * k - 1))
    if [ $((k % 2)) = 0 ]; then left_up; waitev '"event":"orientation","orientation":"left-up"' $((k + 1)); fi
    echo pull-down > $PULL; sleep 2; echo pull-up > $PULL
    waitev '"event":"record-start"' $k
    sleep 1
    click;    waitev '"event":"record-stop"' $k
    shoot $((3 * k))
}
b64() { base64 "$1" | sed "s/^/$2 /"; }
run_rounds() { # run_rounds PHASE CARD: upright run, ROUNDS rounds, SIGTERM; each checked
    start_run
    if running; then
        pass "$1: upright run on $2"
        k=0
        while [ $k -lt $ROUNDS ]; do k=$((k + 1)); round $k; done
        stop_run
        expect "$1: $ROUNDS rounds: $((3 * ROUNDS)) photos and $ROUNDS clips journaled, exit 0 on SIGTERM" \
            "$((3 * ROUNDS)) $ROUNDS 0" \
            "$(grep -c '"event":"capture"' $J) $(grep -c '"event":"record-stop"' $J) $RC"
    else
        fail "$1: upright run on $2" "events: $(head -c 300 $E | oneline), stderr: $(tail -c 300 $D/run.err | oneline)"
        stop_run
    fi
}

echo pull-up > $PULL
left_up

case $PHASE in
record)
    SIZE=$(blockdev --getsz /dev/vda)
    $DMSETUP create lw --table "0 $SIZE log-writes /dev/vda /dev/vdb" 2>&1 | sed 's/^/KT-INFO dmsetup | /'
    DEV=$(dm_dev lw)
    expect "record: the card through dm-log-writes (/dev/vda logged to /dev/vdb)" yes "$([ -b "$DEV" ] && echo yes)"
    mount -t $FS $DEV $C 2>&1 | sed 's/^/KT-INFO mount | /'
    expect "record: $FS mounted" yes "$(grep -q " $C $FS " /proc/mounts && echo yes)"
    mkdir -p $C/out
    sync
    $DMSETUP message lw 0 mark start
    # The cost of durability: every fsync upright makes, with the file it flushes (strace -y;
    # the seccomp filter stops only at those calls). Its flushes are the flush points anyway.
    [ -x /usr/sbin/strace ] && TRACE="/usr/sbin/strace -f -qq -y --seccomp-bpf -e trace=fsync,fdatasync -o $D/strace.txt"
    run_rounds "record" "the $FS card"
    grep -v '"event":"orientation"' $E | sed 's/^/KT-INFO record events | /'
    if [ -n "$TRACE" ]; then
        f() { grep -c "$1" $D/strace.txt; }
        echo "KT-FSYNC $FS total $(grep -c 'sync(' $D/strace.txt) photo-file $(f '<'$C'/out/\.IMG_') \
clip-file $(f '<'$C'/out/\.upright-clip') clip-copy $(f '<'$C'/out/\.\.upright-clip') \
renamed $(f '<'$C'/out/\(IMG\|CLIP\)_') directory $(f '<'$C'/out>') journal $(f '<'$J'>') \
photos $(grep -c '"event":"capture"' $J) clips $(grep -c '"event":"record-stop"' $J) \
lines $(grep -c . $J)"
        grep 'sync(' $D/strace.txt | grep -v "<$C/out\|<$J>" | head -5 | sed 's/^/KT-INFO other fsync | /'
    fi
    echo "KT-RAW -1 $(stat -c %s $J 2>/dev/null || echo 0)"
    [ -f $J ] && b64 $J KT-RAWB64
    sync
    $DMSETUP message lw 0 mark end
    umount $C
    $DMSETUP remove lw
    sed 's/^/KT-INFO record journal | /' $J 2>/dev/null | grep -v '"event":"orientation"' | head -5
    ;;
check)
    failed=0
    i=0
    prev=
    while [ $i -lt $IMAGES ]; do
        $DMSETUP create cut$i --table "0 $SECTORS linear /dev/vda $((i * SECTORS))"
        DEV=$(dm_dev cut$i)
        if ! mount -t $FS $DEV $C 2>$D/mount.err; then
            fail "check: cut $i mounts" "$(cat $D/mount.err | oneline)"
            failed=$((failed + 1)); $DMSETUP remove cut$i; i=$((i + 1)); continue
        fi
        mkdir -p $C/out
        echo "KT-RAW $i $(stat -c %s $J 2>/dev/null || echo 0)"
        [ -f $J ] && b64 $J KT-RAWB64
        start_run
        if running; then
            echo "KT-CUT $i cut=$i"
            (cd $C/out && md5sum -- * .[!.]* 2>/dev/null) | sort -k2 | while read -r sum name; do
                echo "KT-LS + $sum $name"
                echo "KT-FILE $name"
                b64 "$C/out/$name" KT-B64
            done
            echo "KT-JOURNAL 0 $(stat -c %s $J)"
            b64 $J KT-B64
            echo "KT-CUT-END $i"
            stop_run
            [ "$RC" = 0 ] || { fail "check: cut $i: upright exits 0 on SIGTERM" "exit $RC"; failed=$((failed + 1)); }
        else
            fail "check: cut $i: upright runs on the card" "events: $(head -c 200 $E | oneline), stderr: $(tail -c 300 $D/run.err | oneline)"
            failed=$((failed + 1))
            stop_run
        fi
        umount $C
        $DMSETUP remove cut$i
        i=$((i + 1))
    done
    expect "check: upright ran on each of the $IMAGES cut cards and exited 0 on SIGTERM" 0 "$failed"
    sed 's/^/KT-INFO check stderr | /' $D/run.err | sort | uniq -c | sort -rn | head -8 | sed 's/^ *//'
    ;;
slow)
    SIZE=$(blockdev --getsz /dev/vda)
    if [ "$DELAY" = loop ]; then
        # The host's card copied into RAM and mounted through a loop device: the firmware's own
        # cost of durability, with no disk's (nor QEMU's) under it.
        mkdir -p /tmp/ram && mount -t tmpfs -o size=$((SIZE / 2048 + 8))m tmpfs /tmp/ram
        dd if=/dev/vda of=/tmp/ram/card.img bs=1M 2>/dev/null
        n=0; while [ $n -lt 50 ] && [ ! -b /dev/loop0 ]; do sleep 0.1; n=$((n + 1)); done
        losetup /dev/loop0 /tmp/ram/card.img
        DEV=/dev/loop0
        expect "slow: the card through a loop device over RAM" yes "$(losetup /dev/loop0 >/dev/null 2>&1 && echo yes)"
    else
        # dm-delay: reads, writes and flushes each held DELAY ms (the table's read, write and
        # flush groups: Documentation/admin-guide/device-mapper/delay.rst).
        $DMSETUP create slow --table "0 $SIZE delay /dev/vda 0 $DELAY /dev/vda 0 $DELAY /dev/vda 0 $DELAY" 2>&1 |
            sed 's/^/KT-INFO dmsetup | /'
        DEV=$(dm_dev slow)
        if [ ! -b "$DEV" ]; then   # an older dm-delay has no flush group
            $DMSETUP create slow --table "0 $SIZE delay /dev/vda 0 $DELAY /dev/vda 0 $DELAY"
            DEV=$(dm_dev slow)
        fi
        expect "slow: the card through dm-delay, $DELAY ms" yes "$([ -b "$DEV" ] && echo yes)"
    fi
    mount -t $FS $DEV $C
    mkdir -p $C/out
    from=$(cut -d' ' -f1 /proc/uptime)
    run_rounds "slow ($CARD)" "the $CARD card"
    # The longest the emulated chip's data stood still meanwhile (i2c-stub's registers change
    # only at the jitter's toggles): past 64 samples' time, frozen data is the rig's, not the
    # chip driver's mistake (powercut-check.py).
    echo "KT-SLOW-JITTER $DELAY $(awk -v from="$from" '$1 >= from { if (prev != "" && ($1 - prev) * 1000 > most) most = ($1 - prev) * 1000; prev = $1 } END { printf "%d", most }' $D/jitter.log)"
    echo "KT-SLOW-JOURNAL $DELAY $ROUNDS"
    b64 $J KT-SLOWB64
    echo "KT-SLOW-EVENTS $DELAY"
    grep -v '"event":"orientation"' $E | base64 | sed 's/^/KT-SLOWEV /'
    umount $C
    if [ "$DELAY" = loop ]; then losetup -d /dev/loop0; else $DMSETUP remove slow; fi
    ;;
orphan)
    # `upright` alone dies (SIGKILL to it, not to its camera program): the still server it
    # started lives on, holding the camera. The next start must stop it (it is recorded in
    # journal.ndjson.camera with its start time) and take photos; a recorded pid that is now
    # another program must be left alone.
    live() { # live PID: running (a zombie, ended and not yet reaped by init, is not)
        state=$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' /proc/$1/stat 2>/dev/null)
        [ -n "$state" ] && [ "$state" != Z ]
    }
    mount -t tmpfs -o size=16m tmpfs $C
    mkdir -p $C/out
    start_run
    running && shoot 1
    OLD=$(cut -d' ' -f1 $J.camera 2>/dev/null)
    expect "orphan: the running still server is recorded beside the journal (pid, start time, program)" \
        "yes /opt/kt/camera/rpicam-still" \
        "$([ -n "$OLD" ] && live "$OLD" && echo yes) $(cut -d' ' -f3 $J.camera 2>/dev/null)"
    kill -KILL $RUN; wait $RUN 2>/dev/null
    sleep 1
    expect "orphan: upright killed alone, its still server lives on (the camera held)" yes \
        "$([ -n "$OLD" ] && live "$OLD" && echo yes)"
    : >$D/run.err
    start_run
    if running; then
        shoot 2
        expect "orphan: the next start stopped the leftover and took a photo, no camera fault" \
            "gone 2 0 1" \
            "$(live "$OLD" && echo alive || echo gone) $(grep -c '"event":"capture"' $J) $(grep -c '"kind":"camera-unavailable"' $J) $(grep -c "stopped /opt/kt/camera/rpicam-still (pid $OLD) left running by an earlier run" $D/run.err)"
    else
        fail "orphan: the next start stopped the leftover and took a photo, no camera fault" "stderr: $(tail -c 300 $D/run.err | oneline)"
    fi
    stop_run
    expect "orphan: after SIGTERM, exit 0 and no camera program left, the record removed" "0 no" \
        "$RC $([ -e $J.camera ] && echo yes || echo no)"
    # Another process under the recorded pid (and its true start time): left alone.
    sleep 60 &
    OTHER=$!
    echo "$OTHER $(sed 's/^.*) //' /proc/$OTHER/stat | cut -d' ' -f20) /opt/kt/camera/rpicam-still" >$J.camera
    : >$D/run.err
    start_run
    running && shoot 3
    expect "orphan: a recorded pid that is now another program is left alone, photos go on" "alive 3" \
        "$(live $OTHER && echo alive || echo gone) $(grep -c '"event":"capture"' $J)"
    stop_run
    kill $OTHER 2>/dev/null
    sed 's/^/KT-INFO orphan stderr | /' $D/run.err | grep camera | head -5
    umount $C
    ;;
*)
    fail "phase pc.phase=$PHASE is known" "record, check, slow or orphan"
    ;;
esac

kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
info "done at uptime $(cut -d' ' -f1 /proc/uptime)s"
echo KT-DONE
poweroff -f
