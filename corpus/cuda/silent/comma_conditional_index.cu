//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the comma expression's value is its right operand, threadIdx.x / 2, so threads 2k and 2k + 1 write s[k]; the conditional operator adds no other cell.
// The comma operator and ?: inside an index.
__global__ void commaIndex(int *out, int n)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[(t += 0, n > 0 ? t / 2 : t / 2)] = t + n; // threads 2k and 2k + 1 write different values
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
