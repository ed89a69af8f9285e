// expect: drf — an integer member of a copied cell is the value read: every thread reads one cell, so the same index.
struct Cfg { float scale; int base; };
__global__ void copy_member_index(const Cfg *cfg, float *out)
{
    Cfg c = cfg[0];
    out[c.base + blockIdx.x * blockDim.x + threadIdx.x] = c.scale;
}
