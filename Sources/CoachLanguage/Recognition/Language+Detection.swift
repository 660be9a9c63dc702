// How to guess a line's language (the type itself is CoachWire's Language).

import CoachWire

extension Language {
    /// Guesses the language of an utterance: any kana or CJK ideograph means Japanese,
    /// because an English command never contains one and a Japanese one almost always does.
    public static func detect(_ text: String) -> Language {
        for scalar in text.unicodeScalars where Scalars.isCJK(scalar.value) || Scalars.isHalfWidthKana(scalar.value) {
            return .ja
        }
        return .en
    }
}

extension Language {
    /// Position in `allCases`, without building the array.
    @inline(__always) var index: Int {
        switch self {
        case .en: return 0
        case .ja: return 1
        }
    }
}
