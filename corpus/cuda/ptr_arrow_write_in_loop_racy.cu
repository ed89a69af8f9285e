//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — every thread writes c->used = i with its own i: a write-write race on counters[blockIdx.x].
// ptr_arrow_write_in_loop.cu with the counter written by all threads.
struct Counter {
    int used;
    int limit;
};

__global__ void fill_and_count(Counter *counters, int *out, int n)
{
    Counter *c = &counters[blockIdx.x];
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        c->used = i;
        out[blockIdx.x * n + i] = i;
    }
}
