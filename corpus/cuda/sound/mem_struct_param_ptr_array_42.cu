//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — q.p[4]: thread t of each block writes q.p[4][t], so the two blocks write the same cells.
// Many outputs in one by-value struct; each block should pick its own.
struct S {
    float *p[42];
};

__global__ void store(S q, const float *in)
{
    int t = threadIdx.x;
    q.p[4][t] = in[blockIdx.x * 64 + t]; // BUG: both blocks write output 4
}
