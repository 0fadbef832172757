#include "state.h"

void bump_elsewhere(int times)
{
    for (int i = 0; i < times; i++) {
        calls++;
        history[i % limit] += 10;
    }
    tag = "other";
}

int calls_elsewhere(void) { return calls; }

double history_elsewhere(void) { return history[0] + history[1] + history[2]; }
