//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — count: every thread reads and increments *count with plain accesses, so two threads race on it.
// Stream compaction with a plain counter: the read-increment of *count races.
__global__ void compact_positive_plain(const float *in, float *out, unsigned int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.0f) {
        unsigned int slot = *count;
        *count = slot + 1;
        out[slot] = in[i];
    }
}
