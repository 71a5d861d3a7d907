#!/usr/bin/env bash
# The kernel rig, sourced by Tests/Kernel/kernel-test.sh (make kernel-test) and
# Tests/Kernel/crash-test.sh (make crash-test): installs the host's Debian packages (as root;
# otherwise prints the apt-get line), downloads Debian's bookworm kernel, builds gpio-sim and
# i2c-stub-rdwr out of tree and a fully static `upright`, and packs a busybox initramfs whose
# /init is RIG_INIT. Everything downloaded or built is cached under R (.kernel-rig/), keyed by
# the kernel package version, so a rerun only rebuilds `upright` (incrementally) and the
# initramfs.
#
# The caller sets ROOT, HERE (Tests/Kernel), R, SWIFT, RIG (its name, for messages), RESULTS
# (its PASS/FAIL file), RIG_INIT (the guest's /init), RIG_INITRAMFS (the archive to write) and
# RIG_EXTRA_PACKAGES (Debian packages it needs besides the rig's), and optionally
# RIG_BLOCK_MODULES=1 (the disk, device-mapper and file-system modules) and RIG_EXTRA_BINARIES
# (host programs copied into the guest with their libraries); then it boots the guest with
# rig_boot (RIG_QEMU_ARGS, set before each boot, adds QEMU options: the disks). host_pass and
# host_fail append a line to RESULTS; say logs to stderr.
SWIFT=${SWIFT:-swift}
export LC_ALL=C DEBIAN_FRONTEND=noninteractive
HOST_PACKAGES="qemu-system-x86 busybox-static i2c-tools gpiod cpio kmod xz-utils gzip gcc-12 make libc6-dev binutils ${RIG_EXTRA_PACKAGES:-}"
START=$(date +%s)
say() { echo "$RIG: [$(( $(date +%s) - START ))s] $*" >&2; }
mkdir -p "$R/dl"
: >"$RESULTS"
host_pass() { echo "PASS  $1" >>"$RESULTS"; }
host_fail() { echo "FAIL  $1: $2" >>"$RESULTS"; }

# ---------------------------------------------------------------- 1. host packages
missing=""
for p in $HOST_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "$RIG: missing Debian packages; run:" >&2
        echo "  sudo apt-get install -y --no-install-recommends$missing" >&2
        exit 1
    fi
    say "installing$missing"
    { apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 $missing ||
      { apt-get update -q && apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 $missing; }
    } >"$R/apt-install.log" 2>&1 || { tail -20 "$R/apt-install.log" >&2; exit 1; }
fi

# ---------------------------------------------------------------- 2. kernel packages
# The kernel under test is whatever bookworm's linux-image-amd64 currently depends on.
kernel_base() { apt-cache depends linux-image-amd64 2>/dev/null |
    awk '$1 == "Depends:" && $2 ~ /^linux-image-/ { print $2; exit }'; }
KBASE=$(kernel_base)
if [ -z "$KBASE" ] && [ "$(id -u)" = 0 ]; then
    apt-get update -q >"$R/apt-update.log" 2>&1 || true
    KBASE=$(kernel_base)
fi
[ -n "$KBASE" ] || { echo "$RIG: apt knows no linux-image-amd64 (apt-get update?)" >&2; exit 1; }
KV=${KBASE#linux-image-}                                   # uname -r, e.g. 6.1.0-57-amd64
KPKG=$KBASE
apt-cache show "$KBASE-unsigned" >/dev/null 2>&1 && KPKG=$KBASE-unsigned
KVER=$(apt-cache policy "$KPKG" | awk '/Candidate:/ { print $2 }')   # e.g. 6.1.192-3
KSERIES=$(echo "$KVER" | cut -d. -f1,2)                      # e.g. 6.1
KCOMMON=linux-headers-${KV%-amd64}-common
APT_DOWNLOAD="apt-get -q download"
[ "$(id -u)" = 0 ] && APT_DOWNLOAD="$APT_DOWNLOAD -o APT::Sandbox::User=root"
for p in "$KPKG" "linux-headers-$KV" "$KCOMMON" "linux-kbuild-$KSERIES" "linux-source-$KSERIES"; do
    ls "$R/dl/${p}_${KVER}_"*.deb >/dev/null 2>&1 && continue
    say "downloading $p $KVER"
    (cd "$R/dl" && $APT_DOWNLOAD "$p=$KVER" >/dev/null)
done
# Only the kernel and the three stock modules the guest loads are unpacked (the whole package
# is 400 MB unpacked). Bookworm keeps modules in /lib/modules, later releases in /usr/lib/modules.
# The power-cut test (Tests/Kernel/powercut-test.sh) adds a virtio disk, device-mapper with its
# log-writes and delay targets, and the card's file systems; each list is in load order (every
# module after those it depends on: `modinfo -F depends`), and the guest loads them with insmod.
BLOCK_MODULES="drivers/virtio/virtio_ring drivers/virtio/virtio drivers/virtio/virtio_pci_modern_dev
  drivers/virtio/virtio_pci_legacy_dev drivers/virtio/virtio_pci drivers/block/virtio_blk drivers/block/loop
  drivers/md/dm-mod drivers/md/dm-log-writes drivers/md/dm-delay
  lib/crc16 fs/mbcache fs/jbd2/jbd2 crypto/crc32c_generic fs/ext4/ext4
  fs/fat/fat fs/fat/vfat fs/nls/nls_cp437 fs/nls/nls_ascii fs/nls/nls_utf8 fs/exfat/exfat"
# vivid, the virtual video test driver (docs/camera.md, "V4L2"), for the
# V4L2 camera's checks, with what it needs (`modinfo -F depends`), in load order.
VIDEO_MODULES="drivers/media/rc/rc-core drivers/media/cec/core/cec drivers/media/mc/mc
  drivers/media/v4l2-core/videodev drivers/media/common/videobuf2/videobuf2-common
  drivers/media/common/videobuf2/videobuf2-v4l2 drivers/media/common/videobuf2/videobuf2-memops
  drivers/media/common/videobuf2/videobuf2-vmalloc drivers/media/common/videobuf2/videobuf2-dma-contig
  drivers/media/v4l2-core/v4l2-dv-timings drivers/media/common/v4l2-tpg/v4l2-tpg
  drivers/media/test-drivers/vivid/vivid"
# The kernel's own drivers of both chips, for the checks of a chip the kernel drives (docs/setup.md,
# "A chip the kernel drives"): inv_mpu6050 (its I2C half needs i2c-mux) and the adxl345 IIO
# driver, with what they need (`modinfo -F depends`; regmap-i2c is built in), in load order.
IIO_MODULES="drivers/iio/industrialio drivers/iio/buffer/kfifo_buf drivers/iio/buffer/industrialio-triggered-buffer
  drivers/iio/common/inv_sensors/inv_sensors_timestamp drivers/i2c/i2c-mux
  drivers/iio/imu/inv_mpu6050/inv-mpu6050 drivers/iio/imu/inv_mpu6050/inv-mpu6050-i2c
  drivers/iio/accel/adxl345_core drivers/iio/accel/adxl345_i2c"
# Every rig unpacks every list (one cache for all: rigs run one after another, or at once, on
# the same .kernel-rig); only a rig that sets RIG_BLOCK_MODULES, RIG_VIDEO_MODULES or RIG_IIO_MODULES packs those.
STOCK_MODULES="fs/configfs/configfs drivers/i2c/i2c-dev drivers/i2c/i2c-stub ${RIG_BLOCK_MODULES:+$BLOCK_MODULES} ${RIG_VIDEO_MODULES:+$VIDEO_MODULES} ${RIG_IIO_MODULES:+$IIO_MODULES}"
UNPACKED_MODULES="fs/configfs/configfs drivers/i2c/i2c-dev drivers/i2c/i2c-stub $BLOCK_MODULES $VIDEO_MODULES $IIO_MODULES"
MODULES_KEY=$KVER-$(echo "$UNPACKED_MODULES" | sha1sum | cut -c1-12)
if [ ! -e "$R/k/.stamp-$MODULES_KEY" ]; then
    rm -rf "$R/k" && mkdir -p "$R/k"
    dpkg-deb --fsys-tarfile "$R/dl/${KPKG}_${KVER}_amd64.deb" |
        tar -x -C "$R/k" --wildcards "./boot/vmlinuz-$KV" \
            $(for m in $UNPACKED_MODULES; do echo "*/modules/$KV/kernel/$m.ko*"; done)
    touch "$R/k/.stamp-$MODULES_KEY"
fi
VMLINUZ=$R/k/boot/vmlinuz-$KV
say "kernel $KPKG $KVER"

# ---------------------------------------------------------------- 3. out-of-tree modules
# gpio-sim: Debian leaves CONFIG_GPIO_SIM unset and has no built-in irq_sim, so irq_sim.c is
# linked into the module; irq_to_desc() is not exported to modules, and generic_handle_irq()
# does the same for this simple interrupt. i2c-stub-rdwr: i2c-stub plus a master_xfer.
# The key covers the patch and this section's recipe only, so editing the rest of the script
# does not rebuild the modules.
OOT_KEY=$KVER-$( { cat "$HERE/i2c-stub-rdwr-xfer.c" "$ROOT/Tests/System/dma-heap-stub.c"
                   sed -n '/^# -* 3\. out-of-tree modules/,/^# -* 4\. static upright/p' "$HERE/rig.sh"; } |
                 sha1sum | cut -c1-12)
if [ ! -e "$R/oot/.stamp-$OOT_KEY" ]; then
    say "building gpio-sim.ko, i2c-stub-rdwr.ko and dma-heap-stub.ko out of tree"
    rm -rf "$R/hdr" "$R/src" "$R/oot"
    mkdir -p "$R/hdr" "$R/src" "$R/oot/gpio-sim" "$R/oot/i2c-stub-rdwr" "$R/oot/dma-heap-stub" "$R/oot/adxl345"
    for p in "linux-headers-$KV" "$KCOMMON" "linux-kbuild-$KSERIES"; do
        dpkg-deb -x "$R/dl/${p}_${KVER}_"*.deb "$R/hdr"
    done
    # the headers' Makefile includes the -common tree by its installed absolute path
    echo "include $R/hdr/usr/src/$KCOMMON/Makefile" >"$R/hdr/usr/src/linux-headers-$KV/Makefile"
    S=linux-source-$KSERIES
    dpkg-deb --fsys-tarfile "$R/dl/${S}_${KVER}_all.deb" | tar -xO "./usr/src/$S.tar.xz" | xz -dc |
        tar -x -C "$R/src" "$S/drivers/gpio/gpio-sim.c" "$S/drivers/gpio/gpiolib.h" \
            "$S/kernel/irq/irq_sim.c" "$S/drivers/i2c/i2c-stub.c" \
            "$S/drivers/iio/accel/adxl345_core.c" "$S/drivers/iio/accel/adxl345_i2c.c" "$S/drivers/iio/accel/adxl345.h"
    cp "$R/src/$S/drivers/gpio/gpio-sim.c" "$R/oot/gpio-sim/gpio-sim-main.c"
    cp "$R/src/$S/drivers/gpio/gpiolib.h" "$R/src/$S/kernel/irq/irq_sim.c" "$R/oot/gpio-sim/"
    sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$R/oot/gpio-sim/irq_sim.c"
    grep -q 'generic_handle_irq(irqnum);' "$R/oot/gpio-sim/irq_sim.c"
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' >"$R/oot/gpio-sim/Kbuild"

    f=$R/oot/i2c-stub-rdwr/i2c-stub-rdwr.c
    awk -v xfer="$HERE/i2c-stub-rdwr-xfer.c" '
        /^static u32 stub_func\(struct i2c_adapter \*adapter\)/ { while ((getline l < xfer) > 0) print l }
        /return STUB_FUNC_ALL & functionality;/ { sub(/STUB_FUNC_ALL & functionality/, "(STUB_FUNC_ALL \\& functionality) | I2C_FUNC_I2C") }
        /\.name\t\t= "SMBus stub driver"/ { sub(/"SMBus stub driver"/, "\"SMBus stub driver (rdwr)\"") }
        /^static void __exit i2c_stub_exit\(void\)/ { exiting = 1 }
        exiting && /^\ti2c_del_adapter\(&stub_adapter\);/ {
            print "\tflush_work(&upright_gone_work);"; print "\tif (!upright_gone)"; print "\t\ti2c_del_adapter(&stub_adapter);"; exiting = 0; next }
        { print }
        /^\t\.smbus_xfer\t= stub_xfer,/ { print "\t.master_xfer\t= upright_stub_master_xfer," }
    ' "$R/src/$S/drivers/i2c/i2c-stub.c" >"$f"
    for want in 'static int upright_stub_master_xfer' '.master_xfer	= upright_stub_master_xfer,' \
                '| I2C_FUNC_I2C;' '"SMBus stub driver (rdwr)"' '	if (!upright_gone)'; do
        grep -qF "$want" "$f" || { echo "$RIG: patching i2c-stub.c failed at: $want" >&2; exit 1; }
    done
    echo 'obj-m := i2c-stub-rdwr.o' >"$R/oot/i2c-stub-rdwr/Kbuild"
    # dma-heap-stub (Tests/System/dma-heap-stub.c): nodes named as the DMA-BUF heaps', for the
    # system test's sandbox checks (Debian's kernel has no heaps).
    cp "$ROOT/Tests/System/dma-heap-stub.c" "$R/oot/dma-heap-stub/"
    echo 'obj-m := dma-heap-stub.o' >"$R/oot/dma-heap-stub/Kbuild"
    # adxl345_core and adxl345_i2c (the IIO driver), as Debian builds them but for one line: 6.1's
    # probe takes the chip type from device_get_match_data(), which a client made with
    # new_device (no device tree here, as a Pi's overlay gives) does not have, and refuses it
    # with -EINVAL; the patched probe takes ADXL345 then (later kernels read the I2C id table).
    cp "$R/src/$S/drivers/iio/accel/adxl345_core.c" "$R/src/$S/drivers/iio/accel/adxl345_i2c.c" \
        "$R/src/$S/drivers/iio/accel/adxl345.h" "$R/oot/adxl345/"
    sed -i 's/^\ttype = (uintptr_t)device_get_match_data(dev);$/&\n\tif (!type)\n\t\ttype = ADXL345;/' "$R/oot/adxl345/adxl345_core.c"
    grep -q '^[[:space:]]*type = ADXL345;$' "$R/oot/adxl345/adxl345_core.c" ||
        { echo "$RIG: patching adxl345_core.c failed" >&2; exit 1; }
    echo 'obj-m := adxl345_core.o adxl345_i2c.o' >"$R/oot/adxl345/Kbuild"
    for d in gpio-sim i2c-stub-rdwr dma-heap-stub adxl345; do
        make -s -C "$R/hdr/usr/src/linux-headers-$KV" M="$R/oot/$d" modules >"$R/oot/$d.build.log" 2>&1 ||
            { cat "$R/oot/$d.build.log" >&2; exit 1; }
        strip --strip-debug "$R/oot/$d/"*.ko
    done
    rm -rf "$R/hdr" "$R/src"      # 100 MB of headers and sources, needed only for this build
    touch "$R/oot/.stamp-$OOT_KEY"
fi

# ---------------------------------------------------------------- 4. static upright
# --static-swift-stdlib alone still links glibc dynamically; -static-executable makes the
# binary self-contained (libswiftCore, FoundationEssentials and Debian's libi2c.a included), so
# the initramfs needs no shared libraries for it. A separate scratch path keeps .build/ intact.
UP=$R/upright
if [ -n "${UPRIGHT_BINARY:-}" ]; then
    cp "$UPRIGHT_BINARY" "$UP.unstripped"
else
    say "building static upright (swift build -c release --static-swift-stdlib -Xswiftc -static-executable)"
    if (cd "$ROOT" && "$SWIFT" build -c release --product upright --scratch-path "$R/swiftpm" \
            --static-swift-stdlib -Xswiftc -static-executable) >"$R/swift-build.log" 2>&1; then
        cp "$R/swiftpm/release/upright" "$UP.unstripped"
    else
        grep -E 'error' "$R/swift-build.log" | head -20 >&2
        rm -f "$UP.unstripped"
    fi
fi
rm -f "$UP"
if [ -e "$UP.unstripped" ]; then
    strip -o "$UP" "$UP.unstripped" 2>/dev/null || cp "$UP.unstripped" "$UP"
    size=$(stat -c %s "$UP")
    if readelf -d "$UP" 2>&1 | grep -q 'There is no dynamic section'; then
        host_pass "static upright built: no dynamic section, $size bytes stripped ($(stat -c %s "$UP.unstripped") unstripped)"
    else
        host_fail "static upright built" "the binary has a dynamic section: $(readelf -d "$UP" | grep NEEDED | tr -s ' ' | tr '\n' ' ')"
    fi
else
    host_fail "static upright built" "swift build failed, see $R/swift-build.log"
fi

# ---------------------------------------------------------------- 4b. the guest's C helpers
# edge-timing (edge-timing.c): when the kernel stamps a GPIO edge, with and without debounce.
if ! gcc -static -O2 -Wall -Wextra -Werror -o "$R/edge-timing" "$HERE/edge-timing.c" 2>"$R/edge-timing.log"; then
    host_fail "edge-timing built (gcc -static)" "$(head -c 300 "$R/edge-timing.log" | tr '\n' ' ')"
fi
# vivid-control (vivid-control.c): sets a control of vivid's node from outside upright, to
# unplug it (its Disconnect control).
if ! gcc -static -O2 -Wall -Wextra -Werror -o "$R/vivid-control" "$HERE/vivid-control.c" 2>"$R/vivid-control.log"; then
    host_fail "vivid-control built (gcc -static)" "$(head -c 300 "$R/vivid-control.log" | tr '\n' ' ')"
fi

# ---------------------------------------------------------------- 5. initramfs
# A rig that boots a root file system of its own (Tests/System: Debian with systemd) sets no
# RIG_INIT and packs no initramfs; it still has the kernel, the modules and the static binary.
rig_pack_initramfs() {
    IR=${RIG_INITRAMFS%.cpio.gz}
    rm -rf "$IR"
    mkdir -p "$IR"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,opt/kt,lib/modules/$KV}
    cp /bin/busybox "$IR/bin/busybox"
    for a in $(/bin/busybox --list); do [ "$a" = busybox ] || ln -s busybox "$IR/bin/$a"; done
    copy_with_libs() {  # copy_with_libs DEST-DIR BINARY...: the binaries and the libraries ldd names
        local dest=$1; shift
        for b in "$@"; do
            cp -L "$b" "$IR$dest/"
            ldd "$b" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
                [ -e "$IR$lib" ] || { mkdir -p "$IR$(dirname "$lib")"; cp -L "$lib" "$IR$lib"; }
            done
        done
    }
    copy_with_libs /usr/sbin /usr/sbin/i2cset /usr/sbin/i2cget /usr/sbin/i2cdetect /usr/sbin/i2ctransfer
    copy_with_libs /usr/bin /usr/bin/gpiodetect /usr/bin/gpioinfo /usr/bin/gpiomon
    for m in $STOCK_MODULES; do cp "$R/k/"*"/modules/$KV/kernel/$m.ko"* "$IR/lib/modules/$KV/"; done
    # RIG_EXTRA_BINARIES: host programs the guest runs (dmsetup for the power-cut test), with the
    # shared libraries they need.
    [ -n "${RIG_EXTRA_BINARIES:-}" ] && copy_with_libs /usr/sbin $RIG_EXTRA_BINARIES
    cp "$R/oot/gpio-sim/gpio-sim.ko" "$R/oot/i2c-stub-rdwr/i2c-stub-rdwr.ko" "$IR/lib/modules/$KV/"
    # The patched adxl345 IIO driver over Debian's (section 3), for a rig that packs the IIO modules.
    [ -z "${RIG_IIO_MODULES:-}" ] || cp "$R/oot/adxl345/adxl345_core.ko" "$R/oot/adxl345/adxl345_i2c.ko" "$IR/lib/modules/$KV/"
    for f in "$IR/lib/modules/$KV/"*.ko.xz; do [ -e "$f" ] && xz -d "$f"; done   # newer kernels ship .ko.xz
    [ -e "$UP" ] && cp "$UP" "$IR/opt/kt/upright"
    [ -e "$R/edge-timing" ] && cp "$R/edge-timing" "$IR/opt/kt/edge-timing"
    [ -e "$R/vivid-control" ] && cp "$R/vivid-control" "$IR/opt/kt/vivid-control"
    cp "$HERE/board.json" "$HERE/board-mpu6050.json" "$HERE/board-v4l2.json" "$IR/opt/kt/"
    # The committed scenarios the run's journals are compared with, and their simulated board.
    mkdir -p "$IR/opt/kt/boards" "$IR/opt/kt/scenarios"
    cp "$ROOT/boards/sim-adxl345.json" "$IR/opt/kt/boards/"
    cp "$ROOT/scenarios/kernel/"*.json "$IR/opt/kt/scenarios/"
    cp -a "$ROOT/Tests/CameraStandIn" "$IR/opt/kt/camera"     # the rpicam stand-in, symlinks kept
    cp "$HERE/guest-devices.sh" "$IR/opt/kt/"
    cp "$RIG_INIT" "$IR/init"
    chmod +x "$IR/init"
    (cd "$IR" && find . | cpio -o -H newc --quiet | gzip -1 >"$RIG_INITRAMFS")
    say "initramfs $(du -h "$RIG_INITRAMFS" | cut -f1) gzipped"
}
[ -z "${RIG_INIT:-}" ] || rig_pack_initramfs

# rig_stop: stops a guest still running (its timeout, which passes the TERM on to QEMU); the
# harness's TERM and INT trap.
RIG_QEMU=
rig_stop() { [ -z "$RIG_QEMU" ] || kill "$RIG_QEMU" 2>/dev/null || true; }
trap 'rig_stop; exit 143' TERM INT

# rig_boot LOG TIMEOUT MEMORY-MB KERNEL-ARGUMENTS WHAT: boots the guest (its console in LOG),
# prints its KT-INFO lines on stderr, adds its KT-RESULT lines to RESULTS and a check that it
# got to KT-DONE and powered off ("guest WHAT and powered off").
rig_boot() {
    local log=$1 timeout=$2 memory=$3 arguments=$4 what=$5 boot0 status seconds why
    boot0=$(date +%s)
    set +e
    # In the background and waited for, so that a TERM to the harness stops QEMU (the trap).
    timeout "$timeout" qemu-system-x86_64 -accel tcg -m "$memory" -nographic -no-reboot -net none \
        -kernel "$VMLINUZ" -initrd "$RIG_INITRAMFS" ${RIG_QEMU_ARGS:-} \
        -append "console=ttyS0 panic=-1 quiet${arguments:+ $arguments}" </dev/null >"$log" 2>&1 &
    RIG_QEMU=$!
    wait $RIG_QEMU
    status=$?
    RIG_QEMU=
    set -e
    seconds=$(( $(date +%s) - boot0 ))
    tr -d '\r' <"$log" | grep -a '^KT-INFO' >&2 || true
    tr -d '\r' <"$log" | sed -n -e 's/^KT-RESULT PASS /PASS  /p' -e 's/^KT-RESULT FAIL \(.*\) :: /FAIL  \1: /p' >>"$RESULTS"
    if grep -aq '^KT-DONE' "$log"; then
        host_pass "guest $what and powered off (${seconds}s in QEMU)"
    else
        why=$(tr -d '\r' <"$log" | grep -aE 'Kernel panic|error|Oops' | tail -2 | tr '\n' ' ')
        host_fail "guest $what and powered off" "no KT-DONE after ${seconds}s (qemu status $status) ${why:-see $log}"
    fi
}

# check_files DIR LABEL: each photo's EXIF Orientation (exiftool) and each clip's rotation
# (exiftool, and ffprobe's display matrix) against DIR/journal.ndjson's records.
check_files() {
    local F=$1 label=$2 JOURNAL=$1/journal.ndjson
    if [ ! -s "$JOURNAL" ]; then
        host_fail "${label}the guest's journal and files reached the host" "no journal in the KT blocks of $LOG"
        return
    fi
    host_pass "${label}the guest's journal and files reached the host ($(ls "$F" | wc -l) files)"
    grep '"event":"capture"' "$JOURNAL" | while IFS= read -r line; do
        file=$(echo "$line" | sed -n 's/.*"file":"\([^"]*\)".*/\1/p')
        exif=$(echo "$line" | sed -n 's/.*"exif":\([0-9]\).*/\1/p')
        got=$(exiftool -n -s3 -Orientation "$F/$file" 2>&1)
        if [ "$got" = "$exif" ]; then host_pass "${label}exiftool: $file has EXIF Orientation $exif, as journaled"
        else host_fail "${label}exiftool: $file has EXIF Orientation $exif, as journaled" "exiftool says '$got'"; fi
    done
    grep '"event":"record-start"' "$JOURNAL" | while IFS= read -r line; do
        file=$(echo "$line" | sed -n 's/.*"file":"\([^"]*\)".*/\1/p')
        # A clip the journal later says has no file (a cut, a failure) is not looked for.
        clip=$(echo "$line" | sed -n 's/.*"clip":\([0-9]*\).*/\1/p')
        grep -qE "\"event\":\"(record-failed|file-missing)\".*\"clip\":$clip[,}]" "$JOURNAL" && continue
        rotation=$(echo "$line" | sed -n 's/.*"rotation":\([0-9]*\).*/\1/p')
        rotation=${rotation:-0}   # an `unknown` latch has no rotation key: the identity matrix
        got=$(exiftool -n -s3 -Rotation "$F/$file" 2>&1)
        if [ "$got" = "$rotation" ]; then host_pass "${label}exiftool: $file has Rotation $rotation, as journaled"
        else host_fail "${label}exiftool: $file has Rotation $rotation, as journaled" "exiftool says '$got'"; fi
        want=$(( (360 - rotation) % 360 )); [ $want -gt 180 ] && want=$((want - 360))
        probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_type:stream_side_data=rotation -of default=nw=1 "$F/$file" 2>&1 | tr '\n' ' ')
        shown=$(echo "$probe" | sed -n 's/.*rotation=\(-*[0-9]*\).*/\1/p')
        case "$probe" in
            *codec_type=video*) [ "${shown:-0}" = "$want" ] ;;
            *) false ;;
        esac && host_pass "${label}ffprobe: $file is a video stream displayed at rotation $rotation" ||
            host_fail "${label}ffprobe: $file is a video stream displayed at rotation $rotation" "ffprobe says '$probe'"
    done
}
