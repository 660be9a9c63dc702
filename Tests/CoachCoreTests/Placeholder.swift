// CoachCoreTests
