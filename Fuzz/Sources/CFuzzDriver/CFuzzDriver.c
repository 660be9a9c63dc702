// Intentionally empty: CFuzzDriver only declares libFuzzer's driver (include/CFuzzDriver.h).
