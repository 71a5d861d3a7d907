#!/bin/bash
# The system test's checks, run at every boot of the guest by sysrig-test.service (after
# multi-user.target). /root/stage says which boot this is:
#   1. plain Debian: install the package with apt, a V4L2 board on vivid, enable --now, photos
#      and a clip, a press before the detector's first decision, reload, stop during a clip;
#      the sandbox's camera-stack needs (dma_heap and the rest) against the installed unit and
#      against the old DeviceAllow=/dev/dma_heap; the rpicam stand-in board, photos and a clip;
#      upright killed alone (Restart=, start-up's reconciliation, the orphaned camera program);
#      then a reboot.
#   2. after the reboot: the enabled service is back and takes a photo; a clip is started and
#      the host cuts the power (kills QEMU) when the console says SYSRIG-CUT-NOW.
#   3. after the power cut, with the devices 12 s late: the service waits for them (no failed
#      start), the journal and the files agree; Raspberry Pi OS's own udev rules beside the
#      package's; a USB-like unplug and replug of the V4L2 camera; an upgrade of the package
#      while it runs; a purge; poweroff.
# Each check is a line "PASS  name" or "FAIL  name: why" in /root/out/results; figures go to
# /root/out/figures; the photos, clips and journals the host checks with exiftool and ffprobe
# are copied under /root/out/files/. The host reads /root/out back after the last poweroff.
set -u
OUT=/root/out
STAGE=$(cat /root/stage 2>/dev/null || echo 1)
exec >>"$OUT/stage$STAGE.log" 2>&1
. /run/sysrig.env
D=/var/lib/upright
J=$D/journal.ndjson
STAND_IN=/usr/local/lib/camera-stand-in

up() { cut -d' ' -f1 /proc/uptime; }
say() { echo "### [$(up)] $*"; }
pass() { echo "PASS  [$STAGE] $1" | tee -a "$OUT/results"; sync; }
fail() { echo "FAIL  [$STAGE] $1: $2" | tee -a "$OUT/results"; sync; }
# expect NAME WANT GOT
expect() { if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected '$2', got '$3'"; fi; }
# check NAME COMMAND...: passes when the command exits 0
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name" "'$*' failed"; fi; }
figure() { echo "$1: $2" | tee -a "$OUT/figures"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
# The shutter: a press is the line pulled down (the button to ground), a release pulled up.
touch_down() { echo pull-down >"$PULL"; }
let_go() { echo pull-up >"$PULL"; }
click() { touch_down; sleep 0.25; let_go; }
hold() { touch_down; sleep 2.2; let_go; }   # past the board's hold_ms (1500): a clip
# pose X0 X1 Y0 Y1 Z0 Z1: the ADXL345's data registers (DATAX0 0x32 on), 256 LSB a g.
pose() { i2cset -y "$RDWR" 0x53 0x32 "$@" i 2>/dev/null; }
left_up() { pose 0x00 0xff 0x20 0x00 0xc0 0xff; }     # x -1 g: left-up, EXIF 6
normal() { pose 0x00 0x00 0x00 0x01 0xc0 0xff; }      # y +1 g: normal, EXIF 1
right_up() { pose 0x00 0x01 0x20 0x00 0xc0 0xff; }    # x +1 g: right-up, EXIF 8
count() { local n; n=$(grep -c "\"event\":\"$1\"" "$J" 2>/dev/null); echo "${n:-0}"; }
# waitcount EVENT N [TENTHS]: until the journal has N lines of EVENT (bounded: 30 s of TCG time)
waitcount() {
    local w=0 limit=${3:-300}
    while [ $w -lt "$limit" ] && [ "$(count "$1")" -lt "$2" ]; do sleep 0.1; w=$((w + 1)); done
    [ "$(count "$1")" -ge "$2" ]
}
# waitline: until upright holds the shutter line (bounded: 60 s)
line_used() { gpioinfo "$CHIP" 2>/dev/null | grep -E '^\s+line\s+0:' | grep -q 'upright-shutter'; }
waitline() { local w=0; while [ $w -lt 600 ] && ! line_used; do sleep 0.1; w=$((w + 1)); done; line_used; }
mainpid() { systemctl show -p MainPID --value upright; }
prop() { systemctl show -p "$1" --value upright; }
# The orientation of photo N's capture line, and its EXIF value.
capture_line() { grep '"event":"capture"' "$J" | grep "\"shot\":$1[,}]"; }
# save NAME: the output directory (files and journals) to /root/out/files/NAME for the host's
# exiftool and ffprobe checks; the journals concatenated (a reload's rotated one first).
save() {
    local to=$OUT/files/$1
    mkdir -p "$to"
    cp -a "$D"/IMG_* "$D"/CLIP_* "$to/" 2>/dev/null
    cat "$D"/journal.ndjson.1 "$J" >"$to/journal.ndjson" 2>/dev/null
}
# agree: `upright journal --files` lists exactly the photos and clips in the directory (over the
# journal and the one a reload rotated away; the reopened journal begins with a checkpoint of it).
agree() {
    local said found
    said=$(upright journal --files $(ls "$D"/journal.ndjson.1 2>/dev/null) "$J" 2>/dev/null | sed -n 's/.*"file":"\([^"]*\)".*/\1/p' | LC_ALL=C sort -u)
    found=$(cd "$D" && ls | grep -E '^(IMG|CLIP)_[0-9]+\.' | LC_ALL=C sort)
    [ "$said" = "$found" ] || { echo "journal says: $said"; echo "directory has: $found"; return 1; }
}
write_board() { # write_board v4l2|command
    local camera
    if [ "$1" = v4l2 ]; then
        camera='"backend": "v4l2", "device": "/dev/video0", "width": 320, "height": 180, "fps": 30, "format": "YUYV", "ring_frames": 8, "quality": 80'
    else
        camera="\"backend\": \"command\", \"mode\": \"server\", \"ready_ms\": 600,
    \"still\": [\"$STAND_IN/rpicam-still\", \"-t\", \"0\", \"--signal\", \"--nopreview\", \"-o\", \"{file}\"],
    \"video\": [\"$STAND_IN/rpicam-vid\", \"-t\", \"0\", \"--nopreview\", \"--codec\", \"libav\", \"-o\", \"{file}\"]"
    fi
    cat >/etc/upright/board.json <<B
{
  "name": "sysrig: QEMU guest under systemd, ADXL345 on i2c-stub-rdwr, shutter on gpio-sim, $1 camera",
  "i2c": { "bus": $RDWR },
  "sensor": { "kind": "adxl345", "address": "0x53", "rate_hz": 100, "range_g": 2, "mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1" },
  "shutter": { "chip": "upright-system-test", "line": 0, "debounce_ms": 30, "hold_ms": 1500 },
  "camera": { $camera },
  "output": { "directory": "$D", "journal": "$J" }
}
B
}
# The unit's own warnings from systemd (parse errors, "is not a device", "Couldn't stat").
unit_warnings() {
    journalctl -b --no-pager -o cat _PID=1 -p warning 2>/dev/null | grep -E 'upright\.service' |
        grep -vE 'Main process exited|Failed with result|Killing process|code=killed|status=9/KILL'
}

# A script that ends before its stage's last step (a shell error) says so and powers the guest
# off, so the host does not wait for its timeout.
finished=no
trap '[ "$finished" = yes ] || { fail "stage $STAGE ran to its end" "test.sh exited early (see stage$STAGE.log)"; sync; systemctl poweroff --no-block; }' EXIT
say "stage $STAGE starts; $(uname -r)"
systemctl --failed --no-pager
journalctl -u upright -b --no-pager -o short-monotonic | head -30

if [ "$STAGE" = 1 ]; then
    # ------------------------------------------------------------- install on plain Debian
    # Plain Debian leaves the GPIO chips and the DMA heaps to root (and the I2C buses too without
    # i2c-tools' rules, which this image leaves out: the guest has i2c-tools only to play the chip).
    expect "plain Debian before the package: /dev/gpiochip* and /dev/i2c-$RDWR are root's" "root root" \
        "$(stat -c %G /dev/"$CHIP") $(stat -c %G /dev/i2c-"$RDWR")"
    say "apt-get install ./upright_0.2.0_amd64.deb"
    t0=$(now)
    (cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ./upright_0.2.0_amd64.deb)
    rc=$?
    figure "install with apt (s)" "$(since "$t0")"
    expect "apt installs the package" 0 $rc
    expect "the service is installed, not enabled (the board file comes first)" "disabled" "$(systemctl is-enabled upright 2>&1)"
    expect "the package's udev rules give the nodes to i2c, gpio and video, 0660" "i2c 660 gpio 660 video 660" \
        "$(stat -c '%G %a' /dev/i2c-"$RDWR") $(stat -c '%G %a' /dev/"$CHIP") $(stat -c '%G %a' /dev/dma_heap/linux,cma)"
    # (minbase has no man-db, so the unit's Documentation=man:upright(1) cannot be opened here.)
    out=$(systemd-analyze verify upright.service 2>&1 | grep -vF "Command 'man upright(1)' failed")
    expect "systemd-analyze verify finds nothing in the installed unit" "" "$out"

    # ------------------------------------------------------------- the sandbox and the camera stack
    # A probe run under the installed unit's own sandbox lines (its [Unit] and [Service] less
    # what starts the firmware), as the service's user: it opens what libcamera and rpicam-apps
    # open on a Pi (docs/install.md, "What the camera stack needs"). Then the same probe with the
    # unit's old DeviceAllow=/dev/dma_heap, which must fail: it is how a check sees the bug.
    cat >/usr/local/bin/sysrig-camera-probe <<'P'
#!/bin/sh
# What rpicam-apps and libcamera open and call on a Pi, one line each: "ok WHAT" or "no WHAT".
try() { what=$1; shift; if "$@" 2>/dev/null; then echo "ok $what"; else echo "no $what"; fi; }
try "dma_heap linux,cma" sh -c 'exec 3<>/dev/dma_heap/linux,cma'
try "dma_heap system" sh -c 'exec 3<>/dev/dma_heap/system'
try "video4linux /dev/video0" sh -c 'exec 3<>/dev/video0'
try "media /dev/media0" sh -c 'exec 3<>/dev/media0'
try "sysfs media enumeration" sh -c 'ls /sys/bus/media/devices/ | grep -q media'
try "sysfs uevent of the video node" sh -c 'grep -q DEVNAME=video0 /sys/dev/char/$(cat /sys/class/video4linux/video0/dev)/uevent'
try "/proc/self/fd" sh -c 'ls /proc/self/fd >/dev/null'
try "memfd_create (x86_64 call 319)" perl -e 'my $name = "libcamera"; exit(syscall(319, $name, 0) < 0 ? 1 : 0)'
try "i2c /dev/i2c-N" sh -c 'exec 3<>$(ls /dev/i2c-* | tail -1)'
try "gpiochip" sh -c 'exec 3<>$(ls /dev/gpiochip* | tail -1)'
P
    chmod 0755 /usr/local/bin/sysrig-camera-probe
    probe_unit() { # probe_unit NAME [SED-EXPRESSION]: the installed unit, ExecStart the probe
        sed -e '/^ExecStart=/c ExecStart=/usr/local/bin/sysrig-camera-probe' -e '/^ExecReload=/d' -e '/^Restart/d' \
            -e 's/^Type=simple/Type=oneshot/' -e '/^\[Install\]/,$d' ${2:+-e "$2"} \
            /usr/lib/systemd/system/upright.service >/run/systemd/system/"$1".service
    }
    probe_unit sysrig-probe
    probe_unit sysrig-probe-old 's#^DeviceAllow=char-dma_heap rw#DeviceAllow=/dev/dma_heap rw#'
    systemctl daemon-reload
    for u in sysrig-probe sysrig-probe-old; do
        systemctl start "$u"
        journalctl -u "$u" -b --no-pager -o cat | grep -E '^(ok|no) ' >"$OUT/$u.txt"
        sed "s/^/$u: /" "$OUT/$u.txt"
    done
    expect "under the installed unit's sandbox, every node and call the camera stack needs is allowed" \
        "" "$(grep -v '^ok ' "$OUT/sysrig-probe.txt"; [ -s "$OUT/sysrig-probe.txt" ] || echo 'no probe output')"
    expect "under the old DeviceAllow=/dev/dma_heap the heaps are refused (the bug this check catches)" \
        "no dma_heap linux,cma no dma_heap system" "$(grep dma_heap "$OUT/sysrig-probe-old.txt" | tr '\n' ' ' | sed 's/ $//')"
    check "systemd says the old line's /dev/dma_heap is not a device" \
        sh -c "journalctl -b --no-pager -o cat _PID=1 | grep -q '/dev/dma_heap is not a device'"

    # ------------------------------------------------------------- enable --now, V4L2 on vivid
    write_board v4l2
    say "systemctl enable --now upright"
    t0=$(now)
    systemctl enable --now upright
    expect "systemctl enable --now upright" "0 active" "$? $(systemctl is-active upright)"
    check "upright takes the shutter line" waitline
    left_up; sleep 0.3
    click
    waitcount capture 1
    figure "enable --now to the first photo, the press as soon as the line is taken (s)" "$(since "$t0")"
    expect "a press on vivid: a photo latched left-up, EXIF 6" "1" \
        "$(capture_line 1 | grep -c '"orientation":"left-up","exif":6')"
    expect "systemd logs no warning about the unit" "" "$(unit_warnings)"
    check "journalctl -u upright shows the firmware's notes" \
        sh -c "journalctl -u upright -b --no-pager -o cat | grep -q 'upright run: .*sampling'"
    normal; sleep 1.5; click; waitcount capture 2
    expect "a second press: normal, EXIF 1" "1" "$(capture_line 2 | grep -c '"orientation":"normal","exif":1')"
    right_up; sleep 1.5; hold; waitcount record-start 1
    sleep 2; click; waitcount record-stop 1
    expect "a hold: a clip latched right-up (rotation 270), stopped by a press" "1 1" \
        "$(grep -c '"event":"record-start","orientation":"right-up".*"rotation":270' "$J") $(grep -c '"event":"record-stop".*"reason":"shutter"' "$J")"

    # A press before the detector has decided anything: the service restarted with the chip
    # reading 1.75 g (a shake: no orientation is trusted), touched as soon as the shutter line is
    # taken, the chip at rest left-up from the touch on, released 0.9 s later (a short press:
    # the board's hold_ms is 1500). The first decision (left-up, about 0.2 s after the touch on
    # a Pi, up to 0.5 s under TCG) comes between touch and release: the latch waits for it.
    # Should the release come first, the photo says `unknown`; never a default (normal).
    pose 0x40 0xfe 0x20 0x00 0xc0 0xff
    systemctl restart upright
    waitline
    touch_down; left_up; sleep 0.9; let_go
    waitcount capture 3
    info=$(journalctl -u upright -b --no-pager -o short-monotonic | tail -8)
    echo "$info"
    latched=$(capture_line 3 | sed -n 's/.*"orientation":"\([a-z-]*\)".*/\1/p')
    case "$latched" in
        left-up) pass "a press before the first decision latches the first decision (left-up), not a default" ;;
        unknown) pass "a press before the first decision says unknown (released before the decision), not a default" ;;
        *) fail "a press before the first decision latches the first decision (left-up) or unknown, not a default" "latched '$latched'" ;;
    esac

    # reload (logrotate's): the journal moved away is reopened under its name, same process.
    pid=$(mainpid)
    mv "$J" "$J.1"
    systemctl reload upright
    expect "systemctl reload" 0 $?
    sleep 1; normal; sleep 1.5; click
    w=0; while [ $w -lt 300 ] && ! grep -q '"event":"capture"' "$J" 2>/dev/null; do sleep 0.1; w=$((w + 1)); done
    expect "reload: the journal reopened under its name (a new file with the next photo), same MainPID" "1 $pid" \
        "$(grep -c '"event":"capture"' "$J" 2>/dev/null) $(mainpid)"
    check "reload: the firmware says it reopened the journal" \
        sh -c "journalctl -u upright -b --no-pager -o cat | grep -q 'journal reopened: $J'"

    # stop during a clip: finished and named, exit 0, within TimeoutStopSec.
    clips=$(count record-start)
    left_up; sleep 1.5; hold
    waitcount record-start $((clips + 1))
    sleep 1.5
    t0=$(now)
    systemctl stop upright
    stop=$(since "$t0")
    figure "systemctl stop during a clip (s)" "$stop"
    expect "stop during a clip: exit 0, Result=success" "0 success" "$(prop ExecMainStatus) $(prop Result)"
    clip=$(grep '"event":"record-stop"' "$J" | tail -1)
    file=$(echo "$clip" | sed -n 's/.*"file":"\([^"]*\)".*/\1/p')
    expect "stop during a clip: record-stop (shutdown), the clip under its final name" "1 yes" \
        "$(echo "$clip" | grep -c '"reason":"shutdown"') $([ -n "$file" ] && [ -s "$D/$file" ] && echo yes)"
    check "stop during a clip: within TimeoutStopSec ($(prop TimeoutStopUSec))" \
        awk -v s="$stop" 'BEGIN { exit !(s < 30) }'
    check "after the stop: the journal and the files agree" agree
    save v4l2

    # ------------------------------------------------------------- the rpicam stand-in
    write_board command
    systemctl start upright
    waitline
    photos=$(count capture)
    left_up; sleep 1.5; click; waitcount capture $((photos + 1))
    expect "rpicam stand-in: a press, a photo latched left-up" "1" \
        "$(grep '"event":"capture"' "$J" | tail -1 | grep -c '"orientation":"left-up","exif":6')"
    clips=$(count record-start)
    normal; sleep 1.5; hold; waitcount record-start $((clips + 1))
    sleep 2; click; waitcount record-stop $((clips + 1))
    expect "rpicam stand-in: a clip latched normal, stopped by a press" "1" \
        "$(grep '"event":"record-stop"' "$J" | tail -1 | grep -c '"reason":"shutter"')"

    # upright killed alone mid-clip (its camera program orphaned): Restart= brings it back,
    # the orphan does not outlive it, start-up reconciles the cut clip.
    right_up; sleep 1.5; hold; waitcount record-start $((clips + 2))
    sleep 1
    pid=$(mainpid)
    cg=/sys/fs/cgroup$(prop ControlGroup)
    children=$(grep -vx "$pid" "$cg/cgroup.procs" | tr '\n' ' ')
    say "upright $pid, its camera programs: $children"
    restarts=$(prop NRestarts)
    t0=$(now)
    systemctl kill --kill-who=main -s KILL upright
    w=0; while [ $w -lt 300 ] && { [ "$(prop NRestarts)" = "$restarts" ] || ! line_used; }; do sleep 0.1; w=$((w + 1)); done
    figure "SIGKILL to upright to the shutter line taken again (s)" "$(since "$t0")"
    expect "SIGKILL: Restart= brings it back (one restart, a new MainPID, active)" "$((restarts + 1)) yes active" \
        "$(prop NRestarts) $([ "$(mainpid)" != "$pid" ] && echo yes) $(systemctl is-active upright)"
    alive=""
    for c in $children; do kill -0 "$c" 2>/dev/null && alive="$alive $c"; done
    expect "SIGKILL: the orphaned camera programs are gone ($children)" "" "$alive"
    cut=$(grep '"event":"record-start"' "$J" | tail -1 | sed -n 's/.*"clip":\([0-9]*\).*/\1/p')
    expect "SIGKILL: start-up journals the cut clip $cut (record-failed interrupted, or file-recovered)" "1" \
        "$(grep -E "\"event\":\"(record-failed|file-recovered)\".*\"clip\":$cut[,}]" "$J" | head -1 | wc -l)"
    check "SIGKILL: the journal and the files agree" agree
    normal; sleep 1.5; photos=$(count capture); click; waitcount capture $((photos + 1))
    expect "SIGKILL: a photo after the restart" "$((photos + 1))" "$(count capture)"
    save stand-in

    # ------------------------------------------------------------- reboot
    echo 2 >/root/stage
    now >/root/reboot-at
    say "stage 1 done: reboot"
    finished=yes
    sync
    systemctl reboot --no-block
elif [ "$STAGE" = 2 ]; then
    at=$(cat /root/reboot-at)
    expect "after a reboot: upright enabled and active" "enabled active" "$(systemctl is-enabled upright) $(systemctl is-active upright)"
    # The wall clock of the activation: now less the monotonic time since it.
    figure "reboot to active (s)" "$(awk -v a="$at" -v now="$(now)" -v up="$(up)" -v m="$(prop ActiveEnterTimestampMonotonic)" \
        'BEGIN { printf "%.1f", now - (up - m / 1e6) - a }')"
    figure "boot (kernel start) to active (s)" "$(awk -v m="$(prop ActiveEnterTimestampMonotonic)" 'BEGIN { printf "%.1f", m / 1e6 }')"
    check "after a reboot: upright takes the shutter line" waitline
    photos=$(count capture)
    left_up; sleep 1.5; click; waitcount capture $((photos + 1))
    expect "after a reboot: a photo" "$((photos + 1))" "$(count capture)"
    # The power cut: a clip recording, then the host kills QEMU. The next boot's devices come late.
    clips=$(count record-start)
    normal; sleep 1.5; hold; waitcount record-start $((clips + 1))
    sleep 1
    echo 3 >/root/stage
    echo 12 >/root/devices-delay
    grep '"event":"record-start"' "$J" | tail -1 >/root/cut-clip
    sync
    say "stage 2: the power cut"
    finished=yes
    echo "<2>SYSRIG-CUT-NOW" >/dev/kmsg
    sleep 600
else
    # ------------------------------------------------------------- after the cut, devices late
    journalctl -u upright -b --no-pager -o short-monotonic | head -20
    expect "devices 12 s late: the service never failed (NRestarts 0) and is active" "0 active" \
        "$(prop NRestarts) $(systemctl is-active upright)"
    check "devices 12 s late: the firmware said what it waited for" \
        sh -c "journalctl -u upright -b --no-pager -o cat | grep -q 'upright run: waiting for /dev/i2c-$RDWR'"
    check "devices late: upright takes the shutter line once they are there" waitline
    cut=$(sed -n 's/.*"clip":\([0-9]*\).*/\1/p' /root/cut-clip)
    expect "power cut: start-up journals the clip $cut cut mid-recording" "1" \
        "$(grep -E "\"event\":\"(record-failed|file-recovered|file-missing)\".*\"clip\":$cut[,}]" "$J" | head -1 | wc -l)"
    check "power cut: the journal and the files agree" agree
    photos=$(count capture)
    left_up; sleep 1.5; click; waitcount capture $((photos + 1))
    expect "power cut, devices late: a photo after" "$((photos + 1))" "$(count capture)"
    save cut

    # Raspberry Pi OS's own rules beside the package's: the same groups, nothing fought over.
    cat >/etc/udev/rules.d/99-com.rules <<'R'
SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660"
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
SUBSYSTEM=="dma_heap", GROUP="video", MODE="0660"
R
    udevadm control --reload-rules
    udevadm trigger --action=change --subsystem-match=i2c-dev --subsystem-match=gpio --subsystem-match=dma_heap
    udevadm settle
    expect "with Raspberry Pi OS's rules too: the nodes keep their groups" "i2c 660 gpio 660 video 660" \
        "$(stat -c '%G %a' /dev/i2c-"$RDWR") $(stat -c '%G %a' /dev/"$CHIP") $(stat -c '%G %a' /dev/dma_heap/linux,cma)"

    # A USB webcam unplugged and plugged back: vivid's platform device unbound (its nodes go,
    # as a USB disconnect takes them) and bound again.
    write_board v4l2
    systemctl restart upright
    waitline
    photos=$(count capture)
    left_up; sleep 1.5; click; waitcount capture $((photos + 1))
    died=$(count fault)
    echo vivid.0 >/sys/bus/platform/drivers/vivid/unbind
    check "unplug: /dev/video0 is gone" sh -c '! test -e /dev/video0'
    w=0; while [ $w -lt 300 ] && ! grep -q '"event":"fault","kind":"camera-' "$J"; do sleep 0.1; w=$((w + 1)); done
    grep '"event":"fault"' "$J" | tail -3
    check "unplug: a camera fault record" grep -q '"event":"fault","kind":"camera-died"' "$J"
    sleep 2
    echo vivid.0 >/sys/bus/platform/drivers/vivid/bind
    udevadm settle
    w=0; while [ $w -lt 400 ] && ! grep -q '"event":"recovered","kind":"camera-' "$J"; do sleep 0.1; w=$((w + 1)); done
    check "plugged back: recovered" grep -q '"event":"recovered","kind":"camera-' "$J"
    photos=$(count capture)
    normal; sleep 1.5; click; waitcount capture $((photos + 1))
    expect "plugged back: a photo" "$((photos + 1))" "$(count capture)"
    expect "unplug and replug: the service never restarted" "0 active" "$(prop NRestarts) $(systemctl is-active upright)"

    # An upgrade while it runs: restarted, the board file kept.
    pid=$(mainpid)
    cp /etc/upright/board.json /root/board-before
    (cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ./upright_0.2.0+sysrig1_amd64.deb)
    expect "upgrade while running: apt succeeds, the new version installed" "0 0.2.0+sysrig1" \
        "$? $(dpkg-query -W -f='${Version}' upright)"
    expect "upgrade while running: restarted (a new MainPID), active" "yes active" \
        "$([ "$(mainpid)" != "$pid" ] && [ "$(mainpid)" != 0 ] && echo yes) $(systemctl is-active upright)"
    check "upgrade while running: the board file kept" cmp /root/board-before /etc/upright/board.json
    waitline
    photos=$(count capture)
    left_up; sleep 1.5; click; waitcount capture $((photos + 1))
    expect "after the upgrade: a photo" "$((photos + 1))" "$(count capture)"

    # Purge.
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q upright
    expect "purge: apt succeeds, the service gone" "0 inactive" "$? $(systemctl is-active upright)"
    check "purge: no unit, no board file, no udev rules, no enabling link" sh -c \
        '! test -e /usr/lib/systemd/system/upright.service && ! test -e /etc/upright && ! test -e /usr/lib/udev/rules.d/60-upright.rules && ! test -e /etc/systemd/system/multi-user.target.wants/upright.service'
    check "purge (unattended): the photos and journal kept" test -s "$J"
    echo done >/root/stage
    say "stage 3 done: poweroff"
    finished=yes
    sync
    systemctl poweroff --no-block
fi
