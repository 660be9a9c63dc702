// What is wrong with a plan file: CoachWire's FileFieldError, the one FILE:LINE: field: problem
// type the vocabulary reports with too ("threshold.yaml:7: blocks[0].steps[1].pace: …").

import CoachWire

public typealias PlanFileError = FileFieldError
