// The widget's script: follows `/events` with EventSource (which reconnects by itself and resumes
// with Last-Event-ID), rebuilds the metrics from each status — so while locked, when the status
// carries no metric, none is left in the page — and greys the card when the data is stale: no
// status for 2 s while running, the stream down, or the feed's own stale flag. `data-updated-at`
// on <body> is when the last status was shown (the browser tests read it). Its words are
// `coachWords`, which WidgetPage writes into the page from the feed's words in the page's language.

extension WidgetPage {
    static let script = #"""
    "use strict";
    (() => {
      const params = new URLSearchParams(location.search);
      const token = params.get("token") || "";
      const lang = params.get("lang") === "ja" ? "ja" : "en";
      const body = document.body, $ = (id) => document.getElementById(id);
      const words = coachWords;
      const glyphs = { idle: "○", countdown: "◷", running: "▶", paused: "‖", autoPaused: "‖", stopping: "■", ended: "✓" };
      const order = ["heartRate", "pace", "speed", "power", "cadence", "distance", "activeEnergy", "stepCount"];
      let last = null, lastAt = 0, source = null, retryTimer = null, noteTimer = null;

      const clock = (s) => {
        s = Math.max(0, Math.floor(s));
        const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), sec = String(s % 60).padStart(2, "0");
        return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
      };
      const cycling = (a) => a && /cycl|bik/i.test(a);
      const shown = (kind, v, activity) => {
        switch (kind) {
          case "heartRate": return [String(Math.round(v)), "bpm"];
          case "pace": return [clock(v), lang === "ja" ? "/km" : "/km"];
          case "speed": return [v.toFixed(1), "km/h"];
          case "power": return [String(Math.round(v)), "W"];
          case "cadence": return [String(Math.round(v)), cycling(activity) ? "rpm" : "spm"];
          case "distance": return [(v / 1000).toFixed(2), "km"];
          case "activeEnergy": return [String(Math.round(v)), "kcal"];
          case "stepCount": return [String(Math.round(v)), lang === "ja" ? "歩" : "steps"];
        }
        return [String(v), ""];
      };

      function render(s) {
        last = s; lastAt = Date.now();
        body.dataset.phase = s.phase;
        body.dataset.class = s.class;
        body.classList.toggle("locked", !!s.locked);
        $("glyph").textContent = glyphs[s.phase] || "○";
        $("activity").textContent = s.activityName || "";
        $("state").textContent = s.notice || (s.locked ? `${words[s.phase] || ""} · ${words.locked}` : (words[s.phase] || s.phase));
        $("elapsed").textContent = s.phase === "countdown" && s.countdown != null ? String(s.countdown) : clock(s.elapsed || 0);
        // Rebuilt from scratch: a metric the status no longer carries (locked) leaves nothing behind.
        const metrics = $("metrics");
        metrics.replaceChildren();
        const m = s.metrics || {};
        const hasPace = m.pace != null && !cycling(s.activity);
        for (const kind of order) {
          if (!(kind in m)) continue;
          if (kind === "pace" && !hasPace) continue;
          if (kind === "speed" && hasPace) continue;
          const v = m[kind];
          const [value, unit] = v == null ? ["--", shown(kind, 0, s.activity)[1]] : shown(kind, v, s.activity);
          const el = document.createElement("div");
          el.className = `metric ${kind}`;
          el.id = `metric-${kind}`;
          if (kind === "heartRate" && s.heartRateZone != null) el.dataset.zone = String(s.heartRateZone);
          el.innerHTML = '<span class="value"></span><span class="unit"></span>';
          el.firstChild.textContent = value;
          el.lastChild.textContent = unit;
          metrics.appendChild(el);
        }
        // The zones ("Zone 3 · Power zone 4") and a plan's step line, as the status line words them.
        const zones = [];
        if (s.heartRateZone != null) zones.push(words.zone.replace("{zone}", String(s.heartRateZone)));
        if (s.powerZone != null) zones.push(words.powerZone.replace("{zone}", String(s.powerZone)));
        $("zones").hidden = zones.length === 0;
        $("zones").textContent = zones.join(" · ");
        $("step").hidden = !s.step;
        $("step").textContent = s.step ? s.step.text : "";
        const goal = $("goal");
        goal.hidden = s.goalProgress == null;
        if (s.goalProgress != null) {
          const pct = Math.round(Math.min(1, Math.max(0, s.goalProgress)) * 100);
          $("goal-fill").style.width = pct + "%";
          $("goal-text").textContent = pct + "%";
        }
        const button = $("pause");
        const canAct = body.dataset.commands === "on" && ["running", "paused", "autoPaused"].includes(s.phase);
        button.hidden = !canAct;
        button.textContent = s.phase === "running" ? words.pause : words.resume;
        body.dataset.updatedAt = String(lastAt);
        body.classList.remove("disconnected");
        judge();
      }

      // Greyed: the stream is down, the feed says stale, or no status for 2 s while running
      // (the gateway sends one each elapsed second then).
      function judge() {
        const silent = last && last.phase === "running" && Date.now() - lastAt > 2000;
        body.classList.toggle("stale", !!(last && (last.stale || silent)));
      }
      setInterval(judge, 250);

      function note(text) {
        $("note").textContent = text;
        clearTimeout(noteTimer);
        noteTimer = setTimeout(() => { $("note").textContent = ""; }, 6000);
      }

      function connect() {
        clearTimeout(retryTimer);
        if (source) source.close();
        source = new EventSource(`/events?token=${encodeURIComponent(token)}&lang=${lang}`);
        source.addEventListener("status", (e) => { try { render(JSON.parse(e.data)); } catch (_) {} });
        source.addEventListener("announcement", (e) => { try { note(JSON.parse(e.data).message); } catch (_) {} });
        source.onopen = () => { body.classList.remove("disconnected"); if ($("note").textContent === words.offline) note(""); };
        source.onerror = () => {
          body.classList.add("disconnected");
          if (!last) $("state").textContent = words.offline;
          $("note").textContent = words.offline;
          // EventSource retries by itself after a dropped stream; after a refusal (401, 503) it
          // gives up, so the page starts again itself.
          if (source.readyState === EventSource.CLOSED) retryTimer = setTimeout(connect, 2000);
        };
      }

      $("pause").addEventListener("click", async () => {
        const text = last && last.phase === "running" ? "pause" : "resume";
        try {
          const r = await fetch(`/command?token=${encodeURIComponent(token)}`, {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) });
          const reply = await r.json().catch(() => null);
          if (r.status === 403) note(words.off); else if (reply && reply.message) note(reply.message);
        } catch (_) { note(words.offline); }
      });

      $("state").textContent = words.connecting;
      connect();
    })();
    """#
}
