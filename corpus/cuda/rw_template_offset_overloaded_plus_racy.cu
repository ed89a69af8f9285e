//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=32
// expect: racy — out: the destination's offset is the thread's, not the block's, so threads of two blocks write the same cell of out.
// A tile copy in a kernel template, with a vector operator+ in scope, offset wrongly.
struct Vec2 {
    int x, y;
};
__host__ __device__ inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }

template <class T, int TILE>
__global__ void copy_tiles_racy(const T *in, T *out)
{
    int offset = blockIdx.x * TILE;
    const T *src = in + offset;
    T *dst = out + threadIdx.x;
    dst[0] = src[threadIdx.x];
}

template __global__ void copy_tiles_racy<float, 64>(const float *, float *);
