/* IS problem size by class, and how the official test ranks move. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define TOTAL_KEYS_LOG_2 20
#define MAX_KEY_LOG_2 16
#define NUM_BUCKETS_LOG_2 10
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define TOTAL_KEYS_LOG_2 23
#define MAX_KEY_LOG_2 19
#define NUM_BUCKETS_LOG_2 10
#else
#error "IS: CLASS must be S, W or A"
#endif

/* How the test ranks move with the iteration number (it): the first
 * TEST_UP_COUNT test keys are expected at rank + (it - TEST_UP_LAG), the
 * others at rank - (it - TEST_DOWN_LAG). */
#if NPB_CLASS == NPB_CLASS_S
#define TEST_UP_COUNT 3
#define TEST_UP_LAG 0
#define TEST_DOWN_LAG 0
#elif NPB_CLASS == NPB_CLASS_W
#define TEST_UP_COUNT 2
#define TEST_UP_LAG 2
#define TEST_DOWN_LAG 0
#else
#define TEST_UP_COUNT 3
#define TEST_UP_LAG 1
#define TEST_DOWN_LAG 1
#endif
