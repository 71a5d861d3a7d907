#!/usr/bin/env python3
"""make crash-test, on the host: checks every state the crash test's guest sent.

Tests/Kernel/crash-guest.sh cuts the power of `upright run` at random moments and, after each
restart (once start-up reconciliation is done), sends the output directory and the journal as
KT-CUT blocks on the serial console. This rebuilds each state from those blocks and checks it
with independent readers: djpeg decodes every photo, exiftool reads its EXIF Orientation,
ffprobe reads every clip's video stream and display rotation. For each state:

- the journal ends with a newline and every line is a JSON object whose first keys are `t`
  and `event` (docs/events.md);
- the journal before it is a prefix of it (a restart loses no line);
- no temporary file is left (`.upright-*`, `.*.upright-*`);
- journal and files agree: the files are exactly those the journal names as written
  (`capture`, `record-stop`, `file-recovered` with a `file`) less those it says are gone
  (`file-missing`), and every clip started has an end (`record-stop`, `record-failed`,
  `file-recovered`, `file-missing`);
- every photo decodes and carries its journaled EXIF orientation, every clip is a video
  stream displayed at its journaled rotation;
- the firmware's own reading of the journal agrees: `upright journal --files` (the decoder
  start-up reads it with, strict to docs/events.md's table) takes every line as a record and
  names the same files with the same orientations as this checker's reading;
- no number is reused: shot numbers of `capture` and clip numbers of `record-start` only ever
  grow, a number names one file, and a file once seen keeps its bytes and stays (nothing
  overwritten, nothing vanished).

And over the whole run: the cuts fell on real work (at least one photo for every two cuts and
one clip for every ten were journaled).

Usage: crash-check.py BOOT-LOG WORK-DIR RESULTS UPRIGHT. Appends one `PASS  ...` or `FAIL  ...: why`
line per state and one for the whole run to RESULTS, and prints a summary line on stderr.
"""

import base64
import hashlib
import json
import os
import subprocess
import sys


def parse(log_path):
    """The KT-CUT blocks of the boot log, in order."""
    states = []
    current = None
    target = None
    with open(log_path, "rb") as log:
        for raw in log:
            line = raw.decode("utf-8", "replace").replace("\r", "").rstrip("\n")
            if line.startswith("KT-CUT-END"):
                if current is not None:
                    states.append(current)
                current, target = None, None
            elif line.startswith("KT-CUT "):
                number, _, text = line[len("KT-CUT "):].partition(" ")
                current = {"number": int(number), "text": text, "changes": [], "blobs": {}, "journal": None}
                target = None
            elif current is None:
                continue
            elif line.startswith("KT-LS "):
                parts = line.split(" ", 3)
                if len(parts) == 4:
                    current["changes"].append((parts[1], parts[2], parts[3]))
            elif line.startswith("KT-FILE "):
                name = line[len("KT-FILE "):]
                target = current["blobs"].setdefault(name, [])
            elif line.startswith("KT-JOURNAL "):
                start, size = (int(x) for x in line.split()[1:3])
                current["journal"] = (start, size, [])
                target = current["journal"][2]
            elif line.startswith("KT-B64 ") and target is not None:
                target.append(line[len("KT-B64 "):])
    return states


class Readers:
    """djpeg, exiftool and ffprobe verdicts, once per distinct file (by MD5)."""

    def __init__(self, directory):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)
        self.paths = {}
        self.verdicts = {}

    def add(self, name, data):
        # Keyed by kind too: the same bytes (an empty file a power cut left) can be a photo's
        # and a clip's, and each kind has its own reader.
        digest = hashlib.md5(data).hexdigest() + ("-photo" if name.endswith(".jpg") else "-clip")
        if digest not in self.paths:
            path = os.path.join(self.directory, digest + "-" + name)
            with open(path, "wb") as out:
                out.write(data)
            self.paths[digest] = path
        return digest

    def read_all(self):
        photos = [d for d, p in self.paths.items() if p.endswith(".jpg")]
        clips = [d for d, p in self.paths.items() if not p.endswith(".jpg")]
        orientation = {}
        if photos:
            # One exiftool for all photos: it starts slowly, and there may be hundreds.
            run = subprocess.run(["exiftool", "-j", "-n", "-Orientation"] + [self.paths[d] for d in photos],
                                 capture_output=True, text=True)
            for entry in json.loads(run.stdout or "[]"):
                orientation[entry["SourceFile"]] = entry.get("Orientation")
        for digest in photos:
            path = self.paths[digest]
            run = subprocess.run(["djpeg", "-outfile", os.devnull, path], capture_output=True, text=True)
            problem = None
            if run.returncode != 0 or run.stderr.strip():
                problem = "djpeg: exit %d %s" % (run.returncode, run.stderr.strip()[:120])
            self.verdicts[digest] = {"problem": problem, "exif": orientation.get(path)}
        for digest in clips:
            path = self.paths[digest]
            run = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                                  "stream=codec_type:stream_side_data=rotation", "-of", "json", path],
                                 capture_output=True, text=True)
            problem, rotation = None, None
            try:
                streams = json.loads(run.stdout or "{}").get("streams", [])
            except ValueError:
                streams = []
            if run.returncode != 0 or run.stderr.strip() or not streams or streams[0].get("codec_type") != "video":
                problem = "ffprobe: exit %d, no video stream %s" % (run.returncode, run.stderr.strip()[:120])
            else:
                shown = 0
                for side in streams[0].get("side_data_list", []):
                    if "rotation" in side:
                        shown = int(side["rotation"])
                rotation = (-shown) % 360  # the display matrix turns counter-clockwise
            self.verdicts[digest] = {"problem": problem, "rotation": rotation}


def journal_facts(journal, problems):
    """What the journal says each file should be, or appends to problems."""
    facts = {"expect": {}, "gone": set(), "starts": {}, "ended": set(), "shots": [], "clips": [],
             "owners": {}, "counts": {}}
    if journal and not journal.endswith(b"\n"):
        problems.append("the journal's last line has no newline")
    for index, raw in enumerate(journal.split(b"\n")[:-1] if journal else []):
        try:
            record = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            problems.append("journal line %d is not JSON: %r" % (index + 1, raw[:80]))
            continue
        if not isinstance(record, dict) or list(record)[:2] != ["t", "event"]:
            problems.append("journal line %d does not start with t, event: %r" % (index + 1, raw[:80]))
            continue
        event = record["event"]
        facts["counts"][event] = facts["counts"].get(event, 0) + 1
        file = record.get("file")
        shot, clip = record.get("shot"), record.get("clip")
        number = ("shot", shot) if shot is not None else ("clip", clip)
        if file is not None and event in ("capture", "record-start", "record-stop", "file-recovered", "file-missing"):
            owner = facts["owners"].setdefault(file, number)
            if owner != number:
                problems.append("%s names %s %s, already %s %s's" % (file, number[0], number[1], owner[0], owner[1]))
        if event == "capture":
            facts["shots"].append(shot)
            if file is not None:
                facts["expect"][file] = ("photo", record.get("exif"))
        elif event == "record-start":
            facts["clips"].append(clip)
            facts["starts"][clip] = record.get("rotation")
        elif event == "record-stop":
            facts["ended"].add(clip)
            if file is not None:
                facts["expect"][file] = ("clip", facts["starts"].get(clip))
        elif event == "record-failed":
            # Also after its record-stop: the clip could not be finished and has no file.
            facts["ended"].add(clip)
            for name, owner in facts["owners"].items():
                if owner == ("clip", clip):
                    facts["expect"].pop(name, None)
        elif event == "file-recovered":
            if shot is not None:
                if file in facts["expect"] or shot in facts["shots"]:
                    problems.append("file-recovered shot %s was already journaled" % shot)
                facts["expect"][file] = ("photo", record.get("exif"))
            else:
                facts["ended"].add(clip)
                facts["expect"][file] = ("clip", record.get("rotation", facts["starts"].get(clip)))
        elif event == "file-missing":
            facts["gone"].add(file)
            if clip is not None:
                facts["ended"].add(clip)
    for kind in ("shots", "clips"):
        numbers = facts[kind]
        for a, b in zip(numbers, numbers[1:]):
            if b is None or a is None or b <= a:
                problems.append("%s numbers do not grow: %s then %s" % (kind[:-1], a, b))
                break
    for clip in facts["starts"]:
        if clip not in facts["ended"]:
            problems.append("clip %s started and never ended, after reconciliation" % clip)
    return facts


def firmware_reading(upright, journal, work, problems):
    """The files the journal owes by `upright journal --files`: name -> (kind, exif or
    rotation, None when it does not know), or None when it rejected a line (a problem)."""
    path = os.path.join(work, "journal-read.ndjson")
    with open(path, "wb") as out:
        out.write(journal)
    run = subprocess.run([upright, "journal", "--files", path], capture_output=True, text=True)
    if run.returncode != 0:
        problems.append("the firmware's decoder rejects the journal: %s" % run.stderr.strip()[:200])
        return None
    owed = {}
    for line in run.stdout.splitlines():
        entry = json.loads(line)
        if "shot" in entry:
            owed[entry["file"]] = ("photo", entry.get("exif"))
        else:
            owed[entry["file"]] = ("clip", entry.get("rotation"))
    return owed


def check_state(state, files, journal, readers, problems, owed=None):
    """One state's checks, given its files (name -> MD5, read by `readers`) and its journal's
    bytes: the PASS or FAIL line and the journal's event counts. `problems` holds what the
    caller found already (lines lost, files vanished)."""
    facts = journal_facts(journal, problems)
    present = set(facts["expect"]) - facts["gone"]
    if owed is not None:
        mine = {name: facts["expect"][name] for name in present}
        if owed != mine:
            differing = sorted(set(owed.items()) ^ set(mine.items()))
            problems.append("upright journal --files and this checker read the journal differently: %s" % differing[:4])
    for name in sorted(files):
        if name.startswith(".") or ".upright-" in name:
            problems.append("temporary file %s left after the restart" % name)
        elif name not in present:
            problems.append("%s is in the directory but not in the journal" % name)
    for name in sorted(present - set(files)):
        problems.append("the journal names %s, not in the directory and not journaled missing" % name)
    photos = clips = 0
    for name in sorted(present & set(files)):
        kind, want = facts["expect"][name]
        verdict = readers.verdicts[files[name]]
        if verdict["problem"]:
            problems.append("%s: %s" % (name, verdict["problem"]))
        elif kind == "photo":
            photos += 1
            if verdict["exif"] != want:
                problems.append("%s: EXIF Orientation %s, journaled %s" % (name, verdict["exif"], want))
        else:
            clips += 1
            if want is not None and verdict["rotation"] != want:
                problems.append("%s: displayed at rotation %s, journaled %s" % (name, verdict["rotation"], want))
    name = "state %d after restart (%s): %d photos and %d clips decode with their journaled orientation, " \
           "%d journal lines, journal and files agree" % (
               state["number"], state["text"], photos, clips, journal.count(b"\n"))
    if problems:
        return "FAIL  %s: %s" % (name, "; ".join(problems)[:600]), facts["counts"]
    return "PASS  %s" % name, facts["counts"]


def main():
    log_path, work, results_path, upright = sys.argv[1:5]
    states = parse(log_path)
    readers = Readers(os.path.join(work, "blobs"))
    files = {}      # name -> md5 (the state being rebuilt)
    journal = b""
    rebuilt = []
    for state in states:
        problems = []
        previous_files = dict(files)
        previous_journal = journal
        for change, digest, name in state["changes"]:
            if change == "-":
                files.pop(name, None)
                continue
            data = base64.b64decode("".join(state["blobs"].get(name, [])))
            if hashlib.md5(data).hexdigest() != digest:
                problems.append("%s arrived damaged (md5 differs from the guest's)" % name)
            files[name] = readers.add(name, data)
        if state["journal"] is None:
            problems.append("no KT-JOURNAL in the block")
        else:
            start, size, chunks = state["journal"]
            data = base64.b64decode("".join(chunks))
            if start > 0:
                journal = journal[:start] + data
            else:
                journal = data
            if len(journal) != size:
                problems.append("the journal arrived as %d bytes, the guest had %d" % (len(journal), size))
        rebuilt.append((state, dict(files), journal, problems, previous_files, previous_journal))
    readers.read_all()

    lines = []
    totals = {}
    for state, files, journal, problems, previous_files, previous_journal in rebuilt:
        if not journal.startswith(previous_journal):
            problems.append("journal lines lost: the journal before this restart is not a prefix of it")
        for name, digest in previous_files.items():
            if name not in files:
                problems.append("%s vanished" % name)
            elif files[name] != digest:
                problems.append("%s was overwritten" % name)
        owed = firmware_reading(upright, journal, work, problems)
        line, totals = check_state(state, files, journal, readers, problems, owed)
        lines.append(line)
    if not states:
        lines.append("FAIL  the guest sent states to check: no KT-CUT block in %s" % log_path)
    # The cuts must fall on real work: a camera that stopped taking photos early would leave
    # every later state trivially consistent. A round's 12 s hold two photos, a clip and a
    # third photo, its cut uniform over them: on average more than one photo a cut.
    cuts = len(states) - 1
    photos, clips = totals.get("capture", 0), totals.get("record-start", 0)
    name = "the cuts fell on real work: %d photos and %d clips journaled over %d cuts (at least %d and %d)" % (
        photos, clips, cuts, cuts // 2, cuts // 10)
    lines.append(("PASS  %s" if photos >= cuts // 2 and clips >= cuts // 10 else "FAIL  %s: too few") % name)
    with open(results_path, "a") as results:
        results.write("\n".join(lines) + "\n")
    summary = ", ".join("%s %d" % (event, count) for event, count in sorted(totals.items()))
    print("crash-test: %d states checked; the last journal: %s" % (len(states), summary or "empty"), file=sys.stderr)


if __name__ == "__main__":
    main()
