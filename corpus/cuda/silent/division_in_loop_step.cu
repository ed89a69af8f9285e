//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — with m = 0 the loop never runs, so its step 64 / d is never computed and d = 0 is a defined execution: every thread writes out[0].
// A division in a loop's step is evaluated only after an iteration: it
// says nothing about d when the loop does not run.
__global__ void strideSum(const float *rows, float *out, int m, int d)
{
    int t = threadIdx.x;
    float sum = 0.0f;
    for (int k = t; k < m; k += 64 / d)
        sum += rows[k];
    out[t * d] = sum;
}
