#!/usr/bin/env python3
"""make powercut-test, on the host: the card at each moment the power could have gone.

The power-cut guest (Tests/Kernel/powercut-guest.sh, phase `record`) runs `upright run` on a file
system on a virtio disk through device-mapper's log-writes target, which copies every write
the disk completed, and every flush and FUA, to a second disk in order (the kernel's
Documentation/admin-guide/device-mapper/log-writes.rst). A write is logged only once a flush
after it has completed (or it was itself FUA): replaying the log up to a flush or FUA entry
gives exactly what a disk with a volatile cache is sure to hold at that moment, the worst a
power cut then can leave; writes in flight are lost.

This reads that log (the format as the kernel writes it: a super block in the log's first
sector, magic 0x6a736677736872, version 1, the entry count and the sector size as
little-endian u64, u64, u64, u32; then one sector per entry, holding the written sector, the
sector count, the flags (1 flush, 2 FUA, 4 discard, 8 mark, 16 metadata) and the data length
as four little-endian u64, a mark's name after them in the same sector, and a write's data in
the sectors that follow), replays it onto the file system image the guest started from, and at
every flush or FUA entry between the guest's marks `start` and `end` takes a copy of the image:
every one when there are at most COUNT of them, else COUNT spread evenly over them (first and
last included; the line printed says which). Each copy is then checked and repaired as a
camera's owner would after the power came back (fsck), and the repairs are counted:
- ext4: `e2fsck -E journal_only` replays the file system's journal (a cut always leaves one to
  replay, that is what it is for), then `e2fsck -fn` must find nothing at all to repair;
- vfat: `fsck.fat -a -w` (the repair a camera or a desktop does on a card it finds dirty);
- exFAT: `fsck.exfat -y`.
The repaired copies are written one after the other into BUNDLE (sparse), for the guest's
phase `check` to mount one by one.

Usage: powercut-replay.py FS BASE-IMAGE LOG-IMAGE BUNDLE COUNT RESULTS MANIFEST
Appends PASS/FAIL lines to RESULTS and writes MANIFEST: one line per copy, `INDEX ENTRY FLAGS
REPAIRS WHAT` (the log entry it was cut after, its flags, the fsck repairs, what fsck said).
"""

import os
import struct
import subprocess
import sys
import tempfile

MAGIC = 0x6A736677736872
FLUSH, FUA, DISCARD, MARK, METADATA = 1, 2, 4, 8, 16
CHUNK = 1 << 16


class LogError(Exception):
    pass


def read_log(path):
    """The log's entries, in order: (sector, sectors, flags, data or mark name)."""
    with open(path, "rb") as log:
        head = log.read(512)
        if len(head) < 28:
            raise LogError("%s: shorter than a super block" % path)
        magic, version, count, sector_size = struct.unpack_from("<QQQI", head)
        if magic != MAGIC or version != 1:
            raise LogError("%s: not a dm-log-writes log (magic %#x, version %d)" % (path, magic, version))
        if sector_size < 512 or sector_size % 512:
            raise LogError("%s: sector size %d" % (path, sector_size))
        entries = []
        position = sector_size  # the first entry follows the super block's sector
        # Bounded by the entry count the super block gives.
        for index in range(count):
            log.seek(position)
            block = log.read(sector_size)
            if len(block) < 32:
                raise LogError("%s: entry %d of %d cut short at byte %d" % (path, index, count, position))
            sector, sectors, flags, length = struct.unpack_from("<QQQQ", block)
            position += sector_size
            if flags & MARK:
                entries.append((sector, 0, flags, block[32:32 + length].decode("ascii", "replace")))
                continue
            data = b""
            if sectors and not flags & DISCARD:
                data = log.read(sectors * sector_size)
                if len(data) != sectors * sector_size:
                    raise LogError("%s: entry %d's data cut short" % (path, index))
                position += sectors * sector_size
            entries.append((sector * sector_size, sectors * sector_size, flags, data))
        return entries


class Image:
    """The disk being replayed, in memory, with the chunks that hold anything."""

    def __init__(self, path):
        with open(path, "rb") as base:
            self.bytes = bytearray(base.read())
        self.used = {i for i in range(0, len(self.bytes), CHUNK) if any(self.bytes[i:i + CHUNK])}

    def apply(self, entry):
        offset, length, flags, data = entry
        if flags & MARK or length == 0:
            return
        if offset + length > len(self.bytes):
            raise LogError("a write at byte %d of %d past the image's end" % (offset, length))
        self.bytes[offset:offset + length] = data if not flags & DISCARD else bytes(length)
        first = offset - offset % CHUNK
        self.used.update(range(first, offset + length, CHUNK))

    def save(self, path):
        with open(path, "wb") as out:
            out.truncate(len(self.bytes))
            for start in sorted(self.used):
                out.seek(start)
                out.write(self.bytes[start:start + CHUNK])


def copy_sparse(source, target, at, size):
    """Copies the non-zero chunks of the file source into target at byte `at`."""
    zero = bytes(CHUNK)
    with open(source, "rb") as src:
        position = 0
        while position < size:
            chunk = src.read(CHUNK)
            if not chunk:
                break
            if chunk != zero[:len(chunk)]:
                target.seek(at + position)
                target.write(chunk)
            position += len(chunk)


def fsck(fs, path):
    """Repairs the image at path; returns (repairs, words, clean): `clean` false when fsck
    failed or, for ext4, found anything beyond the journal to repair."""
    def run(arguments):
        done = subprocess.run(arguments + [path], capture_output=True, text=True)
        return done.returncode, (done.stdout + done.stderr).strip()

    if fs == "ext4":
        status, words = run(["e2fsck", "-E", "journal_only", "-y"])
        if status not in (0, 1):
            return 1, "e2fsck -E journal_only exit %d: %s" % (status, words[-200:]), False
        status, words = run(["e2fsck", "-fn"])
        if status == 0:
            return 0, "journal replayed, clean", True
        status, repaired = run(["e2fsck", "-fy"])
        return 1, "e2fsck -fn exit %d: %s" % (status, words.replace("\n", " | ")[-300:]), False
    if fs == "vfat":
        status, words = run(["fsck.fat", "-a", "-w"])
    else:
        status, words = run(["fsck.exfat", "-y"])
    lines = [l for l in words.splitlines() if l.strip() and not l.startswith(("fsck.fat ", "exfatprogs version",
                                                                               "/", "Checking", "Starting"))]
    if status == 0:
        return 0, "clean", True
    if status == 1:
        return 1, " | ".join(lines) or "repaired", True
    return 1, "exit %d: %s" % (status, " | ".join(lines)), False


# What an unclean unmount always leaves on FAT and exFAT, and what fsck only tidies: the volume's
# dirty flag (and FAT32's copy of it, byte 65 of the boot sector, differing from the backup's),
# and the free-cluster count kept as a hint. Any other repair is a "real" one.
BENIGN = ("There are differences between boot sector and its backup", "This is mostly harmless",
          "Differences: (offset:original/backup)", "65:01/00", "Not automatically fixing this",
          "Dirty bit is set", "Automatically removing dirty bit", "Free cluster summary", "Leaving filesystem",
          "Performing changes", "auto-correcting", "wrong (", "Boot sector contents", "clean", "files,",
          "volume is marked dirty", "exfatprogs", "Fixing")


def real_repairs(words):
    """The repairs in fsck's words beyond the dirty flag and the free-cluster count."""
    return [w.strip() for w in words.split(" | ")
            if w.strip() and not any(b.lower() in w.lower() for b in BENIGN)]


def main():
    fs, base, log_path, bundle_path, count, results_path, manifest_path = sys.argv[1:8]
    count = int(count)
    results = []
    try:
        entries = read_log(log_path)
    except LogError as error:
        with open(results_path, "a") as out:
            out.write("FAIL  %s: the log-writes log is read: %s\n" % (fs, error))
        return 1
    marks = {e[3]: i for i, e in enumerate(entries) if e[2] & MARK}
    if "start" not in marks or "end" not in marks:
        with open(results_path, "a") as out:
            out.write("FAIL  %s: the log has the guest's marks start and end: marks %s\n" % (fs, sorted(marks)))
        return 1
    points = [i for i in range(marks["start"] + 1, marks["end"]) if entries[i][2] & (FLUSH | FUA)]
    total = len(points)
    if total > count:
        # COUNT spread evenly, the first and the last included.
        chosen = sorted({points[round(k * (total - 1) / max(1, count - 1))] for k in range(count)})
    else:
        chosen = points
    writes = sum(1 for e in entries[marks["start"]:marks["end"]] if not e[2] & MARK and e[1])
    results.append("PASS  %s: the log holds %d entries, %d writes and %d flush or FUA points between the marks; "
                   "%s cut at" % (fs, len(entries), writes, total,
                                  "every one" if len(chosen) == total else "%d of them, evenly spread, are" % len(chosen)))
    image = Image(base)
    size = len(image.bytes)
    manifest = []
    unclean = []
    repaired = 0
    real = []
    with open(bundle_path, "wb") as bundle, tempfile.TemporaryDirectory() as scratch:
        bundle.truncate(size * len(chosen))
        applied = 0
        for index, point in enumerate(chosen):
            while applied <= point:
                image.apply(entries[applied])
                applied += 1
            copy = os.path.join(scratch, "cut.img")
            image.save(copy)
            repairs, words, clean = fsck(fs, copy)
            repaired += repairs
            if repairs and fs != "ext4" and real_repairs(words):
                real.append("cut %d: %s" % (index, "; ".join(real_repairs(words))))
            if not clean:
                unclean.append("cut %d (entry %d): %s" % (index, point, words))
            copy_sparse(copy, bundle, index * size, size)
            manifest.append("%d %d %d %d %s" % (index, point, entries[point][2], repairs, words.replace("\n", " | ")))
            os.unlink(copy)
    with open(manifest_path, "w") as out:
        out.write("\n".join(manifest) + "\n")
    what = {"ext4": "e2fsck: the journal replayed, then nothing to repair",
            "vfat": "fsck.fat -a: repairs counted",
            "exfat": "fsck.exfat -y: repairs counted"}[fs]
    name = "%s: fsck of the card at %d cuts (%s): %d repaired, %d of them beyond the dirty flag and free count%s" % (
        fs, len(chosen), what, repaired, len(real), (" (" + "; ".join(real)[:300] + ")") if real else "")
    results.append(("FAIL  %s: %s" % (name, "; ".join(unclean)[:600])) if unclean else "PASS  " + name)
    with open(results_path, "a") as out:
        out.write("\n".join(results) + "\n")
    print("%s %d %d %d %d" % (fs, len(chosen), total, repaired, len(real)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
