// Display names of activity types in the languages Coach speaks, for responses and the status feed.

import CoachWire

extension ActivityType {
    /// The noun a person would use mid-sentence ("your outdoor run", "HIIT", "ランニング"): lower-case in
    /// English so responses can say "Starting your run".
    public func displayName(_ language: Language) -> String {
        let names = Self.names[self] ?? (String(describing: self), String(describing: self))
        return language == .en ? names.en : names.ja
    }

    private static let names: [ActivityType: (en: String, ja: String)] = [
        .americanFootball: ("american football", "アメリカンフットボール"),
        .archery: ("archery", "アーチェリー"),
        .australianFootball: ("australian football", "オーストラリアンフットボール"),
        .badminton: ("badminton", "バドミントン"),
        .baseball: ("baseball", "野球"),
        .basketball: ("basketball", "バスケットボール"),
        .bowling: ("bowling", "ボウリング"),
        .boxing: ("boxing", "ボクシング"),
        .climbing: ("climbing", "クライミング"),
        .cricket: ("cricket", "クリケット"),
        .crossTraining: ("cross training", "クロストレーニング"),
        .curling: ("curling", "カーリング"),
        .cycling: ("cycling", "サイクリング"),
        .dance: ("dance", "ダンス"),
        .danceInspiredTraining: ("dance training", "ダンストレーニング"),
        .elliptical: ("elliptical", "エリプティカル"),
        .equestrianSports: ("equestrian sports", "馬術"),
        .fencing: ("fencing", "フェンシング"),
        .fishing: ("fishing", "釣り"),
        .functionalStrengthTraining: ("functional strength training", "機能的筋力トレーニング"),
        .golf: ("golf", "ゴルフ"),
        .gymnastics: ("gymnastics", "体操"),
        .handball: ("handball", "ハンドボール"),
        .hiking: ("hiking", "ハイキング"),
        .hockey: ("hockey", "ホッケー"),
        .hunting: ("hunting", "狩猟"),
        .lacrosse: ("lacrosse", "ラクロス"),
        .martialArts: ("martial arts", "武道"),
        .mindAndBody: ("mind and body", "マインドアンドボディ"),
        .mixedMetabolicCardioTraining: ("mixed cardio training", "ミックス有酸素トレーニング"),
        .paddleSports: ("paddle sports", "パドルスポーツ"),
        .play: ("play", "遊び"),
        .preparationAndRecovery: ("preparation and recovery", "準備とリカバリー"),
        .racquetball: ("racquetball", "ラケットボール"),
        .rowing: ("rowing", "ローイング"),
        .rugby: ("rugby", "ラグビー"),
        .running: ("run", "ランニング"),
        .sailing: ("sailing", "セーリング"),
        .skatingSports: ("skating", "スケート"),
        .snowSports: ("snow sports", "スノースポーツ"),
        .soccer: ("soccer", "サッカー"),
        .softball: ("softball", "ソフトボール"),
        .squash: ("squash", "スカッシュ"),
        .stairClimbing: ("stair climbing", "階段昇降"),
        .surfingSports: ("surfing", "サーフィン"),
        .swimming: ("swim", "水泳"),
        .tableTennis: ("table tennis", "卓球"),
        .tennis: ("tennis", "テニス"),
        .trackAndField: ("track and field", "陸上競技"),
        .traditionalStrengthTraining: ("strength training", "筋力トレーニング"),
        .volleyball: ("volleyball", "バレーボール"),
        .walking: ("walk", "ウォーキング"),
        .waterFitness: ("water fitness", "水中フィットネス"),
        .waterPolo: ("water polo", "水球"),
        .waterSports: ("water sports", "ウォータースポーツ"),
        .wrestling: ("wrestling", "レスリング"),
        .yoga: ("yoga", "ヨガ"),
        .barre: ("barre", "バー"),
        .coreTraining: ("core training", "コアトレーニング"),
        .crossCountrySkiing: ("cross-country skiing", "クロスカントリースキー"),
        .downhillSkiing: ("downhill skiing", "スキー"),
        .flexibility: ("flexibility", "柔軟運動"),
        .highIntensityIntervalTraining: ("HIIT", "HIIT"),
        .jumpRope: ("jump rope", "縄跳び"),
        .kickboxing: ("kickboxing", "キックボクシング"),
        .pilates: ("pilates", "ピラティス"),
        .snowboarding: ("snowboarding", "スノーボード"),
        .stairs: ("stairs", "階段"),
        .stepTraining: ("step training", "ステップトレーニング"),
        .wheelchairWalkPace: ("wheelchair walk", "車いす（ウォークペース）"),
        .wheelchairRunPace: ("wheelchair run", "車いす（ランペース）"),
        .taiChi: ("tai chi", "太極拳"),
        .mixedCardio: ("mixed cardio", "ミックス有酸素運動"),
        .handCycling: ("hand cycling", "ハンドサイクリング"),
        .discSports: ("disc sports", "ディスクスポーツ"),
        .fitnessGaming: ("fitness gaming", "フィットネスゲーム"),
        .cardioDance: ("cardio dance", "カーディオダンス"),
        .socialDance: ("social dance", "ソーシャルダンス"),
        .pickleball: ("pickleball", "ピックルボール"),
        .cooldown: ("cooldown", "クールダウン"),
        .swimBikeRun: ("triathlon", "トライアスロン"),
        .transition: ("transition", "トランジション"),
        .underwaterDiving: ("diving", "ダイビング"),
        .other: ("workout", "ワークアウト"),
    ]
}

extension LocationType {
    /// The adjective before an activity: "outdoor run", "屋外ランニング". Empty when unknown.
    public func displayName(_ language: Language) -> String {
        switch (self, language) {
        case (.unknown, _): return ""
        case (.indoor, .en): return "indoor"
        case (.outdoor, .en): return "outdoor"
        case (.indoor, .ja): return "屋内"
        case (.outdoor, .ja): return "屋外"
        }
    }
}
