/* A singly linked list of malloc'ed nodes: push at the head, append through a pointer to the next link
 * (`struct node **tail`), reverse in place, remove by value through a pointer to pointer, free. */
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };

static void push(struct node **head, int v) {
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = *head;
    *head = n;
}

static void append(struct node **head, int v) {
    struct node **link = head;
    while (*link) link = &(*link)->next;
    *link = calloc(1, sizeof **link);
    (*link)->value = v;
}

static struct node *reverse(struct node *h) {
    struct node *prev = NULL;
    while (h) { struct node *next = h->next; h->next = prev; prev = h; h = next; }
    return prev;
}

static void remove_value(struct node **head, int v) {
    struct node **pp;
    for (pp = head; *pp; ) {
        if ((*pp)->value == v) { struct node *dead = *pp; *pp = dead->next; free(dead); }
        else pp = &(*pp)->next;
    }
}

static void print(const struct node *h) {
    for (; h; h = h->next) printf("%d ", h->value);
    printf("\n");
}

int main(void) {
    struct node *list = NULL;
    int i;
    for (i = 0; i < 4; i++) push(&list, i);
    append(&list, 10);
    append(&list, 2);
    print(list);
    list = reverse(list);
    print(list);
    remove_value(&list, 2);
    remove_value(&list, 3);
    print(list);
    while (list) { struct node *n = list->next; free(list); list = n; }
    print(list);
    return 0;
}
