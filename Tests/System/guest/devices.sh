#!/bin/bash
# The system test's "hardware", made at every boot by sysrig-devices.service: i2c-stub-rdwr
# with an ADXL345 at 0x53 (held left-up), gpio-sim chip upright-system-test (line 0 the
# shutter, pulled up: released), vivid as /dev/video0 and dma-heap-stub's /dev/dma_heap nodes.
# With /root/devices-delay holding N, it first sleeps N seconds: a Pi whose overlay or module
# probes late. Writes /run/sysrig.env for the test script.
set -u
exec >>/root/out/devices.log 2>&1
delay=$(cat /root/devices-delay 2>/dev/null || echo 0)
echo "=== devices.sh at uptime $(cut -d' ' -f1 /proc/uptime), delay ${delay} s"
[ "$delay" -gt 0 ] && sleep "$delay"
# udev loads i2c_piix4, which takes i2c-0: the stub's bus is found by its adapter's name.
bus_named() {
    for d in /sys/bus/i2c/devices/i2c-*; do
        [ "$(cat "$d/name" 2>/dev/null)" = "$1" ] && { echo "${d##*/i2c-}"; return; }
    done
}
modprobe i2c-dev
modprobe i2c-stub-rdwr chip_addr=0x53 || echo "modprobe i2c-stub-rdwr failed"
RDWR=$(bus_named "SMBus stub driver (rdwr)")
# ADXL345 (data sheet Rev. E, "Register Map", Table 19; docs/hardware.md): DEVID 0xE5 at 0x00,
# INT_SOURCE 0x30 (data ready), DATAX0 0x32 on, FIFO_STATUS 0x39: left-up, x at -256 LSB (-1 g at 3.9 mg/LSB), one FIFO entry.
i2cset -y "$RDWR" 0x53 0x00 0xe5
i2cset -y "$RDWR" 0x53 0x30 0x80
i2cset -y "$RDWR" 0x53 0x39 0x01
i2cset -y "$RDWR" 0x53 0x32 0x00 0xff 0x20 0x00 0xc0 0xff i
modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0 || echo "modprobe vivid failed"
modprobe dma-heap-stub || echo "modprobe dma-heap-stub failed"
# The GPIO chip last: upright opens its bus and its shutter chip before it reads the chip, so
# a service waiting for them never meets the stub's registers before they are set above.
modprobe gpio-sim || echo "modprobe gpio-sim failed"
G=/sys/kernel/config/gpio-sim/upright
mkdir -p $G/gpio-bank0/line0 $G/gpio-bank0/line1
echo 2 >$G/gpio-bank0/num_lines
echo upright-system-test >$G/gpio-bank0/label
echo shutter >$G/gpio-bank0/line0/name
echo led >$G/gpio-bank0/line1/name
echo 1 >$G/live
CHIP=$(cat $G/gpio-bank0/chip_name)
SIMDEV=$(cat $G/dev_name)
PULL=/sys/devices/platform/$SIMDEV/$CHIP/sim_gpio0/pull
echo pull-up >"$PULL"
udevadm settle
cat >/run/sysrig.env <<E
RDWR=$RDWR
CHIP=$CHIP
PULL=$PULL
E
cat /run/sysrig.env
ls -l /dev/i2c-* /dev/gpiochip* /dev/video* /dev/media* /dev/dma_heap/* 2>&1
echo "=== devices ready at uptime $(cut -d' ' -f1 /proc/uptime)"
