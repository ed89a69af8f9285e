//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: the signed 7-bit b.off holds every t below 64, so s[b.off + 64] is s[t + 64], one cell per thread.
// A signed offset kept in a bit-field: 7 bits hold -64..63.
struct Rel { int off : 7; };

__global__ void place(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    Rel b;
    b.off = t;
    s[b.off + 64] = t;
    __syncthreads();
    out[t] = s[t];
}
