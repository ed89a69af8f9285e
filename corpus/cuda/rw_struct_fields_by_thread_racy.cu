//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — thread 1 writes c->tail while the other threads read it: a write-read race on the tail field of counters[blockIdx.x].
// rw_struct_fields_by_thread.cu reading the field thread 1 writes.
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
        out[i] = c->tail;
}
