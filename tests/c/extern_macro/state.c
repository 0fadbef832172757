/* defines the variables state.h declares everywhere else */
#define STATE_MAIN
#include "state.h"
