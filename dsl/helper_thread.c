/* Threads made with every signal blocked (helper_thread.h says why): a
 * new thread inherits its creator's mask, so the creator blocks all for
 * the moment of the creation. */
#include "helper_thread.h"

#include <signal.h>

bool helper_thread_start(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    bool made = pthread_create(t, attr, fn, arg) == 0;
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    return made;
}
