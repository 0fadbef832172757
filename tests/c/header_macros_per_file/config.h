/* the configuration a.c reads */
#ifndef CONFIG_H
#define CONFIG_H
#define FAST 1
#define BLOCK 16
#endif
