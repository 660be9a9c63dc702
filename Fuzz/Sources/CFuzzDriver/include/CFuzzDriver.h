// libFuzzer's driver entry (compiler-rt, FuzzerInterface.h). SwiftPM links an executable target's
// `main` to `<Target>_main` (--defsym), so libFuzzer's own main is never used: each target defines
// `<Target>_main` and hands the command line to this driver (see FuzzCommon/FuzzCommon.swift).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
