//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — M: thread 40 writes r[40] through the pointer to row 1, which is M[2][8], while thread 8 writes M[2][8] directly, with no barrier.
// Fill row 1 of a 4x32 table through a row pointer, and row 2 directly.
__global__ void fillRows(const float *in, float *out)
{
    __shared__ float M[4][32];
    int t = threadIdx.x;
    float *r = M[1];
    r[t] = in[t]; // BUG: threads 32..63 run past row 1 into row 2
    if (t < 32)
        M[2][t] = 0.0f;
    __syncthreads();
    out[t] = M[1 + t / 32][t % 32];
}
