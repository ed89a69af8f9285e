//pass
//--blockDim=64 --gridDim=32
// expect: drf — with an operator+ declared for a struct, clang leaves `in + offset` an overloaded call in the pattern; on a pointer and an int it is pointer arithmetic, each block its own tile.
// A tile copy in a kernel template, with a vector operator+ in scope.
struct Vec2 {
    int x, y;
};
__host__ __device__ inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }

template <class T, int TILE>
__global__ void copy_tiles(const T *in, T *out)
{
    int offset = blockIdx.x * TILE;
    const T *src = in + offset;
    T *dst = out + offset;
    dst[threadIdx.x] = src[threadIdx.x];
}

template __global__ void copy_tiles<float, 64>(const float *, float *);
