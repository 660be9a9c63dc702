// NegativeEvidence: words that name things other than a workout. When one appears, the
// fuzzy stages stay silent ("pause the music", "start the car", "set a timer for 10
// minutes", "音楽を一時停止"), because a command verb alone says nothing about its object.
// Exact template matches are not affected: a template that names the word wins.

enum NegativeEvidence {
    static let english: Set<String> = [
        "music", "song", "songs", "track", "album", "playlist", "podcast", "audiobook", "radio", "video", "videos",
        "movie", "film", "show", "episode", "netflix", "youtube", "spotify", "tv", "television", "playback",
        "alarm", "timer", "reminder", "remind", "calendar", "schedule", "meeting", "appointment", "call", "phone",
        "message", "text", "email", "mail", "document", "doc", "draft", "report", "presentation", "slides", "file",
        "download", "upload", "update", "subscription", "order", "pizza", "food", "apple", "car", "engine",
        "dishwasher", "washing", "laundry", "oven", "microwave", "coffee", "kettle", "lights", "light", "lamp",
        "door", "garage", "lock", "thermostat", "heating", "fan", "weather", "traffic", "news", "joke", "name",
        "picture", "photo", "note", "notes", "store", "shop", "shopping", "buy", "shoes", "route", "directions",
        "navigation", "dog", "cat", "errands", "elevator", "conversation", "talking", "reading", "book", "game",
        "diagnostic", "computer", "laptop", "printer", "recording", "camera", "vacuum", "tomorrow", "yesterday",
        "tonight", "dinner", "lunch", "breakfast", "homework", "class", "lesson", "nearest", "play", "find",
    ]

    static let japanese: [String] = [
        "音楽", "曲", "歌", "プレイリスト", "ポッドキャスト", "動画", "ビデオ", "映画", "テレビ", "ラジオ", "再生",
        "タイマー", "アラーム", "目覚まし", "リマインダー", "予定", "カレンダー", "会議", "ミーティング", "電話",
        "メール", "メッセージ", "資料", "書類", "ダウンロード", "注文", "車", "エンジン", "食洗機", "洗濯", "電気",
        "照明", "ドア", "エアコン", "天気", "ニュース", "写真", "メモ", "買い物", "ピザ", "犬", "散歩に連れて",
        "はどこ", "明日", "昨日", "録画", "録音", "ゲーム", "本", "予約", "道",
    ]

    /// True when `words` (English tokens) or `text` (Japanese, normalised) names a non-workout object.
    static func contains(words: [String], text: String, language: Language) -> Bool {
        switch language {
        case .en: return words.contains { english.contains($0) }
        case .ja: return japanese.contains { text.contains($0) }
        }
    }
}
