// The tests' wording: each language's words read from the repository's Intents/, as the gateway
// reads them, so a feed or widget test pins what a user would see. Also the shorthands the tests
// render with (a language instead of a Wording).

import CoachCore
import CoachLanguage
import CoachWire

extension Wording {
    static let en = intents(.en)
    static let ja = intents(.ja)

    static func of(_ language: Language) -> Wording { language == .ja ? ja : en }

    private static func intents(_ language: Language) -> Wording {
        let catalog = ResponseCatalog.builtIn
        return Wording(language: language) { group, key in catalog.phrase(group, key, language: language) }
    }
}

extension LiveActivityContent {
    func render(presentation: FeedPresentation = .compact, format: FeedFormat, language: Language = .en) -> String {
        render(presentation: presentation, format: format, wording: .of(language))
    }
}

extension FeedView {
    init(content: LiveActivityContent, language: Language) { self.init(content: content, wording: .of(language)) }
}

extension FeedStream {
    init(format: FeedFormat, language: Language = .en) { self.init(format: format, wording: .of(language)) }
}

extension WidgetScreen {
    static func render(_ content: LiveActivityContent, size: WidgetSize, language: Language = .en) -> WidgetFrame {
        render(content, size: size, wording: .of(language))
    }
}
