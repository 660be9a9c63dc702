// What is wrong with a vocabulary file (Intents/<lang>/*.yaml, intents.yaml): CoachWire's
// FileFieldError, the one FILE:LINE: field: problem type plan files report with too.

import CoachWire

public typealias VocabularyError = FileFieldError
