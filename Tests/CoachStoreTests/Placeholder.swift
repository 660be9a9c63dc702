// CoachStoreTests
