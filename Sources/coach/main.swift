// coach: until the command tree lands, `coach [--script FILE] [--json] [--virtual-clock]
// [--keep-going] [--lang en|ja]` runs the REPL (see REPL/ReplMain.swift and docs/repl.md).

import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

let options = ReplOptions.parseOrExit()
exit(await ReplMain.run(options))
