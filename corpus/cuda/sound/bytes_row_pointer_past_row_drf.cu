//pass
//--blockDim=64 --gridDim=1
// expect: drf — M: threads 0..31 write row 1 through the row pointer and row 2 directly, threads 32..63 only row 3; the reads follow the barrier.
// Fill row 1 of a 4x32 table through a row pointer, and row 2 directly.
__global__ void fillRows(const float *in, float *out)
{
    __shared__ float M[4][32];
    int t = threadIdx.x;
    float *r = M[1];
    if (t < 32) {
        r[t] = in[t];
        M[2][t] = 0.0f;
    } else {
        M[3][t - 32] = in[t];
    }
    __syncthreads();
    out[t] = M[1 + t / 32][t % 32];
}
