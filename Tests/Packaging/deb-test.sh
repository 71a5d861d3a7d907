#!/usr/bin/env bash
# deb-test: Upright's Debian package installed on this machine for real (as root), used, upgraded,
# removed and purged, with a check after each step (`make deb-test`; CI runs it):
#   Tests/Packaging/deb-test.sh PACKAGE.deb INSTALL-TREE
# INSTALL-TREE is what `make install DESTDIR=INSTALL-TREE` wrote, checked first: the static
# program under /usr/local, its unit running that one, the manual page and the boards.
#
# 1. dpkg -i: the version dpkg shows is what `upright --version` prints; the program is the one
#    make install installs (the static build); the files, the conffile, md5sums; the unit
#    passes `systemd-analyze verify`; the user upright (a system user, no login) is in i2c,
#    gpio and video, which exist; /var/lib/upright is its own (0750); the unit is not enabled;
#    the shipped board file parses (run stops at the missing I2C bus, exit 1, not at the board,
#    exit 2); the user can write photos, clips and a journal there.
# 2. Upgrades: a changed board file is kept when the package's is unchanged; when both changed
#    dpkg asks (no answer on stdin fails the upgrade), and --force-confold keeps it with the
#    package's beside it (board.json.dpkg-dist).
# 3. dpkg -r: the program, unit, manual, boards and docs go; the board file, the user, the
#    photos and the admin's enabling of the unit stay.
# 4. dpkg --purge, not answering (the default, no): /etc/upright (the board file, its
#    .dpkg-dist, calibrate's .bak and temporary files), the unit's links and debconf's answers
#    go; the user and /var/lib/upright stay, and nothing else named upright or owned by it is
#    left.
# 5. Installed again over the kept user and photos, then purged answering yes (preseeded, as an
#    unattended purge would be): the photos, the user and its group go too, and the machine
#    holds nothing named upright or owned by it that it did not hold before; the device groups
#    stay (other software and udev rules may use them).
# Without a running systemd (a container, CI) the scripts' calls to it (reload, restart, stop)
# are skipped, which this checks too: every step must succeed there. Stopping a running service on removal needs a
# booted systemd, so it is not exercised here.
# One PASS/FAIL line per check, then 'N passed, N failed'; exit 1 if any failed. It refuses to
# run where upright is installed or a user upright exists, and purges what it installed when
# stopped.
set -uo pipefail

deb=${1:?usage: Tests/Packaging/deb-test.sh PACKAGE.deb INSTALL-TREE}
tree=${2:?usage: Tests/Packaging/deb-test.sh PACKAGE.deb INSTALL-TREE}
if [ "$(id -u)" != 0 ]; then
    echo "deb-test: must run as root (it installs the package)" >&2
    exit 2
fi
[ -f "$deb" ] || {
    echo "deb-test: $deb: no such package (make deb builds it)" >&2
    exit 2
}
if dpkg-query -W -f='${Status}' upright 2>/dev/null | grep -qv 'not-installed'; then
    echo "deb-test: upright is installed on this machine; purge it first (the test installs and purges it)" >&2
    exit 2
fi
if getent passwd upright >/dev/null || getent group upright >/dev/null; then
    echo "deb-test: a user or group upright exists on this machine; the test creates and deletes it" >&2
    exit 2
fi

export DEBIAN_FRONTEND=noninteractive
work=$(mktemp -d /tmp/upright-deb-test-XXXXXX)
passed=0
failed=0

cleanup() {
    if dpkg-query -W -f='${Status}' upright 2>/dev/null | grep -qv 'not-installed'; then
        echo 'upright upright/purge-data boolean true' | debconf-set-selections
        dpkg --force-confold --purge upright >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# check NAME COMMAND...: runs the command (output kept for a failure's report).
check() {
    local name=$1
    shift
    if "$@" >"$work/check.log" 2>&1; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name"
        sed 's/^/    /' "$work/check.log" | head -n 20
        failed=$((failed + 1))
    fi
}
absent() { for path in "$@"; do if [ -e "$path" ] || [ -L "$path" ]; then echo "$path is still there"; return 1; fi; done; }
present() { for path in "$@"; do if ! [ -e "$path" ]; then echo "$path is missing"; return 1; fi; done; }
status_is() { test "$(dpkg-query -W -f='${Status}' upright 2>&1)" = "$1" || dpkg-query -W -f='${Status}\n' upright; }
owner_mode() { test "$(stat -c '%U:%G %a' "$1")" = "$2" || stat -c '%U:%G %a' "$1"; }
# Every path on the machine's own filesystems that is named like upright or belongs to the user
# or group upright (by number, so a deleted user's files still show), one a line, but for
# temporary directories, this repository's build trees and /var/cache (man-db keeps formatted
# pages there, which its own weekly job expunges, and man never shows one without its source).
leftovers() {
    local uid=$1 gid=$2
    find /etc /usr /var /opt /srv /home -xdev \
        \( -path /var/tmp -o -path /var/cache -o -path /work -o -path '*/.build' -o -path '*/.kernel-rig' \) -prune -o \
        \( -iname '*upright*' -o -uid "$uid" -o -gid "$gid" \) -print 2>/dev/null | LC_ALL=C sort
}
# No line of the account files names upright, as a user, a group or a member.
accounts_forget_upright() {
    ! getent passwd upright && ! getent group upright &&
        ! grep -h -E '(^|[:,])upright(:|,|$)' /etc/passwd /etc/group /etc/shadow /etc/gshadow
}
# The user is the one the first install made, and the photos are the ones it took.
same_user_and_photos() {
    test "$(id -u upright)" = "$uid" && test "$(cd /var/lib/upright && ls | LC_ALL=C sort)" = "$photos"
}

leftovers 4294967294 4294967294 >"$work/leftovers-before"

# 0. make install's tree.
check "make install installs the static program in /usr/local/bin" \
    sh -c "test -x '$tree/usr/local/bin/upright' && ! readelf -l '$tree/usr/local/bin/upright' | grep -q 'program interpreter'"
check "make install's unit runs it" grep -qx 'ExecStart=/usr/local/bin/upright run --board /etc/upright/board.json' \
    "$tree/etc/systemd/system/upright.service"
check "make install installs the manual page, the boards, a board file and the udev rules" present "$tree/usr/local/share/man/man1/upright.1" \
    "$tree/usr/local/share/upright/boards/rpizero2w-adxl345.json" "$tree/etc/upright/board.json" "$tree/etc/udev/rules.d/60-upright.rules"
groups_before=$(for group in i2c gpio video; do getent group "$group" >/dev/null && echo "$group"; done)

# 1. Install.
check "dpkg -i installs the package" dpkg -i "$deb"
version=$(dpkg-query -W -f='${Version}' upright)
check "upright --version prints the version dpkg shows ($version)" test "$(upright --version)" = "upright $version"
check "upright on PATH is /usr/bin/upright, the program make install installs" \
    sh -c "test \"\$(command -v upright)\" = /usr/bin/upright && cmp /usr/bin/upright '$tree/usr/local/bin/upright'"
check "the files are the package's (dpkg --verify)" sh -c 'test -z "$(dpkg --verify upright)"'
check "it installs the unit, the manual, the boards and the docs" present /usr/lib/systemd/system/upright.service \
    /usr/share/man/man1/upright.1.gz /usr/share/upright/boards/rpizero2w-adxl345.json /usr/share/upright/boards/rpi5-mpu6050.json \
    /usr/share/doc/upright/copyright /usr/share/doc/upright/changelog.gz /usr/share/doc/upright/README.md.gz \
    /usr/share/doc/upright/docs/timeline.svg /usr/lib/udev/rules.d/60-upright.rules
check "/etc/upright/board.json is a conffile" sh -c "dpkg-query -W -f='\${Conffiles}' upright | grep -q '^ /etc/upright/board.json '"
check "systemd-analyze verify passes the installed unit" systemd-analyze verify /usr/lib/systemd/system/upright.service
check "the unit runs /usr/bin/upright on the board file" grep -qx 'ExecStart=/usr/bin/upright run --board /etc/upright/board.json' \
    /usr/lib/systemd/system/upright.service
uid=$(id -u upright 2>/dev/null || echo 4294967294)
gid=$(getent group upright | cut -d: -f3)
gid=${gid:-4294967294}
check "upright is a system user without a login" sh -c "getent passwd upright | grep -qE '^upright:x:[0-9]+:$gid:[^:]*:/var/lib/upright:/usr/sbin/nologin\$' && test $uid -lt 1000"
check "the device groups exist" getent group i2c gpio video
check "upright is in i2c, gpio and video" sh -c 'for g in i2c gpio video; do id -nG upright | tr " " "\n" | grep -qx "$g" || exit 1; done'
check "/var/lib/upright is upright's, 0750" owner_mode /var/lib/upright "upright:upright 750"
check "the unit is not enabled (the board file comes first)" absent /etc/systemd/system/multi-user.target.wants/upright.service
run_board() {
    local status=0
    (cd /var/lib/upright && runuser -u upright -- upright run --board /etc/upright/board.json) >"$work/run.out" 2>&1 || status=$?
    cat "$work/run.out"
    test "$status" = 1 && grep -q '/dev/i2c-1' "$work/run.out"
}
check "the shipped board file loads (run stops at the missing /dev/i2c-1, exit 1)" run_board
check "the service user writes photos, clips and a journal in /var/lib/upright" \
    sh -c 'cd /var/lib/upright && runuser -u upright -- upright sim --out /var/lib/upright >/dev/null &&
        test -s IMG_0001.jpg && test -s CLIP_0001.mov && test -s journal.ndjson && test "$(stat -c %U IMG_0001.jpg)" = upright'
photos=$(cd /var/lib/upright && ls | LC_ALL=C sort)

# 2. Upgrades. Each newer package is this one with a higher version (and, the second, another
# board file), rebuilt with dpkg-deb.
repack() { # repack VERSION [BOARD-EDIT]
    local tree=$work/tree-$1
    rm -rf "$tree"
    dpkg-deb -R "$deb" "$tree"
    sed -i "s/^Version: .*/Version: $1/" "$tree/DEBIAN/control"
    if [ -n "${2:-}" ]; then
        sed -i "$2" "$tree/etc/upright/board.json"
        (cd "$tree" && find . -path ./DEBIAN -prune -o -type f -print | sed 's#^\./##' | LC_ALL=C sort | xargs md5sum) >"$tree/DEBIAN/md5sums"
    fi
    dpkg-deb --root-owner-group -b "$tree" "$work/upright_$1.deb" >/dev/null
}
sed -i 's/"name": "Raspberry Pi 4 + MPU-6050"/"name": "my camera"/' /etc/upright/board.json
cp /etc/upright/board.json "$work/mine.json"
repack "$version+1"
check "an upgrade installs" dpkg -i "$work/upright_$version+1.deb"
check "an upgrade keeps the board file you changed (the package's did not change)" cmp /etc/upright/board.json "$work/mine.json"
check "an upgrade keeps the user and the photos" same_user_and_photos
repack "$version+2" 's/"rate_hz": 200/"rate_hz": 250/'
upgrade_asks() {
    if dpkg -i "$work/upright_$version+2.deb" </dev/null >"$work/ask.out" 2>&1; then return 1; fi
    cat "$work/ask.out"
    grep -q "Configuration file '/etc/upright/board.json'" "$work/ask.out" && grep -q 'conffile prompt' "$work/ask.out"
}
check "when both changed the board file, the upgrade asks (no answer: it stops)" upgrade_asks
check "keeping yours (--force-confold) finishes it" dpkg --configure --force-confold upright
check "yours is kept, the package's is beside it" sh -c "cmp /etc/upright/board.json $work/mine.json && grep -q '\"rate_hz\": 250' /etc/upright/board.json.dpkg-dist"
check "the upgraded version is installed" test "$(dpkg-query -W -f='${Version}' upright)" = "$version+2"

# The admin enables the unit; calibrate leaves its backup of the board file, and a temporary
# file of the kind a power cut in the middle of its writing leaves.
check "systemctl enable (offline) enables the unit" sh -c 'systemctl enable upright.service && test -L /etc/systemd/system/multi-user.target.wants/upright.service'
cp /etc/upright/board.json /etc/upright/board.json.bak
cp /etc/upright/board.json /etc/upright/.board.json.upright-Xq3ZpA

# 3. Remove.
check "dpkg -r removes the package" dpkg -r upright
check "the program, unit, manual, boards and docs are gone" absent /usr/bin/upright /usr/lib/systemd/system/upright.service \
    /usr/share/man/man1/upright.1.gz /usr/share/upright /usr/share/doc/upright /usr/share/lintian/overrides/upright
check "its configuration stays (dpkg: config-files)" status_is "deinstall ok config-files"
check "the board file stays" cmp /etc/upright/board.json "$work/mine.json"
check "the user and the photos stay" same_user_and_photos
check "the admin's enabling of the unit stays until purge" test -L /etc/systemd/system/multi-user.target.wants/upright.service

# 4. Purge, answering nothing (debconf's default: keep the photos).
check "dpkg --purge purges it" dpkg --purge upright
check "it is gone from dpkg's database" sh -c '! dpkg-query -W upright >/dev/null 2>&1 || dpkg-query -W -f="\${Status}" upright | grep -q not-installed'
check "/etc/upright is gone (board file, .dpkg-dist, calibrate's .bak and cut-off temporary file)" absent /etc/upright
check "the unit's links and systemd state are gone" absent /etc/systemd/system/multi-user.target.wants/upright.service \
    /var/lib/systemd/deb-systemd-helper-enabled/upright.service.dsh-also \
    /var/lib/systemd/deb-systemd-helper-enabled/multi-user.target.wants/upright.service
check "debconf holds no answer for upright" sh -c 'test -z "$(debconf-show upright 2>/dev/null)"'
check "the user and the photos stay (nobody said yes)" same_user_and_photos
(cat "$work/leftovers-before"; find /var/lib/upright) | LC_ALL=C sort >"$work/leftovers-expected"
check "nothing else named upright or owned by it is left" diff "$work/leftovers-expected" <(leftovers "$uid" "$gid")

# 5. Again, then purged answering yes.
check "dpkg -i installs it over the kept user and photos" dpkg -i "$deb"
check "the same user, the photos untouched" same_user_and_photos
echo 'upright upright/purge-data boolean true' | debconf-set-selections
check "dpkg --purge, answering yes, purges it" dpkg --purge upright
check "the photos, clips and journal are gone" absent /var/lib/upright
check "the user and its group are gone from every account file" accounts_forget_upright
check "the device groups stay" getent group i2c gpio video
check "the machine holds nothing named upright or owned by it that it did not before" \
    diff "$work/leftovers-before" <(leftovers "$uid" "$gid")
check "debconf holds no answer for upright" sh -c 'test -z "$(debconf-show upright 2>/dev/null)"'
created=$(for group in i2c gpio video; do echo "$groups_before" | grep -qx "$group" || echo "$group"; done | tr '\n' ' ')
[ -n "$created" ] && echo "deb-test: created the device groups $created(kept, as the package does)"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
