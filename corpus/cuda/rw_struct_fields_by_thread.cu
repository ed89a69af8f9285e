//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread 0 writes c->head and thread 1 c->tail of the block's own Counters cell while the others read c->limit: different fields of one struct never overlap.
// Per-block counters updated field by field by different threads.
struct Counters {
    int head;
    int tail;
    int limit;
};

__global__ void update(Counters *counters, const int *in, int *out)
{
    Counters *c = &counters[blockIdx.x];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        c->head = in[i];
    else if (threadIdx.x == 1)
        c->tail = in[i];
    else
        out[i] = c->limit;
}
