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
# VOICE: flite:NAME, festival:NAME (Festival's voice_NAME), espeak:NAME or a bare espeak-ng voice;
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
