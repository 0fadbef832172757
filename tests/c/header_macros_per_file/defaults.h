/* defaults for what the reading file did not configure */
#ifndef DEFAULTS_H
#define DEFAULTS_H
#ifndef BLOCK
#define BLOCK 64
#endif
#define LEVEL 3
#define UNIT_NAME "defaults"
#endif
