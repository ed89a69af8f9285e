//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — with n = 0 the division is skipped and every thread writes out[0]: a write-write race that only the guarded arm of ?: hides.
// `n != 0 ? ... : 0` guards its division: C never divides by 0 here, so n = 0
// is a defined execution (for n != 0 the quotient and remainder give i back).
__global__ void regroup(const int *in, int *out, int n)
{
    int i = threadIdx.x;
    int q = n != 0 ? i / n * n + i % n : 0;
    out[q] = in[i];
}
