#!/bin/sh
# Builds Upright's Debian package from the static binary: `make deb` runs it as
#   packaging/build-deb.sh BINARY OUTDIR
# and it prints the path of the .deb it wrote, OUTDIR/upright_VERSION_ARCH.deb.
#
# The version is the one BINARY prints (`upright --version`), which CHANGELOG.md's newest
# section must carry; the architecture is this machine's (dpkg --print-architecture), which
# BINARY must be built for. The package is put together from the tree here, with dpkg-deb:
#   /usr/bin/upright                         the static binary (no Swift runtime to install)
#   /usr/lib/systemd/system/upright.service  packaging/upright.service, ExecStart=/usr/bin/upright
#   /usr/lib/udev/rules.d/60-upright.rules   packaging/upright.rules: the device nodes' groups
#   /etc/upright/board.json                  a conffile: boards/rpi4-mpu6050.json
#   /usr/share/upright/boards/               every board file
#   /usr/share/man/man1/upright.1.gz         packaging/upright.1
#   /usr/share/doc/upright/                  README, CHANGELOG, docs/, the Debian changelog
#                                            (CHANGELOG.md's newest section), copyright, and
#                                            the example scenarios and traces
#   DEBIAN/                                  packaging/debian: control, conffiles, maintainer
#                                            scripts, debconf templates, md5sums
# Timestamps are clamped to SOURCE_DATE_EPOCH (default: the last commit's time), so the same
# tree and binary give the same package.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: packaging/build-deb.sh BINARY OUTDIR" >&2
    exit 2
fi
binary=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
fail() {
    echo "build-deb: $*" >&2
    exit 1
}

[ -x "$binary" ] || fail "$binary: no such program (make static builds it)"
version=$("$binary" --version | sed -n 's/^upright \([0-9][0-9.]*\)$/\1/p')
[ -n "$version" ] || fail "$binary --version does not print 'upright VERSION'"

# CHANGELOG.md's newest section names the version; '(unreleased)' makes the Debian changelog's
# distribution UNRELEASED.
heading=$(grep -m1 '^## ' "$root/CHANGELOG.md")
case "$heading" in
    "## $version (unreleased)") distribution=UNRELEASED ;;
    "## $version" | "## $version "*) distribution=unstable ;;
    *) fail "CHANGELOG.md's newest section is '$heading', not $version" ;;
esac

arch=$(dpkg --print-architecture)
case "$arch" in
    arm64) machine=AArch64 ;;
    amd64) machine=X86-64 ;;
    *) fail "this machine is $arch: Swift has no toolchain for it, and the Pi's package is arm64 (build it on a 64-bit Raspberry Pi OS)" ;;
esac
readelf -h "$binary" | grep -q "Machine:.*$machine" || fail "$binary is not an $arch program"
if readelf -l "$binary" | grep -q 'program interpreter'; then
    fail "$binary is linked dynamically (make static builds the static one)"
fi

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

stage=$out/upright_${version}_${arch}
deb=$out/upright_${version}_${arch}.deb
rm -rf "$stage" "$deb"
umask 022
mkdir -p "$stage/DEBIAN"
doc=$stage/usr/share/doc/upright

install -D -m 0755 "$binary" "$stage/usr/bin/upright"
install -d "$stage/usr/lib/systemd/system"
sed -e 's#^ExecStart=/usr/local/bin/upright #ExecStart=/usr/bin/upright #' \
    "$root/packaging/upright.service" > "$stage/usr/lib/systemd/system/upright.service"
grep -q '^ExecStart=/usr/bin/upright ' "$stage/usr/lib/systemd/system/upright.service" || fail "packaging/upright.service: no ExecStart=/usr/local/bin/upright to point at /usr/bin"
chmod 0644 "$stage/usr/lib/systemd/system/upright.service"
install -D -m 0644 "$root/packaging/upright.rules" "$stage/usr/lib/udev/rules.d/60-upright.rules"
install -D -m 0644 "$root/boards/rpi4-mpu6050.json" "$stage/etc/upright/board.json"
install -d "$stage/usr/share/upright/boards"
install -m 0644 "$root"/boards/*.json "$stage/usr/share/upright/boards/"
install -d "$stage/usr/share/man/man1"
gzip -9n < "$root/packaging/upright.1" > "$stage/usr/share/man/man1/upright.1.gz"

install -d "$doc/docs" "$doc/examples/scenarios" "$doc/examples/traces"
gzip -9n < "$root/README.md" > "$doc/README.md.gz"
gzip -9n < "$root/CHANGELOG.md" > "$doc/CHANGELOG.md.gz"
for page in "$root"/docs/*.md; do
    gzip -9n < "$page" > "$doc/docs/$(basename "$page").gz"
done
# The README's picture (the demo's timeline), beside the pages that link to it.
install -m 0644 "$root/docs/timeline.svg" "$doc/docs/"
install -m 0644 "$root/scenarios/demo.json" "$root"/scenarios/examples/*.json "$doc/examples/scenarios/"
install -m 0644 "$root"/traces/*.csv "$doc/examples/traces/"
install -m 0644 "$root/packaging/debian/copyright" "$doc/copyright"
install -D -m 0644 "$root/packaging/debian/lintian-overrides" "$stage/usr/share/lintian/overrides/upright"

# The Debian changelog (Policy 12.7: a native package's is changelog.gz): CHANGELOG.md's
# newest section, its '### ' groups as items and their '- ' lines under them, wrapped at 78.
maintainer=$(sed -n 's/^Maintainer: //p' "$root/packaging/debian/control.in")
{
    echo "upright ($version) $distribution; urgency=medium"
    echo
    awk '
        function wrap(text, first, rest,    line, n, words, i) {
            n = split(text, words, " ")
            line = first
            for (i = 1; i <= n; i++) {
                if (length(line) + length(words[i]) + 1 > 78 && line != first && line != rest) {
                    print line
                    line = rest
                }
                line = line ((line == first || line == rest) ? "" : " ") words[i]
            }
            if (line != first && line != rest) print line
        }
        function flush() {
            if (item != "") wrap(item, "    - ", "      ")
            item = ""
        }
        /^## / { sections++; next }
        sections != 1 { next }
        /^### / { flush(); wrap(substr($0, 5) ":", "  * ", "    "); next }
        /^- / { flush(); item = substr($0, 3); next }
        /^  +[^ ]/ && item != "" { sub(/^ +/, ""); item = item " " $0; next }
        /^$/ { flush(); next }
        { flush(); wrap($0, "  * ", "    ") }
        END { flush() }
    ' "$root/CHANGELOG.md"
    echo
    echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"

# The control area.
for script in postinst prerm postrm config; do
    install -m 0755 "$root/packaging/debian/$script" "$stage/DEBIAN/$script"
done
install -m 0644 "$root/packaging/debian/conffiles" "$root/packaging/debian/templates" "$stage/DEBIAN/"
# Built-Using (Policy 7.8): the Debian source packages whose code the static link copied in,
# found by the archives it links: the C library, libi2c and libturbojpeg, and libstdc++ and
# libgcc from the newest GCC (the one the toolchain's clang links with).
triplet=$(uname -m)-linux-gnu
gcc_dir=$(ls -d /usr/lib/gcc/"$triplet"/* | sort -V | tail -n 1)
built_using=""
for archive in "/usr/lib/$triplet/libc.a" "/usr/lib/$triplet/libi2c.a" "/usr/lib/$triplet/libturbojpeg.a" \
    "$gcc_dir/libstdc++.a" "$gcc_dir/libgcc.a"; do
    owners=$(dpkg-query -S "$archive" 2>/dev/null | cut -d: -f1 | sort -u) ||
        fail "no installed package holds $archive (make deps installs what the static build links)"
    for package in $owners; do
        source=$(dpkg-query -W -f='${source:Package} (= ${source:Version})' "$package")
        case ", $built_using, " in
            *", $source, "*) ;;
            *) built_using=${built_using:+$built_using, }$source ;;
        esac
    done
done
installed_size=$(du -s -k --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@INSTALLED_SIZE@/$installed_size/" \
    -e "s/@BUILT_USING@/$built_using/" "$root/packaging/debian/control.in" > "$stage/DEBIAN/control"
(
    cd "$stage"
    find . -path ./DEBIAN -prune -o -type f -print | sed 's#^\./##' | LC_ALL=C sort | xargs md5sum
) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

find "$stage" -newermt "@$SOURCE_DATE_EPOCH" -exec touch --no-dereference -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
