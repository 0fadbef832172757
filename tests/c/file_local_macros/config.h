/* main.c reads it first: its default holds there, whatever a.c defined */
#ifndef LIMIT
#define LIMIT 100
#endif
