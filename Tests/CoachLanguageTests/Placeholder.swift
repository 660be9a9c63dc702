// CoachLanguageTests
