// expect: racy — the twin of bytes_copy_member_index: each thread reads a cell of its own, whose base may be anything.
struct Cfg { float scale; int base; };
__global__ void copy_member_index_each(const Cfg *cfg, float *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Cfg c = cfg[t];
    out[c.base + t] = c.scale;
}
