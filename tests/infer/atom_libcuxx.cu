// libcu++ atomics (issue 16): every operation is an atomic access with the
// type's scope; fetch_add, fetch_sub, ++, --, += and -= are tickets.
#include <cuda/atomic>
#include <cuda/std/atomic>

__global__ void libcuxx(int *wl, unsigned int *raw, cuda::atomic<unsigned int, cuda::thread_scope_block> *blk,
                        cuda::std::atomic<int> *flag)
{
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> tail(*raw);
    unsigned int a = tail.fetch_add(2, cuda::memory_order_relaxed);
    wl[a + 1] = 0;
    unsigned int b = tail++;
    wl[b] = 1;
    unsigned int c = ++tail;
    wl[c] = 2;
    unsigned int d = (*blk).fetch_sub(1);
    wl[d] = 3;
    int v = flag->load(cuda::std::memory_order_acquire);
    flag->store(v + 1);
    flag->compare_exchange_strong(v, 0);
    tail.wait(0);
    tail.notify_all();
}
