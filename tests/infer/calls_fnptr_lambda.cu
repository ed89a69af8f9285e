// A captureless lambda converted to a device function pointer is one of
// the pointer's targets, beside the file's functions of its type; a
// lambda that captures converts to none.
typedef int (*pick_t)(int);

__device__ int same(int t) { return t; }

__global__ void gather(const float *in, float *out, int stride, bool mirrored)
{
    auto scaled = [stride](int t) { return t * stride; };
    pick_t pick = mirrored ? (pick_t)[](int t) { return 63 - t; } : same;
    out[pick(threadIdx.x)] = in[scaled(threadIdx.x)];
}
