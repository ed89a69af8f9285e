//pass
//--blockDim=64 --gridDim=2
// expect: drf — q.p[4]: thread t of block b writes q.p[4][64b + t], one cell per thread of the grid.
// Many outputs in one by-value struct; each block should pick its own.
struct S {
    float *p[42];
};

__global__ void store(S q, const float *in)
{
    int t = threadIdx.x;
    q.p[4][blockIdx.x * 64 + t] = in[blockIdx.x * 64 + t];
}
