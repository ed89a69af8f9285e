//pass
//--blockDim=128 --gridDim=16
// expect: drf — c->used = n writes through c inside the loop without moving c: c stays &counters[blockIdx.x], written by thread 0 of each block only.
// A per-block counter struct updated through a pointer inside a strided loop.
struct Counter {
    int used;
    int limit;
};

__global__ void fill_and_count(Counter *counters, int *out, int n)
{
    Counter *c = &counters[blockIdx.x];
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        if (i == 0)
            c->used = n;
        out[blockIdx.x * n + i] = i;
    }
}
