#!/usr/bin/env bash
# make powercut-test: real power cuts (the page cache lost) and a slow card, against the real
# kernel (the kernel rig, Tests/Kernel/rig.sh, with Tests/Kernel/powercut-guest.sh as /init).
#
# Why dm-log-writes and a replay to every flush point, not killing the VM at random moments nor
# dm-flakey: what a disk with a volatile cache is sure to hold changes only when a flush or a
# FUA write completes, so the states a power cut can leave are exactly the log replayed to each
# of those points; replaying to all of them tries every moment the card could have stopped at,
# where a killed VM (or drop_writes at a random moment) tries one moment a boot, at random.
#
# For each file system (ext4, as Raspberry Pi OS's root; vfat and exFAT, as a camera card):
#   1. the host makes the file system on a 64 MiB image (mkfs), the card;
#   2. phase `record`: the guest mounts it through dm-log-writes (the log on a second disk) and
#      runs photos and clips under `upright run`;
#   3. powercut-replay.py replays the log to every flush or FUA point between the guest's
#      marks (at most POWERCUT_CUTS of them, spread evenly when there are more; it says which),
#      fscks each image (ext4: the journal replayed, then no repair at all; vfat and exFAT:
#      the repairs are counted) and packs them into one disk;
#   4. phase `check`: the guest mounts each cut card, runs `upright run` on it, sends its state;
#      powercut-check.py checks each as the crash test does, and that what was durable stays.
# Then the slow card: phase `slow` on ext4 on a loop device over RAM (`loop`: the firmware's own
# cost, no disk under it), then through dm-delay at 0 ms, 300 ms and 2 s (every read,
# write and flush delayed): the press-to-journal latency printed, the records the same. Last,
# phase `orphan`: `upright` killed alone (its still server lives on), started again: it stops
# the leftover it recorded, and leaves a recorded pid that is now another program alone.
#
# Prints one PASS/FAIL line per check, then `N passed, N failed`; exits 1 if any check failed.
# Environment: POWERCUT_CUTS (100; cuts per file system), POWERCUT_FS ("ext4 vfat exfat"; empty:
# no power cuts, only the slow card and the orphan),
# POWERCUT_ROUNDS (rounds of photos and a clip recorded; by default enough for the cuts),
# POWERCUT_DELAYS_MS ("loop 0 300 2000"; `loop` a loop device over RAM; empty: no slow card),
# KERNEL_RIG, SWIFT, UPRIGHT_BINARY.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/Tests/Kernel
R=${KERNEL_RIG:-$ROOT/.kernel-rig}
CUTS=${POWERCUT_CUTS:-100}
FILESYSTEMS=${POWERCUT_FS-ext4 vfat exfat}
DELAYS=${POWERCUT_DELAYS_MS-loop 0 300 2000}
case "$CUTS" in *[!0-9]*|'') echo "powercut-test: POWERCUT_CUTS='$CUTS' must be a whole number" >&2; exit 2 ;; esac
[ "$CUTS" -ge 2 ] || { echo "powercut-test: POWERCUT_CUTS must be at least 2" >&2; exit 2; }
# A round (three photos and a clip) gives ext4 about 25 flush points, vfat and exFAT about 15:
# enough rounds that there are more points than cuts, so the cuts are spread over them all.
ROUNDS=${POWERCUT_ROUNDS:-$(( CUTS / 12 + 1 ))}
[ "$ROUNDS" -le 12 ] || ROUNDS=12
SWIFT=${SWIFT:-swift}
RIG=powercut-test
RESULTS=$R/powercut-results.txt
RIG_INIT=$HERE/powercut-guest.sh
RIG_INITRAMFS=$R/powercut-initramfs.cpio.gz
RIG_EXTRA_PACKAGES="python3 libjpeg-turbo-progs libimage-exiftool-perl ffmpeg e2fsprogs dosfstools exfatprogs dmsetup strace"
RIG_BLOCK_MODULES=1
RIG_EXTRA_BINARIES="/usr/sbin/dmsetup /usr/bin/strace"
. "$HERE/rig.sh"

W=$R/powercut
CARD_MB=64
cleanup() { rm -rf "$W"; }
# The host's own long steps (the replay, the checks: a minute or more each) run in the
# background and are waited for, as QEMU is (rig_boot), so a TERM stops them too: bash runs a
# trap only once the foreground command has ended.
HOST_CHILD=
host_child() {
    local status=0
    "$@" &
    HOST_CHILD=$!
    wait "$HOST_CHILD" || status=$?
    HOST_CHILD=
    return $status
}
trap 'rig_stop; [ -z "$HOST_CHILD" ] || kill "$HOST_CHILD" 2>/dev/null || true; cleanup; exit 143' TERM INT
rm -rf "$W" && mkdir -p "$W"

mkfs_card() { # mkfs_card FS IMAGE
    rm -f "$2" && truncate -s ${CARD_MB}M "$2"
    case $1 in
        ext4)  mkfs.ext4 -q -F -b 4096 -L UPRIGHT "$2" ;;
        vfat)  mkfs.fat -F 32 -n UPRIGHT "$2" >/dev/null ;;
        exfat) mkfs.exfat -L UPRIGHT "$2" >/dev/null ;;
    esac
}
disk() { echo "-drive file=$1,format=raw,if=virtio,cache=writeback"; }

summary=""
for fs in $FILESYSTEMS; do
    mkfs_card "$fs" "$W/$fs-base.img"
    cp --sparse=always "$W/$fs-base.img" "$W/$fs-card.img"
    truncate -s 512M "$W/$fs-log.img"
    say "$fs: recording $ROUNDS rounds through dm-log-writes"
    RIG_QEMU_ARGS="$(disk "$W/$fs-card.img") $(disk "$W/$fs-log.img")"
    rig_boot "$R/powercut-$fs-record.log" $(( 300 + 90 * ROUNDS )) 768 "pc.phase=record pc.fs=$fs pc.rounds=$ROUNDS" \
        "recorded $ROUNDS rounds on $fs through dm-log-writes"
    rm -f "$W/$fs-card.img"
    tr -d '\r' <"$R/powercut-$fs-record.log" | grep -a '^KT-FSYNC' | sed 's/^KT-FSYNC /powercut-test: fsyncs on /' >&2 || true
    host_child python3 "$HERE/powercut-replay.py" "$fs" "$W/$fs-base.img" "$W/$fs-log.img" "$W/$fs-cuts.img" "$CUTS" \
        "$RESULTS" "$R/powercut-$fs-manifest.txt" >"$W/$fs-replay.out" || {
        host_fail "powercut-replay.py replayed the $fs card's log" "it exited $? (see above)"
        continue
    }
    rm -f "$W/$fs-log.img"
    read -r _ images points repairs real <"$W/$fs-replay.out"
    say "$fs: $images cut cards of $points flush points, $repairs fsck repairs; checking each"
    RIG_QEMU_ARGS=$(disk "$W/$fs-cuts.img")
    rig_boot "$R/powercut-$fs-check.log" $(( 300 + 15 * images )) 768 \
        "pc.phase=check pc.fs=$fs pc.images=$images pc.sectors=$(( CARD_MB * 2048 ))" "checked $images cut $fs cards"
    rm -rf "$W/files"
    host_child python3 "$HERE/powercut-check.py" check "$fs" "$R/powercut-$fs-check.log" "$R/powercut-$fs-record.log" \
        "$W/files" "$RESULTS" || host_fail "powercut-check.py read the $fs cards" "it exited $?"
    rm -f "$W/$fs-cuts.img"
    summary="$summary $fs: $images cuts of $points flush points, $repairs repaired by fsck ($real beyond the dirty flag);"
done

slow_logs=()
for delay in $DELAYS; do
    mkfs_card ext4 "$W/slow.img"
    rounds=1
    ms=$delay; [ "$delay" = loop ] && ms=0
    say "slow card: $([ "$delay" = loop ] && echo "a loop device over RAM" || echo "$delay ms"), $rounds rounds"
    RIG_QEMU_ARGS=$(disk "$W/slow.img")
    rig_boot "$R/powercut-slow-$delay.log" $(( 300 + rounds * (100 + ms / 5) )) 768 \
        "pc.phase=slow pc.fs=ext4 pc.delay=$delay pc.rounds=$rounds" "ran $rounds rounds on a $delay ms card"
    slow_logs+=("$R/powercut-slow-$delay.log")
done
[ ${#slow_logs[@]} -gt 0 ] && UPRIGHT="$UP" python3 "$HERE/powercut-check.py" slow "$RESULTS" "${slow_logs[@]}"

# Orphaned camera programs: `upright` killed alone, its still server left holding the camera.
say "orphan: upright killed alone"
RIG_QEMU_ARGS=
rig_boot "$R/powercut-orphan.log" 400 768 "pc.phase=orphan" "killed upright alone and started it again"
cleanup

grep -v '^PASS  [a-z0-9]* cut ' "$RESULTS" || true
cards=$(grep -c '^PASS  [a-z0-9]* cut ' "$RESULTS" || true)
[ "$cards" -gt 0 ] && echo "PASS  ... $cards cut cards passed (the lines are in $RESULTS)"
echo "powercut-test:$summary"
passed=$(grep -c '^PASS' "$RESULTS" || true)
failed=$(grep -c '^FAIL' "$RESULTS" || true)
echo "$passed passed, $failed failed ($(( $(date +%s) - START ))s; POWERCUT_CUTS=$CUTS)"
[ "$failed" = 0 ]
