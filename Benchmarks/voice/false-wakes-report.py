#!/usr/bin/env python3
# The report of Benchmarks/voice/false-wakes.sh, from the decodes it leaves in WORK (json on standard
# output and --verbose lines of `coach listen` per stream): false wakes per hour with an honest bound,
# each false wake with what was being said, misses on the commands at the same settings, and the
# second opinion's threshold swept. Blocks count when their decode finished (an interrupted run
# reports on the blocks it decoded).
#   false-wakes-report.py WORK CACHE "WEIGHT …" COACH
# Plain --wake is read from the --strict-wake decode: an utterance the second opinion refused had
# passed everything else, so plain --wake would have acted on it with the intent `coach parse` reads
# from its words (the same template match). Where a plain decode is in WORK too, both are shown.
import glob, json, math, os, re, subprocess, sys
work, cache, weights, coach = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4]
line = re.compile(r"^(?:coach: )?([\d.]+)–([\d.]+) s: (.*) \((\d+) ms\)(?:, refused: (.*))?$")

def utterances(name):
    """One dict per utterance: the verbose line joined with its json line."""
    err = [m for m in (line.match(l.rstrip("\n")) for l in open(f"{work}/{name}.err")) if m]
    js = [json.loads(l) for l in open(f"{work}/{name}.json")]
    assert len(err) == len(js), (name, len(err), len(js))
    out = []
    for m, j in zip(err, js):
        why = m.group(5) or ""
        second = why.startswith("the free transcript") or why.startswith("no second opinion")
        agree = re.search(r"\((\d+) %", why) if second else None
        near = (m.group(3).startswith("hey coach ") and not second and not j["intent"] and why
                and not why.startswith(("not a command", "nothing in the grammar", "the wake phrase alone")))
        out.append({"near": near, "start": float(m.group(1)), "end": float(m.group(2)), "words": m.group(3), "ms": int(m.group(4)),
                    "why": why, "intent": j["intent"], "alone": why.startswith("the wake phrase alone"),
                    "second": second, "agreement": int(agree.group(1)) / 100 if agree else None})
    return out

def with_plain(us):
    """Each utterance's intent under plain --wake (`plain`), from a --strict-wake decode."""
    refused = [u for u in us if u["second"]]
    if refused:
        out = subprocess.run([coach, "parse", "--lang", "en", "--json", "--stdin"], input="\n".join(u["words"] for u in refused) + "\n",
                             capture_output=True, text=True, check=True).stdout.splitlines()
        for u, l in zip(refused, out): u["plain"] = json.loads(l)["intent"]
    for u in us: u.setdefault("plain", u["intent"])
    return us

def cpu(name):
    u, s = open(f"{work}/{name}.cpu").read().split()[-2:]
    return float(u) + float(s)

def poisson_upper(k, p=0.95):
    """The rate (events per unit) below which k or fewer events happen with probability 1 − p."""
    lo, hi = 0.0, k + 10 * math.sqrt(k + 1) + 10
    cdf = lambda mu: sum(math.exp(-mu) * mu ** i / math.factorial(i) for i in range(k + 1))
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) > 1 - p else (lo, mid)
    return hi

def rate(k, hours):
    up = poisson_upper(k) / hours
    return f"{k} in {hours:.2f} h: {k / hours:.2f} per hour, {10 * k / hours:.1f} per 10 h (95 % upper bound {up:.2f} per hour, {10 * up:.1f} per 10 h)"

expected = [json.loads(l)["intent"] for l in open(f"{work}/expected.json")]
thresholds = [0.3, 0.4, 0.5, 0.6, 0.7]
for w in weights:
    seconds, utts, cpus, found, near, kinds = 0.0, 0, 0.0, [], [], {}
    # A block whose decode was stopped counts up to the end of its last utterance (what was heard).
    decoded = sorted(p[:-5] for p in glob.glob(f"{work}/w{w}-b*.json"))
    partial, cpu_seconds, cpu_audio = 0, 0.0, 0.0
    for name in decoded:
        b = int(name[-3:])
        name = os.path.basename(name)
        manifest = json.load(open(f"{cache}/block{b:03d}.json"))
        finished = os.path.getsize(f"{work}/{name}.cpu") > 0
        us = utterances(name)
        heard = manifest["seconds"] if finished else (us[-1]["end"] if us else 0)
        seconds += heard; partial += not finished
        if finished: cpu_seconds += cpu(name); cpu_audio += heard
        utts += len(us)
        for s in manifest["segments"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + max(0, min(s["end"], heard) - s["start"])
        near += [dict(u, block=b) for u in us if u["near"]]
        for u in us:
            if u["intent"] or u["second"] or u["alone"]:
                seg = next((s for s in manifest["segments"] if s["start"] <= u["start"] < s["end"]), {"kind": "?"})
                found.append(dict(u, block=b, kind=seg["kind"], said=seg.get("texts", [])[:3]))
    hours = seconds / 3600
    print(f"\n== garbage-loop weight {w}: {hours:.2f} h of sound not for Coach ({len(decoded)} blocks, {partial} of them "
          f"stopped part way), {utts} utterances; CPU {cpu_seconds / max(cpu_audio, 1):.3f} × real time")
    print("  of it: " + ", ".join(f"{k} {v / 60:.0f} min" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
    acts = [f for f in found if f["intent"]]
    plain = [f for f in found if f["intent"] or f["second"]]
    alone = [f for f in found if f["alone"]]
    print(f"  --wake, acting:                  {rate(len(plain), hours)}")
    print(f"  --wake, the wake phrase alone:   {rate(len(alone), hours)}")
    print(f"  --wake, false wakes (both):      {rate(len(plain) + len(alone), hours)}")
    print(f"  --wake --strict-wake, acting:    {rate(len(acts), hours)}")
    print(f"  --wake --strict-wake, false wakes (acting or alone): {rate(len(acts) + len(alone), hours)}")
    for f in found:
        what = f["intent"] or ("(wake phrase alone)" if f["alone"] else f"(refused by the second opinion, {f['agreement']})")
        print(f"    block {f['block']:3d} {f['start']:7.2f} s {f['kind']:12} heard \"{f['words']}\" → {what}")
        if f["said"]: print(f"        while: {' / '.join(f['said'])[:200]}")
    print(f"  heard as \"hey coach …\" but refused after the wake phrase (the text recogniser, an implausible goal): {len(near)}")
    for u in near:
        print(f"    block {u['block']:3d} {u['start']:7.2f} s heard \"{u['words']}\": {u['why']}")
    # Misses at the same settings.
    print(f"  commands after \"hey coach, \" (right intent / missed / wrong intent):")
    curve = {t: [0, 0] for t in thresholds}
    for t in thresholds: curve[t][0] = len(acts) + sum(1 for f in plain if f["second"] and f["agreement"] is not None and f["agreement"] >= t)
    totals = {"plain": [0, 0], "strict": [0, 0]}
    for s in ("espeak", "flite", "background"):
        name = f"w{w}-c{s}-strict"
        if not (os.path.exists(f"{work}/{name}.cpu") and os.path.getsize(f"{work}/{name}.cpu")):
            print(f"    {s:10} not decoded"); continue
        spans = json.load(open(f"{cache}/commands-{s}.spans"))
        st = with_plain(utterances(name))
        # Each command's utterances by where they start (the wake phrase alone, then the command
        # in the window, is one command).
        def of(us, i):
            lo, hi = spans[i][0] - 0.3, (spans[i + 1][0] - 0.3 if i + 1 < len(spans) else 1e9)
            return [u for u in us if lo <= u["start"] < hi]
        def score(key, us):
            right = wrong = 0
            for i, e in enumerate(expected):
                intents = [u[key] for u in of(us, i) if u[key]]
                right += e in intents; wrong += bool(intents) and e not in intents
            return right, wrong
        cells = []
        for mode, key in (("plain", "plain"), ("strict", "intent")):
            right, wrong = score(key, st)
            totals[mode][0] += right; totals[mode][1] += len(expected)
            cells.append(f"{mode} {right}/{len(expected)} right, {len(expected) - right - wrong} missed, {wrong} wrong")
        if os.path.exists(f"{work}/w{w}-c{s}-plain.err"):
            right, wrong = score("intent", utterances(f"w{w}-c{s}-plain"))
            cells.append(f"(a plain --wake decode: {right} right, {wrong} wrong)")
        for t in thresholds:
            for i, e in enumerate(expected):
                curve[t][1] += any(u["plain"] == e and (u["intent"] or (u["second"] and u["agreement"] is not None and u["agreement"] >= t))
                                   for u in of(st, i))
        print(f"    {s:10} " + "; ".join(cells))
    for mode in ("plain", "strict"):
        r, n = totals[mode]
        if n: print(f"    {mode:10} all: {r}/{n} right, misses {100 * (n - r) / n:.0f} %")
    print(f"  the second opinion's threshold (share of the command's words the free decode repeats):")
    n = totals["plain"][1] or 1
    print(f"    {'threshold':>10} {'false acts':>10} {'per 10 h':>9} {'commands right':>15} {'misses':>7}")
    print(f"    {'off':>10} {len(plain):>10} {10 * len(plain) / hours:>9.1f} {totals['plain'][0]:>11}/{n} {100 * (n - totals['plain'][0]) / n:>6.0f} %")
    for t in thresholds:
        k, r = curve[t]
        print(f"    {t:>10} {k:>10} {10 * k / hours:>9.1f} {r:>11}/{n} {100 * (n - r) / n:>6.0f} %")
