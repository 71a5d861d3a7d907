#!/usr/bin/env python3
"""make powercut-test, on the host: checks the cards the power cuts left, and the slow card.

`check` mode reads the boot log of Tests/Kernel/powercut-guest.sh's phase `check`: for each
cut card (the log-writes log replayed to a flush point, then fsck'd: powercut-replay.py), the
journal as the cut left it (KT-RAW) and the output directory and journal once `upright run`
had reconciled them (KT-CUT blocks, as the crash test's guest sends them). Each card is checked
on its own with the crash test's checks (Tests/Kernel/crash-check.py: every photo decodes with
its journaled EXIF, every clip plays at its rotation, journal and files agree, no temporary
file, no torn line, numbers only grow), and, since here the page cache really was lost:
- what was durable stays durable: each cut's journal (its whole lines) is a prefix of the next
  cut's and of the journal the recorded run ended with (KT-RAW -1, from phase `record`);
- a `capture` line means the photo is on the card: reconciliation never has to journal a
  photo `file-missing`;
- the cuts fell on real work: the last cut's journal holds photos and a clip.

`slow` mode reads phase `slow`'s boot logs (one per delay, the first without): each press's
time to its journal line (KT-LATENCY) is printed with the photos' `lag` and `wait`; each journal
must hold exactly the records the guest's presses make (`expected_press_records`: every press
answered once, each photo latched the orientation the chip held at its touch, none `stale`, no
failure or rejection), and the journals must be the same records apart from their times (`t`,
`lag`, `wait`, a clip's `duration`). With UPRIGHT (the static binary) and the repository's
scenarios/kernel/slow-card.json, `upright sim` runs that round on the simulator's card at the
same delay (`card.flush_ms`; instant for the loop device): its journal must be the same records
too, the clip's container apart (the simulator writes .mov, rpicam-vid .mp4).

Usage: powercut-check.py check FS BOOT-LOG RECORD-LOG WORK-DIR RESULTS
       [UPRIGHT=BINARY] powercut-check.py slow RESULTS BOOT-LOG...
Appends PASS/FAIL lines to RESULTS.
"""

import base64
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("crash_check", os.path.join(HERE, "crash-check.py"))
crash = importlib.util.module_from_spec(spec)
spec.loader.exec_module(crash)


def blocks(log_path, head, body):
    """{key: bytes} of the blocks `HEAD KEY ...` followed by `BODY base64` lines."""
    found, key = {}, None
    with open(log_path, "rb") as log:
        for raw in log:
            line = raw.decode("utf-8", "replace").replace("\r", "").rstrip("\n")
            if line.startswith(head + " "):
                key = line.split()[1]
                found[key] = []
            elif line.startswith(body + " ") and key is not None:
                found[key].append(line[len(body) + 1:])
            elif line.startswith("KT-"):
                key = None
    return {k: base64.b64decode("".join(v)) for k, v in found.items()}


def whole_lines(journal):
    return journal[:journal.rfind(b"\n") + 1]


def check(fs, log_path, record_log, work, results_path):
    states = crash.parse(log_path)
    raw = blocks(log_path, "KT-RAW", "KT-RAWB64")
    recorded = blocks(record_log, "KT-RAW", "KT-RAWB64").get("-1")
    readers = crash.Readers(os.path.join(work, "blobs"))
    rebuilt = []
    for state in states:
        problems, files = [], {}
        start, size, chunks = state["journal"] or (0, 0, [])
        journal = base64.b64decode("".join(chunks))
        if len(journal) != size:
            problems.append("the journal arrived as %d bytes, the guest had %d" % (len(journal), size))
        names = [name for _, _, name in state["changes"]]
        aliases = 0
        for change, digest, name in state["changes"]:
            data = base64.b64decode("".join(state["blobs"].get(name, [])))
            # vfat looks names up without regard to case: a photo whose long name a cut tore is
            # left by fsck under its 8.3 alias (IMG_0006.JPG), which opens as IMG_0006.jpg;
            # start-up takes it for the photo (OutputReconciliation.photoAlias), and so does
            # this check, by the name the journal gives (and read as a photo). Only on vfat,
            # and only that form.
            own = name[:-3] + "jpg"
            if (fs == "vfat" and len(name) == 12 and name == name.upper() and name.endswith(".JPG")
                    and own not in names and ('"file":"%s"' % own).encode() in journal):
                name = own
                aliases += 1
            files[name] = readers.add(name, data)
        state["aliases"] = aliases
        rebuilt.append((state, files, journal, problems))
    readers.read_all()
    lines = []
    last_counts = {}
    for position, (state, files, journal, problems) in enumerate(rebuilt):
        key = str(state["number"])
        before = whole_lines(raw.get(key, b""))
        if not journal.startswith(before):
            problems.append("upright changed the journal's lines the cut left")
        later = [whole_lines(raw.get(str(s["number"]), b"")) for s, _, _, _ in rebuilt[position + 1:position + 2]]
        for after in later + ([recorded] if recorded is not None else []):
            if not after.startswith(before):
                problems.append("a journal line durable at this cut is gone later (not a prefix of the next cut's "
                                "or the recorded run's journal)")
                break
        for text in journal.split(b"\n"):
            if b'"event":"file-missing"' in text and b'"shot"' in text:
                problems.append("a journaled photo was not on the card: %s" % text[:120].decode("utf-8", "replace"))
        state["text"] = "%s, %d journal lines at the cut%s" % (
            fs, before.count(b"\n"), ", %d photo(s) under vfat's 8.3 alias" % state["aliases"] if state["aliases"] else "")
        line, counts = crash.check_state(state, files, journal, readers, problems)
        lines.append(line.replace("state %d after restart" % state["number"], "%s cut %d" % (fs, state["number"]), 1))
        last_counts = counts
    if recorded is None:
        lines.append("FAIL  %s: the recorded run's journal arrived (KT-RAW -1 in %s)" % (fs, record_log))
    expected = len(raw) - (0 if "-1" not in raw else 1)
    name = "%s: every cut card was checked (%d of %d)" % (fs, len(states), expected)
    lines.append(("PASS  %s" if states and len(states) == expected else "FAIL  %s: some card sent no state") % name)
    photos, clips = last_counts.get("capture", 0), last_counts.get("record-start", 0)
    name = "%s: the cuts fell on real work: the last cut's journal has %d photos and %d clips (at least 1 and 1)" % (
        fs, photos, clips)
    lines.append(("PASS  %s" if photos >= 1 and clips >= 1 else "FAIL  %s: too few") % name)
    with open(results_path, "a") as out:
        out.write("\n".join(lines) + "\n")


# The least time 64 identical samples take at the rig's 100 Hz: the driver's stuck-data run
# (StuckDataMonitor's limit, 64).
STUCK_DATA_MS = 640

# The records a press makes (docs/events.md); faults and recoveries are compared apart: the
# emulated chip's start-up under TCG can give a `sensor` fault on any run, slow card or not.
PRESS_EVENTS = ("capture", "capture-failed", "record-start", "record-stop", "record-failed", "shutter-rejected",
                "file-recovered", "file-missing")


def records_without_times(journal):
    """The press records with `t`, `lag` and `wait` taken out, and the other records' events."""
    out, others = [], []
    for text in journal.decode("utf-8", "replace").splitlines():
        record = json.loads(text)
        # Times: `duration` too, the recorder's measured length, which grows by the stall a
        # slow card gives the step that stops the clip (printed apart, below).
        for key in ("t", "lag", "wait", "duration"):
            record.pop(key, None)
        if record.get("event") in PRESS_EVENTS:
            out.append(json.dumps(record, sort_keys=True))
        else:
            others.append("%s %s" % (record.get("event"), record.get("kind", "")))
    return out, others


def expected_press_records(rounds):
    """(event, orientation) of each press record the guest's rounds make, in order: a round
    (powercut-guest.sh's `round`) is a photo held left-up, one turned normal, a clip and a
    photo, the clip and that photo left-up in even rounds (turned before the hold) and normal
    in odd ones."""
    out = []
    for k in range(1, rounds + 1):
        after = "left-up" if k % 2 == 0 else "normal"
        out += [("capture", "left-up"), ("capture", "normal"), ("record-start", after), ("record-stop", after),
                ("capture", after)]
    return out


def press_problems(journal, rounds):
    """What is wrong with the journal's press records against the rounds' presses: a press
    lost, answered twice or answered otherwise (a failure, a rejection, a `stale` latch, another
    orientation); [] when nothing is."""
    records = [json.loads(t) for t in journal.decode("utf-8", "replace").splitlines()]
    presses = [r for r in records if r.get("event") in PRESS_EVENTS]
    got = [(r["event"], r.get("orientation")) for r in presses]
    want = expected_press_records(rounds)
    problems = []
    if got != want:
        first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        problems.append("%d press records, %d expected; first difference at %d: %s, expected %s" % (
            len(got), len(want), first, got[first] if first < len(got) else "none",
            want[first] if first < len(want) else "none"))
    stale = [r.get("shot") for r in presses if r.get("stale")]
    if stale:
        problems.append("photos %s latched stale" % stale)
    shots = [r.get("shot") for r in presses if r.get("event") in ("capture", "capture-failed")]
    if len(shots) != len(set(shots)):
        problems.append("a photo answered twice: shots %s" % shots)
    for event in ("record-start", "record-stop"):
        clips = [r.get("clip") for r in presses if r.get("event") == event]
        if len(clips) != len(set(clips)):
            problems.append("a clip's %s twice: clips %s" % (event, clips))
    return problems


SLOW_SCENARIO = os.path.join(HERE, "..", "..", "scenarios", "kernel", "slow-card.json")


def sim_slow_card(upright, delay_ms):
    """The slow-card round on the simulator's card at `delay_ms` a flush (0: instant): its
    press records as `records_without_times` gives them, the clip's container left out, or an
    error string."""
    with open(SLOW_SCENARIO) as source:
        scenario = json.load(source)
    scenario["board"] = os.path.abspath(os.path.join(HERE, "..", "..", scenario["board"]))
    if delay_ms:
        scenario["card"] = {"flush_ms": delay_ms}
    else:
        scenario.pop("card", None)
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "slow-card.json")
        with open(path, "w") as out:
            json.dump(scenario, out)
        try:
            done = subprocess.run([upright, "sim", path, "--out", os.path.join(work, "out")], capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            return None, "upright sim did not run: %s" % error
        if done.returncode != 0:
            return None, "upright sim exited %d: %s" % (done.returncode, done.stderr.decode("utf-8", "replace")[-300:])
        with open(os.path.join(work, "out", "journal.ndjson"), "rb") as journal:
            records, _ = records_without_times(journal.read())
    return [without_container(r) for r in records], None


def without_container(record):
    """A record with its file's extension left out (.mov from the simulator, .mp4 from rpicam-vid)."""
    return re.sub(r'("file": "[A-Z]+_[0-9]+)\.[a-z0-9]+"', r'\1"', record)


def slow(results_path, logs):
    lines = []
    baseline = None
    for log_path in logs:
        journals = blocks(log_path, "KT-SLOW-JOURNAL", "KT-SLOWB64")
        if not journals:
            lines.append("FAIL  slow card: %s sent its journal" % log_path)
            continue
        delay, journal = next(iter(journals.items()))
        card = "a loop device over RAM" if delay == "loop" else "%s ms" % delay
        rounds, latencies, still = 1, [], None
        with open(log_path, "rb") as log:
            for raw in log:
                words = raw.decode("utf-8", "replace").replace("\r", "").split()
                if words[:1] == ["KT-SLOW-JOURNAL"] and len(words) >= 3:
                    rounds = int(words[2])
                elif words[:1] == ["KT-LATENCY"] and len(words) >= 7:
                    latencies.append(int(words[5]))
                elif words[:1] == ["KT-SLOW-JITTER"] and len(words) >= 3:
                    still = int(words[2])
        problems = press_problems(journal, rounds)
        name = "slow card, %s: every press of %d round(s) answered once, as the guest pressed it, no latch stale" % (
            card, rounds)
        lines.append(("FAIL  %s: %s" % (name, "; ".join(problems))) if problems else "PASS  " + name)
        records, others = records_without_times(journal)
        durations = [json.loads(t).get("duration") for t in journal.decode("utf-8", "replace").splitlines()
                     if '"record-stop"' in t]
        summary_durations = "clip durations %s s" % durations
        # i2c-stub's registers change only at the guest's jitter (start_jitter): when a loaded
        # guest held it up past 64 samples' time, the driver saw frozen data, rightly.
        emulated = ("fault sensor", "recovered sensor")
        if still is not None and still >= STUCK_DATA_MS:
            emulated += ("fault stuck-data", "recovered stuck-data")
        if any(not o.startswith(emulated) for o in others):
            lines.append("FAIL  slow card, %s: no fault but the emulated sensor's (its data stood still at most %s ms): %s" % (
                card, still, ", ".join(others)))
        if latencies:
            latencies.sort()
            summary = "press to journal line: median %d ms, max %d ms over %d presses" % (
                latencies[len(latencies) // 2], latencies[-1], len(latencies))
        else:
            summary = "no press timed"
        photos = [json.loads(t) for t in journal.decode("utf-8", "replace").splitlines() if '"event":"capture"' in t]
        summary += "; photo lag %s s, wait %s s" % ([p.get("lag") for p in photos], [p.get("wait", 0) for p in photos])
        summary += "; " + summary_durations + "; the emulated chip's data still for at most %s ms" % still
        print("powercut-test: slow card, %s: %s" % (card, summary), file=sys.stderr)
        upright = os.environ.get("UPRIGHT")
        if upright:
            ms = 0 if delay == "loop" else int(delay)
            simulated, error = sim_slow_card(upright, ms)
            name = "slow card, %s: upright sim on a card of %d ms a flush journals the same %d press records" % (
                card, ms, len(records))
            if error:
                lines.append("FAIL  %s: %s" % (name, error))
            elif simulated == [without_container(r) for r in records]:
                lines.append("PASS  " + name)
            else:
                lines.append("FAIL  %s: run %s, sim %s" % (name, records, simulated))
        if baseline is None:
            baseline = (card, records)
            lines.append("PASS  slow card, %s (the baseline): %d records; %s" % (card, len(records), summary))
        elif records == baseline[1]:
            lines.append("PASS  slow card, %s: the same %d records as at %s apart from their times; %s" % (
                card, len(records), baseline[0], summary))
        else:
            differ = [(a, b) for a, b in zip(records, baseline[1]) if a != b][:1]
            lines.append("FAIL  slow card, %s: the same records as at %s apart from their times: %d vs %d "
                         "records, first difference %s; %s" % (card, baseline[0], len(records), len(baseline[1]),
                                                               differ, summary))
    with open(results_path, "a") as out:
        out.write("\n".join(lines) + "\n")


def main():
    if sys.argv[1] == "check":
        check(*sys.argv[2:7])
    else:
        slow(sys.argv[2], sys.argv[3:])


if __name__ == "__main__":
    main()
