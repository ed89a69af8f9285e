//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the unrolled loop writes s[threadIdx.x + k] for k = 0..3, so thread t's write of s[t + 1] meets thread t + 1's write of s[t + 1]; without the loop nothing is accessed.
// `#pragma unroll` is a hint: the loop keeps its meaning.
__global__ void smear(int *out)
{
    __shared__ int s[64 + 4];
#pragma unroll
    for (int k = 0; k < 4; k++)
        s[threadIdx.x + k] = k;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
