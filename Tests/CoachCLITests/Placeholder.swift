// CoachCLITests
