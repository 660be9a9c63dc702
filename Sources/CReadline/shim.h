// GNU readline for Swift. stdio.h first: readline.h uses FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
