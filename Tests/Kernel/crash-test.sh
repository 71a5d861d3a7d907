#!/usr/bin/env bash
# make crash-test: power cuts and a full card, against the real kernel. Boots the kernel rig
# (Tests/Kernel/rig.sh: Debian's kernel under QEMU, the ADXL345 on i2c-stub-rdwr, the shutter on
# gpio-sim, the rpicam stand-in) with crash-guest.sh as /init. The guest cuts the power of
# `upright run` (SIGKILL to it and its camera programs at once) at CRASH_CUTS random moments of
# photos and clips, restarts it in the same directory each time and sends each restart's state
# here, where crash-check.py checks it with djpeg, exiftool and ffprobe; then it fills a tiny
# tmpfs under a running upright and empties it again. Prints one PASS/FAIL line per check (one
# per restart), then `N passed, N failed`, and exits 1 if any check failed.
#
# Environment: CRASH_CUTS (default 200), CRASH_SEED (the guest's random moments; default a new
# one, printed, so a failure can be repeated), CRASH_TEST_TIMEOUT (seconds for the guest,
# default 600 + 20 per cut), KERNEL_RIG, SWIFT, UPRIGHT_BINARY (as for make kernel-test).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/Tests/Kernel
R=${KERNEL_RIG:-$ROOT/.kernel-rig}
CUTS=${CRASH_CUTS:-200}
SEED=${CRASH_SEED:-$(( $(date +%s) % 30000 + 1 ))}
case "$CUTS$SEED" in
    *[!0-9]*|'') echo "crash-test: CRASH_CUTS='$CUTS' and CRASH_SEED='$SEED' must be whole numbers" >&2; exit 2 ;;
esac
[ "$CUTS" -ge 1 ] || { echo "crash-test: CRASH_CUTS must be at least 1" >&2; exit 2; }
TIMEOUT=${CRASH_TEST_TIMEOUT:-$(( 600 + 20 * CUTS ))}
SWIFT=${SWIFT:-swift}
RIG=crash-test
RESULTS=$R/crash-results.txt
RIG_INIT=$HERE/crash-guest.sh
RIG_INITRAMFS=$R/crash-initramfs.cpio.gz
RIG_EXTRA_PACKAGES="python3 libjpeg-turbo-progs libimage-exiftool-perl ffmpeg"
. "$HERE/rig.sh"

say "booting $KV: $CUTS cuts, seed $SEED (CRASH_SEED=$SEED repeats it), timeout ${TIMEOUT}s"
LOG=$R/crash-boot.log
rig_boot "$LOG" "$TIMEOUT" 768 "ct.cuts=$CUTS ct.seed=$SEED" "ran $CUTS cuts and the full card"
rm -rf "$R/crash-files"
python3 "$HERE/crash-check.py" "$LOG" "$R/crash-files" "$RESULTS" "$UP" ||
    host_fail "crash-check.py read the guest's states" "it exited $?"
grep -v '^PASS  state ' "$RESULTS" || true
states=$(grep -c '^PASS  state ' "$RESULTS" || true)
[ "$states" -gt 0 ] && echo "PASS  ... $states states after a restart passed (the lines are in $RESULTS)"
passed=$(grep -c '^PASS' "$RESULTS" || true)
failed=$(grep -c '^FAIL' "$RESULTS" || true)
echo "$passed passed, $failed failed ($(( $(date +%s) - START ))s; $CUTS cuts, CRASH_SEED=$SEED)"
[ "$failed" = 0 ]
