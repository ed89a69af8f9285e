//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the GNU statement expression yields threadIdx.x / 2, so threads 2k and 2k + 1 write s[k].
// A statement expression ({ ...; value; }) as an index.
__global__ void stmtExpr(int *out)
{
    __shared__ int s[64];
    s[({ int h = threadIdx.x; h / 2; })] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
