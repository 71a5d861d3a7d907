#!/bin/sh
# Sourced by the kernel rig's guests (guest-init.sh for make kernel-test, crash-guest.sh for
# make crash-test): mounts, loads the i2c and gpio test modules, preloads both emulated
# accelerometers with the left-up pose (guest-init.sh's header has the registers and why),
# makes the gpio-sim chip (line 0 the shutter, line 1 the recording light), checks the harness
# itself (KT-RESULT lines), and defines the helpers both guests use (pose, click,
# start_jitter). Sets RDWR, SMBUS, CHIP, PULL, VALUE, LED, UPRIGHT, I2CSET, I2CGET, I2CTRANSFER.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp/kt/out
echo 1 > /proc/sys/kernel/printk
# KERNEL_TEST_ONLY on the host becomes kt.only= on the kernel command line: `probe` skips the
# run checks, `run` the probe checks; the device and harness checks always run.
ONLY=$(sed -n 's/.*kt\.only=\([a-z]*\).*/\1/p' /proc/cmdline)

M=/lib/modules/$(uname -r)
UPRIGHT=/opt/kt/upright
# busybox's ash prefers its own i2c applets to PATH; the real i2c-tools are called by path.
I2CSET=/usr/sbin/i2cset
I2CGET=/usr/sbin/i2cget
I2CTRANSFER=/usr/sbin/i2ctransfer

pass() { echo "KT-RESULT PASS $1"; }
fail() { echo "KT-RESULT FAIL $1 :: $(echo "$2" | oneline)"; }
info() { echo "KT-INFO $*"; }
oneline() { tr '\n' ' ' | sed 's/ *$//' | cut -c1-400; }
expect() { # expect NAME WANT GOT
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "want '$2', got '$3'"; fi
}
has_all() { # has_all TEXT WORD...: every word occurs in TEXT as a whole word, in any order
    # (gpioinfo's brackets and quotes count as spaces, so `used` does not match `unused`)
    text=" $(echo "$1" | tr '[]"\t' '    ') "; shift
    for word in "$@"; do case "$text" in *" $word "*) ;; *) return 1 ;; esac; done
}
bus_named() { # bus_named ADAPTER-NAME -> the N of /dev/i2c-N
    for d in /sys/bus/i2c/devices/i2c-*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "$1" ] && { echo "${d##*/i2c-}"; return; }
    done
}

info "kernel $(uname -r), init at uptime $(cut -d' ' -f1 /proc/uptime)s"

# ------------------------------------------------------------------ devices
insmod $M/configfs.ko && mount -t configfs none /sys/kernel/config
insmod $M/i2c-dev.ko
# i2c-stub-rdwr first so it becomes bus 0, the bus board.json names; stock i2c-stub is bus 1.
insmod $M/i2c-stub-rdwr.ko chip_addr=0x53,0x68
insmod $M/i2c-stub.ko chip_addr=0x53,0x68
RDWR=$(bus_named "SMBus stub driver (rdwr)")
SMBUS=$(bus_named "SMBus stub driver")
expect "i2c-stub-rdwr is /dev/i2c-0 (the bus board.json names)" "0 char" \
    "$RDWR $([ -c /dev/i2c-$RDWR ] && echo char)"
expect "stock i2c-stub is /dev/i2c-1" "1 char" "$SMBUS $([ -c /dev/i2c-$SMBUS ] && echo char)"
expect "stock i2c-stub lacks I2C_FUNC_I2C (so the bus must fall back to SMBus)" "I2C no" \
    "$(/usr/sbin/i2cdetect -F $SMBUS 2>&1 | grep -E '^I2C +(yes|no)' | tr -s ' \t' ' ' | sed 's/ *$//')"
expect "i2c-stub-rdwr has I2C_FUNC_I2C" "I2C yes" \
    "$(/usr/sbin/i2cdetect -F $RDWR 2>&1 | grep -E '^I2C +(yes|no)' | tr -s ' \t' ' ' | sed 's/ *$//')"

preload() { # preload BUS: identity, status and data registers of both chips (left-up pose)
    b=$1
    # MPU-6050, Register Map rev 4.2: WHO_AM_I 0x75 = 0x68 (4.32); PWR_MGMT_1 0x6B at its reset
    # value 0x40, asleep (section 3, 4.28); INT_STATUS 0x3A bit 0 data ready (4.16); FIFO_COUNT
    # 0x72-0x73 = 0 (4.30); ACCEL_OUT 0x3B-0x40 (4.17); TEMP_OUT 0x41-0x42 = -3920, i.e.
    # 25.0 C = -3920 / 340 + 36.53 (4.18); GYRO_OUT 0x43-0x48 (4.19) a constant rate, as a
    # resting chip's zero-rate offset (PS 6.1 allows +-20 degrees a second): at FS_SEL 3, the
    # +-2000 dps the firmware sets with the gyro on (RM 4.4; PS 6.1 16.4 LSB per dps), x = +41
    # = 0x0029 (+2.5 dps), y = -82 = 0xFFAE (-5.0 dps), z = +123 = 0x007B (+7.5 dps).
    $I2CSET -y $b 0x68 0x75 0x68 && $I2CSET -y $b 0x68 0x6b 0x40 &&
    $I2CSET -y $b 0x68 0x3a 0x01 && $I2CSET -y $b 0x68 0x72 0x00 && $I2CSET -y $b 0x68 0x73 0x00 &&
    $I2CSET -y $b 0x68 0x3b $MPU_BLOCK i &&
    # ADXL345 datasheet Rev. E, Table 19 and Register Definitions: DEVID 0x00 = 0xE5;
    # INT_SOURCE 0x30 bit 7 DATA_READY; FIFO_STATUS 0x39 entries = 1 (a stream-mode reader then
    # reads the data registers); DATAX0..DATAZ1 0x32-0x37.
    $I2CSET -y $b 0x53 0x00 0xe5 && $I2CSET -y $b 0x53 0x30 0x80 && $I2CSET -y $b 0x53 0x39 0x01 &&
    $I2CSET -y $b 0x53 0x32 0x00 0xff 0x20 0x00 0xc0 0xff i
}
# The MPU-6050's 14-byte data block from ACCEL_XOUT_H 0x3B to GYRO_ZOUT_L 0x48 (RM 4.17-4.19):
# accelerometer, temperature, gyro, as a burst read gets it.
MPU_BLOCK="0xc0 0x00 0x08 0x00 0xf0 0x00 0xf0 0xb0 0x00 0x29 0xff 0xae 0x00 0x7b"
for b in $SMBUS $RDWR; do
    preload $b
    expect "bus $b preload: MPU-6050 WHO_AM_I and its 14-byte data block (accel, temperature, gyro)" "0x68 | $MPU_BLOCK" \
        "$($I2CGET -y $b 0x68 0x75) | $($I2CGET -y $b 0x68 0x3b i 14 | oneline)"
    expect "bus $b preload: ADXL345 DEVID and data bytes" "0xe5 | 0x00 0xff 0x20 0x00 0xc0 0xff" \
        "$($I2CGET -y $b 0x53 0x00) | $($I2CGET -y $b 0x53 0x32 i 6 | oneline)"
done
expect "i2c-stub-rdwr answers a combined write-then-read (i2ctransfer)" "0xc0 0x00 0x08 0x00 0xf0 0x00" \
    "$($I2CTRANSFER -y $RDWR w1@0x68 0x3b r6 2>&1 | oneline)"

insmod $M/gpio-sim.ko
G=/sys/kernel/config/gpio-sim/upright
mkdir $G $G/gpio-bank0 $G/gpio-bank0/line0 $G/gpio-bank0/line1
echo 2 > $G/gpio-bank0/num_lines
echo upright-kernel-test > $G/gpio-bank0/label
echo shutter > $G/gpio-bank0/line0/name
echo led > $G/gpio-bank0/line1/name
echo 1 > $G/live
CHIP=$(cat $G/gpio-bank0/chip_name 2>/dev/null)
SIMDEV=$(cat $G/dev_name 2>/dev/null)
PULL=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio0/pull
VALUE=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio0/value
LED=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio1/value
expect "gpio-sim chip live, labelled upright-kernel-test, sysfs pull present" \
    "upright-kernel-test char pull" \
    "$(gpiodetect 2>&1 | grep -o upright-kernel-test) $([ -c "/dev/$CHIP" ] && echo char) $([ -w "$PULL" ] && echo pull)"

# The run checks below read the line's request back with gpioinfo and gpio-sim's sysfs value;
# first prove those readings with libgpiod's own request (input, active-low, bias pull-up).
gpiomon -l -B pull-up -n 1 $CHIP 0 >/tmp/kt/gpiomon.out 2>&1 &
MON=$!; sleep 1
LINEINFO=$(gpioinfo $CHIP 2>&1 | grep 'line *0:')
if has_all "$LINEINFO" input active-low used pull-up; then
    pass "harness: a pull-up, active-low libgpiod request shows as such in gpioinfo"
else
    fail "harness: a pull-up, active-low libgpiod request shows as such in gpioinfo" "gpioinfo: $LINEINFO"
fi
expect "harness: gpio-sim line reads 1 under the pull-up request" 1 "$(cat $VALUE 2>&1)"
kill $MON 2>/dev/null; wait $MON 2>/dev/null
sed 's/^/KT-INFO gpiomon | /' /tmp/kt/gpiomon.out
echo pull-down > $PULL
expect "harness: sysfs pull-down brings the released line back to 0" 0 "$(cat $VALUE 2>&1)"

# pose B0..B5: the ADXL345's data registers DATAX0..DATAZ1 (0x32-0x37) rewritten, a new pose.
pose() { $I2CSET -y $RDWR 0x53 0x32 $1 $2 $3 $4 $5 $6 i 2>/dev/null; }
# click: a 0.25 s press of the shutter through gpio-sim's pull (pull-down is the button down).
click() { echo pull-down > $PULL; sleep 0.25; echo pull-up > $PULL; }

# start_jitter ROUNDS: in the background, act as a measuring ADXL345 on the i2c-stub-rdwr bus
# (sets JITTER to its pid). i2c-stub's registers are plain memory: without this the chip would
# repeat one raw sample forever and the driver's stuck-data monitor (64 identical samples)
# would restart it. Toggle DATAX0's lowest bit every round (x = -256 or -255 counts, -1.000 or
# -0.996 g: still left-up; 0 or 1 count in the normal pose). And act as a chip measures:
# FIFO_STATUS (0x39) holds an entry only while POWER_CTL's measure bit (0x2D bit 3) is set, so a
# chip put back at its power-on values (the unplug check) has an empty FIFO until the driver
# has configured it again. Every 0.1 s: a chip configured just after a round has samples within
# the detector's 250 ms gap even with busybox's process starts under TCG (at 0.2 s the start-up
# could miss it and journal a sensor fault). Bounded: ROUNDS rounds of about 0.1 s. With LOG,
# each toggle's uptime is appended to it (shell builtins only: no process more a round), so a
# test can say how long the data stood still (under TCG a loaded guest can hold a round up).
start_jitter() { # start_jitter ROUNDS [LOG]
    ( n=0; while [ $n -lt "$1" ]; do
          $I2CSET -y $RDWR 0x53 0x32 $((n % 2)) 2>/dev/null
          if [ -n "${2:-}" ]; then read -r up _ </proc/uptime; echo "$up" >>"$2"; fi
          power=$($I2CGET -y $RDWR 0x53 0x2d 2>/dev/null)
          if [ $(( ${power:-0} & 8 )) -ne 0 ]; then entries=1; else entries=0; fi
          $I2CSET -y $RDWR 0x53 0x39 $entries 2>/dev/null
          sleep 0.1; n=$((n + 1))
      done ) &
    JITTER=$!
}
