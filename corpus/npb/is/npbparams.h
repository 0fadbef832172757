/* IS problem size by class, and the official partial-verification data:
 * the global indices of 5 test keys and their ranks in iteration 0. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#define TEST_INDEX_VALUES {48427, 17148, 23627, 62548, 4431}
#define TEST_RANK_VALUES {0, 18, 346, 64917, 65463}
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define TOTAL_KEYS_LOG_2 20
#define MAX_KEY_LOG_2 16
#define NUM_BUCKETS_LOG_2 10
#define TEST_INDEX_VALUES {357773, 934767, 875723, 898999, 404505}
#define TEST_RANK_VALUES {1249, 11698, 1039987, 1043896, 1048018}
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define TOTAL_KEYS_LOG_2 23
#define MAX_KEY_LOG_2 19
#define NUM_BUCKETS_LOG_2 10
#define TEST_INDEX_VALUES {2112377, 662041, 5336171, 3642833, 4250760}
#define TEST_RANK_VALUES {104, 17523, 123928, 8288932, 8388264}
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
