#!/bin/sh
# The kernel test's guest: /init of the initramfs that Tests/Kernel/kernel-test.sh boots under
# QEMU. It loads the i2c and gpio test modules, preloads the two emulated accelerometers with a
# known pose, runs the static `upright` binary against the real kernel interfaces and prints one
# line per check:
#     KT-RESULT PASS name
#     KT-RESULT FAIL name :: what was wanted and what was seen
# then KT-DONE and powers off. The host script counts the lines; a guest that dies early is
# caught there (no KT-DONE).
#
# ---------------------------------------------------------------------------------------------
# The contract with `upright probe --bus N` (what the probe checks below parse; other lines are
# allowed and ignored). The probe tries the candidate addresses of both chips, 0x1d, 0x53, 0x68
# and 0x69, and prints one line per address, in any order:
#     0x1d absent (no acknowledge)
#     0x53 ADXL345 id=0xe5 x=-1.000 y=0.125 z=-0.250 g
#     0x68 MPU-6050 id=0x68 x=-1.000 y=0.125 z=-0.250 g
#     0x69 absent (no acknowledge)
# - a found chip: address in lowercase hex, the chip's name, then (anywhere after it) the
#   acceleration on the chip's own axes in g with three decimals, as ` x=X y=Y z=Z g`;
# - an address nobody acknowledges: a line starting with the address and containing
#   `no acknowledge` (I2CError's no-acknowledge, not a crash and not a generic I/O error). The
#   stock i2c-stub answers a missing address with ENODEV (drivers/i2c/i2c-stub.c, stub_xfer),
#   which LinuxI2CBus maps to `unavailable`; the probe reports that as
#   `absent (no acknowledge: the adapter reports no device there)`;
# - and one line saying which transfer path the bus used for its reads, counted by LinuxI2CBus:
#     bus N reads: i2c-rdwr=R smbus-block=S
#   (R = transfers done with one I2C_RDWR combined transfer, S = transfers done with SMBus
#   calls, I2C block reads among them, because the adapter lacks I2C_FUNC_I2C; register
#   writes and identity reads are counted too).
# The probe configures the MPU-6050 for +-2 g (ACCEL_CONFIG 0x1C = 0x00, 16384 LSB/g) and the
# ADXL345 for full resolution (DATA_FORMAT 0x31 bit 3, 256 LSB/g at every range), then reads the
# data registers without waiting for them to change: i2c-stub's registers are plain memory, so
# a value written stays (PWR_MGMT_1's reset bit does not self-clear; wait the datasheet's 100 ms
# instead of polling it) and the data registers hold the preloaded pose.
# Exit status 0 when at least one supported chip was found and reads about 1 g (|a| within
# 0.2 g of 1; the preloaded pose is 1.038 g). Each probe gets 60 s (busybox
# timeout; TCG runs the guest far slower than hardware), --help 20 s.
#
# The preloaded pose is left-up (docs/conventions.md: accel at rest (-1, 0, 0)), tilted slightly so
# every axis has a distinct non-zero value and a byte-order or sign mistake shows:
#     x = -1.000 g, y = +0.125 g, z = -0.250 g
#   MPU-6050 at +-2 g, 16384 LSB/g, big-endian from ACCEL_XOUT_H 0x3B (register map 4.17):
#     x = -16384 = 0xC000, y = 2048 = 0x0800, z = -4096 = 0xF000 -> c0 00 08 00 f0 00
#   ADXL345 full resolution, 256 LSB/g, little-endian from DATAX0 0x32 (datasheet Rev. E,
#   Register 0x32 to Register 0x37 and Register 0x31 FULL_RES):
#     x = -256 = 0xFF00, y = 32 = 0x0020, z = -64 = 0xFFC0 -> 00 ff 20 00 c0 ff
#
# The contract with `upright run --board /opt/kt/board.json --json` (board.json: ADXL345 0x53 on
# the i2c-stub-rdwr bus 0, shutter = line 0 of the gpio-sim chip labelled `upright-kernel-test`,
# the camera session in server mode over the rpicam stand-in (Tests/CameraStandIn, docs/
# camera.md: rpicam-still --signal kept running, rpicam-vid for clips), output /tmp/kt/out,
# journal /tmp/kt/journal.ndjson, FIFO reads at 100 Hz; Tests/UprightHostTests/Board/
# KernelTestBoardTests.swift loads it with Board.load):
# - stdout is the NDJSON event stream (EventRecord); within 30 s of the start it holds
#   `"event":"orientation","orientation":"left-up"` (the preloaded pose read over I2C_RDWR);
# - the shutter line is requested as input, active-low, bias pull-up: gpioinfo shows `input`,
#   `active-low`, `used`, `pull-up`, and the pull-up bias lifts gpio-sim's line to 1;
# - the line is driven through gpio-sim's sysfs `pull`: the button pulls the line to ground, so
#   pull-down = pressed, pull-up = released. A 0.25 s press (photo 1, left-up); the pose
#   registers rewritten to normal and a second press (photo 2, normal); back to left-up, a 2 s
#   hold (a clip starts), a 0.25 s press (the clip stops), another 2 s hold (a second clip),
#   then SIGTERM: upright exits 0 within 10 s. Each step waits (bounded) for the record of the
#   one before;
# - the recording light is line 1 of the same chip (board.json `led`), requested as an output
#   (gpioinfo: `output`, `used`), read through gpio-sim's sysfs `value` of that line: 0 before
#   the clip, 1 during it, 0 after it (upright still running), and the line released (not
#   `used`) once upright has exited;
# - the journal then holds two `"event":"capture"` (left-up EXIF 6, then normal EXIF 1), two
#   `"event":"record-start"` and two `"event":"record-stop"` (the first clip's both
#   `"orientation":"left-up"`), no rejection, failure or `"event":"fault"`, and every `"file"`
#   it names exists in /tmp/kt/out;
# - the stand-in's log shows both photos written by one still server, the camera handed to
#   rpicam-vid and back for each clip, and no second owner; the files go to the host, where
#   exiftool reads each photo's EXIF Orientation and ffprobe each clip's rotation;
# - a clip is stopped with SIGINT. Spawn the camera programs with default signal dispositions
#   and an empty signal mask (posix_spawnattr SETSIGDEF + SETSIGMASK): upright blocks
#   SIGINT/SIGTERM for its signalfd, a child inherits that mask across exec, and a child of a
#   backgrounded process inherits SIGINT ignored; either way rpicam-vid would never see the
#   SIGINT that stops it.
# ---------------------------------------------------------------------------------------------

. /opt/kt/guest-devices.sh

# ------------------------------------------------------------------ a chip the kernel drives
# docs/setup.md, "A chip the kernel drives": the kernel's own drivers of both chips, inv_mpu6050
# and the adxl345 IIO driver (Debian builds them as modules; rig.sh IIO_MODULES), bound to the
# stock i2c-stub's preloaded registers on bus SMBUS with new_device, as a dtoverlay binds them
# on a Pi. Their probes run over SMBus, which i2c-stub answers (inv_mpu6050 reads WHO_AM_I
# 0x68, resets and wakes the chip through PWR_MGMT_1; adxl345 reads DEVID 0xE5 and writes
# DATA_FORMAT and POWER_CTL). Then:
# - upright probe names the driver holding the address (and its overlay) and does not touch it;
# - upright run with sensor.backend i2c refuses the address, naming the driver and both ways out;
# - upright run with sensor.backend iio reads the chip through the driver's IIO device: a photo
#   latched left-up from the preloaded pose, the pose rewritten to normal in the stub's data
#   registers, a photo latched normal; for the MPU-6050 the device then taken away
#   (delete_device) is a `sensor` fault record, and bound again it is read again (`recovered`).
# What the rig cannot show: i2c-stub raises no interrupt, so neither driver has a trigger
# (inv_mpu6050 registers its buffer and trigger only with an IRQ, inv_mpu_core.c; the 6.1
# adxl345 driver has no buffer at all): both are read by raw sysfs reads here, and the buffer
# path (scan elements, the kernel's timestamps) is tested against a fake sysfs tree
# (Tests/UprightLinuxTests/IIO). Afterwards both devices are deleted and bus SMBUS preloaded
# again, so the checks after these see the registers they expect.
iio_checks() {
    for m in industrialio kfifo_buf industrialio-triggered-buffer inv_sensors_timestamp i2c-mux \
             inv-mpu6050 inv-mpu6050-i2c adxl345_core adxl345_i2c; do
        insmod $M/$m.ko 2>/tmp/kt/insmod-$m.err || fail "iio: insmod $m" "$(oneline < /tmp/kt/insmod-$m.err)"
    done
    I2CDEVS=/sys/bus/i2c/devices
    iio_camera='"camera": { "backend": "command", "mode": "server", "ready_ms": 600,
        "still": ["/opt/kt/camera/rpicam-still", "-t", "0", "--signal", "--nopreview", "-o", "{file}"],
        "video": ["/opt/kt/camera/rpicam-vid", "-t", "0", "--nopreview", "-o", "{file}"] }'
    iio_board() { # iio_board FILE KIND ADDRESS BACKEND DIR
        mkdir -p $5
        cat >$1 <<BOARD
{ "name": "kernel-test: $2 at $3 held by the kernel's driver, backend $4",
  "i2c": { "bus": $SMBUS },
  "sensor": { "kind": "$2", "address": "$3", "backend": "$4", "rate_hz": 50 },
  "shutter": { "chip": "upright-kernel-test", "line": 0, "debounce_ms": 30, "hold_ms": 1000 },
  $iio_camera,
  "output": { "directory": "$5", "journal": "$5/journal.ndjson" } }
BOARD
    }
    iio_chip() { # iio_chip KIND ADDRESS DRIVER OVERLAY NORMAL-POSE-BYTES...
        kind=$1 address=$2 driver=$3 overlay=$4; shift 4
        client=$SMBUS-00${address#0x}
        echo $kind $address > $I2CDEVS/i2c-$SMBUS/new_device
        sleep 1
        bound=$(basename "$(readlink $I2CDEVS/$client/driver 2>/dev/null)" 2>/dev/null)
        node=$(ls $I2CDEVS/$client 2>/dev/null | grep '^iio:device' | head -1)
        expect "iio $kind: the kernel's $driver binds $address on the stub and makes an IIO device" "$driver yes" \
            "$bound $([ -n "$node" ] && echo yes)"
        [ -n "$node" ] || { dmesg | tail -5 | sed 's/^/KT-INFO iio dmesg | /'; return; }
        info "iio $kind: $node name=$(cat $I2CDEVS/$client/$node/name) in_accel_scale=$(cat $I2CDEVS/$client/$node/in_accel_scale) in_accel_x_raw=$(cat $I2CDEVS/$client/$node/in_accel_x_raw) y=$(cat $I2CDEVS/$client/$node/in_accel_y_raw) z=$(cat $I2CDEVS/$client/$node/in_accel_z_raw) trigger=$(ls $I2CDEVS/$client/$node/trigger 2>/dev/null | oneline)"

        OUT=$(timeout 60 $UPRIGHT probe --bus $SMBUS 2>&1)
        echo "$OUT" | sed "s/^/KT-INFO iio probe | /"
        line=$(echo "$OUT" | grep "^$address " | head -1)
        expect "iio $kind: probe names the holder of $address" "$address held by the kernel's $driver driver (IIO device $node)" "$line"
        case "$OUT" in
            *"$overlay usually binds it"*"remove $overlay from /boot/firmware/config.txt"*'"backend": "iio"'*)
                pass "iio $kind: probe names $overlay and the two ways out" ;;
            *) fail "iio $kind: probe names $overlay and the two ways out" "$(echo "$OUT" | grep -v '^0x' | oneline)" ;;
        esac

        D=/tmp/kt/iio-$kind-i2c
        iio_board /tmp/kt/board-iio-$kind-i2c.json $kind $address i2c $D
        ERR=$(timeout 60 $UPRIGHT run --board /tmp/kt/board-iio-$kind-i2c.json --wait 0 2>&1 >/dev/null); RC=$?
        case "$RC:$ERR" in
            1:*"the kernel's $driver driver holds $address on bus $SMBUS"*"either: remove $overlay"*'or: keep it and set "backend": "iio"'*)
                pass "iio $kind: run with backend i2c exits 1 naming $driver and the two ways out" ;;
            *) fail "iio $kind: run with backend i2c exits 1 naming $driver and the two ways out" "exit $RC: $ERR" ;;
        esac

        D=/tmp/kt/iio-$kind
        JI=$D/journal.ndjson EI=/tmp/kt/events-iio-$kind.ndjson
        iio_board /tmp/kt/board-iio-$kind.json $kind $address iio $D
        export CAMERA_STAND_IN_LOCK=/tmp/kt/iio-$kind-camera.lock CAMERA_STAND_IN_LOG=/tmp/kt/iio-$kind-camera.log
        echo pull-up > $PULL
        $UPRIGHT run --board /tmp/kt/board-iio-$kind.json --json > $EI 2> /tmp/kt/run-iio-$kind.err &
        RUNI=$!
        iio_waitfor $EI '"event":"orientation","orientation":"left-up"' 1
        if kill -0 $RUNI 2>/dev/null && grep -q '"orientation":"left-up"' $EI; then
            pass "iio $kind: run with backend iio reads left-up through $node"
        else
            fail "iio $kind: run with backend iio reads left-up through $node" "$(head -c 400 /tmp/kt/run-iio-$kind.err | oneline)"
        fi
        sleep 1.5   # the still server's start (ready_ms)
        click
        iio_waitfor $JI '"event":"capture"' 1
        # -f: i2c-dev refuses I2C_SLAVE for an address a driver holds; I2C_SLAVE_FORCE writes
        # the stub's registers under it, as the chip's own measurement changes them.
        $I2CSET -f -y $SMBUS $address "$@" i
        iio_waitfor $EI '"event":"orientation","orientation":"normal"' 1
        click
        iio_waitfor $JI '"event":"capture"' 2
        if [ $kind = mpu6050 ]; then
            echo $address > $I2CDEVS/i2c-$SMBUS/delete_device
            iio_waitfor $JI '"event":"fault"' 1
            expect "iio $kind: the IIO device taken away is a sensor fault record" 1 \
                "$(grep -c '"event":"fault","kind":"sensor"' $JI 2>/dev/null)"
            echo $kind $address > $I2CDEVS/i2c-$SMBUS/new_device
            iio_waitfor $JI '"event":"recovered"' 1
            expect "iio $kind: bound again, it is read again (a recovered record)" 1 \
                "$(grep -c '"event":"recovered","kind":"sensor"' $JI 2>/dev/null)"
        fi
        kill -TERM $RUNI 2>/dev/null
        waited=0   # bounded: 10 s of TCG time
        while [ $waited -lt 100 ] && kill -0 $RUNI 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
        kill -0 $RUNI 2>/dev/null && kill -KILL $RUNI
        wait $RUNI; RC=$?
        sed "s/^/KT-INFO iio $kind journal | /" $JI 2>/dev/null | head -20
        sed "s/^/KT-INFO iio $kind stderr | /" /tmp/kt/run-iio-$kind.err | tail -8
        expect "iio $kind: run exits 0 after SIGTERM" 0 "$RC"
        expect "iio $kind: two photos latched left-up (EXIF 6) then normal (EXIF 1)" "left-up 6 normal 1" \
            "$(grep '"event":"capture"' $JI 2>/dev/null | sed -n 's/.*"orientation":"\([a-z-]*\)".*"exif":\([0-9]\).*/\1 \2/p' | oneline)"
        # upright trace through the same device: the pose is normal now (x 0, y +16384 counts =
        # 0.99908 g at 0.000598 m/s^2 a count), the gyro's 41 counts 2.501 degrees a second.
        [ $kind = mpu6050 ] && iio_trace
        echo $address > $I2CDEVS/i2c-$SMBUS/delete_device 2>/dev/null
    }
    iio_trace() {
        timeout 15 $UPRIGHT trace --board /tmp/kt/board-iio-$kind.json --seconds 2 > /tmp/kt/trace-iio.csv 2> /tmp/kt/trace-iio.err; RC=$?
        ROWS=$(grep -c '^[0-9]' /tmp/kt/trace-iio.csv)
        GOOD=$(awk -F, 'function d(a, b) { return a > b ? a - b : b - a }
            /^[0-9]/ && d($2, 0) < 0.001 && d($3, 0.99908) < 0.001 && d($4, -0.24977) < 0.001 && d($5, 2.501) < 0.01' /tmp/kt/trace-iio.csv | wc -l)
        expect "iio $kind: trace through $node: exit 0, the gyro's columns, every row normal (0, 0.999, -0.250) g and 2.501 dps" \
            "0 t,ax,ay,az,gx,gy,gz,button yes $ROWS" \
            "$RC $(grep -v '^#' /tmp/kt/trace-iio.csv | head -1) $([ "$ROWS" -ge 50 ] && echo yes) $GOOD"
        sed 's/^/KT-INFO iio trace stderr | /' /tmp/kt/trace-iio.err | tail -3
    }
    iio_waitfor() { # iio_waitfor FILE PATTERN COUNT: at most 20 s of TCG time; a file not made yet counts 0
        waited=0
        while [ $waited -lt 200 ]; do
            n=$(grep -c "$2" $1 2>/dev/null)
            [ "${n:-0}" -ge $3 ] && return
            sleep 0.1; waited=$((waited + 1))
        done
    }
    # Normal: MPU-6050 x 0, y +16384, z -4096 (+-2 g, big-endian); ADXL345 x 0, y +256, z -64
    # (full resolution, little-endian), as guest-init.sh's header derives the left-up bytes.
    iio_chip mpu6050 0x68 inv-mpu6050-i2c dtoverlay=mpu6050 0x3b 0x00 0x00 0x40 0x00 0xf0 0x00
    # Debian 6.1's adxl345 IIO driver takes the chip type from device_get_match_data(), which a
    # client made by new_device (no device tree here) lacks: the rig builds it with one line
    # patched to take ADXL345 then (rig.sh, section 3), as a Pi's overlay gives it the type.
    # Normal: x 0, y +256, z -64 from DATAX0 (0x32), little-endian.
    iio_chip adxl345 0x53 adxl345_i2c dtoverlay=i2c-sensor,adxl345 0x32 0x00 0x00 0x00 0x01 0xc0 0xff
    preload $SMBUS
}
if [ "$ONLY" = iio ]; then
    iio_checks
    echo KT-DONE
    poweroff -f
fi

# ------------------------------------------------------------------ the static binary
if [ -x $UPRIGHT ]; then
    OUT=$(timeout 20 $UPRIGHT --help 2>&1); RC=$?
    case "$RC:$OUT" in
        0:*"Usage: upright COMMAND"*) pass "static upright runs in the guest: upright --help exits 0 with usage" ;;
        *) fail "static upright runs in the guest: upright --help exits 0 with usage" "exit $RC: $(echo "$OUT" | oneline)" ;;
    esac
    OUT=$(timeout 20 $UPRIGHT probe --help 2>&1); RC=$?
    case "$RC:$OUT" in
        0:*--bus*) pass "upright probe --help exits 0 and names --bus" ;;
        *) fail "upright probe --help exits 0 and names --bus" "exit $RC: $(echo "$OUT" | oneline)" ;;
    esac
else
    fail "static upright runs in the guest: upright --help exits 0 with usage" "$UPRIGHT missing"
fi

# ------------------------------------------------------------------ upright probe
WANT_XYZ=" x=-1.000 y=0.125 z=-0.250 g"
probe_checks() { # probe_checks BUS PATH-NAME (i2c-rdwr | smbus-block)
    b=$1; path=$2
    OUT=$(timeout 60 $UPRIGHT probe --bus $b 2>/tmp/kt/probe-$b.err); RC=$?
    echo "$OUT" | sed "s/^/KT-INFO probe --bus $b | /"
    sed "s/^/KT-INFO probe --bus $b stderr | /" /tmp/kt/probe-$b.err | head -5
    expect "probe --bus $b ($path): exit 0" 0 "$RC"
    for chip in "0x68 MPU-6050" "0x53 ADXL345"; do
        line=$(echo "$OUT" | grep "^$chip " | head -1)
        case "$line" in
            *"$WANT_XYZ"*) pass "probe --bus $b ($path): $chip reads left-up,$WANT_XYZ" ;;
            *) fail "probe --bus $b ($path): $chip reads left-up,$WANT_XYZ" "got '$line'" ;;
        esac
        echo "$line" | sed 's/^/KT-LINE /' >> /tmp/kt/probe-lines-$b
    done
    for address in 0x1d 0x69; do
        line=$(echo "$OUT" | grep "^$address " | head -1)
        case "$line" in
            *"no acknowledge"*) pass "probe --bus $b ($path): absent $address reported as no acknowledge" ;;
            *) fail "probe --bus $b ($path): absent $address reported as no acknowledge" "got '$line'" ;;
        esac
    done
    counts=$(echo "$OUT" | sed -n "s/^bus $b reads: i2c-rdwr=\([0-9]*\) smbus-block=\([0-9]*\).*/\1 \2/p" | head -1)
    set -- $counts
    if [ -z "$counts" ]; then
        fail "probe --bus $b: reads went over $path only" "no 'bus $b reads: i2c-rdwr=R smbus-block=S' line"
    elif [ "$path" = i2c-rdwr ] && [ "$1" -gt 0 ] && [ "$2" -eq 0 ]; then
        pass "probe --bus $b: reads went over $path only (i2c-rdwr=$1 smbus-block=$2)"
    elif [ "$path" = smbus-block ] && [ "$1" -eq 0 ] && [ "$2" -gt 0 ]; then
        pass "probe --bus $b: reads went over $path only (i2c-rdwr=$1 smbus-block=$2)"
    else
        fail "probe --bus $b: reads went over $path only" "i2c-rdwr=$1 smbus-block=$2"
    fi
}
if [ "$ONLY" != run ]; then
    probe_checks $SMBUS smbus-block
    probe_checks $RDWR i2c-rdwr
    if [ -s /tmp/kt/probe-lines-$SMBUS ] && cmp -s /tmp/kt/probe-lines-$SMBUS /tmp/kt/probe-lines-$RDWR &&
       ! grep -q '^KT-LINE $' /tmp/kt/probe-lines-$SMBUS; then
        pass "probe: both transfer paths print the same chip lines"
    else
        fail "probe: both transfer paths print the same chip lines" \
            "smbus: $(oneline < /tmp/kt/probe-lines-$SMBUS) / rdwr: $(oneline < /tmp/kt/probe-lines-$RDWR)"
    fi
    OUT=$(timeout 20 $UPRIGHT probe --bus 9 2>&1 >/dev/null); RC=$?
    case "$RC:$OUT" in
        [12]:*i2c-9*) pass "probe --bus 9 (no such bus): exit 1 or 2 with an error naming /dev/i2c-9" ;;
        *) fail "probe --bus 9 (no such bus): exit 1 or 2 with an error naming /dev/i2c-9" "exit $RC: $(echo "$OUT" | oneline)" ;;
    esac
fi

# ------------------------------------------------------------------ when the kernel stamps an edge
# edge-timing (Tests/Kernel/edge-timing.c) writes gpio-sim's pull and reads the edge event's
# timestamp: with no debounce the kernel stamps the edge when the line moves (its hard
# interrupt); with gpiolib-cdev's software debounce it stamps it when the debounce period has
# run out, so a debounced press would latch the orientation 30 ms after the touch. Upright
# requests its shutter with no kernel debounce and debounces in the recogniser, by these raw
# timestamps (docs/hardware.md, "GPIO").
if [ "$ONLY" != probe ]; then
    for debounce in 0 30000; do
        OUT=$(timeout 60 /opt/kt/edge-timing /dev/$CHIP 0 $PULL $debounce 8 2>&1); RC=$?
        info "$OUT"
        median=$(echo "$OUT" | sed -n 's/.*median_us=\([0-9-]*\).*/\1/p')
        if [ $RC -ne 0 ] || [ -z "$median" ]; then
            fail "edge timing, debounce $debounce us: the kernel reports every edge" "exit $RC: $(echo "$OUT" | oneline)"
        elif [ $debounce -eq 0 ] && [ "$median" -ge 0 ] && [ "$median" -lt 5000 ]; then
            pass "edge timing, no debounce: the edge is stamped when the line moves (median ${median} us after the pull)"
        elif [ $debounce -gt 0 ] && [ "$median" -ge $debounce ] && [ "$median" -lt $((debounce + 20000)) ]; then
            pass "edge timing, debounce $debounce us: the edge is stamped when the debounce ends (median ${median} us after the pull)"
        else
            fail "edge timing, debounce $debounce us: stamped as expected" "median $median us: $(echo "$OUT" | oneline)"
        fi
    done
    echo pull-down > $PULL
fi

# ------------------------------------------------------------------ upright run
if [ "$ONLY" != probe ]; then
    J=/tmp/kt/journal.ndjson
    E=/tmp/kt/events.ndjson
    start_jitter 1200
    # The camera stand-in run starts (board.json) logs its events and keeps its lock here.
    export CAMERA_STAND_IN_LOCK=/tmp/kt/run-camera.lock CAMERA_STAND_IN_LOG=/tmp/kt/run-camera.log
    $UPRIGHT run --board /opt/kt/board.json --json > $E 2> /tmp/kt/run.err &
    RUN=$!
    started() { # the first stable orientation is out and the shutter line is requested
        grep -q '"event":"orientation","orientation":"left-up"' $E 2>/dev/null &&
            gpioinfo $CHIP 2>/dev/null | grep 'line *0:' | grep -q used
    }
    waited=0   # bounded: at most 30 s of TCG time
    while [ $waited -lt 300 ] && kill -0 $RUN 2>/dev/null && ! started; do
        sleep 0.1; waited=$((waited + 1))
    done
    RUN_STATUS=
    if kill -0 $RUN 2>/dev/null; then
        pass "upright run starts with board.json and keeps running"
    else
        wait $RUN; RC=$?; RUN_STATUS=$RC
        fail "upright run starts with board.json and keeps running" "exit $RC: $(head -c 400 /tmp/kt/run.err | oneline)"
    fi
    if grep -q '"event":"orientation","orientation":"left-up"' $E; then
        pass "run: the detector reports left-up from the ADXL345 over I2C_RDWR (event stream)"
    else
        fail "run: the detector reports left-up from the ADXL345 over I2C_RDWR (event stream)" \
            "after $((waited / 10)) s: $(head -c 300 $E | oneline)"
    fi
    LINEINFO=$(gpioinfo $CHIP 2>&1 | grep 'line *0:')
    info "gpioinfo with upright running: $LINEINFO"
    if has_all "$LINEINFO" input active-low used pull-up; then
        pass "run: shutter line requested as input, active-low, bias pull-up"
    else
        fail "run: shutter line requested as input, active-low, bias pull-up" "gpioinfo: $LINEINFO"
    fi
    # gpio-sim starts pulled down; only the pull-up bias upright requested lifts the line.
    expect "run: the requested pull-up bias reaches the line (sysfs value 1 = released)" 1 "$(cat $VALUE 2>&1)"

    LEDINFO=$(gpioinfo $CHIP 2>&1 | grep 'line *1:')
    info "gpioinfo, the light's line, with upright running: $LEDINFO"
    if has_all "$LEDINFO" output used; then
        pass "run: the recording light's line is requested as an output"
    else
        fail "run: the recording light's line is requested as an output" "gpioinfo: $LEDINFO"
    fi
    expect "run: the recording light is off before the clip (sysfs value 0)" 0 "$(cat $LED 2>&1)"

    # The run: a photo held left-up; the pose turned to normal (the registers rewritten: x 0,
    # y +256 = +1.000 g, z -64 = -0.250 g, bytes 00 00 00 01 c0 ff) and a second photo from the
    # same still server; back to left-up, a hold (a clip), a press that stops it, a second hold
    # (a clip SIGTERM stops). Each photo is waited for (bounded) before the next input, since a
    # hold while a photo is taken is refused.
    waitfor() { # waitfor FILE PATTERN COUNT: at most 20 s of TCG time
        waited=0
        while [ $waited -lt 200 ] && [ "$(grep -c "$2" $1 2>/dev/null)" -lt $3 ]; do sleep 0.1; waited=$((waited + 1)); done
    }
    echo pull-up > $PULL; sleep 0.5
    click                                                        # photo 1, left-up
    waitfor $J '"event":"capture"' 1
    pose 0x00 0x00 0x00 0x01 0xc0 0xff                           # turned upright
    waitfor $E '"event":"orientation","orientation":"normal"' 1
    click                                                        # photo 2, normal, same server
    waitfor $J '"event":"capture"' 2
    pose 0x00 0xff 0x20 0x00 0xc0 0xff                           # left-up again
    waitfor $E '"event":"orientation","orientation":"left-up"' 2
    echo pull-down > $PULL; sleep 2; echo pull-up > $PULL        # hold past 1 s: a clip starts
    waitfor $J '"event":"record-start"' 1
    sleep 0.5
    expect "run: the recording light is on during the clip (sysfs value 1)" 1 "$(cat $LED 2>&1)"
    click                                                        # a press while recording stops the clip
    waitfor $J '"event":"record-stop"' 1
    sleep 0.5
    expect "run: the recording light is off after the clip (sysfs value 0)" 0 "$(cat $LED 2>&1)"
    echo pull-down > $PULL; sleep 2; echo pull-up > $PULL        # a second clip, stopped by SIGTERM
    waitfor $J '"event":"record-start"' 2
    sleep 1
    kill -TERM $RUN 2>/dev/null
    if [ -n "$RUN_STATUS" ]; then
        fail "run: SIGTERM while recording, exit 0 within 10 s" "upright run had already exited with $RUN_STATUS"
    else
        waited=0   # bounded: 10 s of TCG time
        while [ $waited -lt 100 ] && kill -0 $RUN 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
        if kill -0 $RUN 2>/dev/null; then
            fail "run: SIGTERM while recording, exit 0 within 10 s" "still running"
            kill -KILL $RUN
        else
            wait $RUN; RC=$?
            expect "run: SIGTERM while recording, exit 0 within 10 s" 0 "$RC"
        fi
    fi
    LEDINFO=$(gpioinfo $CHIP 2>&1 | grep 'line *1:')
    case "$LEDINFO" in
        *unused*) pass "run: the recording light's line is released at exit" ;;
        *) fail "run: the recording light's line is released at exit" "gpioinfo: $LEDINFO" ;;
    esac
    sed 's/^/KT-INFO run stderr | /' /tmp/kt/run.err | tail -20
    sed 's/^/KT-INFO journal | /' $J 2>/dev/null | head -20
    sed 's/^/KT-INFO run camera log | /' $CAMERA_STAND_IN_LOG 2>/dev/null | head -40

    count() { n=$(grep -c "\"event\":\"$1\"" $J 2>/dev/null); echo ${n:-0}; }
    expect "journal: two photos, two clip starts, two clip stops, nothing rejected or failed" "2 2 2 0 0 0" \
        "$(count capture) $(count record-start) $(count record-stop) $(count shutter-rejected) $(count capture-failed) $(count record-failed)"
    CAPS=$(grep '"event":"capture"' $J 2>/dev/null | sed -n 's/.*"orientation":"\([a-z-]*\)","exif":\([0-9]\).*/\1 \2/p' | tr '\n' ' ')
    expect "journal: photo 1 latched left-up (EXIF 6), photo 2 normal (EXIF 1)" "left-up 6 normal 1 " "$CAPS"
    START=$(grep '"event":"record-start"' $J 2>/dev/null | head -1)
    STOP=$(grep '"event":"record-stop"' $J 2>/dev/null | head -1)
    case "$START|$STOP" in
        *'"orientation":"left-up"'*'|'*'"orientation":"left-up"'*)
            pass "journal: the clip is latched left-up at start and stop" ;;
        *) fail "journal: the clip is latched left-up at start and stop" "got '$START' / '$STOP'" ;;
    esac
    # The camera: one still server took both photos (the stand-in's log: the first two `wrote`
    # lines from one pid); each hold's touch had a still taken too (zero shutter lag: the photo
    # is ordered at the touch), which the session deleted when the press became a clip: four
    # writes, two photo files. The camera was handed to rpicam-vid and back (still, vid, still,
    # vid, still starts), and nobody ever started while another owned it.
    WRITERS=$(grep ' still wrote ' $CAMERA_STAND_IN_LOG 2>/dev/null | head -2 | cut -d' ' -f1 | uniq | wc -l)
    expect "camera: both photos from one still server, and a still for each hold's touch" "4 1" \
        "$(grep -c ' still wrote ' $CAMERA_STAND_IN_LOG 2>/dev/null) $WRITERS"
    expect "a press that becomes a hold leaves no still: two photo files" "2" "$(ls /tmp/kt/out | grep -c '^IMG_')"
    STARTS=$(grep -E '^[0-9]+ (still|vid) start ' $CAMERA_STAND_IN_LOG 2>/dev/null | cut -d' ' -f2 | tr '\n' ' ')
    expect "camera: the still server hands the camera to each clip and takes it back" "still vid still vid " "$STARTS"
    expect "camera: no second owner while one held the camera" 0 "$(cat $CAMERA_STAND_IN_LOCK.violations 2>/dev/null | wc -l)"
    # Every file the journal names exists in the output directory; the files go to the host
    # (KT-FILE blocks, base64), where exiftool and ffprobe read their orientation.
    MISSING=
    for name in $(sed -n 's/.*"file":"\([^"]*\)".*/\1/p' $J | sort -u); do
        [ -f "/tmp/kt/out/$name" ] || MISSING="$MISSING $name"
    done
    expect "every file the journal names is in the output directory" "" "$MISSING"
    for f in $J /tmp/kt/out/*; do
        [ -f "$f" ] || continue
        echo "KT-FILE $(basename $f)"
        base64 $f | sed 's/^/KT-B64 /'
    done
    echo "KT-FILE-END"
    if [ -s $J ]; then
        expect "journal: no fault records" 0 "$(grep -c '"event":"fault"' $J)"
    else
        fail "journal: no fault records" "no journal at $J"
    fi

    # One firmware: the committed scenario describing this run (scenarios/kernel/
    # photo-clip-shutdown.json: the same pose, presses and SIGTERM on the simulated twin of
    # board.json) gives, record for record, the journal upright run wrote. Compared with the
    # times left out (`t`, a clip's `duration`, a photo's `lag` and `wait`) and the clip's
    # container (the simulator writes .mov, rpicam-vid .mp4).
    norm() { sed -e 's/"t":[0-9.]*,//' -e 's/,"duration":[0-9.e+-]*//' -e 's/,"lag":[0-9.e+-]*//' -e 's/,"wait":[0-9.e+-]*//' \
                 -e 's/"file":"\([A-Z]*_[0-9]*\)\.[a-z0-9]*"/"file":"\1"/' "$1" 2>/dev/null; }
    same_journal() { # same_journal NAME RUN-JOURNAL SCENARIO
        out=/tmp/kt/sim-$(basename $3 .json)
        (cd /opt/kt && timeout 60 $UPRIGHT sim scenarios/$3 --out $out >$out.txt 2>&1); RC=$?
        expect "$1: upright sim $3 meets its expectations" 0 "$RC"
        if [ -s "$2" ] && [ "$(norm $2)" = "$(norm $out/journal.ndjson)" ]; then
            pass "$1: run's journal equals sim's for $3, record for record (times left out)"
        else
            fail "$1: run's journal equals sim's for $3, record for record (times left out)" \
                "run: $(norm $2 | tr '\n' '|') sim: $(norm $out/journal.ndjson | tr '\n' '|')"
        fi
    }
    same_journal "one firmware" $J photo-clip-shutdown.json

    # A real unplug: the i2c-stub-rdwr device is taken off the bus (its `unplugged` parameter:
    # every message upright sends is not acknowledged) for 2.5 s, a press meanwhile, then it
    # comes back at the ADXL345's power-on register values (datasheet Rev. E, Table 19, see
    # docs/hardware.md: BW_RATE 0x0A, POWER_CTL, INT_ENABLE, INT_MAP, DATA_FORMAT, FIFO_CTL and
    # FIFO_STATUS 0), as a chip that lost power does. run must journal the fault and recovery
    # records sim writes for scenarios/kernel/unplug.json, the press in between latched stale.
    UNPLUG=/sys/module/i2c_stub_rdwr/parameters/unplugged
    J2=/tmp/kt/journal2.ndjson
    E2=/tmp/kt/events2.ndjson
    mkdir -p /tmp/kt/out2
    sed -e 's#/tmp/kt/out#/tmp/kt/out2#' -e 's#/tmp/kt/journal.ndjson#/tmp/kt/journal2.ndjson#' /opt/kt/board.json >/tmp/kt/board2.json
    $UPRIGHT run --board /tmp/kt/board2.json --json > $E2 2> /tmp/kt/run2.err &
    RUN2=$!
    waited=0   # bounded: at most 30 s of TCG time
    while [ $waited -lt 300 ] && kill -0 $RUN2 2>/dev/null && ! grep -q '"orientation":"left-up"' $E2 2>/dev/null; do
        sleep 0.1; waited=$((waited + 1))
    done
    click; sleep 1.5
    if [ -w $UNPLUG ]; then pass "unplug: i2c-stub-rdwr has a writable unplugged parameter"; else fail "unplug: i2c-stub-rdwr has a writable unplugged parameter" "$UNPLUG missing"; fi
    echo 1 > $UNPLUG
    sleep 1; click; sleep 1.25
    for register in "0x2c 0x0a" "0x2d 0x00" "0x2e 0x00" "0x2f 0x00" "0x31 0x00" "0x38 0x00" "0x39 0x00"; do
        $I2CSET -y $RDWR 0x53 $register
    done
    echo 0 > $UNPLUG
    waited=0   # bounded: at most 20 s of TCG time
    while [ $waited -lt 200 ] && ! grep -q '"event":"recovered","kind":"sensor-reset"' $E2 2>/dev/null; do
        sleep 0.1; waited=$((waited + 1))
    done
    sleep 1; click; sleep 1.5
    kill -TERM $RUN2 2>/dev/null
    waited=0   # bounded: 10 s of TCG time
    while [ $waited -lt 100 ] && kill -0 $RUN2 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
    if kill -0 $RUN2 2>/dev/null; then kill -KILL $RUN2; fi
    wait $RUN2; RC=$?
    expect "unplug: run exits 0 after SIGTERM" 0 "$RC"
    sed 's/^/KT-INFO unplug journal | /' $J2 2>/dev/null | head -20
    sed 's/^/KT-INFO unplug run stderr | /' /tmp/kt/run2.err | tail -10
    expect "unplug: three photos, the one while unplugged stale" "3 1" \
        "$(grep -c '"event":"capture"' $J2 2>/dev/null) $(grep -c '"event":"capture".*"stale":true' $J2 2>/dev/null)"
    same_journal "unplug" $J2 unplug.json

    # Stalls: upright run stopped (SIGSTOP) while the button is used, as an SD card's fsync or
    # a loaded Pi stalls it, then continued. Every press must get exactly one answer (a photo, a
    # rejection, a clip's start or its stop; a press the kernel dropped would be a
    # `shutter-edges` bound record counting it), and no photo may fail for the stall: the
    # inputs are judged at their own times, the camera's bounds count from when it got its
    # order.
    J3=/tmp/kt/journal3.ndjson
    E3=/tmp/kt/events3.ndjson
    mkdir -p /tmp/kt/out3
    sed -e 's#/tmp/kt/out#/tmp/kt/out3#' -e 's#/tmp/kt/journal.ndjson#/tmp/kt/journal3.ndjson#' /opt/kt/board.json >/tmp/kt/board3.json
    $UPRIGHT run --board /tmp/kt/board3.json --json > $E3 2> /tmp/kt/run3.err &
    RUN3=$!
    waited=0   # bounded: at most 30 s of TCG time
    while [ $waited -lt 300 ] && kill -0 $RUN3 2>/dev/null && ! grep -q '"orientation":"left-up"' $E3 2>/dev/null; do
        sleep 0.1; waited=$((waited + 1))
    done
    answers() { # photos, their failures, rejections, clip starts and clips stopped by a press
        n=$(grep -cE '"event":"(capture|capture-failed|shutter-rejected|record-start)"|"event":"record-stop".*"reason":"shutter"' $J3 2>/dev/null)
        echo ${n:-0}
    }
    presses=0
    settle() { # settle: wait (bounded, 40 s of TCG time) until every press so far is answered
        waited=0
        while [ $waited -lt 400 ] && [ "$(answers)" -lt $presses ]; do sleep 0.1; waited=$((waited + 1)); done
        sleep 1
    }
    fast() { echo pull-down > $PULL; sleep 0.06; echo pull-up > $PULL; sleep 0.06; presses=$((presses + 1)); }
    stall() { # stall SECONDS: SIGSTOP now, SIGCONT SECONDS later (the inputs go on meanwhile)
        kill -STOP $RUN3; STALL_END=$(( $(cut -d. -f1 /proc/uptime) + $1 ))
    }
    resume() { while [ "$(cut -d. -f1 /proc/uptime)" -lt $STALL_END ]; do sleep 0.1; done; kill -CONT $RUN3; }
    stall 2; click; presses=$((presses + 1)); resume; settle
    expect "stall 2 s: a press during it gets one answer" "$presses" "$(answers)"
    stall 4; click; presses=$((presses + 1)); resume; settle
    expect "stall 4 s: a press at its start gets one answer" "$presses" "$(answers)"
    expect "stall 4 s: no photo fails for the stall" 0 "$(grep -c '"event":"capture-failed"' $J3 2>/dev/null)"
    stall 2; echo pull-down > $PULL; sleep 1.5; echo pull-up > $PULL; presses=$((presses + 1)); resume; settle
    expect "stall 2 s: a hold released during it starts one clip" 1 "$(grep -c '"event":"record-start"' $J3 2>/dev/null)"
    click; presses=$((presses + 1)); settle
    expect "stall: the press after it stops the clip" 1 "$(grep -c '"event":"record-stop"' $J3 2>/dev/null)"
    stall 4; i=0; while [ $i -lt 40 ]; do fast; i=$((i + 1)); done; resume; settle
    expect "stall: 40 presses during one get 40 more answers (photos, then queue-full rejections)" "$presses" "$(answers)"
    expect "stall: no photo failed, no edge lost" "0 0" \
        "$(grep -c '"event":"capture-failed"' $J3 2>/dev/null) $(grep -c '"bound":"shutter-edges"' $J3 2>/dev/null)"
    kill -TERM $RUN3 2>/dev/null
    waited=0   # bounded: 10 s of TCG time
    while [ $waited -lt 100 ] && kill -0 $RUN3 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
    if kill -0 $RUN3 2>/dev/null; then kill -KILL $RUN3; fi
    wait $RUN3; RC=$?
    expect "stalls: run exits 0 after SIGTERM" 0 "$RC"
    sed 's/^/KT-INFO stalls journal | /' $J3 2>/dev/null | head -80
    sed 's/^/KT-INFO stalls run stderr | /' /tmp/kt/run3.err | tail -10
    kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
fi

# ------------------------------------------------------------------ the V4L2 camera on vivid
# vivid, the kernel's virtual video test driver (docs/camera.md, "V4L2", [vivid]),
# with one webcam-style capture node (n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0:
# /dev/video0), and `upright run` with board-v4l2.json: the camera backend v4l2, YUYV at
# 320 x 180 and 30 fps (vivid offers no Motion JPEG). vivid stamps its buffers at the end of
# the frame unless its Timestamp Source control says otherwise; the port reads the buffer's
# flags and moves such a stamp back one frame interval (docs/camera.md, "V4L2"). The run: a
# photo held left-up (the stream opens at its touch), one turned normal and one left-up again
# from the running stream, then a hold (a clip from the same stream) and the press that stops
# it, SIGTERM. Checks: the journal (three photos latched left-up 6, normal 1, left-up 6; one
# clip latched left-up; no fault, nothing rejected or failed); for each photo, from the port's
# log line and the journal's `lag`, that the moment the port was asked for is the touch (the
# gpio-sim edge's kernel timestamp, which the order carries) and that no frame of the ring on
# either side was nearer it, the lag printed; the files go to the host (KT-VFILE
# blocks), where exiftool reads each photo's EXIF Orientation and ffprobe the clip's rotation.
if [ "$ONLY" != probe ]; then
    for m in rc-core cec mc videodev videobuf2-common videobuf2-v4l2 videobuf2-memops videobuf2-vmalloc \
             videobuf2-dma-contig v4l2-dv-timings v4l2-tpg; do
        insmod $M/$m.ko 2>/tmp/kt/insmod.err || info "insmod $m: $(oneline < /tmp/kt/insmod.err)"
    done
    insmod $M/vivid.ko n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0 2>/tmp/kt/insmod.err ||
        info "insmod vivid: $(oneline < /tmp/kt/insmod.err)"
    waited=0   # bounded: 5 s
    while [ $waited -lt 50 ] && [ ! -c /dev/video0 ]; do sleep 0.1; waited=$((waited + 1)); done
    expect "vivid: /dev/video0 is a video capture node" "char vivid" \
        "$([ -c /dev/video0 ] && echo char) $(cat /sys/class/video4linux/video0/name 2>/dev/null | cut -d- -f1)"
    start_run() { # start_run BOARD N: upright run in the background (RUNPID), its events in
        # /tmp/kt/eventsN.ndjson and stderr in /tmp/kt/runN.err, until left-up (30 s of TCG time)
        mkdir -p /tmp/kt/out$2
        $UPRIGHT run --board $1 --json > /tmp/kt/events$2.ndjson 2> /tmp/kt/run$2.err &
        RUNPID=$!
        waited=0
        while [ $waited -lt 300 ] && kill -0 $RUNPID 2>/dev/null && ! grep -q '"orientation":"left-up"' /tmp/kt/events$2.ndjson 2>/dev/null; do
            sleep 0.1; waited=$((waited + 1))
        done
    }
    stop_run() { # stop_run PID: SIGTERM, at most 10 s of TCG time, then SIGKILL; its exit status in RC
        kill -TERM $1 2>/dev/null
        waited=0
        while [ $waited -lt 100 ] && kill -0 $1 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
        if kill -0 $1 2>/dev/null; then kill -KILL $1; fi
        wait $1; RC=$?
    }
    J5=/tmp/kt/journal5.ndjson
    E5=/tmp/kt/events5.ndjson
    mkdir -p /tmp/kt/out5
    pose 0x00 0xff 0x20 0x00 0xc0 0xff                           # left-up
    echo pull-up > $PULL
    start_jitter 900
    start_run /opt/kt/board-v4l2.json 5
    RUN5=$RUNPID
    if kill -0 $RUN5 2>/dev/null; then
        pass "v4l2 run: upright run starts with board-v4l2.json and keeps running"
    else
        fail "v4l2 run: upright run starts with board-v4l2.json and keeps running" "$(head -c 400 /tmp/kt/run5.err | oneline)"
    fi
    sleep 0.5
    click                                                        # photo 1, left-up: the stream opens
    waitfor $J5 '"event":"capture' 1
    sleep 1
    pose 0x00 0x00 0x00 0x01 0xc0 0xff                           # turned upright
    waitfor $E5 '"event":"orientation","orientation":"normal"' 1
    sleep 0.5
    click                                                        # photo 2, normal, from the running stream
    waitfor $J5 '"event":"capture' 2
    pose 0x00 0xff 0x20 0x00 0xc0 0xff                           # left-up again
    waitfor $E5 '"event":"orientation","orientation":"left-up"' 2
    sleep 0.5
    click                                                        # photo 3, left-up
    waitfor $J5 '"event":"capture' 3
    sleep 0.5
    echo pull-down > $PULL; sleep 2; echo pull-up > $PULL        # hold past 1 s: a clip from the stream
    waitfor $J5 '"event":"record-start"' 1
    sleep 1.5
    click                                                        # the press that stops it
    waitfor $J5 '"event":"record-stop"' 1
    waitfor $E5 '"event":"state","from":"recording"' 1
    sleep 1
    info "v4l2 run: SIGTERM at uptime $(cut -d' ' -f1 /proc/uptime)s"
    stop_run $RUN5
    kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
    expect "v4l2 run: exit 0 at SIGTERM" 0 "$RC"
    sed 's/^/KT-INFO v4l2 journal | /' $J5 2>/dev/null | head -30
    sed 's/^/KT-INFO v4l2 run stderr | /' /tmp/kt/run5.err | tail -20
    grep -v '"event":"orientation"' $E5 | tail -12 | sed 's/^/KT-INFO v4l2 events | /'
    count5() { n=$(grep -c "\"event\":\"$1\"" $J5 2>/dev/null); echo ${n:-0}; }
    expect "v4l2 journal: three photos, one clip started and stopped, nothing rejected or failed, no fault" "3 1 1 0 0 0 0" \
        "$(count5 capture) $(count5 record-start) $(count5 record-stop) $(count5 shutter-rejected) $(count5 capture-failed) $(count5 record-failed) $(count5 fault)"
    CAPS=$(grep '"event":"capture"' $J5 2>/dev/null | sed -n 's/.*"orientation":"\([a-z-]*\)","exif":\([0-9]\).*/\1 \2/p' | tr '\n' ' ')
    expect "v4l2 journal: photos latched left-up (EXIF 6), normal (EXIF 1), left-up (EXIF 6)" "left-up 6 normal 1 left-up 6 " "$CAPS"
    expect "v4l2 journal: the clip latched left-up" "left-up" \
        "$(grep '"event":"record-start"' $J5 2>/dev/null | sed -n 's/.*"orientation":"\([a-z-]*\)".*/\1/p')"
    expect "v4l2: a press that became a hold left no still: three photo files, one clip" "3 1" \
        "$(ls /tmp/kt/out5 | grep -c '^IMG_') $(ls /tmp/kt/out5 | grep -c '^CLIP_')"
    # Each photo's frame against the moment the port was asked for and against the touch. The
    # port's line: `v4l2 photo N: frame S exposed at X s for the moment Y s (frames before B,
    # after A; interval I us)` (B, A: the ring's neighbours, or none); the journal's capture
    # line: `lag`, the frame's exposure less the touch, in seconds to the millisecond.
    grep 'camera: v4l2 photo ' /tmp/kt/run5.err > /tmp/kt/v4l2-choices
    grep '"event":"capture"' $J5 2>/dev/null | sed -n 's/.*"lag":\([-0-9.e]*\).*/\1/p' > /tmp/kt/v4l2-lags
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        lag=$(sed -n "${n}p" /tmp/kt/v4l2-lags)
        verdict=$(echo "$line" | awk -v lag="${lag:-x}" '
            { for (i = 1; i <= NF; i++) {
                  if ($i == "exposed") x = $(i + 2); if ($i == "moment") y = $(i + 1)
                  if ($i == "before") b = $(i + 1); if ($i == "after") a = $(i + 1); if ($i == "interval") iv = $(i + 1) / 1e6 } }
            function abs(v) { return v < 0 ? -v : v }
            END {
                sub(/,$/, "", b); sub(/;$/, "", a); d = abs(x - y); ok = 1
                if (b != "none" && abs(b - y) < d) ok = 0
                if (a != "none" && abs(a - y) < d) ok = 0
                if (a == "none" && y - x >= iv / 2) ok = 0
                # The touch is the exposure less the lag (to the millisecond): the moment asked
                # must be it (within the rounding of the lag), and so the frame the nearest to it.
                t = x - lag; near = "?"
                if (lag != "x") {
                    near = "yes"
                    if (b != "none" && abs(b - t) < abs(x - t)) near = "no"
                    if (a != "none" && abs(a - t) < abs(x - t)) near = "no"
                    if (a == "none" && t - x >= iv / 2) near = "no"
                    if (near == "no" || abs(y - t) > 0.0015) ok = 0
                }
                asked = (lag == "x") ? "?" : sprintf("%+.0f ms", (y - t) * 1000)
                printf "%s frame %+.1f ms from the moment, lag from the touch %s ms, moment %s after the touch, nearest the touch too: %s, interval %.1f ms, before %s after %s",
                    ok ? "nearest" : "NOT-NEAREST", (x - y) * 1000, (lag == "x") ? "?" : sprintf("%+.0f", lag * 1000), asked, near, iv * 1000, b, a }')
        info "v4l2 photo $n: $verdict"
        case "$verdict" in
            nearest*) pass "v4l2 photo $n: the ring's nearest frame to the touch, the moment asked ($verdict)" ;;
            *) fail "v4l2 photo $n: the ring's nearest frame to the touch, the moment asked" "$verdict; $line" ;;
        esac
    done < /tmp/kt/v4l2-choices
    # Four: the three photos, and the still the hold's touch ordered, which the session gave up
    # when the press became a clip (no file, no line in the journal: the last, without a lag).
    expect "v4l2: the port logged a frame for each photo and for the hold's touch" 4 "$n"
    for f in $J5 /tmp/kt/out5/*; do
        [ -f "$f" ] || continue
        echo "KT-VFILE $(basename $f)"
        base64 $f | sed 's/^/KT-VB64 /'
    done
    echo "KT-VFILE-END"

    # Faults of the V4L2 camera, each a record, the firmware answering presses throughout:
    # - a format the device does not offer (board-v4l2.json asking for Motion JPEG, which vivid
    #   has not): `camera-unavailable`, the press's photo fails, the log's one line names what
    #   vivid offers and the key;
    # - the device gone mid-stream: vivid's Disconnect control (vivid-control, Tests/Kernel/
    #   vivid-control.c) acts as a USB unplug, every call on an open descriptor fails ENODEV
    #   until every descriptor is closed, when the device is back (docs/camera.md, [vivid]):
    #   `camera-died`, the session's restart opens it again, `recovered`, and the next press
    #   is a photo.
    start_jitter 900
    sed -e 's#"format": "YUYV"#"format": "MJPEG"#' -e 's#/tmp/kt/out5#/tmp/kt/out6#' -e 's#journal5#journal6#' \
        /opt/kt/board-v4l2.json > /tmp/kt/board-v4l2-mjpeg.json
    start_run /tmp/kt/board-v4l2-mjpeg.json 6
    sleep 0.5; click
    waitfor /tmp/kt/journal6.ndjson '"event":"capture' 1
    sleep 0.5
    stop_run $RUNPID
    sed 's/^/KT-INFO v4l2 MJPEG journal | /' /tmp/kt/journal6.ndjson 2>/dev/null | head -12
    sed 's/^/KT-INFO v4l2 MJPEG stderr | /' /tmp/kt/run6.err | tail -6
    expect "v4l2, a format vivid does not offer: camera-unavailable, the press's photo failed, exit 0" "1 1 0" \
        "$(grep -c '"event":"fault","kind":"camera-unavailable"' /tmp/kt/journal6.ndjson 2>/dev/null) $(grep -c '"event":"capture-failed"' /tmp/kt/journal6.ndjson 2>/dev/null) $RC"
    expect "v4l2, a format vivid does not offer: the log names what it offers and the key" "yes" \
        "$(grep -q '/dev/video0 offers YUYV, .*, not MJPEG (camera.format)' /tmp/kt/run6.err && echo yes)"

    sed -e 's#/tmp/kt/out5#/tmp/kt/out7#' -e 's#journal5#journal7#' /opt/kt/board-v4l2.json > /tmp/kt/board-v4l2-unplug.json
    J7=/tmp/kt/journal7.ndjson
    start_run /tmp/kt/board-v4l2-unplug.json 7
    sleep 0.5; click
    waitfor $J7 '"event":"capture' 1
    sleep 1
    OUT=$(/opt/kt/vivid-control /dev/video0 0x00f0f041 1 2>&1); info "vivid Disconnect: exit $? $OUT"
    waitfor $J7 '"event":"fault","kind":"camera-died"' 1
    waited=0   # bounded: 30 s of TCG time (the restart's backoff doubles to 8 s)
    while [ $waited -lt 300 ] && ! grep -q '"event":"recovered","kind":"camera' $J7 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
    sleep 0.5; click
    waited=0   # bounded: 20 s of TCG time
    while [ $waited -lt 200 ] && [ "$(grep -c '"event":"capture"' $J7 2>/dev/null)" -lt 2 ]; do sleep 0.1; waited=$((waited + 1)); done
    stop_run $RUNPID
    kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
    sed 's/^/KT-INFO v4l2 unplug journal | /' $J7 2>/dev/null | head -30
    sed 's/^/KT-INFO v4l2 unplug stderr | /' /tmp/kt/run7.err | tail -12
    PRESSES=$(grep -cE '"event":"(capture|capture-failed|shutter-rejected)"' $J7 2>/dev/null)
    expect "v4l2, the device gone mid-stream: camera-died, recovered once vivid is back, a photo after it, exit 0" "yes yes 2 0" \
        "$(grep -q '"event":"fault","kind":"camera-died"' $J7 && echo yes) $(grep -q '"event":"recovered","kind":"camera' $J7 && echo yes) $(grep -c '"event":"capture"' $J7 2>/dev/null) $RC"
    expect "v4l2, the device gone mid-stream: every press answered (a photo, a failure or a rejection)" "2" "${PRESSES:-0}"
    expect "v4l2, the device gone mid-stream: the log says the device is gone" "yes" \
        "$(grep -q 'VIDIOC_DQBUF: No such device (the device is gone' /tmp/kt/run7.err && echo yes)"

    # The camera before the IMU: `upright sim --realtime` with the same board, the simulated
    # ADXL345 and button (a scenario held left-up, one short press at 1 s) driving vivid: a
    # photo latched left-up, its file whole, the port's frame asked for the touch's moment in
    # the run's time (the kernel's stamps moved by the run's start).
    mkdir -p /tmp/kt/sim9
    cat > /tmp/kt/sim9/scenario.json <<SCENARIO
{ "description": "vivid with the simulated sensor and button", "board": "/opt/kt/board-v4l2.json", "duration": 3,
  "motion": [ { "t": 0, "angle": 90 } ], "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }
SCENARIO
    (cd /tmp/kt/sim9 && $UPRIGHT sim scenario.json --realtime --json --out out > events.ndjson 2> run.err)
    RC=$?
    grep -v orientation /tmp/kt/sim9/events.ndjson | head -8 | sed 's/^/KT-INFO v4l2 sim | /'
    sed 's/^/KT-INFO v4l2 sim stderr | /' /tmp/kt/sim9/run.err | tail -6
    expect "v4l2 with the simulated sensor (sim --realtime): a photo latched left-up, its file a whole JPEG, exit 0" "1 yes 0" \
        "$(grep -c '"event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg"' /tmp/kt/sim9/events.ndjson) $([ "$(tail -c 2 /tmp/kt/sim9/out/IMG_0001.jpg 2>/dev/null | od -An -tx1 | tr -d ' ')" = ffd9 ] && echo yes) $RC"
    SIMLINE=$(grep 'camera: v4l2 photo 0:' /tmp/kt/sim9/run.err | head -1)   # the port counts from 0
    info "v4l2 sim: $SIMLINE"
    case "$SIMLINE" in
        *'for the moment 1.0'*) pass "v4l2 with the simulated sensor: the photo is of the touch's moment in the run's time (1.0 s)" ;;
        *) fail "v4l2 with the simulated sensor: the photo is of the touch's moment in the run's time (1.0 s)" "$SIMLINE" ;;
    esac

    # A full card: the output on a 1 MiB tmpfs with no reserve, filled but for 12 KB, less
    # than a photo (vivid's frame, about 15 KB): the port's write is cut short by ENOSPC, the
    # session refuses the file as not whole with the card full: a `storage` fault, the press
    # refused or its photo failed for the card, no file left behind (the log says each step);
    # emptied, the next press is a photo.
    C=/tmp/kt/card
    mkdir -p $C && mount -t tmpfs -o size=1m tmpfs $C && mkdir -p $C/out
    sed -e "s#/tmp/kt/out5#$C/out#" -e "s#/tmp/kt/journal5.ndjson#$C/journal.ndjson#" \
        -e 's#"output": {#"output": { "reserve_mb": 0,#' /opt/kt/board-v4l2.json > /tmp/kt/board-v4l2-card.json
    start_jitter 300
    start_run /tmp/kt/board-v4l2-card.json 8
    dd if=/dev/zero of=$C/filler bs=1k count=$(( $(df -k $C | awk 'NR == 2 { print $4 }') - 12 )) 2>/dev/null
    info "v4l2 full card: $(df -k $C | awk 'NR == 2 { print $4 }') KB free"
    sleep 0.5
    info "v4l2 full card: $(df -k $C | awk 'NR == 2 { print $4 }') KB free at the press; $(ls -la $C $C/out | oneline)"
    click
    waited=0   # bounded: 20 s of TCG time
    while [ $waited -lt 200 ] && ! grep -qE '"event":"(capture|capture-failed|shutter-rejected)"' /tmp/kt/events8.ndjson; do
        sleep 0.1; waited=$((waited + 1))
    done
    FAILED=$(grep -E '"event":"(capture|capture-failed|shutter-rejected)"' /tmp/kt/events8.ndjson | head -1)
    rm -f $C/filler
    sleep 1.5; click
    waitfor /tmp/kt/events8.ndjson '"event":"capture"' 1
    stop_run $RUNPID
    kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
    grep -v '"event":"orientation"' /tmp/kt/events8.ndjson | head -12 | sed 's/^/KT-INFO v4l2 full card events | /'
    sed 's/^/KT-INFO v4l2 full card stderr | /' /tmp/kt/run8.err | tail -12
    # The touch's photo fails for the card (a `storage` fault); the press is answered at its
    # release, by then refused `storage full`, or, had the photo's failure come after the
    # release, failed `storage` (the crash test's full card allows both too).
    case "$FAILED" in
        *'"reason":"storage full"'*|*'"reason":"storage"'*) pass "v4l2, a full card: the press is refused storage full or its photo fails storage" ;;
        *) fail "v4l2, a full card: the press is refused storage full or its photo fails storage" "events: $(grep -v orientation /tmp/kt/events8.ndjson | tail -5 | oneline)" ;;
    esac
    expect "v4l2, a full card: a storage fault, no file left behind, a photo once emptied, exit 0" "1 0 1 0" \
        "$(grep -c '"event":"fault","kind":"storage"' $C/journal.ndjson 2>/dev/null) $(ls -A $C/out | grep -c '^\.') $(ls $C/out | grep -c '^IMG_') $RC"
    umount $C 2>/dev/null
fi

# ------------------------------------------------------------------ the MPU-6050's gyro on the Pi path
# Tests/Kernel/board-mpu6050.json: the MPU-6050 at 0x68 on the i2c-stub-rdwr bus, read_mode burst,
# no `gyro` key (on by default for the MPU-6050, docs/boards.md). Its registers hold the pose
# and a constant gyro rate (guest-devices.sh, MPU_BLOCK). What reached the wire is read from
# the kernel itself: the i2c tracepoints that i2c_transfer (I2C_RDWR's path) fires for every
# message (drivers/i2c/i2c-core-base.c; include/trace/events/i2c.h prints a read's reply as
# `i2c_reply: i2c-0 #1 a=068 f=0001 l=14 [c0-00-...]`, f=0001 being I2C_M_RD). Then:
# - `upright watch` (piped, plain lines) for 16 s: every burst read is a write of [3b] and a
#   14-byte reply holding the preloaded gyro bytes; its last line shows the learnt zero-rate
#   offset (+2.50, -5.00, +7.50) dps within 0.05 (it follows with a 2 s time constant:
#   7.5 dps is within 0.05 after 10 s of rest) and the fused gravity estimate (-1.000,
#   +0.125, -0.250) g within 0.010, left-up;
# - the same board with `"gyro": false` for 6 s: 6-byte replies only, no gyro in watch's line;
# - `upright run` with the board: a press gives one photo, latched left-up (EXIF 6).
# - `upright trace` with the board for 2 s: the gyro's columns, every row's rates the preloaded.
# The accelerometer's lowest bit is toggled every 0.1 s (mpu_jitter) as start_jitter does for
# the ADXL345: a plain-memory chip would otherwise repeat one reading until the driver's
# stuck-data monitor (64 identical accelerometer readings) restarted it.
if [ "$ONLY" != probe ]; then
    info "MPU-6050 gyro checks start at uptime $(cut -d' ' -f1 /proc/uptime)s"
    T=/sys/kernel/tracing
    mount -t tracefs nodev $T 2>/dev/null
    echo 4096 > $T/buffer_size_kb 2>/dev/null
    echo 1 > $T/events/i2c/i2c_write/enable 2>/dev/null
    echo 1 > $T/events/i2c/i2c_reply/enable 2>/dev/null
    echo > $T/trace 2>/dev/null
    # The harness first: a combined transfer of its own (i2ctransfer, GYRO_XOUT_H 0x43, RM 4.19)
    # is in the trace with the bytes it read.
    $I2CTRANSFER -y $RDWR w1@0x68 0x43 r6 >/dev/null 2>&1
    expect "harness: the kernel's i2c trace shows i2ctransfer's read of GYRO_OUT (0x43, 6 bytes)" \
        "i2c_write: i2c-0 #0 a=068 l=1 [43] | i2c_reply: i2c-0 #1 a=068 l=6 [00-29-ff-ae-00-7b]" \
        "$(sed -n 's/.*\(i2c_write: i2c-0 #0 a=068\) f=[0-9a-f]* \(l=1 \[43\]\).*/\1 \2/p' $T/trace 2>/dev/null | head -1) | $(sed -n 's/.*\(i2c_reply: i2c-0 #1 a=068\) f=[0-9a-f]* \(l=6 .*\)/\1 \2/p' $T/trace 2>/dev/null | head -1)"
    mpu_jitter() { # mpu_jitter ROUNDS: ACCEL_XOUT_L (0x3C) 0 or 1 (x -16384 or -16383 counts, -1.000 g) every 0.1 s
        ( n=0; while [ $n -lt "$1" ]; do
              $I2CSET -y $RDWR 0x68 0x3c $((n % 2)) 2>/dev/null; sleep 0.1; n=$((n + 1))
          done ) &
        MPU_JITTER=$!
    }
    near() { # near WANT GOT TOLERANCE: comma-separated numbers, each within TOLERANCE of its WANT
        awk -v w="$1" -v g="$2" -v t="$3" 'BEGIN { n = split(w, a, ","); if (split(g, b, ",") != n) exit 1
            for (i = 1; i <= n; i++) { d = a[i] - b[i]; if (d < 0) d = -d; if (d > t) exit 1 } }'
    }
    field() { echo "$2" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; } # field NAME LINE
    mpu_watch() { # mpu_watch BOARD SECONDS OUT: watch piped for SECONDS; the 0x68 replies in OUT.replies
        echo > $T/trace
        timeout $2 $UPRIGHT watch --board $1 > $3 2> $3.err; RC=$?
        grep ' i2c_write: i2c-0 .* a=068 ' $T/trace > $3.writes
        grep ' i2c_reply: i2c-0 .* a=068 ' $T/trace > $3.replies
        sed "s/^/KT-INFO watch $(basename $1) | /" $3 | tail -4
        sed "s/^/KT-INFO watch $(basename $1) stderr | /" $3.err | tail -5
        head -6 $3.writes $3.replies | sed "s/^/KT-INFO watch $(basename $1) trace | /"
        return $RC
    }
    mpu_jitter 430
    mpu_watch /opt/kt/board-mpu6050.json 16 /tmp/kt/watch-mpu; RC=$?
    expect "MPU-6050 watch (gyro by default): exit 0 at SIGTERM" 0 "$RC"
    # (f= is the message's flags: I2C_M_RD 0x0001, and i2c-dev's I2C_M_DMA_SAFE 0x0200.)
    BURSTS=$(grep -c ' l=14 ' /tmp/kt/watch-mpu.replies)
    GYRO_BURSTS=$(grep -cE ' a=068 f=[0-9a-f]+ l=14 \[c0-0[01]-08-00-f0-00-f0-b0-00-29-ff-ae-00-7b\]' /tmp/kt/watch-mpu.replies)
    FROM_3B=$(grep -cE ' a=068 f=[0-9a-f]+ l=1 \[3b\]' /tmp/kt/watch-mpu.writes)
    SHORT=$(grep -cE ' l=(6|12) ' /tmp/kt/watch-mpu.replies)
    # GYRO_CONFIG 0x1B = 0x18, FS_SEL 3 (RM 4.4): the +-2000 dps, 16.4 LSB/dps the bytes mean.
    FS_SEL=$(grep -cE ' a=068 f=[0-9a-f]+ l=2 \[1b-18\]' /tmp/kt/watch-mpu.writes)
    if [ "$BURSTS" -ge 100 ] && [ "$GYRO_BURSTS" = "$BURSTS" ] && [ "$FROM_3B" = "$BURSTS" ] && [ "$SHORT" = 0 ] && [ "$FS_SEL" -ge 1 ]; then
        pass "MPU-6050 wire: GYRO_CONFIG 0x18 written, then $BURSTS burst reads from 0x3B, each 14 bytes ending in the gyro's 00 29 ff ae 00 7b"
    else
        fail "MPU-6050 wire: GYRO_CONFIG 0x18 written, then 100 or more burst reads from 0x3B, each 14 bytes ending in the gyro's 00 29 ff ae 00 7b" \
            "$FS_SEL writes of [1b-18], $BURSTS 14-byte replies, $GYRO_BURSTS with the preloaded bytes, $FROM_3B writes of [3b], $SHORT 6- or 12-byte replies; $(grep ' l=14 ' /tmp/kt/watch-mpu.replies | grep -vE '\[c0-0[01]-08-00-f0-00-f0-b0-00-29-ff-ae-00-7b\]' | head -2)"
    fi
    LAST=$(grep 'gyro-offset=' /tmp/kt/watch-mpu | tail -1)
    OFFSET=$(field gyro-offset "$LAST")
    if near "2.5,-5,7.5" "$OFFSET" 0.05; then
        pass "MPU-6050 watch: the learnt zero-rate offset is (+2.50, -5.00, +7.50) dps within 0.05 (got $OFFSET)"
    else
        fail "MPU-6050 watch: the learnt zero-rate offset is (+2.50, -5.00, +7.50) dps within 0.05" "last line with it: '$LAST'"
    fi
    GRAVITY=$(field g "$LAST")
    if near "-1,0.125,-0.25" "$GRAVITY" 0.01 && [ "$(field detected "$LAST")" = left-up ]; then
        pass "MPU-6050 watch: the fused estimate is (-1.000, +0.125, -0.250) g within 0.010, left-up (got $GRAVITY)"
    else
        fail "MPU-6050 watch: the fused estimate is (-1.000, +0.125, -0.250) g within 0.010, left-up" "last line with a gyro offset: '$LAST'"
    fi
    expect "MPU-6050 watch: no implausible-offset warning, no stuck-data restart" 0 \
        "$(grep -ciE 'zero-rate|stuck' /tmp/kt/watch-mpu.err)"
    sed 's/"read_mode": "burst",/"read_mode": "burst", "gyro": false,/' /opt/kt/board-mpu6050.json > /tmp/kt/board-mpu6050-nogyro.json
    mpu_watch /tmp/kt/board-mpu6050-nogyro.json 6 /tmp/kt/watch-nogyro; RC=$?
    expect "MPU-6050 with \"gyro\": false: exit 0, 6-byte accelerometer reads only, no gyro in watch" \
        "0 yes 0 0" \
        "$RC $([ "$(grep -cE ' a=068 f=[0-9a-f]+ l=6 \[c0-0[01]-08-00-f0-00\]' /tmp/kt/watch-nogyro.replies)" -ge 20 ] && echo yes) $(grep -c ' l=14 ' /tmp/kt/watch-nogyro.replies) $(grep -c 'gyro-offset=' /tmp/kt/watch-nogyro)"

    # `upright trace` of the same chip writes the gyro's columns (degrees a second), so a trace
    # of a gyro board replays with the rates the detector judged: every row the preloaded
    # +2.5, -5.0, +7.5 (00 29 ff ae 00 7b at 16.4 LSB/dps).
    timeout 10 $UPRIGHT trace --board /opt/kt/board-mpu6050.json --seconds 2 > /tmp/kt/trace-mpu.csv 2> /tmp/kt/trace-mpu.err; RC=$?
    TRACE_ROWS=$(grep -c '^[0-9]' /tmp/kt/trace-mpu.csv)
    TRACE_RATES=$(awk -F, 'function d(a, b) { return a > b ? a - b : b - a }
        /^[0-9]/ && d($5, 2.5) < 0.001 && d($6, -5) < 0.001 && d($7, 7.5) < 0.001' /tmp/kt/trace-mpu.csv | wc -l)
    expect "MPU-6050 trace: exit 0, the gyro's columns, every row's rates the preloaded (+2.5, -5.0, +7.5) dps" \
        "0 t,ax,ay,az,gx,gy,gz,button yes $TRACE_ROWS" \
        "$RC $(grep -v '^#' /tmp/kt/trace-mpu.csv | head -1) $([ "$TRACE_ROWS" -ge 100 ] && echo yes) $TRACE_RATES"

    J4=/tmp/kt/journal4.ndjson
    E4=/tmp/kt/events4.ndjson
    mkdir -p /tmp/kt/out4
    export CAMERA_STAND_IN_LOCK=/tmp/kt/run4-camera.lock CAMERA_STAND_IN_LOG=/tmp/kt/run4-camera.log
    $UPRIGHT run --board /opt/kt/board-mpu6050.json --json > $E4 2> /tmp/kt/run4.err &
    RUN4=$!
    waited=0   # bounded: at most 30 s of TCG time
    while [ $waited -lt 300 ] && kill -0 $RUN4 2>/dev/null && ! grep -q '"orientation":"left-up"' $E4 2>/dev/null; do
        sleep 0.1; waited=$((waited + 1))
    done
    sleep 0.5; click
    waited=0   # bounded: at most 20 s of TCG time
    while [ $waited -lt 200 ] && ! grep -q '"event":"capture"' $J4 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
    kill -TERM $RUN4 2>/dev/null
    waited=0   # bounded: 10 s of TCG time
    while [ $waited -lt 100 ] && kill -0 $RUN4 2>/dev/null; do sleep 0.1; waited=$((waited + 1)); done
    if kill -0 $RUN4 2>/dev/null; then kill -KILL $RUN4; fi
    wait $RUN4; RC=$?
    kill $MPU_JITTER 2>/dev/null; wait $MPU_JITTER 2>/dev/null
    sed 's/^/KT-INFO MPU-6050 run journal | /' $J4 2>/dev/null | head -10
    sed 's/^/KT-INFO MPU-6050 run stderr | /' /tmp/kt/run4.err | tail -10
    expect "MPU-6050 run: a press gives one photo latched left-up (EXIF 6), no fault, exit 0 at SIGTERM" "1 left-up 6 0 0" \
        "$(grep -c '"event":"capture"' $J4 2>/dev/null) $(grep '"event":"capture"' $J4 2>/dev/null | sed -n 's/.*"orientation":"\([a-z-]*\)","exif":\([0-9]\).*/\1 \2/p' | head -1) $(grep -c '"event":"fault"' $J4 2>/dev/null) $RC"
    echo 0 > $T/events/i2c/i2c_write/enable 2>/dev/null
    echo 0 > $T/events/i2c/i2c_reply/enable 2>/dev/null
    info "MPU-6050 gyro checks end at uptime $(cut -d' ' -f1 /proc/uptime)s"
fi
# The camera stand-in (Tests/CameraStandIn) under the guest's busybox ash: a still server writes
# the fixture JPEG, named by its counter, for each SIGUSR1 and exits 0 on SIGUSR2; a recorder
# started while it owns the camera is refused (exit 255) and the violation recorded. Every wait
# is bounded (20 s), and a stand-in still there at the end is killed.
CS=/opt/kt/camera
export CAMERA_STAND_IN_LOCK=/tmp/kt/camera.lock CAMERA_STAND_IN_LOG=/tmp/kt/camera.log
logged() { # logged PID TEXT: how many lines of the stand-in's event log (0 before it exists)
    n=$(grep -c "^$1 .* $2" $CAMERA_STAND_IN_LOG 2>/dev/null)
    echo "${n:-0}"
}
waitlog() { # waitlog PID TEXT COUNT
    n=0
    while [ "$(logged "$1" "$2")" -lt "$3" ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
}
reap() { # reap PID: its exit status, or 137 after SIGKILL if it is still running after 20 s
    n=0
    while kill -0 "$1" 2>/dev/null && [ $n -lt 400 ]; do
        # A zombie has exited; wait collects it.
        [ "$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' /proc/$1/stat 2>/dev/null)" = Z ] && break
        sleep 0.05; n=$((n + 1))
    done
    kill -0 "$1" 2>/dev/null && [ $n -ge 400 ] && kill -KILL "$1"
    wait "$1"
}
$CS/rpicam-still -t 0 --signal -o /tmp/kt/stand-in%04d.jpg 2>/tmp/kt/stand-in-still.err &
STILL=$!
waitlog $STILL ready 1
kill -USR1 $STILL; waitlog $STILL wrote 1
kill -USR1 $STILL; waitlog $STILL wrote 2
$CS/rpicam-vid -t 0 -o /tmp/kt/stand-in.mp4 2>/tmp/kt/stand-in-vid.err &
VID=$!
reap $VID; VID_STATUS=$?
kill -USR2 $STILL
reap $STILL; STILL_STATUS=$?
SAME=0
for f in /tmp/kt/stand-in0000.jpg /tmp/kt/stand-in0001.jpg; do cmp -s $f $CS/fixture.jpg && SAME=$((SAME + 1)); done
expect "camera stand-in: two SIGUSR1, two JPEGs named by the counter, SIGUSR2 exits 0" "2 0" "$SAME $STILL_STATUS"
expect "camera stand-in: a recorder started while the still server owns the camera is refused and recorded" \
    "255 1" "$VID_STATUS $(grep -c "^vid pid .* refused: camera owned by still pid $STILL" $CAMERA_STAND_IN_LOCK.violations 2>/dev/null)"
sed 's/^/KT-INFO camera stand-in log | /' $CAMERA_STAND_IN_LOG 2>/dev/null
cat /tmp/kt/stand-in-still.err /tmp/kt/stand-in-vid.err 2>/dev/null | sed 's/^/KT-INFO camera stand-in stderr | /'
[ -z "$ONLY" ] && iio_checks

# ------------------------------------------------------------------ devices that go away
# (docs/running.md, "Devices that go away".) A GPIO chip removed under `run`: gpio-sim's chip
# taken down through configfs (`live` 0) while run holds its shutter and light lines; the line
# request's descriptor hangs up. run must journal a `device-lost` fault, stop cleanly and exit 1
# (systemd's Restart=on-failure starts it again); before, it noted the hang-up on stderr and ran
# on, deaf to every press. The chip is made live again and a new run (as systemd's restart)
# takes photos with it. Then the I2C adapter goes: i2c-stub-rdwr's `gone` deletes the adapter
# as unplugging a USB adapter does (its /dev/i2c-0 goes at once; the kernel's deletion waits
# until every descriptor on it is closed; rmmod is refused while one is open): the same record
# naming /dev/i2c-0, exit 1, and the adapter's deletion done once run has let go. Last, since
# bus 0 does not come back.
if [ "$ONLY" != probe ] && [ "$ONLY" != iio ]; then
    start_jitter 900
    gone_run() { # gone_run N: run on a copy of board.json (out-goneN, journal-goneN), until left-up
        GJ=/tmp/kt/journal-gone$1.ndjson; GE=/tmp/kt/events-gone$1.ndjson
        mkdir -p /tmp/kt/out-gone$1
        sed -e "s#/tmp/kt/out#/tmp/kt/out-gone$1#" -e "s#/tmp/kt/journal.ndjson#$GJ#" /opt/kt/board.json >/tmp/kt/board-gone$1.json
        $UPRIGHT run --board /tmp/kt/board-gone$1.json --json >$GE 2>/tmp/kt/run-gone$1.err &
        GONE_RUN=$!
        waited=0   # bounded: at most 30 s of TCG time
        while [ $waited -lt 300 ] && kill -0 $GONE_RUN 2>/dev/null && ! grep -q '"orientation":"left-up"' $GE 2>/dev/null; do
            sleep 0.1; waited=$((waited + 1))
        done
    }
    gone_exit() { # gone_exit: GONE_RC, GONE_RUN's exit status within 20 s of TCG time, else `running` (then killed)
        # In this shell, not a $(...) subshell: only the parent reaps, and a zombie answers kill -0.
        waited=0
        while [ $waited -lt 200 ] && kill -0 $GONE_RUN 2>/dev/null &&
              [ "$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' /proc/$GONE_RUN/stat 2>/dev/null)" != Z ]; do
            sleep 0.1; waited=$((waited + 1))
        done
        if [ $waited -ge 200 ]; then
            kill -KILL $GONE_RUN; wait $GONE_RUN 2>/dev/null; GONE_RC=running
        else
            wait $GONE_RUN; GONE_RC=$?
        fi
        info "run exited $GONE_RC after $waited tenths of a second"
    }
    gone_report() { # gone_report N NAME
        sed "s/^/KT-INFO $2 journal | /" /tmp/kt/journal-gone$1.ndjson 2>/dev/null | tail -6
        sed "s/^/KT-INFO $2 stderr | /" /tmp/kt/run-gone$1.err | tail -6
    }
    lost() { n=$(grep -c '"event":"fault","kind":"device-lost"' "$1" 2>/dev/null); echo ${n:-0}; }

    gone_run 1
    echo pull-up > $PULL; sleep 0.5
    click
    waitfor $GJ '"event":"capture"' 1
    echo 0 > $G/live
    gone_exit
    gone_report 1 "gpio chip removed"
    expect "gpio chip removed under run: one photo before, then a device-lost fault and exit 1" "1 1 1" \
        "$(grep -c '"event":"capture"' $GJ 2>/dev/null) $(lost $GJ) $GONE_RC"
    expect "gpio chip removed: the fault names the shutter line or the chip" 1 \
        "$(grep '"kind":"device-lost"' $GJ 2>/dev/null | grep -c -e 'shutter line' -e '/dev/gpiochip')"

    echo 1 > $G/live
    CHIP=$(cat $G/gpio-bank0/chip_name 2>/dev/null)
    SIMDEV=$(cat $G/dev_name 2>/dev/null)
    PULL=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio0/pull
    gone_run 2
    echo pull-up > $PULL; sleep 0.5
    click
    waitfor $GJ '"event":"capture"' 1
    expect "gpio chip back: a new run (systemd's restart) takes a photo with it" 1 "$(grep -c '"event":"capture"' $GJ 2>/dev/null)"
    if rmmod i2c_stub_rdwr 2>/dev/null; then
        fail "i2c adapter: rmmod is refused while run holds /dev/i2c-0" "rmmod succeeded"
    else
        pass "i2c adapter: rmmod is refused while run holds /dev/i2c-0 (the module is in use)"
    fi
    GONE=/sys/module/i2c_stub_rdwr/parameters/gone
    echo 1 > $GONE
    waited=0   # bounded: 5 s of TCG time
    while [ $waited -lt 50 ] && [ -e /dev/i2c-$RDWR ]; do sleep 0.1; waited=$((waited + 1)); done
    expect "i2c adapter gone: /dev/i2c-$RDWR is removed while run still holds it" absent "$([ -e /dev/i2c-$RDWR ] && echo present || echo absent)"
    gone_exit
    gone_report 2 "i2c adapter gone"
    expect "i2c adapter gone under run: a device-lost fault naming /dev/i2c-$RDWR, then exit 1" "1 1" \
        "$(grep '"kind":"device-lost"' $GJ 2>/dev/null | grep -c "/dev/i2c-$RDWR") $GONE_RC"
    waited=0   # bounded: 10 s of TCG time
    while [ $waited -lt 100 ] && [ -e /sys/bus/i2c/devices/i2c-$RDWR ]; do sleep 0.1; waited=$((waited + 1)); done
    expect "i2c adapter gone: the kernel's deletion completes once run has let go" absent \
        "$([ -e /sys/bus/i2c/devices/i2c-$RDWR ] && echo present || echo absent)"
    kill $JITTER 2>/dev/null; wait $JITTER 2>/dev/null
fi
info "tainted $(cat /proc/sys/kernel/tainted) (4096 out-of-tree, 8192 unsigned modules); done at uptime $(cut -d' ' -f1 /proc/uptime)s"
echo KT-DONE
poweroff -f
