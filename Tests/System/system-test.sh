#!/usr/bin/env bash
# make system-test: the Debian package as a Pi owner runs it, under a booted systemd. Boots a
# Debian bookworm guest with systemd as PID 1 under QEMU (TCG) on the kernel rig's kernel
# (Tests/Kernel/rig.sh: the same bookworm kernel, its out-of-tree gpio-sim, i2c-stub-rdwr and
# dma-heap-stub), a root file system built from Debian's packages with mmdebstrap (cached in
# .kernel-rig/system/, keyed by the kernel and the package list), and the package `make deb`
# built. The guest's checks are in guest/test.sh, run at each boot by a oneshot unit:
#   boot 1: apt install on plain Debian, the sandbox's camera-stack needs, enable --now, photos
#           and clips on vivid (V4L2) and on the rpicam stand-in, a press before the detector's
#           first decision, reload, stop during a clip, SIGKILL (Restart=), then a reboot;
#   boot 2: the enabled service back after the reboot, a photo, a clip, then the power cut
#           (this script kills QEMU when the guest's console says SYSRIG-CUT-NOW);
#   boot 3: the devices 12 s late, the cut journal and files, Raspberry Pi OS's udev rules, the
#           camera unplugged and plugged back, an upgrade while running, a purge, poweroff.
# Then the guest's /root/out is read back with debugfs; the photos and clips it saved are
# checked here with exiftool and ffprobe against their journals (rig.sh's check_files). One
# PASS/FAIL line per check, the figures, then `N passed, N failed`; exit 1 if any failed.
#
# Environment: KERNEL_RIG (the rig's cache, default .kernel-rig), UPRIGHT_DEB (the package,
# default the one in .build/deb), SYSTEM_TEST_TIMEOUT (seconds for each QEMU run, default 900).
# Run as root (mmdebstrap, chroot, debugfs); on a fresh Debian machine it installs what it needs.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SYS=$ROOT/Tests/System
HERE=$ROOT/Tests/Kernel            # rig.sh's folder (its patches and helpers)
R=${KERNEL_RIG:-$ROOT/.kernel-rig}
SYSR=$R/system
TIMEOUT=${SYSTEM_TEST_TIMEOUT:-900}
mkdir -p "$SYSR"
if [ "$(id -u)" != 0 ]; then
    echo "system-test: run as root (mmdebstrap builds the guest's root file system in a chroot)" >&2
    exit 1
fi
DEB=${UPRIGHT_DEB:-$(ls "$ROOT"/.build/deb/upright_*_amd64.deb 2>/dev/null | head -1)}
[ -n "$DEB" ] && [ -f "$DEB" ] || { echo "system-test: no package in .build/deb (make deb builds it)" >&2; exit 1; }
RIG=system-test
RESULTS=$SYSR/results.txt
RIG_INIT=                          # no initramfs: the guest boots its own root file system
RIG_EXTRA_PACKAGES="mmdebstrap e2fsprogs libimage-exiftool-perl ffmpeg"
# The package's own program: the rig builds no second static binary.
UPRIGHT_BINARY=$SYSR/upright-from-deb
dpkg-deb --fsys-tarfile "$DEB" | tar -xO ./usr/bin/upright >"$UPRIGHT_BINARY"
export UPRIGHT_BINARY
. "$HERE/rig.sh"

# ---------------------------------------------------------------- 1. the root file system
# minbase with systemd as PID 1, udev, the rig's kernel (its initramfs boots from the virtio
# disk), the tools the test drives the "hardware" with (i2c-tools, gpiod, kmod) and perl-base's
# syscall for a probe. Cached: mmdebstrap takes about a minute and 700 MB.
PACKAGES="systemd-sysv udev kmod linux-image-$KV initramfs-tools adduser debconf i2c-tools gpiod procps"
SOURCES=/etc/apt/sources.list.d/debian.sources
[ -f "$SOURCES" ] || SOURCES=/etc/apt/sources.list
ROOTFS_KEY=$(echo "$KVER $PACKAGES" | sha1sum | cut -c1-12)
ROOTFS=$SYSR/rootfs-$ROOTFS_KEY
if [ ! -e "$ROOTFS/.stamp" ]; then
    say "building the guest's root file system with mmdebstrap (bookworm, $PACKAGES)"
    rm -rf "$SYSR"/rootfs-*
    mmdebstrap --variant=minbase --mode=root --aptopt='APT::Install-Recommends "false"' \
        --include="$(echo "$PACKAGES" | tr ' ' ',')" \
        --customize-hook='echo sysrig > "$1/etc/hostname"' \
        --customize-hook='echo "root:root" | chroot "$1" chpasswd' \
        --customize-hook='printf "/dev/vda / ext4 rw,errors=remount-ro 0 1\n" > "$1/etc/fstab"' \
        bookworm "$ROOTFS" "$SOURCES" >"$SYSR/mmdebstrap.log" 2>&1 || { tail -20 "$SYSR/mmdebstrap.log" >&2; exit 1; }
    touch "$ROOTFS/.stamp"
fi
GUEST_KERNEL=$ROOTFS/boot/vmlinuz-$KV
GUEST_INITRD=$ROOTFS/boot/initrd.img-$KV
[ -e "$GUEST_KERNEL" ] && [ -e "$GUEST_INITRD" ] || { host_fail "the guest's kernel and initramfs" "missing in $ROOTFS/boot"; }

# ---------------------------------------------------------------- 2. the guest's image
# A copy of the cached root file system with the rig's modules (depmod'ed), the test's units and
# scripts, the rpicam stand-in, the package and its upgrade (the same package, version
# 0.2.0+sysrig1: an upgrade to a newer version of the same files). i2c-tools' udev rule is left
# out: the guest has i2c-tools only to play the chip, and plain Debian without it gives the I2C
# nodes to root (the package's own rules must give them to i2c).
say "making the guest's image"
IMG=$SYSR/image
rm -rf "$IMG"
cp -a "$ROOTFS" "$IMG"
rm -f "$IMG/.stamp" "$IMG/lib/udev/rules.d/60-i2c-tools.rules"
install -d "$IMG/lib/modules/$KV/extra"
install -m 0644 "$R/oot/gpio-sim/gpio-sim.ko" "$R/oot/i2c-stub-rdwr/i2c-stub-rdwr.ko" "$R/oot/dma-heap-stub/dma-heap-stub.ko" \
    "$IMG/lib/modules/$KV/extra/"
chroot "$IMG" depmod "$KV"
install -m 0644 "$SYS"/guest/*.service "$IMG/etc/systemd/system/"
install -m 0755 "$SYS/guest/devices.sh" "$SYS/guest/jitter.sh" "$SYS/guest/test.sh" "$IMG/root/"
install -d "$IMG/usr/local/lib/camera-stand-in"
cp -a "$ROOT"/Tests/CameraStandIn/. "$IMG/usr/local/lib/camera-stand-in/"
VERSION=$(dpkg-deb -f "$DEB" Version)
install -m 0644 "$DEB" "$IMG/root/upright_${VERSION}_amd64.deb"
UPGRADE=$SYSR/upgrade
rm -rf "$UPGRADE" && dpkg-deb -R "$DEB" "$UPGRADE"
sed -i "s/^Version: .*/Version: $VERSION+sysrig1/" "$UPGRADE/DEBIAN/control"
dpkg-deb --root-owner-group -b "$UPGRADE" "$IMG/root/upright_${VERSION}+sysrig1_amd64.deb" >/dev/null
chroot "$IMG" systemctl enable sysrig-devices.service sysrig-jitter.service sysrig-test.service 2>/dev/null
mkdir -p "$IMG/root/out"
echo 1 >"$IMG/root/stage"
rm -f "$SYSR/sysrig.ext4"
mkfs.ext4 -q -L sysrig -d "$IMG" "$SYSR/sysrig.ext4" 2G
rm -rf "$IMG" "$UPGRADE"

# ---------------------------------------------------------------- 3. the boots
# qemu_run LOG WHAT: boots the image until it powers off, or until its console says
# SYSRIG-CUT-NOW (then QEMU is killed: the power cut), or the timeout. Reboots happen in place.
qemu_run() {
    local log=$1 what=$2 t0 status
    t0=$(date +%s)
    rm -f "$log"
    # QEMU itself in the background (not under timeout(1), whose death would not end it): the
    # loop below is its timeout, and the TERM trap (rig_stop) stops it.
    qemu-system-x86_64 -accel tcg -m 1024 -smp 2 -display none -monitor none \
        -serial "file:$log" -nic none -kernel "$GUEST_KERNEL" -initrd "$GUEST_INITRD" \
        -append "root=/dev/vda rw console=ttyS0 loglevel=4 net.ifnames=0" \
        -drive "file=$SYSR/sysrig.ext4,format=raw,if=virtio" </dev/null >"$log.qemu" 2>&1 &
    RIG_QEMU=$!
    while kill -0 "$RIG_QEMU" 2>/dev/null; do
        if grep -aq SYSRIG-CUT-NOW "$log" 2>/dev/null; then
            kill -KILL "$RIG_QEMU" 2>/dev/null || true
            say "$what: the power cut (QEMU killed) after $(( $(date +%s) - t0 )) s"
            break
        fi
        if [ $(( $(date +%s) - t0 )) -ge "$TIMEOUT" ]; then
            kill -KILL "$RIG_QEMU" 2>/dev/null || true
            host_fail "$what within ${TIMEOUT} s" "QEMU killed at the timeout (see $log)"
            break
        fi
        sleep 0.5
    done
    set +e
    wait "$RIG_QEMU"
    status=$?
    set -e
    RIG_QEMU=
    say "$what: QEMU ended ($status) after $(( $(date +%s) - t0 )) s"
    echo "$what: $(( $(date +%s) - t0 ))" >>"$SYSR/boot-seconds"
}
rm -f "$SYSR/boot-seconds"
say "boots 1 and 2 (install, use, reboot, power cut) under qemu-system-x86_64 -accel tcg"
qemu_run "$SYSR/console-1.log" "boots 1 and 2"
if grep -aq SYSRIG-CUT-NOW "$SYSR/console-1.log"; then
    host_pass "boots 1 and 2 ran and ended in the power cut"
else
    host_fail "boots 1 and 2 ran and ended in the power cut" "no SYSRIG-CUT-NOW on the console (see $SYSR/console-1.log)"
fi
say "boot 3 (after the power cut: late devices, unplug, upgrade, purge)"
qemu_run "$SYSR/console-3.log" "boot 3"

# ---------------------------------------------------------------- 4. the results
OUTDIR=$SYSR/out
rm -rf "$OUTDIR" && mkdir -p "$OUTDIR"
debugfs -R "rdump /root/out $OUTDIR" "$SYSR/sysrig.ext4" >/dev/null 2>&1 || true
G=$OUTDIR/out
if [ -f "$G/results" ]; then
    cat "$G/results" >>"$RESULTS"
else
    host_fail "the guest's results read back" "no /root/out/results in the image (see $SYSR/console-*.log)"
fi
if grep -q 'stage 3 done' "$G/stage3.log" 2>/dev/null; then
    host_pass "boot 3 ran every check and powered off"
else
    host_fail "boot 3 ran every check and powered off" "see $G/stage3.log and $SYSR/console-3.log"
fi
set +e
for d in v4l2 stand-in cut; do
    check_files "$G/files/$d" "$d: "
done
set -e
cat "$RESULTS"
echo "figures (TCG on this machine):"
sed 's/^/  /' "$G/figures" 2>/dev/null || true
sed 's/^/  QEMU wall time, /; s/$/ s/' "$SYSR/boot-seconds"
passed=$(grep -c '^PASS' "$RESULTS" || true)
failed=$(grep -c '^FAIL' "$RESULTS" || true)
echo "$passed passed, $failed failed ($(( $(date +%s) - START ))s)"
[ "$failed" = 0 ]
