#!/usr/bin/env bash
# make kernel-test: Upright's Linux edges (LinuxI2CBus, GPIOLine, probe, run) against a real
# kernel. Boots Debian's own bookworm kernel under QEMU (TCG; KVM is not needed) from a small
# busybox initramfs holding a fully static `upright`, i2c-stub (SMBus only), an i2c-stub variant
# that also answers I2C_RDWR (i2c-stub-rdwr-xfer.c), and gpio-sim (Debian does not build it, so
# it is built here out of tree from the matching linux-source). The guest's checks are in
# guest-init.sh; this script prints one PASS/FAIL line per check, then `N passed, N failed`,
# and exits 1 if any check failed.
#
# Everything downloaded or built is cached under .kernel-rig/ (git-ignored), keyed by the
# kernel package version, so a rerun only rebuilds `upright` (incrementally) and the initramfs.
# Run as root on a fresh Debian bookworm machine it installs its Debian packages itself;
# otherwise it prints the apt-get line to run.
#
# Environment: KERNEL_RIG (cache dir, default .kernel-rig), KERNEL_TEST_TIMEOUT (seconds for
# the guest, default 300), SWIFT (default swift), UPRIGHT_BINARY (use this static binary
# instead of building one), KERNEL_TEST_ONLY (`probe` or `run`: that command's checks only,
# besides the device and harness checks, which always run).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/Tests/Kernel
R=${KERNEL_RIG:-$ROOT/.kernel-rig}
TIMEOUT=${KERNEL_TEST_TIMEOUT:-300}
ONLY=${KERNEL_TEST_ONLY:-}
case "$ONLY" in
    ''|probe|run|iio) ;;
    *) echo "kernel-test: KERNEL_TEST_ONLY='$ONLY' is not one of probe, run, iio (or empty for every check)" >&2; exit 2 ;;
esac
SWIFT=${SWIFT:-swift}
RIG=kernel-test
RESULTS=$R/results.txt
RIG_INIT=$HERE/guest-init.sh
RIG_INITRAMFS=$R/initramfs.cpio.gz
RIG_EXTRA_PACKAGES=
RIG_VIDEO_MODULES=1
RIG_IIO_MODULES=1
. "$HERE/rig.sh"

# ---------------------------------------------------------------- 6. boot and report
say "booting $KV under qemu-system-x86_64 -accel tcg (timeout ${TIMEOUT}s)${ONLY:+, $ONLY checks only}"
LOG=$R/boot.log
rig_boot "$LOG" "$TIMEOUT" 512 "${ONLY:+kt.only=$ONLY}" "ran every check"

# ---------------------------------------------------------------- 7. the run's files, on the host
# The guest sends run's journal and output files as KT-FILE blocks (base64). Independent readers
# check what reached the files: exiftool each photo's EXIF Orientation and each clip's Rotation
# (clockwise, as the journal's `rotation`), ffprobe the clip's video stream (its display matrix
# angle is counter-clockwise: rotation 90 is -90 there), each against the journal's record.
# unpack MARKER DIR: the KT-<MARKER> blocks of the guest's log, each a file, into DIR.
unpack() {
    rm -rf "$2"; mkdir -p "$2"
    tr -d '\r' <"$LOG" | awk -v dir="$2" -v m="$1" '
        $0 ~ "^KT-" m "-END" { exit }
        $0 ~ "^KT-" m " " { name = $2; next }
        $0 ~ "^KT-" substr(m, 1, length(m) - 4) "B64 " && name != "" { print substr($0, index($0, " ") + 1) > (dir "/" name ".b64") }'
    for b in "$2"/*.b64; do [ -f "$b" ] && base64 -d "$b" >"${b%.b64}" && rm -f "$b"; done
}
if [ "${ONLY:-}" != probe ] && [ "${ONLY:-}" != iio ]; then
    set +e   # a failed read is a FAIL line, not the end of the report
    unpack FILE "$R/files"
    check_files "$R/files" ""
    # The V4L2 camera's run on vivid (its journal is journal5.ndjson in the guest).
    unpack VFILE "$R/files-v4l2"
    [ -f "$R/files-v4l2/journal5.ndjson" ] && mv "$R/files-v4l2/journal5.ndjson" "$R/files-v4l2/journal.ndjson"
    check_files "$R/files-v4l2" "v4l2: "
    set -e
fi
cat "$RESULTS"
passed=$(grep -c '^PASS' "$RESULTS" || true)
failed=$(grep -c '^FAIL' "$RESULTS" || true)
echo "$passed passed, $failed failed ($(( $(date +%s) - START ))s)${ONLY:+; KERNEL_TEST_ONLY=$ONLY, the other checks were not run}"
[ "$failed" = 0 ]
