/* Helper threads that never take a signal (helper_thread.c).
 *
 * A signal the process handles (the cleanup of cli/output.c's temporary
 * files) must reach the main thread, which blocks it while its records and
 * the file system disagree; a helper thread (the solver's watchdog,
 * libclang's timed parse) would run the handler in that window. */
#ifndef MAPKIT_DSL_HELPER_THREAD_H
#define MAPKIT_DSL_HELPER_THREAD_H

#include <pthread.h>
#include <stdbool.h>

/* pthread_create with every signal blocked in the new thread; false when
 * no thread could be made. */
bool helper_thread_start(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

#endif
