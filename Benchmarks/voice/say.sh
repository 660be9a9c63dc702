# Sourced by the voice benchmarks: one sentence said by one synthesiser's voice, written as a
# 16 kHz mono 16-bit WAV with 0.5 s of silence before and 0.7 s after.
#   say VOICE SPEED TEXT OUT.wav
# VOICE: flite:NAME, festival:NAME (Festival's voice_NAME), espeak:NAME or a bare espeak-ng voice;
# SPEED: words a minute (espeak-ng only).
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
