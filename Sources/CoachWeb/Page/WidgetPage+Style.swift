// The widget's style: a dark full-screen card (a phone, a second screen) or, with the overlay
// layout, a compact block on a transparent background for OBS. Greyed when the data is stale, the
// stream is down or the feed says so; colours are the status feed's (docs/status-feed.md).

extension WidgetPage {
    static let style = """
    :root { --running: #50fa7b; --countdown: #8be9fd; --paused: #f1fa8c; --ended: #bd93f9; --stale: #ffb86c;
            --muted: #6272a4; --heart: #ff5555; --fg: #f8f8f2; --bg: #1e1f29; }
    html, body { margin: 0; height: 100%; }
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); }
    body.full { background: var(--bg); }
    body.overlay { background: transparent; }
    #card { box-sizing: border-box; padding: 4vmin; display: flex; flex-direction: column; gap: 2vmin; }
    body.full #card { min-height: 100%; justify-content: center; align-items: center; text-align: center; }
    body.overlay #card { display: inline-flex; padding: 12px 18px; gap: 4px; border-radius: 14px;
                         background: rgba(20, 21, 28, .55); text-shadow: 0 1px 3px #000; }
    #top { font-size: 5vmin; color: var(--muted); }
    body.overlay #top { font-size: 18px; }
    #glyph { color: var(--muted); }
    body[data-phase="running"] #glyph { color: var(--running); }
    body[data-phase="countdown"] #glyph { color: var(--countdown); }
    body[data-phase="paused"] #glyph, body[data-phase="autoPaused"] #glyph, body[data-phase="stopping"] #glyph { color: var(--paused); }
    body[data-phase="ended"] #glyph { color: var(--ended); }
    #elapsed { font-size: 22vmin; font-weight: 700; font-variant-numeric: tabular-nums; line-height: 1; }
    body.overlay #elapsed { font-size: 56px; }
    #metrics { display: flex; flex-wrap: wrap; gap: 2vmin 5vmin; justify-content: center; }
    body.overlay #metrics { justify-content: flex-start; gap: 4px 18px; }
    .metric { display: flex; flex-direction: column; align-items: center; }
    body.overlay .metric { flex-direction: row; align-items: baseline; gap: 6px; }
    .metric .value { font-size: 10vmin; font-weight: 700; font-variant-numeric: tabular-nums; }
    body.overlay .metric .value { font-size: 30px; }
    .metric .unit { font-size: 3.5vmin; color: var(--muted); }
    body.overlay .metric .unit { font-size: 14px; color: var(--fg); }
    .metric.heartRate .value { color: var(--heart); }
    .metric.heartRate[data-zone="1"] .value { color: #8be9fd; }
    .metric.heartRate[data-zone="2"] .value { color: #50fa7b; }
    .metric.heartRate[data-zone="3"] .value { color: #f1fa8c; }
    .metric.heartRate[data-zone="4"] .value { color: #ffb86c; }
    .metric.heartRate[data-zone="5"] .value { color: #ff5555; }
    #zones, #step { font-size: 4.5vmin; font-variant-numeric: tabular-nums; }
    #zones[hidden], #step[hidden] { display: none; }
    body.overlay #zones, body.overlay #step { font-size: 16px; }
    #goal { display: flex; align-items: center; gap: 2vmin; font-size: 4vmin; width: 70vw; }
    #goal[hidden] { display: none; }
    body.overlay #goal { font-size: 14px; width: 260px; }
    #goal-bar { flex: 1; height: 2vmin; min-height: 6px; background: rgba(98, 114, 164, .4); border-radius: 1vmin; overflow: hidden; }
    #goal-fill { height: 100%; width: 0; background: var(--running); }
    #note { min-height: 1em; font-size: 3.5vmin; color: var(--muted); }
    body.overlay #note { font-size: 14px; }
    #pause { font-size: 5vmin; padding: 2vmin 8vmin; border-radius: 3vmin; border: 0; background: var(--paused); color: #000; }
    #pause[hidden] { display: none; }
    body.stale #card, body.disconnected #card, body.locked .metric { filter: grayscale(1); opacity: .45; }
    body.stale #elapsed, body.disconnected #elapsed { color: var(--muted); }
    """
}
